package parser

import (
	"bytes"
	"testing"
)

func TestIndexByteFrom(t *testing.T) {
	b := make([]byte, 0, 100)
	for n := 0; n < 80; n++ {
		b = b[:0]
		for k := 0; k < n; k++ {
			b = append(b, byte('a'+k%26))
		}
		for _, c := range []byte{' ', 'a', 'z', 0, 0x80, 0xff} {
			for p := -1; p < n; p++ {
				bb := append([]byte(nil), b...)
				if p >= 0 {
					bb[p] = c
				}
				if p+1 < n {
					bb[n-1] = c // a second hit after the first
				}
				for i := 0; i <= n; i++ {
					want := bytes.IndexByte(bb[i:], c)
					if want >= 0 {
						want += i
					}
					if got := indexByteFrom(bb, i, c); got != want {
						t.Fatalf("indexByteFrom(%q, %d, %q) = %d, want %d", bb, i, c, got, want)
					}
				}
			}
		}
	}
}

func TestIndexByteShort(t *testing.T) {
	for n := 0; n < 80; n++ {
		b := make([]byte, n)
		for k := range b {
			b[k] = byte('a' + k%26)
		}
		for _, c := range []byte{' ', '=', 'a', 'z', 0, 0x80, 0xff} {
			for p := -1; p < n; p++ {
				for q := p; q < n; q++ {
					bb := append([]byte(nil), b...)
					if p >= 0 {
						bb[p] = c
					}
					if q > p {
						bb[q] = c // a second hit after the first
					}
					if got, want := indexByteShort(bb, c), bytes.IndexByte(bb, c); got != want {
						t.Fatalf("indexByteShort(%q, %q) = %d, want %d", bb, c, got, want)
					}
				}
			}
		}
	}
}

func FuzzIndexByteShort(f *testing.F) {
	f.Add([]byte("github.com/relevel/relevel/internal/corpusgen.runInProcess.func1(...)"), byte('='))
	f.Fuzz(func(t *testing.T, b []byte, c byte) {
		if got, want := indexByteShort(b, c), bytes.IndexByte(b, c); got != want {
			t.Fatalf("indexByteShort(%q, %q) = %d, want %d", b, c, got, want)
		}
	})
}

// indexBareEnd is indexByteFrom for ' ', whatever other low bytes come
// first.
func TestIndexBareEnd(t *testing.T) {
	fill := []byte{'x', '\t', 0, 0x1f, 0x21, 0x7f, 0x80, 0xff}
	for n := 0; n < 30; n++ {
		for _, f := range fill {
			for p := -1; p < n; p++ {
				for q := -1; q < n; q++ {
					b := bytes.Repeat([]byte{'y'}, n)
					if q >= 0 {
						b[q] = f
					}
					if p >= 0 {
						b[p] = ' '
					}
					for i := 0; i <= n; i++ {
						if got, want := indexBareEnd(b, i), indexByteFrom(b, i, ' '); got != want {
							t.Fatalf("indexBareEnd(%q, %d) = %d, want %d", b, i, got, want)
						}
					}
				}
			}
		}
	}
}

func TestIndexSpaceOrESCFrom(t *testing.T) {
	ref := func(b []byte, i int) int {
		if k := bytes.IndexAny(b[i:], " \x1b"); k >= 0 {
			return i + k
		}
		return -1
	}
	// Bytes just around the marked range, the control bytes that are marked
	// but not searched for, and bytes whose borrow could mark a neighbour.
	fill := []byte{'x', '\t', 0, 0x1f, 0x21, 0x22, 0x7f, 0x80, 0xa0, 0xff}
	for n := 0; n < 30; n++ {
		for _, f := range fill {
			for p := -1; p < n; p++ {
				for _, c := range []byte{' ', 0x1b} {
					for q := -1; q < n; q++ {
						b := bytes.Repeat([]byte{'y'}, n)
						if q >= 0 {
							b[q] = f
						}
						if p >= 0 {
							b[p] = c
						}
						for i := 0; i <= n; i++ {
							if got, want := indexSpaceOrESCFrom(b, i), ref(b, i); got != want {
								t.Fatalf("indexSpaceOrESCFrom(%q, %d) = %d, want %d", b, i, got, want)
							}
						}
					}
				}
			}
		}
	}
}
