package parser

import (
	"bytes"
	"encoding/binary"
	"math/bits"
)

// logfmt as go-kit, go-logfmt and slog's TextHandler write it: key=value
// pairs separated by one space; keys are bare or (slog) quoted when they need
// it; values are bare up to the next space or a quoted string.

// pair is one scanned key=value: byte offsets into the line.
type pair struct {
	ks, ke, vs, ve int
	keyQuoted      bool
	valQuoted      bool
}

// nextPair scans the pair at b[i] (after spaces) and returns it and the index
// after it; ok is false when b[i:] is not a pair.
func nextPair(b []byte, i int) (p pair, next int, ok bool) {
	for i < len(b) && b[i] == ' ' {
		i++
	}
	if i >= len(b) {
		return p, i, false
	}
	if b[i] == '"' {
		e := skipGoString(b, i)
		if e < 0 || e >= len(b) || b[e] != '=' {
			return p, i, false
		}
		p.ks, p.ke, p.keyQuoted = i, e, true
		i = e
	} else {
		// Keys are short and prose words end at a space: a byte loop that
		// stops at the first of '=', ' ' and '"' decides sooner than a
		// search for '=' that runs on through the words after it.
		s := i
		for i < len(b) && b[i] != '=' {
			if b[i] == ' ' || b[i] == '"' {
				return p, s, false
			}
			i++
		}
		if i == s || i == len(b) {
			return p, s, false
		}
		p.ks, p.ke = s, i
	}
	i++ // '='
	p.vs, p.valQuoted = i, i < len(b) && b[i] == '"'
	if p.ve = pairValueEnd(b, i); p.ve < 0 {
		return p, i, false
	}
	return p, p.ve, true
}

// pairValueEnd returns the end of the logfmt value at b[i] (quoted or bare),
// or -1 when something other than a space follows it.
func pairValueEnd(b []byte, i int) int {
	if i < len(b) && b[i] == '"' {
		if i = skipGoString(b, i); i < 0 {
			return -1
		}
	} else {
		if k := indexBareEnd(b, i); k >= 0 {
			i = k
		} else {
			i = len(b)
		}
	}
	if i < len(b) && b[i] != ' ' {
		return -1
	}
	return i
}

func (p pair) valueKind() uint8 {
	if p.valQuoted {
		return kindGoQuoted
	}
	return kindText
}

// parseLogfmt recognises slog's TextHandler (time=… level=INFO msg=…) and
// go-kit's logfmt (level=info ts=… caller=… msg=…, level anywhere among the
// first pairs). A logfmt line without a level key is not claimed: it carries
// no level to recover.
//
// Cheap rejection of prose and stack frames, which have no '=' near their
// start (a logfmt line opens with a short key and '='), happens here, small
// enough to inline into parseHeader: the lines it rejects (most lines that
// open with a lower-case letter, a Go or zap stack's frames among them)
// pay neither a call nor parseLogfmtPairs's frame. A line that opens with
// a header key (the common case) needs no search.
func parseLogfmt(h []byte, r *Record) bool {
	// opensWithHeaderKey written out: its word loaded once, the first
	// byte taken from it (a load of h[0] of its own makes the compiler
	// assemble the word a byte at a time).
	if len(h) >= 8 {
		w := binary.LittleEndian.Uint64(h)
		if byte(w) != '"' {
			if _, n := headerKeyWord(w); n == 0 && !hasEqNear(h) {
				return false
			}
		}
	} else if len(h) > 0 && h[0] != '"' && !hasEqNear(h) {
		return false
	}
	return parseLogfmtPairs(h, r)
}

// eqBeforeSpace reports whether the first '=' in h's first 65 bytes comes
// after its first byte and before sp, the line's first space (-1 when it
// has none). For a line that opens with neither a quote nor a space, it is
// parseLogfmt's test: parseLogfmtPairs takes no line whose first '=' does
// not come before the first space (a header key's neither), and
// hasEqNear's 65 bytes still bound the search. parseHeader's case for the
// lower-case letters knows the space from its other attempts, and the
// lines it rejects (Go stack frames mostly) are spared headerKeyWord and
// a call (#14).
func eqBeforeSpace(h []byte, sp int) bool {
	return bytes.IndexByte(h[:min(uint(sp), uint(len(h)), 65)], '=') > 0
}

// hasEqNear reports whether h has a '=' in its bytes 1 to 64. A vector
// search: on a line without one (the lines rejected) it reads all 65
// bytes, which eight-byte words took some 200 instructions to do.
func hasEqNear(h []byte) bool {
	return bytes.IndexByte(h[:min(len(h), 65)], '=') > 0
}

// parseLogfmtPairs is parseLogfmt once the line has a '=' near its start or
// opens with a header key or a quote.
func parseLogfmtPairs(h []byte, r *Record) bool {
	// The header pairs are scanned here rather than through nextPair: this
	// runs on every logfmt line, and a call per pair returning a pair
	// struct cost more than the scanning itself. Values are spans with
	// their quotes.
	// The first value of each header key, indexed by the key's kind as
	// parseJSONLine does: a store by index, not a switch that mispredicts
	// as the key order changes from line to line. seen and quoted have a
	// bit per kind (keyOther's is scratch).
	var vals [8]span
	var seen, quoted uint8
	const need = 1<<keyTime | 1<<keyLevel | 1<<keyMsg
	// The fields start after the leading pairs the header consumes (pre:
	// their end), which eachLogfmtRest and its copy would only step over
	// again; preTime is pre before the time pair, should its value read
	// as no time and stay among the fields.
	pre, preTime, inPre := 0, -1, true
	i := 0
	for n := 0; i < len(h); n++ {
		// The level must be among the first six pairs (the pipeline's
		// grok rule skips at most five); msg may come later, after the
		// pairs a go-kit log.With put first (Prometheus's notifier:
		// component, alertmanager, count, then msg), so a line with a
		// level and no msg yet goes on looking for it.
		if n >= 6 && seen&(1<<keyLevel|1<<keyMsg) != 1<<keyLevel {
			break
		}
		for i < len(h) && h[i] == ' ' {
			i++
		}
		ks := i
		ok := false
		key := keyOther
		switch {
		case i >= len(h):
		case h[i] == '"':
			e := skipGoString(h, i)
			ok = e >= 0 && e < len(h) && h[e] == '='
			i = e
			if ok {
				key = headerKeyOf(h[ks:i])
			}
		default:
			if i+8 <= len(h) {
				// The header keys are known words: one eight-byte load
				// decides most of them without a byte loop or a string
				// switch.
				if k, kl := headerKeyWord(binary.LittleEndian.Uint64(h[i : i+8])); kl > 0 {
					i += kl
					ok, key = true, k
					break
				}
			}
			for i < len(h) && h[i] != '=' && h[i] != ' ' && h[i] != '"' {
				i++
			}
			ok = i > ks && i < len(h) && h[i] == '='
			if ok {
				key = headerKeyOf(h[ks:i])
			}
		}
		if !ok {
			if n == 0 {
				return false
			}
			break
		}
		i++ // '='
		vs := i
		q := i < len(h) && h[i] == '"'
		if q {
			if i = skipGoString(h, i); i < 0 {
				if n == 0 {
					return false
				}
				break
			}
		} else if k := indexBareEnd(h, i); k >= 0 {
			i = k
		} else {
			i = len(h)
		}
		if i < len(h) && h[i] != ' ' {
			if n == 0 {
				return false
			}
			break
		}
		if bit := uint8(1) << (key & 7); seen&bit == 0 {
			vals[key&7] = span{int32(vs), int32(i)}
			seen |= bit
			if q {
				quoted |= bit
			}
			if key == keyTime && inPre {
				preTime = pre
			}
		} else {
			inPre = false // a repeated key stays among the fields
		}
		if key == keyOther {
			inPre = false
		}
		if inPre {
			pre = i
		}
		// Stop once the header keys are found; slog writes source before
		// msg, so after its msg only attributes follow.
		if seen&need == need && (seen&(1<<keyCaller) != 0 || (!vals[keyLevel].empty() && isUpper(h[vals[keyLevel].start]))) {
			break
		}
	}
	if seen&(1<<keyLevel) == 0 {
		return true // a logfmt record without a level: it starts here, nothing to claim
	}
	lvlV := vals[keyLevel]
	word := h[lvlV.start:lvlV.end]
	if quoted&(1<<keyLevel) != 0 && len(word) >= 2 {
		word = word[1 : len(word)-1]
	}
	// slog writes its level under "level" only; the same words under
	// another key (LEVEL=INFO, severity=ERROR) are some other logfmt
	// writer's.
	lvl, ok := LevelUnknown, false
	if s := lvlV.start; s >= 6 && string(h[s-6:s]) == "level=" {
		lvl, ok = slogLevel(word)
	}
	format := FormatSlog
	if !ok {
		if lvl, ok = wordLevel(word); !ok {
			return false
		}
		format = FormatGokit
	}
	r.Format, r.Level = format, lvl
	r.lvl = lvlV
	if seen&(1<<keyTime) != 0 {
		ts := vals[keyTime]
		if quoted&(1<<keyTime) != 0 {
			ts.start++
			ts.end--
		}
		// A value that reads as no time stays among the fields rather
		// than vanish.
		if kind, ok := logfmtTimeKind(h[ts.start:ts.end]); ok {
			r.time, r.timeKind = ts, kind
		} else if preTime >= 0 {
			pre = preTime
		}
	}
	if seen&(1<<keyMsg) != 0 {
		r.msg = vals[keyMsg]
		if quoted&(1<<keyMsg) != 0 {
			r.msgKind = kindGoQuoted
		}
	} else {
		r.msg = span{int32(len(h)), int32(len(h))}
	}
	r.caller = vals[keyCaller]
	r.fields = span{int32(pre), int32(len(h))}
	r.fieldsKind = fieldsLogfmtRest
	return true
}

// logfmtTimeKind tells how a logfmt time value is written: as a JSON time
// string is (jsonTimeKind), or as a number of seconds, milli-, micro- or
// nanoseconds (timeEpoch). ok is false for anything else.
func logfmtTimeKind(v []byte) (uint8, bool) {
	if kind, ok := jsonTimeKind(v); ok {
		return kind, true
	}
	if len(v) == 0 || !isDigit(v[0]) {
		return timeNone, false
	}
	dot := false
	for _, c := range v {
		switch {
		case isDigit(c):
		case c == '.' && !dot:
			dot = true
		default:
			return timeNone, false
		}
	}
	return timeEpoch, true
}

// headerKeyOf tells which logfmt header key k (without its quotes) is, in
// the terms of jsonKey.
func headerKeyOf(k []byte) uint8 {
	switch string(k) {
	case "time", "ts", "t":
		// "t" is log15's (and go-ethereum's) time key.
		return keyTime
	case "level", "lvl", "severity", "loglevel", "LEVEL", "SeverityText":
		// The level keys other tools' level detection knows besides
		// go-kit's and slog's: log15's lvl, severity (GCP-style),
		// loglevel, an upper-case LEVEL, OpenTelemetry's SeverityText.
		return keyLevel
	case "msg", "message":
		return keyMsg
	case "caller", "source":
		return keyCaller
	}
	return keyOther
}

// Header keys with their '=' as little-endian words, and the masks that
// keep a key's bytes of an eight-byte load.
const (
	wT       = uint64('t') | uint64('=')<<8
	wTs      = uint64('t') | uint64('s')<<8 | uint64('=')<<16
	wTime    = uint64('t') | uint64('i')<<8 | uint64('m')<<16 | uint64('e')<<24 | uint64('=')<<32
	wLevel   = uint64('l') | uint64('e')<<8 | uint64('v')<<16 | uint64('e')<<24 | uint64('l')<<32 | uint64('=')<<40
	wLvl     = uint64('l') | uint64('v')<<8 | uint64('l')<<16 | uint64('=')<<24
	wLEVEL   = uint64('L') | uint64('E')<<8 | uint64('V')<<16 | uint64('E')<<24 | uint64('L')<<32 | uint64('=')<<40
	wMsg     = uint64('m') | uint64('s')<<8 | uint64('g')<<16 | uint64('=')<<24
	wMessage = uint64('m') | uint64('e')<<8 | uint64('s')<<16 | uint64('s')<<24 | uint64('a')<<32 | uint64('g')<<40 | uint64('e')<<48 | uint64('=')<<56
	wCaller  = uint64('c') | uint64('a')<<8 | uint64('l')<<16 | uint64('l')<<24 | uint64('e')<<32 | uint64('r')<<40 | uint64('=')<<48
	wSource  = uint64('s') | uint64('o')<<8 | uint64('u')<<16 | uint64('r')<<24 | uint64('c')<<32 | uint64('e')<<40 | uint64('=')<<48

	mask2 = 1<<16 - 1
	mask3 = 1<<24 - 1
	mask4 = 1<<32 - 1
	mask5 = 1<<40 - 1
	mask6 = 1<<48 - 1
	mask7 = 1<<56 - 1
)

// opensWithHeaderKey reports whether h starts with a header key and its '='.
func opensWithHeaderKey(h []byte) bool {
	if len(h) < 8 {
		return false
	}
	_, n := headerKeyWord(binary.LittleEndian.Uint64(h))
	return n > 0
}

// headerKeyWord recognises a header key and its '=' at the start of w, the
// line's next eight bytes. It returns the key and its length without the
// '=', or n == 0 for any other key.
func headerKeyWord(w uint64) (key uint8, n int) {
	switch byte(w) {
	case 'l':
		if w&mask6 == wLevel {
			return keyLevel, 5
		}
		if w&mask4 == wLvl {
			return keyLevel, 3
		}
	case 'L':
		if w&mask6 == wLEVEL {
			return keyLevel, 5
		}
	case 't':
		if w&mask3 == wTs {
			return keyTime, 2
		}
		if w&mask2 == wT {
			return keyTime, 1
		}
		if w&mask5 == wTime {
			return keyTime, 4
		}
	case 'm':
		if w&mask4 == wMsg {
			return keyMsg, 3
		}
		if w == wMessage {
			return keyMsg, 7
		}
	case 'c':
		if w&mask7 == wCaller {
			return keyCaller, 6
		}
	case 's':
		if w&mask7 == wSource {
			return keyCaller, 6
		}
	}
	return keyOther, 0
}

// eachLogfmtRest walks all pairs except the ones the header already
// consumed (time, level, message, caller), in order. Text that stops
// parsing as pairs is reported whole.
func (r *Record) eachLogfmtRest(b []byte, base int, fn func(Field) bool) {
	i := 0
	for i < len(b) {
		p, next, ok := nextPair(b, i)
		if !ok {
			rest(b[i:], fn)
			return
		}
		i = next
		if r.consumedPair(int32(base + p.vs)) {
			continue
		}
		f := Field{key: b[p.ks:p.ke], value: b[p.vs:p.ve], valueKind: p.valueKind()}
		if p.keyQuoted {
			f.keyKind = kindGoQuoted
		}
		if !fn(f) {
			return
		}
	}
}

// consumedPair reports whether the pair whose value starts at offset vs of
// the text is one the header consumed: the time, level, message or caller.
// eachLogfmtRest and its copy for the encoder (appendPlainLogfmtRest) both
// ask it, so that they leave out the same pairs.
func (r *Record) consumedPair(vs int32) bool {
	// A quoted level (logrus's ForceQuote) or time starts after its quote.
	return vs == r.lvl.start || vs+1 == r.lvl.start || vs == r.msg.start || vs == r.caller.start || vs == r.time.start || vs+1 == r.time.start
}

// parseStdlog recognises slog's default handler, which writes through package
// log: "2006/01/02 15:04:05[.000000] [file.go:12: ]LEVEL msg k=v". Plain
// log.Printf lines carry no level and are not claimed.
func parseStdlog(h []byte, r *Record) bool {
	if len(h) < 21 || h[4] != '/' || h[7] != '/' || h[10] != ' ' || h[13] != ':' || h[16] != ':' {
		return false
	}
	for _, k := range [...]int{0, 1, 2, 3, 5, 6, 8, 9, 11, 12, 14, 15, 17, 18} {
		if !isDigit(h[k]) {
			return false
		}
	}
	i := 19
	if h[i] == '.' {
		i++
		for i < len(h) && isDigit(h[i]) {
			i++
		}
	}
	tEnd := i
	if i >= len(h) || h[i] != ' ' {
		return false
	}
	i++
	var caller span
	// Lshortfile / Llongfile: "file.go:12: "
	// The caller is the first word when that word ends in ':'.
	if c := bytes.IndexByte(h[i:], ' ') - 1; c > 0 && h[i+c] == ':' && looksLikeCaller(h[i:i+c]) {
		caller = span{int32(i), int32(i + c)}
		i += c + 2
	}
	// Gitea's "file.go:12:func() [I] ": a caller ending in "()".
	if caller.empty() && i < len(h) && h[i] != '[' {
		if parseGitea(h, tEnd, i, r) {
			return true
		}
	}
	// Beego's "[D] [file.go:12]  msg", its level's letter in colour or not.
	if caller.empty() && i+3 < len(h) && (h[i] == 0x1b || h[i] == '[' && h[i+2] == ']') && parseBeego(h, tEnd, i, r) {
		return true
	}
	// NATS's level coloured inside its brackets, "[ESC[32mINFESC[0m] ":
	// its plain "[INF] " is logutils' layout.
	if caller.empty() && i+1 < len(h) && h[i] == '[' && h[i+1] == 0x1b && parseNATSLevel(h, i, r) {
		r.time, r.timeKind = span{0, int32(tEnd)}, timeStdlog
		return true
	}
	if i < len(h) && h[i] == '[' {
		// nginx's error log: "[notice] 1#1: " in lower case, no caller.
		if caller.empty() && i+1 < len(h) && 'a' <= h[i+1] && h[i+1] <= 'z' && parseNginx(h, tEnd, i, r) {
			return true
		}
		return parseLogutilsLevel(h, tEnd, caller, i, r)
	}
	ls := i
	for i < len(h) && h[i] != ' ' {
		i++
	}
	lvl, ok := slogLevel(h[ls:i])
	if !ok {
		// Plain log.Printf: a record starts here, with no level. It takes
		// no continuation lines: a head without a level has nothing to
		// lend them, and the lines that follow such a line in the wild are
		// mostly other writers' (Gin's "[GIN-debug]" routes, fmt.Println
		// banners), which keep their own identity as records of their own.
		return true
	}
	// slog's default handler writes messages raw through package log, so
	// a multi-line one continues on lines of its own.
	r.rawCont = true
	r.Format, r.Level = FormatSlog, lvl
	r.lvl = span{int32(ls), int32(i)}
	r.time, r.timeKind = span{0, int32(tEnd)}, timeStdlog
	r.caller = caller
	if i < len(h) {
		i++
	}
	end := trailingPairs(h, i)
	r.msg = span{int32(i), int32(trimRightSpace(h, i, end))}
	if end < len(h) {
		r.fields = span{int32(end), int32(len(h))}
		r.fieldsKind = fieldsLogfmtRest
	}
	return true
}

// trailingPairs returns where a run of key=value pairs that lasts to the end
// of h begins, at a space boundary at or after start, or len(h). Loggers that
// print an unquoted message before their pairs (slog's default handler,
// zerolog's console) leave no other mark of where the message ends. One pass:
// a token that is not a pair restarts the run after it.
func trailingPairs(h []byte, start int) int {
	run := -1
	i := start
	for i < len(h) {
		j := i
		if run < 0 {
			// Words of the message carry neither '=' nor '"', and each
			// would only restart the run: jump over all of them at once.
			var p int
			if i, p = nextPairCandidateAt(h, i); i >= len(h) {
				return len(h)
			}
			run = i
			// The jump found the token's first '=' or '"', p, when the
			// token starts at i; a space at i ends the scan below at
			// once. The key is not scanned again (#14).
			j = i
			if h[i] != ' ' {
				j = p
			}
		} else {
			// Most tokens before the pairs are words of the message: one
			// that reaches a space or the end before any '=' or '"' is
			// no pair.
			for j < len(h) && h[j] != ' ' && h[j] != '=' && h[j] != '"' {
				j++
			}
		}
		if j > i && (j == len(h) || h[j] == ' ') {
			if j == len(h) {
				return len(h)
			}
			run = -1
			i = j + 1
			continue
		}
		next, ok := -1, false
		if j > i && h[j] == '=' { // the key is already scanned
			next = pairValueEnd(h, j+1)
			ok = next >= 0
		} else {
			_, next, ok = nextPair(h, i)
		}
		if ok {
			i = next
			for i < len(h) && h[i] == ' ' {
				i++
			}
			continue
		}
		run = -1
		k := bytes.IndexByte(h[i:], ' ')
		if k < 0 {
			return len(h)
		}
		i += k + 1
	}
	if run < 0 {
		return len(h)
	}
	return run
}

// nextPairCandidate returns where trailingPairs' token loop, started at i,
// would arrive at the first token holding a '=' or '"' after skipping the
// plain words before it (len(h) when there is none). Such a token starts
// after a space; the loop arrives one past the first space of the run of
// spaces before it, since it steps over a word and one space at a time.
func nextPairCandidate(h []byte, i int) int {
	s, _ := nextPairCandidateAt(h, i)
	return s
}

// nextPairCandidateAt is nextPairCandidate that also returns where it found
// the first '=' or '"' at or after i (p, len(h) when there is none): the
// token that starts at the index returned, unless a space is there, ends
// its scan for one of ' ', '=' and '"' at p.
func nextPairCandidateAt(h []byte, i int) (s, p int) {
	// The eight-bytes-at-a-time search for '=' or '"' is written out
	// rather than called: this runs once per logfmt-tailed line, and as
	// a function call it measured hclog 7-9% and zerolog 3-8% slower.
	p = i
	for ; p+8 <= len(h); p += 8 {
		x := binary.LittleEndian.Uint64(h[p : p+8])
		e, q := x^('='*swarOnes), x^('"'*swarOnes)
		if m := ((e-swarOnes)&^e | (q-swarOnes)&^q) & swarHigh; m != 0 {
			p += bits.TrailingZeros64(m) / 8
			goto found
		}
	}
	for ; p < len(h); p++ {
		if h[p] == '=' || h[p] == '"' {
			goto found
		}
	}
	return len(h), len(h)
found:
	t := p
	for t > i && h[t-1] != ' ' {
		t--
	}
	s = t
	for s > i && h[s-1] == ' ' {
		s--
	}
	if s == i {
		return i, p
	}
	return s + 1, p
}

func isUpper(c byte) bool { return 'A' <= c && c <= 'Z' }

func isLetter(c byte) bool { return 'a' <= c|0x20 && c|0x20 <= 'z' }
