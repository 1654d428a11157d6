package parser

import (
	"encoding/binary"
	"math/bits"
	"unicode/utf8"
)

// Most fields of most lines are written the way JSON writes them: a key of
// plain ASCII (no control byte, quote or backslash), a bare word, a quoted
// string whose escapes JSON shares, a number. For those, rendering a field
// as JSON is a copy, and the general path (decode the text, then escape it
// again, each step a scan of its own) is most of what rendering a record
// costs. PlainKey and AppendPlainJSON are that copy, checked in one scan;
// they decline everything else.

// PlainKey returns the key when its JSON string is the key as written
// between quotes: it needs no decoding (no escapes in the line) and no
// escaping (ASCII without control bytes below space, '"' or '\'), and is
// not empty. ok is false for any other key: use KeyText or AppendKey, and
// escape the text.
func (f Field) PlainKey() (_ []byte, ok bool) {
	k := f.key
	switch f.keyKind {
	case kindText:
	case kindJSON, kindGoQuoted, kindPlainString:
		if len(k) < 2 || k[0] != '"' || k[len(k)-1] != '"' {
			return nil, false
		}
		k = k[1 : len(k)-1]
	default:
		return nil, false
	}
	if len(k) == 0 || plainEnd(k, 0) != len(k) {
		return nil, false
	}
	return k, true
}

// AppendPlainJSON appends the value as JSON when that is a copy of what the
// line writes, and reports whether it did; dst is unchanged when not. The
// JSON is the one an encoder keeping the logger's types writes: a value the
// logger wrote as JSON (JSON reports it) as written, when its strings are
// valid UTF-8 and it is not an object or an array (those may need
// compacting and renaming of repeated names); any other value as a JSON
// string of its text (AppendValue's), when that string is the value as
// written: a bare word of plain ASCII (as for PlainKey), or a quoted
// one whose only escapes are \" \\ \n \r \t, which JSON writes alike.
func (f Field) AppendPlainJSON(dst []byte) (_ []byte, ok bool) {
	v := f.value
	switch f.valueKind {
	case kindText:
		if plainEnd(v, 0) != len(v) {
			return dst, false
		}
		dst = append(dst, '"')
		dst = append(dst, v...)
		return append(dst, '"'), true
	case kindJSON:
		// White space around the value (klog's bare word "\r0" reads as
		// the number 0) is left out by the encoder, not copied.
		if len(v) == 0 || v[0] <= ' ' || v[len(v)-1] <= ' ' {
			return dst, false
		}
		switch v[0] {
		case '{', '[':
			return dst, false
		case '"':
			if !isASCII(v) && !utf8.Valid(v) {
				return dst, false
			}
		}
		return append(dst, v...), true
	case kindPlainString:
		if len(v) < 2 || plainEnd(v, 1) != len(v)-1 {
			return dst, false
		}
		return append(dst, v...), true
	case kindGoQuoted:
		if len(v) < 2 || v[0] != '"' || v[len(v)-1] != '"' {
			return dst, false
		}
		for i := 1; ; {
			if i = plainEnd(v, i); i >= len(v)-1 {
				break // the closing quote
			}
			if v[i] != '\\' {
				return dst, false
			}
			switch v[i+1] {
			case '"', '\\', 'n', 'r', 't':
				i += 2
			default:
				return dst, false
			}
		}
		return append(dst, v...), true
	}
	return dst, false
}

// plainEnd returns the index of the first byte of b at or after i that a
// JSON string cannot hold as it is: a quote, a backslash, a control byte or
// a byte outside ASCII; or len(b). Eight bytes at a time, the last few
// padded with spaces. Keys and bare values are mostly shorter than eight
// bytes, so the last word is most of the work.
func plainEnd(b []byte, i int) int {
	for ; i+8 <= len(b); i += 8 {
		if m := notPlain(binary.LittleEndian.Uint64(b[i : i+8])); m != 0 {
			return i + bits.TrailingZeros64(m)/8
		}
	}
	if n := len(b) - i; n > 0 {
		var w uint64
		if i+8 <= cap(b) {
			// The bytes past len(b) are readable (b is a window on a
			// line): load a whole word and mask them off.
			w = binary.LittleEndian.Uint64(b[i : i+8 : i+8])
		} else {
			var t [8]byte
			copy(t[:], b[i:])
			w = binary.LittleEndian.Uint64(t[:])
		}
		w = w&(1<<(8*n)-1) | 0x2020202020202020<<(8*n) // spaces past the end
		if m := notPlain(w); m != 0 {
			return i + bits.TrailingZeros64(m)/8
		}
	}
	return len(b)
}

// notPlain marks, with the high bit of each byte, the bytes of x that
// plainEnd stops at. Only bytes above the lowest mark can be false
// positives (a borrow), so the lowest set bit is exact.
//
// It is specialBytes(x) | x&swarHigh written out: the bytes whose high bit
// x sets are marked whatever specialBytes' "&^ x" takes from them, so the
// complement is not needed at all.
func notPlain(x uint64) uint64 {
	const lo, ones = 0x2020202020202020, 0x0101010101010101
	q := x ^ 0x2222222222222222
	bs := x ^ 0x5c5c5c5c5c5c5c5c
	return ((x - lo) | (q - ones) | (bs - ones) | x) & swarHigh
}

// isASCII reports whether b holds no byte above 0x7f: valid UTF-8 without
// utf8.Valid's byte-at-a-time loop, eight bytes at a time.
func isASCII(b []byte) bool {
	if len(b) < 8 {
		var acc byte
		for _, c := range b {
			acc |= c
		}
		return acc < utf8.RuneSelf
	}
	// The last word, read overlapping the ones before it, takes the
	// place of a loop over the last few bytes.
	acc := binary.LittleEndian.Uint64(b[len(b)-8:])
	for i := 0; i+8 < len(b); i += 8 {
		acc |= binary.LittleEndian.Uint64(b[i : i+8])
	}
	return acc&swarHigh == 0
}

// AppendPlainFields appends the record's fields as one JSON object when that
// object is, member for member, what the line writes, and reports whether
// it did; dst is unchanged when not. That is so when every key is a plain
// key (see PlainKey) that no field before it has, and every value is one
// AppendPlainJSON copies (a number or literal where the format types
// values, a string of valid UTF-8, a plain bare word, a quoted string whose
// escapes JSON shares) or a JSON object or array of valid UTF-8 with no
// name twice in any of its objects, written without the white space between
// its tokens, as an encoder compacting it writes it. The fields so copied
// are a JSON object's (zap's fields column, or a JSON line's members less
// those the header took) and key=value pairs (klog, logrus's text and
// coloured forms, logfmt after a header). An object without members
// appends nothing and reports true. For any other record, render the fields
// one by one (EachField): the object is then the same, and this spares
// rendering the commonest records a Field, a call and a key lookup per
// member.
func (r *Record) AppendPlainFields(dst []byte) (_ []byte, ok bool) {
	if r.fields.empty() {
		return dst, false
	}
	b := r.get(r.fields)
	switch r.fieldsKind {
	case fieldsJSON:
		// Checked only as far as it was scanned for: the walk below
		// checks it all, as eachJSONField's validJSON does.
		return appendPlainMembers(dst, b, nil, 0, true)
	case fieldsJSONRest:
		if r.nMembers > 0 {
			if out, ok, known := r.appendMemberRuns(dst); known {
				return out, ok
			}
		}
		return appendPlainMembers(dst, b, r, int(r.fields.start), false)
	case fieldsLogfmtRest:
		return r.appendPlainLogfmtRest(dst, b, int(r.fields.start))
	case fieldsTTY:
		return appendPlainTTY(dst, b)
	case fieldsLogfmt:
		return appendPlainLogfmt(dst, b)
	case fieldsKlog:
		return appendPlainKlog(dst, b)
	case fieldsEventID:
		return appendPlainEventID(dst, b)
	}
	return dst, false
}

// maxPlainMembers bounds the members appendPlainMembers copies: past it,
// comparing each key with those before costs more than the general path's
// key set.
const maxPlainMembers = 32

// appendPlainMembers is AppendPlainFields for the object at the start of b
// (after white space). With a record, it leaves out the members the
// record's header consumed, as eachJSONMember does; whole requires that
// nothing but white space follows the object.
func appendPlainMembers(dst, b []byte, r *Record, base int, whole bool) (_ []byte, ok bool) {
	start := len(dst)
	// The offsets in b of the names written (after their opening quote):
	// offsets, not slices, as this array is cleared on every call.
	var keys [maxPlainMembers]int32
	var seen uint64 // a bit per name written, by keyBit
	n := 0
	i := skipWS(b, 0)
	if i >= len(b) || b[i] != '{' {
		return dst, false
	}
	if i = skipWS(b, i+1); i < len(b) && b[i] == '}' {
		return dst, !whole || skipWS(b, i+1) == len(b)
	}
	// The opening brace, taken back below if no member is written.
	dst = append(dst, '{')
	for {
		// A plain key ends at its first byte that is not plain: the
		// closing quote.
		if i >= len(b) || b[i] != '"' {
			return dst[:start], false
		}
		// Its first word in line: most names end in it.
		ke := i + 1
		if ke+8 <= len(b) {
			if m := notPlain(binary.LittleEndian.Uint64(b[ke : ke+8])); m != 0 {
				ke += bits.TrailingZeros64(m) / 8
			} else {
				ke = plainEnd(b, ke+8)
			}
		} else {
			ke = plainEnd(b, ke)
		}
		if ke == i+1 || ke >= len(b) || b[ke] != '"' {
			return dst[:start], false
		}
		// c: the colon, right after the closing quote as JSON encoders
		// (zap's too) write it.
		c := ke + 1
		if c >= len(b) || b[c] != ':' {
			if c = skipWS(b, c); c >= len(b) || b[c] != ':' {
				return dst[:start], false
			}
		}
		// vs: the value, after one space (zap's) or none, or more.
		vs := c + 1
		if vs < len(b) && b[vs] == ' ' {
			vs++
		}
		if vs < len(b) && b[vs] <= ' ' {
			vs = skipWS(b, vs)
		}
		if vs >= len(b) {
			return dst[:start], false
		}
		var ve int
		if r == nil || !r.consumedJSON(int32(base+vs)) {
			key := b[i+1 : ke]
			bit := keyBit(key)
			if seen&bit != 0 {
				for _, k := range keys[:n] {
					// A plain name's first quote is its closing one.
					if w := b[k:]; len(w) > len(key) && w[len(key)] == '"' && string(w[:len(key)]) == string(key) {
						return dst[:start], false // renamed by the general path
					}
				}
			}
			if n == maxPlainMembers {
				return dst[:start], false
			}
			keys[n], seen = int32(i+1), seen|bit
			n++
			// `"key":` in one append where the colon follows the quote.
			if c == ke+1 {
				dst = appendSpan(dst, b, i, c+1)
			} else {
				dst = append(dst, b[i:ke+1]...)
				dst = append(dst, ':')
			}
			switch b[vs] {
			case '{', '[':
				// Compacted as it is checked (at the depth validJSON
				// checks a member at), and declined where the general
				// path would rename a member or write a string.
				w := len(dst)
				if dst, ve, ok = appendCompact(dst, b, vs, 1); !ok || !isASCII(dst[w:]) && !utf8.Valid(dst[w:]) {
					return dst[:start], false
				}
				vs = ve // the ',' or '}' after it is written below
			case '"':
				if e := plainEnd(b, vs+1); e < len(b) && b[e] == '"' {
					ve = e + 1
				} else if ve = skipString(b, vs); ve < 0 || !isASCII(b[vs:ve]) && !utf8.Valid(b[vs:ve]) {
					return dst[:start], false
				}
			default:
				if ve = skipScalar(b, vs, 0); ve < 0 {
					return dst[:start], false
				}
			}
			// The value and the ',' or '}' right after it in one append
			// (the next member's comma, or the closing brace); after
			// white space, the two apart.
			if ve < len(b) && (b[ve] == ',' || b[ve] == '}') {
				dst = appendSpan(dst, b, vs, ve+1)
				i = ve
			} else {
				dst = append(dst, b[vs:ve]...)
				if i = skipWS(b, ve); i >= len(b) || b[i] != ',' && b[i] != '}' {
					return dst[:start], false
				}
				dst = append(dst, b[i])
			}
		} else {
			// Taken by the header (MongoDB's time is an object): checked,
			// not written.
			switch b[vs] {
			case '{', '[':
				ve = skipValue(b, vs, 1)
			case '"':
				if e := plainEnd(b, vs+1); e < len(b) && b[e] == '"' {
					ve = e + 1
				} else if ve = skipString(b, vs); ve >= 0 && !isASCII(b[vs:ve]) && !utf8.Valid(b[vs:ve]) {
					ve = -1
				}
			default:
				ve = skipScalar(b, vs, 0)
			}
			if ve < 0 {
				return dst[:start], false
			}
			if i = skipWS(b, ve); i >= len(b) || b[i] != ',' && b[i] != '}' {
				return dst[:start], false
			}
		}
		// b[i] is the ',' or '}' after the value.
		if b[i] == '}' {
			break
		}
		if i++; i < len(b) && b[i] == ' ' {
			i++
		}
		if i < len(b) && b[i] <= ' ' {
			i = skipWS(b, i)
		}
	}
	if whole && skipWS(b, i+1) != len(b) {
		return dst[:start], false
	}
	if n == 0 {
		return dst[:start], true
	}
	// The last member written ends in its ',' when members the header
	// took follow it.
	dst[len(dst)-1] = '}'
	return dst, true
}

// appendSpan appends b[i:e] to dst. A span of at most 16 bytes (most
// names with their quotes and colon, most values with the comma after
// them) is one 16-byte move when both b and dst have room for it, read
// and written past the span: the bytes stored past it are scratch in
// dst's spare capacity, overwritten next. append's call of memmove cost
// some 40 instructions a span.
func appendSpan(dst, b []byte, i, e int) []byte {
	if m, n := len(dst), e-i; n <= 16 && i+16 <= cap(b) && m+16 <= cap(dst) {
		*(*[16]byte)(dst[m : m+16]) = *(*[16]byte)(b[i : i+16])
		return dst[:m+n]
	}
	return append(dst, b[i:e]...)
}

// keyBit picks a name's bit of a 64-bit set from its length and its first
// and last bytes, which tell apart the few short names of one object: a
// name whose bit is clear was not written before, without a comparison.
func keyBit(name []byte) uint64 {
	n := uint(len(name))
	return 1 << ((n*5 + uint(name[0])*3 + uint(name[n-1])*11) & 63)
}

// appendMemberRuns is appendPlainMembers for a JSON line whose parse noted
// its members (Record.members), each name without an escape and not
// empty. Its members then need no walk: their bounds are known up to the
// white space around the colons and commas, which a few compares step
// back over. The members between two the header took, when written
// without white space, are one run of text to copy with one append,
// commas included; any other member is its name, a colon and its value
// (an object or array compacted by appendNested). What is left to check
// per member is that no name is written twice, from the name's bounds;
// and the text copied is ASCII (valid UTF-8, and names as PlainKey takes them).
// known is false, and dst unchanged, where appendPlainMembers must
// decide: text outside ASCII, a name written twice (declined there), a
// nested value appendNested declines.
func (r *Record) appendMemberRuns(dst []byte) (_ []byte, ok, known bool) {
	fs, end := int(r.fields.start), int(r.fields.end)
	if fs < 0 || end > len(r.text) || end-fs < 2 {
		return dst, false, false
	}
	b := r.text[:end] // b[end-1] is the closing brace
	ms := r.members[:r.nMembers]
	start := len(dst)
	var seen uint64 // a bit per name written, by keyBit
	run, runEnd := 0, -1
	for k, m := range ms {
		j, vs := int(m>>16), int(m&0xffff)
		// The value ends before the comma that precedes the next
		// member's name, or before the closing brace: right there in a
		// compact line (where neither that byte nor the value's last is
		// white space), else before white space.
		ve := end - 1
		if k+1 < len(ms) {
			ve = int(ms[k+1]>>16) - 1
		}
		if ve < 1 || ve >= len(b) || vs < 3 || vs >= ve {
			return dst[:start], false, false
		}
		if b[ve] <= ' ' || b[ve-1] <= ' ' {
			ve = wsBefore(b, wsBefore(b, ve+1)-1)
		}
		if r.pickedMembers&(1<<k) != 0 && r.consumedJSON(int32(vs)) {
			// Left out, and not checked: appendPlainMembers declines a
			// record whose header's string is not valid UTF-8, where
			// the general path writes what this copy does.
			continue
		}
		// The name's closing quote: before the colon, which is just
		// before the value in a compact line.
		ke := vs - 1
		if b[ke] <= ' ' || b[ke-1] <= ' ' {
			ke = wsBefore(b, wsBefore(b, vs)-1)
		}
		if ke-1 <= j+1 || vs >= ve {
			return dst[:start], false, false
		}
		name := b[j+1 : ke-1]
		bit := keyBit(name)
		if seen&bit != 0 {
			// The members written before, told again from those left
			// out as above: rarer than a set of them kept in the loop.
			for o, p := range ms[:k] {
				if r.pickedMembers&(1<<o) != 0 && r.consumedJSON(int32(p&0xffff)) {
					continue
				}
				if t := b[p>>16+1:]; len(t) > len(name) && t[len(name)] == '"' && string(t[:len(name)]) == string(name) {
					return dst[:start], false, false
				}
			}
		}
		seen |= bit
		c := b[vs]
		if ke+1 == vs && (c != '{' && c != '[' || compactEnd(b[:ve], vs, 0) == ve) {
			// "name":value as the line writes it, and as the encoder
			// writes it: part of a run.
			if j != runEnd+1 {
				if runEnd >= 0 {
					if dst, ok = appendRun(dst, start, b[run:runEnd]); !ok {
						return dst[:start], false, false
					}
				}
				run = j
			}
			runEnd = ve
			continue
		}
		if runEnd >= 0 {
			if dst, ok = appendRun(dst, start, b[run:runEnd]); !ok {
				return dst[:start], false, false
			}
			runEnd = -1
		}
		if dst, ok = appendRun(dst, start, b[j:ke]); !ok {
			return dst[:start], false, false
		}
		dst = append(dst, ':')
		if c == '{' || c == '[' {
			dst, ok = appendNested(dst, b[vs:ve])
		} else if ok = isASCII(b[vs:ve]); ok {
			dst = append(dst, b[vs:ve]...)
		}
		if !ok {
			return dst[:start], false, false
		}
	}
	if runEnd >= 0 {
		if dst, ok = appendRun(dst, start, b[run:runEnd]); !ok {
			return dst[:start], false, false
		}
	}
	if len(dst) > start {
		dst = append(dst, '}')
	}
	return dst, true, true
}

// wsBefore returns i less the JSON white space just before b[i].
func wsBefore(b []byte, i int) int {
	for i > 0 && b[i-1] <= ' ' && (b[i-1] == ' ' || b[i-1] == '\n' || b[i-1] == '\t' || b[i-1] == '\r') {
		i--
	}
	return i
}

// appendRun appends text (members, or a name) after the object's opening
// brace when it is the first thing appended since start, else after a
// comma; ok is false, and dst unchanged, when text is not all ASCII.
func appendRun(dst []byte, start int, text []byte) (_ []byte, ok bool) {
	if !isASCII(text) {
		return dst, false
	}
	if len(dst) == start {
		dst = append(dst, '{')
	} else {
		dst = append(dst, ',')
	}
	return append(dst, text...), true
}

// compactEnd returns the index past the object or array at v[i], a valid
// JSON value, when appendNested would write it as it is: no white space
// between its tokens, no name with an escape and no name twice in any of
// its objects (and, as the caller checks, ASCII); or -1 when it would not,
// or may not: an object of more than eight names is left to it.
func compactEnd(v []byte, i, depth int) int {
	if i >= len(v) || depth > maxJSONDepth {
		return -1
	}
	switch v[i] {
	case '{':
		if i++; i < len(v) && v[i] == '}' {
			return i + 1
		}
		var names [8]int32 // where each name starts, after its quote
		var seen uint64    // a bit per name, by keyBit
		n := 0
		for {
			if i >= len(v) || v[i] != '"' {
				return -1
			}
			e := plainEnd(v, i+1)
			if e >= len(v) || v[e] != '"' || n == len(names) {
				return -1
			}
			name := v[i+1 : e]
			bit := uint64(1) // the empty name's
			if len(name) > 0 {
				bit = keyBit(name)
			}
			if seen&bit != 0 {
				for _, k := range names[:n] {
					if t := v[k:]; len(t) > len(name) && t[len(name)] == '"' && string(t[:len(name)]) == string(name) {
						return -1
					}
				}
			}
			names[n], seen = int32(i+1), seen|bit
			n++
			if i = e + 1; i >= len(v) || v[i] != ':' {
				return -1
			}
			if i = compactEnd(v, i+1, depth+1); i < 0 || i >= len(v) {
				return -1
			}
			if v[i] == '}' {
				return i + 1
			}
			if v[i] != ',' {
				return -1
			}
			i++
		}
	case '[':
		if i++; i < len(v) && v[i] == ']' {
			return i + 1
		}
		for {
			if i = compactEnd(v, i, depth+1); i < 0 || i >= len(v) {
				return -1
			}
			if v[i] == ']' {
				return i + 1
			}
			if v[i] != ',' {
				return -1
			}
			i++
		}
	}
	return skipScalar(v, i, depth)
}
