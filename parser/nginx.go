package parser

import "bytes"

// nginx's error log, as ingress-nginx and the nginx image write it to
// stderr ("error_log /dev/stderr" or "stderr"):
//
//	2026/11/30 04:41:36 [notice] 1#1: start worker processes
//	2026/11/30 04:41:36 [error] 29#29: *1 open() "/x" failed (2: …), client: …
//	nginx: [emerg] unknown directive "foo" in /etc/nginx/nginx.conf:1
//
// The time is package log's layout (local time, no zone), then the level in
// brackets, the process and thread ids, and for a request the connection
// number ("*1 "). Before its log is open (a configuration test, a start that
// fails) nginx writes "nginx: [level] msg" instead. The access log carries
// no level and stays unclaimed.

// nginxLevel maps nginx's error_log levels: debug info notice warn error
// crit alert emerg.
func nginxLevel(b []byte) (Level, bool) {
	switch string(b) {
	case "debug":
		return LevelDebug, true
	case "info":
		return LevelInfo, true
	case "notice":
		return LevelNotice, true
	case "warn":
		return LevelWarning, true
	case "error":
		return LevelError, true
	case "crit":
		return LevelCritical, true
	case "alert":
		return LevelAlert, true
	case "emerg":
		return LevelEmergency, true
	}
	return LevelUnknown, false
}

// nginxBracket reads "[level]" at h[i] and returns the level, its span
// and the index after the bracket.
func nginxBracket(h []byte, i int) (Level, span, int, bool) {
	if i+8 > len(h) || h[i] != '[' {
		return LevelUnknown, span{}, 0, false
	}
	ls := i + 1
	le := ls
	for le < len(h) && le-ls < 6 && 'a' <= h[le] && h[le] <= 'z' {
		le++
	}
	if le >= len(h) || h[le] != ']' {
		return LevelUnknown, span{}, 0, false
	}
	lvl, ok := nginxLevel(h[ls:le])
	return lvl, span{int32(ls), int32(le)}, le + 1, ok
}

// parseNginx finishes parseStdlog for a line whose time (ending at tEnd)
// is followed by '[' at h[i]: "[level] pid#tid: msg".
func parseNginx(h []byte, tEnd, i int, r *Record) bool {
	lvl, ls, i, ok := nginxBracket(h, i)
	if !ok || i >= len(h) || h[i] != ' ' {
		return false
	}
	i++
	ps := i
	for i < len(h) && isDigit(h[i]) {
		i++
	}
	if i == ps || i >= len(h) || h[i] != '#' {
		return false
	}
	pid := span{int32(ps), int32(i)}
	i++
	ts := i
	for i < len(h) && isDigit(h[i]) {
		i++
	}
	if i == ts || i >= len(h) || h[i] != ':' || (i+1 < len(h) && h[i+1] != ' ') {
		return false
	}
	r.Format, r.Level = FormatNginx, lvl
	r.lvl = ls
	r.time, r.timeKind = span{0, int32(tEnd)}, timeStdlog
	r.thread = pid
	r.msg = span{int32(min(i+2, len(h))), int32(len(h))}
	// A Lua error of ingress-nginx's OpenResty writes its stack traceback
	// on lines of its own.
	r.rawCont = true
	return true
}

// nginxStderr is how nginx opens every line it writes to stderr itself
// (ngx_log_stderr), before its error log is open or beside it.
const nginxStderr = "nginx: "

// parseNginxStderr recognises "nginx: [emerg] msg". nginx writes each such
// line whole, so it takes no continuation lines; and its other "nginx: "
// lines ("nginx: configuration file /etc/nginx/nginx.conf test failed")
// are record heads without a level, as package log's plain lines are, so
// that none of them joins the error log record before it.
func parseNginxStderr(h []byte, r *Record) bool {
	if !bytes.HasPrefix(h, []byte(nginxStderr)) {
		return false
	}
	lvl, ls, i, ok := nginxBracket(h, len(nginxStderr))
	if !ok || i >= len(h) || h[i] != ' ' {
		return true
	}
	r.Format, r.Level = FormatNginx, lvl
	r.lvl = ls
	r.msg = span{int32(i + 1), int32(len(h))}
	return true
}
