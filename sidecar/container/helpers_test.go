package container

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// got is an Entry with its Line copied.
type got struct {
	Stream    Stream
	Time      time.Time
	Line      string
	Partial   bool
	Malformed bool
	End       int64
	Resume    int64
}

func keep(es []Entry) []got {
	var out []got
	for _, e := range es {
		out = append(out, got{e.Stream, e.Time, string(e.Line), e.Partial, e.Malformed, e.End, e.Resume})
	}
	return out
}

// split cuts input into physical records, each with its "\n"; the last one
// may have none.
func split(input []byte) [][]byte {
	var recs [][]byte
	for len(input) > 0 {
		i := bytes.IndexByte(input, '\n') + 1
		if i == 0 {
			i = len(input)
		}
		recs = append(recs, input[:i])
		input = input[i:]
	}
	return recs
}

// decode feeds every record of input, then flushes, and returns the copied
// Entries.
func decode(t testing.TB, d *Decoder, input []byte) []got {
	t.Helper()
	var all []got
	var off int64
	for _, r := range split(input) {
		off += int64(len(r))
		es, err := d.Feed(r, off)
		if err != nil {
			t.Fatalf("Feed(%q, %d): %v", r, off, err)
		}
		all = append(all, keep(es)...)
	}
	return append(all, keep(d.Flush())...)
}

func readTestdata(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func mustTime(t testing.TB, s string) time.Time {
	t.Helper()
	tm, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		t.Fatal(err)
	}
	return tm
}

// checkOffsets asserts the offset invariants of a decoded sequence: End is
// monotonic within a stream's lines and within the Malformed entries, Resume
// is monotonic overall, and neither passes the end of the input.
func checkOffsets(t testing.TB, es []got, size int64) {
	t.Helper()
	var lastEnd [3]int64
	var lastResume int64
	for i, e := range es {
		s := e.Stream & 1
		if e.Malformed {
			s = 2
		}
		if e.End < lastEnd[s] {
			t.Errorf("entry %d: End %d before the previous %s End %d", i, e.End, e.Stream, lastEnd[s])
		}
		lastEnd[s] = e.End
		if e.Resume < lastResume {
			t.Errorf("entry %d: Resume %d before the previous Resume %d", i, e.Resume, lastResume)
		}
		lastResume = e.Resume
		if e.End > size || e.Resume > size || e.End < 0 || e.Resume < 0 {
			t.Errorf("entry %d: End %d / Resume %d outside [0, %d]", i, e.End, e.Resume, size)
		}
	}
}
