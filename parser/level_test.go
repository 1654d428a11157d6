package parser

import "testing"

// wordLevelRef is wordLevel as it was, one case-folding comparison per
// word: the oracle for the packed lookup.
func wordLevelRef(b []byte) (Level, bool) {
	switch len(b) {
	case 3:
		switch {
		case eqFold(b, "trc"), eqFold(b, "dbg"):
			return LevelDebug, true
		case eqFold(b, "inf"):
			return LevelInfo, true
		case eqFold(b, "wrn"):
			return LevelWarning, true
		case eqFold(b, "err"):
			return LevelError, true
		case eqFold(b, "ftl"), eqFold(b, "pnc"):
			return LevelCritical, true
		}
	case 4:
		switch {
		case eqFold(b, "info"):
			return LevelInfo, true
		case eqFold(b, "warn"):
			return LevelWarning, true
		case eqFold(b, "crit"):
			return LevelCritical, true
		}
	case 5:
		switch {
		case eqFold(b, "trace"), eqFold(b, "debug"):
			return LevelDebug, true
		case eqFold(b, "error"):
			return LevelError, true
		case eqFold(b, "fatal"), eqFold(b, "panic"):
			return LevelCritical, true
		case eqFold(b, "alert"):
			return LevelAlert, true
		case eqFold(b, "emerg"):
			return LevelEmergency, true
		}
	case 6:
		switch {
		case eqFold(b, "notice"):
			return LevelNotice, true
		case eqFold(b, "dpanic"):
			return LevelCritical, true
		}
	case 7:
		if eqFold(b, "warning") {
			return LevelWarning, true
		}
	case 8:
		if eqFold(b, "critical") {
			return LevelCritical, true
		}
	case 9:
		if eqFold(b, "emergency") {
			return LevelEmergency, true
		}
	case 11:
		if eqFold(b, "information") {
			return LevelInfo, true
		}
	}
	return LevelUnknown, false
}

func TestWordLevelPacked(t *testing.T) {
	words := []string{"trc", "dbg", "inf", "wrn", "err", "ftl", "pnc", "info", "warn", "crit", "trace", "debug", "error",
		"fatal", "panic", "alert", "emerg", "notice", "dpanic", "warning", "critical", "emergency", "information", "", "x", "warnings"}
	check := func(b []byte) {
		wl, wok := wordLevelRef(b)
		// wordLevel loads eight bytes at once when the slice's capacity
		// allows: the word alone (capacity = length, the byte loop), and
		// inside a line with other text after it (the load, masked).
		inLine := append(append(make([]byte, 0, len(b)+9), b...), " level=x"...)
		for _, v := range [][]byte{b[:len(b):len(b)], inLine[:len(b)]} {
			if gl, gok := wordLevel(v); gl != wl || gok != wok {
				t.Fatalf("wordLevel(%q, cap %d) = %v %v, want %v %v", v, cap(v), gl, gok, wl, wok)
			}
		}
	}
	for _, w := range words {
		// every mix of cases, and every byte value in every position
		for mask := 0; mask < 1<<len(w) && mask < 1<<11; mask++ {
			b := []byte(w)
			for i := range b {
				if mask>>i&1 == 1 && 'a' <= b[i] && b[i] <= 'z' {
					b[i] -= 'a' - 'A'
				}
			}
			check(b)
		}
		for i := 0; i < len(w); i++ {
			for c := 0; c < 256; c++ {
				b := []byte(w)
				b[i] = byte(c)
				check(b)
			}
		}
	}
}
