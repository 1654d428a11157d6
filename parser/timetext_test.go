package parser

import (
	"testing"
	"time"
	_ "time/tzdata" // the zones below, wherever the tests run
)

// timeTextZones are references' locations with what breaks calendar
// shortcuts: offsets that are not whole hours, daylight saving time at
// midnight (Havana, São Paulo until 2019), a negative one (Dublin), a day
// left out (Apia, 30 December 2011), half an hour of it (Lord Howe).
func timeTextZones(t testing.TB) []*time.Location {
	locs := []*time.Location{time.UTC, time.Local, time.FixedZone("", -(3*3600 + 30*60)), time.FixedZone("X", 14*3600)}
	for _, name := range []string{"America/New_York", "America/Havana", "America/Sao_Paulo", "Europe/Dublin", "Pacific/Apia", "Australia/Lord_Howe", "Asia/Kolkata"} {
		loc, err := time.LoadLocation(name)
		if err != nil {
			t.Fatal(err)
		}
		locs = append(locs, loc)
	}
	return locs
}

// timeTextKinds are the kinds TimeText takes, and one it does not.
var timeTextKinds = []uint8{timeKlog, timeLog15, timeStdlog, timeRFC3339, timeClock, timeZoneName, timeSpaceZone, timeMySQL, timeEpoch}

// checkTimeText holds c.AppendUTC for the raw time of the kind to what
// Timestamp decodes and time.RFC3339Nano writes in UTC, and reports
// whether it was taken.
func checkTimeText(t *testing.T, c *TimeText, kind uint8, raw []byte, ref time.Time) bool {
	t.Helper()
	r := Record{text: raw}
	r.time, r.timeKind = span{0, int32(len(raw))}, kind
	got, ok := c.AppendUTC([]byte("x"), &r, ref)
	if !ok {
		if string(got) != "x" {
			t.Fatalf("kind %d %q ref %v: declined but wrote %q", kind, raw, ref, got)
		}
		return false
	}
	want, decoded := r.Timestamp(ref)
	want = want.UTC()
	if !decoded || want.Year() < 0 || want.Year() > 9999 {
		t.Fatalf("kind %d %q ref %v: wrote %q, Timestamp decodes nothing RFC 3339 writes", kind, raw, ref, got)
	}
	if string(got[1:]) != want.Format(time.RFC3339Nano) {
		t.Fatalf("kind %d %q ref %v: wrote %q, Timestamp says %s", kind, raw, ref, got[1:], want.Format(time.RFC3339Nano))
	}
	// Again into a buffer with room: the same text, and nothing written
	// past it.
	full := make([]byte, 64)
	for i := range full {
		full[i] = '#'
	}
	full[0] = 'x'
	again, ok := c.AppendUTC(full[:1], &r, ref)
	if !ok || string(again) != string(got) {
		t.Fatalf("kind %d %q ref %v: wrote %q, then %q, %v", kind, raw, ref, got, again, ok)
	}
	for i := len(again); i < len(full); i++ {
		if full[i] != '#' {
			t.Fatalf("kind %d %q ref %v: wrote past its result at %d", kind, raw, ref, i)
		}
	}
	return true
}

// TestTimeTextAgreesWithTimestamp writes odd times of every kind TimeText
// takes (fields out of range, which time.Date normalises, 29 February,
// fractions of every length, offsets) against references on both sides of
// new year, of each month's start and of zone changes, one TimeText for
// each zone so that each second's text is reused by the times after it.
func TestTimeTextAgreesWithTimestamp(t *testing.T) {
	raws := map[uint8][]string{
		timeKlog: {"1130 05:52:38.108216", "1130 05:52:38.100000", "1130 05:52:38.000000", "1130 05:52:39.999999",
			"0229 23:59:59.000001", "1301 00:00:00.000000", "0000 00:00:00.000000", "1131 24:60:60.500000",
			"0101 00:00:00.000000", "1231 23:59:59.999999", "1130 05:52:38.10821x", "1130 05:52:38,108216", "x130 05:52:38.108216"},
		timeLog15: {"11-30|04:41:36", "11-30|04:41:36.123", "11-30|04:41:36.100", "11-30|04:41:36.000", "02-29|12:00:00.5x0",
			"12-31|23:59:59.999", "01-01|00:00:00", "04-31|25:61:61.001"},
		timeStdlog: {"2026/11/30 05:52:38", "2026/11/30 05:52:38.123456", "2026/11/30 05:52:38.1", "2026/11/30 05:52:38.",
			"2026/11/30 05:52:38.12a", "2026/11/30 05:52:38 x", "2026.11.30 05:52:38.000000", "2026/02/29 05:52:38.5",
			"0000/01/01 00:00:00.1", "9999/12/31 23:59:59.9", "2026/11/31 24:00:00"},
		timeRFC3339: {"2026-11-30T05:52:38.123+02:00", "2026-11-30T05:52:38.1230+02:00", "2026-11-30T05:52:38+0200",
			"2026-11-30T05:52:38,5-05:30", "2026-11-30 05:52:38.123", "2026-11-30 05:52:38", "2026-11-30T05:52:38.",
			"2026-11-30T05:52:38.Z", "2026-11-30T05:52:38.1234567891Z", "2026-11-31T24:00:00Z", "2026-02-29T00:00:00.000Z",
			"9999-12-31T23:59:59.5-01:00", "0000-01-01T00:00:00.5+01:00", "2026-11-30T05:52:38.5+99:99", "2026-11-30T05:52:38.5+02",
			"2026-11-30 05:52:38.000000000"},
		timeClock: {"05:52:38.123"},
		timeZoneName: {"2026-11-30 05:52:38.123 UTC", "2026-11-30 05:52:38.9 UTC", "2026-11-30 05:52:38 GMT", "2026-11-30 05:52:38.120 +05:30",
			"2026-11-30 05:52:38.120 CEST", "2026-11-30 05:52:38.120+01:00 CET", "2026-11-30 05:52:38. UTC", "2026-11-31 24:00:00.5 -0100", "2026-11-30 05:52:38.5"},
		timeSpaceZone: {"2026-11-30 05:52:38 +0000", "2026-11-30 05:52:38.25 -0730", "2026-11-30 05:52:38.250 -0730", "2026-11-30 05:52:38 +00x0",
			"2026-11-30T05:52:38.1 +9999", "2026-11-30 05:52:38+01:00 +0100", "2026-11-30 05:52:3 +0000"},
		timeMySQL: {"2026-11-30 05:52:38", "2026-11-30  5:52:38", "261130  5:52:38", "261130 05:52:38", "26/11/30 05:52:38", "2026-02-30 24:61:61"},
		// zap's and zerolog's epoch times: seconds, milliseconds and
		// microseconds as floats (rounded to the microsecond, up to the
		// next second), integer nanoseconds, and what decodes to no year
		// RFC 3339 writes.
		timeEpoch: {"1.7960179581095307e+09", "1.796017958110979e+12", "1796017958111008073", "1796017958", "1796017958.9999996",
			"1.7960179589999999e+09", "1796017958.0000004", "1796017958111008", "1796017958111008.5", "1e+09", "1.2e-3", "0", "0.0",
			"253402300799", "253402300799.9999996", "253402300800", "9.99e+21", "1e300", "17960179581110080735", "-1", "x", "1.5e+09x"},
	}
	var refs []time.Time
	for y := 2010; y <= 2030; y += 4 {
		for m := time.January; m <= time.December; m++ {
			refs = append(refs, time.Date(y, m, 1, 0, 0, 0, 0, time.UTC))
		}
	}
	taken := 0
	for _, loc := range timeTextZones(t) {
		var c TimeText
		for _, base := range refs {
			for _, d := range []time.Duration{-24 * time.Hour, -time.Second, 0, 14 * time.Hour} {
				ref := base.Add(d).In(loc)
				for _, kind := range timeTextKinds {
					for _, raw := range raws[kind] {
						if checkTimeText(t, &c, kind, []byte(raw), ref) {
							taken++
						}
					}
				}
			}
		}
	}
	if taken < 10000 {
		t.Fatalf("only %d times taken", taken)
	}
}

// TestRefMonth holds refMonth to time.Time.Date on the seconds around every
// zone change and every month's start in two decades, in each zone, the
// cache kept from one reference to the next.
func TestRefMonth(t *testing.T) {
	for _, loc := range timeTextZones(t) {
		var m refMonth
		check := func(ref time.Time) {
			y, mo, _ := ref.Date()
			if gy, gmo := m.date(ref); gy != y || gmo != mo {
				t.Fatalf("%v (%s): %d-%02d, want %d-%02d", ref, loc, gy, gmo, y, mo)
			}
		}
		around := func(at time.Time) {
			for d := -2; d <= 2; d++ {
				check(at.Add(time.Duration(d) * time.Second).In(loc))
				check(at.Add(time.Duration(d)*time.Second + 999999999).In(loc))
			}
		}
		for y := 2005; y <= 2030; y++ {
			for mo := time.January; mo <= time.December; mo++ {
				around(time.Date(y, mo, 1, 0, 0, 0, 0, loc))
			}
		}
		for at, n := time.Date(2005, 1, 1, 0, 0, 0, 0, loc), 0; at.Year() < 2031 && n < 1000; n++ {
			_, end := at.ZoneBounds()
			if !end.After(at) {
				break // no change after at
			}
			around(end)
			at = end
		}
		for _, sec := range []int64{-1 << 62, -62135596800, 0, 253402300799, 1 << 62} {
			around(time.Unix(sec, 0))
		}
	}
}

// FuzzTimeText holds TimeText to Timestamp for two raw times of a kind
// written one after the other (the second reusing the first's text when
// they share their second) against references a step apart.
func FuzzTimeText(f *testing.F) {
	f.Add(uint8(0), []byte("1130 05:52:38.108216"), []byte("1130 05:52:38.900000"), int64(1796017958), int64(1), uint8(0))
	f.Add(uint8(0), []byte("1231 23:59:59.999999"), []byte("0101 00:00:00.000001"), int64(1798761599), int64(1), uint8(4))
	f.Add(uint8(1), []byte("11-30|04:41:36.123"), []byte("11-30|04:41:36"), int64(1796017958), int64(86400*30), uint8(5))
	f.Add(uint8(2), []byte("2026/11/30 05:52:38.123456"), []byte("2026/11/30 05:52:38.5"), int64(0), int64(0), uint8(6))
	f.Add(uint8(3), []byte("2026-11-30T07:52:38.110+0200"), []byte("2026-11-30T07:52:38.9+0200"), int64(0), int64(0), uint8(2))
	f.Add(uint8(3), []byte("2026-11-30 05:52:38.110"), []byte("2026-11-30 05:52:38,000"), int64(1796017958), int64(-3600), uint8(8))
	f.Add(uint8(4), []byte("05:52:38.123"), []byte("05:52:38.124"), int64(1796017958), int64(0), uint8(1))
	f.Add(uint8(5), []byte("2026-11-30 05:52:38.123 UTC"), []byte("2026-11-30 05:52:38.9 UTC"), int64(0), int64(0), uint8(3))
	f.Add(uint8(6), []byte("2026-11-30 05:52:38.25 -0730"), []byte("2026-11-30 05:52:38.5 -0730"), int64(0), int64(0), uint8(3))
	f.Add(uint8(7), []byte("261130  5:52:38"), []byte("261130  5:52:38"), int64(0), int64(0), uint8(9))
	f.Add(uint8(3), []byte("0000-01-10 00:00:00"), []byte("0"), int64(-41), int64(60), uint8(2)) // too short for its kind
	// Fractions of one to nine digits, ending the raw time or before its zone.
	f.Add(uint8(3), []byte("2026-11-30T07:52:38.1+02:00"), []byte("2026-11-30T07:52:38.12345670+02:00"), int64(0), int64(0), uint8(0))
	f.Add(uint8(3), []byte("2026-11-30T07:52:38.123456789-01:00"), []byte("2026-11-30T07:52:38.00000001-01:00"), int64(0), int64(0), uint8(0))
	f.Add(uint8(2), []byte("2026/11/30 05:52:38.1"), []byte("2026/11/30 05:52:38.12345678"), int64(0), int64(0), uint8(0))
	f.Add(uint8(0), []byte("1130 05:52:38.000010"), []byte("1130 05:52:38.100000"), int64(1796017958), int64(1), uint8(0))
	f.Add(uint8(8), []byte("1.7960179581095307e+09"), []byte("1.7960179581109753e+09"), int64(0), int64(0), uint8(0))
	f.Add(uint8(8), []byte("1796017958111008073"), []byte("1.796017958999e+12"), int64(0), int64(0), uint8(0))
	locs := timeTextZones(f)
	f.Fuzz(func(t *testing.T, kind uint8, a, b []byte, sec, step int64, zone uint8) {
		k := timeTextKinds[int(kind)%len(timeTextKinds)]
		loc := locs[int(zone)%len(locs)]
		var c TimeText
		for i, raw := range [][]byte{a, b, a, b} {
			checkTimeText(t, &c, k, raw, time.Unix(sec+int64(i/2)*step, 0).In(loc))
		}
	})
}
