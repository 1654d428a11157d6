package ndjson

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/relevel/relevel/parser"
)

// FuzzEncode checks that any parsed text renders as exactly one valid JSON
// object on one line, with the contract's keys.
func FuzzEncode(f *testing.F) {
	f.Add([]byte(`E0911 07:10:07.225293 1 base_controller.go:161] "failed" err="..." list=["a"] obj={"x":1}`))
	f.Add([]byte("2026-09-11T07:19:45Z\tINFO\tname\tmsg\t{\"k\": {\"a\": [1, 2]}}"))
	f.Add([]byte("\x1b[31mERRO\x1b[0m[0000] m  \x1b[31mk\x1b[0m=\"v\\xff\""))
	f.Add([]byte("bad \xff byte"))
	f.Fuzz(func(t *testing.T, text []byte) {
		var r parser.Record
		parser.Parse(text, &r)
		var e Encoder
		out := e.Append(nil, &r)
		if bytes.Count(out, []byte("\n")) != 1 || out[len(out)-1] != '\n' {
			t.Fatalf("not one line: %q", out)
		}
		var m map[string]any
		if err := json.Unmarshal(out, &m); err != nil {
			t.Fatalf("invalid JSON %q: %v", out, err)
		}
		if _, ok := m["status"].(string); !ok {
			t.Fatalf("no status: %q", out)
		}
		if _, ok := m["message"].(string); !ok {
			t.Fatalf("no message: %q", out)
		}
	})
}
