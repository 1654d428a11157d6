package parser

import (
	"bytes"
	"encoding/binary"
	"math/bits"
)

// zap console: "<time> <level> [<logger> ][<caller> ]<message>[ <fields JSON>]"
// with TAB between columns by default (ConsoleSeparator may be " "; UIs and
// copy/paste also turn TABs into spaces). Empty encoder keys drop their column,
// so the optional columns are told apart by shape, not position.
func parseZap(h []byte, r *Record) bool {
	tEnd, kind := scanZapTime(h)
	return parseZapAfterTime(h, tEnd, kind, r)
}

// parseZapAfterTime is parseZap given scanZapTime's result, which a
// digit-led line shares with the formats tried after zap.
func parseZapAfterTime(h []byte, tEnd int, kind uint8, r *Record) bool {
	if tEnd <= 0 || tEnd >= len(h) {
		return false
	}
	sep := h[tEnd]
	if sep != '\t' && sep != ' ' {
		return false
	}
	i := tEnd
	for i < len(h) && h[i] == sep {
		i++
	}
	if !zapLevelColumn(h, i, sep, false, r) {
		return false
	}
	r.time = span{0, int32(tEnd)}
	r.timeKind = kind
	return true
}

// parseZapNoTime handles consoles configured without a time key, where the
// level opens the line. Only TAB separators are accepted: "info message" in
// plain prose must not be claimed.
func parseZapNoTime(h []byte, r *Record) bool {
	return zapLevelColumn(h, 0, '\t', true, r)
}

// zapLevelColumn parses the level at h[i] (optionally ANSI-coloured) and the
// columns after it. needSep requires a separator after the level (a lone
// word is no evidence of zap).
func zapLevelColumn(h []byte, i int, sep byte, needSep bool, r *Record) bool {
	ls := skipCSI(h, i)
	// Every zap level word starts with a letter; hclog's "[INFO]" and
	// zerolog's columns after the same kind of time fail here at once.
	if ls >= len(h) || lower(h[ls]) < 'a' || lower(h[ls]) > 'z' {
		return false
	}
	le := zapWordEnd(h, ls)
	lvl, ok := zapLevel(h[ls:le])
	if !ok {
		return false
	}
	j := le
	if ls != i { // coloured: the reset must follow the level word
		k := skipCSI(h, j)
		if k == j {
			return false
		}
		j = k
	}
	if (j < len(h) && h[j] != sep) || (needSep && j == len(h)) {
		return false
	}
	r.Format, r.Level = FormatZap, lvl
	r.lvl = span{int32(ls), int32(le)}
	r.rawCont = true
	for j < len(h) && h[j] == sep {
		j++
	}
	zapColumns(h, j, sep, r)
	return true
}

// zapWordEnd returns the index of the first space, TAB or ESC in h at or
// after i, or len(h): the end of the level word. It stops at the first
// byte below 0x21 instead, eight bytes at a time; a word that another
// control byte ends is no level, nor is one holding it, so zapLevelColumn
// declines the line either way.
func zapWordEnd(h []byte, i int) int {
	for ; i+8 <= len(h); i += 8 {
		x := binary.LittleEndian.Uint64(h[i : i+8])
		// Borrows make only bytes above the lowest mark unreliable.
		if m := (x - 0x21*swarOnes) &^ x & swarHigh; m != 0 {
			return i + bits.TrailingZeros64(m)/8
		}
	}
	for ; i < len(h) && h[i] > ' '; i++ {
	}
	return i
}

// zapColumns splits "[logger ][caller ]message[ fields]" starting at h[i].
func zapColumns(h []byte, i int, sep byte, r *Record) {
	end := len(h)
	if sep == '\t' {
		// The columns before the message end at the first two TABs; the
		// fields, a last column in braces, follow the last one, looked
		// for only when the line ends in a brace. Checking the JSON
		// fully is left to EachField, which reports bad JSON whole.
		c0, c1 := bytes.IndexByte(h[i:], '\t'), -1
		if c0 >= 0 {
			c0 += i
			if c1 = bytes.IndexByte(h[c0+1:], '\t'); c1 >= 0 {
				c1 += c0 + 1
			}
		}
		if h[end-1] == '}' && c0 >= 0 {
			last := c0
			for k := c1; k >= 0; {
				last = k
				if k = bytes.IndexByte(h[k+1:], '\t'); k >= 0 {
					k += last + 1
				}
			}
			if last+1 < end && h[last+1] == '{' {
				r.fields = span{int32(last + 1), int32(end)}
				r.fieldsKind = fieldsJSON
				end = last
				// The fields' TAB ends no column before the message.
				if c1 == last {
					c1 = -1
				} else if c0 == last {
					c0 = -1
				}
			}
		}
		// With TABs, a first column that is not the caller but has more
		// columns after it is the logger name; the caller may follow it.
		if c0 >= 0 {
			if looksLikeGoCaller(h[i:c0]) {
				r.caller = span{int32(i), int32(c0)}
				i = c0 + 1
			} else {
				r.logger = span{int32(i), int32(c0)}
				i = c0 + 1
				if c1 >= 0 && looksLikeGoCaller(h[i:c1]) {
					r.caller = span{int32(i), int32(c1)}
					i = c1 + 1
				}
			}
		}
		r.msg = span{int32(i), int32(end)}
		return
	}
	// Space separator: the fields are the JSON object that ends the line,
	// written "spaced" ({"k": "v"}), which keeps it apart from a message that
	// merely ends in a brace; only the caller column can be told from words.
	if end > i && h[end-1] == '}' {
		// Each " {" from the left, found by its brace: a message has
		// few braces and many spaces, and a byte loop cost some five
		// instructions a byte of it (#14).
		for k := i + 1; k < end; {
			b := bytes.IndexByte(h[k:end], '{')
			if b < 0 {
				break
			}
			b += k
			if h[b-1] == ' ' && validJSON(h[b:end]) {
				r.fields = span{int32(b), int32(end)}
				r.fieldsKind = fieldsJSON
				end = b - 1
				break
			}
			k = b + 1
		}
	}
	if c := bytes.IndexByte(h[i:end], ' '); c > 0 && looksLikeGoCaller(h[i:i+c]) {
		r.caller = span{int32(i), int32(i + c)}
		i += c + 1
	}
	r.msg = span{int32(i), int32(end)}
}

// looksLikeGoCaller reports whether b is a caller such as "pkg/file.go:42":
// from the end, the line number's digits, ':' and ".go" before it, then no
// space in b. A column that is not a caller (a logger name, a message)
// mostly fails at its last byte.
func looksLikeGoCaller(b []byte) bool {
	c := len(b) - 1
	for c >= 0 && isDigit(b[c]) {
		c--
	}
	return c >= 4 && c < len(b)-1 && b[c] == ':' && b[c-3] == '.' && b[c-2] == 'g' && b[c-1] == 'o' &&
		bytes.IndexByte(b, ' ') < 0
}

// scanZapTime recognises zap's time encoders at the start of h: ISO8601,
// RFC3339 and RFC3339Nano ("2006-01-02T15:04:05[.frac](Z|±07:00|±0700)") and
// the epoch encoders (float seconds or millis printed with %v, so possibly in
// scientific notation, or integer nanos). It returns the token end and kind.
func scanZapTime(h []byte) (int, uint8) {
	if e := scanRFC3339(h, 0, true); e > 0 {
		return e, timeRFC3339
	}
	i := 0
	for i < len(h) && isDigit(h[i]) {
		i++
	}
	intDigits := i
	if intDigits == 0 {
		return 0, timeNone
	}
	if i < len(h) && h[i] == '.' {
		i++
		fs := i
		for i < len(h) && isDigit(h[i]) {
			i++
		}
		if i == fs {
			return 0, timeNone
		}
	}
	if i < len(h) && (h[i] == 'e' || h[i] == 'E') {
		i++
		if i < len(h) && (h[i] == '+' || h[i] == '-') {
			i++
		}
		es := i
		for i < len(h) && isDigit(h[i]) {
			i++
		}
		if i == es {
			return 0, timeNone
		}
	} else if intDigits < 9 {
		// Without an exponent an epoch has at least 9 integer digits (seconds
		// since 2001); shorter numbers are more likely counters or sizes.
		return 0, timeNone
	}
	return i, timeEpoch
}

// scanRFC3339 returns the end of "YYYY-MM-DD[T ]hh:mm:ss[.frac][zone]" at
// h[i], or 0. needZoneOrT requires the 'T' separator (zap, where a space
// would be ambiguous with the column separator); otherwise a space is allowed.
func scanRFC3339(h []byte, i int, needT bool) int {
	if len(h)-i < 19 {
		return 0
	}
	b := h[i:]
	// Two eight-byte loads check "YYYY-MM-" and "hh:mm:ss" at once (see
	// digitsAt): every record's time is scanned (AppendUTC checks the
	// same two words again, in line).
	date, clock := binary.LittleEndian.Uint64(b), binary.LittleEndian.Uint64(b[11:])
	if !digitsAt(date, 0x00ffff00ffffffff) || date&0xff0000ff00000000 != 0x2d00002d00000000 ||
		!isDigit(b[8]) || !isDigit(b[9]) || !(b[10] == 'T' || (!needT && b[10] == ' ')) ||
		!digitsAt(clock, 0xffff00ffff00ffff) || clock&0x0000ff0000ff0000 != 0x00003a00003a0000 {
		return 0
	}
	j := 19
	if j < len(b) && (b[j] == '.' || b[j] == ',') {
		j++
		fs := j
		for j < len(b) && isDigit(b[j]) {
			j++
		}
		if j == fs {
			return 0
		}
	}
	if j < len(b) {
		switch b[j] {
		case 'Z':
			j++
		case '+', '-':
			// ±hh:mm or ±hhmm
			if len(b)-j >= 6 && isDigit(b[j+1]) && isDigit(b[j+2]) && b[j+3] == ':' && isDigit(b[j+4]) && isDigit(b[j+5]) {
				j += 6
			} else if len(b)-j >= 5 && isDigit(b[j+1]) && isDigit(b[j+2]) && isDigit(b[j+3]) && isDigit(b[j+4]) {
				j += 5
			}
		}
	}
	return i + j
}
