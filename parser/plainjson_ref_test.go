package parser

import (
	"bytes"
	"strings"
	"testing"
	"unicode/utf8"
)

// The walks appendPlainMembers and appendCompact replaced, kept as their
// reference: refAppendPlainMembers checks each nested value with skipValue
// before compacting it (refAppendNested), and writes each member's key,
// colon and value with appends of their own. checkPlainMembersRef holds
// the walks to them byte for byte, declines included.

// refAppendPlainMembers is appendPlainMembers as it was: see above.
func refAppendPlainMembers(dst, b []byte, r *Record, base int, whole bool) (_ []byte, ok bool) {
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
	for {
		// A plain key ends at its first byte that is not plain: the
		// closing quote.
		if i >= len(b) || b[i] != '"' {
			return dst[:start], false
		}
		ke := plainEnd(b, i+1)
		if ke == i+1 || ke >= len(b) || b[ke] != '"' {
			return dst[:start], false
		}
		ke++
		c := skipWS(b, ke)
		if c >= len(b) || b[c] != ':' {
			return dst[:start], false
		}
		vs := skipWS(b, c+1)
		if vs >= len(b) {
			return dst[:start], false
		}
		var ve int
		consumed := r != nil && r.consumedJSON(int32(base+vs))
		switch b[vs] {
		case '{', '[':
			// Checked at the depth validJSON checks a member at;
			// written below (appendNested) unless the header took
			// the member (MongoDB's time).
			if ve = skipValue(b, vs, 1); ve < 0 {
				return dst[:start], false
			}
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
		if !consumed {
			key := b[i+1 : ke-1]
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
			if n == 1 {
				dst = append(dst, '{')
			} else {
				dst = append(dst, ',')
			}
			if b[vs] == '{' || b[vs] == '[' {
				// Compacted, and declined where the general path
				// would rename a member or write a string.
				dst = append(dst, b[i:ke]...)
				dst = append(dst, ':')
				var ok bool
				if dst, ok = refAppendNested(dst, b[vs:ve]); !ok {
					return dst[:start], false
				}
			} else if c == ke && vs == c+1 {
				dst = append(dst, b[i:ve]...) // "key":value, compact already
			} else {
				dst = append(dst, b[i:ke]...)
				dst = append(dst, ':')
				dst = append(dst, b[vs:ve]...)
			}
		}
		if i = skipWS(b, ve); i >= len(b) {
			return dst[:start], false
		}
		if b[i] == '}' {
			break
		}
		if b[i] != ',' {
			return dst[:start], false
		}
		i = skipWS(b, i+1)
	}
	if whole && skipWS(b, i+1) != len(b) {
		return dst[:start], false
	}
	if n > 0 {
		dst = append(dst, '}')
	}
	return dst, true
}

// refAppendNested and refAppendCompact are appendNested and appendCompact
// as they were.
func refAppendNested(dst, v []byte) (_ []byte, ok bool) {
	if !isASCII(v) && !utf8.Valid(v) {
		return dst, false
	}
	start := len(dst)
	dst, end, ok := refAppendCompact(dst, v, 0)
	if !ok || end != len(v) {
		return dst[:start], false
	}
	return dst, true
}
func refAppendCompact(dst, v []byte, i int) (_ []byte, end int, ok bool) {
	if i = skipWS(v, i); i >= len(v) {
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
			ke := skipString(v, i)
			if ke < 0 || indexByteFrom(v[:ke-1], i+1, '\\') >= 0 || !names.add(v, i+1, ke-1) {
				return dst, 0, false
			}
			dst = append(dst, v[i:ke]...)
			if i = skipWS(v, ke); i >= len(v) || v[i] != ':' {
				return dst, 0, false
			}
			dst = append(dst, ':')
			if dst, i, ok = refAppendCompact(dst, v, i+1); !ok {
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
			if dst, i, ok = refAppendCompact(dst, v, i); !ok {
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
	if end = skipScalar(v, i, 0); end < 0 {
		return dst, 0, false
	}
	return append(dst, v[i:end]...), end, true
}

// checkPlainMembersRef fails unless appendPlainMembers' answer for the
// record's JSON fields (zap's column, a JSON line's rest) and appendNested's
// for each of its nested values are the reference's, byte for byte.
func checkPlainMembersRef(t testing.TB, r *Record) {
	t.Helper()
	if r.fields.empty() || r.fieldsKind != fieldsJSON && r.fieldsKind != fieldsJSONRest {
		return
	}
	b := r.get(r.fields)
	rr, base, whole := r, int(r.fields.start), false
	if r.fieldsKind == fieldsJSON {
		rr, base, whole = nil, 0, true
	}
	checkMembersRef(t, b, rr, base, whole)
}

// checkMembersRef is checkPlainMembersRef for the object b.
func checkMembersRef(t testing.TB, b []byte, r *Record, base int, whole bool) {
	t.Helper()
	dst := []byte("prefix")
	got, gotOK := appendPlainMembers(dst, b, r, base, whole)
	want, wantOK := refAppendPlainMembers([]byte("prefix"), b, r, base, whole)
	if gotOK != wantOK || !bytes.Equal(got, want) {
		t.Fatalf("%q: appendPlainMembers %q (%v), reference %q (%v)", b, got, gotOK, want, wantOK)
	}
	// Each '{' or '[' as a value of its own, as appendNested's callers
	// give it: checked first at depth 0 (skipJSONValue).
	for i, c := range b {
		if c != '{' && c != '[' {
			continue
		}
		e := skipJSONValue(b, i)
		if e < 0 {
			continue
		}
		got, gotOK := appendNested([]byte("prefix"), b[i:e])
		want, wantOK := refAppendNested([]byte("prefix"), b[i:e])
		if gotOK != wantOK || !bytes.Equal(got, want) {
			t.Fatalf("%q: appendNested %q (%v), reference %q (%v)", b[i:e], got, gotOK, want, wantOK)
		}
	}
}

// TestPlainMembersRef holds appendPlainMembers and appendNested to their
// references on every line of the corpus and on zap lines whose fields
// object is built from members that end their tokens at each place a word
// load can meet them, with and without white space, nested values, names
// twice and text that is not JSON.
func TestPlainMembersRef(t *testing.T) {
	lines := corpusLines(t)
	members := []string{
		`"k": "v"`, `"k":"v"`, `"k" : 1`, `"k":1`, `"n": -1.5e3`, `"ok": true`, `"v": null`, `"e": ""`,
		`"q": "say \"hi\""`, `"u": "Zo\u00eb"`, `"z": "Zoë"`, "\"x\": \"\xff\"", `"k\"": 1`, `"": 1`,
		`"long_key_name_here": "long_value_here_too"`, `"k": "0123456789abcdef"`, `"k":tru`, `"k": 01`,
		`"o": {"a": 1, "b": [1, 2]}`, `"o":{"a":1,"a":2}`, `"o": {"\u0061": 1}`, `"o": {"é": 1}`,
		`"l": [{"a": 1}, {"a": {"a": 2}}]`, `"l": []`, `"o": {}`, `"l": [1,]`, `"o": {"a" 1}`,
		"\"l\": [\"\xff\"]", `"o": {"a": 1`, `"k": 1, "k": 2`, `"aa": 1, "ab": 2, "ba": 3`,
		`"resource": {"service.instance.id": "a1b2c3d4-0000-4000-8000-000000000001", "service.name": "otelcol-contrib"}`,
	}
	heads := []string{
		"2026-11-30T05:52:38.121Z\tINFO\tname\tmsg\t",
		"2026-11-30T05:52:38.121Z info a.go:1 msg ",
	}
	for _, h := range heads {
		for _, p := range members {
			for _, q := range members {
				for _, sep := range []string{", ", ","} {
					lines = append(lines, []byte(h+"{"+p+sep+q+"}"), []byte(h+"{ "+p+sep+q+" }"))
				}
			}
		}
		lines = append(lines, []byte(h+"{}"), []byte(h+"{ }"), []byte(h+"{"+members[0]+"} x"))
	}
	deep := "2026-11-30T05:52:38.121Z\tINFO\tmsg\t{\"d\": "
	for d := 60; d < 68; d++ {
		lines = append(lines, []byte(deep+strings.Repeat("[", d)+strings.Repeat("]", d)+"}"))
	}
	for _, l := range lines {
		// Each length, so that the text ends at each place in a word.
		for n := len(l); n > 0 && n > len(l)-12; n-- {
			var r Record
			Parse(l[:n], &r)
			checkPlainMembersRef(t, &r)
			// Without capacity past the text.
			c := append([]byte(nil), l[:n]...)
			var r2 Record
			Parse(c[:n:n], &r2)
			checkPlainMembersRef(t, &r2)
		}
	}
}
