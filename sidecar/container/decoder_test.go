package container

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"testing"
	"testing/iotest"
	"time"
)

// cri builds one CRI record.
func cri(ts, stream, tag, content string) string {
	return ts + " " + stream + " " + tag + " " + content + "\n"
}

// ends returns the end offset of every record of input.
func ends(input string) []int64 {
	var out []int64
	var off int64
	for _, r := range split([]byte(input)) {
		off += int64(len(r))
		out = append(out, off)
	}
	return out
}

// TestCRIO decodes lines built by hand to CRI-O/conmon's rules (formats.md
// §10.1, conmon src/ctr_logging.c; not captured from a real CRI-O): fixed 9
// fraction digits with "+00:00"; P pieces of at most 8192 bytes at read
// boundaries, also in the middle of a short line written in two writes; a tty
// container's "\r" kept before the "\n", on its single stdout stream.
func TestCRIO(t *testing.T) {
	const (
		t1 = "2026-11-30T04:43:36.100000000+00:00"
		t2 = "2026-11-30T04:43:36.200000000+00:00"
		t3 = "2026-11-30T04:43:36.300000000+00:00"
	)
	long := strings.Repeat("0123456789abcdef", 1250) + "\r" // 20000 bytes and the tty's CR
	input := cri(t1, "stdout", "P", "GET /healthz") +       // half a line: the read ended there
		cri(t2, "stdout", "F", " 200 OK\r") +
		cri(t2, "stdout", "P", long[:8192]) +
		cri(t2, "stdout", "P", long[8192:16384]) +
		cri(t3, "stdout", "F", long[16384:]) +
		cri(t3, "stdout", "P", "split CR\r") + // the read ended between "\r" and "\n"
		cri(t3, "stdout", "F", "") +
		cri(t3, "stdout", "F", "\x1b[31mred\x1b[0m\tTAB \xff\xfe\r") +
		cri(t3, "stdout", "F", "\r")
	e := ends(input)
	want := []got{
		{Stdout, mustTime(t, t1), "GET /healthz 200 OK", false, false, e[1], e[1]},
		{Stdout, mustTime(t, t2), long[:20000], false, false, e[4], e[4]},
		{Stdout, mustTime(t, t3), "split CR", false, false, e[6], e[6]},
		{Stdout, mustTime(t, t3), "\x1b[31mred\x1b[0m\tTAB \xff\xfe", false, false, e[7], e[7]},
		{Stdout, mustTime(t, t3), "", false, false, e[8], e[8]},
	}
	for _, f := range []Format{CRI, Auto} {
		d := NewDecoder(f)
		es := decode(t, d, []byte(input))
		if fmt.Sprint(es) != fmt.Sprint(want) {
			t.Errorf("%s:\n got %.300v\nwant %.300v", f, es, want)
		}
		if d.Format() != CRI {
			t.Errorf("%s: Format() = %s", f, d.Format())
		}
		if _, off := es[0].Time.Zone(); off != 0 {
			t.Errorf("zone offset %d", off)
		}
	}
}

// TestCRIShapes checks the accepted variants of a CRI record.
func TestCRIShapes(t *testing.T) {
	const ts = "2026-11-30T04:43:36.1Z"
	for _, tc := range []struct {
		record string
		want   string
		stream Stream
	}{
		{ts + " stdout F \n", "", Stdout},             // containerd's empty line
		{ts + " stdout F\n", "", Stdout},              // without the trailing space
		{ts + " stderr F:x hello\n", "hello", Stderr}, // more tags
		{ts + " stderr F:x:y two  spaces \n", "two  spaces ", Stderr},
		{ts + " stdout F:\n", "", Stdout},
		{ts + " stdout F  lead\n", " lead", Stdout}, // content starting with a space
		{ts + " stdout F a\tb\x1bc\xff\n", "a\tb\x1bc\xff", Stdout},
		{ts + " stdout F no newline", "no newline", Stdout},
		{"36.151Z stdout F time cut off\n", "time cut off", Stdout}, // odd time: zero Time, still CRI
	} {
		d := NewDecoder(CRI)
		es := decode(t, d, []byte(tc.record))
		if len(es) != 1 || es[0].Line != tc.want || es[0].Stream != tc.stream || es[0].Partial || es[0].Malformed {
			t.Errorf("%q: got %+v, want %q on %s", tc.record, es, tc.want, tc.stream)
		}
	}
	// P with more tags merges like P.
	es := decode(t, NewDecoder(CRI), []byte(cri(ts, "stdout", "P:x", "a")+cri(ts, "stdout", "F", "b")))
	if len(es) != 1 || es[0].Line != "ab" {
		t.Errorf("P:x then F: %+v", es)
	}
}

// TestInterleaved checks that stdout and stderr pieces are merged
// independently, with the offsets a checkpoint needs.
func TestInterleaved(t *testing.T) {
	const (
		t0 = "2026-11-30T04:43:36.000000001Z"
		t1 = "2026-11-30T04:43:36.000000002Z"
		t2 = "2026-11-30T04:43:36.000000003Z"
	)
	input := cri(t0, "stdout", "P", "out-1 ") + // 0
		cri(t1, "stderr", "P", "err-1 ") + // 1
		cri(t2, "stderr", "F", "err-2") + // 2: completes stderr; stdout still pending from 0
		cri(t2, "stdout", "P", "out-2 ") + // 3
		cri(t2, "stderr", "P", "err-3") + // 4
		cri(t2, "stdout", "F", "out-3") + // 5: completes stdout; stderr pending from 4
		cri(t2, "stderr", "F", "") + // 6
		cri(t1, "stdout", "P", "tail") // 7: left for Flush
	e := ends(input)
	start := func(i int) int64 { return e[i-1] }
	want := []got{
		{Stderr, mustTime(t, t1), "err-1 err-2", false, false, e[2], 0},
		{Stdout, mustTime(t, t0), "out-1 out-2 out-3", false, false, e[5], start(4)},
		{Stderr, mustTime(t, t2), "err-3", false, false, e[6], e[6]},
		{Stdout, mustTime(t, t1), "tail", true, false, e[7], e[7]},
	}
	d := NewDecoder(CRI)
	es := decode(t, d, []byte(input))
	if fmt.Sprint(es) != fmt.Sprint(want) {
		t.Errorf("\n got %+v\nwant %+v", es, want)
	}
	checkOffsets(t, es, int64(len(input)))
	checkResume(t, CRI, []byte(input), es)

	// Without lines over MaxLineBytes, Feed's Entries end at the record fed.
	d = NewDecoder(CRI)
	var last int64
	for i, r := range split([]byte(input)) {
		es, _ := d.Feed(r, e[i])
		for _, x := range es {
			if x.End != e[i] || x.End < last {
				t.Errorf("record %d: End %d", i, x.End)
			}
			last = x.End
		}
	}
}

// checkResume restarts decoding at each Entry's Resume offset, as a sidecar
// does from a checkpoint, and checks that every later Entry comes out again:
// nothing is lost (some Entries before may repeat). es must come from
// decoding input in format f (not Auto) with the default MaxLineBytes.
func checkResume(t testing.TB, f Format, input []byte, es []got) {
	t.Helper()
	for k, e := range es {
		d := NewDecoder(f)
		var again []got
		off := e.Resume
		for _, r := range split(input[e.Resume:]) {
			off += int64(len(r))
			x, err := d.Feed(r, off)
			if err != nil {
				t.Fatal(err)
			}
			again = append(again, keep(x)...)
		}
		again = append(again, keep(d.Flush())...)
		seen := map[string]int{}
		for _, a := range again {
			seen[fmt.Sprint(a.Stream, a.Line, a.Partial, a.End)]++
		}
		for _, later := range es[k+1:] {
			key := fmt.Sprint(later.Stream, later.Line, later.Partial, later.End)
			if seen[key] == 0 {
				t.Errorf("restart at Resume %d of entry %d loses %+.80v", e.Resume, k, later)
			}
			seen[key]--
		}
	}
}

// TestFlush checks Flush at the end of a file and on an idle file.
func TestFlush(t *testing.T) {
	const ts = "2026-11-30T04:43:36Z"
	input := cri(ts, "stderr", "P", "err") + cri(ts, "stdout", "P", "out")
	e := ends(input)
	d := NewDecoder(CRI)
	for i, r := range split([]byte(input)) {
		if es, err := d.Feed(r, e[i]); err != nil || len(es) != 0 {
			t.Fatalf("Feed: %v %v", es, err)
		}
	}
	want := []got{
		{Stderr, mustTime(t, ts), "err", true, false, e[0], e[0]}, // oldest first; stdout still pending
		{Stdout, mustTime(t, ts), "out", true, false, e[1], e[1]},
	}
	if es := keep(d.Flush()); fmt.Sprint(es) != fmt.Sprint(want) {
		t.Errorf("Flush:\n got %+v\nwant %+v", es, want)
	}
	if es := d.Flush(); len(es) != 0 {
		t.Errorf("second Flush: %+v", es)
	}
	// The rest of the idle line arrives later: a new Entry that continues it.
	rest := cri(ts, "stdout", "F", " and more")
	es, _ := d.Feed([]byte(rest), e[1]+int64(len(rest)))
	if len(es) != 1 || string(es[0].Line) != " and more" || es[0].Partial {
		t.Errorf("after Flush: %+v", keep(es))
	}
}

// TestMaxLineBytes checks that a long line comes out in pieces of at most
// MaxLineBytes, Partial on all but the last, and that nothing is dropped.
func TestMaxLineBytes(t *testing.T) {
	const ts = "2026-11-30T04:43:36Z"
	input := cri(ts, "stdout", "P", "0123456") +
		cri(ts, "stdout", "P", "789abcdef") + // overflows: "0123456789" goes, "abcdef" waits
		cri(ts, "stdout", "F", "ghij\r") + // fills exactly 10: one Entry, CR gone
		cri(ts, "stderr", "F", strings.Repeat("x", 25)) + // one record, three pieces
		cri(ts, "stdout", "P", "0123456789") + // exactly full, nothing emitted yet
		cri(ts, "stdout", "F", "A")
	e := ends(input)
	tm := mustTime(t, ts)
	want := []got{
		{Stdout, tm, "0123456789", true, false, e[1], e[0]},
		{Stdout, tm, "abcdefghij", false, false, e[2], e[2]},
		{Stderr, tm, "xxxxxxxxxx", true, false, e[3], e[2]},
		{Stderr, tm, "xxxxxxxxxx", true, false, e[3], e[2]},
		{Stderr, tm, "xxxxx", false, false, e[3], e[3]},
		{Stdout, tm, "0123456789", true, false, e[4], e[4]},
		{Stdout, tm, "A", false, false, e[5], e[5]},
	}
	d := NewDecoder(CRI, MaxLineBytes(10))
	es := decode(t, d, []byte(input))
	if fmt.Sprint(es) != fmt.Sprint(want) {
		t.Errorf("\n got %+v\nwant %+v", es, want)
	}
	checkOffsets(t, es, int64(len(input)))

	// Docker and Raw split the same way.
	docker := `{"log":"0123456789abcdefghij\u0041\r\n","stream":"stdout","time":"` + ts + `"}` + "\n"
	es = decode(t, NewDecoder(Docker, MaxLineBytes(10)), []byte(docker))
	if lines := fmt.Sprint(linesOf(es)); lines != "[0123456789+ abcdefghij+ A]" {
		t.Errorf("docker: %s", lines)
	}
	es = decode(t, NewDecoder(Raw, MaxLineBytes(10)), []byte("0123456789abcdefghijABCDE\r\nend"))
	if lines := fmt.Sprint(linesOf(es)); lines != "[0123456789+ abcdefghij+ ABCDE end+]" {
		t.Errorf("raw: %s", lines)
	}
	// Values below 1 are ignored.
	if d := NewDecoder(Raw, MaxLineBytes(0)); d.cfg.maxLine != DefaultMaxLineBytes {
		t.Errorf("MaxLineBytes(0) set %d", d.cfg.maxLine)
	}
}

// linesOf renders Entries compactly: the line, "+" when Partial.
func linesOf(es []got) []string {
	var out []string
	for _, e := range es {
		s := e.Line
		if e.Partial {
			s += "+"
		}
		out = append(out, s)
	}
	return out
}

// TestMalformed checks that records not in the decoder's format pass through
// whole on stdout, marked Malformed, without disturbing pending pieces, and
// that every content byte of the input comes out.
func TestMalformed(t *testing.T) {
	const ts = "2026-11-30T04:43:36Z"
	records := []struct {
		record  string
		content string // what must come out
	}{
		{cri(ts, "stdout", "P", "abc"), "abc"},
		{"garbage line\n", "garbage line"},
		{ts + " stdout X not a tag\n", ts + " stdout X not a tag"},
		{ts + " stdin F wrong stream\n", ts + " stdin F wrong stream"},
		{ts + "  stdout F two spaces\r\n", ts + "  stdout F two spaces"},
		{"\n", ""},
		{ts + "\tstdout F tab\n", ts + "\tstdout F tab"},
		{"2026 stdout F def\n", "def"}, // time does not parse: still CRI, zero Time
		{"cut off", "cut off"},
	}
	var input strings.Builder
	for _, r := range records {
		input.WriteString(r.record)
	}
	e := ends(input.String())
	want := []got{
		{Stdout, time.Time{}, "garbage line", false, true, e[1], 0},
		{Stdout, time.Time{}, ts + " stdout X not a tag", false, true, e[2], 0},
		{Stdout, time.Time{}, ts + " stdin F wrong stream", false, true, e[3], 0},
		{Stdout, time.Time{}, ts + "  stdout F two spaces", false, true, e[4], 0},
		{Stdout, time.Time{}, "", false, true, e[5], 0},
		{Stdout, time.Time{}, ts + "\tstdout F tab", false, true, e[6], 0},
		{Stdout, mustTime(t, ts), "abcdef", false, false, e[7], e[7]},
		{Stdout, time.Time{}, "cut off", true, true, e[8], e[8]},
	}
	es := decode(t, NewDecoder(CRI), []byte(input.String()))
	if fmt.Sprint(es) != fmt.Sprint(want) {
		t.Errorf("\n got %+v\nwant %+v", es, want)
	}
	var out strings.Builder
	for _, x := range es {
		out.WriteString(x.Line)
	}
	for _, r := range records {
		if !strings.Contains(out.String(), r.content) {
			t.Errorf("content %q lost", r.content)
		}
	}
}

// TestDockerShapes checks the JSON variants a json-file record may take, and
// the records that are not json-file records.
func TestDockerShapes(t *testing.T) {
	for _, tc := range []struct {
		record string
		want   string
		stream Stream
		bad    bool
	}{
		{`{"log":"a\n","stream":"stdout","attrs":{"tag":"x","n":{"a":[1,"}]",true,null]}},"time":"2026-11-30T04:43:56Z"}`, "a", Stdout, false},
		{` { "stream" : "stderr" , "log" : "b\n" } `, "b", Stderr, false},
		{`{"log":"\"q\" \\ \/ \b\f\t\u00e9\u2028\ud83d\ude00\ud800x\udc00\n","stream":"stdout","time":"2026-11-30T04:43:56Z"}`, "\"q\" \\ / \b\f\té\u2028😀\ufffdx\ufffd", Stdout, false},
		{`{"log":"first\n","log":"second\n","stream":"stdout"}`, "second", Stdout, false},
		{`{"log":"raw ` + "\xff" + ` bytes\n","stream":"stdout"}`, "raw \xff bytes", Stdout, false},
		{`{"log":"x\q\n","stream":"stdout"}`, "", Stdout, true},              // bad escape
		{`{"log":"x\u12\n","stream":"stdout"}`, "", Stdout, true},            // short \u
		{`{"log":"x\n","stream":"stdin"}`, "", Stdout, true},                 // unknown stream
		{`{"log":1,"stream":"stdout"}`, "", Stdout, true},                    // log not a string
		{`{"log":"x\n"}`, "", Stdout, true},                                  // no stream
		{`{"stream":"stdout"}`, "", Stdout, true},                            // no log
		{`{"log":"x\n","stream":"stdout"}}`, "", Stdout, true},               // trailing bytes
		{`{"log":"x\n","stream":"stdout","attrs":{"a":1}`, "", Stdout, true}, // truncated
		{`{"log":"x\n","stream":"stdout" "time":"t"}`, "", Stdout, true},
		{`{}`, "", Stdout, true},
		{`{"log":"x`, "", Stdout, true},
	} {
		es := decode(t, NewDecoder(Docker), []byte(tc.record+"\n"))
		switch {
		case len(es) != 1:
			t.Errorf("%s: %d entries", tc.record, len(es))
		case tc.bad && (!es[0].Malformed || es[0].Line != tc.record || es[0].Stream != Stdout):
			t.Errorf("%s: got %+v, want it passed through Malformed", tc.record, es[0])
		case !tc.bad && (es[0].Malformed || es[0].Line != tc.want || es[0].Stream != tc.stream || es[0].Partial):
			t.Errorf("%s: got %+v, want %q on %s", tc.record, es[0], tc.want, tc.stream)
		}
	}
}

// TestDockerInterleaved checks Docker chunk merging per stream, and that the
// time is the first chunk's.
func TestDockerInterleaved(t *testing.T) {
	rec := func(log, stream, ts string) string {
		return `{"log":"` + log + `","stream":"` + stream + `","time":"` + ts + `"}` + "\n"
	}
	const (
		t0 = "2026-11-30T04:43:56.1Z"
		t1 = "2026-11-30T04:43:56.2Z"
	)
	input := rec("out ", "stdout", t0) + rec("err\\n", "stderr", t1) + rec("more\\r\\n", "stdout", t1)
	e := ends(input)
	want := []got{
		{Stderr, mustTime(t, t1), "err", false, false, e[1], 0},
		{Stdout, mustTime(t, t0), "out more", false, false, e[2], e[2]},
	}
	es := decode(t, NewDecoder(Docker), []byte(input))
	if fmt.Sprint(es) != fmt.Sprint(want) {
		t.Errorf("\n got %+v\nwant %+v", es, want)
	}
	checkResume(t, Docker, []byte(input), es)
}

// TestRaw checks the Raw format: a line per record, no time, CRLF removed.
func TestRaw(t *testing.T) {
	input := "one\ntwo\r\n\nthree \r\r\n" + cri("2026-11-30T04:43:36Z", "stdout", "F", "cri is text here") + "last"
	es := decode(t, NewDecoder(Raw), []byte(input))
	want := "[one two  three \r 2026-11-30T04:43:36Z stdout F cri is text here last+]"
	if got := fmt.Sprint(linesOf(es)); got != want {
		t.Errorf("got %q\nwant %q", got, want)
	}
	for _, e := range es {
		if e.Stream != Stdout || !e.Time.IsZero() || e.Malformed {
			t.Errorf("%+v", e)
		}
	}
}

// TestKubectl checks the Kubectl format: each line behind its time, on
// stdout, the time taken; a line without a time passes through Malformed.
func TestKubectl(t *testing.T) {
	input := "2026-11-30T04:43:36.151101194Z I1130 04:43:36.151101       1 main.go:23] hello\n" +
		"2026-11-30T04:43:37Z\n" + // an empty line, as kubectl writes it
		"2026-11-30T04:43:38+01:00 \tat frame\r\n" +
		"no time here\n" +
		"2026-11-30T04:43:39Z last"
	es := decode(t, NewDecoder(Kubectl), []byte(input))
	want := "[I1130 04:43:36.151101       1 main.go:23] hello  \tat frame no time here last+]"
	if got := fmt.Sprint(linesOf(es)); got != want {
		t.Errorf("got %q\nwant %q", got, want)
	}
	times := []string{"2026-11-30T04:43:36.151101194Z", "2026-11-30T04:43:37Z", "2026-11-30T03:43:38Z", "", "2026-11-30T04:43:39Z"}
	for i, e := range es {
		if e.Stream != Stdout || e.Malformed != (i == 3) {
			t.Errorf("entry %d: %+v", i, e)
		}
		got := ""
		if !e.Time.IsZero() {
			got = e.Time.UTC().Format(time.RFC3339Nano)
		}
		if i < len(times) && got != times[i] {
			t.Errorf("entry %d: time %q, want %q", i, got, times[i])
		}
	}
	if f, err := ParseFormat("kubectl"); err != nil || f != Kubectl || f.String() != "kubectl" {
		t.Errorf("ParseFormat(kubectl) = %v, %v", f, err)
	}
}

// TestFeedOffsets checks ErrOffset and that a refused record changes
// nothing.
func TestFeedOffsets(t *testing.T) {
	const ts = "2026-11-30T04:43:36Z"
	p := []byte(cri(ts, "stdout", "P", "a"))
	f := []byte(cri(ts, "stdout", "F", "b"))
	d := NewDecoder(CRI)
	if _, err := d.Feed(p, int64(len(p))-1); !errors.Is(err, ErrOffset) {
		t.Errorf("record before offset 0: %v", err)
	}
	if _, err := d.Feed(p, 100); err != nil { // a gap before it is fine
		t.Fatal(err)
	}
	if _, err := d.Feed(f, 100); !errors.Is(err, ErrOffset) {
		t.Errorf("overlapping record: %v", err)
	}
	if d.Offset() != 100 {
		t.Errorf("Offset() = %d", d.Offset())
	}
	es, err := d.Feed(f, 100+int64(len(f)))
	if err != nil || len(es) != 1 || string(es[0].Line) != "ab" || es[0].Resume != 100+int64(len(f)) {
		t.Errorf("after the refused record: %+v %v", keep(es), err)
	}
}

// TestReset checks that Reset starts a new file.
func TestReset(t *testing.T) {
	const ts = "2026-11-30T04:43:36Z"
	d := NewDecoder(Auto)
	p := []byte(cri(ts, "stdout", "P", "pending"))
	if _, err := d.Feed(p, 1000); err != nil {
		t.Fatal(err)
	}
	d.Reset()
	if d.Format() != Auto || d.Offset() != 0 || len(d.Flush()) != 0 {
		t.Errorf("after Reset: format %s offset %d", d.Format(), d.Offset())
	}
	es := decode(t, d, []byte("plain\n"))
	if d.Format() != Raw || len(es) != 1 || es[0].Line != "plain" {
		t.Errorf("after Reset: %s %+v", d.Format(), es)
	}
}

// TestAll checks the reader loop against Feed, its early stop and its read
// errors.
func TestAll(t *testing.T) {
	for _, name := range []string{containerdSample, dockerSample, containerdIST} {
		input := readTestdata(t, name)
		want := decode(t, NewDecoder(Auto), input)
		var es []got
		for e, err := range NewDecoder(Auto).All(bytes.NewReader(input)) {
			if err != nil {
				t.Fatal(err)
			}
			es = append(es, keep([]Entry{e})...)
		}
		if fmt.Sprint(es) != fmt.Sprint(want) {
			t.Errorf("%s: All and Feed differ", name)
		}
		// Small reads do not change anything.
		es = es[:0]
		for e := range NewDecoder(Auto).All(iotest.OneByteReader(bytes.NewReader(input))) {
			es = append(es, keep([]Entry{e})...)
		}
		if fmt.Sprint(es) != fmt.Sprint(want) {
			t.Errorf("%s: All over one-byte reads differs", name)
		}
	}

	n := 0
	for range NewDecoder(Raw).All(strings.NewReader("a\nb\nc\n")) {
		n++
		break
	}
	if n != 1 {
		t.Errorf("break: %d", n)
	}

	boom := errors.New("boom")
	var lines []string
	var gotErr error
	for e, err := range NewDecoder(CRI).All(io.MultiReader(strings.NewReader(cri("2026-11-30T04:43:36Z", "stdout", "P", "x")), iotest.ErrReader(boom))) {
		if err != nil {
			gotErr = err
			continue
		}
		lines = append(lines, string(e.Line))
	}
	if !errors.Is(gotErr, boom) || fmt.Sprint(lines) != "[x]" {
		t.Errorf("read error: %v, lines %q", gotErr, lines)
	}
}

// TestAllLongLine checks a raw line longer than All's record buffer: it is
// fed in parts and comes out whole, in MaxLineBytes pieces.
func TestAllLongLine(t *testing.T) {
	line := strings.Repeat("0123456789", 70_000) // 700 kB, over the 260 KiB record bound
	var out strings.Builder
	var partials int
	var last Entry
	for e, err := range NewDecoder(Raw, MaxLineBytes(100_000)).All(strings.NewReader(line + "\nnext\n")) {
		if err != nil {
			t.Fatal(err)
		}
		if len(e.Line) > 100_000 {
			t.Fatalf("Line of %d bytes", len(e.Line))
		}
		if e.Partial {
			partials++
		}
		if string(e.Line) != "next" {
			out.Write(e.Line)
		}
		last = e
	}
	if out.String() != line || partials < 7 || string(last.Line) != "next" || last.End != int64(len(line))+6 {
		t.Errorf("long line: %d bytes out, %d partial, last %+v", out.Len(), partials, last)
	}
}

// TestAllocs checks the hot paths do not allocate once the buffers are warm.
func TestAllocs(t *testing.T) {
	const ts = "2026-11-30T04:43:36.151101194+05:30"
	for _, tc := range []struct {
		name    string
		f       Format
		records []string
	}{
		{"cri-F", CRI, []string{cri(ts, "stdout", "F", "2026-11-30T04:40:40.271Z\tINFO\thello")}},
		{"cri-P-F", CRI, []string{cri(ts, "stdout", "P", strings.Repeat("a", 16384)), cri(ts, "stderr", "F", "x"), cri(ts, "stdout", "F", "bb")}},
		{"cri-split", CRI, []string{cri(ts, "stdout", "P", strings.Repeat("a", 3000)), cri(ts, "stdout", "P", strings.Repeat("b", 3000)), cri(ts, "stdout", "F", "c")}},
		{"docker", Docker, []string{`{"log":"\u001b[36mINFO\u001b[0m \u003cb\u003e\n","stream":"stderr","time":"2026-11-30T04:43:56.26583398Z"}` + "\n"}},
		{"docker-P-F", Docker, []string{`{"log":"aaaa","stream":"stderr","time":"2026-11-30T04:43:56.26583398Z"}` + "\n", `{"log":"bb\n","stream":"stderr","time":"2026-11-30T04:43:56.26583398Z"}` + "\n"}},
		{"raw", Raw, []string{"plain line\r\n"}},
		{"malformed", CRI, []string{"not cri\n"}},
	} {
		d := NewDecoder(tc.f, MaxLineBytes(4096))
		recs := make([][]byte, len(tc.records))
		for i, r := range tc.records {
			recs[i] = []byte(r)
		}
		run := func() {
			for _, r := range recs {
				if _, err := d.Feed(r, d.Offset()+int64(len(r))); err != nil {
					t.Fatal(err)
				}
			}
			d.Flush()
		}
		run()
		if n := testing.AllocsPerRun(100, run); n != 0 {
			t.Errorf("%s: %v allocations per run", tc.name, n)
		}
	}
}

// TestNames checks Format and Stream names and parsing.
func TestNames(t *testing.T) {
	for _, f := range []Format{Auto, CRI, Docker, Raw} {
		g, err := ParseFormat(f.String())
		if err != nil || g != f {
			t.Errorf("ParseFormat(%q) = %v, %v", f.String(), g, err)
		}
	}
	if _, err := ParseFormat("json"); !errors.Is(err, ErrFormat) {
		t.Errorf("ParseFormat(json): %v", err)
	}
	if Format(9).String() != "Format(9)" || Stream(7).String() != "Stream(7)" ||
		Stdout.String() != "stdout" || Stderr.String() != "stderr" {
		t.Error("String")
	}
	if _, err := Format(9).MarshalText(); !errors.Is(err, ErrFormat) {
		t.Errorf("MarshalText: %v", err)
	}
	// A Format is a flag.
	var f Format
	fs := flag.NewFlagSet("x", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.TextVar(&f, "input", Auto, "container log format")
	if err := fs.Parse([]string{"-input", "docker"}); err != nil || f != Docker {
		t.Errorf("flag: %v %s", err, f)
	}
	if err := fs.Parse([]string{"-input", "xml"}); err == nil {
		t.Error("flag accepted xml")
	}
	if d := NewDecoder(Format(42)); d.Format() != Auto {
		t.Errorf("NewDecoder(42).Format() = %s", d.Format())
	}
}
