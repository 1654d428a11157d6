package parser

import "bytes"

// Ceph's daemons (mon, mgr, osd, mds, rgw), as Rook runs them: to stderr,
// each line behind the prefix Rook sets (--default-log-stderr-prefix
// "debug "), so that every line showed as an error:
//
//	debug 2024-08-20T14:05:39.525+0000 737f80905640 -1 mon.b@0(probing) e0 get_health_metrics reporting 40 slow ops, …
//	debug 2024-08-20T14:05:37.061+0000 737f842c9640  0 log_channel(audit) log [DBG] : from='admin socket' …
//
// The time, the thread's id in hex, the message's debug level (%2d: -1
// for an error, 0 for what is always logged, 1 for the terse messages a
// daemon logs by default, up to 30 for debugging), then
// the message; a cluster-log entry carries its own level in brackets
// ([DBG] [INF] [WRN] [ERR] [SEC]). Without Rook's prefix the line opens
// with the time. A crash's report and backtrace continue raw.

// parseCeph reads Ceph's line after its time (h[ts:tEnd]).
func parseCeph(h []byte, ts, tEnd int, r *Record) bool {
	i := tEnd + 1
	hs := i
	for i < len(h) && i-hs < 16 && isHexLower(h[i]) {
		i++
	}
	if i-hs < 8 || i+3 >= len(h) || h[i] != ' ' {
		return false
	}
	thread := span{int32(hs), int32(i)}
	i++
	if h[i] == ' ' {
		i++ // %2d's padding
	}
	ls := i
	if h[i] == '-' {
		i++
	}
	ds := i
	for i < len(h) && i-ds < 2 && isDigit(h[i]) {
		i++
	}
	if i == ds || i >= len(h) || h[i] != ' ' {
		return false
	}
	lvl := LevelDebug
	switch string(h[ls:i]) {
	case "-1":
		lvl = LevelError
	case "0", "1":
		// 0 is always logged, 1 the terse level every subsystem logs by
		// default (debug_osd 1/5): a daemon's ordinary messages.
		lvl = LevelInfo
	}
	ms := i + 1
	// A cluster-log entry: "log_channel(cluster) log [WRN] : msg".
	if b := h[ms:]; bytes.HasPrefix(b, []byte("log_channel(")) {
		if k := bytes.Index(b, []byte(") log [")); k > 0 && k+11 <= len(b) && b[k+10] == ']' {
			if l, ok := cephClusterLevel(b[k+7 : k+10]); ok {
				lvl = l
			}
		}
	}
	r.Format, r.Level = FormatCeph, lvl
	r.time, r.timeKind = span{int32(ts), int32(tEnd)}, timeRFC3339
	r.thread = thread
	r.lvl = span{int32(ls), int32(i)}
	r.msg = span{int32(ms), int32(len(h))}
	r.rawCont = true
	return true
}

// cephClusterLevel maps a cluster-log entry's level.
func cephClusterLevel(b []byte) (Level, bool) {
	switch string(b) {
	case "DBG":
		return LevelDebug, true
	case "INF":
		return LevelInfo, true
	case "WRN", "SEC":
		return LevelWarning, true
	case "ERR":
		return LevelError, true
	}
	return LevelUnknown, false
}

// parseCephPrefixed reads "debug <time> …", Rook's prefix before Ceph's line.
func parseCephPrefixed(h []byte, r *Record) bool {
	if len(h) < 40 || string(h[:6]) != "debug " || !isDigit(h[6]) {
		return false
	}
	te := scanRFC3339(h, 6, true)
	return te > 0 && te < len(h) && h[te] == ' ' && parseCeph(h, 6, te, r)
}

// isHexLower reports whether c is a hex digit as Ceph prints a thread's id.
func isHexLower(c byte) bool { return isDigit(c) || 'a' <= c && c <= 'f' }
