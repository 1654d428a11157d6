package container

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"
)

const (
	containerdSample = "cri-containerd-v1.7.29-NewCRILogger-output.log"
	containerdIST    = "cri-containerd-v1.7.29-NewCRILogger-TZ-Asia-Kolkata.log"
	containerdSum    = "cri-containerd-v1.7.29-NewCRILogger-output.summary.txt"
	dockerSample     = "docker-v28.5.2-jsonfile-copier-output.log"

	zapLine = "2026-11-30T04:40:40.271Z\tINFO\tcontroller.sub\tzap/main.go:23\tinfo message\t{\"k\": \"v\"}"
)

func longLine() string {
	return strings.Repeat("a", 16384) + strings.Repeat("b", 16384) + strings.Repeat("c", 100)
}

// summaryRecord is one line of the containerd sample's .summary.txt.
type summaryRecord struct {
	ts     string
	stream string
	tag    string
	n      int
}

func readSummary(t *testing.T) []summaryRecord {
	var recs []summaryRecord
	sc := bufio.NewScanner(bytes.NewReader(readTestdata(t, containerdSum)))
	for sc.Scan() {
		var no int
		var r summaryRecord
		line := strings.NewReplacer("=", " ").Replace(sc.Text())
		if _, err := fmt.Sscanf(line, "line %d: ts %s stream %s tag %s content_len %d", &no, &r.ts, &r.stream, &r.tag, &r.n); err != nil {
			t.Fatalf("summary %q: %v", sc.Text(), err)
		}
		recs = append(recs, r)
	}
	if len(recs) != 10 {
		t.Fatalf("summary has %d records, want 10", len(recs))
	}
	return recs
}

// TestContainerdSample decodes the file containerd v1.7.29's CRI logger
// wrote and checks it against the generator's own summary, record by record,
// and against the text the program wrote.
func TestContainerdSample(t *testing.T) {
	input := readTestdata(t, containerdSample)
	recs := split(input)
	sum := readSummary(t)
	if len(recs) != len(sum) {
		t.Fatalf("%d records in the file, %d in the summary", len(recs), len(sum))
	}

	// The summary, merged the way kubelet merges it: P pieces up to the next
	// F; a P left at EOF is what Flush emits, Partial.
	type want struct {
		ts      string
		stream  Stream
		n       int
		end     int64
		partial bool
	}
	var wants []want
	var off int64
	open := false
	for i, r := range sum {
		off += int64(len(recs[i]))
		if !open {
			wants = append(wants, want{ts: r.ts, stream: Stdout})
		}
		if r.stream != "stdout" {
			t.Fatalf("summary record %d on %s", i+1, r.stream)
		}
		w := &wants[len(wants)-1]
		w.n += r.n
		w.end = off
		open = r.tag == "P"
		w.partial = open
	}

	d := NewDecoder(CRI)
	es := decode(t, d, input)
	if len(es) != len(wants) {
		t.Fatalf("%d entries, want %d: %+v", len(es), len(wants), es)
	}
	for i, w := range wants {
		e := es[i]
		if len(e.Line) != w.n || e.Stream != w.stream || e.Partial != w.partial || e.Malformed ||
			!e.Time.Equal(mustTime(t, w.ts)) || e.End != w.end || e.Resume != w.end {
			t.Errorf("entry %d = {%s %s len %d partial %v malformed %v end %d resume %d}, want {%s %s len %d partial %v end %d}",
				i, e.Stream, e.Time.Format(time.RFC3339Nano), len(e.Line), e.Partial, e.Malformed, e.End, e.Resume,
				w.stream, w.ts, w.n, w.partial, w.end)
		}
	}
	checkOffsets(t, es, int64(len(input)))

	// The exact text the program wrote.
	lines := []string{
		"hello from stdout",
		"",
		"tty-style line ending", // written with "\r\n"; containerd dropped the "\r"
		zapLine,                 // TABs kept
		"first half of a line written in two writes, second half",
		longLine(), // P 16384 + P 16384 + F 100
		strings.Repeat("x", 16384),
		"final line without newline at EOF",
	}
	for i, l := range lines {
		if es[i].Line != l {
			t.Errorf("entry %d = %.80q (len %d), want %.80q (len %d)", i, es[i].Line, len(es[i].Line), l, len(l))
		}
	}
	if len(es[5].Line) != 32868 {
		t.Errorf("merged line has %d bytes, want 32868", len(es[5].Line))
	}
	if d.Format() != CRI {
		t.Errorf("Format() = %s", d.Format())
	}
}

// TestContainerdSampleZone checks containerd's local-time stamps (TZ
// Asia/Kolkata): the numeric offset is kept in the Time's zone.
func TestContainerdSampleZone(t *testing.T) {
	input := readTestdata(t, containerdIST)
	es := decode(t, NewDecoder(Auto), input)
	want := []string{"hello from stdout", "", "tty-style line ending"}
	if len(es) != len(want) {
		t.Fatalf("%d entries, want %d", len(es), len(want))
	}
	for i, r := range split(input) {
		ts := string(r[:bytes.IndexByte(r, ' ')])
		if es[i].Line != want[i] || !es[i].Time.Equal(mustTime(t, ts)) {
			t.Errorf("entry %d = %q at %v, want %q at %s", i, es[i].Line, es[i].Time, want[i], ts)
		}
		if _, off := es[i].Time.Zone(); off != 5*3600+1800 {
			t.Errorf("entry %d: zone offset %d, want +05:30", i, off)
		}
	}
}

// dockerJSON is what encoding/json reads from a json-file record: the
// reference the hand-written decoder is checked against.
type dockerJSON struct {
	Log    string `json:"log"`
	Stream string `json:"stream"`
	Time   string `json:"time"`
}

// TestDockerSample decodes the file Docker v28.5.2's json-file driver wrote.
func TestDockerSample(t *testing.T) {
	input := readTestdata(t, dockerSample)
	recs := split(input)
	d := NewDecoder(Docker)
	es := decode(t, d, input)

	var ends []int64
	var off int64
	for _, r := range recs {
		off += int64(len(r))
		ends = append(ends, off)
	}
	ts := func(i int) time.Time {
		var j dockerJSON
		if err := json.Unmarshal(recs[i], &j); err != nil {
			t.Fatal(err)
		}
		return mustTime(t, j.Time)
	}
	want := []got{
		{Stderr, ts(0), "hello from stderr", false, false, ends[0], ends[0]},
		{Stderr, ts(1), "", false, false, ends[1], ends[1]},
		{Stderr, ts(2), "tty-style line ending", false, false, ends[2], ends[2]}, // "\r\n" in the file
		{Stderr, ts(3), strings.ReplaceAll(zapLine, "info message", "info <b>&</b>"), false, false, ends[3], ends[3]},
		{Stderr, ts(4), "\x1b[36mINFO\x1b[0m[0000] colored logrus line   \ufffd invalid utf8", false, false, ends[4], ends[4]},
		{Stderr, ts(5), longLine(), false, false, ends[7], ends[7]}, // 16384 + 16384 + 101 chunks
		{Stderr, ts(8), "final line without newline at EOF", true, false, ends[8], ends[8]},
	}
	if len(es) != len(want) {
		t.Fatalf("%d entries, want %d: %+v", len(es), len(want), es)
	}
	for i := range want {
		e, w := es[i], want[i]
		if e.Stream != w.Stream || !e.Time.Equal(w.Time) || e.Line != w.Line || e.Partial != w.Partial ||
			e.Malformed || e.End != w.End || e.Resume != w.Resume {
			t.Errorf("entry %d\n got {%s %v %.80q partial %v malformed %v end %d resume %d}\nwant {%s %v %.80q partial %v end %d resume %d}",
				i, e.Stream, e.Time, e.Line, e.Partial, e.Malformed, e.End, e.Resume,
				w.Stream, w.Time, w.Line, w.Partial, w.End, w.Resume)
		}
	}
	if !strings.Contains(string(recs[4]), `\ufffd`) || !strings.Contains(es[4].Line, "\xef\xbf\xbd") {
		t.Error("the invalid UTF-8 byte is not the \\ufffd escape Docker stored, decoded to U+FFFD")
	}
	if got := []int{len(recs[5]), len(recs[6]), len(recs[7])}; !strings.Contains(string(recs[7]), `\n"`) ||
		strings.Contains(string(recs[5]), `\n"`) || strings.Contains(string(recs[6]), `\n"`) {
		t.Errorf("sample chunks %v do not have the expected line ends", got)
	}
	checkOffsets(t, es, int64(len(input)))

	// The same lines as encoding/json gives, merged per stream.
	var ref []string
	var cur strings.Builder
	for _, r := range recs {
		var j dockerJSON
		if err := json.Unmarshal(r, &j); err != nil {
			t.Fatal(err)
		}
		cur.WriteString(j.Log)
		if strings.HasSuffix(j.Log, "\n") {
			ref = append(ref, strings.TrimSuffix(strings.TrimSuffix(cur.String(), "\n"), "\r"))
			cur.Reset()
		}
	}
	ref = append(ref, cur.String())
	for i := range ref {
		if es[i].Line != ref[i] {
			t.Errorf("entry %d = %.60q, encoding/json gives %.60q", i, es[i].Line, ref[i])
		}
	}
}

// TestAutoSamples checks detection on the real files and on plain text.
func TestAutoSamples(t *testing.T) {
	for _, tc := range []struct {
		input string
		want  Format
	}{
		{string(readTestdata(t, containerdSample)), CRI},
		{string(readTestdata(t, containerdIST)), CRI},
		{string(readTestdata(t, dockerSample)), Docker},
		{"\n\r\n" + string(readTestdata(t, dockerSample)), Docker},
		{"I1130 04:43:36.151101       1 main.go:23] hello\n", Raw},
		{`{"level":"info","msg":"zap json is not docker"}` + "\n", Raw},
		{`{"log":"x\n","stream":"stdin"}` + "\n", Raw},
		{"2026-11-30T04:43:36Z stdout X hello\n", Raw},
	} {
		d := NewDecoder(Auto)
		if d.Format() != Auto {
			t.Fatalf("Format() = %s before the first record", d.Format())
		}
		es := decode(t, d, []byte(tc.input))
		if d.Format() != tc.want {
			t.Errorf("%.40q: detected %s, want %s", tc.input, d.Format(), tc.want)
		}
		for _, e := range es {
			if e.Malformed {
				t.Errorf("%.40q: malformed entry %+v", tc.input, e)
			}
		}
	}
}

// TestAutoEmptyFirst checks that blank records before detection come out as
// empty stdout lines and do not fix the format.
func TestAutoEmptyFirst(t *testing.T) {
	d := NewDecoder(Auto)
	es := decode(t, d, []byte("\n\r\n2026-11-30T04:43:36Z stderr F x\n"))
	want := []got{
		{Stdout, time.Time{}, "", false, false, 1, 1},
		{Stdout, time.Time{}, "", false, false, 3, 3},
		{Stderr, mustTime(t, "2026-11-30T04:43:36Z"), "x", false, false, 35, 35},
	}
	if fmt.Sprint(es) != fmt.Sprint(want) {
		t.Errorf("got  %+v\nwant %+v", es, want)
	}
}
