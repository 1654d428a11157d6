package parser

import (
	"bytes"
	"strings"
	"testing"
)

// zap's level and columns as they were split before zapWordEnd and the
// search for the first two TABs (and the last only before a closing
// brace), kept as the reference: checkZapRef holds zapLevelColumn to it,
// Record for Record.

func refZapLevelColumn(h []byte, i int, sep byte, needSep bool, r *Record) bool {
	ls := skipCSI(h, i)
	// Every zap level word starts with a letter; hclog's "[INFO]" and
	// zerolog's columns after the same kind of time fail here at once.
	if ls >= len(h) || lower(h[ls]) < 'a' || lower(h[ls]) > 'z' {
		return false
	}
	le := ls
	for le < len(h) && h[le] != sep && h[le] != 0x1b && h[le] != ' ' && h[le] != '\t' {
		le++
	}
	lvl, ok := zapLevel(h[ls:le])
	if !ok {
		return false
	}
	j := le
	if ls != i { // coloured: the reset must follow the level word
		k := skipCSI(h, j)
		if k == j {
			return false
		}
		j = k
	}
	if (j < len(h) && h[j] != sep) || (needSep && j == len(h)) {
		return false
	}
	r.Format, r.Level = FormatZap, lvl
	r.lvl = span{int32(ls), int32(le)}
	r.rawCont = true
	for j < len(h) && h[j] == sep {
		j++
	}
	refZapColumns(h, j, sep, r)
	return true
}
func refZapColumns(h []byte, i int, sep byte, r *Record) {
	end := len(h)
	if sep == '\t' {
		// Find the TABs going forward (IndexByte is vectorised, a backward
		// scan is not); zap puts a handful on a line.
		var tabs [4]int
		n, last := 0, -1
		for k := i; ; {
			t := bytes.IndexByte(h[k:end], '\t')
			if t < 0 {
				break
			}
			last = k + t
			if n < len(tabs) {
				tabs[n] = last
				n++
			}
			k = last + 1
		}
		// Fields: a last column in braces. Checking the JSON fully is left to
		// EachField, which reports bad JSON whole.
		if last >= 0 && last+1 < end && h[last+1] == '{' && h[end-1] == '}' {
			r.fields = span{int32(last + 1), int32(end)}
			r.fieldsKind = fieldsJSON
			end = last
			if n > 0 && tabs[n-1] == last {
				n--
			}
		}
		// With TABs, a first column that is not the caller but has more
		// columns after it is the logger name; the caller may follow it.
		if n > 0 {
			c := tabs[0]
			if refLooksLikeGoCaller(h[i:c]) {
				r.caller = span{int32(i), int32(c)}
				i = c + 1
			} else {
				r.logger = span{int32(i), int32(c)}
				i = c + 1
				if n > 1 && refLooksLikeGoCaller(h[i:tabs[1]]) {
					r.caller = span{int32(i), int32(tabs[1])}
					i = tabs[1] + 1
				}
			}
		}
		r.msg = span{int32(i), int32(end)}
		return
	}
	// Space separator: the fields are the JSON object that ends the line,
	// written "spaced" ({"k": "v"}), which keeps it apart from a message that
	// merely ends in a brace; only the caller column can be told from words.
	if end > i && h[end-1] == '}' {
		for k := i; k < end; k++ {
			if h[k] == ' ' && k+1 < end && h[k+1] == '{' && validJSON(h[k+1:end]) {
				r.fields = span{int32(k + 1), int32(end)}
				r.fieldsKind = fieldsJSON
				end = k
				break
			}
		}
	}
	if c := bytes.IndexByte(h[i:end], ' '); c > 0 && refLooksLikeGoCaller(h[i:i+c]) {
		r.caller = span{int32(i), int32(i + c)}
		i += c + 1
	}
	r.msg = span{int32(i), int32(end)}
}
func refLooksLikeGoCaller(b []byte) bool {
	c := bytes.LastIndexByte(b, ':')
	return c > 3 && bytes.HasSuffix(b[:c], []byte(".go")) && looksLikeCaller(b) && bytes.IndexByte(b, ' ') < 0
}

// checkZapRef fails unless zapLevelColumn, at the columns after zap's time
// (scanZapTime) and at the start of the line (parseZapNoTime), with each
// separator, answers as the reference does and leaves the same Record.
func checkZapRef(t testing.TB, text []byte) {
	t.Helper()
	h := text
	if i := bytes.IndexByte(h, '\n'); i >= 0 {
		h = h[:i]
	}
	starts := []int{0}
	if e, _ := scanZapTime(h); e > 0 {
		i := e
		for i < len(h) && (h[i] == ' ' || h[i] == '\t') {
			i++
		}
		starts = append(starts, e+1, i)
	}
	for _, i := range starts {
		for _, sep := range []byte{'\t', ' '} {
			for _, needSep := range []bool{false, true} {
				var got, want Record
				got.reset(text)
				want.reset(text)
				gotOK := zapLevelColumn(h, i, sep, needSep, &got)
				wantOK := refZapLevelColumn(h, i, sep, needSep, &want)
				if gotOK != wantOK || got.layout != want.layout || got.Level != want.Level || got.Format != want.Format {
					t.Fatalf("%q at %d, sep %q: zapLevelColumn %v %+v, reference %v %+v", h, i, sep, gotOK, got.layout, wantOK, want.layout)
				}
			}
		}
	}
}

// TestZapRef holds zap's column split to its reference on every line of
// the corpus and on lines built from columns that are and are not callers,
// loggers, fields and levels, TABs in every place, each cut short.
func TestZapRef(t *testing.T) {
	lines := corpusLines(t)
	times := []string{"2026-11-30T05:52:38.110Z", "1.7960179581095307e+09", "1796017958111008073", ""}
	levels := []string{"info", "INFO", "\x1b[34mINFO\x1b[0m", "Level(-2)", "LEVEL(3)", "dpanic", "inf", "info\x01", "in fo", "\x1b[34minfo", "warn\x1b[0mx", "debugging"}
	cols := []string{"", "corpusgen/zap.go:161", "a.go:1", "x.go:", "ago:1", "a b.go:1", "zap.go:12x", "agent", "controller.deployment",
		"message with words", "{\"k\": \"v\"}", "{\"k\":1}", "{", "}", "{x}", "msg\t{\"k\": 1}", "pkg/very/long/path/to/some/file/name.go:1234"}
	for _, tm := range times {
		for _, lv := range levels {
			for _, a := range cols {
				for _, b := range cols {
					for _, sep := range []string{"\t", " ", "\t\t"} {
						l := lv + sep + a + sep + b
						if tm != "" {
							l = tm + sep + l
						}
						lines = append(lines, []byte(l), []byte(l+sep+"{\"n\": 1}"), []byte(l+sep+strings.Repeat("x", 40)+"}"))
					}
				}
			}
		}
	}
	for _, l := range lines {
		for n := len(l); n > 0 && n > len(l)-12; n-- {
			checkZapRef(t, l[:n])
		}
	}
}

// FuzzZapRef holds zap's columns to the reference on any line (the
// space-separated fields were then found a byte at a time).
func FuzzZapRef(f *testing.F) {
	for i, l := range corpusLinesIn(f, "zap") {
		if i%3 == 0 {
			f.Add(l)
		}
	}
	for _, s := range []string{"2026-11-30T05:52:38.110Z info msg {x} {\"k\": 1}", "info a.go:1 {\"k\": 1}", "2026-11-30T05:52:38.110Z info { {} {\"a\":1}"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, line []byte) { checkZapRef(t, line) })
}
