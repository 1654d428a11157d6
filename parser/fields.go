package parser

import "bytes"

// Field is one key/value pair of a record, decoded lazily. Its slices point
// into the record's text and share its lifetime.
type Field struct {
	key, value []byte
	keyKind    uint8
	valueKind  uint8
}

// AppendKey appends the decoded key to dst. A key of "" marks text that
// could not be split into pairs; it is kept whole so nothing is lost.
func (f Field) AppendKey(dst []byte) []byte { return appendDecoded(dst, f.key, f.keyKind) }

// AppendValue appends the value as text: quoted strings unquoted, klog
// multi-line values with their indentation removed, JSON values as written.
func (f Field) AppendValue(dst []byte) []byte { return appendDecoded(dst, f.value, f.valueKind) }

// RawValue returns the value exactly as written.
func (f Field) RawValue() []byte { return f.value }

// Text returns what AppendValue would append, without copying it, when the
// line writes the value as it reads: a bare value, or a JSON string without
// escapes. ok is false when the value must be decoded; use AppendValue.
func (f Field) Text() (_ []byte, ok bool) { return asWritten(f.value, f.valueKind) }

// KeyText is Text for the key: what AppendKey would append, when no
// decoding is needed.
func (f Field) KeyText() (_ []byte, ok bool) { return asWritten(f.key, f.keyKind) }

// asWritten returns the text of a value written in the given kind when it
// is a part of v, with nothing to decode: raw text, a JSON string without
// escapes, a JSON number or literal. appendDecoded decodes the others.
func asWritten(v []byte, kind uint8) ([]byte, bool) {
	switch kind {
	case kindText:
		return v, true
	case kindPlainString:
		if len(v) >= 2 {
			return v[1 : len(v)-1], true
		}
		return v, true
	case kindGoQuoted:
		// Without a backslash a Go string literal's text is its bytes.
		if len(v) >= 2 && v[0] == '"' && v[len(v)-1] == '"' && indexByteFrom(v[1:len(v)-1], 0, '\\') < 0 {
			return v[1 : len(v)-1], true
		}
	case kindJSON:
		if len(v) == 0 || v[0] != '"' {
			return v, true // a number, literal, object or array: as written
		}
		if len(v) >= 2 && v[len(v)-1] == '"' && bytes.IndexByte(v, '\\') < 0 {
			return v[1 : len(v)-1], true
		}
	}
	return nil, false
}

// JSON returns the value as a JSON literal when the logger wrote a typed
// value (a number, bool, null, object or array, or zap's JSON fields of any
// type) so that encoders can keep its type; ok is false for plain strings.
// A value is marked JSON only once it has been checked (skipJSONValue,
// validJSON, or the object around it), so it is not checked again here.
func (f Field) JSON() ([]byte, bool) {
	if f.valueKind == kindJSON {
		return f.value, true
	}
	return nil, false
}

// EachField calls fn for each key/value pair in order until fn returns false.
// It does not allocate.
func (r *Record) EachField(fn func(Field) bool) {
	if r.fields.empty() {
		return
	}
	b := r.get(r.fields)
	switch r.fieldsKind {
	case fieldsKlog:
		eachKlogField(b, fn)
	case fieldsJSON:
		eachJSONField(b, fn)
	case fieldsLogfmt:
		eachLogfmtField(b, fn)
	case fieldsTTY:
		eachTTYField(b, fn)
	case fieldsLogfmtRest:
		r.eachLogfmtRest(b, int(r.fields.start), fn)
	case fieldsZerologColor:
		eachZerologColorField(b, fn)
	case fieldsCalico:
		eachCalicoField(b, fn)
	case fieldsJSONRest:
		r.eachJSONRest(b, int(r.fields.start), fn)
	case fieldsKlogr:
		r.eachKlogrField(b, int(r.fields.start), fn)
	case fieldsEventID:
		fn(eventIDField(b))
	case fieldsRunner:
		eachRunnerField(b, fn)
	case fieldsMinIO:
		eachMinIOField(b, fn)
	case fieldsPingCAP:
		eachPingCAPField(b, fn)
	}
}

// eventIDKey names .NET's event id, which its line writes without a name.
var eventIDKey = []byte("event_id")

// eventIDField is .NET's event id b as the record's one field.
func eventIDField(b []byte) Field {
	f := Field{key: eventIDKey, value: b}
	if validJSON(b) {
		f.valueKind = kindJSON // a number, as written
	}
	return f
}

// rest reports b as one unsplittable field.
func rest(b []byte, fn func(Field) bool) {
	if b = bytes.TrimSpace(b); len(b) > 0 {
		fn(Field{value: b})
	}
}

// eachKlogField splits klog's key=value pairs: Go-quoted strings, JSON for
// slices, maps and structs, bare numbers and bools, and "=<" blocks that run
// over TAB-indented lines to a " >" closer.
func eachKlogField(b []byte, fn func(Field) bool) {
	i := 0
	for i < len(b) {
		for i < len(b) && b[i] == ' ' {
			i++
		}
		if i >= len(b) {
			return
		}
		ks := i
		for i < len(b) && b[i] != '=' && b[i] != ' ' && b[i] != '\n' {
			i++
		}
		if i >= len(b) || b[i] != '=' || i == ks {
			rest(b[ks:], fn)
			return
		}
		f := Field{key: b[ks:i]}
		i++
		vs := i
		switch {
		case i < len(b) && b[i] == '"':
			e := skipGoStringLine(b, i)
			if e < 0 {
				rest(b[ks:], fn)
				return
			}
			f.value, f.valueKind, i = b[vs:e], kindGoQuoted, e
		case i+1 < len(b) && b[i] == '<' && b[i+1] == '\n':
			f.value, i = klogBlock(b, i)
			f.valueKind = kindBlock
		case i < len(b) && (b[i] == '[' || b[i] == '{'):
			if e := skipJSONValue(b, i); e > 0 && (e == len(b) || b[e] == ' ' || b[e] == '\n') {
				f.value, f.valueKind, i = b[vs:e], kindJSON, e
				break
			}
			fallthrough
		default:
			for i < len(b) && b[i] != ' ' && b[i] != '\n' {
				i++
			}
			f.value = b[vs:i]
			if validJSON(f.value) {
				f.valueKind = kindJSON
			}
		}
		if !fn(f) {
			return
		}
		if i < len(b) && b[i] == '\n' {
			i++
		}
	}
}

// klogBlock returns the value of the "=<" block whose '<' is b[i] (the
// lines after "<\n", up to the "\n >" that closes it, or to the end) and
// the index past its closer. The newline after '<' may be the closer's
// own: an empty block.
func klogBlock(b []byte, i int) (v []byte, next int) {
	e := bytes.Index(b[i+1:], []byte("\n >"))
	if e < 0 {
		return b[i+2:], len(b)
	}
	return b[i+2 : max(i+2, i+1+e)], i + 1 + e + 3
}

// eachKlogrField walks klogr's `"key"=value` pairs (see parseKlogr),
// leaving out the "msg" pair the header took as the message. A value klogr
// could not encode it writes as "<<error: …>>", kept as text.
func (r *Record) eachKlogrField(b []byte, base int, fn func(Field) bool) {
	i := 0
	for i < len(b) {
		for i < len(b) && b[i] == ' ' {
			i++
		}
		if i >= len(b) {
			return
		}
		ks := i
		ke := -1
		if b[i] == '"' {
			ke = skipString(b, i)
		}
		if ke < 0 || ke >= len(b) || b[ke] != '=' {
			rest(b[ks:], fn)
			return
		}
		vs, ve := ke+1, -1
		kind := uint8(kindJSON)
		if bytes.HasPrefix(b[vs:], []byte("<<error: ")) {
			if e := bytes.Index(b[vs:], []byte(">>")); e >= 0 {
				ve, kind = vs+e+2, kindText
			}
		} else if vs < len(b) && b[vs] != ' ' {
			ve = skipJSONValue(b, vs)
		}
		if ve < 0 || (ve < len(b) && b[ve] != ' ') {
			rest(b[ks:], fn)
			return
		}
		i = ve
		if int32(base+vs) == r.msg.start {
			continue
		}
		if !fn(Field{key: b[ks:ke], keyKind: kindJSON, value: b[vs:ve], valueKind: kind}) {
			return
		}
	}
}

// eachJSONField walks the top-level members of a JSON object: zap's
// fields column, which parsing took without checking it.
func eachJSONField(b []byte, fn func(Field) bool) {
	i := skipWS(b, 0)
	if i >= len(b) || b[i] != '{' || !validJSON(b) {
		rest(b, fn) // not an object after all: keep it whole
		return
	}
	eachJSONMember(b, i, fn, nil, 0)
}

// eachJSONMember walks the members of the valid object that opens at b[i].
// With a record, it leaves out the members whose values the record's
// header consumed (b starts at offset base of the record's text): a test in
// the loop, where a closure around fn would cost a call per member.
func eachJSONMember(b []byte, i int, fn func(Field) bool, r *Record, base int) {
	i = skipWS(b, i+1)
	for i < len(b) && b[i] != '}' {
		ke := skipString(b, i)
		if ke < 0 {
			return
		}
		c := skipWS(b, ke)
		if c >= len(b) || b[c] != ':' {
			return
		}
		vs := skipWS(b, c+1)
		ve := skipValue(b, vs, 0)
		if ve < 0 {
			return
		}
		if (r == nil || !r.consumedJSON(int32(base+vs))) && !fn(Field{key: b[i:ke], keyKind: kindJSON, value: b[vs:ve], valueKind: kindJSON}) {
			return
		}
		i = skipWS(b, ve)
		if i < len(b) && b[i] == ',' {
			i = skipWS(b, i+1)
		}
	}
}

// eachLogfmtField splits logrus's key=value pairs. logrus never quotes keys,
// so a key runs to the next '=' and may contain spaces ("user name=x");
// values are bare up to a space, or Go-quoted.
func eachLogfmtField(b []byte, fn func(Field) bool) {
	i := 0
	for i < len(b) {
		for i < len(b) && b[i] == ' ' {
			i++
		}
		if i >= len(b) {
			return
		}
		ks := i
		e := bytes.IndexByte(b[i:], '=')
		if e <= 0 {
			rest(b[ks:], fn)
			return
		}
		i += e
		f := Field{key: b[ks:i]}
		i++
		if i < len(b) && b[i] == '"' {
			end := skipGoString(b, i)
			if end < 0 {
				rest(b[ks:], fn)
				return
			}
			f.value, f.valueKind, i = b[i:end], kindGoQuoted, end
		} else {
			vs := i
			for i < len(b) && b[i] != ' ' {
				i++
			}
			f.value = b[vs:i]
		}
		if !fn(f) {
			return
		}
	}
}

// indexResetEq returns the index of the first "ESC[0m=" in b, or -1: the
// end of a coloured key. Keys are short, so a search for the ESC beats
// bytes.Index's set-up.
func indexResetEq(b []byte) int {
	for i := 0; ; i++ {
		if i = indexByteFrom(b, i, 0x1b); i < 0 {
			return -1
		}
		if len(b)-i >= 5 && string(b[i+1:i+5]) == "[0m=" {
			return i
		}
	}
}

// eachTTYField splits logrus's coloured pairs "ESC[36mkeyESC[0m=value".
func eachTTYField(b []byte, fn func(Field) bool) {
	i := 0
	for i < len(b) {
		for i < len(b) && b[i] == ' ' {
			i++
		}
		if i >= len(b) {
			return
		}
		ks := skipCSI(b, i)
		if ks == i {
			rest(b[i:], fn)
			return
		}
		e := indexResetEq(b[ks:])
		if e < 0 {
			rest(b[i:], fn)
			return
		}
		f := Field{key: b[ks : ks+e]}
		i = ks + e + 5
		if i < len(b) && b[i] == '"' {
			end := skipGoString(b, i)
			if end < 0 {
				rest(b[ks:], fn)
				return
			}
			f.value, f.valueKind, i = b[i:end], kindGoQuoted, end
		} else {
			vs := i
			for i < len(b) && b[i] != ' ' {
				i++
			}
			f.value = b[vs:i]
		}
		if !fn(f) {
			return
		}
	}
}
