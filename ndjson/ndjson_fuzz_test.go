package ndjson

import (
	"bytes"
	"encoding/json"
	"testing"
	"time"

	"github.com/relevel/relevel/internal/jsoncheck"
	"github.com/relevel/relevel/parser"
)

// fuzzRefs are references for times without a year or zone: either side
// of a new year, in zones whose offsets are not whole hours.
var fuzzRefs = []time.Time{
	time.Date(2027, 1, 1, 0, 0, 0, 0, time.UTC),
	time.Date(2026, 12, 31, 23, 0, 0, 0, time.FixedZone("", -(3*3600+30*60))),
	time.Date(2026, 11, 30, 12, 0, 0, 0, time.FixedZone("IST", 5*3600+30*60)),
}

// FuzzEncode checks that any parsed text, multi-line records included,
// renders as exactly one line holding one valid JSON object, with the
// contract's keys and no name twice in any object, and that the copies of
// fields and timestamps written as JSON writes them, and the reused text of
// timestamps' seconds, render exactly what the general path does.
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
	// A JSON line's members copied from where its parse found them:
	// runs between the header's, white space, a header's string of
	// invalid UTF-8 (left out unchecked), nested values as written.
	f.Add([]byte("{\"a\":1,\"level\":\"info\",\"msg\":\"\xffm\",\"c\":{\"k\":[1,{\"k\":2}]},\"caller\":\"x\xc3\",\"caller\":\"y\",\"d\":true}"))
	f.Add([]byte("{\"level\":\"info\" ,\"a\" :1,\t\"b\"\t: \"x\" , \"msg\":\"m\",\"o\":{\"k\":1,\"k\":2},\"c\":null }"))
	// The copies of pairs, blocks and nested values (AppendPlainFields).
	f.Add([]byte("I1130 04:39:44.903457       1 sync.go:12] \"m\" data=<\n\tline1\n\t  line2\n > e=<\n > obj={\"a\": [1, {\"a\": 2}]} n=1"))
	f.Add([]byte("\x1b[36mINFO\x1b[0m[0000] m                                            \x1b[36mk\x1b[0m=1 \x1b[36mq\x1b[0m=\"a b\""))
	f.Add([]byte(`time=2026-11-30T04:41:36.123Z level=INFO msg=m "a b"=1 e= q="x\ty"`))
	f.Add([]byte(`time="2026-11-30T05:52:38Z" level=info msg=m user name=x k="v"`))
	f.Add([]byte("info: Microsoft.Hosting.Lifetime[14]\n      Now listening"))
	// Times that are not a copy: no year, an offset, no zone.
	f.Add([]byte("I0101 00:00:00.000001   1 x.go:1] m"))
	f.Add([]byte("INFO [12-31|23:59:59.999] m k=v"))
	f.Add([]byte("2026-11-30T07:52:38.110+0200\tINFO\tm"))
	f.Add([]byte("2026/02/29 05:52:38.123456 m"))
	f.Fuzz(func(t *testing.T, text []byte) {
		var r parser.Record
		parser.Parse(text, &r)
		var fast Encoder
		out := fast.Append(nil, &r)
		general := Encoder{general: true}
		if want := general.Append(nil, &r); !bytes.Equal(out, want) {
			t.Fatalf("copied %s general %s", out, want)
		}
		// Against references too, each record twice: the second time
		// reuses the text of the timestamp's second (parser.TimeText).
		fast, general = Encoder{}, Encoder{general: true}
		for _, ref := range fuzzRefs {
			fast.Reference, general.Reference = ref, ref
			want := general.Append(nil, &r)
			for range 2 {
				if got := fast.Append(nil, &r); !bytes.Equal(got, want) {
					t.Fatalf("reference %v: copied %s general %s", ref, got, want)
				}
			}
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
