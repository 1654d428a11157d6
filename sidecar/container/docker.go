package container

import (
	"bytes"
	"unicode/utf16"
	"unicode/utf8"
)

// dockerRecord is one json-file record, as spans of the record body.
type dockerRecord struct {
	log    []byte // the raw JSON string between the quotes
	esc    bool   // log holds escapes
	stream Stream
	time   []byte
}

// parseDocker reads a json-file record body:
//
//	{"log":"…","stream":"stdout|stderr","attrs":{…},"time":"…"}
//
// in any key order, with any whitespace JSON allows. "log" must be a string
// and "stream" "stdout" or "stderr"; "time" is optional (and ignored when it
// is not a string); other keys are
// skipped; a repeated key takes its last value, as encoding/json does. It
// does not allocate. Unknown values are skipped without being validated.
func parseDocker(b []byte) (dockerRecord, bool) {
	var r dockerRecord
	i := skipSpace(b, 0)
	if i >= len(b) || b[i] != '{' {
		return r, false
	}
	var hasLog, hasStream bool
	i = skipSpace(b, i+1)
	if i < len(b) && b[i] == '}' {
		return r, false
	}
	for {
		if i >= len(b) || b[i] != '"' {
			return r, false
		}
		kend, _, ok := scanString(b, i+1)
		if !ok {
			return r, false
		}
		key := b[i+1 : kend]
		i = skipSpace(b, kend+1)
		if i >= len(b) || b[i] != ':' {
			return r, false
		}
		i = skipSpace(b, i+1)
		if i >= len(b) {
			return r, false
		}
		switch k := string(key); {
		case k == "time" && b[i] != '"':
			// Not Docker's, but the line is still readable: no time.
			r.time = nil
			if i, ok = skipValue(b, i); !ok {
				return r, false
			}
		case k == "log" || k == "stream" || k == "time":
			if b[i] != '"' {
				return r, false
			}
			end, esc, ok := scanString(b, i+1)
			if !ok {
				return r, false
			}
			v := b[i+1 : end]
			switch string(key) {
			case "log":
				r.log, r.esc, hasLog = v, esc, true
			case "stream":
				switch string(v) {
				case "stdout":
					r.stream, hasStream = Stdout, true
				case "stderr":
					r.stream, hasStream = Stderr, true
				default:
					hasStream = false // unless a later "stream" says otherwise
				}
			default:
				r.time = v
			}
			i = end + 1
		default:
			if i, ok = skipValue(b, i); !ok {
				return r, false
			}
		}
		i = skipSpace(b, i)
		if i >= len(b) {
			return r, false
		}
		if b[i] == '}' {
			break
		}
		if b[i] != ',' {
			return r, false
		}
		i = skipSpace(b, i+1)
	}
	if skipSpace(b, i+1) != len(b) {
		return r, false
	}
	return r, hasLog && hasStream
}

func skipSpace(b []byte, i int) int {
	for i < len(b) {
		switch b[i] {
		case ' ', '\t', '\r', '\n':
			i++
		default:
			return i
		}
	}
	return i
}

// scanString finds the closing quote of the JSON string whose content starts
// at i, and reports whether the content holds a backslash.
func scanString(b []byte, i int) (end int, esc bool, ok bool) {
	start := i
	for {
		j := bytes.IndexByte(b[i:], '"')
		if j < 0 {
			return 0, false, false
		}
		q := i + j
		n := 0
		for k := q - 1; k >= start && b[k] == '\\'; k-- {
			n++
		}
		if n%2 == 0 {
			return q, bytes.IndexByte(b[start:q], '\\') >= 0, true
		}
		i = q + 1
	}
}

// skipValue skips the JSON value at b[i]: a string, an object or array
// (brackets counted, strings skipped, contents not validated) or a literal.
func skipValue(b []byte, i int) (int, bool) {
	switch b[i] {
	case '"':
		end, _, ok := scanString(b, i+1)
		return end + 1, ok
	case '{', '[':
		depth := 0
		for i < len(b) {
			switch b[i] {
			case '"':
				end, _, ok := scanString(b, i+1)
				if !ok {
					return 0, false
				}
				i = end
			case '{', '[':
				depth++
			case '}', ']':
				depth--
				if depth == 0 {
					return i + 1, true
				}
			}
			i++
		}
		return 0, false
	}
	j := i
	for j < len(b) {
		switch b[j] {
		case ',', '}', ']', ' ', '\t', '\r', '\n', '"', '{', '[', ':':
			return j, j > i
		}
		j++
	}
	return j, j > i
}

// unescape appends the JSON string content s, unescaped, to dst. Bytes that
// are not escapes are copied unchanged (Docker has already replaced invalid
// UTF-8 with "\ufffd"). As in encoding/json, a UTF-16 surrogate that is not
// half of a pair becomes U+FFFD. It reports false for a malformed escape.
func unescape(dst, s []byte) ([]byte, bool) {
	for len(s) > 0 {
		i := bytes.IndexByte(s, '\\')
		if i < 0 {
			return append(dst, s...), true
		}
		dst = append(dst, s[:i]...)
		s = s[i:]
		if len(s) < 2 {
			return dst, false
		}
		switch c := s[1]; c {
		case '"', '\\', '/':
			dst = append(dst, c)
		case 'b':
			dst = append(dst, '\b')
		case 'f':
			dst = append(dst, '\f')
		case 'n':
			dst = append(dst, '\n')
		case 'r':
			dst = append(dst, '\r')
		case 't':
			dst = append(dst, '\t')
		case 'u':
			r, ok := hex4(s[2:])
			if !ok {
				return dst, false
			}
			s = s[6:]
			if utf16.IsSurrogate(r) {
				r2, ok := rune(-1), false
				if len(s) >= 6 && s[0] == '\\' && s[1] == 'u' {
					r2, ok = hex4(s[2:])
				}
				if p := utf16.DecodeRune(r, r2); ok && p != utf8.RuneError {
					r = p
					s = s[6:]
				} else {
					r = utf8.RuneError
				}
			}
			dst = utf8.AppendRune(dst, r)
			continue
		default:
			return dst, false
		}
		s = s[2:]
	}
	return dst, true
}

func hex4(s []byte) (rune, bool) {
	if len(s) < 4 {
		return 0, false
	}
	var r rune
	for _, c := range s[:4] {
		switch {
		case '0' <= c && c <= '9':
			c -= '0'
		case 'a' <= c && c <= 'f':
			c -= 'a' - 10
		case 'A' <= c && c <= 'F':
			c -= 'A' - 10
		default:
			return 0, false
		}
		r = r<<4 | rune(c)
	}
	return r, true
}
