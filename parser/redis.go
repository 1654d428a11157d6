package parser

// Redis's log, "pid:role dd Mon yyyy hh:mm:ss.mmm <level> msg":
//
//	1:M 30 Nov 2026 04:41:36.123 * Ready to accept connections tcp
//	1:C 30 Nov 2026 04:41:36.100 # oO0OoO0OoO0Oo Redis is starting oO0OoO0OoO0Oo
//
// the process id, its role (X sentinel, C a child or the start before the
// role is known, S replica, M master), the local time and one character
// for the level serverLog was given: . debug, - verbose, * notice,
// # warning. Each call writes one line.

// redisLevel maps the level character; verbose is below notice: debug.
func redisLevel(c byte) (Level, bool) {
	switch c {
	case '.', '-':
		return LevelDebug, true
	case '*':
		return LevelNotice, true
	case '#':
		return LevelWarning, true
	}
	return LevelUnknown, false
}

// redisHead reports whether h opens with "pid:role " (i the index of the
// colon), cheaply enough to be asked of every line that opens with a digit.
func redisHead(h []byte) (int, bool) {
	i := 0
	for i < len(h) && i < 8 && isDigit(h[i]) {
		i++
	}
	if i == 0 || i+2 >= len(h) || h[i] != ':' || h[i+2] != ' ' {
		return 0, false
	}
	switch h[i+1] {
	case 'X', 'C', 'S', 'M':
		return i, true
	}
	return 0, false
}

// parseRedis recognises a Redis log line; c is the colon after the pid.
func parseRedis(h []byte, c int, r *Record) bool {
	ts := c + 3
	// "30 Nov 2026 04:41:36.123": the day has two digits (%d).
	if ts+26 > len(h) {
		return false
	}
	t := h[ts:]
	if !isDigit(t[0]) || !isDigit(t[1]) || t[2] != ' ' || julMonth(t[3:6]) == 0 || t[6] != ' ' ||
		!isDigit(t[7]) || !isDigit(t[8]) || !isDigit(t[9]) || !isDigit(t[10]) || t[11] != ' ' ||
		t[14] != ':' || t[17] != ':' || t[20] != '.' || t[24] != ' ' {
		return false
	}
	for _, k := range [...]int{12, 13, 15, 16, 18, 19, 21, 22, 23} {
		if !isDigit(t[k]) {
			return false
		}
	}
	lvl, ok := redisLevel(t[25])
	if !ok || (len(t) > 26 && t[26] != ' ') {
		return false
	}
	r.Format, r.Level = FormatRedis, lvl
	r.thread = span{0, int32(c)}
	r.time, r.timeKind = span{int32(ts), int32(ts + 24)}, timeRedis
	r.lvl = span{int32(ts + 25), int32(ts + 26)}
	r.msg = span{int32(min(ts+27, len(h))), int32(len(h))}
	return true
}
