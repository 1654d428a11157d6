package parser

// The MySQL and MariaDB error log, in the three layouts the servers write:
//
//	2026-11-30  4:41:36 0 [Note] Starting MariaDB 10.11.19-MariaDB …
//	2026-11-30T04:41:36.123456Z 0 [System] [MY-010116] [Server] /usr/sbin/mysqld (mysqld 8.0.36) starting as process 1
//	261130  4:41:36 [ERROR] /usr/sbin/mariadbd got signal 11 ;
//
// MariaDB's (local time, the hour space-padded as "%2d", then the thread
// id), MySQL 5.7's and 8's (log_timestamps: RFC 3339 with microseconds, UTC
// by default, then the thread id; 8 adds the error code and the subsystem
// after the level, kept in the message), and the older "yymmdd" layout
// MySQL 5.5 wrote and MariaDB's fatal signal handler still writes (no
// thread id). The level is one of four bracketed words, exactly as the
// servers print them. A message may span lines (MariaDB's "ready for
// connections.\nVersion: …", a crash report after "got signal"): the lines
// without a header join it.

// mysqlLevel maps the bracketed word: sql_print_information's Note and
// MySQL 8's System are info.
func mysqlLevel(b []byte) (Level, bool) {
	switch string(b) {
	case "Note", "System":
		return LevelInfo, true
	case "Warning":
		return LevelWarning, true
	case "ERROR":
		return LevelError, true
	}
	return LevelUnknown, false
}

// mysqlClock reports whether t opens with "hh:mm:ss" whose hour may be
// space-padded ("%2d").
func mysqlClock(t []byte) bool {
	return len(t) >= 8 && (isDigit(t[0]) || t[0] == ' ') && isDigit(t[1]) && t[2] == ':' && isDigit(t[3]) && isDigit(t[4]) &&
		t[5] == ':' && isDigit(t[6]) && isDigit(t[7])
}

// parseMariaDB recognises "yyyy-mm-dd hh:mm:ss <thread> [Level] msg" (the
// caller has seen the date's '-' and the space after it).
func parseMariaDB(h []byte, r *Record) bool {
	if len(h) < 24 || !isDigit(h[0]) || !isDigit(h[1]) || !isDigit(h[2]) || !isDigit(h[3]) || h[4] != '-' ||
		!isDigit(h[5]) || !isDigit(h[6]) || h[7] != '-' || !isDigit(h[8]) || !isDigit(h[9]) || h[10] != ' ' ||
		!mysqlClock(h[11:]) || h[19] != ' ' {
		return false
	}
	return mysqlAfterTime(h, 19, timeMySQL, true, r)
}

// parseMySQLOld recognises "yymmdd hh:mm:ss [Level] msg".
func parseMySQLOld(h []byte, r *Record) bool {
	if len(h) < 19 || h[6] != ' ' || h[15] != ' ' || !mysqlClock(h[7:]) {
		return false
	}
	for _, c := range h[:6] {
		if !isDigit(c) {
			return false
		}
	}
	return mysqlAfterTime(h, 15, timeMySQL, false, r)
}

// parseMySQL recognises MySQL 5.7's and 8's "<RFC 3339> <thread> [Level]
// msg"; te is the end of the time.
func parseMySQL(h []byte, te int, r *Record) bool {
	return mysqlAfterTime(h, te, timeRFC3339, true, r)
}

// mysqlAfterTime reads " [<thread> ][Level] msg" after the time h[:te].
func mysqlAfterTime(h []byte, te int, kind uint8, thread bool, r *Record) bool {
	i := te + 1
	if i >= len(h) || h[te] != ' ' {
		return false
	}
	var tid span
	if thread {
		ts := i
		for i < len(h) && i-ts < 20 && isDigit(h[i]) {
			i++
		}
		if i == ts || i >= len(h) || h[i] != ' ' {
			return false
		}
		tid = span{int32(ts), int32(i)}
		i++
	}
	if i+6 > len(h) || h[i] != '[' {
		return false
	}
	ls := i + 1
	le := ls
	for le < len(h) && le-ls < 8 && h[le] != ']' {
		le++
	}
	if le >= len(h) || h[le] != ']' || (le+1 < len(h) && h[le+1] != ' ') {
		return false
	}
	lvl, ok := mysqlLevel(h[ls:le])
	if !ok {
		return false
	}
	r.Format, r.Level = FormatMySQL, lvl
	r.time, r.timeKind = span{0, int32(te)}, kind
	r.thread = tid
	r.lvl = span{int32(ls), int32(le)}
	r.msg = span{int32(min(le+2, len(h))), int32(len(h))}
	r.rawCont = true
	return true
}
