package parser

// The Apache HTTP Server's error log, which the official httpd image and
// PHP's apache images send to stderr (ErrorLog /proc/self/fd/2), in httpd
// 2.4's default ErrorLogFormat:
//
//	[Wed Dec 02 04:38:16.304673 2026] [mpm_event:notice] [pid 1:tid 1] AH00489: Apache/2.4.71 configured -- resuming normal operations
//	[Wed Dec 02 04:38:17.349136 2026] [authz_core:error] [pid 8:tid 11] [client 10.0.0.7:47332] AH01630: client denied by server configuration: /var/www/secret
//
// and httpd 2.2's "[Wed Dec 02 04:38:16 2026] [error] [client …] msg". The
// time is local, with microseconds in 2.4; the module is the logger, the
// process id the thread, the source location debug lines open with
// ("mod_authz_core.c(843): ") the caller; the level is emerg, alert, crit, error, warn,
// notice, info, debug or trace1 to trace8. Each start logs its notices
// there, each an error to the Agent. A line is one record.

// apacheLevel maps the error log's level words.
func apacheLevel(b []byte) (Level, bool) {
	switch string(b) {
	case "emerg":
		return LevelEmergency, true
	case "alert":
		return LevelAlert, true
	case "crit":
		return LevelCritical, true
	case "error":
		return LevelError, true
	case "warn":
		return LevelWarning, true
	case "notice":
		return LevelNotice, true
	case "info":
		return LevelInfo, true
	case "debug", "trace1", "trace2", "trace3", "trace4", "trace5", "trace6", "trace7", "trace8":
		return LevelDebug, true
	}
	return LevelUnknown, false
}

// parseApache recognises "[Www Mmm dd hh:mm:ss[.uuuuuu] yyyy] [module:level] "
// with the "[pid N[:tid M]] " 2.4 writes after it.
func parseApache(h []byte, r *Record) bool {
	// "[" + "Wed Dec 02 04:38:16" (19) + optional ".uuuuuu" + " 2026] ["
	if len(h) < 30 || h[4] != ' ' || h[8] != ' ' || h[11] != ' ' || h[14] != ':' || h[17] != ':' || julMonth(h[5:8]) == 0 {
		return false
	}
	for _, k := range [...]int{9, 10, 12, 13, 15, 16, 18, 19} {
		if !isDigit(h[k]) {
			return false
		}
	}
	i := 20
	if h[i] == '.' {
		i++
		for i < len(h) && isDigit(h[i]) {
			i++
		}
	}
	if i+8 > len(h) || h[i] != ' ' || !isDigit(h[i+1]) || !isDigit(h[i+2]) || !isDigit(h[i+3]) || !isDigit(h[i+4]) ||
		h[i+5] != ']' || h[i+6] != ' ' || h[i+7] != '[' {
		return false
	}
	te := i + 5
	// "[module:level]" (2.4) or "[level]" (2.2)
	ms := i + 8
	me, ls := ms, ms
	le := ms
	for le < len(h) && h[le] != ']' && h[le] > ' ' {
		if h[le] == ':' {
			me, ls = le, le+1
		}
		le++
	}
	if le >= len(h) || h[le] != ']' {
		return false
	}
	lvl, ok := apacheLevel(h[ls:le])
	if !ok {
		return false
	}
	m := le + 1
	var pid span
	if len(h)-m > 7 && string(h[m:m+6]) == " [pid " {
		ps := m + 6
		pe := ps
		for pe < len(h) && isDigit(h[pe]) {
			pe++
		}
		e := pe
		for e < len(h) && h[e] != ']' && h[e] != ' ' {
			e++ // ":tid 123" has a space: stop there and look again
		}
		if e < len(h) && h[e] == ' ' {
			for e < len(h) && h[e] != ']' {
				e++
			}
		}
		if pe == ps || e >= len(h) {
			return false
		}
		pid, m = span{int32(ps), int32(pe)}, e+1
	}
	if m < len(h) && h[m] != ' ' {
		return false
	}
	r.Format, r.Level = FormatApache, lvl
	r.time, r.timeKind = span{1, int32(te)}, timeApache
	r.lvl = span{int32(ls), int32(le)}
	if me > ms {
		r.logger = span{int32(ms), int32(me)}
	}
	r.thread = pid
	ms = min(m+1, len(h))
	// At debug and trace levels the source location comes first:
	// "mod_authz_core.c(843): ".
	if k := indexByteFrom(h, ms, ' '); k > ms+4 && h[k-1] == ':' && h[k-2] == ')' {
		if o := indexByteFrom(h[:k], ms, '('); o > ms+2 && o+1 < k-2 && string(h[o-2:o]) == ".c" && allDigits(h[o+1:k-2]) {
			r.caller, ms = span{int32(ms), int32(k - 1)}, k+1
		}
	}
	r.msg = span{int32(ms), int32(len(h))}
	return true
}
