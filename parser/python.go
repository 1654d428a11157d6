package parser

import "bytes"

// CPython's logging module and the servers built on it, as they write to
// stderr:
//
//	WARNING:app.db:connection lost                    logging's default (basicConfig())
//	2026-11-30 04:41:36,123 - app.db - ERROR - msg    basicConfig's documented "%(asctime)s - %(name)s - %(levelname)s - %(message)s"
//	2026-11-30 04:41:36,123 INFO msg                  "%(asctime)s %(levelname)s ...", %(levelname)-8s padded or not
//	2026-11-30 04:41:36,123 app.db ERROR    msg       "%(asctime)s %(name)s %(levelname)-8s %(message)s", padded or not
//	INFO:     Started server process [1]              uvicorn's DefaultFormatter
//	[2026-11-30 04:41:36 +0000] [1] [INFO] Booting    gunicorn's error log
//	[2026-11-30T04:41:36.123+0000] {job.py:798} INFO - msg   Airflow's (and, before 2.4, "[%(asctime)s]" plain; 1.10's "{{…}}")
//	Traceback (most recent call last):                an uncaught exception (sys.excepthook)
//
// The level names are logging's own (DEBUG INFO WARNING ERROR CRITICAL;
// FATAL and WARN are aliases that print as CRITICAL and WARNING). A record
// logged with exc_info (logger.exception) is followed by its traceback, raw;
// the record takes continuation lines, and the joiner keeps a traceback with
// the record before it (see PythonTraceback). A traceback on its own is an
// exception that ended the program: critical, as a Go panic.

// pythonTraceback is the first line sys.excepthook and logging write for
// an exception.
const pythonTraceback = "Traceback (most recent call last):"

// PythonTraceback reports whether line (without its line ending) opens a
// Python traceback. The joiner keeps such a line with a pending Python record
// at warning or above: logging writes an exc_info traceback right after the
// record's message, and exc_info is given with exception(), error(),
// critical() and now and then warning(). After an info or debug record, or
// after anything else, the traceback is an uncaught exception of its own.
func PythonTraceback(line []byte) bool {
	if n := len(line); n > 0 && line[n-1] == '\r' {
		line = line[:n-1]
	}
	return string(line) == pythonTraceback
}

// pythonLevel maps logging's level names; only the exact upper-case names
// logging prints count.
func pythonLevel(b []byte) (Level, bool) {
	switch string(b) {
	case "DEBUG", "TRACE": // uvicorn adds TRACE (5) below DEBUG
		return LevelDebug, true
	case "INFO":
		return LevelInfo, true
	case "WARNING":
		return LevelWarning, true
	case "ERROR":
		return LevelError, true
	case "CRITICAL":
		return LevelCritical, true
	}
	return LevelUnknown, false
}

// isPythonNameByte reports whether c may be part of a logger name in
// logging's default layout: dotted identifiers ("app.db", "__main__",
// "uvicorn.error"), and the '-' that hyphenated package names bring.
func isPythonNameByte(c byte) bool {
	return isDigit(c) || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '_' || c == '.' || c == '-'
}

// parsePython recognises the layouts that open with the level name: the
// default "LEVEL:name:msg" and uvicorn's "LEVEL:" padded to ten columns.
// A traceback's first line is tried first by the dispatch.
func parsePython(h []byte, r *Record) bool {
	le := 0
	for le < len(h) && le < 9 && isUpper(h[le]) {
		le++
	}
	if le < 4 || le >= len(h) || h[le] != ':' {
		return false
	}
	lvl, ok := pythonLevel(h[:le])
	if !ok {
		return false
	}
	i := le + 1
	if i < len(h) && h[i] == ' ' {
		// uvicorn: "%(levelprefix)s %(message)s", the prefix being the
		// name and a colon padded to nine columns, so the message always
		// starts at the eleventh: "INFO:     msg", "CRITICAL: msg".
		// Weave Net's "INFO: 2016/…" and java.util.logging's "INFO: msg"
		// have one space after the colon of a short name, never this.
		const msgCol = 10
		if len(h) <= msgCol {
			return false
		}
		for j := i; j < msgCol; j++ {
			if h[j] != ' ' {
				return false
			}
		}
		if h[msgCol] == ' ' {
			return false
		}
		r.Format, r.Level = FormatPython, lvl
		r.lvl = span{0, int32(le)}
		r.msg = span{msgCol, int32(len(h))}
		r.rawCont = true
		return true
	}
	ns := i
	for i < len(h) && isPythonNameByte(h[i]) {
		i++
	}
	if i == ns || i >= len(h) || h[i] != ':' {
		return false
	}
	r.Format, r.Level = FormatPython, lvl
	r.lvl = span{0, int32(le)}
	r.logger = span{int32(ns), int32(i)}
	r.msg = span{int32(i + 1), int32(len(h))}
	r.rawCont = true
	return true
}

// parsePythonTraceback recognises a traceback's first line standing as a
// record's head: an exception no handler caught, which ends the program.
func parsePythonTraceback(h []byte, r *Record) bool {
	if string(h) != pythonTraceback {
		return false
	}
	r.Format, r.Level = FormatPython, LevelCritical
	r.msg = span{0, int32(len(h))}
	r.rawCont = true
	return true
}

// parsePythonAsctime recognises the basicConfig layouts that open with
// %(asctime)s ("2026-11-30 04:41:36,123", te its end):
//
//	<asctime> - <name> - <LEVEL> - <msg>
//	<asctime> <LEVEL> <msg>          (%(levelname)-8s pads the name)
//	<asctime> <name> <LEVEL> <msg>   (the same, the logger's name first)
//
// The first is told by its " - " separators. The others only when the time
// has logging's ",mmm" milliseconds, which no Go logger writes: without
// them "<time> INFO msg" is as much any other program's.
func parsePythonAsctime(h []byte, te int, r *Record) bool {
	if te+3 >= len(h) || h[te] != ' ' {
		return false
	}
	i := te + 1
	if h[i] == '-' && h[i+1] == ' ' {
		ns := i + 2
		k := bytes.Index(h[ns:], []byte(" - "))
		if k <= 0 {
			return false
		}
		ne := ns + k
		ls := ne + 3
		lvl, le, ms, ok := pythonLevelDash(h, ls, true)
		if !ok {
			return false
		}
		r.Format, r.Level = FormatPython, lvl
		r.time, r.timeKind = span{0, int32(te)}, timeRFC3339
		r.logger = span{int32(ns), int32(ne)}
		r.lvl = span{int32(ls), int32(le)}
		r.msg = span{int32(ms), int32(len(h))}
		r.rawCont = true
		return true
	}
	if te != 23 || h[19] != ',' {
		return false
	}
	le := i
	for le < len(h) && le-i < 9 && isUpper(h[le]) {
		le++
	}
	lvl, ok := pythonLevel(h[i:le])
	colon := false
	if ok && le+1 < len(h) && h[le] == ':' && h[le+1] == ' ' {
		// Patroni's "%(asctime)s %(levelname)s: %(message)s" (Spilo,
		// the Zalando postgres-operator), on stderr.
		colon = true
	} else if ok && le < len(h) && h[le] != ' ' {
		ok = false // a name such as "DEBUG_toolbar"
	}
	var name span
	if !ok {
		// "%(name)s %(levelname)s": a dotted name ("arches.app.tasks",
		// "__main__", "root"), one space, and the level word right after
		// it; a level word further on is the message's. A name that is
		// a level word alone ("INFO ERROR msg") reads as the form above.
		ne := i
		for ne < len(h) && isPythonNameByte(h[ne]) {
			ne++
		}
		if c := h[i]; ne == i || ne+1 >= len(h) || h[ne] != ' ' || !(isLetter(c) || c == '_') {
			return false
		}
		ls := ne + 1
		le = ls
		for le < len(h) && le-ls < 9 && isUpper(h[le]) {
			le++
		}
		if lvl, ok = pythonLevel(h[ls:le]); !ok || le < len(h) && h[le] != ' ' {
			return false
		}
		name, i = span{int32(i), int32(ne)}, ls
	}
	ms := le
	if colon {
		ms++
	}
	for ms < len(h) && h[ms] == ' ' {
		ms++
	}
	r.Format, r.Level = FormatPython, lvl
	r.time, r.timeKind = span{0, int32(te)}, timeRFC3339
	r.logger = name
	r.lvl = span{int32(i), int32(le)}
	r.msg = span{int32(ms), int32(len(h))}
	r.rawCont = true
	return true
}

// parseCelery recognises Celery's worker log, which it writes to stderr
// with "[%(asctime)s: %(levelname)s/%(processName)s] %(message)s"
// (worker_log_format), and its task loggers with "%(task_name)s[%(task_id)s]:
// " before the message (worker_task_log_format):
// "[2026-11-30 04:41:36,123: INFO/MainProcess] Connected to redis://redis:6379//".
// The process name (MainProcess, ForkPoolWorker-1) is kept as the logger.
func parseCelery(h []byte, r *Record) bool {
	// "[" + 23 (asctime with its comma) + ": " LEVEL "/" process "] "
	if len(h) < 30 || h[24] != ':' || h[25] != ' ' || h[20] != ',' || scanRFC3339(h[:24], 1, false) != 24 {
		return false
	}
	ls := 26
	le := ls
	for le < len(h) && le-ls < 9 && isUpper(h[le]) {
		le++
	}
	if le >= len(h) || h[le] != '/' {
		return false
	}
	lvl, ok := pythonLevel(h[ls:le])
	if !ok {
		return false
	}
	ps := le + 1
	pe := ps
	for pe < len(h) && h[pe] != ']' && h[pe] > ' ' {
		pe++
	}
	if pe == ps || pe >= len(h) || h[pe] != ']' || pe+1 < len(h) && h[pe+1] != ' ' {
		return false
	}
	r.Format, r.Level = FormatPython, lvl
	r.time, r.timeKind = span{1, 24}, timeRFC3339
	r.lvl = span{int32(ls), int32(le)}
	r.logger = span{int32(ps), int32(pe)}
	r.msg = span{int32(min(pe+2, len(h))), int32(len(h))}
	r.rawCont = true // a traceback, a multi-line message
	return true
}

// parseGunicorn recognises gunicorn's error log, which its glogging.Logger
// writes with "%(asctime)s [%(process)d] [%(levelname)s] %(message)s" and
// the date format "[%Y-%m-%d %H:%M:%S %z]":
// "[2026-11-30 04:41:36 +0000] [1] [INFO] Booting worker with pid: 8".
func parseGunicorn(h []byte, r *Record) bool {
	// "[" + 19 + " " + "+0000" + "] [" pid "] [" LEVEL "] "
	if len(h) < 36 || h[20] != ' ' || (h[21] != '+' && h[21] != '-') || h[26] != ']' || h[27] != ' ' || h[28] != '[' {
		return false
	}
	if scanRFC3339(h[:20], 1, false) != 20 {
		return false
	}
	for _, k := range [...]int{22, 23, 24, 25} {
		if !isDigit(h[k]) {
			return false
		}
	}
	i := 29
	for i < len(h) && isDigit(h[i]) {
		i++
	}
	if i == 29 || i+3 >= len(h) || h[i] != ']' || h[i+1] != ' ' || h[i+2] != '[' {
		return false
	}
	thread := span{29, int32(i)}
	ls := i + 3
	le := ls
	for le < len(h) && le-ls < 9 && isUpper(h[le]) {
		le++
	}
	if le >= len(h) || h[le] != ']' {
		return false
	}
	lvl, ok := pythonLevel(h[ls:le])
	if !ok {
		return false
	}
	ms := min(le+2, len(h))
	if le+1 < len(h) && h[le+1] != ' ' {
		return false
	}
	r.Format, r.Level = FormatPython, lvl
	r.time, r.timeKind = span{1, 26}, timeSpaceZone
	r.thread = thread
	r.lvl = span{int32(ls), int32(le)}
	r.msg = span{int32(ms), int32(len(h))}
	r.rawCont = true
	return true
}

// parseAirflow recognises Apache Airflow's log, which its scheduler,
// webserver, triggerer and task pods write to stdout with the LOG_FORMAT
// default "[%(asctime)s] {%(filename)s:%(lineno)d} %(levelname)s -
// %(message)s":
//
//	[2026-11-30T04:41:36.123+0000] {scheduler_job_runner.py:798} INFO - Starting the scheduler
//
// Airflow's TimezoneAware formatter writes asctime as ISO 8601 with its
// milliseconds and offset; releases before it wrote logging's own
// "2026-11-30 04:41:36,123". te is the asctime's end, at its "]". The file
// and line are the caller.
func parseAirflow(h []byte, te int, r *Record) bool {
	// "] {" file ":" line "} " LEVEL " - "
	if te+4 >= len(h) || h[te] != ']' || h[te+1] != ' ' || h[te+2] != '{' {
		return false
	}
	cs := te + 3
	// Airflow 1.10's images wrote the braces doubled ("{{dagbag.py:271}}"),
	// escaped for its configuration file and printed as written.
	double := cs < len(h) && h[cs] == '{'
	if double {
		cs++
	}
	ce := cs
	for ce < len(h) && h[ce] != '}' && h[ce] != '{' && h[ce] > ' ' {
		ce++
	}
	after := ce + 1
	if double {
		if after >= len(h) || h[after] != '}' {
			return false
		}
		after++
	}
	if ce >= len(h) || h[ce] != '}' || after+1 >= len(h) || h[after] != ' ' {
		return false
	}
	// The caller ends ":" and the line number.
	colon := bytes.LastIndexByte(h[cs:ce], ':')
	if colon <= 0 || cs+colon+1 == ce {
		return false
	}
	for _, c := range h[cs+colon+1 : ce] {
		if !isDigit(c) {
			return false
		}
	}
	ls := after + 1
	lvl, le, ms, ok := pythonLevelDash(h, ls, false)
	if !ok {
		return false
	}
	r.Format, r.Level = FormatPython, lvl
	r.time, r.timeKind = span{1, int32(te)}, timeRFC3339
	r.caller = span{int32(cs), int32(ce)}
	r.lvl = span{int32(ls), int32(le)}
	r.msg = span{int32(ms), int32(len(h))}
	r.rawCont = true // logger.exception's traceback, a multi-line message
	return true
}

// pythonLevelDash reads logging's level name at h[ls] and the " - " after
// it, or the " -" that ends the line when the message is empty, or (bare)
// nothing more; it returns the level's end and the message's start.
func pythonLevelDash(h []byte, ls int, bare bool) (lvl Level, le, ms int, ok bool) {
	le = ls
	for le < len(h) && le-ls < 9 && isUpper(h[le]) {
		le++
	}
	if lvl, ok = pythonLevel(h[ls:le]); !ok {
		return
	}
	switch {
	case bare && le == len(h):
		ms = le
	case le+3 <= len(h) && h[le] == ' ' && h[le+1] == '-' && h[le+2] == ' ':
		ms = le + 3
	case le+2 == len(h) && h[le] == ' ' && h[le+1] == '-':
		ms = len(h)
	default:
		ok = false
	}
	return
}

// parseTornado recognises tornado.log.LogFormatter's layouts, which
// Tornado's servers and the Jupyter family write to stderr:
//
//	[E 261202 09:51:35 web:2243] 500 GET / (127.0.0.1) 12.34ms            Tornado's default
//	[I 2026-12-02 09:51:35.844 ServerApp] Jupyter Server 2.14.0 is running   Jupyter Server's
//	[I 2026-12-02 09:51:35.844 JupyterHub app:2859] Running JupyterHub     JupyterHub's
//
// the level's initial, the time (Tornado's "%y%m%d %H:%M:%S", or Jupyter's
// date with milliseconds), then the logger's name, the module and line, or
// both. A logged exception's traceback follows, indented.
func parseTornado(h []byte, r *Record) bool {
	var lvl Level
	switch h[1] {
	case 'D':
		lvl = LevelDebug
	case 'I':
		lvl = LevelInfo
	case 'W':
		lvl = LevelWarning
	case 'E':
		lvl = LevelError
	case 'C':
		lvl = LevelCritical
	default:
		return false
	}
	ts := 3
	var te int
	var kind uint8
	switch {
	case len(h) > ts+16 && h[ts+6] == ' ' && h[ts+9] == ':' && h[ts+12] == ':':
		te, kind = ts+15, timeMySQL // "261202 09:51:35", as MySQL 5.5's
		for _, k := range [...]int{0, 1, 2, 3, 4, 5, 7, 8, 10, 11, 13, 14} {
			if !isDigit(h[ts+k]) {
				return false
			}
		}
	case len(h) > ts+24 && h[ts+4] == '-' && h[ts+19] == '.':
		if scanRFC3339(h[:ts+23], ts, false) != ts+23 {
			return false
		}
		te, kind = ts+23, timeRFC3339
	default:
		return false
	}
	if h[te] != ' ' {
		return false
	}
	// One or two words up to "]": a name, "module:line", or both.
	i := te + 1
	var words [2]span
	n := 0
	for {
		ws := i
		for i < len(h) && h[i] != ' ' && h[i] != ']' {
			i++
		}
		if i == ws || i >= len(h) || n == 2 {
			return false
		}
		words[n] = span{int32(ws), int32(i)}
		n++
		if h[i] == ']' {
			break
		}
		i++
	}
	if i+1 < len(h) && h[i+1] != ' ' {
		return false
	}
	last := words[n-1]
	if w := h[last.start:last.end]; callerLike(w) {
		r.caller = last
		n--
	}
	if n == 1 {
		r.logger = words[0]
	} else if n == 2 {
		return false // two names, no caller: not this layout
	}
	r.Format, r.Level = FormatPython, lvl
	r.lvl = span{1, 2}
	r.time, r.timeKind = span{int32(ts), int32(te)}, kind
	r.msg = span{int32(min(i+2, len(h))), int32(len(h))}
	r.rawCont = true // a logged exception's traceback
	return true
}

// callerLike reports whether w is "module:line".
func callerLike(w []byte) bool {
	c := bytes.LastIndexByte(w, ':')
	if c <= 0 || c == len(w)-1 {
		return false
	}
	for _, b := range w[c+1:] {
		if !isDigit(b) {
			return false
		}
	}
	return true
}
