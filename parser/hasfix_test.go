package parser

import (
	"bytes"
	"testing"
)

// hasPrefix and hasSuffix stand in for bytes.HasPrefix and bytes.HasSuffix
// with constant words, lastIndexByte for bytes.LastIndexByte (#14): the
// same answer for every input.
func FuzzHasPrefixSuffix(f *testing.F) {
	for _, s := range []string{"", "=", "=<", "x=<", " >", "panic: x", "fatal error: ", "\tenvoy x", "()", "f()", "\x1b[0m", "a\nb\tc\x80\xff\x00=0123456789\n\t", "\n\n\n\n\n\n\n\n\n", "\x7f\x7f\x7f\x7f\x7f\x7f\x7f\x7f\x0a"} {
		f.Add([]byte(s), "=<")
	}
	f.Fuzz(func(t *testing.T, b []byte, w string) {
		if got, want := hasPrefix(b, w), bytes.HasPrefix(b, []byte(w)); got != want {
			t.Fatalf("hasPrefix(%q, %q) = %v, want %v", b, w, got, want)
		}
		if got, want := hasSuffix(b, w), bytes.HasSuffix(b, []byte(w)); got != want {
			t.Fatalf("hasSuffix(%q, %q) = %v, want %v", b, w, got, want)
		}
		// lastIndexByte stands in for bytes.LastIndexByte.
		for _, c := range []byte{'\n', '\t', 0, 0x80, 0xff, '='} {
			if got, want := lastIndexByte(b, c), bytes.LastIndexByte(b, c); got != want {
				t.Fatalf("lastIndexByte(%q, %q) = %d, want %d", b, c, got, want)
			}
		}
	})
}
