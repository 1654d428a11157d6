package parser

import (
	"bytes"
	"reflect"
	"testing"
)

// checkParseAfterHeader fails unless ParseAfterHeader, given IsHeader's
// record for text's first line, fills r as Parse does and returns the same.
func checkParseAfterHeader(t *testing.T, text []byte) {
	t.Helper()
	i := bytes.IndexByte(text, '\n')
	if i < 0 {
		return
	}
	// The probe reads a copy of the line, as the joiner's does.
	var h Record
	if !IsHeader(append([]byte(nil), text[:i]...), &h) {
		return
	}
	var want, got Record
	wantOK := Parse(text, &want)
	gotOK := ParseAfterHeader(text, &h, &got)
	if gotOK != wantOK || !reflect.DeepEqual(got, want) {
		t.Fatalf("%q: ParseAfterHeader %v\n%+v\nParse %v\n%+v", text, gotOK, got, wantOK, want)
	}
}

// TestParseAfterHeader holds ParseAfterHeader to Parse on records of
// several lines: the formats whose multi-line rules read the lines after
// the header (java.util.logging's level line, a logger on the last line,
// .NET's padded message, klog's blocks, trailing pairs after a message),
// text Parse reads otherwise (a lone "{", a header of no known format), and
// every run of corpus lines from a header to the next header.
func TestParseAfterHeader(t *testing.T) {
	for _, text := range []string{
		"Nov 30, 2026 4:41:36 AM com.example.App main\nSEVERE: boom\n\tat com.example.App.main(App.java:1)",
		"I1130 04:39:44.903457       1 sync.go:12] \"m\" data=<\n\ta: 1\n\tb: 2\n > k=1",
		"2026-11-30 04:41:36,123 ERROR boom\nTraceback (most recent call last):\n  File \"x.py\", line 1\nValueError: x",
		"fail: Microsoft.AspNetCore.Server[1]\n      Request failed\n      second line",
		"time=2026-11-30T04:41:36.123Z level=INFO msg=m\r\nmore\r\n",
		"{\n  \"level\": \"info\",\n  \"msg\": \"m\"\n}",
		"{\r\n\"level\": \"info\", \"msg\": \"m\"\r\n}",
		"2026/11/30 04:41:36 plain log line\nnext",
		"\x1b[31mERRO\x1b[0m[0000] boom                                         \x1b[31mk\x1b[0m=1\n  more",
	} {
		checkParseAfterHeader(t, []byte(text))
	}
	lines := corpusLines(t)
	var h Record
	for i := range lines {
		if !IsHeader(lines[i], &h) {
			continue
		}
		text := append([]byte(nil), lines[i]...)
		for j := i + 1; j < len(lines) && j < i+50; j++ {
			text = append(append(text, '\n'), lines[j]...)
			checkParseAfterHeader(t, text)
			if IsHeader(lines[j], &h) {
				break
			}
		}
	}
}
