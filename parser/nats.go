package parser

// NATS server's log (github.com/nats-io/nats-server/v2/logger), on stderr,
// so that every line showed as an error:
//
//	[1] 2023/10/11 17:00:23.018770 [WRN] JetStream has not established contact with a meta leader
//	[1] 2023/10/11 17:00:23.018770 [ESC[32mINFESC[0m] Server is ready
//
// the pid in brackets (on by default; logtime off drops the time), package
// log's date and time with microseconds, the level's three letters in
// brackets (coloured inside them on a terminal), then the message. Without
// the pid and the colour the line is hashicorp/logutils' layout, which
// that format reads.

// natsLevel maps NATS's level words.
func natsLevel(b []byte) (Level, bool) {
	switch string(b) {
	case "INF":
		return LevelInfo, true
	case "WRN":
		return LevelWarning, true
	case "ERR":
		return LevelError, true
	case "DBG", "TRC":
		return LevelDebug, true
	case "FTL":
		return LevelCritical, true
	}
	return LevelUnknown, false
}

// parseNATS recognises "[pid] <date> <time> [LVL] msg".
func parseNATS(h []byte, r *Record) bool {
	k := 1
	for k < len(h) && k < 11 && isDigit(h[k]) {
		k++
	}
	ts := k + 2
	if k == 1 || ts+20 > len(h) || h[k] != ']' || h[k+1] != ' ' {
		return false
	}
	t := h[ts:]
	if t[4] != '/' || t[7] != '/' || t[10] != ' ' || t[13] != ':' || t[16] != ':' {
		return false
	}
	for _, i := range [...]int{0, 1, 2, 3, 5, 6, 8, 9, 11, 12, 14, 15, 17, 18} {
		if !isDigit(t[i]) {
			return false
		}
	}
	te := ts + 19
	if te < len(h) && h[te] == '.' {
		te++
		for te < len(h) && isDigit(h[te]) {
			te++
		}
	}
	if te+2 >= len(h) || h[te] != ' ' || h[te+1] != '[' {
		return false
	}
	if !parseNATSLevel(h, te+1, r) {
		return false
	}
	r.thread = span{1, int32(k)}
	r.time, r.timeKind = span{int32(ts), int32(te)}, timeStdlog
	return true
}

// parseNATSLevel reads "[LVL] msg" at h[i], the level's letters coloured
// or not, and sets the record's format, level and message.
func parseNATSLevel(h []byte, i int, r *Record) bool {
	ls := skipCSI(h, i+1)
	le := ls + 3
	if le > len(h) {
		return false
	}
	lvl, ok := natsLevel(h[ls:le])
	if !ok {
		return false
	}
	e := skipCSI(h, le)
	if e >= len(h) || h[e] != ']' || e+1 < len(h) && h[e+1] != ' ' {
		return false
	}
	ms := min(e+2, len(h))
	r.Format, r.Level = FormatNATS, lvl
	r.lvl = span{int32(ls), int32(le)}
	r.msg = span{int32(ms), int32(len(h))}
	r.rawCont = true
	return true
}
