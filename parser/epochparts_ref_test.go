package parser

import (
	"strconv"
	"testing"
)

// epochPartsRef is epochParts as it was before its integer test took the
// first sixteen digits as two words: digit by digit.
func epochPartsRef(b []byte) (sec, nsec int64, ok bool) {
	// Integer nanoseconds, decoded by hand: strconv's error for a float
	// ("1.796e+09") allocates, and this runs for every zap/zerolog record.
	if len(b) > 17 && len(b) < 20 {
		var n int64
		digits := true
		for _, c := range b {
			if c < '0' || c > '9' {
				digits = false
				break
			}
			n = n*10 + int64(c-'0')
		}
		if digits && n > 1e17 {
			return n / 1e9, n % 1e9, true
		}
	}
	f, ok := parseDecimalFloat(b)
	if !ok {
		var err error
		if f, err = strconv.ParseFloat(string(b), 64); err != nil {
			return 0, 0, false
		}
	}
	if f <= 0 {
		return 0, 0, false
	}
	var unit float64
	switch {
	case f < 1e11:
		unit = 1e9
	case f < 1e14:
		unit = 1e6
	case f < 1e17:
		unit = 1e3
	default:
		unit = 1
	}
	s := f * unit / 1e9
	whole := int64(s)
	// Rounding to the microsecond hides float64's noise in the last digits.
	ns := int64((s-float64(whole))*1e6+0.5) * 1000
	return whole, ns, true
}

// checkEpochParts holds epochParts to its reference on b.
func checkEpochParts(t *testing.T, b []byte) {
	t.Helper()
	sec, nsec, ok := epochParts(b)
	if wsec, wnsec, wok := epochPartsRef(b); sec != wsec || nsec != wnsec || ok != wok {
		t.Fatalf("epochParts(%q) = %d, %d, %v; before the two words %d, %d, %v", b, sec, nsec, ok, wsec, wnsec, wok)
	}

}

// TestEpochPartsMatchesReference reads zap's and zerolog's forms and their
// neighbours: digit runs of every length around the two words' sixteen,
// points at every place, a byte that is no digit anywhere.
func TestEpochPartsMatchesReference(t *testing.T) {
	for _, s := range []string{"1796017958.1218293", "1796017958115.9216", "1.7960179581095307e+09", "1796017958111008073",
		"1796017958", "179601795811", "1796017958115", "1796017958.", ".5", "1e9", "1.5E-3", "99999999999999999999",
		"9999999999999999999", "18446744073709551616", "1796017958111008073.5", "1796017958:1218293", "17960179/8.1218293",
		"0", "", "-1796017958.1", "1796017958.1218293 ", "00000000000000000000001.5", "1.000000000000000000001"} {
		checkEpochParts(t, []byte(s))
	}
	digits := []byte("12345678901234567890123")
	for n := 0; n <= len(digits); n++ {
		for p := 0; p <= n; p++ {
			b := append(append(append([]byte{}, digits[:p]...), '.'), digits[p:n]...)
			checkEpochParts(t, b)
			checkEpochParts(t, b[:len(b)-1+min(1, len(b)-1-p)])
		}
		for _, c := range []byte{'/', ':', 0, 0xff, 'e'} {
			for k := range n {
				d := append([]byte{}, digits[:n]...)
				d[k] = c
				checkEpochParts(t, d)
			}
		}
	}
}

// FuzzEpochParts holds epochParts to its reading before the two words.
func FuzzEpochParts(f *testing.F) {
	for _, s := range []string{"1796017958.1218293", "1796017958115.9216", "1.7960179581095307e+09", "1796017958111008073",
		"1796017958115.92", "179601795811590000", "9.99e+18"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		checkEpochParts(t, b)
	})
}
