package parser

// Beego's logger (github.com/beego/beego/v2/core/logs, and astaxie/beego's
// before it), which Harbor's core and other beego applications log
// through: its console adapter writes to stdout, so that its warnings and
// errors showed as info:
//
//	2023/03/04 21:28:31.058 ESC[1;44m[D]ESC[0m [proc.go:290]  init global config instance failed.
//	2023/03/04 21:28:31.058 [E] [server.go:12]  failed to ping database: …
//
// package log's date and time with milliseconds, the level's letter in
// brackets (in its colour unless the adapter has "color":false), the
// caller in brackets with EnableFuncCallDepth, then two spaces and the
// message; a multi-line message continues raw.

// beegoLevel maps beego's level letters: Emergency, Alert, Critical,
// Error, Warning, Notice, Info, Debug.
func beegoLevel(c byte) (Level, bool) {
	switch c {
	case 'M':
		return LevelEmergency, true
	case 'A':
		return LevelAlert, true
	case 'C':
		return LevelCritical, true
	case 'E':
		return LevelError, true
	case 'W':
		return LevelWarning, true
	case 'N':
		return LevelNotice, true
	case 'I':
		return LevelInfo, true
	case 'D':
		return LevelDebug, true
	}
	return LevelUnknown, false
}

// parseBeego reads "[L] [file.go:12]  msg" at h[i], after package log's
// date and time (tEnd their end), the level behind its colour or not.
func parseBeego(h []byte, tEnd, i int, r *Record) bool {
	i = skipCSI(h, i)
	if i+3 >= len(h) || h[i] != '[' || h[i+2] != ']' {
		return false
	}
	lvl, ok := beegoLevel(h[i+1])
	if !ok {
		return false
	}
	ls := i + 1
	i = skipCSI(h, i+3) // the reset
	if i >= len(h) || h[i] != ' ' {
		return false
	}
	i++
	var caller span
	if i < len(h) && h[i] == '[' {
		k := i + 1
		for k < len(h) && h[k] != ']' && h[k] != ' ' {
			k++
		}
		if k >= len(h) || h[k] != ']' || !looksLikeCaller(h[i+1:k]) {
			return false
		}
		caller = span{int32(i + 1), int32(k)}
		i = k + 1
	}
	// Two spaces before the message (one of them the caller's).
	if i >= len(h) || h[i] != ' ' {
		return false
	}
	for i < len(h) && h[i] == ' ' {
		i++
	}
	r.Format, r.Level = FormatBeego, lvl
	r.lvl = span{int32(ls), int32(ls + 1)}
	r.time, r.timeKind = span{0, int32(tEnd)}, timeStdlog
	r.caller = caller
	r.msg = span{int32(i), int32(len(h))}
	r.rawCont = true
	return true
}
