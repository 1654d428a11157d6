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
