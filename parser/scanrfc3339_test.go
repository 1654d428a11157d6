package parser

import "testing"

// scanRFC3339 checks the date and the clock eight bytes at a time
// (digitsAt); it is held to its byte-by-byte code before that, kept here.
func scanRFC3339Before(h []byte, i int, needT bool) int {
	if len(h)-i < 19 {
		return 0
	}
	b := h[i:]
	if !isDigit(b[0]) || !isDigit(b[1]) || !isDigit(b[2]) || !isDigit(b[3]) || b[4] != '-' ||
		!isDigit(b[5]) || !isDigit(b[6]) || b[7] != '-' || !isDigit(b[8]) || !isDigit(b[9]) ||
		!(b[10] == 'T' || (!needT && b[10] == ' ')) ||
		!isDigit(b[11]) || !isDigit(b[12]) || b[13] != ':' || !isDigit(b[14]) || !isDigit(b[15]) || b[16] != ':' ||
		!isDigit(b[17]) || !isDigit(b[18]) {
		return 0
	}
	j := 19
	if j < len(b) && (b[j] == '.' || b[j] == ',') {
		j++
		fs := j
		for j < len(b) && isDigit(b[j]) {
			j++
		}
		if j == fs {
			return 0
		}
	}
	if j < len(b) {
		switch b[j] {
		case 'Z':
			j++
		case '+', '-':
			// ±hh:mm or ±hhmm
			if len(b)-j >= 6 && isDigit(b[j+1]) && isDigit(b[j+2]) && b[j+3] == ':' && isDigit(b[j+4]) && isDigit(b[j+5]) {
				j += 6
			} else if len(b)-j >= 5 && isDigit(b[j+1]) && isDigit(b[j+2]) && isDigit(b[j+3]) && isDigit(b[j+4]) {
				j += 5
			}
		}
	}
	return i + j
}

// TestScanRFC3339EveryByte puts every byte value at every position of
// valid times, with and without the 'T' required.
func TestScanRFC3339EveryByte(t *testing.T) {
	for _, valid := range []string{"2026-11-30T05:52:38Z", "0000-01-01 00:00:00.5+01:00", "9999-12-31T23:59:59,123456789-0130"} {
		for pos := 0; pos < len(valid); pos++ {
			for c := 0; c < 256; c++ {
				h := []byte("x" + valid)
				h[1+pos] = byte(c)
				for _, needT := range []bool{false, true} {
					if got, want := scanRFC3339(h, 1, needT), scanRFC3339Before(h, 1, needT); got != want {
						t.Fatalf("scanRFC3339(%q, 1, %v) = %d, before %d", h, needT, got, want)
					}
				}
			}
		}
	}
}

// FuzzScanRFC3339 holds scanRFC3339 to its code before, at any offset.
func FuzzScanRFC3339(f *testing.F) {
	f.Add([]byte("2026-11-30T05:52:38.123Z"), uint8(0), false)
	f.Add([]byte("ts=2026-11-30 05:52:38+0100 x"), uint8(3), false)
	f.Add([]byte("2026-11-30T05:52:3"), uint8(0), true)
	f.Fuzz(func(t *testing.T, h []byte, i uint8, needT bool) {
		if got, want := scanRFC3339(h, int(i), needT), scanRFC3339Before(h, int(i), needT); got != want {
			t.Fatalf("scanRFC3339(%q, %d, %v) = %d, before %d", h, i, needT, got, want)
		}
	})
}
