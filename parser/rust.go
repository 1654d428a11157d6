package parser

import "bytes"

// Rust's loggers, in their default layouts:
//
//	[2026-11-30T04:41:36Z INFO  app::db] msg
//	2026-11-30T04:41:36.123456Z  INFO request{id=7}: app::db: msg k=v
//	thread 'main' (12) panicked at src/main.rs:10:5:
//
// env_logger's (a bracketed header: the time at the builder's precision or
// none, the level padded to five columns, the module path and target when
// the builder prints them), tracing-subscriber's fmt default (the time,
// the level right-aligned in five columns, the spans entered, the target
// and a colon; with ANSI colour when writing to a terminal or told to),
// and the line std's panic hook opens a panic with, whose message and
// backtrace follow on lines of their own. Both loggers write a multi-line
// message raw, so the lines without a header join the record.

// rustLevel maps env_logger's and tracing's level words; trace is below
// debug.
func rustLevel(b []byte) (Level, bool) {
	switch string(b) {
	case "ERROR":
		return LevelError, true
	case "WARN":
		return LevelWarning, true
	case "INFO":
		return LevelInfo, true
	case "DEBUG", "TRACE":
		return LevelDebug, true
	}
	return LevelUnknown, false
}

// skipCSIs skips every ANSI colour sequence at b[i].
func skipCSIs(b []byte, i int) int {
	for {
		k := skipCSI(b, i)
		if k == i {
			return i
		}
		i = k
	}
}

// parseEnvLogger recognises env_logger's "[<time> LEVEL target] msg" (the
// time optional).
func parseEnvLogger(h []byte, r *Record) bool {
	if len(h) < 8 || h[0] != '[' {
		return false
	}
	i := 1
	if isDigit(h[1]) {
		te := scanRFC3339(h, 1, true)
		if te == 0 || h[te-1] != 'Z' || te >= len(h) || h[te] != ' ' {
			return false
		}
		r.time, r.timeKind = span{1, int32(te)}, timeRFC3339
		i = te + 1
	}
	// "{:<5}": INFO and WARN take a space of padding.
	if i+5 > len(h) {
		return false
	}
	le := i + 5
	if h[i+4] == ' ' {
		le = i + 4
	}
	lvl, ok := rustLevel(h[i:le])
	if !ok {
		return false
	}
	j := i + 5
	// The module path and the target, each after a space; or none.
	ts, te := -1, -1
	for j < len(h) && h[j] == ' ' {
		j++
		s := j
		for j < len(h) && h[j] != ' ' && h[j] != ']' && h[j] > ' ' && j-s < 128 {
			j++
		}
		if j == s {
			return false
		}
		ts, te = s, j
	}
	if j >= len(h) || h[j] != ']' || (j+1 < len(h) && h[j+1] != ' ') {
		return false
	}
	r.Format, r.Level = FormatRust, lvl
	r.lvl = span{int32(i), int32(le)}
	if ts >= 0 {
		r.logger = span{int32(ts), int32(te)}
	}
	r.msg = span{int32(min(j+2, len(h))), int32(len(h))}
	r.rawCont = true
	return true
}

// parseTracing recognises tracing-subscriber's "<time> LEVEL spans: target:
// msg" after the time h[ts:te] (ts > 0 when colour codes open the line),
// colour codes allowed between the parts.
func parseTracing(h []byte, ts, te int, r *Record) bool {
	i := skipCSIs(h, te)
	if ts > 0 && i == te {
		return false // a coloured time ends with a reset
	}
	if i >= len(h) || h[i] != ' ' {
		return false
	}
	i = skipCSIs(h, i+1)
	// "{:>5}": INFO and WARN are right-aligned.
	if i+5 > len(h) {
		return false
	}
	ls := i
	if h[i] == ' ' {
		ls = i + 1
	}
	lvl, ok := rustLevel(h[ls : i+5])
	if !ok {
		return false
	}
	j := skipCSIs(h, i+5)
	if j >= len(h) || h[j] != ' ' {
		return false
	}
	// with_thread_ids(true): "ThreadId(01) " (linkerd2-proxy's).
	var tid span
	if k := j + 1 + len("ThreadId("); hasPrefix(h[j+1:], "ThreadId(") {
		e := k
		for e < len(h) && isDigit(h[e]) {
			e++
		}
		if e == k || e+1 >= len(h) || h[e] != ')' || h[e+1] != ' ' {
			return false
		}
		tid, j = span{int32(k), int32(e)}, e+1
	}
	// Spans ("name{k=v}:" each, a span without fields "name:", then
	// ": ") and the target, then ": ". A target is a module path, whose
	// colons come in pairs: a single colon joins spans.
	seg, segEnd, ok := tracingSegment(h, j+1)
	if !ok {
		return false
	}
	tgt, tgtEnd, next := seg, segEnd, tracingAfterColon(h, segEnd)
	if spans := bytesHasBrace(h[seg:segEnd]) || hasSingleColon(h[seg:segEnd]); spans {
		if tgt, tgtEnd, ok = tracingSegment(h, next); !ok || bytesHasBrace(h[tgt:tgtEnd]) {
			return false
		}
		next = tracingAfterColon(h, tgtEnd)
	} else if w := nextWord(h, next); len(w) > 3 && w[len(w)-1] == ':' && bytes.Contains(w, []byte("::")) &&
		!bytes.Contains(h[seg:segEnd], []byte("::")) {
		// One span without fields, "daemon: app::control: msg", reads
		// as a target and a message opening with one: a module path
		// right after a plain name is the target. (Before a crate's
		// root target, "daemon: app: msg", the span stays the target.)
		// The word is looked at first: most messages open with none.
		if t, tEnd, ok := tracingSegment(h, next); ok && !bytesHasBrace(h[t:tEnd]) {
			tgt, tgtEnd, next = t, tEnd, tracingAfterColon(h, tEnd)
		}
	}
	r.Format, r.Level = FormatRust, lvl
	r.time, r.timeKind = span{int32(ts), int32(te)}, timeRFC3339
	r.lvl = span{int32(ls), int32(i + 5)}
	r.thread = tid
	r.logger = span{int32(tgt), int32(tgtEnd)}
	r.msg = span{int32(min(next, len(h))), int32(len(h))}
	r.rawCont = true
	return true
}

// nextWord returns the run of h from i to the next space or the end.
func nextWord(h []byte, i int) []byte {
	if i >= len(h) {
		return nil
	}
	if k := bytes.IndexByte(h[i:], ' '); k >= 0 {
		return h[i : i+k]
	}
	return h[i:]
}

// hasSingleColon reports whether b holds a ':' that is not half of a
// path's "::".
func hasSingleColon(b []byte) bool {
	for i := 0; i < len(b); i++ {
		if b[i] == ':' {
			if i+1 < len(b) && b[i+1] == ':' {
				i++
				continue
			}
			return true
		}
	}
	return false
}

// parseTracingUptime recognises tracing-subscriber's format with the
// uptime timer linkerd2-proxy gives it, "[     0.002365s]  INFO
// ThreadId(01) target: msg": the seconds since the process started, not a
// time of day, so the record has no timestamp.
func parseTracingUptime(h []byte, r *Record) bool {
	i := 1
	for i < len(h) && h[i] == ' ' {
		i++
	}
	ds := i
	for i < len(h) && isDigit(h[i]) {
		i++
	}
	if i == ds || i+9 > len(h) || h[i] != '.' || string(h[i+7:i+9]) != "s]" {
		return false
	}
	for _, c := range h[i+1 : i+7] {
		if !isDigit(c) {
			return false
		}
	}
	if !parseTracing(h, 0, i+9, r) {
		return false
	}
	r.time, r.timeKind = span{}, timeNone
	return true
}

func bytesHasBrace(b []byte) bool {
	for _, c := range b {
		if c == '{' {
			return true
		}
	}
	return false
}

// tracingSegment reads a target ("app::db") or a chain of spans
// ("request{id=7}:db{table=\"items\"}") at h[i], colour codes skipped;
// it ends at a ':' followed by a space or the line's end, outside braces
// and quotes. start and end exclude the colour codes around it; end is at
// the colon (or the code before it).
func tracingSegment(h []byte, i int) (start, end int, ok bool) {
	i = skipCSIs(h, i)
	start = i
	if i >= len(h) || !(h[i] == '_' || lower(h[i]) >= 'a' && lower(h[i]) <= 'z') {
		return 0, 0, false
	}
	depth, quoted, last := 0, false, i
	for i < len(h) {
		c := h[i]
		// Colour codes only start at ESC: asking skipCSIs at every byte was
		// half of the rust set's parse time.
		if c == 0x1b {
			if k := skipCSIs(h, i); k != i {
				i = k
				continue
			}
		}
		switch {
		case quoted:
			if c == '\\' {
				i++
			} else if c == '"' {
				quoted = false
			}
		case c == '"' && depth > 0:
			quoted = true
		case c == '{':
			depth++
		case c == '}':
			if depth == 0 {
				return 0, 0, false
			}
			depth--
		case depth > 0:
		case c == ':':
			k := skipCSIs(h, i+1)
			if k == len(h) || h[k] == ' ' {
				return start, last, true
			}
			if h[k] == ':' {
				i = k // a path's "::"
			}
		case c == ' ' || c == '\t':
			return 0, 0, false
		}
		i++
		last = i
	}
	return 0, 0, false
}

// tracingAfterColon returns where the text after a segment's ": " starts.
func tracingAfterColon(h []byte, end int) int {
	i := skipCSIs(h, end)
	if i < len(h) && h[i] == ':' {
		i++
	}
	i = skipCSIs(h, i)
	if i < len(h) && h[i] == ' ' {
		i++
	}
	return i
}

// parseRustPanic recognises the first line std's panic hook writes:
// "thread 'main' panicked at src/main.rs:10:5:" (since Rust 1.73, the
// message on the next line), with the thread's id in parentheses since
// 1.88, or before 1.73 "thread 'main' panicked at 'boom', src/main.rs:10:5".
// A panic nobody catches ends the thread: critical, as a Go panic is.
func parseRustPanic(h []byte, r *Record) bool {
	const open = "thread '"
	if !hasPrefix(h, open) {
		return false
	}
	i := len(open)
	for i < len(h) && h[i] != '\'' && i-len(open) < 256 {
		i++
	}
	if i >= len(h) || h[i] != '\'' {
		return false
	}
	i++
	var tid span
	if i+2 < len(h) && h[i] == ' ' && h[i+1] == '(' {
		s := i + 2
		k := s
		for k < len(h) && isDigit(h[k]) {
			k++
		}
		if k == s || k >= len(h) || h[k] != ')' {
			return false
		}
		tid = span{int32(s), int32(k)}
		i = k + 1
	}
	const at = " panicked at "
	if !hasPrefix(h[i:], at) || i+len(at) >= len(h) {
		return false
	}
	r.Format, r.Level = FormatRust, LevelCritical
	r.thread = tid
	r.msg = span{int32(i + len(at)), int32(len(h))}
	r.rawCont = true
	return true
}

// parseTracingANSI recognises tracing-subscriber's coloured lines, which
// open with the dimmed time: "ESC[2m<time>ESC[0m ESC[32m INFOESC[0m …".
func parseTracingANSI(h []byte, r *Record) bool {
	ts := skipCSIs(h, 0)
	if ts == 0 || ts >= len(h) || !isDigit(h[ts]) {
		return false
	}
	te := scanRFC3339(h, ts, true)
	return te > 0 && parseTracing(h, ts, te, r)
}
