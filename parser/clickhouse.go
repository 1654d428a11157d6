package parser

// ClickHouse's server log (OwnPatternFormatter), on stderr in its images:
//
//	2026.12.02 09:16:48.107473 [ 21 ] {034d8eb4-f9c6-47a9-8801-3ef313c15ffa} <Error> executeQuery: Code: 47, … Stack trace:
//
//	0. clickhouse-server(StackTrace::StackTrace()+0x16) [0x7f1c567798a6]
//
// the local time to the microsecond, the thread id, the query id in braces
// (empty outside a query; releases before 18.x wrote none), Poco's priority name in angle brackets, the
// logger ("Application", "executeQuery", "default.t (ReplicatedMergeTreeQueue)",
// or nothing) and a colon. A stack trace, a query pipeline and the other
// lines of a multi-line message follow raw. The query id is not kept.

// clickhouseLevel maps Poco's priority names as ClickHouse prints them.
func clickhouseLevel(b []byte) (Level, bool) {
	switch string(b) {
	case "Fatal", "Critical":
		return LevelCritical, true
	case "Error":
		return LevelError, true
	case "Warning":
		return LevelWarning, true
	case "Notice":
		return LevelNotice, true
	case "Information":
		return LevelInfo, true
	case "Debug", "Trace", "Test":
		return LevelDebug, true
	}
	return LevelUnknown, false
}

// parseClickHouse recognises "yyyy.MM.dd HH:mm:ss.uuuuuu [ tid ] {qid}
// <Priority> logger: msg".
func parseClickHouse(h []byte, r *Record) bool {
	if len(h) < 40 || h[4] != '.' || h[7] != '.' || h[10] != ' ' || h[13] != ':' || h[16] != ':' || h[19] != '.' ||
		h[26] != ' ' || h[27] != '[' || h[28] != ' ' {
		return false
	}
	for _, k := range [...]int{0, 1, 2, 3, 5, 6, 8, 9, 11, 12, 14, 15, 17, 18, 20, 21, 22, 23, 24, 25} {
		if !isDigit(h[k]) {
			return false
		}
	}
	i := 29
	for i < len(h) && isDigit(h[i]) {
		i++
	}
	if i == 29 || i+4 > len(h) || string(h[i:i+3]) != " ] " {
		return false
	}
	thread := span{29, int32(i)}
	i += 3
	// The query id, which releases before 18.x (mid-2018) did not write.
	if h[i] == '{' {
		i++
		for i < len(h) && h[i] != '}' && h[i] != ' ' {
			i++
		}
		if i+1 >= len(h) || h[i] != '}' || h[i+1] != ' ' {
			return false
		}
		i += 2
	}
	if i >= len(h) || h[i] != '<' {
		return false
	}
	ls := i + 1
	le := ls
	for le < len(h) && le-ls < 12 && ('a' <= h[le] && h[le] <= 'z' || 'A' <= h[le] && h[le] <= 'Z') {
		le++
	}
	if le+2 > len(h) || h[le] != '>' || h[le+1] != ' ' {
		return false
	}
	lvl, ok := clickhouseLevel(h[ls:le])
	if !ok {
		return false
	}
	// The logger, up to its ": " (the formatter writes it after an empty
	// logger too).
	ns := le + 2
	ne := -1
	for k := ns; k+1 < len(h); k++ {
		if h[k] == ':' && h[k+1] == ' ' {
			ne = k
			break
		}
	}
	if ne < 0 {
		if len(h) > ns && h[len(h)-1] == ':' {
			ne = len(h) - 1 // an empty message
		} else {
			return false
		}
	}
	r.Format, r.Level = FormatClickHouse, lvl
	r.time, r.timeKind = span{0, 26}, timeStdlog // read by position: "yyyy.MM.dd" as "yyyy/MM/dd"
	r.thread = thread
	r.lvl = span{int32(ls), int32(le)}
	if ne > ns {
		r.logger = span{int32(ns), int32(ne)}
	}
	r.msg = span{int32(min(ne+2, len(h))), int32(len(h))}
	r.rawCont = true // a stack trace, a query pipeline
	return true
}
