package parser

import "bytes"

// hclog: "2006-01-02T15:04:05.000Z0700 [INFO]  [file.go:12: ][name: ]msg[: k=v …]".
// Levels are fixed-width bracketed words; multi-line values and messages
// continue on following lines ("  | line", "  key=").
func parseHclog(h []byte, r *Record) bool { return parseHclogAfterTime(h, scanRFC3339(h, 0, true), r) }

// parseHclogAfterTime is parseHclog given the end of the RFC 3339 time that
// opens h (0 for none).
func parseHclogAfterTime(h []byte, te int, r *Record) bool {
	if te <= 0 || te+3 >= len(h) || h[te] != ' ' || h[te+1] != '[' {
		return false
	}
	ls := te + 2
	// The level word is at most five letters: a byte loop, not an
	// IndexByte call, finds its ']'.
	le, lmax := ls, min(len(h), ls+8)
	for le < lmax && h[le] != ']' {
		le++
	}
	if le == ls || le == lmax {
		return false
	}
	var lvl Level
	switch string(h[ls:le]) {
	case "TRACE", "DEBUG":
		lvl = LevelDebug
	case "INFO":
		lvl = LevelInfo
	case "WARN":
		lvl = LevelWarning
	case "ERROR":
		lvl = LevelError
	default:
		return false
	}
	i := le + 1
	if i < len(h) && h[i] != ' ' {
		return false
	}
	for i < len(h) && h[i] == ' ' {
		i++
	}
	r.Format, r.Level = FormatHclog, lvl
	r.lvl = span{int32(ls), int32(le)}
	r.time, r.timeKind = span{0, int32(te)}, timeRFC3339
	r.rawCont = true
	// IncludeLocation: "file.go:12: "
	// The caller is the first word when that word ends in ':'.
	sp := indexByteFrom(h, i, ' ')
	if sp < 0 {
		sp = len(h)
	}
	if c := sp - i - 1; sp < len(h) && c > 0 && h[i+c] == ':' && looksLikeCaller(h[i:i+c]) {
		r.caller = span{int32(i), int32(i + c)}
		i += c + 2
	}
	// The pairs follow the message after ": ".
	end := len(h)
	if k := trailingPairs(h, i); k < len(h) && k-2 >= i && h[k-2] == ':' && h[k-1] == ' ' {
		r.fields = span{int32(k), int32(len(h))}
		r.fieldsKind = fieldsLogfmtRest
		end = k - 2
	}
	r.msg = span{int32(i), int32(trimRightSpace(h, i, end))}
	return true
}

// parseBracket: "[INFO] msg", "[WARNING] msg", as CoreDNS and many small
// tools prefix their lines through package log.
func parseBracket(h []byte, r *Record) bool {
	e := bytes.IndexByte(h[:min(len(h), 12)], ']')
	if e < 2 {
		return false
	}
	word := h[1:e]
	for _, c := range word {
		if c < 'A' || c > 'Z' {
			return false
		}
	}
	lvl, ok := wordLevel(word)
	if !ok {
		return false
	}
	i := e + 1
	if i < len(h) && h[i] != ' ' {
		return false
	}
	for i < len(h) && h[i] == ' ' {
		i++
	}
	r.Format, r.Level = FormatBracket, lvl
	r.lvl = span{1, int32(e)}
	r.msg = span{int32(i), int32(len(h))}
	return true
}
