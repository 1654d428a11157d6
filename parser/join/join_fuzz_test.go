package join

import (
	"bytes"
	"math/rand"
	"os"
	"path/filepath"
	"testing"
)

// FuzzJoin checks that records always reproduce the input byte for byte and
// respect the bounds, whatever the input and the bounds, and, within the
// default byte bound, that each record is the parse of its raw text
// (recordsAreParses): the Joiner takes its probes' results instead of
// parsing again.
func FuzzJoin(f *testing.F) {
	f.Add([]byte(klogInfo+klogBlock+zapStack+logrusTxt+goPanic+plain), uint8(3), uint16(100))
	f.Add([]byte("a\nb\r\n\n\x00"), uint8(1), uint16(64))
	files, _ := filepath.Glob("../../testdata/corpus/*/*.log")
	for _, file := range files {
		if b, err := os.ReadFile(file); err == nil && len(b) < 64<<10 {
			f.Add(b, uint8(50), uint16(4096))
		}
	}
	f.Fuzz(func(t *testing.T, input []byte, maxLines uint8, maxBytes uint16) {
		ml, mb := int(maxLines)+1, int(maxBytes)+64
		s := New(bytes.NewReader(input), MaxLines(ml), MaxBytes(mb))
		var all []byte
		for s.Next() {
			raw := s.Raw()
			if len(raw) == 0 {
				t.Fatal("empty record")
			}
			if s.Lines() > ml {
				t.Fatalf("%d lines over the bound %d", s.Lines(), ml)
			}
			if len(raw) > mb && bytes.Count(raw, []byte("\n")) > 1 {
				t.Fatalf("multi-line record of %d bytes over the bound %d", len(raw), mb)
			}
			all = append(all, raw...)
		}
		if !bytes.Equal(all, input) {
			t.Fatalf("round trip:\n got %q\nwant %q", all, input)
		}
		if len(input) < DefaultMaxBytes {
			recordsAreParses(t, input)
			scannedRecordsAreParses(t, input, rand.New(rand.NewSource(int64(len(input)))), new(int))
		}
	})
}
