package parser

import (
	"testing"
	"time"
)

// secondTextRef is what appendSecondText replaced: the second's text by
// time.Time.AppendFormat.
func secondTextRef(dst []byte, sec int64) []byte {
	return time.Unix(sec, 0).UTC().AppendFormat(dst, "2006-01-02T15:04:05")
}

func checkSecondText(t *testing.T, sec int64) {
	t.Helper()
	if got, want := appendSecondText([]byte("x"), sec), secondTextRef([]byte("x"), sec); string(got) != string(want) {
		t.Fatalf("second %d: wrote %q, AppendFormat %q", sec, got, want)
	}
}

// TestSecondText writes the ends of the range, the days around the leap
// days and century years, and every day of a few 400-year cycles' edges.
func TestSecondText(t *testing.T) {
	for _, sec := range []int64{minSecondText, minSecondText + 1, maxSecondText, maxSecondText - 1, 0, -1, 1, 951782400, 951868799,
		951868800, 4107542400, 4107542399, 1796017958, 253402214400} {
		checkSecondText(t, sec)
	}
	for _, year := range []int{0, 1, 4, 100, 399, 400, 1600, 1899, 1900, 1969, 1970, 2000, 2024, 2100, 9999} {
		start := time.Date(year, 1, 1, 0, 0, 0, 0, time.UTC).Unix()
		for d := int64(-1); d <= 366; d++ {
			for _, s := range []int64{0, 1, 43199, 86399} {
				if sec := start + d*86400 + s; sec >= minSecondText && sec <= maxSecondText {
					checkSecondText(t, sec)
				}
			}
		}
	}
}

// FuzzSecondText holds appendSecondText to AppendFormat over the seconds
// it takes.
func FuzzSecondText(f *testing.F) {
	f.Add(int64(0))
	f.Add(int64(1796017958))
	f.Add(int64(minSecondText))
	f.Add(int64(maxSecondText))
	f.Fuzz(func(t *testing.T, sec int64) {
		span := uint64(maxSecondText - minSecondText + 1)
		checkSecondText(t, minSecondText+int64(uint64(sec)%span))
	})
}

// FuzzSameText holds sameText, TimeText's compare of the raw times' heads
// and tails, to the string compare it replaced.
func FuzzSameText(f *testing.F) {
	f.Add([]byte("1130 05:52:38."), []byte("1130 05:52:38."))
	f.Add([]byte("1130 05:52:38."), []byte("1130 05:52:39."))
	f.Add([]byte("2026-11-30T07:52:38."), []byte("2026-11-30T07:52:38,"))
	f.Add([]byte("+02:00"), []byte("+02:00"))
	f.Add([]byte(""), []byte(""))
	f.Fuzz(func(t *testing.T, a, b []byte) {
		if got, want := sameText(a, b), string(a) == string(b); got != want {
			t.Fatalf("sameText(%q, %q) = %v", a, b, got)
		}
		if !sameText(a, a[:len(a):len(a)]) {
			t.Fatalf("sameText(%q, itself) = false", a)
		}
	})
}
