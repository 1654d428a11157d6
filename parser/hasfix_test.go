package parser

import (
	"bytes"
	"testing"
)

// hasPrefix and hasSuffix stand in for bytes.HasPrefix and bytes.HasSuffix
// with constant words (#14): the same answer for every length.
func FuzzHasPrefixSuffix(f *testing.F) {
	for _, s := range []string{"", "=", "=<", "x=<", " >", "panic: x", "fatal error: ", "\tenvoy x", "()", "f()", "\x1b[0m"} {
		f.Add([]byte(s), "=<")
	}
	f.Fuzz(func(t *testing.T, b []byte, w string) {
		if got, want := hasPrefix(b, w), bytes.HasPrefix(b, []byte(w)); got != want {
			t.Fatalf("hasPrefix(%q, %q) = %v, want %v", b, w, got, want)
		}
		if got, want := hasSuffix(b, w), bytes.HasSuffix(b, []byte(w)); got != want {
			t.Fatalf("hasSuffix(%q, %q) = %v, want %v", b, w, got, want)
		}
	})
}
