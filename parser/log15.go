package parser

// log15's terminal form and go-ethereum's, which began as a copy of it:
//
//	ESC[32mINFOESC[0m[11-30|04:41:36] msg<to 40 columns> ESC[32mkESC[0m=v   log15 TerminalFormat (always coloured)
//	INFO [11-30|04:41:36.123] msg<to 40 columns> k=v k2="a b"          go-ethereum, log.NewTerminalHandler
//	ERROR[11-30|04:41:36.123|core/blockchain.go:1234] msg              go-ethereum before 1.14 with --debug
//
// The level is glued to a bracketed "MM-DD|hh:mm:ss" time: log15 spells its
// levels in four letters (DBUG INFO WARN EROR CRIT), go-ethereum aligns its
// six (TRACE DEBUG "INFO " "WARN " ERROR "CRIT ") to five columns and adds
// milliseconds. The message is written raw (go-ethereum quotes it when it
// holds '=' or a byte outside printable ASCII), padded to 40 columns when
// pairs follow, which are logfmt (coloured like the level in log15's form).
// The year is not written: Timestamp takes it from its reference time, as
// for klog. logrus's TTY form ("INFO[0000] msg") looks alike but never has
// the "MM-DD|" of this time.

// parseLog15 recognises a log15 or go-ethereum terminal line.
func parseLog15(h []byte, r *Record) bool {
	i := skipCSI(h, 0)
	colored := i > 0
	ls := i
	for i < len(h) && i-ls < 6 && isUpper(h[i]) {
		i++
	}
	lvl, ok := log15Level(h[ls:i])
	if !ok {
		return false
	}
	le := i
	if i < len(h) && h[i] == ' ' && le-ls == 4 { // go-ethereum's alignment of the four-letter words
		i++
	}
	if colored {
		k := skipCSI(h, i)
		if k == i {
			return false
		}
		i = k
	}
	te, ce := log15Bracket(h, i)
	if te < 0 {
		return false
	}
	r.time, r.timeKind = span{int32(i + 1), int32(te)}, timeLog15
	if ce > te {
		r.caller = span{int32(te + 1), int32(ce)}
	} else {
		ce = te
	}
	i = ce + 1 // past ']'
	if i < len(h) {
		if h[i] != ' ' {
			return false // "]" glued to the message: no terminal line
		}
		// go-ethereum pads the location column to its widest so far.
		for i < len(h) && h[i] == ' ' {
			i++
		}
	}
	r.Format, r.Level = FormatLog15, lvl
	r.lvl = span{int32(ls), int32(le)}
	r.rawCont = true
	// go-ethereum quotes a message that holds '=' or a byte outside
	// printable ASCII (strconv.Quote); pairs may follow the closing quote.
	from := i
	if i < len(h) && h[i] == '"' {
		if e := skipGoString(h, i); e > 0 {
			j := e
			for j < len(h) && h[j] == ' ' {
				j++
			}
			if j == len(h) || (colored && h[j] == 0x1b) || (!colored && trailingPairs(h, j) == j) {
				from = e
				r.msgKind = kindGoQuoted
			}
		}
	}
	end := len(h)
	if colored {
		// Pairs are " ESC[<color>mkeyESC[0m=value" after the padded message.
		if k := indexSpaceCSI(h, from); k >= 0 {
			r.fields = span{int32(k + 1), int32(len(h))}
			r.fieldsKind = fieldsTTY
			end = k
		}
	} else if k := trailingPairs(h, from); k < len(h) {
		r.fields = span{int32(k), int32(len(h))}
		r.fieldsKind = fieldsLogfmtRest
		end = k
	}
	if r.msgKind == kindGoQuoted {
		end = from
	}
	r.msg = span{int32(i), int32(trimRightSpace(h, i, end))}
	return true
}

// log15Bracket checks the bracket at h[i]: "[MM-DD|hh:mm:ss", optional
// ".mmm", optional "|location", then "]". It returns the end of the time
// and the index of the ']' (equal to the time's end when there is no
// location), or -1, -1.
func log15Bracket(h []byte, i int) (timeEnd, closeAt int) {
	if i+16 > len(h) || h[i] != '[' || !isLog15Time(h[i+1:i+15]) {
		return -1, -1
	}
	j := i + 15
	if h[j] == '.' {
		if j+4 >= len(h) || !isDigit(h[j+1]) || !isDigit(h[j+2]) || !isDigit(h[j+3]) {
			return -1, -1
		}
		j += 4
	}
	te := j
	switch h[j] {
	case ']':
		return te, te
	case '|':
		// go-ethereum's location "file.go:123", paths trimmed.
		s := j + 1
		for j++; j < len(h) && h[j] != ']' && h[j] != ' '; j++ {
		}
		if j >= len(h) || h[j] != ']' || !looksLikeCaller(h[s:j]) {
			return -1, -1
		}
		return te, j
	}
	return -1, -1
}

// isLog15Time reports whether b (14 bytes) is "MM-DD|hh:mm:ss".
func isLog15Time(b []byte) bool {
	return isDigit(b[0]) && isDigit(b[1]) && b[2] == '-' && isDigit(b[3]) && isDigit(b[4]) && b[5] == '|' &&
		isDigit(b[6]) && isDigit(b[7]) && b[8] == ':' && isDigit(b[9]) && isDigit(b[10]) && b[11] == ':' &&
		isDigit(b[12]) && isDigit(b[13])
}

// hasLog15Time reports whether the bracket that opens b starts with
// log15's "MM-DD|" date, which no logrus timestamp layout writes there.
func hasLog15Time(b []byte) bool {
	return len(b) > 7 && b[0] == '[' && isDigit(b[1]) && isDigit(b[2]) && b[3] == '-' && isDigit(b[4]) && isDigit(b[5]) && b[6] == '|'
}

// log15Level maps log15's four-letter levels and go-ethereum's words.
func log15Level(b []byte) (Level, bool) {
	switch string(b) {
	case "INFO":
		return LevelInfo, true
	case "DBUG", "DEBUG", "TRACE":
		return LevelDebug, true
	case "WARN":
		return LevelWarning, true
	case "EROR", "ERROR":
		return LevelError, true
	case "CRIT":
		return LevelCritical, true
	}
	return LevelUnknown, false
}
