package parser

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
	// Spans ("name{k=v}:" each, then ": ") and the target, then ": ".
	seg, segEnd, ok := tracingSegment(h, j+1)
	if !ok {
		return false
	}
	tgt, tgtEnd, next := seg, segEnd, tracingAfterColon(h, segEnd)
	if spans := bytesHasBrace(h[seg:segEnd]); spans {
		if tgt, tgtEnd, ok = tracingSegment(h, next); !ok || bytesHasBrace(h[tgt:tgtEnd]) {
			return false
		}
		next = tracingAfterColon(h, tgtEnd)
	}
	r.Format, r.Level = FormatRust, lvl
	r.time, r.timeKind = span{int32(ts), int32(te)}, timeRFC3339
	r.lvl = span{int32(ls), int32(i + 5)}
	r.logger = span{int32(tgt), int32(tgtEnd)}
	r.msg = span{int32(min(next, len(h))), int32(len(h))}
	r.rawCont = true
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
