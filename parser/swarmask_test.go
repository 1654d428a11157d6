package parser

import (
	"math/rand/v2"
	"testing"
)

// notPlainRef is notPlain as it was first written, on specialBytesRef: each
// test masked with its own complement, then the high bytes added.
func notPlainRef(x uint64) uint64 { return specialBytesRef(x) | x&swarHigh }

// checkSWARMasks fails unless the masks that share one "&^ x" are, bit for
// bit, the forms that mask each test alone.
func checkSWARMasks(t testing.TB, x uint64) {
	t.Helper()
	if got, want := specialBytes(x), specialBytesRef(x); got != want {
		t.Fatalf("specialBytes(%#016x) = %#016x, want %#016x", x, got, want)
	}
	if got, want := notPlain(x), notPlainRef(x); got != want {
		t.Fatalf("notPlain(%#016x) = %#016x, want %#016x", x, got, want)
	}
}

func TestSWARMasksMatchReference(t *testing.T) {
	// Every byte value in every position of words of the bytes the tests
	// turn on (borrows run upward from them), and random words.
	edge := []byte{0x00, 0x01, 0x1f, 0x20, 0x21, 0x22, 0x23, 0x5b, 0x5c, 0x5d, 0x7f, 0x80, 0xa0, 0xa2, 0xdc, 0xff}
	for _, fill := range edge {
		for pos := 0; pos < 8; pos++ {
			for c := 0; c < 256; c++ {
				var x uint64
				for k := 0; k < 8; k++ {
					b := uint64(fill)
					if k == pos {
						b = uint64(c)
					}
					x |= b << (8 * k)
				}
				checkSWARMasks(t, x)
			}
		}
	}
	rnd := rand.New(rand.NewPCG(1, 2))
	for range 1 << 20 {
		x := rnd.Uint64()
		// Bias half the bytes towards the ones the tests look for.
		for k := 0; k < 8; k++ {
			if rnd.IntN(2) == 0 {
				x = x&^(0xff<<(8*k)) | uint64(edge[rnd.IntN(len(edge))])<<(8*k)
			}
		}
		checkSWARMasks(t, x)
	}
}

func FuzzSWARMasks(f *testing.F) {
	f.Add(uint64(0x225c1f2080ff7f00))
	f.Fuzz(func(t *testing.T, x uint64) { checkSWARMasks(t, x) })
}
