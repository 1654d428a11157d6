package ndjson

import (
	"math/rand/v2"
	"testing"
)

// needsCareRef is needsCare as it was first written, each test masked with
// its own complement: the form the shared mask must equal bit for bit.
func needsCareRef(x uint64) uint64 {
	const lo, hi, ones = 0x2020202020202020, 0x8080808080808080, 0x0101010101010101
	q := x ^ 0x2222222222222222
	bs := x ^ 0x5c5c5c5c5c5c5c5c
	return ((x-lo)&^x | (q-ones)&^q | (bs-ones)&^bs | x) & hi
}

func checkNeedsCare(t testing.TB, x uint64) {
	t.Helper()
	if got, want := needsCare(x), needsCareRef(x); got != want {
		t.Fatalf("needsCare(%#016x) = %#016x, want %#016x", x, got, want)
	}
}

func TestNeedsCareMatchesReference(t *testing.T) {
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
				checkNeedsCare(t, x)
			}
		}
	}
	rnd := rand.New(rand.NewPCG(1, 2))
	for range 1 << 20 {
		x := rnd.Uint64()
		for k := 0; k < 8; k++ {
			if rnd.IntN(2) == 0 {
				x = x&^(0xff<<(8*k)) | uint64(edge[rnd.IntN(len(edge))])<<(8*k)
			}
		}
		checkNeedsCare(t, x)
	}
}

func FuzzNeedsCare(f *testing.F) {
	f.Add(uint64(0x225c1f2080ff7f00))
	f.Fuzz(func(t *testing.T, x uint64) { checkNeedsCare(t, x) })
}
