package parser

import "bytes"

// zerolog's ConsoleWriter: "<time> <LVL> [<caller> > ]<message> k=v …".
// The default time layout is time.Kitchen ("4:42AM"); levels are three
// letters (TRC DBG INF WRN ERR FTL PNC). In colour the time is grey, the
// level coloured, the message bold and keys cyan: "ESC[36mk=ESC[0mv".
func parseZerolog(h []byte, r *Record) bool {
	ts := skipCSI(h, 0)
	i := indexSpaceOrESCFrom(h, ts)
	if i < 0 {
		i = len(h)
	}
	tb := h[ts:i]
	var kind uint8
	switch {
	case isKitchen(tb):
		kind = timeKitchen
	case len(tb) >= 19 && scanRFC3339(tb, 0, true) == len(tb):
		kind = timeRFC3339
	case len(tb) >= 9 && allDigits(tb):
		kind = timeEpoch
	default:
		return false
	}
	return parseZerologAfterTime(h, ts, i, kind, r)
}

// parseZerologAfterTime parses the rest of a zerolog line whose time token is
// h[ts:te], of the given kind. Digit-led lines come here with the RFC 3339
// time that parseHeader already scanned for zap and hclog, so that it is not
// scanned a second time.
func parseZerologAfterTime(h []byte, ts, te int, kind uint8, r *Record) bool {
	colored := ts > 0
	i := te
	if colored {
		if k := skipCSI(h, i); k != i {
			i = k
		} else {
			return false
		}
	}
	if i >= len(h) || h[i] != ' ' {
		return false
	}
	i++
	lc := skipCSI(h, i)
	if lc+3 > len(h) {
		return false
	}
	word := h[lc : lc+3]
	lvl, ok := zerologLevel(word)
	if !ok {
		if string(word) == "???" {
			// Log() without a level: a record starts here, with no
			// level, and takes no continuation lines (see parseStdlog).
			return true
		}
		return false
	}
	i = lc + 3
	if lc != i-3 || skipCSI(h, i) != i {
		i = skipCSI(h, i)
	}
	if i < len(h) && h[i] != ' ' {
		return false
	}
	r.Format, r.Level = FormatZerolog, lvl
	r.lvl = span{int32(lc), int32(lc + 3)}
	r.time, r.timeKind = span{int32(ts), int32(te)}, kind
	r.rawCont = true
	if i < len(h) {
		i++
	}
	// Caller: "file.go:12 > " (in colour "ESC[1mfile.go:12ESC[0mESC[36m >ESC[0m ").
	if cs := skipCSI(h, i); cs < len(h) {
		ce := indexSpaceOrESCFrom(h, cs)
		if ce < 0 {
			ce = len(h)
		}
		if looksLikeCaller(h[cs:ce]) {
			k := skipCSI(h, ce)
			k = skipCSI(h, k)
			// Compared inline: bytes.HasPrefix calls memequal.
			if k+1 < len(h) && h[k] == ' ' && h[k+1] == '>' {
				k += 2
				k = skipCSI(h, k)
				if k == len(h) || h[k] == ' ' {
					r.caller = span{int32(cs), int32(ce)}
					i = min(k+1, len(h))
				}
			}
		}
	}
	if colored {
		end := len(h)
		for k := indexSpaceCSI(h, i); k >= 0; k = indexSpaceCSI(h, k+2) {
			if bytes.HasPrefix(h[k+1:], []byte("\x1b[36m")) {
				r.fields = span{int32(k + 1), int32(len(h))}
				r.fieldsKind = fieldsZerologColor
				end = k
				break
			}
		}
		ms := skipCSI(h, i)
		me := end
		if bytes.HasSuffix(h[ms:me], []byte("\x1b[0m")) {
			me -= 4
		}
		r.msg = span{int32(ms), int32(max(ms, me))}
		return true
	}
	end := trailingPairs(h, i)
	r.msg = span{int32(i), int32(trimRightSpace(h, i, end))}
	if end < len(h) {
		r.fields = span{int32(end), int32(len(h))}
		r.fieldsKind = fieldsLogfmtRest
	}
	return true
}

func zerologLevel(b []byte) (Level, bool) {
	switch string(b) {
	case "TRC", "DBG":
		return LevelDebug, true
	case "INF":
		return LevelInfo, true
	case "WRN":
		return LevelWarning, true
	case "ERR":
		return LevelError, true
	case "FTL", "PNC":
		return LevelCritical, true
	}
	return LevelUnknown, false
}

// isKitchen matches time.Kitchen, "3:04PM".
func isKitchen(b []byte) bool {
	n := len(b)
	if n != 6 && n != 7 {
		return false
	}
	h := b[:n-5]
	return allDigits(h) && b[n-5] == ':' && isDigit(b[n-4]) && isDigit(b[n-3]) &&
		(b[n-2] == 'A' || b[n-2] == 'P') && b[n-1] == 'M'
}

// eachZerologColorField splits " ESC[36mkey=ESC[0mvalue" pairs; values may
// carry colour codes of their own (errors are red and bold).
func eachZerologColorField(b []byte, fn func(Field) bool) {
	const open, sep = "\x1b[36m", "=\x1b[0m"
	for len(b) > 0 {
		b = bytes.TrimLeft(b, " ")
		if !bytes.HasPrefix(b, []byte(open)) {
			rest(b, fn)
			return
		}
		b = b[len(open):]
		k := bytes.Index(b, []byte(sep))
		if k < 0 {
			rest(b, fn)
			return
		}
		key := b[:k]
		b = b[k+len(sep):]
		end := bytes.Index(b, []byte(" "+open))
		if end < 0 {
			end = len(b)
		}
		v := b[:end]
		b = b[end:]
		for {
			if s := skipCSI(v, 0); s > 0 {
				v = v[s:]
				continue
			}
			break
		}
		for bytes.HasSuffix(v, []byte("\x1b[0m")) {
			v = v[:len(v)-4]
		}
		f := Field{key: key, value: v}
		if len(v) >= 2 && v[0] == '"' && v[len(v)-1] == '"' {
			f.valueKind = kindGoQuoted
		}
		if !fn(f) {
			return
		}
	}
}

// parseZerologDigits is parseZerolog for a digit-led line whose leading RFC
// 3339 time (if any) scanZapTime has already found to end at tEnd: when that
// time is the whole first token, zerolog's own time scan would find the same
// token, so it is skipped.
func parseZerologDigits(h []byte, tEnd int, kind uint8, r *Record) bool {
	if kind == timeRFC3339 && tEnd >= 19 && (tEnd == len(h) || h[tEnd] == ' ' || h[tEnd] == 0x1b) {
		return parseZerologAfterTime(h, 0, tEnd, kind, r)
	}
	return parseZerolog(h, r)
}
