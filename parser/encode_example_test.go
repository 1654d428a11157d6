package parser_test

import (
	"fmt"
	"time"

	"github.com/relevel/relevel/parser"
)

// An encoder keeps one TimeText for a stream: AppendRFC3339 copies a time
// already written in UTC, checking the date and minute only when they
// change, and declines any other time, which Timestamp then decodes.
func ExampleTimeText_AppendRFC3339() {
	var tt parser.TimeText
	var r parser.Record
	var out []byte
	for _, line := range []string{
		`{"level":"info","time":"2026-11-30T04:41:25.500Z","msg":"a"}`,
		`{"level":"info","time":"2026-11-30T04:41:59.000Z","msg":"same minute"}`,
		`{"level":"info","time":"2026-11-30T06:42:00+02:00","msg":"an offset"}`,
	} {
		parser.Parse([]byte(line), &r)
		var ok bool
		if out, ok = tt.AppendRFC3339(out[:0], &r); !ok {
			t, _ := r.Timestamp(time.Now())
			out = t.UTC().AppendFormat(out[:0], time.RFC3339Nano)
		}
		fmt.Printf("%s (copied: %v)\n", out, ok)
	}
	// Output:
	// 2026-11-30T04:41:25.5Z (copied: true)
	// 2026-11-30T04:41:59Z (copied: true)
	// 2026-11-30T04:42:00Z (copied: false)
}

// PlainMessage is the in-line test for the commonest message, one line
// written as it reads; MessageLines gives the two parts of a message whose
// continuation lines do not follow it in the record (zap's console form
// puts its fields between), which MessageText declines.
func ExampleRecord_MessageLines() {
	var r parser.Record
	parser.Parse([]byte("2026-11-30T04:41:25Z\tINFO\tserving\t{\"port\": 8080}"), &r)
	msg, ok := r.PlainMessage()
	fmt.Printf("%q %v\n", msg, ok)

	parser.Parse([]byte("2026-11-30T04:41:25Z\tERROR\tfailed\t{\"err\": \"EOF\"}\nmain.main()\n\t/app/main.go:12"), &r)
	_, inPlace := r.MessageText()
	msg, cont, ok := r.MessageLines()
	fmt.Printf("in place: %v; %q + %q %v\n", inPlace, msg, cont, ok)
	// Output:
	// "serving" true
	// in place: false; "failed" + "main.main()\n\t/app/main.go:12" true
}
