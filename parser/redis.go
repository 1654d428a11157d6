package parser

import "time"

// Redis's log, "pid:role dd Mon yyyy hh:mm:ss.mmm <level> msg":
//
//	1:M 30 Nov 2026 04:41:36.123 * Ready to accept connections tcp
//	1:C 30 Nov 2026 04:41:36.100 # oO0OoO0OoO0Oo Redis is starting oO0OoO0OoO0Oo
//
// the process id, its role (X sentinel, C a child or the start before the
// role is known, S replica, M master), the local time and one character
// for the level serverLog was given: . debug, - verbose, * notice,
// # warning. Each call writes one line. Before 5.0 the time has no year
// ("1:M 24 Sep 10:00:56.234 # …"), and before 3.0 the line opens with the
// pid in brackets and no role ("[9] 14 May 13:19:52.866 # …").

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
	if ts+21 <= len(h) && h[ts+9] == ':' {
		return parseRedisNoYear(h, c, ts, r)
	}
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

// parseRedisNoYear reads Redis's time before 5.0, "24 Sep 10:00:56.234",
// and what follows it, at h[ts]; the pid ends at c (with its role after
// it), or at c with a bracket before it (2.x's "[9] ").
func parseRedisNoYear(h []byte, c, ts int, r *Record) bool {
	if ts+21 > len(h) {
		return false
	}
	t := h[ts:]
	if !isDigit(t[0]) || !isDigit(t[1]) || t[2] != ' ' || julMonth(t[3:6]) == 0 || t[6] != ' ' ||
		t[9] != ':' || t[12] != ':' || t[15] != '.' || t[19] != ' ' {
		return false
	}
	for _, k := range [...]int{7, 8, 10, 11, 13, 14, 16, 17, 18} {
		if !isDigit(t[k]) {
			return false
		}
	}
	lvl, ok := redisLevel(t[20])
	if !ok || (len(t) > 21 && t[21] != ' ') {
		return false
	}
	r.Format, r.Level = FormatRedis, lvl
	if h[0] == '[' {
		r.thread = span{1, int32(c)}
	} else {
		r.thread = span{0, int32(c)}
	}
	r.time, r.timeKind = span{int32(ts), int32(ts + 19)}, timeRedisNoYear
	r.lvl = span{int32(ts + 20), int32(ts + 21)}
	r.msg = span{int32(min(ts+22, len(h))), int32(len(h))}
	return true
}

// parseRedis2 recognises Redis 2.x's "[9] 14 May 13:19:52.866 # msg": the
// pid in brackets, no role.
func parseRedis2(h []byte, r *Record) bool {
	i := 1
	for i < len(h) && i < 9 && isDigit(h[i]) {
		i++
	}
	if i == 1 || i+2 >= len(h) || h[i] != ']' || h[i+1] != ' ' {
		return false
	}
	return parseRedisNoYear(h, i, i+2, r)
}

// redisNoYearTime decodes "24 Sep 10:00:56.234", the year taken from ref
// as klogTime takes it (a month later than ref's is last year's), in ref's
// zone: Redis writes local time.
func redisNoYearTime(b []byte, ref time.Time) (time.Time, bool) {
	if len(b) != 19 {
		return time.Time{}, false
	}
	month := julMonth(b[3:6])
	day, hh, mm, ss := num(b[0:2]), num(b[7:9]), num(b[10:12]), num(b[13:15])
	if month == 0 || day < 1 || day > 31 || hh > 23 || mm > 59 || ss > 60 {
		return time.Time{}, false
	}
	year, refMonth, _ := ref.Date()
	if time.Month(month) > refMonth {
		year--
	}
	return time.Date(year, time.Month(month), day, hh, mm, ss, fracNanos(b[16:19]), ref.Location()), true
}
