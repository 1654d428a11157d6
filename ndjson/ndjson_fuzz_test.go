package ndjson

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/relevel/relevel/internal/jsoncheck"
	"github.com/relevel/relevel/parser"
)

// FuzzEncode checks that any parsed text, multi-line records included,
// renders as exactly one line holding one valid JSON object, with the
// contract's keys and no name twice in any object, and that the copies of
// fields and timestamps written as JSON writes them render exactly what the
// general path does.
func FuzzEncode(f *testing.F) {
	f.Add([]byte(`E0911 07:10:07.225293 1 base_controller.go:161] "failed" err="..." list=["a"] obj={"x":1}`))
	f.Add([]byte("2026-09-11T07:19:45Z\tINFO\tname\tmsg\t{\"k\": {\"a\": [1, 2]}}"))
	f.Add([]byte("\x1b[31mERRO\x1b[0m[0000] m  \x1b[31mk\x1b[0m=\"v\\xff\""))
	f.Add([]byte("bad \xff byte"))
	f.Add([]byte("{\n  \"level\": \"debug\",\n  \"msg\": \"nested\",\n  \"obj\": {\n    \"a\": 1,\n    \"a\": [\n      1\n    ]\n  }\n}"))
	f.Add([]byte(`I1130 04:39:44.903457       1 sync.go:12] "m" pod="a" pod="b" pod_2="c" _unparsed=1 x`))
	f.Add([]byte("time=2026-11-30T04:41:36Z level=INFO msg=m k=1 k=2\r\n k=3"))
	f.Add([]byte(`{"a": "x", "level": "warning", "msg": "m", "k": 1, "k": 2, "time": "2026-11-30T05:52:38Z"}`))
	f.Add([]byte("2026-09-11T07:19:45Z\tINFO\tname\tmsg\t{\"k\":\"v\",\"n\":1} x"))
	// The copies of pairs, blocks and nested values (AppendPlainFields).
	f.Add([]byte("I1130 04:39:44.903457       1 sync.go:12] \"m\" data=<\n\tline1\n\t  line2\n > e=<\n > obj={\"a\": [1, {\"a\": 2}]} n=1"))
	f.Add([]byte("\x1b[36mINFO\x1b[0m[0000] m                                            \x1b[36mk\x1b[0m=1 \x1b[36mq\x1b[0m=\"a b\""))
	f.Add([]byte(`time=2026-11-30T04:41:36.123Z level=INFO msg=m "a b"=1 e= q="x\ty"`))
	f.Add([]byte(`time="2026-11-30T05:52:38Z" level=info msg=m user name=x k="v"`))
	f.Add([]byte("info: Microsoft.Hosting.Lifetime[14]\n      Now listening"))
	f.Fuzz(func(t *testing.T, text []byte) {
		var r parser.Record
		parser.Parse(text, &r)
		var e Encoder
		out := e.Append(nil, &r)
		general := Encoder{general: true}
		if want := general.Append(nil, &r); !bytes.Equal(out, want) {
			t.Fatalf("copied %s general %s", out, want)
		}
		if bytes.Count(out, []byte("\n")) != 1 || out[len(out)-1] != '\n' {
			t.Fatalf("not one line: %q", out)
		}
		if err := jsoncheck.Record(out); err != nil {
			t.Fatal(err)
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
