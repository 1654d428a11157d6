package parser

import (
	"encoding/binary"
	"math"
	"math/rand"
	"strconv"
	"testing"
)

// checkDecimalFloat fails unless parseDecimalFloat, where it answers,
// answers strconv.ParseFloat's float64, bit for bit.
func checkDecimalFloat(t testing.TB, s string) {
	t.Helper()
	got, ok := parseDecimalFloat([]byte(s))
	if !ok {
		return
	}
	want, err := strconv.ParseFloat(s, 64)
	if err != nil || math.Float64bits(got) != math.Float64bits(want) {
		t.Fatalf("%q: parseDecimalFloat %v (%#x), strconv %v (%#x, %v)", s, got, math.Float64bits(got), want, math.Float64bits(want), err)
	}
}

// TestDecimalFloat holds parseDecimalFloat to strconv on zap's epoch times
// (seconds and milliseconds as %v prints them), on the decimal midpoints
// between neighbouring float64s (ties, and the numbers a digit either side
// of them), on random digits with the point and the exponent anywhere, and
// on text it must leave to strconv.
func TestDecimalFloat(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for _, s := range []string{"1.7960179581095307e+09", "1.7960179581109753e+12", "1796017958.1095307", "1e+09", "1E9",
		"0", "0.0", "1", "9999999999999999999", "18446744073709551615", "1.8446744073709551615e19", "4503599627370497.5",
		"9007199254740993", "9007199254740992.5", "9007199254740993.000000001", "1.", ".5", "1e", "1e+", "-1", "+1", "1_0",
		"0x10", "inf", "1e-19", "1e19", "1e20", "1e-20", "1.5e0009", "00000000000000000001.5"} {
		checkDecimalFloat(t, s)
	}
	for n := 0; n < 200000; n++ {
		// Epoch seconds and milliseconds around now, as zap prints them.
		sec := 1.6e9 + rng.Float64()*4e8
		checkDecimalFloat(t, strconv.FormatFloat(sec, 'g', -1, 64))
		checkDecimalFloat(t, strconv.FormatFloat(sec*1e3, 'g', -1, 64))
		checkDecimalFloat(t, strconv.FormatFloat(sec, 'f', -1, 64))
		checkDecimalFloat(t, strconv.FormatFloat(sec, 'f', rng.Intn(12), 64))
		checkDecimalFloat(t, strconv.FormatFloat(sec*1e3, 'e', rng.Intn(19), 64))
		// A tie between two floats, written with 17 to 19 digits where
		// it fits, and the decimals just above and below it.
		f := math.Float64frombits(rng.Uint64()>>2 | 0x3ff0000000000000) // [1, 2)
		f = math.Ldexp(f, rng.Intn(120)-60)
		next := math.Nextafter(f, math.Inf(1))
		for _, p := range []int{15, 16, 17, 18, 19} {
			mid := strconv.FormatFloat(f/2+next/2, 'e', p-1, 64)
			checkDecimalFloat(t, mid)
			checkDecimalFloat(t, strconv.FormatFloat(f, 'e', p-1, 64))
		}
		// Exact ties among integers of 54 to 64 bits, which 19 digits
		// hold (2^k+2^(k-54)*odd), the integers either side, and the same
		// digits with a point: a tie between floats below 2^53 too.
		k := 54 + rng.Intn(10)
		tie := uint64(1)<<(k-1) | (rng.Uint64()&(1<<(k-1)-1))&^(1<<(k-53)-1) | 1<<(k-54)
		for _, v := range []uint64{tie - 1, tie, tie + 1} {
			d := strconv.FormatUint(v, 10)
			checkDecimalFloat(t, d)
			p := 1 + rng.Intn(len(d)-1)
			checkDecimalFloat(t, d[:p]+"."+d[p:])
			checkDecimalFloat(t, d[:p]+"."+d[p:]+"e"+strconv.Itoa(rng.Intn(9)))
		}
		// Random digits, point and exponent.
		nd := 1 + rng.Intn(20)
		b := make([]byte, 0, 32)
		for k := 0; k < nd; k++ {
			b = append(b, byte('0'+rng.Intn(10)))
		}
		if p := rng.Intn(nd + 1); p > 0 && p < nd {
			b = append(b[:p], append([]byte{'.'}, b[p:]...)...)
		}
		if rng.Intn(2) == 0 {
			b = append(b, 'e')
			b = strconv.AppendInt(b, int64(rng.Intn(50)-25), 10)
		}
		checkDecimalFloat(t, string(b))
	}
}

// FuzzDecimalFloat holds parseDecimalFloat to strconv.ParseFloat on any text.
func FuzzDecimalFloat(f *testing.F) {
	for _, s := range []string{"1.7960179581095307e+09", "1.796017958110979e+12", "1796017958111008073", "9007199254740992.5", "1e-19", "5e-324"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		checkDecimalFloat(t, s)
	})
}

// TestEightDigits holds eightDigits and eightDigitsText to strconv on every
// value below 1e8 that is a multiple of 7 or within 1000 of a power of ten,
// and on their edges.
func TestEightDigits(t *testing.T) {
	check := func(v uint64) {
		s := strconv.FormatUint(v+1e8, 10)[1:] // eight digits, leading zeros kept
		x := binary.LittleEndian.Uint64([]byte(s))
		if got := eightDigits(x); got != v {
			t.Fatalf("eightDigits(%q) = %d", s, got)
		}
		var b [8]byte
		binary.LittleEndian.PutUint64(b[:], eightDigitsText(v)+0x3030303030303030)
		if string(b[:]) != s {
			t.Fatalf("eightDigitsText(%d) = %q", v, b)
		}
	}
	for v := uint64(0); v < 1e8; v += 7 {
		check(v)
	}
	for p := uint64(1); p <= 1e8; p *= 10 {
		for v := p - min(p, 1000); v < min(p+1000, 1e8); v++ {
			check(v)
		}
	}
	check(99999999)
}
