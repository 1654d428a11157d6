package parser

import "bytes"

// winston's text formats (Node), "${level}: ${message}" with the record's
// other properties appended as JSON:
//
//	info: request served {"ms":12,"status":200}
//	ESC[32minfo ESC[39m:    request served
//
// format.simple() writes the first; format.cli() colours the level and pads
// it to the longest level's width, and format.colorize() + simple() colours
// it unpadded. The words are those of winston's npm levels (error warn info
// http verbose debug silly) and of winston.config.syslog.levels (emerg alert
// crit error warning notice info debug). A message with line breaks
// continues on lines of its own.
//
// The uncoloured form is a bare word and a colon: plain stderr lines of
// other programs have that shape too ("error: failed to load config: …",
// Go's net/http "http: TLS handshake error from …"). Those two words are
// therefore claimed uncoloured only with the JSON object simple() appends
// when the record has properties (an error logged with format.errors()
// carries its stack there); without it such a line starts a record without
// a level. Coloured, the level's escape codes make every word exact.

// winstonLevel maps winston's npm and syslog level words (lower case, as
// winston writes them).
func winstonLevel(b []byte) (Level, bool) {
	// The syslog words are nginx's but for "warning"; npm adds three.
	switch string(b) {
	case "verbose", "silly":
		return LevelDebug, true
	case "http":
		return LevelInfo, true
	case "warning":
		return LevelWarning, true
	}
	return nginxLevel(b)
}

// parseWinston recognises a line of format.simple(), format.cli() or
// colorize + simple.
func parseWinston(h []byte, r *Record) bool {
	ls := skipSGR(h, 0)
	coloured := ls > 0
	if !coloured && !levelColon(h) {
		return false // before the level is read: most lines are not winston's
	}
	le := ls
	for le < len(h) && le-ls < 8 && 'a' <= h[le] && h[le] <= 'z' {
		le++
	}
	lvl, ok := winstonLevel(h[ls:le])
	if !ok {
		return false
	}
	c := le
	if coloured {
		if c = skipSGR(h, le); c == le {
			return false
		}
	}
	if c >= len(h) || h[c] != ':' {
		return false
	}
	m := c + 1
	if !coloured {
		// simple() writes one space, padLevels() more; the colourless
		// line has nothing else to tell it from prose.
		if m >= len(h) || h[m] != ' ' {
			return false
		}
		if (lvl == LevelError || le-ls == 4 && h[ls] == 'h') && !endsWithJSONObject(h, m) {
			// Any program's "error: …" line: a record of its own
			// without a level, as package log's plain lines are, so
			// that it joins no record before it.
			return true
		}
	}
	for m < len(h) && h[m] == ' ' {
		m++
	}
	r.Format, r.Level = FormatWinston, lvl
	r.lvl = span{int32(ls), int32(le)}
	r.msg = span{int32(m), int32(len(h))}
	r.rawCont = true
	return true
}

// levelColon reports whether h has a ':' where a colourless level word of
// winston's, four to seven letters, would end.
func levelColon(h []byte) bool {
	n := len(h)
	return n > 4 && (h[4] == ':' || n > 5 && (h[5] == ':' || n > 6 && (h[6] == ':' || n > 7 && h[7] == ':')))
}

// skipSGR skips one or more ANSI colour codes (ESC [ digits ; … m) at i.
func skipSGR(h []byte, i int) int {
	for {
		j := skipCSI(h, i)
		if j == i {
			return i
		}
		i = j
	}
}

// endsWithJSONObject reports whether h, after i, ends with " {…}": a JSON
// object as format.simple() appends one, checked from each " {" on.
func endsWithJSONObject(h []byte, i int) bool {
	if len(h) < i+3 || h[len(h)-1] != '}' {
		return false
	}
	for {
		k := bytes.Index(h[i:], []byte(` {"`))
		if k < 0 {
			return false
		}
		s := i + k + 1
		if skipValue(h, s, 0) == len(h) {
			return true
		}
		i = s
	}
}

// parseNodeUncaught recognises the first line Node writes for an exception
// nobody caught (or a rejection nobody handled), the location of the throw:
//
//	/app/server.js:36
//	  if (id < 0) throw new RangeError(`no user ${id}`);
//	              ^
//
//	RangeError: no user -2
//	    at fetchUser (/app/server.js:36:21)
//	…
//
//	Node.js v20.20.2
//
// the script's absolute path, its file:// URL for an ES module, or a
// module of Node's own ("node:internal/modules/cjs/loader:1228",
// "node:events:497"), then the line number and nothing else. The source
// line, the caret, the error and its stack and Node's version continue the
// record: critical, as a Go panic is.
func parseNodeUncaught(h []byte, r *Record) bool {
	n := len(h)
	d := n
	for d > 0 && isDigit(h[d-1]) {
		d--
	}
	if d == n || d < 2 || h[d-1] != ':' || n-d > 7 {
		return false
	}
	p := h[:d-1]
	switch {
	case bytes.HasPrefix(p, []byte("node:")):
		for _, c := range p[5:] {
			if !('a' <= c && c <= 'z' || c == '/' || c == '_') {
				return false
			}
		}
	case p[0] == '/' || bytes.HasPrefix(p, []byte("file:///")):
		if bytes.IndexByte(p, ' ') >= 0 || !nodeScript(p) {
			return false
		}
	default:
		return false
	}
	r.Format, r.Level = FormatNode, LevelCritical
	r.caller = span{0, int32(n)}
	r.msg = span{0, int32(n)}
	r.rawCont = true
	return true
}

// nodeScript reports whether a path names a script Node runs: .js, .cjs,
// .mjs, or TypeScript through a loader.
func nodeScript(p []byte) bool {
	for _, ext := range [...]string{".js", ".cjs", ".mjs", ".ts", ".cts", ".mts"} {
		if bytes.HasSuffix(p, []byte(ext)) {
			return true
		}
	}
	return false
}
