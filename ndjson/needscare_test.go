package ndjson

import (
	"math/rand/v2"
	"testing"
)

// needsCareRef is needsCare as it was first written, each test masked with
// its own complement.
func needsCareRef(x uint64) uint64 {
	const lo, hi, ones = 0x2020202020202020, 0x8080808080808080, 0x0101010101010101
	q := x ^ 0x2222222222222222
	bs := x ^ 0x5c5c5c5c5c5c5c5c
	return ((x-lo)&^x | (q-ones)&^q | (bs-ones)&^bs | x) & hi
}

// needsCarePrev is needsCare as it was before one test found both the
// control characters and the quote: it set the same marks as needsCareRef,
// bit for bit.
func needsCarePrev(x uint64) uint64 {
	const lo, hi, ones = 0x2020202020202020, 0x8080808080808080, 0x0101010101010101
	q := x ^ 0x2222222222222222
	bs := x ^ 0x5c5c5c5c5c5c5c5c
	return ((x - lo) | (q - ones) | (bs - ones) | x) & hi
}

// checkNeedsCare holds needsCare to what AppendString reads of it: only
// high bits, and the lowest the first byte that needs care (none when
// none does), as needsCareRef's and needsCarePrev's are. Above it the
// marks may differ (borrows).
func checkNeedsCare(t testing.TB, x uint64) {
	t.Helper()
	want := uint64(0)
	for k := 0; k < 8; k++ {
		if c := byte(x >> (8 * k)); c < 0x20 || c == '"' || c == '\\' || c >= 0x80 {
			want = 0x80 << (8 * k)
			break
		}
	}
	got := needsCare(x)
	if got&-got != want || got&^0x8080808080808080 != 0 {
		t.Fatalf("needsCare(%#016x) = %#016x, lowest mark want %#016x", x, got, want)
	}
	for _, ref := range []uint64{needsCareRef(x), needsCarePrev(x)} {
		if ref&-ref != want {
			t.Fatalf("reference of %#016x = %#016x, lowest mark want %#016x", x, ref, want)
		}
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
