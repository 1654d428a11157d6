package parser

import "bytes"

// Airlift's log (io.airlift.log), which Trino and Presto write to stderr,
// so that every line showed as an error in Datadog:
//
//	2026-02-18T21:56:27.620Z	INFO	main	io.trino.bootstrap.engine	Loading configuration
//	2022-12-16T18:56:26.429Z	INFO	dispatcher-query-3	io.trino.event.QueryMonitor	TIMELINE: Query …
//
// Its columns are TAB-separated: the time (RFC 3339, UTC), the level, the
// thread and the logger, a class or package name, then the message; a
// logged throwable continues on lines of its own. zap's console encoder
// writes the same first two columns: a line is Airlift's when its third
// column is followed by a dotted Java name, no file:line caller, and a
// message that is not zap's object of fields.

// parseAirlift reads the columns after the time (te its end, at the TAB).
func parseAirlift(h []byte, te int, r *Record) bool {
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
