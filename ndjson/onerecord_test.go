package ndjson

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/relevel/relevel/internal/jsoncheck"
	"github.com/relevel/relevel/parser"
	"github.com/relevel/relevel/parser/join"
)

// orderedAttrs returns the attributes object of an encoded record as its
// members in order, values as compact JSON, so that a test sees repeated
// names and order, which a map would hide.
func orderedAttrs(t *testing.T, out []byte) [][2]string {
	t.Helper()
	var top map[string]json.RawMessage
	if err := json.Unmarshal(out, &top); err != nil {
		t.Fatalf("invalid JSON %q: %v", out, err)
	}
	raw, ok := top["attributes"]
	if !ok {
		return nil
	}
	d := json.NewDecoder(bytes.NewReader(raw))
	if tok, err := d.Token(); err != nil || tok != json.Delim('{') {
		t.Fatalf("attributes not an object: %s", raw)
	}
	var kv [][2]string
	for d.More() {
		k, err := d.Token()
		if err != nil {
			t.Fatal(err)
		}
		var v json.RawMessage
		if err := d.Decode(&v); err != nil {
			t.Fatal(err)
		}
		kv = append(kv, [2]string{k.(string), string(v)})
	}
	return kv
}

// TestRepeatedKeys holds the rule for a key a line repeats, in every
// format's field syntax: the first keeps its name, the n-th repetition is
// name_n or the next free number, and no value is lost or reordered.
func TestRepeatedKeys(t *testing.T) {
	cases := []struct {
		name, line string
		keys       []string
	}{
		{"klog", `I1130 04:39:44.903457       1 sync.go:12] "synced" pod="a" n=1 pod="b" pod="c"`,
			[]string{"pod", "n", "pod_2", "pod_3"}},
		{"klog, the line has the next name", `I1130 04:39:44.903457       1 sync.go:12] "synced" pod="a" pod_2="z" pod="b"`,
			[]string{"pod", "pod_2", "pod_3"}},
		{"klog, the line has the name later", `I1130 04:39:44.903457       1 sync.go:12] "synced" pod="a" pod="b" pod_2="z"`,
			[]string{"pod", "pod_2", "pod_2_2"}},
		{"klog, unparsed text named like a key", `I1130 04:39:44.903457       1 sync.go:12] "synced" _unparsed=1 not a pair`,
			[]string{"_unparsed", "_unparsed_2"}},
		{"json", `{"level":"info","msg":"m","a":1,"b":{"a":1,"a":2},"a":"x","\u0061":null}`,
			[]string{"a", "b", "a_2", "a_3"}},
		{"slog", `time=2026-11-30T04:41:36.123Z level=INFO msg=m k=1 k="two words" k=3`,
			[]string{"k", "k_2", "k_3"}},
		{"gokit", `level=info ts=2026-11-30T04:41:36.123Z caller=main.go:1 k=1 k=2`,
			[]string{"k", "k_2"}},
		{"logrus text", `time="2026-11-30T04:41:36Z" level=info msg=m k=1 k=2`,
			[]string{"k", "k_2"}},
		{"logrus tty", "\x1b[36mINFO\x1b[0m[0000] m                                            \x1b[36mk\x1b[0m=1 \x1b[36mk\x1b[0m=2",
			[]string{"k", "k_2"}},
		{"zap console", "2026-11-30T04:41:36.123Z\tINFO\tm\t{\"k\": 1, \"k\": 2}",
			[]string{"k", "k_2"}},
		{"zerolog", `4:42AM INF m k=1 k=2`, []string{"k", "k_2"}},
		{"hclog", `2026-11-30T04:42:06.881Z [INFO]  app: m: k=1 k=2`, []string{"k", "k_2"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var r parser.Record
			if !parser.Parse([]byte(c.line), &r) {
				t.Fatalf("not recognised: %q", c.line)
			}
			var e Encoder
			out := e.Append(nil, &r)
			if err := jsoncheck.Record(out); err != nil {
				t.Fatal(err)
			}
			got := orderedAttrs(t, out)
			// The values are the parser's fields, in order: renaming
			// loses none.
			var want []string
			r.EachField(func(f parser.Field) bool {
				v, ok := f.JSON()
				if !ok {
					v = AppendString(nil, f.AppendValue(nil))
				}
				want = append(want, canonical(t, v, true))
				return true
			})
			if len(got) != len(c.keys) || len(got) != len(want) {
				t.Fatalf("attributes %q, want keys %q and values %q", got, c.keys, want)
			}
			for i, kv := range got {
				if kv[0] != c.keys[i] || canonical(t, []byte(kv[1]), false) != want[i] {
					t.Errorf("member %d: %s=%s, want %s=%s", i, kv[0], kv[1], c.keys[i], want[i])
				}
			}
		})
	}
}

// A record with thousands of fields, all one key, is renamed in linear
// time and stays valid.
func TestRepeatedKeysMany(t *testing.T) {
	line := `I1130 04:39:44.903457       1 sync.go:12] "m"` + strings.Repeat(" k=1 k_7=2", 5000)
	var r parser.Record
	parser.Parse([]byte(line), &r)
	var e Encoder
	out := e.Append(nil, &r)
	if err := jsoncheck.Record(out); err != nil {
		t.Fatal(err)
	}
	if got := len(orderedAttrs(t, out)); got != 10000 {
		t.Errorf("%d attributes, want 10000", got)
	}
}

// TestPrettyJSON: a logrus PrettyPrint record with a nested object, as the
// corpus has it from the real logger, comes out as one line whose message
// is the record's msg and whose nested value is the same JSON, compacted.
func TestPrettyJSON(t *testing.T) {
	data, err := os.ReadFile("../testdata/corpus/json/logrus-pretty.log")
	if err != nil {
		t.Fatal(err)
	}
	s := join.New(bytes.NewReader(data))
	var e Encoder
	nested := 0
	for s.Next() {
		raw := s.Raw()
		var src map[string]json.RawMessage
		if err := json.Unmarshal(raw, &src); err != nil {
			t.Fatalf("corpus record is not one object: %v\n%s", err, raw)
		}
		out := e.Append(nil, s.Record())
		if err := jsoncheck.Record(out); err != nil {
			t.Fatal(err)
		}
		var got struct {
			Message    string                     `json:"message"`
			Attributes map[string]json.RawMessage `json:"attributes"`
		}
		if err := json.Unmarshal(out, &got); err != nil {
			t.Fatal(err)
		}
		var msg string
		if err := json.Unmarshal(src["msg"], &msg); err != nil {
			t.Fatal(err)
		}
		if got.Message != msg {
			t.Errorf("message %q, want the record's msg %q", got.Message, msg)
		}
		for k, v := range got.Attributes {
			var c bytes.Buffer
			if err := json.Compact(&c, src[k]); err != nil {
				t.Fatalf("%s: %v", k, err)
			}
			if string(v) != c.String() {
				t.Errorf("%s: %s, want %s", k, v, c.String())
			}
			if v[0] == '{' || v[0] == '[' {
				nested++
			}
		}
	}
	if err := s.Err(); err != nil {
		t.Fatal(err)
	}
	if nested == 0 {
		t.Error("the corpus has no nested value any more: the test checks nothing")
	}
}

// canonical renders the JSON value b token by token (strings quoted by
// strconv, numbers as written), so that two encodings of one value compare
// equal. With rename, the names an object repeats are renamed by the
// README's rule, written here independently of keys.go: it is the oracle.
func canonical(t *testing.T, b []byte, rename bool) string {
	t.Helper()
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	var out strings.Builder
	var value func() error
	value = func() error {
		tok, err := d.Token()
		if err != nil {
			return err
		}
		switch tok {
		case json.Delim('{'):
			out.WriteByte('{')
			reps := map[string]int{}
			for d.More() {
				k, _ := d.Token()
				name := k.(string)
				if rename {
					if _, dup := reps[name]; dup {
						base := name
						for {
							reps[base]++
							name = base + "_" + strconv.Itoa(reps[base])
							if _, taken := reps[name]; !taken {
								break
							}
						}
					}
					reps[name] = 1
				}
				out.WriteString(strconv.Quote(name) + ":")
				if err := value(); err != nil {
					return err
				}
				out.WriteByte(',')
			}
			_, err = d.Token()
			out.WriteByte('}')
			return err
		case json.Delim('['):
			out.WriteByte('[')
			for d.More() {
				if err := value(); err != nil {
					return err
				}
				out.WriteByte(',')
			}
			_, err = d.Token()
			out.WriteByte(']')
			return err
		}
		if s, ok := tok.(string); ok {
			out.WriteString(strconv.Quote(s))
		} else {
			fmt.Fprint(&out, tok)
		}
		return nil
	}
	if err := value(); err != nil {
		t.Fatalf("%q: %v", b, err)
	}
	return out.String()
}

// appendJSON writes any valid JSON value compactly (as encoding/json's
// Compact would, byte for byte when no name repeats), with no repeated
// name in any object, and the same value once the repeated names are
// renamed by the rule.
func FuzzCompactJSON(f *testing.F) {
	f.Add([]byte("{\n  \"a\": 1,\n  \"b\": [\n    1,\n    2\n  ]\n}"))
	f.Add([]byte(`{"s": "a  b\"  c\\", "t" : [ true , null ] }`))
	f.Add([]byte("\t[ \"\\u2028 x\" ]\r\n"))
	f.Add([]byte(`{"a":{"a":1,"a":2,"a_2":[{"x":1,"x":2},{"x":3}]},"a":0,"\u0061":-1.5e3}`))
	f.Fuzz(func(t *testing.T, v []byte) {
		if !json.Valid(v) {
			return
		}
		var e Encoder
		got := e.appendJSON(nil, v)
		var compact bytes.Buffer
		if err := json.Compact(&compact, got); err != nil || !bytes.Equal(compact.Bytes(), got) {
			t.Fatalf("%q: got %q, not compact JSON (%v)", v, got, err)
		}
		if err := jsoncheck.UniqueKeys(got); err != nil {
			t.Fatal(err)
		}
		if want := canonical(t, v, true); canonical(t, got, false) != want {
			t.Fatalf("%q: got %q, want the value %s", v, got, want)
		}
		if jsoncheck.UniqueKeys(v) == nil {
			compact.Reset()
			_ = json.Compact(&compact, v)
			if !bytes.Equal(got, compact.Bytes()) {
				t.Fatalf("%q: got %q, want %q", v, got, compact.Bytes())
			}
		}
	})
}

// Compacting values and renaming repeated keys allocate nothing once the
// encoder's buffers are warm: the sinks encode every record this way.
func TestEncodeAllocs(t *testing.T) {
	lines := []string{
		"{\n  \"level\": \"debug\",\n  \"msg\": \"nested\",\n  \"obj\": {\n    \"a\": 1,\n    \"a\": [\n      1,\n      {\"b\": 2, \"b\": 3}\n    ]\n  },\n  \"obj\": null\n}",
		`I1130 04:39:44.903457       1 sync.go:12] "synced" pod="a" n=1 pod="b" pod_2="c" obj={"x": 1, "x": 2}`,
		"2026-11-30T04:41:36.123Z\tINFO\tm\t{\"k\": 1, \"k\": {\"a\": [1, 2]}}",
	}
	for _, l := range lines {
		var r parser.Record
		parser.Parse([]byte(l), &r)
		e := Encoder{Options: Options{Reference: ref}}
		buf := e.Append(nil, &r)
		if n := testing.AllocsPerRun(100, func() { buf = e.Append(buf[:0], &r) }); n != 0 {
			t.Errorf("%q: %v allocs per record", l, n)
		}
	}
}
