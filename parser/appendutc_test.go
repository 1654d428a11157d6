package parser

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"testing"
)

// appendUTCRef is Record.AppendUTC as it was before its checks were written
// in line: the whole time scanned by scanRFC3339, then the zone, the
// calendar and the copy. AppendUTC must agree with it on every text.
func appendUTCRef(r *Record, dst []byte) (_ []byte, ok bool) {
	if r.timeKind != timeRFC3339 || r.time.empty() {
		return dst, false
	}
	b := r.get(r.time)
	if len(b) < 20 || scanRFC3339(b, 0, false) != len(b) {
		return dst, false
	}
	z := len(b) - 1
	switch {
	case b[z] == 'Z':
	case z >= 24 && (string(b[z-5:]) == "+00:00" || string(b[z-5:]) == "-00:00"):
		z -= 5
	case z >= 23 && (string(b[z-4:]) == "+0000" || string(b[z-4:]) == "-0000"):
		z -= 4
	default:
		return dst, false
	}
	year := int(b[0]-'0')*1000 + int(b[1]-'0')*100 + int(b[2]-'0')*10 + int(b[3]-'0')
	month, day := digits2(b[5:]), digits2(b[8:])
	if month < 1 || month > 12 || day < 1 || day > daysIn(year, month) ||
		digits2(b[11:]) > 23 || digits2(b[14:]) > 59 || digits2(b[17:]) > 59 {
		return dst, false
	}
	n := len(dst)
	dst = append(dst, b[:19]...)
	dst[n+10] = 'T'
	if z > 19 {
		f := b[19:min(z, 29)]
		for len(f) > 1 && f[len(f)-1] == '0' {
			f = f[:len(f)-1]
		}
		if len(f) > 1 {
			dst = append(dst, f...)
			dst[len(dst)-len(f)] = '.'
		}
	}
	return append(dst, 'Z'), true
}

// checkAppendUTC fails unless AppendUTC and appendUTCRef agree on text as
// an RFC 3339 time, appended to a buffer with room and to one without, and
// AppendUTC writes nothing past what it appends.
func checkAppendUTC(t testing.TB, text []byte) {
	t.Helper()
	r := Record{text: text}
	r.time, r.timeKind = span{0, int32(len(text))}, timeRFC3339
	want, wantOK := appendUTCRef(&r, []byte("x"))
	for _, c := range []int{1, 64} {
		buf := make([]byte, 1, c)
		buf[0] = 'x'
		full := buf[:cap(buf)]
		for i := 1; i < len(full); i++ {
			full[i] = '#'
		}
		got, ok := r.AppendUTC(buf)
		if ok != wantOK || !bytes.Equal(got, want) {
			t.Fatalf("AppendUTC(%q) = %q, %v; want %q, %v", text, got, ok, want, wantOK)
		}
		if &got[0] == &full[0] {
			for i := len(got); i < len(full); i++ {
				if full[i] != '#' {
					t.Fatalf("AppendUTC(%q) wrote past its result at %d", text, i)
				}
			}
		}
	}
	checkAppendRFC3339(t, text, want, wantOK)
}

// appendUTCMinutes is the TimeText that checkAppendRFC3339 carries from
// one text to the next, as an encoder carries its own from one record to
// the next: the tests' texts, a valid time with a few bytes changed, are
// mostly of one minute, and then take the minute's check from it.
var appendUTCMinutes TimeText

// checkAppendRFC3339 fails unless TimeText.AppendRFC3339 appends want
// (wantOK) for text as AppendUTC does: with the minute of the text before
// it kept, with that of text itself (the same text twice), and with that of
// a valid time of text's date and minute (the words a text of the same
// minute leaves, and its seconds to check).
func checkAppendRFC3339(t testing.TB, text, want []byte, wantOK bool) {
	t.Helper()
	r := Record{text: text}
	r.time, r.timeKind = span{0, int32(len(text))}, timeRFC3339
	check := func(c *TimeText, after string) {
		t.Helper()
		for _, n := range []int{1, 64} {
			buf := make([]byte, 1, n)
			buf[0] = 'x'
			full := buf[:cap(buf)]
			for i := 1; i < len(full); i++ {
				full[i] = '#'
			}
			got, ok := c.AppendRFC3339(buf, &r)
			if ok != wantOK || !bytes.Equal(got, want) {
				t.Fatalf("AppendRFC3339(%q) after %s = %q, %v; want %q, %v", text, after, got, ok, want, wantOK)
			}
			for i := len(got); &got[0] == &full[0] && i < len(full); i++ {
				if full[i] != '#' {
					t.Fatalf("AppendRFC3339(%q) after %s wrote past its result at %d", text, after, i)
				}
			}
		}
	}
	check(&appendUTCMinutes, "the texts before")
	check(&appendUTCMinutes, "itself")
	if len(text) >= 16 {
		var c TimeText
		prime := append(append([]byte(nil), text[:16]...), ":00Z"...)
		p := Record{text: prime}
		p.time, p.timeKind = span{0, int32(len(prime))}, timeRFC3339
		c.AppendRFC3339(nil, &p)
		check(&c, string(prime))
	}
}

func TestAppendUTCMatchesReference(t *testing.T) {
	dates := []string{"2026-11-30", "2024-02-29", "2026-02-29", "1900-02-29", "2000-02-29", "2026-02-28", "2026-02-30",
		"2026-04-30", "2026-04-31", "2026-01-31", "2026-12-31", "2026-13-01", "2026-00-10", "2026-01-00", "2026-01-32",
		"2026-1-300", "2026/11/30", "2026-11-3x", "20261-1-30", "0000-01-01", "9999-12-31"}
	clocks := []string{"T05:52:38", " 05:52:38", "T23:59:59", "T24:00:00", "T19:60:00", "T12:59:60", "T12:00:00",
		"t12:00:00", "T12-00-00", "T1:00:000", "T12:00:5x", "T29:00:00"}
	fracs := []string{"", ".5", ".500", ",123456789", ".1234567891", ".1000000009", ".0", ".000000000", ".", ",", ".12a",
		"..1", ".110", ".109", ".000000001"}
	zones := []string{"Z", "+00:00", "-00:00", "+0000", "-0000", "+01:00", "-0530", "", "z", "ZZ", "+00:0", "+000",
		"+00:00Z", "Z+00:00", " Z", "+00:000", "0"}
	n := 0
	for _, d := range dates {
		for _, c := range clocks {
			for _, f := range fracs {
				for _, z := range zones {
					checkAppendUTC(t, []byte(d+c+f+z))
					n++
				}
			}
		}
	}
	// Random bytes over a valid time, one to three at a time.
	rnd := rand.New(rand.NewPCG(3, 4))
	base := []byte("2026-11-30T05:52:38.110818794+00:00")
	alpha := []byte("0123456789-:T .,Z+z\x00\xff/")
	for range 200000 {
		b := append([]byte(nil), base[:20+rnd.IntN(len(base)-19)]...)
		for k := rnd.IntN(3) + 1; k > 0; k-- {
			b[rnd.IntN(len(b))] = alpha[rnd.IntN(len(alpha))]
		}
		checkAppendUTC(t, b)
	}
}

func FuzzAppendUTC(f *testing.F) {
	for _, s := range []string{"2026-11-30T05:52:38Z", "2026-11-30T05:52:38.110818794Z", "2024-02-29 23:59:59,5+00:00",
		"2026-11-30T05:52:38.1230-0000", "2026-04-31T05:52:38Z", "2026-11-30T05:52:38.Z"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) { checkAppendUTC(t, b) })
}

// TestAppendUTCCalendar holds AppendUTC to appendUTCRef on every
// two-digit month and day of leap and common years, and every two-digit
// hour, minute and second: the ranges it compares as text.
func TestAppendUTCCalendar(t *testing.T) {
	for _, y := range []string{"2024", "2026", "1900", "2000"} {
		for m := range 100 {
			for d := range 100 {
				checkAppendUTC(t, fmt.Appendf(nil, "%s-%02d-%02dT05:52:38Z", y, m, d))
			}
		}
	}
	for h := range 100 {
		for ms := range 100 {
			checkAppendUTC(t, fmt.Appendf(nil, "2026-11-30T%02d:%02d:%02d.5Z", h, ms, 99-ms))
		}
	}
}

// TestSecondsWord holds appendUTC's one-word check of ":ss" to the bytes'
// own tests, on every three bytes.
func TestSecondsWord(t *testing.T) {
	for x := uint32(0); x < 1<<24; x++ {
		s := x - 0x30303a
		got := (s|(s+0x060a00))&0xf0f0ff == 0
		want := byte(x) == ':' && byte(x>>8) >= '0' && byte(x>>8) <= '5' && byte(x>>16) >= '0' && byte(x>>16) <= '9'
		if got != want {
			t.Fatalf("%q: %v, want %v", []byte{byte(x), byte(x >> 8), byte(x >> 16)}, got, want)
		}
	}
}
