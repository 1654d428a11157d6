package parser

// PHP-FPM's own log (the master's error_log, sapi/fpm/fpm/zlog.c), which
// the official images send to stderr:
//
//	[02-Dec-2026 04:30:22] NOTICE: fpm is running, pid 1
//	[02-Dec-2026 04:30:23] WARNING: [pool www] child 7 said into stderr: "payment gateway returned 502"
//	[02-Dec-2026 04:30:05] ALERT: [pool www] user has not been defined
//	[02-Dec-2026 04:30:05.980961] DEBUG: pid 1, fpm_init(), line 72: msg
//
// The time is local, "%d-%b-%Y %H:%M:%S", with microseconds at log_level
// debug; the level is DEBUG, NOTICE, WARNING, ERROR or ALERT. Every
// php-fpm container (WordPress, Laravel, Drupal images) writes its NOTICE
// lines there, each an error to the Agent. A record takes the lines after
// it: the slow log's trace follows the NOTICE that announces it.

// phpfpmLevel maps zlog's level names.
func phpfpmLevel(b []byte) (Level, bool) {
	switch string(b) {
	case "DEBUG":
		return LevelDebug, true
	case "NOTICE":
		return LevelNotice, true
	case "WARNING":
		return LevelWarning, true
	case "ERROR":
		return LevelError, true
	case "ALERT":
		return LevelAlert, true
	}
	return LevelUnknown, false
}

// parsePHPFPM recognises "[dd-Mon-yyyy hh:mm:ss[.uuuuuu]] LEVEL: msg".
func parsePHPFPM(h []byte, r *Record) bool {
	// "[" + "02-Dec-2026 04:30:22" (20) + optional ".uuuuuu" + "] "
	if len(h) < 26 || h[3] != '-' || h[7] != '-' || h[12] != ' ' || h[15] != ':' || h[18] != ':' {
		return false
	}
	for _, k := range [...]int{1, 2, 8, 9, 10, 11, 13, 14, 16, 17, 19, 20} {
		if !isDigit(h[k]) {
			return false
		}
	}
	if julMonth(h[4:7]) == 0 {
		return false
	}
	te := 21
	if h[te] == '.' {
		te++
		for te < len(h) && isDigit(h[te]) {
			te++
		}
	}
	if te+2 >= len(h) || h[te] != ']' || h[te+1] != ' ' {
		return false
	}
	ls := te + 2
	le := upperRun(h, ls, 7)
	lvl, ok := phpfpmLevel(h[ls:le])
	if !ok || le+1 >= len(h) || h[le] != ':' || h[le+1] != ' ' {
		return false
	}
	r.Format, r.Level = FormatPHPFPM, lvl
	r.time, r.timeKind = span{1, int32(te)}, timePHP
	r.lvl = span{int32(ls), int32(le)}
	r.msg = span{int32(le + 2), int32(len(h))}
	r.rawCont = true
	return true
}
