package parser

import (
	"bytes"
	"testing"
)

// TestAppendSpan holds appendSpan to append for every span of a text, into
// buffers with and without room for its 16-byte move, and checks that the
// bytes of dst before its length are kept.
func TestAppendSpan(t *testing.T) {
	text := []byte(`{"level":"info","count": 3, "a":"b"}` + "0123456789abcdefghijklmnopqrstuv")
	for _, capB := range []int{len(text), len(text) + 16} {
		b := make([]byte, len(text), capB)
		copy(b, text)
		for i := 0; i <= len(b); i++ {
			for e := i; e <= len(b); e++ {
				for _, room := range []int{0, 1, 15, 16, 17, 40} {
					dst := make([]byte, 3, 3+room)
					copy(dst, "abc")
					got := appendSpan(dst, b, i, e)
					want := append([]byte("abc"), b[i:e]...)
					if !bytes.Equal(got, want) {
						t.Fatalf("appendSpan(cap %d, %d, %d) room %d = %q, want %q", capB, i, e, room, got, want)
					}
				}
			}
		}
	}
}
