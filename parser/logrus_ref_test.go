package parser

import (
	"bytes"
	"testing"
)

// parseLogrusTTYRef is parseLogrusTTY as it was before its caller's path
// and function were found by a vector search (indexByteOrEnd) rather than
// a byte loop, kept here as it was: parseLogrusTTY must accept, reject and
// fill a record exactly as it does.
func parseLogrusTTYRef(h []byte, r *Record) bool {
	i := skipCSI(h, 0)
	colored := i > 0
	ls := i
	for i < len(h) && 'A' <= h[i] && h[i] <= 'Z' {
		i++
	}
	lvl, ok := logrusLevel(h[ls:i])
	if !ok {
		return false
	}
	r.lvl = span{int32(ls), int32(i)}
	for i < len(h) && h[i] == ' ' { // PadLevelText
		i++
	}
	if colored {
		k := skipCSI(h, i)
		if k == i {
			return false
		}
		i = k
	}
	var t span
	switch {
	case i < len(h) && h[i] == '[':
		if hasLog15Time(h[i:]) {
			return false // "INFO[11-30|04:41:36]": log15's terminal form
		}
		e := bytes.IndexByte(h[i:], ']')
		if e < 0 {
			return false
		}
		t = span{int32(i + 1), int32(i + e)}
		i += e + 1
	case colored && i < len(h) && h[i] == ' ':
		// DisableTimestamp
	default:
		return false
	}
	if i < len(h) && h[i] != ' ' {
		// ReportCaller puts "file.go:12 pkg.fn()" right after the bracket.
		s := i
		for i < len(h) && h[i] != ' ' {
			i++
		}
		if !looksLikeCaller(h[s:i]) {
			return false
		}
		r.caller = span{int32(s), int32(i)}
		// then " pkg.fn()" unless a CallerPrettyfier dropped it
		if i < len(h) && h[i] == ' ' {
			k := i + 1
			for k < len(h) && h[k] != ' ' {
				k++
			}
			if bytes.HasSuffix(h[i+1:k], []byte("()")) {
				i = k
			}
		}
	}
	if i < len(h) {
		i++ // the space before the message
	}
	r.Format, r.Level = FormatLogrus, lvl
	r.rawCont = true
	if allDigits(h[t.start:t.end]) {
		t = span{} // seconds since start, not a time
	}
	if !t.empty() {
		r.time, r.timeKind = t, timeRFC3339
	}
	end := len(h)
	if colored {
		// Fields are " ESC[<color>mkeyESC[0m=value" after the padded message.
		if k := indexSpaceCSI(h, i); k >= 0 {
			r.fields = span{int32(k + 1), int32(len(h))}
			r.fieldsKind = fieldsTTY
			end = k
		}
	}
	r.msg = span{int32(i), int32(trimRightSpace(h, i, end))}
	return true
}

func checkParseLogrusTTYRef(t testing.TB, line []byte) {
	t.Helper()
	a, b := Record{text: line}, Record{text: line}
	if parseLogrusTTY(line, &a) != parseLogrusTTYRef(line, &b) || a.Format != b.Format || a.Level != b.Level || a.layout != b.layout {
		t.Fatalf("parseLogrusTTY(%q): %+v, reference %+v", line, a, b)
	}
}

// logrusTTYRefInputs are the corpus lines and TTY lines whose caller
// column is cut, spaced or ends the line.
func logrusTTYRefInputs(tb testing.TB) [][]byte {
	in := corpusLines(tb)
	for _, s := range []string{
		"\x1b[36mINFO\x1b[0m[0000]/src/a.go:64 main.f() msg   \x1b[36mk\x1b[0m=v",
		"\x1b[36mINFO\x1b[0m[0000]/src/a.go:64 main.f()", "\x1b[36mINFO\x1b[0m[0000]/src/a.go:64", "\x1b[36mINFO\x1b[0m[0000]/src/a.go:64 ",
		"\x1b[36mINFO\x1b[0m[0000]/src/a.go:64  main.f() x", "\x1b[36mINFO\x1b[0m[0000]a.go:x main.f() x", "INFO[0000]a.go:1 f() msg",
		"WARN[2026-11-30T05:52:38Z]a.go:12 pkg.fn(", "ERRO[0000]x", "INFO[0000] plain", "DEBU[0000]a.go:1 b.go:2 c",
		"INFORMAT[0000] x", "WARNING[0000] x", "WARNINGS[0000] x", "INFO", "INF", "INFO[0", "INFO\xc9[0000] x", "INFO@[0000] x", "INFOZ[0000] x",
		"\x1b[36mINFO\x1b[0m[0000] msg \t   \t        \x1b[36mk\x1b[0m=v", "\x1b[36mINFO\x1b[0m[0000] m                                       \x1b[36mk\x1b[0m=v",
		"\x1b[36mINFO\x1b[0m[0000]                 \x1b[36mk\x1b[0m=v", "INFO[0000] msg          ", "INFO[0000] msg\t \t  \t",
	} {
		in = append(in, []byte(s))
	}
	return in
}

func TestParseLogrusTTYRef(t *testing.T) {
	for _, l := range logrusTTYRefInputs(t) {
		checkParseLogrusTTYRef(t, l)
	}
}

func FuzzParseLogrusTTYRef(f *testing.F) {
	for _, l := range logrusTTYRefInputs(f) {
		if bytes.Contains(l, []byte("[0000]")) || bytes.Contains(l, []byte("\x1b[")) {
			f.Add(l)
		}
	}
	f.Fuzz(func(t *testing.T, line []byte) { checkParseLogrusTTYRef(t, line) })
}
