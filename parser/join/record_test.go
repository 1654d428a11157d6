package join

import (
	"bytes"
	"math/rand"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/relevel/relevel/parser"
)

// The Joiner reuses the probe of a record's first line as the parse of a
// single-line record, and completes it for a record of several lines
// (parser.ParseAfterHeader): every record equals what parser.ParseLine (one line)
// or parser.Parse (several) makes of its raw text, on the corpus, on the
// join shapes, on lines with CRs and on random junk, with lines fed whole
// and in pieces.
func TestRecordIsParseOfRaw(t *testing.T) {
	var inputs [][]byte
	files, _ := filepath.Glob("../../testdata/corpus/*/*.log")
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		inputs = append(inputs, b)
	}
	inputs = append(inputs, []byte(klogInfo+klogBlock+"legacy\ncontinued\n"+zapStack+logrusTxt+plain+plain+klogInfo+goPanic),
		[]byte("I1130 04:40:14.476718   11180 main.go:25] crlf\r\nplain\r\n{\n\"level\": \"info\"\n}\n\r\n\n"),
		[]byte("time=\"2026-11-30T04:41:25Z\" level=info msg=\"crlf\"\r\n"+logrusTxt))
	rng := rand.New(rand.NewSource(1))
	const alphabet = "IWEF01234 :.]\"=\t\n\r{}[abclevel"
	for range 20 {
		b := make([]byte, 2000)
		for i := range b {
			b[i] = alphabet[rng.Intn(len(alphabet))]
		}
		inputs = append(inputs, b)
	}
	inPlace := 0
	for _, in := range inputs {
		recordsAreParses(t, in)
		scannedRecordsAreParses(t, in, rng, &inPlace)
	}
	if inPlace == 0 {
		t.Error("no record of several lines read its message in place (Record.MessageText)")
	}
}

// scannedRecordsAreParses holds the records of a Scanner, whose Joiner
// borrows its lines from the Scanner's buffer (Joiner.borrow), to
// parser.ParseLine or parser.Parse of their raw text, reading in through
// small reads of random size, so that the Scanner moves its buffer's
// bytes in the middle of records and must copy them first (Joiner.own).
func scannedRecordsAreParses(t *testing.T, in []byte, rnd *rand.Rand, inPlace *int) {
	s := New(&choppyReader{data: in, rnd: rnd}, MaxLines(1<<20))
	var all []byte
	for s.Next() {
		raw := s.Raw()
		all = append(all, raw...)
		text := bytes.TrimSuffix(raw, []byte("\n"))
		var want parser.Record
		if s.Lines() == 1 {
			parser.ParseLine(text, &want)
		} else {
			parser.Parse(text, &want)
		}
		if got := s.Record(); !reflect.DeepEqual(*got, want) {
			t.Fatalf("scanned record %q:\n got %+v\nwant %+v", raw, *got, want)
		}
		// A record of several lines reads its message in place when the
		// continuation lines follow it directly: it must be the copy's.
		if m, ok := s.Record().MessageText(); ok {
			if c := s.Record().AppendMessage(nil); !bytes.Equal(m, c) {
				t.Fatalf("scanned record %q: MessageText %q, AppendMessage %q", raw, m, c)
			}
			if s.Lines() > 1 {
				*inPlace++
			}
		}
	}
	if !bytes.Equal(all, in) {
		t.Fatalf("scanned round trip:\n got %q\nwant %q", all, in)
	}
}

// recordsAreParses joins in, fed whole lines and then lines in pieces, with
// no bound on the lines, and holds every record to parser.ParseLine (one
// line) or parser.Parse (several) of its raw text.
func recordsAreParses(t *testing.T, in []byte) {
	for _, pieces := range []bool{false, true} {
		j := NewJoiner(MaxLines(1 << 20))
		var all []byte
		check := func() {
			raw := j.Raw()
			all = append(all, raw...)
			text := bytes.TrimSuffix(raw, []byte("\n"))
			var want parser.Record
			if j.Lines() == 1 {
				parser.ParseLine(text, &want)
			} else {
				parser.Parse(text, &want)
			}
			if got := j.Record(); !reflect.DeepEqual(*got, want) {
				t.Fatalf("record %q:\n got %+v\nwant %+v", raw, *got, want)
			}
		}
		for _, line := range bytes.SplitAfter(in, []byte("\n")) {
			if len(line) == 0 {
				continue
			}
			if pieces && len(line) > 10 {
				if j.Add(line[:7]) {
					check()
				}
				line = line[7:]
			}
			if j.Add(line) {
				check()
			}
		}
		if j.Flush() {
			check()
		}
		if !bytes.Equal(all, in) {
			t.Fatalf("round trip lost bytes")
		}
	}
}
