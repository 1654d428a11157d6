package parser

import "testing"

// splitFractionRef is splitFraction before klog's and log15's fraction
// digits were tested as a word's bytes: by allDigits.
func splitFractionRef(kind uint8, b []byte) (i, j int, ok bool) {
	switch kind {
	case timeKlog: // MMDD hh:mm:ss.uuuuuu
		if len(b) == 20 && allDigits(b[14:]) {
			return 14, 20, true
		}
	case timeLog15: // MM-DD|hh:mm:ss[.mmm]
		if len(b) == 14 {
			return 14, 14, true
		}
		if len(b) == 18 && allDigits(b[15:]) {
			return 15, 18, true
		}
	case timeStdlog: // 2006/01/02 15:04:05[.000000], read by position
		if len(b) > 20 && b[19] == '.' {
			if allDigits(b[20:]) {
				return 20, len(b), true
			}
			return 0, 0, false
		}
		return len(b), len(b), true
	case timeMySQL: // no fraction
		return len(b), len(b), true
	case timeRFC3339, timeZoneName, timeSpaceZone:
		// RFC 3339 up to the seconds, the fraction digits when there is
		// one (see scanRFC3339), then the zone however written.
		if len(b) < 19 {
			return 0, 0, false // does not decode
		}
		if len(b) > 20 && (b[19] == '.' || b[19] == ',') && isDigit(b[20]) {
			j := 21
			for j < len(b) && isDigit(b[j]) {
				j++
			}
			return 20, j, true
		}
		if len(b) > 19 && (b[19] == '.' || b[19] == ',') {
			return 0, 0, false // no digits: does not decode
		}
		return 19, 19, true
	}
	return 0, 0, false
}

// FuzzSplitFraction holds splitFraction to splitFractionRef for every kind.
func FuzzSplitFraction(f *testing.F) {
	for _, s := range []string{"1130 05:52:38.108216", "1130 05:52:38.10821/", "11-30|04:41:36.123", "11-30|04:41:36.1:3",
		"11-30|04:41:36", "2026/11/30 05:52:38.123456", "2026-11-30T07:52:38.110+0200"} {
		f.Add(uint8(0), []byte(s))
	}
	f.Fuzz(func(t *testing.T, kind uint8, b []byte) {
		for _, k := range []uint8{kind, timeKlog, timeLog15} {
			i, j, ok := splitFraction(k, b)
			if wi, wj, wok := splitFractionRef(k, b); i != wi || j != wj || ok != wok {
				t.Fatalf("splitFraction(%d, %q) = %d, %d, %v; by allDigits %d, %d, %v", k, b, i, j, ok, wi, wj, wok)
			}
		}
	})
}
