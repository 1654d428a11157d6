package parser

import "bytes"

// Ruby's standard Logger (and Rails, whose production logger uses its
// formatter), "%s, [%s #%d] %5s -- %s: %s":
//
//	I, [2026-11-30T04:41:36.123456 #1]  INFO -- worker: msg
//	E, [2026-11-30T04:41:36.123456 #1] ERROR -- : no user -1 (ArgumentError)
//
// the severity's letter, the time to the microsecond, the process id, the
// severity right-aligned in five columns, the program name (empty by
// default) and the message, raw: a logged exception's backtrace follows on
// lines of its own. An exception nobody rescued ends the program with
// "app.rb:10:in `fetch': boom (RuntimeError)" and TAB "from …" lines:
// critical, as a Go panic is.
//
// Sidekiq's logger (a Logger with its Pretty formatter), on stdout in every
// Sidekiq pod:
//
//	2026-11-30T04:41:36.123Z pid=1 tid=2ls class=HardJob jid=b4a5… INFO: start
//
// the time in UTC to the millisecond, the process, Sidekiq's thread id and
// the job's context as key=value pairs, then Logger's severity word.

// rubyLevel maps Logger's severity words. ANY is Logger#unknown, "a message
// that should always be logged": it carries no severity, so info.
func rubyLevel(b []byte) (Level, bool) {
	switch string(b) {
	case "DEBUG":
		return LevelDebug, true
	case "INFO", "ANY":
		return LevelInfo, true
	case "WARN":
		return LevelWarning, true
	case "ERROR":
		return LevelError, true
	case "FATAL":
		return LevelCritical, true
	}
	return LevelUnknown, false
}

// parseRuby recognises a Logger line.
func parseRuby(h []byte, r *Record) bool {
	if len(h) < 46 || h[1] != ',' || h[2] != ' ' || h[3] != '[' || h[30] != ' ' || h[31] != '#' ||
		scanRFC3339(h[:30], 4, true) != 30 {
		return false
	}
	i := 32
	for i < len(h) && isDigit(h[i]) {
		i++
	}
	// "] " (i, i+1), the level's five columns (i+2 … i+6), " -- " (i+7 …
	// i+10): h[i+10] must exist.
	if i == 32 || i+11 > len(h) || h[i] != ']' || h[i+1] != ' ' {
		return false
	}
	pid := span{32, int32(i)}
	// %5s: the word right-aligned in five columns.
	ls := i + 2
	for ls < i+6 && h[ls] == ' ' {
		ls++
	}
	le := i + 7
	if h[le] != ' ' || h[le+1] != '-' || h[le+2] != '-' || h[le+3] != ' ' {
		return false
	}
	lvl, ok := rubyLevel(h[ls:le])
	if !ok {
		return false
	}
	ns := le + 4
	// "%s: %s": the colon and space are written even for an empty
	// program name or message.
	k := bytes.Index(h[ns:], []byte(": "))
	if k < 0 {
		return false
	}
	r.Format, r.Level = FormatRuby, lvl
	r.time, r.timeKind = span{4, 30}, timeRFC3339
	r.thread = pid
	r.lvl = span{int32(ls), int32(le)}
	r.logger = span{int32(ns), int32(ns + k)}
	r.msg = span{int32(min(ns+k+2, len(h))), int32(len(h))}
	r.rawCont = true
	return true
}

// parseRubyUncaught recognises the first line Ruby writes for an exception
// nobody rescued: "path:line:in `method': message (Class)" (Ruby 3.4
// quotes the method 'Class#method'). A backtrace line has the same start
// but nothing after the method's closing quote.
func parseRubyUncaught(h []byte, r *Record) bool {
	return parseRubyUncaughtAt(h, bytes.IndexByte(h, ' '), r)
}

// parseRubyUncaughtAt is parseRubyUncaught for a line whose first space is
// at sp (-1 when it has none): parseHeader's case for the lower-case letters
// searches it once for all its attempts (#14).
func parseRubyUncaughtAt(h []byte, sp int, r *Record) bool {
	// The file, the line and ":in" before the line's first space: the
	// first ":in " when no space comes before it, found by that space.
	k := sp - 3
	if k <= 0 || string(h[k:k+3]) != ":in" || k+6 >= len(h) || (h[k+4] != '`' && h[k+4] != '\'') {
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

// parseSidekiq recognises Sidekiq's Pretty formatter,
// "<time> pid=%d tid=%s[ key=value…] SEVERITY: message", its time ending at
// te. The pid is the thread id, as in Logger's lines; tid and the job's
// context are fields.
func parseSidekiq(h []byte, te int, r *Record) bool {
	if te+1 < len(h) && isDigit(h[te+1]) {
		return parseSidekiqLegacy(h, te, r)
	}
	i := te + 5 // " pid="
	if i >= len(h) || string(h[te:i]) != " pid=" {
		return false
	}
	ps := i
	for i < len(h) && isDigit(h[i]) {
		i++
	}
	if i == ps || i+5 > len(h) || string(h[i:i+5]) != " tid=" {
		return false
	}
	pid := span{int32(ps), int32(i)}
	fs := i + 1
	// key=value pairs up to the first word that is none: the severity
	// and its colon.
	for {
		ws := i + 1
		we := ws
		eq := -1
		for we < len(h) && h[we] != ' ' {
			if h[we] == '=' && eq < 0 {
				eq = we
			}
			we++
		}
		if eq > ws && eq+1 < we {
			if we == len(h) {
				return false
			}
			i = we
			continue
		}
		if we-ws < 2 || h[we-1] != ':' || ws == fs {
			return false
		}
		return sidekiqRecord(h, te, pid, span{int32(fs), int32(i)}, ws, we, r)
	}
}

// sidekiqRecord fills r for a Sidekiq line whose severity word and its
// colon are h[ws:we], the fields before it being fields.
func sidekiqRecord(h []byte, te int, pid, fields span, ws, we int, r *Record) bool {
	lvl, ok := rubyLevel(h[ws : we-1])
	if !ok {
		return false
	}
	r.Format, r.Level = FormatRuby, lvl
	r.time, r.timeKind = span{0, int32(te)}, timeRFC3339
	r.thread = pid
	r.lvl = span{int32(ws), int32(we - 1)}
	r.fields, r.fieldsKind = fields, fieldsLogfmt
	r.msg = span{int32(min(we+1, len(h))), int32(len(h))}
	r.rawCont = true // a backtrace, logged as one multi-line message
	return true
}

// parseSidekiqLegacy recognises Sidekiq 2 to 5's Pretty formatter,
// "<time> %d TID-%s[ Class JID-%s] SEVERITY: message": the pid is the thread
// id; the thread and the job's context are kept whole as the one field a
// line of bare words makes (_unparsed).
func parseSidekiqLegacy(h []byte, te int, r *Record) bool {
	i := te + 1
	ps := i
	for i < len(h) && isDigit(h[i]) {
		i++
	}
	if i+5 > len(h) || string(h[i:i+5]) != " TID-" {
		return false
	}
	pid := span{int32(ps), int32(i)}
	fs := i + 1
	// Words up to the severity and its colon: the thread, then the job's
	// class and id when there is a job.
	for n := 0; n < 6; n++ {
		ws := i + 1
		we := ws
		for we < len(h) && h[we] != ' ' {
			we++
		}
		if we == ws || we == len(h) && h[we-1] != ':' {
			return false
		}
		if h[we-1] != ':' || ws == fs {
			i = we
			continue
		}
		return sidekiqRecord(h, te, pid, span{int32(fs), int32(i)}, ws, we, r)
	}
	return false
}
