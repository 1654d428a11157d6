package parser

// The Datadog Agent's own log (pkg/util/log/setup, commonFormatter), which
// its containers write to stdout, so that its warnings and errors show as
// info in Datadog:
//
//	2026-12-02 10:56:38 UTC | CORE | WARN | (pkg/tagger/collectors/kubelet_extract.go:212 in parsePods) | Unable to parse container …
//	2026-12-02T10:56:38Z | CORE | INFO | (comp/core/config/setup.go:44 in Setup) | check:cpu | msg
//	2018-01-10 16:47:50 UTC | WARN | (tagger.go:248 in Tag) | error collecting from kubelet: …
//
// The time is "2006-01-02 15:04:05 MST", or RFC 3339 under
// log_format_rfc3339; the logger is the Agent process's name (CORE, TRACE,
// PROCESS, CLUSTER, SYS-PROBE, SECURITY…), absent before 6.0's release; the
// level is one of TRACE DEBUG INFO WARN ERROR CRITICAL. The call site in
// parentheses, "file:line in function", is kept whole as the caller: it is
// how the Agent names it. A context ("check:cpu | ") stays in the message,
// as its values may hold any text. A multi-line message (an error with a
// stack) continues on raw lines.

// ddagentLevel maps the Agent's UppercaseLevel words.
func ddagentLevel(b []byte) (Level, bool) {
	switch string(b) {
	case "TRACE":
		return LevelDebug, true
	case "CRITICAL":
		return LevelCritical, true
	}
	return capitalLevel(b)
}

// parseDDAgent recognises the Agent's line after its time, te being the
// time's end: at " | " for the RFC 3339 form, at the space before the zone
// name for the default one.
func parseDDAgent(h []byte, te int, r *Record) bool {
	i := te
	if i+1 < len(h) && h[i] == ' ' && h[i+1] != '|' {
		// " MST": a zone's abbreviation, or tzdata's "+03" or "-0330"
		// for a zone that has none; five bytes at most.
		k := i + 1
		for k < len(h) && k-i <= 5 && (isUpper(h[k]) || isDigit(h[k]) || h[k] == '+' || h[k] == '-') {
			k++
		}
		if k == i+1 {
			return false
		}
		i = k
	}
	ze := i
	i, ok := ddagentBar(h, i)
	if !ok {
		return false
	}
	// The logger, or (before 6.0's release) the level.
	w1s := i
	w1e := ddagentWord(h, i)
	if w1e == w1s {
		return false
	}
	if i, ok = ddagentBar(h, w1e); !ok {
		return false
	}
	ls, le := w1s, w1e
	var logger span
	if i < len(h) && h[i] != '(' {
		logger = span{int32(w1s), int32(w1e)}
		ls = i
		le = ddagentWord(h, i)
		if i, ok = ddagentBar(h, le); !ok {
			return false
		}
	}
	lvl, ok := ddagentLevel(h[ls:le])
	if !ok {
		return false
	}
	// "(file:line in function) | "
	if i >= len(h) || h[i] != '(' {
		return false
	}
	cs := i + 1
	ce := cs
	for ce+3 < len(h) && !(h[ce] == ')' && h[ce+1] == ' ' && h[ce+2] == '|' && h[ce+3] == ' ') {
		ce++
	}
	if ce+3 >= len(h) || ce == cs {
		return false
	}
	r.Format, r.Level = FormatDDAgent, lvl
	if h[10] == 'T' {
		r.time, r.timeKind = span{0, int32(ze)}, timeRFC3339
	} else {
		r.time, r.timeKind = span{0, int32(ze)}, timeZoneName
	}
	r.logger = logger
	r.lvl = span{int32(ls), int32(le)}
	r.caller = span{int32(cs), int32(ce)}
	r.msg = span{int32(ce + 4), int32(len(h))}
	r.rawCont = true // a message of several lines: an error with its stack
	return true
}

// ddagentWord returns the end of the capitals, digits, '-' and '_' at h[i]
// (a logger or level name, at most 16 bytes).
func ddagentWord(h []byte, i int) int {
	k := i
	for k < len(h) && k-i < 16 && (isUpper(h[k]) || isDigit(h[k]) || h[k] == '-' || h[k] == '_') {
		k++
	}
	return k
}

// ddagentBar reads the " | " separator at h[i] and returns what follows it.
func ddagentBar(h []byte, i int) (int, bool) {
	if i+3 > len(h) || h[i] != ' ' || h[i+1] != '|' || h[i+2] != ' ' {
		return i, false
	}
	return i + 3, true
}
