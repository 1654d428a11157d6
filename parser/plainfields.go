package parser

import (
	"encoding/binary"
	"math/bits"
	"unicode/utf8"
)

// AppendPlainFields' copies of the key=value formats: klog's pairs, logrus's
// text and coloured (TTY) pairs, and the logfmt pairs after a header (slog,
// go-kit, hclog, log15…). Each walks the fields once, as its EachField
// walker does, and writes each pair as `"key":value` where the general path
// would write the same bytes through a Field, a closure call, PlainKey, the
// encoder's key set and AppendPlainJSON: every key plain (PlainKey's rule)
// and not written before in the object, every value one AppendPlainJSON
// copies. Anything else (text that is not pairs, which the general path
// writes under "_unparsed"; a repeated name, which it renames; a key or a
// value that needs decoding or escaping) declines the whole record.
//
// The walks mirror eachKlogField, eachLogfmtField, eachTTYField and
// eachLogfmtRest step for step, splitting the same pairs into the same
// kinds: checkPlainFields (run by TestAppendPlainFields and FuzzParse) and
// ndjson's TestCopiesAgreeWithGeneralPath and FuzzEncode hold them to those
// walkers. A change to how a walker splits must be made in both.

// plainNames is the set of names of the object being copied, as spans of
// the fields' text: a plain name is its text, so comparing the bytes is
// comparing the names a JSON reader sees. A bit per name (keyBit) answers
// most lookups, which are for new names, without a comparison.
type plainNames struct {
	seen  uint64
	n     int
	spans [maxPlainMembers]struct{ s, e int32 }
}

// appendMember appends the member for the field whose name is b[ks:ke]
// (without quotes) and whose value is v, written in the given kind: `{` or
// `,`, then `"name":value`. ok is false, and what it appended is to be
// dropped, when the name is empty, not plain, repeated or one too many,
// or the value is not a copy.
func (p *plainNames) appendMember(dst, b []byte, ks, ke int, v []byte, kind uint8) (_ []byte, ok bool) {
	if dst, ok = p.appendName(dst, b, ks, ke); !ok {
		return dst, false
	}
	switch kind {
	case kindText:
		// A bare word, the commonest value: AppendPlainJSON's first
		// case, without the call.
		if plainEnd(v, 0) != len(v) {
			return dst, false
		}
		dst = append(dst, '"')
		dst = append(dst, v...)
		return append(dst, '"'), true
	case kindBlock:
		return appendPlainBlock(dst, v)
	}
	return Field{value: v, valueKind: kind}.AppendPlainJSON(dst)
}

// appendPlainBlock appends a klog block's text (appendBlock's: its lines,
// each less a leading TAB, joined by newlines) as a JSON string, when each
// line is plain (see plainEnd) and the string is the lines with "\n"
// between them; dst is unchanged when not.
func appendPlainBlock(dst, v []byte) (_ []byte, ok bool) {
	start := len(dst)
	dst = append(dst, '"')
	for first := true; len(v) > 0; first = false {
		line := v
		if i := indexByteFrom(v, 0, '\n'); i >= 0 {
			line, v = v[:i], v[i+1:]
		} else {
			v = nil
		}
		if len(line) > 0 && line[0] == '\t' {
			line = line[1:]
		}
		if plainEnd(line, 0) != len(line) {
			return dst[:start], false
		}
		if !first {
			dst = append(dst, '\\', 'n')
		}
		dst = append(dst, line...)
	}
	return append(dst, '"'), true
}

// appendPlainEventID is AppendPlainFields for .NET's event id, the one
// field EachField reports (eventIDField).
func appendPlainEventID(dst, b []byte) (_ []byte, ok bool) {
	out, ok := eventIDField(b).AppendPlainJSON(append(dst, `{"event_id":`...))
	if !ok {
		return dst, false
	}
	return append(out, '}'), true
}

// appendName is appendMember up to the value: `{` or `,`, then `"name":`.
func (p *plainNames) appendName(dst, b []byte, ks, ke int) (_ []byte, ok bool) {
	if ke <= ks || plainEnd(b[:ke], ks) != ke {
		return dst, false
	}
	// add, written out: this runs for every field copied.
	if bit := keyBit(b[ks:ke]); p.seen&bit == 0 && p.n < maxPlainMembers {
		p.record(ks, ke, bit)
	} else if !p.addSlow(b, ks, ke, bit) {
		return dst, false
	}
	if p.n == 1 {
		dst = append(dst, '{', '"')
	} else {
		dst = append(dst, ',', '"')
	}
	dst = append(dst, b[ks:ke]...)
	return append(dst, '"', ':'), true
}

// add records the name b[ks:ke] and reports whether the object did not have
// it yet; false also when it has maxPlainMembers names already.
func (p *plainNames) add(b []byte, ks, ke int) bool {
	bit := uint64(1) // the empty name's (a nested object's member may have it)
	if ke > ks {
		bit = keyBit(b[ks:ke])
	}
	if p.seen&bit == 0 && p.n < maxPlainMembers {
		p.record(ks, ke, bit) // new, as its bit tells: no comparison
		return true
	}
	return p.addSlow(b, ks, ke, bit)
}

// addSlow is add for a name whose bit another name has set, or past the
// limit: the names are compared.
func (p *plainNames) addSlow(b []byte, ks, ke int, bit uint64) bool {
	key := b[ks:ke]
	for _, k := range p.spans[:p.n] {
		if string(b[k.s:k.e]) == string(key) {
			return false // renamed by the general path
		}
	}
	if p.n == maxPlainMembers {
		return false
	}
	p.record(ks, ke, bit)
	return true
}

// record adds the name b[ks:ke], known to be new, whose bit is bit.
func (p *plainNames) record(ks, ke int, bit uint64) {
	p.spans[p.n].s, p.spans[p.n].e = int32(ks), int32(ke)
	p.seen |= bit
	p.n++
}

// appendNested appends the object or array v, a valid JSON value and a
// field's value, as the encoder writes it (ndjson's appendJSON), when that
// is v without the white space between its tokens, and reports whether it
// did; dst is unchanged when not. The encoder renames the names an object
// repeats, and writes a value that is not valid UTF-8 as a string of its
// text: so v must be valid UTF-8 and have no name twice in any of its
// objects. Names are compared as written, so a name with an escape, which
// could equal another once decoded, declines.
func appendNested(dst, v []byte) (_ []byte, ok bool) {
	if !isASCII(v) && !utf8.Valid(v) {
		return dst, false
	}
	start := len(dst)
	// Depth 0: v was checked as a value at depth 0 or deeper (a field's
	// value), so the limit declines nothing that check let through.
	dst, end, ok := appendCompact(dst, v, 0, 0)
	if !ok || end != len(v) {
		return dst[:start], false
	}
	return dst, true
}

// appendCompact appends the JSON value at v[i] (after white space) for
// appendNested and returns the index past it; ok is false, and what it
// appended is to be dropped, as soon as the encoder would write the value
// otherwise or v[i:] does not start with a JSON value (skipValue's answer
// at the same depth), but not when the value is not valid UTF-8: that is
// the caller's to check.
func appendCompact(dst, v []byte, i, depth int) (_ []byte, end int, ok bool) {
	if i = skipWS(v, i); i >= len(v) || depth > maxJSONDepth {
		return dst, 0, false
	}
	switch v[i] {
	case '{':
		dst = append(dst, '{')
		if i = skipWS(v, i+1); i < len(v) && v[i] == '}' {
			return append(dst, '}'), i + 1, true
		}
		var names plainNames
		for {
			if i >= len(v) || v[i] != '"' {
				return dst, 0, false
			}
			// A plain name (the common one) ends at its first byte that
			// is not plain, its closing quote; any other is checked by
			// skipString, and declines with an escape.
			ke := i + 1
			if ke+8 <= len(v) {
				if m := notPlain(binary.LittleEndian.Uint64(v[ke : ke+8])); m != 0 {
					ke += bits.TrailingZeros64(m) / 8
				} else {
					ke = plainEnd(v, ke+8)
				}
			} else {
				ke = plainEnd(v, ke)
			}
			if ke >= len(v) || v[ke] != '"' {
				if ke = skipString(v, i) - 1; ke < 0 || indexByteFrom(v[:ke], i+1, '\\') >= 0 {
					return dst, 0, false
				}
			}
			if !names.add(v, i+1, ke) {
				return dst, 0, false
			}
			// `"name":` in one append where the colon follows the quote.
			if ks := i; ke+1 < len(v) && v[ke+1] == ':' {
				i = ke + 1
				dst = appendSpan(dst, v, ks, i+1)
			} else {
				dst = append(dst, v[ks:ke+1]...)
				if i = skipWS(v, ke+1); i >= len(v) || v[i] != ':' {
					return dst, 0, false
				}
				dst = append(dst, ':')
			}
			// The value: a scalar (the common one) copied here, as
			// appendCompactMember would, without its call.
			if j := skipWS(v, i+1); j < len(v) && v[j] != '{' && v[j] != '[' {
				e := skipScalar(v, j, depth+1)
				if e < 0 {
					return dst, 0, false
				}
				// With the ',' or '}' right after it, in one append.
				if e < len(v) && (v[e] == ',' || v[e] == '}') {
					dst = appendSpan(dst, v, j, e+1)
					if v[e] == '}' {
						return dst, e + 1, true
					}
					i = skipWS(v, e+1)
					continue
				}
				dst, i = append(dst, v[j:e]...), e
			} else if dst, i, ok = appendCompact(dst, v, j, depth+1); !ok {
				return dst, 0, false
			}
			if i = skipWS(v, i); i >= len(v) {
				return dst, 0, false
			}
			switch v[i] {
			case '}':
				return append(dst, '}'), i + 1, true
			case ',':
				dst = append(dst, ',')
				i = skipWS(v, i+1)
			default:
				return dst, 0, false
			}
		}
	case '[':
		dst = append(dst, '[')
		if i = skipWS(v, i+1); i < len(v) && v[i] == ']' {
			return append(dst, ']'), i + 1, true
		}
		for {
			if dst, i, ok = appendCompactMember(dst, v, i, depth+1); !ok {
				return dst, 0, false
			}
			if i = skipWS(v, i); i >= len(v) {
				return dst, 0, false
			}
			switch v[i] {
			case ']':
				return append(dst, ']'), i + 1, true
			case ',':
				dst = append(dst, ',')
				i++
			default:
				return dst, 0, false
			}
		}
	}
	// A string, number or literal: copied as written.
	if end = skipScalar(v, i, depth); end < 0 {
		return dst, 0, false
	}
	return append(dst, v[i:end]...), end, true
}

// appendCompactMember is appendCompact for a member or an element: a
// scalar, the commonest, is copied without a call of appendCompact's own.
func appendCompactMember(dst, v []byte, i, depth int) (_ []byte, end int, ok bool) {
	if i = skipWS(v, i); i < len(v) && v[i] != '{' && v[i] != '[' {
		if end = skipScalar(v, i, depth); end < 0 {
			return dst, 0, false
		}
		return append(dst, v[i:end]...), end, true
	}
	return appendCompact(dst, v, i, depth)
}

// close ends the object: ok with nothing appended when it has no members.
func (p *plainNames) close(dst []byte) ([]byte, bool) {
	if p.n > 0 {
		dst = append(dst, '}')
	}
	return dst, true
}
