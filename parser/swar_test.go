package parser

import (
	"bytes"
	"encoding/binary"
	"math/bits"
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

// indexByteShort was logfmt's search for '=' before parseLogfmt rejected
// such lines with one vector search: kept here as that rejection's reference
// (TestParseLogfmtReject) and tested against bytes.IndexByte.
//
// It returns the index of the first c in b, or -1, for a b
// of a few words (a bounded look ahead): every word is read eight bytes at
// a time, the last one overlapping the one before it rather than read
// byte by byte, and no call to bytes.IndexByte is made past swarReach,
// which costs more than the words on a search that fails (most: a line
// of the wrong format).
func indexByteShort(b []byte, c byte) int {
	pat := uint64(c) * swarOnes
	i := 0
	for ; i+8 <= len(b); i += 8 {
		x := binary.LittleEndian.Uint64(b[i:]) ^ pat
		if m := (x - swarOnes) &^ x & swarHigh; m != 0 {
			return i + bits.TrailingZeros64(m)/8
		}
	}
	if i == len(b) {
		return -1
	}
	if len(b) >= 8 {
		// The bytes before i in this word held no c: the first hit is
		// at or after i, and only a byte above it can be a false one.
		i = len(b) - 8
		x := binary.LittleEndian.Uint64(b[i:]) ^ pat
		if m := (x - swarOnes) &^ x & swarHigh; m != 0 {
			return i + bits.TrailingZeros64(m)/8
		}
		return -1
	}
	for ; i < len(b); i++ {
		if b[i] == c {
			return i
		}
	}
	return -1
}
