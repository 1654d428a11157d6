package parser

// PostgreSQL's server log on stderr with its default log_line_prefix,
// '%m [%p] ' (the Debian packages and the official image keep it):
//
//	2026-11-30 04:41:36.123 UTC [1] LOG:  database system is ready to accept connections
//	2026-11-30 04:41:36.123 UTC [57] ERROR:  relation "items" does not exist at character 15
//	2026-11-30 04:41:36.123 UTC [57] STATEMENT:  SELECT * FROM items;
//
// the time to the millisecond with the zone's abbreviation, the process id,
// the severity and two spaces. One report is one write: its further lines
// of a multi-line message begin with a TAB, and its DETAIL, HINT, QUERY,
// CONTEXT, LOCATION and STATEMENT lines repeat the prefix. Those carry no
// severity of their own: they are no record head, so they join the report.

// postgresLevel maps the severities PostgreSQL writes. LOG is the server's
// own information ("database system is ready"); FATAL ends a session and
// PANIC the server, both critical as a Go panic is (the Datadog lookup
// shares its rows with logrus's PANIC).
func postgresLevel(b []byte) (Level, bool) {
	switch string(b) {
	case "DEBUG", "DEBUG1", "DEBUG2", "DEBUG3", "DEBUG4", "DEBUG5":
		return LevelDebug, true
	case "LOG", "INFO":
		return LevelInfo, true
	case "NOTICE":
		return LevelNotice, true
	case "WARNING":
		return LevelWarning, true
	case "ERROR":
		return LevelError, true
	case "FATAL", "PANIC":
		return LevelCritical, true
	}
	return LevelUnknown, false
}

// pgbouncerLevel maps PgBouncer's log levels (src/util: log_* and
// fatal): NOISE is its most verbose, FATAL ends the process.
func pgbouncerLevel(b []byte) (Level, bool) {
	switch string(b) {
	case "NOISE", "DEBUG":
		return LevelDebug, true
	case "LOG":
		return LevelInfo, true
	case "WARNING":
		return LevelWarning, true
	case "ERROR":
		return LevelError, true
	case "FATAL":
		return LevelCritical, true
	}
	return LevelUnknown, false
}

// postgresField reports whether b names one of the lines that follow a
// report's first line with the same prefix.
func postgresField(b []byte) bool {
	switch string(b) {
	case "DETAIL", "HINT", "QUERY", "CONTEXT", "LOCATION", "STATEMENT":
		return true
	}
	return false
}

// parsePostgres recognises a report's first line after its time (te the
// end of "2026-11-30 04:41:36.123", a space at h[te]). A line of a report's
// further fields is no head: field is true for it, and the dispatch then
// tries nothing else.
func parsePostgres(h []byte, te int, r *Record) (head, field bool) {
	// The zone: an abbreviation ("UTC", "CEST") or a numeric offset ("+03").
	i := te + 1
	zs := i
	for i < len(h) && i-zs < 6 && (isUpper(h[i]) || isDigit(h[i]) || (i == zs && (h[i] == '+' || h[i] == '-'))) {
		i++
	}
	if i == zs || i+4 >= len(h) || h[i] != ' ' || h[i+1] != '[' {
		return false, false
	}
	ze := i
	i += 2
	ps := i
	for i < len(h) && isDigit(h[i]) {
		i++
	}
	if i == ps || i+2 >= len(h) || h[i] != ']' || h[i+1] != ' ' {
		return false, false
	}
	pid := span{int32(ps), int32(i)}
	ls := i + 2
	le := ls
	for le < len(h) && le-ls < 9 && (isUpper(h[le]) || isDigit(h[le])) {
		le++
	}
	if le+1 < len(h) && h[le] == ' ' && h[le+1] != ' ' {
		// PgBouncer's "<time> UTC [1] LOG msg": the same prefix, the
		// level without PostgreSQL's colon; one line a call.
		lvl, ok := pgbouncerLevel(h[ls:le])
		if !ok {
			return false, false
		}
		r.Format, r.Level = FormatPostgres, lvl
		r.time, r.timeKind = span{0, int32(ze)}, timeZoneName
		r.thread = pid
		r.lvl = span{int32(ls), int32(le)}
		r.msg = span{int32(le + 1), int32(len(h))}
		return true, false
	}
	if le+2 >= len(h) || h[le] != ':' || h[le+1] != ' ' || h[le+2] != ' ' {
		return false, false
	}
	lvl, ok := postgresLevel(h[ls:le])
	if !ok {
		return false, postgresField(h[ls:le])
	}
	r.Format, r.Level = FormatPostgres, lvl
	r.time, r.timeKind = span{0, int32(ze)}, timeZoneName
	r.thread = pid
	r.lvl = span{int32(ls), int32(le)}
	r.msg = span{int32(le + 3), int32(len(h))}
	r.rawCont = true
	return true, false
}

// zoneOffset reads a zone PostgreSQL prints: UTC and GMT, or a numeric
// offset ("+03", "-0530", "+05:30"); ok is false for other abbreviations,
// whose offset only the server's time zone database knows.
func zoneOffset(z []byte) (seconds int, ok bool) {
	switch string(z) {
	case "UTC", "GMT", "Z":
		return 0, true
	}
	if len(z) < 3 || (z[0] != '+' && z[0] != '-') || !isDigit(z[1]) || !isDigit(z[2]) {
		return 0, false
	}
	mm := 0
	rest := z[3:]
	if len(rest) > 0 && rest[0] == ':' {
		rest = rest[1:]
	}
	switch {
	case len(rest) == 2 && isDigit(rest[0]) && isDigit(rest[1]):
		mm = num(rest)
	case len(rest) != 0:
		return 0, false
	}
	s := (num(z[1:3])*60 + mm) * 60
	if z[0] == '-' {
		s = -s
	}
	return s, true
}
