package parser

import "testing"

// plainString must agree with the byte-by-byte definition on every length
// and position, including bytes >= 0x80 that the word trick could confuse.
func TestPlainString(t *testing.T) {
	ref := func(s []byte) bool {
		for _, c := range s {
			if c < 0x20 || c == '\\' {
				return false
			}
		}
		return true
	}
	for n := 0; n <= 24; n++ {
		for pos := 0; pos < n; pos++ {
			for _, bad := range []byte{0x00, 0x1f, '\\', 0x20, 0x7f, 0x80, 0xff, 0xa0, 0x9f, 'a'} {
				s := make([]byte, n)
				for i := range s {
					src := "héllo wörld, \x7f\xc3\xa9!"
					s[i] = src[i%len(src)]
				}
				s[pos] = bad
				if got, want := plainString(s), ref(s); got != want {
					t.Fatalf("%q: got %v want %v", s, got, want)
				}
			}
		}
	}
}
