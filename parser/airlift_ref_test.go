package parser

import (
	"bytes"
	"testing"
)

// parseAirlift's level and logger columns were read with cheaper loops for
// #14; parseAirliftBefore is the function before them, held here so that
// FuzzAirliftRef compares the two on every line.
func parseAirliftBefore(h []byte, te int, r *Record) bool {
	ls := te + 1
	le := upperRun(h, ls, 5)
	if le >= len(h) || h[le] != '\t' {
		return false
	}
	lvl, ok := capitalLevel(h[ls:le])
	if !ok {
		return false
	}
	ts := le + 1
	k := bytes.IndexByte(h[ts:], '\t')
	if k <= 0 {
		return false
	}
	tend := ts + k
	ns := tend + 1
	ne := ns
	dot := false
	for ne < len(h) && h[ne] != '\t' {
		c := h[ne]
		switch {
		case c == '.':
			dot = true
		case isUpper(c), 'a' <= c && c <= 'z', isDigit(c), c == '_', c == '$':
		default:
			return false // a space, a caller's ':' or '/': zap's columns
		}
		ne++
	}
	if !dot || ne == ns || ne+1 >= len(h) || h[ns] == '.' || h[ne-1] == '.' {
		return false
	}
	ms := ne + 1
	// zap's fields column is a JSON object after the message.
	if h[ms] == '{' && h[len(h)-1] == '}' {
		return false
	}
	r.Format, r.Level = FormatJava, lvl
	r.time, r.timeKind = span{0, int32(te)}, timeRFC3339
	r.lvl = span{int32(ls), int32(le)}
	r.thread = span{int32(ts), int32(tend)}
	r.logger = span{int32(ns), int32(ne)}
	r.msg = span{int32(ms), int32(len(h))}
	r.rawCont = true // a throwable's lines
	return true
}

// checkAirliftRef fails unless parseAirlift and parseAirliftBefore agree on
// line, with the time's end wherever scanZapTime puts it, and unless the
// byte after the TAB tells the one attempt parseHeader makes: Istio's takes
// no line whose level opens with other than a lower-case letter, Airlift's
// none whose level opens with other than a capital.
func checkAirliftRef(t testing.TB, line []byte) {
	t.Helper()
	te, kind := scanZapTime(line)
	if kind != timeRFC3339 {
		te = bytes.IndexByte(line, '\t')
	}
	if te < 0 {
		return
	}
	a, b := Record{text: line}, Record{text: line}
	if parseAirlift(line, te, &a) != parseAirliftBefore(line, te, &b) || a.Format != b.Format || a.Level != b.Level || a.layout != b.layout {
		t.Fatalf("parseAirlift(%q, %d): %+v, before %+v", line, te, a, b)
	}
	if te+1 < len(line) {
		c := line[te+1]
		var r Record
		if !('a' <= c && c <= 'z') && parseEnvoyIstio(line, te, &r) {
			t.Fatalf("parseEnvoyIstio(%q) took a level that opens with %q", line, c)
		}
		if !isUpper(c) && parseAirlift(line, te, &r) {
			t.Fatalf("parseAirlift(%q) took a level that opens with %q", line, c)
		}
	}
}

func airliftRefInputs(tb testing.TB) [][]byte {
	in := dispatchLines(tb)
	for _, s := range []string{
		"2026-02-18T21:56:27.620Z\tINFO\tmain\tio.trino.bootstrap.engine\tLoading configuration",
		"2026-02-18T21:56:27.620Z\tERROR\tdispatcher-query-3\tio.trino.event.QueryMonitor\tTIMELINE: x",
		"2026-02-18T21:56:27.620Z\tDEBUG\tt\tA$B.c_d9\tm", "2026-02-18T21:56:27.620Z\tWARN\tt\t.a\tm", "2026-02-18T21:56:27.620Z\tWARN\tt\ta.\tm",
		"2026-02-18T21:56:27.620Z\tWARN\tt\ta.b\t{}", "2026-02-18T21:56:27.620Z\tWARN\tt\ta.b\t{x", "2026-02-18T21:56:27.620Z\tWARN\tt\ta.b\t",
		"2026-02-18T21:56:27.620Z\tWARN\tt\ta.b", "2026-02-18T21:56:27.620Z\tWARNING\tt\ta.b\tm", "2026-02-18T21:56:27.620Z\tINFOS\tt\ta.b\tm",
		"2026-02-18T21:56:27.620Z\tINF\tt\ta.b\tm", "2026-02-18T21:56:27.620Z\tINFO", "2026-02-18T21:56:27.620Z\tERROR", "2026-02-18T21:56:27.620Z\tINFO\t",
		"2026-02-18T21:56:27.620Z\tINFO\t\ta.b\tm", "2026-02-18T21:56:27.620Z\tINFO\tt\ta:b.c\tm", "2026-02-18T21:56:27.620Z\tINFO\tt\ta b.c\tm",
		"2026-02-18T21:56:27.620Z\tinfo\tenvoy main external/x.cc:12\tmsg", "2026-02-18T21:56:27.620Z\tINFO\tenvoy main\tmsg",
		"2026-02-18T21:56:27.620Z\tINFO\tmain.go:12\tmsg\t{\"k\": 1}", "2026-02-18T21:56:27.620Z\tINFO\tsetup\tstarting manager",
	} {
		in = append(in, []byte(s))
	}
	return in
}

func TestAirliftRef(t *testing.T) {
	for _, l := range airliftRefInputs(t) {
		checkAirliftRef(t, l)
		// Each byte of the columns after the time bent.
		if te := bytes.IndexByte(l, '\t'); te >= 0 {
			for i := te + 1; i < len(l) && i < te+40; i++ {
				for _, c := range []byte{'\t', '.', ':', ' ', 'A', 'z', '$', '{', 0x80} {
					b := append([]byte(nil), l...)
					b[i] = c
					checkAirliftRef(t, b)
				}
			}
		}
	}
}

func FuzzAirliftRef(f *testing.F) {
	for _, l := range airliftRefInputs(f) {
		if bytes.IndexByte(l, '\t') >= 0 {
			f.Add(l)
		}
	}
	f.Fuzz(func(t *testing.T, line []byte) { checkAirliftRef(t, line) })
}
