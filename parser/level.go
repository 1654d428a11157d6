package parser

import "encoding/binary"

// Level is a record's severity, reduced to the canonical words that Datadog's
// status remapper reads the same way in every documented version.
type Level uint8

// The canonical levels, lowest to highest. LevelUnknown means the parser could
// not recover a level; callers substitute their own default (see DESIGN.md).
const (
	LevelUnknown Level = iota
	LevelDebug
	LevelInfo
	LevelNotice
	LevelWarning
	LevelError
	LevelCritical
	LevelAlert
	LevelEmergency
)

var levelWords = [...]string{"", "debug", "info", "notice", "warning", "error", "critical", "alert", "emergency"}

// String returns the canonical word ("info", "warning", …), or "" for LevelUnknown.
func (l Level) String() string {
	if int(l) < len(levelWords) {
		return levelWords[l]
	}
	return ""
}

// ParseLevel maps a canonical word back to its Level. It accepts exactly the
// words String returns; use it for configuration values, not for log text.
func ParseLevel(word string) (Level, bool) {
	for i, w := range levelWords {
		if i > 0 && w == word {
			return Level(i), true
		}
	}
	return LevelUnknown, false
}

// lower folds an ASCII letter to lower case.
func lower(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// foldLetters packs b, of four or five bytes, as wordLevel packs a word:
// little-endian, each byte ORed with 0x20, which maps a byte to a
// lower-case letter only from that letter or its capital. Compared with
// the w8 constants it is eqFold, one compare a word in place of eqFold's
// loop word after word (logrusLevel, zapLevel).
func foldLetters(b []byte) uint64 {
	w := uint64(binary.LittleEndian.Uint32(b) | 0x20202020)
	if len(b) > 4 {
		w |= uint64(b[4]|0x20) << 32
	}
	return w
}

// eqFold reports whether b equals the lower-case ASCII word w, ignoring case.
func eqFold(b []byte, w string) bool {
	if len(b) != len(w) {
		return false
	}
	for i := 0; i < len(b); i++ {
		if lower(b[i]) != w[i] {
			return false
		}
	}
	return true
}

// zapLevel maps zap's level names (any case) to a Level. zap prints levels it
// has no name for as Level(-2) / LEVEL(-2); those come from logr V(n) through
// zapr, so any negative number is debug and any other number is the nearest
// named level at or below it.
func zapLevel(b []byte) (Level, bool) {
	switch len(b) {
	case 4:
		switch foldLetters(b) {
		case w8Info:
			return LevelInfo, true
		case w8Warn:
			return LevelWarning, true
		}
	case 5:
		switch foldLetters(b) {
		case w8Debug:
			return LevelDebug, true
		case w8Error:
			return LevelError, true
		case w8Panic, w8Fatal:
			return LevelCritical, true
		}
	case 6:
		if eqFold(b, "dpanic") {
			return LevelCritical, true
		}
	}
	// Level(N) / LEVEL(N)
	if len(b) > 7 && eqFold(b[:6], "level(") && b[len(b)-1] == ')' {
		n, ok := atoiSigned(b[6 : len(b)-1])
		if !ok {
			return LevelUnknown, false
		}
		switch {
		case n < 0:
			return LevelDebug, true
		case n == 0:
			return LevelInfo, true
		case n == 1:
			return LevelWarning, true
		case n == 2:
			return LevelError, true
		default:
			return LevelCritical, true
		}
	}
	return LevelUnknown, false
}

// logrusLevel maps logrus's level words (text formatter, lower case) and the
// TTY formatter's upper-case forms, truncated to four letters or not.
func logrusLevel(b []byte) (Level, bool) {
	switch len(b) {
	case 4:
		switch foldLetters(b) {
		case w8Info:
			return LevelInfo, true
		case w8Warn:
			return LevelWarning, true
		case w8Trac, w8Debu:
			return LevelDebug, true
		case w8Erro:
			return LevelError, true
		case w8Fata, w8Pani:
			return LevelCritical, true
		}
	case 5:
		switch foldLetters(b) {
		case w8Trace, w8Debug:
			return LevelDebug, true
		case w8Error:
			return LevelError, true
		case w8Fatal, w8Panic:
			return LevelCritical, true
		}
	case 7:
		if eqFold(b, "warning") {
			return LevelWarning, true
		}
	}
	return LevelUnknown, false
}

// atoiSigned parses a short optionally signed decimal without allocating.
func atoiSigned(b []byte) (int, bool) {
	neg := false
	if len(b) > 0 && (b[0] == '-' || b[0] == '+') {
		neg = b[0] == '-'
		b = b[1:]
	}
	if len(b) == 0 || len(b) > 9 {
		return 0, false
	}
	n := 0
	for _, c := range b {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	if neg {
		n = -n
	}
	return n, true
}

// wordLevel maps the level words and abbreviations that generic loggers
// use (JSON level keys, bracketed prefixes, hclog, zerolog) in any case.
func wordLevel(b []byte) (Level, bool) {
	if len(b) > 8 {
		switch {
		case eqFold(b, "emergency"):
			return LevelEmergency, true
		case eqFold(b, "information"):
			return LevelInfo, true
		}
		return LevelUnknown, false
	}
	// The word folded to lower case in one integer, compared with each
	// level word at once: a level is looked up on every logfmt and JSON
	// line. OR-ing 0x20 lowers exactly the letters and turns no other byte
	// into one, and no byte becomes zero, so length is kept too.
	var w uint64
	if cap(b) >= 8 {
		// The word usually sits in a longer line: one load of the eight
		// bytes from its start, masked to its length, replaces the byte
		// loop (the bytes past len(b) are the line's own, never written).
		// (A shift by 64, for the empty word, gives 0 in Go.)
		m := ^uint64(0) >> (64 - 8*uint(len(b)))
		w = (binary.LittleEndian.Uint64(b[:8]) | 0x20*swarOnes) & m
	} else {
		for i, c := range b {
			w |= uint64(c|0x20) << (8 * i)
		}
	}
	switch w {
	case w8Trc, w8Dbg, w8Trace, w8Debug:
		return LevelDebug, true
	case w8Inf, w8Info:
		return LevelInfo, true
	case w8Wrn, w8Warn, w8Warning:
		return LevelWarning, true
	case w8Err, w8Error:
		return LevelError, true
	case w8Ftl, w8Pnc, w8Crit, w8Fatal, w8Panic, w8Dpanic, w8Critical:
		return LevelCritical, true
	case w8Alert:
		return LevelAlert, true
	case w8Emerg:
		return LevelEmergency, true
	case w8Notice:
		return LevelNotice, true
	case w8Dbug, w8Trce:
		// log15's and go-ethereum's four-letter words (dbug, trce…).
		return LevelDebug, true
	case w8Eror:
		return LevelError, true
	}
	return otelLevel(b)
}

// otelLevel maps OpenTelemetry's numbered severity names (TRACE2, INFO4,
// ERROR3…: SeverityText for SeverityNumber 1-24) to the level of their
// name; each name's four numbers share its level.
func otelLevel(b []byte) (Level, bool) {
	n := len(b)
	if n < 3 || b[n-1] < '2' || b[n-1] > '4' {
		return LevelUnknown, false
	}
	switch {
	case eqFold(b[:n-1], "trace"), eqFold(b[:n-1], "debug"):
		return LevelDebug, true
	case eqFold(b[:n-1], "info"):
		return LevelInfo, true
	case eqFold(b[:n-1], "warn"):
		return LevelWarning, true
	case eqFold(b[:n-1], "error"):
		return LevelError, true
	case eqFold(b[:n-1], "fatal"):
		return LevelCritical, true
	}
	return LevelUnknown, false
}

// The level words as wordLevel folds them: byte i at bits 8i.
const (
	w8Trc      = 't' | 'r'<<8 | 'c'<<16
	w8Dbg      = 'd' | 'b'<<8 | 'g'<<16
	w8Trace    = 't' | 'r'<<8 | 'a'<<16 | 'c'<<24 | 'e'<<32
	w8Debug    = 'd' | 'e'<<8 | 'b'<<16 | 'u'<<24 | 'g'<<32
	w8Inf      = 'i' | 'n'<<8 | 'f'<<16
	w8Info     = 'i' | 'n'<<8 | 'f'<<16 | 'o'<<24
	w8Wrn      = 'w' | 'r'<<8 | 'n'<<16
	w8Warn     = 'w' | 'a'<<8 | 'r'<<16 | 'n'<<24
	w8Warning  = 'w' | 'a'<<8 | 'r'<<16 | 'n'<<24 | 'i'<<32 | 'n'<<40 | 'g'<<48
	w8Err      = 'e' | 'r'<<8 | 'r'<<16
	w8Error    = 'e' | 'r'<<8 | 'r'<<16 | 'o'<<24 | 'r'<<32
	w8Ftl      = 'f' | 't'<<8 | 'l'<<16
	w8Pnc      = 'p' | 'n'<<8 | 'c'<<16
	w8Crit     = 'c' | 'r'<<8 | 'i'<<16 | 't'<<24
	w8Fatal    = 'f' | 'a'<<8 | 't'<<16 | 'a'<<24 | 'l'<<32
	w8Panic    = 'p' | 'a'<<8 | 'n'<<16 | 'i'<<24 | 'c'<<32
	w8Dpanic   = 'd' | 'p'<<8 | 'a'<<16 | 'n'<<24 | 'i'<<32 | 'c'<<40
	w8Critical = 'c' | 'r'<<8 | 'i'<<16 | 't'<<24 | 'i'<<32 | 'c'<<40 | 'a'<<48 | 'l'<<56
	w8Alert    = 'a' | 'l'<<8 | 'e'<<16 | 'r'<<24 | 't'<<32
	w8Emerg    = 'e' | 'm'<<8 | 'e'<<16 | 'r'<<24 | 'g'<<32
	w8Notice   = 'n' | 'o'<<8 | 't'<<16 | 'i'<<24 | 'c'<<32 | 'e'<<40
	w8Dbug     = 'd' | 'b'<<8 | 'u'<<16 | 'g'<<24
	w8Trce     = 't' | 'r'<<8 | 'c'<<16 | 'e'<<24
	w8Eror     = 'e' | 'r'<<8 | 'o'<<16 | 'r'<<24
	// logrus's TTY form truncates its level words to four letters.
	w8Trac = 't' | 'r'<<8 | 'a'<<16 | 'c'<<24
	w8Debu = 'd' | 'e'<<8 | 'b'<<16 | 'u'<<24
	w8Erro = 'e' | 'r'<<8 | 'r'<<16 | 'o'<<24
	w8Fata = 'f' | 'a'<<8 | 't'<<16 | 'a'<<24
	w8Pani = 'p' | 'a'<<8 | 'n'<<16 | 'i'<<24
)

// capitalLevel maps DEBUG, INFO, WARN and ERROR, the words slog, logback
// and log4j2 share.
func capitalLevel(b []byte) (Level, bool) {
	switch string(b) {
	case "DEBUG":
		return LevelDebug, true
	case "INFO":
		return LevelInfo, true
	case "WARN":
		return LevelWarning, true
	case "ERROR":
		return LevelError, true
	}
	return LevelUnknown, false
}

// slogLevel maps slog's level text: DEBUG, INFO, WARN, ERROR, optionally
// followed by an offset ("INFO+2", "DEBUG-4", "DEBUG+3" for level -1). The
// numeric level is base+offset (DEBUG -4, INFO 0, WARN 4, ERROR 8), and it
// maps to the nearest named level at or below it.
func slogLevel(b []byte) (Level, bool) {
	// slog writes its levels in capitals: go-kit's lower-case words, the
	// usual case on a logfmt line, leave at once.
	if len(b) == 0 || !isUpper(b[0]) {
		return LevelUnknown, false
	}
	// The plain words first: offsets are rare, and looking for one costs a
	// scan of the word.
	if l, ok := capitalLevel(b); ok {
		return l, true
	}
	base := b
	off := 0
	if i := indexAny2(b, '+', '-'); i > 0 {
		n, ok := atoiSigned(b[i:])
		if !ok {
			return LevelUnknown, false
		}
		base, off = b[:i], n
	}
	var v int
	switch string(base) { // no allocation: the compiler compares in place
	case "DEBUG":
		v = -4
	case "INFO":
		v = 0
	case "WARN":
		v = 4
	case "ERROR":
		v = 8
	default:
		return LevelUnknown, false
	}
	switch v += off; {
	case v < 0:
		return LevelDebug, true
	case v < 4:
		return LevelInfo, true
	case v < 8:
		return LevelWarning, true
	}
	return LevelError, true
}

func indexAny2(b []byte, c1, c2 byte) int {
	for i, c := range b {
		if c == c1 || c == c2 {
			return i
		}
	}
	return -1
}

// numericLevel maps numeric levels: Bunyan/pino (10 trace … 60 fatal) and
// syslog severities (0 emergency … 7 debug).
func numericLevel(n int) (Level, bool) {
	switch {
	case n >= 0 && n <= 7:
		return [...]Level{LevelEmergency, LevelAlert, LevelCritical, LevelError, LevelWarning, LevelNotice, LevelInfo, LevelDebug}[n], true
	case n == 10 || n == 20:
		return LevelDebug, true
	case n == 30:
		return LevelInfo, true
	case n == 40:
		return LevelWarning, true
	case n == 50:
		return LevelError, true
	case n == 60:
		return LevelCritical, true
	}
	return LevelUnknown, false
}

// npmLevel maps the words of winston's npm level set that no other logger
// uses: http (between info and verbose), verbose and silly, below debug.
func npmLevel(b []byte) (Level, bool) {
	switch {
	case eqFold(b, "http"):
		return LevelInfo, true
	case eqFold(b, "verbose"), eqFold(b, "silly"):
		return LevelDebug, true
	}
	return LevelUnknown, false
}
