package parser

import (
	"fmt"
	"testing"
	"time"
)

// unixDays must count days exactly as time.Date does, for every month of
// every year RFC 3339 writes with four digits.
func TestUnixDaysAgreesWithTimeDate(t *testing.T) {
	for y := 0; y <= 9999; y++ {
		for m := 1; m <= 12; m++ {
			// The first of a month is midnight: the division is exact.
			want := time.Date(y, time.Month(m), 1, 0, 0, 0, 0, time.UTC).Unix() / 86400
			if got := unixDays(y, m); got != want {
				t.Fatalf("unixDays(%d, %d) = %d, time.Date says %d", y, m, got, want)
			}
		}
	}
}

// rfc3339Time computes a zoned instant by arithmetic; time.Date, which it
// replaced there, normalises out-of-range fields (31 February, hour 24).
// Both must give the same instant for every such text.
func TestRFC3339TimeAgreesWithTimeDate(t *testing.T) {
	decoded, overflow := 0, 0
	for _, date := range []string{"0000-01-01", "0000-03-01", "1969-12-31", "1970-01-01", "2000-02-29", "2026-02-31", "2100-02-29", "9999-12-31"} {
		for _, clock := range []string{"00:00:00", "23:59:59", "24:00:00", "12:60:61", "99:99:99"} {
			for _, frac := range []string{"", ".5", ",123456789", ".1234567891"} {
				for _, zone := range []string{"Z", "+00:00", "-05:30", "+1400", "-2359"} {
					text := date + "T" + clock + frac + zone
					got, ok := rfc3339Time([]byte(text), time.UTC)
					if !ok {
						continue
					}
					want := naiveRFC3339(t, date, clock, frac, zone)
					decoded++
					if date == "2026-02-31" || date == "2100-02-29" || clock != "00:00:00" && clock != "23:59:59" {
						overflow++
					}
					if !got.Equal(want) || got.Location() != time.UTC {
						t.Errorf("%s: got %v, want %v", text, got, want)
					}
				}
			}
		}
	}
	if decoded < 400 || overflow < 100 {
		t.Fatalf("only %d texts decoded, %d of them with out-of-range fields: the test tests too little", decoded, overflow)
	}
}

// naiveRFC3339 is the instant through time.Date, which normalises.
func naiveRFC3339(t *testing.T, date, clock, frac, zone string) time.Time {
	var y, mo, d, h, mi, s int
	fmt.Sscanf(date, "%d-%d-%d", &y, &mo, &d)
	fmt.Sscanf(clock, "%d:%d:%d", &h, &mi, &s)
	ns := 0
	if frac != "" {
		digits := (frac[1:] + "000000000")[:9]
		fmt.Sscanf(digits, "%d", &ns)
	}
	off := 0
	if zone != "Z" {
		var zh, zm int
		z := zone[1:]
		if len(z) == 5 {
			fmt.Sscanf(z, "%d:%d", &zh, &zm)
		} else {
			fmt.Sscanf(z[:2], "%d", &zh)
			fmt.Sscanf(z[2:], "%d", &zm)
		}
		off = (zh*60 + zm) * 60
		if zone[0] == '-' {
			off = -off
		}
	}
	return time.Date(y, time.Month(mo), d, h, mi, s, ns, time.UTC).Add(-time.Duration(off) * time.Second)
}

// TestAppendUTCAgreesWithTimestamp holds the copy AppendUTC makes to
// Timestamp's instant formatted by time.RFC3339Nano in UTC, over dates
// and clocks in range and out of it, fractions with trailing zeros or past
// nine digits, both separators and every spelling of a zero offset.
func TestAppendUTCAgreesWithTimestamp(t *testing.T) {
	copied, declined := 0, 0
	for _, date := range []string{"0000-01-01", "0000-02-29", "1900-02-29", "1969-12-31", "2000-02-29", "2024-02-29", "2026-02-29",
		"2026-04-31", "2026-12-31", "2026-13-01", "2026-00-10", "2026-01-00", "9999-12-31"} {
		for _, clock := range []string{"T00:00:00", " 23:59:59", "T24:00:00", "T12:60:00", "T12:00:60", "t12:00:00"} {
			for _, frac := range []string{"", ".5", ".500", ",123456789", ".1234567891", ".1000000009", ".0", ".000000000"} {
				for _, zone := range []string{"Z", "+00:00", "-00:00", "+0000", "-0000", "+01:00", "-0530", "", "z"} {
					text := []byte(date + clock + frac + zone)
					{
						r := Record{text: text}
						r.time, r.timeKind = span{0, int32(len(text))}, timeRFC3339
						want, wantOK := r.Timestamp(time.Date(2026, 6, 1, 0, 0, 0, 0, time.FixedZone("x", 3600)))
						got, ok := r.AppendUTC([]byte("x"))
						if !ok {
							declined++
							if string(got) != "x" {
								t.Fatalf("%s: declined but wrote %q", text, got)
							}
							continue
						}
						copied++
						if !wantOK || string(got[1:]) != want.UTC().Format(time.RFC3339Nano) {
							t.Errorf("%s: AppendUTC %q, Timestamp %v (%v)", text, got[1:], want, wantOK)
						}
					}
				}
			}
		}
	}
	if copied < 500 || declined < 500 {
		t.Fatalf("%d copied, %d declined: the test tests too little", copied, declined)
	}
}
