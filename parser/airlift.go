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

// javaNameByte marks the bytes of a Java class or package name: letters,
// digits, '_' and '$' (javaNameLetter), and '.' (javaNameDot).
var javaNameByte = func() (t [256]uint8) {
	for c := 'a'; c <= 'z'; c++ {
		t[c], t[c-'a'+'A'] = javaNameLetter, javaNameLetter
	}
	for c := '0'; c <= '9'; c++ {
		t[c] = javaNameLetter
	}
	t['_'], t['$'], t['.'] = javaNameLetter, javaNameLetter, javaNameDot
	return t
}()

const (
	javaNameLetter = 1 << iota
	javaNameDot
)

// parseAirlift reads the columns after the time (te its end, at the TAB).
func parseAirlift(h []byte, te int, r *Record) bool {
	// The level is one of capitalLevel's words, four or five letters
	// before a TAB: the TAB is looked for at those two places rather than
	// after a loop over the capitals (zap's capital levels reach here,
	// some fifty lines a BenchmarkScan pass, #14).
	ls := te + 1
	le := ls + 4
	if le < len(h) && h[le] != '\t' {
		le++
	}
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
	// The name's bytes, one table load each; seen gathers their kinds,
	// and the '.'s bit tells whether the name has one.
	var seen uint8
	for ne < len(h) {
		k := javaNameByte[h[ne]]
		if k == 0 {
			break
		}
		seen |= k
		ne++
	}
	if ne < len(h) && h[ne] != '\t' {
		return false // a space, a caller's ':' or '/': zap's columns
	}
	if seen&javaNameDot == 0 || ne == ns || ne+1 >= len(h) || h[ns] == '.' || h[ne-1] == '.' {
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
