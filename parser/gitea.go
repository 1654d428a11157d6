package parser

import "bytes"

// Gitea's log (code.gitea.io/gitea/modules/log with its standard flags),
// which its console writer, the default, sends to stdout, so that its
// warnings and errors show as info:
//
//	2024/10/31 14:15:38 ...s/graceful/server.go:50:NewServer() [I] Starting new Web server: tcp:0.0.0.0:3000 on PID: 15
//	2021/11/02 13:25:02 cmd/web.go:102:runWeb() [E] Failed to run migration: …
//
// The date and time are package log's (local time); the file (its last
// twenty bytes after "...", Lmedfile), line and short function name are the
// caller, kept whole; the level is its initial in brackets, or its whole
// word under Llevel. A multi-line message continues raw.

// giteaLevel maps Gitea's level initials and words (CRITICAL is ERROR from
// 1.20 on; before, its initial was C).
func giteaLevel(b []byte) (Level, bool) {
	switch string(b) {
	case "T", "D", "TRACE", "DEBUG":
		return LevelDebug, true
	case "I", "INFO":
		return LevelInfo, true
	case "W", "WARN":
		return LevelWarning, true
	case "E", "ERROR":
		return LevelError, true
	case "C", "F", "CRITICAL", "FATAL":
		return LevelCritical, true
	}
	return LevelUnknown, false
}

// parseGitea reads "file:line:func() [L] msg" at h[i], after package log's
// date and time (tEnd their end).
func parseGitea(h []byte, tEnd, i int, r *Record) bool {
	k := bytes.IndexByte(h[i:], ' ')
	if k < 6 {
		return false
	}
	ce := i + k
	// "…:func()": a function after the line's colon, its parentheses last.
	if h[ce-1] != ')' || h[ce-2] != '(' || ce+3 >= len(h) || h[ce+1] != '[' {
		return false
	}
	c2 := bytes.LastIndexByte(h[i:ce], ':')
	if c2 <= 0 {
		return false
	}
	c1 := i + c2 - 1
	for c1 > i && isDigit(h[c1]) {
		c1--
	}
	if c1 == i+c2-1 || h[c1] != ':' || c1 == i {
		return false
	}
	ls := ce + 2
	le := upperRun(h, ls, 8)
	if le >= len(h) || h[le] != ']' {
		return false
	}
	lvl, ok := giteaLevel(h[ls:le])
	if !ok {
		return false
	}
	ms, ok := messageAfter(h, le+1)
	if !ok {
		return false
	}
	r.Format, r.Level = FormatGitea, lvl
	r.time, r.timeKind = span{0, int32(tEnd)}, timeStdlog
	r.caller = span{int32(i), int32(ce)}
	r.lvl = span{int32(ls), int32(le)}
	r.msg = span{int32(ms), int32(len(h))}
	r.rawCont = true
	return true
}
