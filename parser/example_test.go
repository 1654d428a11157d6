package parser_test

import (
	"fmt"
	"time"

	"github.com/relevel/relevel/parser"
)

func ExampleParse() {
	var r parser.Record
	lines := []string{
		`I0911 07:22:25.408586       1 cni_writer.go:930] Successfully synced "node-a"`,
		"2026-09-11T07:19:45Z\tERROR\tcontrollers.Spoke\treconcile failed\t{\"after\": \"1m0s\"}",
		`time="2026-09-11T06:13:28Z" level=warning msg="slow request" path=/v1`,
		"Error: not from a logger relevel knows",
	}
	var msg []byte
	for _, line := range lines {
		parser.Parse([]byte(line), &r)
		msg = r.AppendMessage(msg[:0])
		fmt.Printf("%-6q %-8q %s\n", r.Format.String(), r.Level.String(), msg)
	}
	// Output:
	// "klog" "info"   Successfully synced "node-a"
	// "zap"  "error"  reconcile failed
	// "logrus" "warning" slow request
	// ""     ""       Error: not from a logger relevel knows
}

func ExampleRecord_EachField() {
	var r parser.Record
	parser.Parse([]byte(`E1130 04:39:44.903480    8085 main.go:34] "ErrorS with error" err="connection refused" node="node-1" attempt=3`), &r)
	r.EachField(func(f parser.Field) bool {
		if raw, ok := f.JSON(); ok {
			fmt.Printf("%s = %s (JSON)\n", f.AppendKey(nil), raw)
		} else {
			fmt.Printf("%s = %s\n", f.AppendKey(nil), f.AppendValue(nil))
		}
		return true
	})
	// Output:
	// err = connection refused
	// node = node-1
	// attempt = 3 (JSON)
}

func ExampleRecord_Timestamp() {
	var r parser.Record
	parser.Parse([]byte(`I1231 23:59:59.000001       1 x.go:1] last line of the year`), &r)
	// klog writes no year: a December line read on New Year's Day is last year's.
	t, _ := r.Timestamp(time.Date(2027, 1, 1, 0, 0, 5, 0, time.UTC))
	fmt.Println(t.Format(time.RFC3339Nano))
	// Output:
	// 2026-12-31T23:59:59.000001Z
}

// Text reads a value in place when the line writes it as it reads; a
// quoted value with escapes must be decoded with AppendValue.
func ExampleField_Text() {
	var r parser.Record
	parser.Parse([]byte(`I1130 04:39:44.903457       1 sync.go:12] "synced" pod=web-0 note="say \"hi\""`), &r)
	var scratch []byte
	r.EachField(func(f parser.Field) bool {
		v, inPlace := f.Text()
		if !inPlace {
			scratch = f.AppendValue(scratch[:0])
			v = scratch
		}
		fmt.Printf("%s = %s (in place: %v)\n", f.AppendKey(nil), v, inPlace)
		return true
	})
	// Output:
	// pod = web-0 (in place: true)
	// note = say "hi" (in place: false)
}

// MessageText gives the message without a copy when the line writes it as
// it reads; otherwise AppendMessage decodes it.
func ExampleRecord_MessageText() {
	var scratch []byte
	for _, line := range []string{
		`time="2026-11-30T04:41:25Z" level=info msg="Starting workers" count=2`,
		`time="2026-11-30T04:41:25Z" level=info msg="said \"hi\""`,
	} {
		var r parser.Record
		parser.Parse([]byte(line), &r)
		msg, inPlace := r.MessageText()
		if !inPlace {
			scratch = r.AppendMessage(scratch[:0])
			msg = scratch
		}
		fmt.Printf("%s (in place: %v)\n", msg, inPlace)
	}
	// Output:
	// Starting workers (in place: true)
	// said "hi" (in place: false)
}

// AppendPlainFields copies a record's fields when they need no work (a
// nested object is only compacted); a record it declines, here one whose
// line repeats a name, renders its fields one by one.
func ExampleRecord_AppendPlainFields() {
	for _, line := range []string{
		`{"level":"info","ts":1764480000.5,"msg":"served","path":"/v1","took":1.5}`,
		`{"level":"info","msg":"served","req": {"path": "/v1"}}`,
		`I1130 04:39:44.903457       1 server.go:12] "served" path="/v1" took=1.5`,
		`{"level":"info","msg":"served","req":{"path":"/v1","path":"/v2"}}`,
	} {
		var r parser.Record
		parser.Parse([]byte(line), &r)
		if out, ok := r.AppendPlainFields(nil); ok {
			fmt.Printf("copied: %s\n", out)
			continue
		}
		n := 0
		r.EachField(func(parser.Field) bool { n++; return true })
		fmt.Printf("declined: %d field, one by one\n", n)
	}
	// Output:
	// copied: {"path":"/v1","took":1.5}
	// copied: {"req":{"path":"/v1"}}
	// copied: {"path":"/v1","took":1.5}
	// declined: 1 field, one by one
}
