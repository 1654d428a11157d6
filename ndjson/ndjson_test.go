package ndjson

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/relevel/relevel/parser"
	"github.com/relevel/relevel/parser/join"
)

var ref = time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC)

func encode(t *testing.T, line string, opts Options) map[string]any {
	t.Helper()
	var r parser.Record
	parser.Parse([]byte(line), &r)
	e := Encoder{Options: opts}
	out := e.Append(nil, &r)
	if !strings.HasSuffix(string(out), "}\n") || strings.Count(string(out), "\n") != 1 {
		t.Fatalf("not one line: %q", out)
	}
	var m map[string]any
	if err := json.Unmarshal(out, &m); err != nil {
		t.Fatalf("invalid JSON %q: %v", out, err)
	}
	return m
}

func TestContract(t *testing.T) {
	m := encode(t, `E0911 07:10:07.225293 1 base_controller.go:161] "controller failed to sync" err="boom" status="x" message="y" n=3 list=["a"]`, Options{Reference: ref})
	want := map[string]any{
		"status": "error", "format": "klog", "message": "controller failed to sync",
		"timestamp": "2026-09-11T07:10:07.225293Z",
		"logger":    map[string]any{"caller": "base_controller.go:161", "thread_id": 1.0},
		// log fields stay under attributes: they never overwrite status or message
		"attributes": map[string]any{"err": "boom", "status": "x", "message": "y", "n": 3.0, "list": []any{"a"}},
	}
	if got, _ := json.Marshal(m); string(got) != mustJSON(want) {
		t.Errorf("got  %s\nwant %s", got, mustJSON(want))
	}
}

func mustJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

func TestUnknownLine(t *testing.T) {
	m := encode(t, "plain text", Options{})
	if m["status"] != "info" || m["format"] != "" || m["message"] != "plain text" || len(m) != 3 {
		t.Errorf("%v", m)
	}
	m = encode(t, "plain text", Options{DefaultLevel: parser.LevelError})
	if m["status"] != "error" {
		t.Errorf("default level not applied: %v", m)
	}
}

// Bytes that are not UTF-8 are written as \xNN text, not dropped or replaced.
func TestInvalidUTF8(t *testing.T) {
	m := encode(t, "bad \xff\xfe byte \x00 and \u2028", Options{})
	if got := m["message"]; got != "bad \\xff\\xfe byte \x00 and \u2028" {
		t.Errorf("message %q", got)
	}
	out := AppendString(nil, []byte("é\xc3"))
	if string(out) != `"é\\xc3"` {
		t.Errorf("%s", out)
	}
}

// A field whose JSON-looking value carries invalid UTF-8 is written as a string.
func TestInvalidJSONField(t *testing.T) {
	m := encode(t, "2026-11-30T04:40:42.709Z\tINFO\tmsg\t{\"k\": \"\xff\"}", Options{})
	attrs, _ := m["attributes"].(map[string]any)
	if attrs["k"] != `\xff` {
		t.Errorf("%v", m)
	}
}

func ExampleEncoder() {
	var r parser.Record
	parser.Parse([]byte(`W1130 04:39:44.903457       1 reflector.go:561] "Watch failed" err="context canceled" resource="pods"`), &r)
	e := Encoder{Options: Options{Reference: time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC)}}
	os.Stdout.Write(e.Append(nil, &r))
	// Output:
	// {"status":"warning","format":"klog","message":"Watch failed","timestamp":"2026-11-30T04:39:44.903457Z","logger":{"caller":"reflector.go:561","thread_id":1},"attributes":{"err":"context canceled","resource":"pods"}}
}

func ExampleEncoder_AppendTime() {
	var e Encoder
	cet := time.FixedZone("CET", 3600)
	var out []byte
	for _, t := range []time.Time{
		time.Date(2026, 11, 30, 5, 41, 36, 123000000, cet),
		time.Date(2026, 11, 30, 5, 41, 36, 0, cet), // the same second: its text is reused
	} {
		out = e.AppendTime(out[:0], t)
		fmt.Println(string(out))
	}
	// Output:
	// 2026-11-30T04:41:36.123Z
	// 2026-11-30T04:41:36Z
}

// TestCopiesAgreeWithGeneralPath renders every record of the corpus, real
// loggers' output, with and without the copies of fields and timestamps
// written as JSON writes them and the reused text of timestamps' seconds
// (parser.TimeText), against the clock and against references in zones
// with odd offsets, either side of a new year: the outputs must be the
// same bytes, and the copies must have been taken for most fields and
// timestamps, or they save nothing.
func TestCopiesAgreeWithGeneralPath(t *testing.T) {
	files, _ := filepath.Glob("../testdata/corpus/*/*.log")
	if len(files) == 0 {
		t.Skip("no corpus")
	}
	kolkata, err := time.LoadLocation("Asia/Kolkata")
	if err != nil {
		t.Fatal(err)
	}
	var data [][]byte
	for _, name := range files {
		d, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		data = append(data, d)
	}
	for _, ref := range []time.Time{
		{}, // the clock
		time.Date(2027, 1, 1, 0, 0, 0, 0, time.UTC),
		time.Date(2026, 12, 31, 23, 0, 0, 0, time.FixedZone("", -(3*3600+30*60))),
		time.Date(2026, 11, 30, 12, 0, 0, 0, kolkata),
	} {
		fast, general := Encoder{Options: Options{Reference: ref}}, Encoder{Options: Options{Reference: ref}, general: true}
		records, copied, fields, times, timesTaken := 0, 0, 0, 0, 0
		for _, d := range data {
			s := join.New(bytes.NewReader(d))
			for s.Next() {
				rec := s.Record()
				records++
				got, want := fast.Append(nil, rec), general.Append(nil, rec)
				if !bytes.Equal(got, want) {
					t.Fatalf("reference %v: copied\n%s general\n%s", ref, got, want)
				}
				rec.EachField(func(f parser.Field) bool {
					fields++
					if _, ok := f.AppendPlainJSON(nil); ok {
						copied++
					}
					return true
				})
				if _, ok := rec.AppendUTC(nil); !ok && bytes.Contains(want, []byte(`"timestamp"`)) {
					times++
					var c parser.TimeText
					if _, ok := c.AppendUTC(nil, rec, rec.ClockReference()); ok {
						timesTaken++
					}
				}
			}
		}
		if records < 1000 || copied*10 < fields*8 || timesTaken*10 < times*7 {
			t.Fatalf("%d records, %d of %d fields copied, %d of %d other timestamps written by TimeText", records, copied, fields, timesTaken, times)
		}
		t.Logf("reference %v: %d records, %d of %d fields copied, %d of %d other timestamps written by TimeText", ref, records, copied, fields, timesTaken, times)
	}
}

// TestThreadName: a thread the line names by number is thread_id, one it
// names otherwise thread_name; none is invented.
func TestThreadName(t *testing.T) {
	for _, c := range []struct{ line, logger string }{
		{"18:13:06.228 [http-nio-8080-exec-1] INFO  com.example.App - served", `{"name":"com.example.App","thread_name":"http-nio-8080-exec-1"}`},
		{"2023-12-06 08:29:20.599227-08:00 [error] <0.200.3> closing", `{"thread_name":"<0.200.3>"}`},
		{"I1130 04:39:44.903457       1 x.go:1] m", `{"caller":"x.go:1","thread_id":1}`},
		{`time="2026-11-30T04:41:36Z" level=info msg=m`, ``},
	} {
		var r parser.Record
		parser.Parse([]byte(c.line), &r)
		var e Encoder
		got, ok := e.AppendLogger(nil, &r)
		if string(got) != c.logger || ok != (c.logger != "") {
			t.Errorf("%q: logger %s (%v), want %s", c.line, got, ok, c.logger)
		}
	}
}

// TestPlainPairsAgreeWithGeneralPath renders key=value records that the
// copy of their pairs (parser.Record.AppendPlainFields) takes or declines,
// in each format's walker, with and without the copies: the same bytes
// either way, and declined where the general path must rename, decode or
// escape.
func TestPlainPairsAgreeWithGeneralPath(t *testing.T) {
	const klog = `I1130 04:39:44.903457       1 sync.go:12] "m" `
	const slog = `time=2026-11-30T04:41:36.123Z level=INFO msg=m `
	const logrus = `time="2026-11-30T05:52:38Z" level=info msg=m `
	const tty = "\x1b[36mINFO\x1b[0m[0000] m                                            "
	for _, c := range []struct {
		line   string
		copied bool
	}{
		{klog + `pod="kube-system/a" n=1 ok=true e= q="say \"hi\"\n"`, true},
		{klog + `pod="a" pod="b"`, false},                // repeated key
		{klog + `clé=1`, false},                          // key needing escapes
		{klog + `err="\x00"`, false},                     // value needing decoding
		{klog + "data=<\n\tline1\n\tline2\n >", true},    // block
		{klog + "data=<\n\tline1\n > k=1 e=<\n >", true}, // block, pairs, empty block
		{klog + "data=<\n\tline1\nline2", true},          // unclosed, a line without its TAB
		{klog + "data=<\n\tline1\n\t\x01\n >", false},    // block needing escapes
		{klog + "data=<\n\tZoë\n >", false},              // block not ASCII
		{klog + `obj={"a":1} list=["x"]`, true},          // object and array, compact
		{klog + `obj={"a":1,"a":2}`, false},              // a name twice in an object
		{klog + `obj={"a": 1, "b": [1, 2]}`, true},       // white space in an object, dropped
		{klog + `obj={"a":1}x`, false},                   // not an object after all
		{klog + `k=1 not a pair`, false},
		{klog + "k=\r0 j=1\t", false}, // JSON with white space around                 // text, not pairs
		{slog + `k=1 "a b"=2 e= q="x y"`, true},
		{slog + `k=1 k=2`, false},
		{slog + `"k\"q"=1`, false},
		{slog + `k="\u00e9"`, false},
		{slog + `k=é`, false},
		{slog + `k=1 x`, false},
		{logrus + `k=v n=1 e= q="a\tb"`, true},
		{logrus + `k=1 k=2`, false},
		{`time="Nov 30 05:52:38" level="info" msg="m" k=v`, true}, // a time that is none: a quoted level left out
		{logrus + `a\b=1`, false},
		{logrus + `k="\x1b[31m"`, false},
		{tty + "\x1b[36mk\x1b[0m=1 \x1b[36mq\x1b[0m=\"a b\" \x1b[36me\x1b[0m=", true},
		{tty + "\x1b[36mk\x1b[0m=1 \x1b[36mk\x1b[0m=2", false},
		{tty + "\x1b[36mk\x1b[0m=\x1b[31mred", false}, // ESC in a value
		{tty + "\x1b[36mk\"\x1b[0m=1", false},
		{tty + "\x1b[36mk\x1b[0m=\"\\u00e9\"", false},
		{tty + "\x1b[36mk\x1b[0m=1 trailing", false},
		{"info: Microsoft.Hosting.Lifetime[14]\n      Now listening", true}, // .NET's event id
	} {
		var r parser.Record
		parser.Parse([]byte(c.line), &r)
		if _, ok := r.AppendPlainFields(nil); ok != c.copied {
			t.Errorf("%q: copied %v, want %v", c.line, ok, c.copied)
		}
		var fast Encoder
		general := Encoder{general: true}
		if got, want := fast.Append(nil, &r), general.Append(nil, &r); !bytes.Equal(got, want) {
			t.Errorf("%q: copied\n%s general\n%s", c.line, got, want)
		}
	}
}
