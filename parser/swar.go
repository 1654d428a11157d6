package parser

import (
	"bytes"
	"encoding/binary"
	"math/bits"
)

// Eight bytes at a time: log tokens (values, quoted strings, message words)
// are mostly 4 to 40 bytes, where bytes.IndexByte's call and vector set-up
// cost more than the search. Past swarReach bytes the vectorised search wins.
const (
	swarOnes  = 0x0101010101010101
	swarHigh  = 0x8080808080808080
	swarReach = 32
)

// indexByteFrom returns the index of the first c in b at or after i, or -1.
func indexByteFrom(b []byte, i int, c byte) int {
	pat := uint64(c) * swarOnes
	for end := i + swarReach; i+8 <= len(b); i += 8 {
		if i >= end {
			if k := bytes.IndexByte(b[i:], c); k >= 0 {
				return i + k
			}
			return -1
		}
		x := binary.LittleEndian.Uint64(b[i:i+8]) ^ pat
		// Only bytes above the lowest hit can be false positives.
		if m := (x - swarOnes) &^ x & swarHigh; m != 0 {
			return i + bits.TrailingZeros64(m)/8
		}
	}
	for ; i < len(b); i++ {
		if b[i] == c {
			return i
		}
	}
	return -1
}

// indexSpaceOrESCFrom returns the index of the first ' ' or ESC in h at or
// after i, or -1. One "byte below 0x21" test per eight bytes marks both
// (and the other control bytes, rare in log text, which are stepped over):
// half the work of a test for each of the two bytes.
func indexSpaceOrESCFrom(h []byte, i int) int {
	for i+8 <= len(h) {
		x := binary.LittleEndian.Uint64(h[i : i+8])
		// Borrows make only bytes above the lowest mark unreliable.
		m := (x - 0x21*swarOnes) &^ x & swarHigh
		if m == 0 {
			i += 8
			continue
		}
		k := i + bits.TrailingZeros64(m)/8
		if h[k] == ' ' || h[k] == 0x1b {
			return k
		}
		i = k + 1
	}
	for ; i < len(h); i++ {
		if h[i] == ' ' || h[i] == 0x1b {
			return i
		}
	}
	return -1
}

// indexBareEnd returns the index of the first ' ' in b at or after i, or -1:
// the end of a bare logfmt value. Writers quote any value holding a byte
// below '!' (go-logfmt, slog), so the first such byte is almost always the
// space; one "below 0x21" test per eight bytes finds it without the XOR of
// a search for one byte value, and a control byte found first falls back to
// the exact search, so the result is indexByteFrom's on any input.
func indexBareEnd(b []byte, i int) int {
	for ; i+8 <= len(b); i += 8 {
		x := binary.LittleEndian.Uint64(b[i : i+8])
		// Borrows make only bytes above the lowest mark unreliable.
		if m := (x - 0x21*swarOnes) &^ x & swarHigh; m != 0 {
			k := i + bits.TrailingZeros64(m)/8
			if b[k] == ' ' {
				return k
			}
			return indexByteFrom(b, k+1, ' ')
		}
	}
	for ; i < len(b); i++ {
		if b[i] == ' ' {
			return i
		}
	}
	return -1
}

// digitsAt reports whether the bytes of x that mask selects (0xff each)
// are all ASCII digits. Each selected byte xor '0' must be at most 9: its
// high nibble zero, and none set by adding 6. Only a selected byte that is
// no digit can carry into the next, so a carry hides no bad byte.
func digitsAt(x, mask uint64) bool {
	t := x ^ 0x3030303030303030
	return (t|(t+(0x0606060606060606&mask)))&(0xf0f0f0f0f0f0f0f0&mask) == 0
}
