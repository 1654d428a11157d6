package parser

import (
	"bytes"
	"testing"
)

// The rejections made cheaper for the lines of a Go panic's dump (#14) are
// held to the code before them, kept here as it was.

func parseBitnamiBefore(h []byte, r *Record) bool {
	ms := skipCSI(h, 0)
	me := ms
	// A module is a lower-case word (an image's name: "postgresql",
	// "redis-sentinel"): logfmt's '=', winston's and .NET's ':' end the
	// look at once, with one table load a byte.
	for lim := min(len(h), ms+48); me < lim && bitnamiModuleByte[h[me]]; {
		me++
	}
	// An image that sets no MODULE prints nothing before the space.
	if me+1 >= len(h) || h[me] != ' ' {
		return false
	}
	ts := skipCSI(h, me+1)
	if ts+12 > len(h) || h[ts+2] != ':' || h[ts+5] != ':' || h[ts+8] != '.' || h[ts+11] != ' ' {
		return false
	}
	for _, k := range [...]int{0, 1, 3, 4, 6, 7, 9, 10} {
		if !isDigit(h[ts+k]) {
			return false
		}
	}
	ls := skipCSI(h, skipCSI(h, ts+12)) // the reset, the level's colour
	le := upperRun(h, ls, 5)
	lvl, ok := capitalLevel(h[ls:le]) // DEBUG INFO WARN ERROR
	if !ok {
		return false
	}
	i := skipCSI(h, le)
	if !bitnamiArrow(h, i) && i < len(h) && h[i] == ' ' {
		i = skipCSI(h, i+1) // the padding to five columns
	}
	if !bitnamiArrow(h, i) {
		return false
	}
	r.Format, r.Level = FormatBitnami, lvl
	r.lvl = span{int32(ls), int32(le)}
	r.logger = span{int32(ms), int32(me)} // empty without a MODULE
	r.time, r.timeKind = span{int32(ts), int32(ts + 11)}, timeClock
	r.msg = span{int32(min(i+5, len(h))), int32(len(h))}
	return true
}

func parseRubyUncaughtBefore(h []byte, r *Record) bool {
	k := bytes.Index(h, []byte(":in "))
	if k <= 0 || k+6 >= len(h) || (h[k+4] != '`' && h[k+4] != '\'') || bytes.IndexByte(h[:k], ' ') >= 0 {
		return false
	}
	// The line number before ":in".
	d := k
	for d > 0 && isDigit(h[d-1]) {
		d--
	}
	if d == k || d == 0 || h[d-1] != ':' {
		return false
	}
	q := bytes.Index(h[k+5:], []byte("': "))
	if q < 0 {
		return false
	}
	r.Format, r.Level = FormatRuby, LevelCritical
	r.caller = span{0, int32(k)}
	r.msg = span{int32(k + 5 + q + 3), int32(len(h))}
	r.rawCont = true
	return true
}

func parseWinstonBefore(h []byte, r *Record) bool {
	ls := skipSGR(h, 0)
	coloured := ls > 0
	le := ls
	for le < len(h) && le-ls < 8 && 'a' <= h[le] && h[le] <= 'z' {
		le++
	}
	lvl, ok := winstonLevel(h[ls:le])
	if !ok {
		return false
	}
	c := le
	if coloured {
		if c = skipSGR(h, le); c == le {
			return false
		}
	}
	if c >= len(h) || h[c] != ':' {
		return false
	}
	m := c + 1
	if !coloured {
		// simple() writes one space, padLevels() more; the colourless
		// line has nothing else to tell it from prose.
		if m >= len(h) || h[m] != ' ' {
			return false
		}
		if (lvl == LevelError || le-ls == 4 && h[ls] == 'h') && !endsWithJSONObject(h, m) {
			// Any program's "error: …" line: a record of its own
			// without a level, as package log's plain lines are, so
			// that it joins no record before it.
			return true
		}
	}
	for m < len(h) && h[m] == ' ' {
		m++
	}
	r.Format, r.Level = FormatWinston, lvl
	r.lvl = span{int32(ls), int32(le)}
	r.msg = span{int32(m), int32(len(h))}
	r.rawCont = true
	return true
}

func GoroutineDumpLineBefore(line []byte) bool {
	if n := len(line); n > 0 && line[n-1] == '\r' {
		line = line[:n-1]
	}
	if len(line) == 0 {
		return true
	}
	switch line[0] {
	case '\t':
		return true
	case ' ':
		return false
	case '[':
		return bytes.HasPrefix(line, []byte("[signal ")) || bytes.HasPrefix(line, []byte("[originating from goroutine "))
	case '.':
		return string(line) == "...additional frames elided..."
	}
	switch {
	case GoroutineHeader(line),
		bytes.HasPrefix(line, []byte("created by ")),
		bytes.HasPrefix(line, []byte("exit status ")),
		string(line) == "runtime stack:",
		bytes.HasPrefix(line, []byte("PC=")),
		bytes.HasPrefix(line, []byte("signal arrived during ")):
		return true
	}
	return isFrameFuncBefore(line) || isRegister(line)
}

func isFrameFuncBefore(line []byte) bool {
	p := bytes.IndexByte(line, '(')
	if p <= 0 || line[len(line)-1] != ')' {
		return false
	}
	name := line[:p]
	// A method's receiver opens with '(' too ("main.(*T).Run("): the name
	// then runs up to the '.' before it.
	for p > 0 && line[p-1] == '.' {
		q := bytes.IndexByte(line[p+1:], '(')
		if q < 0 {
			return false
		}
		p += 1 + q
		name = line[:p]
	}
	if bytes.IndexByte(name, ' ') >= 0 {
		return false
	}
	return bytes.IndexByte(name, '.') > 0 || string(name) == "panic"
}

// FuzzCheapRejections holds parseBitnami, parseRubyUncaught, parseWinston
// and GoroutineDumpLine to their versions before their cheaper rejections:
// the same answer and the same record for every line.
func FuzzCheapRejections(f *testing.F) {
	for _, line := range []string{
		"postgresql 10:57:40.63 INFO  ==> ** Starting **",
		"\x1b[38;5;6mredis \x1b[38;5;5m10:57:41.02 \x1b[0m\x1b[33mWARN \x1b[0m ==> x",
		" 16:30:28.78 INFO  ==> no module",
		"abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuv 10:57:40.63 INFO  ==> 48",
		"abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvw 10:57:40.63 INFO  ==> 49",
		"Mod 10:57:40.63 INFO  ==> upper case",
		"/app/x.rb:3:in `m': msg (Error)",
		"app.rb:3:in 'm': msg (Error)",
		"a b.rb:3:in `m': msg",
		":in `m': x",
		"info: msg", "error: x", "http: GET /", "verbose: v", "warning: w", "\x1b[32minfo\x1b[39m: coloured",
		"main.main()", "main.(*T).Run(0xc000010000, {0x5eb6a0?, 0x1})", "panic({0x1, 0x2})", "goroutine 1 [running]:",
		"created by main.main in goroutine 1", "exit status 2", "runtime stack:", "PC=0x1 m=0", "signal arrived during cgo execution",
		"rax    0x0", "[signal SIGSEGV: segmentation violation]", "...additional frames elided...", "\t/src/main.go:12 +0x1d", "x(", ")",
	} {
		f.Add([]byte(line))
	}
	f.Fuzz(func(t *testing.T, line []byte) {
		for _, p := range []struct {
			name      string
			now, then func([]byte, *Record) bool
		}{
			{"parseBitnami", parseBitnami, parseBitnamiBefore},
			{"parseRubyUncaught", parseRubyUncaught, parseRubyUncaughtBefore},
			{"parseWinston", parseWinston, parseWinstonBefore},
		} {
			a, b := Record{text: line}, Record{text: line}
			if p.now(line, &a) != p.then(line, &b) || a.Format != b.Format || a.Level != b.Level || a.layout != b.layout {
				t.Fatalf("%s(%q): %v %+v, before %v %+v", p.name, line, p.now(line, &Record{}), a, p.then(line, &Record{}), b)
			}
		}
		if got, want := GoroutineDumpLine(line), GoroutineDumpLineBefore(line); got != want {
			t.Fatalf("GoroutineDumpLine(%q) = %v, before %v", line, got, want)
		}
	})
}
