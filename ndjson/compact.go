package ndjson

import (
	"bytes"
	"encoding/json"
)

// appendJSON appends the valid JSON value v compactly, with the names
// repeated within any of its objects renamed as the record's attributes are
// (see keys.go).
//
// Compact, because a record must stay one line: pretty-printed objects
// (logrus PrettyPrint, a zap field written with indentation) span lines,
// and readers such as the Datadog Agent split their input at newlines.
// White space inside strings is escaped already (a raw control byte is not
// valid JSON), so every byte at or below ' ' outside a string is layout.
func (e *Encoder) appendJSON(dst, v []byte) []byte {
	dst, _ = e.appendJSONValue(dst, v, 0, 0)
	return dst
}

// appendJSONValue appends the value at v[i] (after white space) and returns
// the index past it. depth is the number of objects around it, which picks
// the name set of the object it opens.
func (e *Encoder) appendJSONValue(dst, v []byte, i, depth int) ([]byte, int) {
	i = skipSpace(v, i)
	if i >= len(v) {
		return dst, i
	}
	switch v[i] {
	case '{':
		if len(e.nested) <= depth {
			e.nested = append(e.nested, make([]keySet, depth+1-len(e.nested))...)
		}
		dst = append(dst, '{')
		i = skipSpace(v, i+1)
		first := true
		for i < len(v) && v[i] == '"' {
			ke := stringEnd(v, i)
			if first {
				// The set of the object at this depth is reset only when
				// one starts, so the members of a value nested deeper do
				// not clear it.
				e.nested[depth].reset()
				first = false
			} else {
				dst = append(dst, ',')
			}
			dst = e.appendName(dst, v[i:ke], &e.nested[depth])
			dst = append(dst, ':')
			i = skipSpace(v, ke)
			dst, i = e.appendJSONValue(dst, v, i+1, depth+1) // past ':'
			if i = skipSpace(v, i); i < len(v) && v[i] == ',' {
				i = skipSpace(v, i+1)
			}
		}
		return append(dst, '}'), i + 1
	case '[':
		dst = append(dst, '[')
		i = skipSpace(v, i+1)
		for n := 0; i < len(v) && v[i] != ']'; n++ {
			if n > 0 {
				dst = append(dst, ',')
			}
			dst, i = e.appendJSONValue(dst, v, i, depth)
			if i = skipSpace(v, i); i < len(v) && v[i] == ',' {
				i++
			}
			i = skipSpace(v, i)
		}
		return append(dst, ']'), i + 1
	case '"':
		end := stringEnd(v, i)
		return append(dst, v[i:end]...), end
	}
	// A number or a literal: it runs to the next delimiter.
	s := i
	for i < len(v) && v[i] > ' ' && v[i] != ',' && v[i] != '}' && v[i] != ']' {
		i++
	}
	return append(dst, v[s:i]...), i
}

// appendName appends the member name lit (a JSON string literal), renamed
// if set has it already. Names are compared decoded, as readers compare
// them; a name with escapes (rare) is decoded by encoding/json, which
// allocates, so that its rules for surrogates are the readers' rules.
func (e *Encoder) appendName(dst, lit []byte, set *keySet) []byte {
	name := lit[1 : len(lit)-1]
	if bytes.IndexByte(name, '\\') >= 0 {
		var s string
		if json.Unmarshal(lit, &s) == nil {
			name = []byte(s)
		}
	}
	if u := set.unique(name); len(u) != len(name) {
		return AppendString(dst, u) // renamed
	}
	return append(dst, lit...)
}

// stringEnd returns the index past the string literal at v[i] == '"'.
func stringEnd(v []byte, i int) int {
	for i++; i < len(v); i++ {
		switch v[i] {
		case '\\':
			i++
		case '"':
			return i + 1
		}
	}
	return len(v)
}

func skipSpace(v []byte, i int) int {
	for i < len(v) && v[i] <= ' ' {
		i++
	}
	return i
}
