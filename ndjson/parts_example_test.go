package ndjson

import (
	"fmt"
	"time"

	"github.com/relevel/relevel/parser"
)

// An encoder of another shape (the Datadog intake's items) takes the
// message and the timestamp as Append writes them: the message a JSON
// string, the time in UTC without quotes, klog's year and zone from the
// reference.
func ExampleEncoder_AppendMessage() {
	var e Encoder
	ref := time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC)
	for _, line := range []string{
		`I1130 04:39:44.903457       1 server.go:12] "Serving \"v1\"" port=8080`,
		`{"level":"info","time":"2026-11-30T06:39:44.5+02:00","msg":"tab\there"}`,
	} {
		var r parser.Record
		parser.Parse([]byte(line), &r)
		msg := e.AppendMessage(nil, &r)
		ts, ok := e.AppendTimestamp(nil, &r, ref)
		fmt.Printf("%s %s %v\n", msg, ts, ok)
	}
	// Output:
	// "Serving \"v1\"" 2026-11-30T04:39:44.903457Z true
	// "tab\there" 2026-11-30T04:39:44.5Z true
}
