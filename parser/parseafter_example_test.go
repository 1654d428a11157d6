package parser_test

import (
	"bytes"
	"fmt"

	"github.com/relevel/relevel/parser"
)

// A joiner probes each line with IsHeader to find where records start; a
// record of several lines is then completed from its first line's probe.
func ExampleParseAfterHeader() {
	text := []byte("I1130 04:39:44.903457       1 main.go:384] \"Loaded config\" config=<\n\tline one\n\tline two\n >")
	var probe, r parser.Record
	first := text[:bytes.IndexByte(text, '\n')]
	if parser.IsHeader(first, &probe) {
		parser.ParseAfterHeader(text, &probe, &r)
	}
	fmt.Println(r.Format, r.Level, string(r.AppendMessage(nil)))
	r.EachField(func(f parser.Field) bool {
		fmt.Printf("%s=%q\n", f.AppendKey(nil), f.AppendValue(nil))
		return true
	})
	// Output:
	// klog info Loaded config
	// config="line one\nline two"
}
