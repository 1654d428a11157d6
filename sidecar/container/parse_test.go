package container

import (
	"encoding/json"
	"testing"
	"time"
)

// TestParseTime checks the hand-written timestamp parser against time.Parse
// with RFC3339Nano, which kubelet's lenient layout matches.
func TestParseTime(t *testing.T) {
	for _, s := range []string{
		"2026-11-30T04:43:36.151101194Z",      // containerd, UTC
		"2026-11-30T04:43:36.1511Z",           // trimmed
		"2026-11-30T04:43:36Z",                // no fraction
		"2026-11-30T10:13:39.18714+05:30",     // containerd, local zone
		"2026-11-30T04:43:36.100000000+00:00", // CRI-O
		"2026-11-30T04:43:36.000000000-07:00",
		"2024-02-29T23:59:59.999999999Z",
		"2026-12-31T00:00:00+14:00",
		"0001-01-01T00:00:00Z",
	} {
		want, err := time.Parse(time.RFC3339Nano, s)
		if err != nil {
			t.Fatal(err)
		}
		d := NewDecoder(CRI)
		if _, ok := d.parseTimeFast([]byte(s)); !ok {
			t.Errorf("%s: fast path refused it", s)
		}
		got := d.parseTime([]byte(s))
		_, wantOff := want.Zone()
		_, gotOff := got.Zone()
		if !got.Equal(want) || gotOff != wantOff {
			t.Errorf("%s: got %v, want %v", s, got, want)
		}
	}
	for _, s := range []string{
		"", "2026", "2026-11-30", "2026-11-30 04:43:36Z", "2026-13-30T04:43:36Z", "2026-02-30T04:43:36Z",
		"2026-11-30T24:43:36Z", "2026-11-30T04:60:36Z", "2026-11-30T04:43:36.Z", "2026-11-30T04:43:36+0530",
		"2026-11-30T04:43:36.1234567890Z", "2026-11-30T04:43:36", "2026-11-30T04:43:36+25:00", "2O26-11-30T04:43:36Z",
	} {
		d := NewDecoder(CRI)
		got := d.parseTime([]byte(s))
		if want, err := time.Parse(time.RFC3339Nano, s); err == nil {
			if !got.Equal(want) {
				t.Errorf("%q: got %v, time.Parse %v", s, got, want)
			}
		} else if !got.IsZero() {
			t.Errorf("%q: got %v, want the zero Time", s, got)
		}
	}
}

// One Decoder reuses the previous timestamp's second: a sequence with the
// same second in other zones, with other fractions and with invalid tails
// parses exactly as time.Parse parses each timestamp alone.
func TestParseTimeSameSecond(t *testing.T) {
	d := NewDecoder(CRI)
	for _, s := range []string{
		"2026-11-30T04:43:36.151101194Z",
		"2026-11-30T04:43:36.2Z",
		"2026-11-30T04:43:36Z",
		"2026-11-30T04:43:36.Z",
		"2026-11-30T04:43:36.999999999Z",
		"2026-11-30T04:43:36.1234567890Z",
		"2026-11-30T04:43:36.5+05:30",
		"2026-11-30T04:43:36.6+05:30",
		"2026-11-30T04:43:36.6-05:30",
		"2026-11-30T04:43:36.7+05:30",
		"2026-11-30T04:43:36.7+0530",
		"2026-11-30T04:43:36.7",
		"2026-11-30T04:43:36.8Z",
		"2026-11-30T04:43:37.000000001Z",
		"2026-11-30T04:43:36.000000000+00:00",
		"2026-11-30T04:43:36.100000000+00:00",
		"2026-11-30T04:43:36.100000000+00:00x",
	} {
		got := d.parseTime([]byte(s))
		want, err := time.Parse(time.RFC3339Nano, s)
		if err != nil {
			if !got.IsZero() {
				t.Errorf("%q: got %v, want the zero Time", s, got)
			}
			continue
		}
		_, wantOff := want.Zone()
		_, gotOff := got.Zone()
		if !got.Equal(want) || gotOff != wantOff {
			t.Errorf("%s: got %v, want %v", s, got, want)
		}
	}
}

// TestUnescape checks the JSON string decoder against encoding/json.
func TestUnescape(t *testing.T) {
	for _, s := range []string{
		`plain`, ``, `\n\r\t\b\f\/\\\"`, `\u0009\u001b\u003c\u003e\u0026`, `\ufffd`, `\u2028\u2029`,
		`\ud83d\ude00`, `\ud83d`, `\ude00`, `\ud83dx`, `\ud83d\u0041`, `\ud83d\ud83d\ude00`, `\u00e9\u00E9`,
		`é ☃ 😀`, `\u0000`,
	} {
		var want string
		if err := json.Unmarshal([]byte(`"`+s+`"`), &want); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
		got, ok := unescape(nil, []byte(s))
		if !ok || string(got) != want {
			t.Errorf("%s: got %q %v, encoding/json %q", s, got, ok, want)
		}
	}
	for _, s := range []string{`\`, `\x`, `\u`, `\u12`, `\u12g4`, `\U0041`} {
		if _, ok := unescape(nil, []byte(s)); ok {
			t.Errorf("%s: accepted", s)
		}
	}
}
