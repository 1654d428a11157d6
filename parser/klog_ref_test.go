package parser

import (
	"bytes"
	"strings"
	"testing"
)

// parseKlogRef is parseKlog as it was before its time and caller columns
// were read eight bytes at a time (klogTimeShape, the caller's word loop),
// kept here as it was: parseKlog must accept, reject and fill a record
// exactly as it does.
func parseKlogRef(h []byte, r *Record) bool {
	if len(h) < 22 {
		return false
	}
	var lvl Level
	switch h[0] {
	case 'I':
		lvl = LevelInfo
	case 'W':
		lvl = LevelWarning
	case 'E':
		lvl = LevelError
	case 'F':
		lvl = LevelCritical
	default:
		return false
	}
	if !isDigit(h[1]) || !isDigit(h[2]) || !isDigit(h[3]) || !isDigit(h[4]) || h[5] != ' ' ||
		!isDigit(h[6]) || !isDigit(h[7]) || h[8] != ':' || !isDigit(h[9]) || !isDigit(h[10]) || h[11] != ':' ||
		!isDigit(h[12]) || !isDigit(h[13]) || h[14] != '.' {
		return false
	}
	for _, c := range h[15:21] {
		if !isDigit(c) {
			return false
		}
	}
	i := 21
	var thread, caller span
	if h[i] == ' ' {
		for i < len(h) && h[i] == ' ' {
			i++
		}
		ts := i
		for i < len(h) && isDigit(h[i]) {
			i++
		}
		if i == ts || i >= len(h) || h[i] != ' ' {
			return false
		}
		thread = span{int32(ts), int32(i)}
		i++
		cs := i
		for i < len(h) && h[i] != ']' && h[i] != ' ' {
			i++
		}
		if i >= len(h) || h[i] != ']' || !looksLikeCaller(h[cs:i]) {
			return false
		}
		caller = span{int32(cs), int32(i)}
	} else if h[i] != ']' {
		return false
	}
	i++ // past ']'
	if i < len(h) {
		if h[i] != ' ' {
			return false
		}
		i++
	}
	r.Format, r.Level = FormatKlog, lvl
	r.lvl = span{0, 1}
	r.time = span{1, 21}
	r.timeKind = timeKlog
	r.thread, r.caller = thread, caller
	r.rawCont = true
	r.msg = span{int32(i), int32(len(h))}
	if parseKlogr(h, i, r) {
		return true
	}
	// A structured InfoS/ErrorS body is a Go-quoted message followed by
	// key=value pairs; anything else is a legacy message written raw.
	if i < len(h) && h[i] == '"' {
		if end := skipGoString(h, i); end > 0 && (end == len(h) || (h[end] == ' ' && klogKeyAt(h, end+1))) {
			r.msg = span{int32(i), int32(end)}
			r.msgKind = kindGoQuoted
			if end < len(h) {
				r.fields = span{int32(end + 1), int32(len(h))}
				r.fieldsKind = fieldsKlog
			}
			if lvl != LevelCritical {
				r.blockCont = true
				r.rawCont = opensKlogBlock(h)
			}
		}
	}
	return true
}

// parseKlogrBefore is parseKlogr before a legacy message left it at the
// byte after its first word, and before its prefix tests were inlined
// (#14).
func parseKlogrBefore(h []byte, i int, r *Record) bool {
	j := i
	for j < len(h) && h[j] == ' ' {
		j++
	}
	var logger span
	if j < len(h) && h[j] != '"' {
		ls := j
		for j < len(h) && h[j] != ' ' && h[j] != '"' {
			j++
		}
		if j >= len(h) || h[j] != ' ' {
			return false
		}
		logger = span{int32(ls), int32(j)}
		for j < len(h) && h[j] == ' ' {
			j++
		}
	}
	first := j
	if bytes.HasPrefix(h[j:], []byte(`"level"=`)) {
		k := skipDigits(h, j+8)
		if k == j+8 || k >= len(h) || h[k] != ' ' {
			return false
		}
		for j = k; j < len(h) && h[j] == ' '; j++ {
		}
	}
	if !bytes.HasPrefix(h[j:], []byte(`"msg"="`)) {
		return false
	}
	ms := j + 6
	me := skipString(h, ms)
	if me < 0 || (me < len(h) && h[me] != ' ') {
		return false
	}
	r.msg = span{int32(ms), int32(me)}
	r.msgKind = kindJSON
	r.logger = logger
	end := len(h)
	for end > me && h[end-1] == ' ' {
		end--
	}
	if first < j || end > me {
		r.fields = span{int32(first), int32(end)}
		r.fieldsKind = fieldsKlogr
	}
	if r.Level != LevelCritical {
		r.rawCont = false // a Fatal's stack dump follows it; nothing else does
	}
	return true
}

func checkParseKlogRef(t testing.TB, line []byte) {
	t.Helper()
	// parseKlogr from each of the first bytes, as parseKlog calls it
	// after a header of any length.
	for i := 0; i <= len(line) && i < 48; i++ {
		a, b := Record{text: line}, Record{text: line}
		if parseKlogr(line, i, &a) != parseKlogrBefore(line, i, &b) || a.Format != b.Format || a.Level != b.Level || a.layout != b.layout {
			t.Fatalf("parseKlogr(%q, %d): %+v, before %+v", line, i, a, b)
		}
	}
	a, b := Record{text: line}, Record{text: line}
	if parseKlog(line, &a) != parseKlogRef(line, &b) || a.Format != b.Format || a.Level != b.Level || a.layout != b.layout {
		t.Fatalf("parseKlog(%q): %+v, reference %+v", line, a, b)
	}
}

// klogRefInputs are the corpus lines and klog headers with each column
// bent: a byte of the time out of place, callers around the word bounds.
func klogRefInputs(tb testing.TB) [][]byte {
	in := corpusLines(tb)
	base := "I1130 05:52:39.012438   13468 main.go:202] msg k=v"
	for i := 1; i < 21; i++ {
		for _, c := range []byte{'0', '9', ' ', ':', '.', '/', 'a', 0x80} {
			b := []byte(base)
			b[i] = c
			in = append(in, b)
		}
	}
	// The PID column: every width, too wide, a byte out of place.
	for _, pid := range []string{"1", "12", "123", "1234", "12345", "123456", "1234567", "12345678", "123456789", "", "12a4", " 1 2", "\t12"} {
		for pad := 0; pad <= 8; pad++ {
			in = append(in, []byte("I1130 05:52:39.012438 "+strings.Repeat(" ", pad)+pid+" main.go:12] msg"))
		}
	}
	for _, s := range []string{
		"I1130 05:52:39.012438] ktesting", "W1130 05:52:39.012438 1 a:1] x", "E1130 05:52:39.012438   1 abcdefg.go:1] x",
		"F1130 05:52:39.012438   1 abcdefgh.go:12] x", "I1130 05:52:39.012438   1 a.go:1 x]", "I1130 05:52:39.012438   1 a.go:1",
		"I1130 05:52:39.012438   1 abcdefghijklmnopqrstuvwxyz.go:123]", `I1130 05:52:39.012438   1 a.go:1] "msg"="x" "k"=1`,
		`I1130 05:52:39.012438   1 a.go:1] cert-manager/controller "level"=0 "msg"="x"`, `I1130 05:52:39.012438   1 a.go:1] c  "msg"="x"`,
		`I1130 05:52:39.012438   1 a.go:1] c "msg"=x`, `I1130 05:52:39.012438   1 a.go:1] c x "msg"="x"`, `I1130 05:52:39.012438   1 a.go:1] c`,
		`I1130 05:52:39.012438   1 a.go:1] c `, `I1130 05:52:39.012438   1 a.go:1] "level"=1 "msg"="x"`, `I1130 05:52:39.012438   1 a.go:1] "msg"="`, "I1130 05:52:39.012438   1 ]", "I1130 05:52:39.0124389 1 a:1] x",
	} {
		in = append(in, []byte(s))
	}
	return in
}

func TestParseKlogRef(t *testing.T) {
	for _, l := range klogRefInputs(t) {
		checkParseKlogRef(t, l)
	}
}

func FuzzParseKlogRef(f *testing.F) {
	for _, l := range klogRefInputs(f) {
		if len(l) > 0 && (l[0] == 'I' || l[0] == 'W' || l[0] == 'E' || l[0] == 'F') {
			f.Add(l)
		}
	}
	f.Fuzz(func(t *testing.T, line []byte) { checkParseKlogRef(t, line) })
}
