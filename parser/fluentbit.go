package parser

import "bytes"

// Fluent Bit's own log, which it writes to stderr (flb_log.c):
//
//	[2026/11/30 04:41:36] [ info] [fluent bit] version=3.1.9, commit=…, pid=1
//	[2026/11/30 04:41:37] [ warn] [engine] failed to flush chunk '1-….flb', retry in 7 seconds: …
//	[2026/11/30 04:41:38] [error] [output:es:es.0] HTTP status=400 URI=/_bulk
//	[2026/11/30 04:41:39] [engine] caught signal (SIGSEGV)
//	#0  0x55bc20e2bd9f      in  flb_sds_len() at include/fluent-bit/flb_sds.h:50
//
// The time is local, without a zone; the level is printed "%5s" (" info",
// " warn", "error", "debug", "trace"); most messages open with the
// component that logs them in brackets, which is kept as the logger. Its
// signal handler writes "[engine] caught signal (SIG…)" with no level,
// and after a crash the backtrace, one "#n" line per frame: the record
// takes the lines after it. A fatal signal is a crash, critical; SIGTERM,
// SIGINT and the like are a normal stop, info.

// fluentBitLevel maps the level column, padding removed.
func fluentBitLevel(b []byte) (Level, bool) {
	switch string(bytes.TrimLeft(b, " ")) {
	case "trace", "debug":
		return LevelDebug, true
	case "info":
		return LevelInfo, true
	case "warn":
		return LevelWarning, true
	case "error":
		return LevelError, true
	}
	return LevelUnknown, false
}

// fluentBitSignalLevel is the level of the handler's "caught signal"
// line: critical for a signal that kills (a crash), info for a stop.
func fluentBitSignalLevel(sig []byte) (Level, bool) {
	switch string(sig) {
	case "SIGSEGV", "SIGABRT", "SIGBUS", "SIGFPE", "SIGILL":
		return LevelCritical, true
	case "SIGTERM", "SIGINT", "SIGQUIT", "SIGHUP", "SIGCONT":
		return LevelInfo, true
	}
	return LevelUnknown, false
}

var fluentBitSignal = []byte("[engine] caught signal (")

// parseFluentBit recognises "[yyyy/mm/dd hh:mm:ss] [level] msg" and the
// signal handler's line.
func parseFluentBit(h []byte, r *Record) bool {
	if len(h) < 24 || h[0] != '[' || h[20] != ']' || h[21] != ' ' || h[22] != '[' ||
		h[5] != '/' || h[8] != '/' || h[11] != ' ' || h[14] != ':' || h[17] != ':' {
		return false
	}
	for _, k := range []int{1, 2, 3, 4, 6, 7, 9, 10, 12, 13, 15, 16, 18, 19} {
		if !isDigit(h[k]) {
			return false
		}
	}
	var lvl Level
	var lvlSpan span
	ms := 0
	if bytes.HasPrefix(h[22:], fluentBitSignal) {
		ss := 22 + len(fluentBitSignal)
		k := bytes.IndexByte(h[ss:], ')')
		if k <= 0 {
			return false
		}
		var ok bool
		if lvl, ok = fluentBitSignalLevel(h[ss : ss+k]); !ok {
			return false
		}
		lvlSpan = span{int32(ss), int32(ss + k)}
		r.logger = span{23, 29} // "engine"
		ms = 31
	} else {
		e := bytes.IndexByte(h[23:], ']')
		if e <= 0 || e > 5 {
			return false
		}
		var ok bool
		if lvl, ok = fluentBitLevel(h[23 : 23+e]); !ok {
			return false
		}
		ls := 23
		for h[ls] == ' ' {
			ls++
		}
		lvlSpan = span{int32(ls), int32(23 + e)}
		ms = 23 + e + 1
		if ms < len(h) {
			if h[ms] != ' ' {
				return false
			}
			ms++
		}
		// "[component] ": the logger.
		if c, j, ok := envoyGroup(h, ms); ok && (j == len(h) || h[j] == ' ') {
			r.logger = c
			ms = min(j+1, len(h))
		}
	}
	r.Format, r.Level = FormatFluentBit, lvl
	r.lvl = lvlSpan
	r.time, r.timeKind = span{1, 20}, timeStdlog
	r.msg = span{int32(ms), int32(len(h))}
	r.rawCont = true
	return true
}
