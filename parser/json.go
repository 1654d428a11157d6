package parser

import (
	"bytes"
	"encoding/binary"
	"math/bits"
	"unicode/utf8"
)

// A tiny JSON scanner: enough to find where a value ends and to decode string
// literals, without encoding/json's reflection and allocations. It accepts
// exactly RFC 8259 values; anything else reports failure so the caller can
// fall back to treating the bytes as text.

const maxJSONDepth = 64

// skipJSONValue returns the index just past the JSON value that starts at
// b[i] (after optional white space), or -1 when b[i:] does not start with one.
func skipJSONValue(b []byte, i int) int { return skipValue(b, skipWS(b, i), 0) }

// validJSON reports whether b is exactly one JSON value (white space around allowed).
func validJSON(b []byte) bool {
	end := skipJSONValue(b, 0)
	return end >= 0 && skipWS(b, end) == len(b)
}

func skipWS(b []byte, i int) int {
	for i < len(b) && b[i] <= ' ' && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r') {
		i++
	}
	return i
}

// skipValue returns the index just past the JSON value at b[i], or -1.
// Objects and arrays go through skipValueBlock, whose strings end where a
// stop bitmap says; depth counts the containers around b[i].
func skipValue(b []byte, i, depth int) int {
	if i < len(b) && (b[i] == '{' || b[i] == '[') {
		base, mask := stopBlock(b, i)
		end, _, _ := skipValueBlock(b, i, depth, base, mask)
		return end
	}
	return skipScalar(b, i, depth)
}

// skipScalar is skipValue for a string, literal or number at b[i].
func skipScalar(b []byte, i, depth int) int {
	if i >= len(b) || depth > maxJSONDepth {
		return -1
	}
	switch c := b[i]; {
	case c == '"':
		return skipString(b, i)
	case c == 't':
		return skipLiteral(b, i, "true")
	case c == 'f':
		return skipLiteral(b, i, "false")
	case c == 'n':
		return skipLiteral(b, i, "null")
	case c == '-' || ('0' <= c && c <= '9'):
		return skipNumber(b, i)
	}
	return -1
}

func skipLiteral(b []byte, i int, lit string) int {
	if len(b)-i < len(lit) || string(b[i:i+len(lit)]) != lit {
		return -1
	}
	return i + len(lit)
}

func skipNumber(b []byte, i int) int {
	if i < len(b) && b[i] == '-' {
		i++
	}
	if i >= len(b) {
		return -1
	}
	if b[i] == '0' {
		i++
	} else if '1' <= b[i] && b[i] <= '9' {
		i = skipDigits(b, i+1)
	} else {
		return -1
	}
	if i < len(b) && b[i] == '.' {
		i++
		if i >= len(b) || !isDigit(b[i]) {
			return -1
		}
		i = skipDigits(b, i+1)
	}
	if i < len(b) && (b[i] == 'e' || b[i] == 'E') {
		i++
		if i < len(b) && (b[i] == '+' || b[i] == '-') {
			i++
		}
		if i >= len(b) || !isDigit(b[i]) {
			return -1
		}
		i = skipDigits(b, i+1)
	}
	return i
}

// skipDigits returns the index of the first byte at or after i that is not
// a decimal digit (len(b) if none). Epoch timestamps run to 10 to 19
// digits: eight at a time, with no branch per digit.
func skipDigits(b []byte, i int) int {
	const lo7, hi = 0x7f7f7f7f7f7f7f7f, 0x8080808080808080
	for i+8 <= len(b) {
		// t holds a digit's value in each byte that is one. A sum's high
		// bit is set where t >= 10 and t's own where it is >= 0x80; no sum
		// carries into the next byte.
		t := binary.LittleEndian.Uint64(b[i:i+8]) ^ 0x3030303030303030
		if m := ((t & lo7) + 0x7676767676767676 | t) & hi; m != 0 {
			return i + bits.TrailingZeros64(m)/8
		}
		i += 8
	}
	for i < len(b) && isDigit(b[i]) {
		i++
	}
	return i
}

// skipString returns the index past the string literal starting at b[i] == '"'.
func skipString(b []byte, i int) int {
	i++
	// Fast path, eight bytes at a time: the first quote, backslash or
	// control character decides. Most strings in logs are short, where this
	// beats a vectorised search's call overhead.
	for i+8 <= len(b) {
		x := binary.LittleEndian.Uint64(b[i : i+8])
		if m := specialBytes(x); m != 0 {
			i += bits.TrailingZeros64(m) / 8
			if b[i] == '"' {
				return i + 1
			}
			break // escape or control character: the careful loop below
		}
		i += 8
	}
	for i < len(b) {
		switch c := b[i]; {
		case c == '"':
			return i + 1
		case c == '\\':
			if i+1 >= len(b) {
				return -1
			}
			switch b[i+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				i += 2
			case 'u':
				if i+6 > len(b) {
					return -1
				}
				for _, h := range b[i+2 : i+6] {
					if _, ok := unhex(h); !ok {
						return -1
					}
				}
				i += 6
			default:
				return -1
			}
		case c < 0x20:
			return -1
		default:
			i++
		}
	}
	return -1
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// appendJSONUnquote decodes the JSON string literal v (quotes included).
// Lone surrogates decode to U+FFFD as encoding/json does.
func appendJSONUnquote(dst, v []byte) ([]byte, bool) {
	if len(v) < 2 || v[0] != '"' || v[len(v)-1] != '"' {
		return dst, false
	}
	start := len(dst)
	s := v[1 : len(v)-1]
	for i := 0; i < len(s); {
		// Copy up to the next escape in one append: most strings have none.
		k := bytes.IndexByte(s[i:], '\\')
		if k < 0 {
			dst = append(dst, s[i:]...)
			break
		}
		dst = append(dst, s[i:i+k]...)
		i += k
		if i+1 >= len(s) {
			return dst[:start], false
		}
		e := s[i+1]
		i += 2
		switch e {
		case '"', '\\', '/':
			dst = append(dst, e)
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
			r, ok := hex4(s, i)
			if !ok {
				return dst[:start], false
			}
			i += 4
			if 0xD800 <= r && r < 0xDC00 {
				if i+6 <= len(s) && s[i] == '\\' && s[i+1] == 'u' {
					if r2, ok := hex4(s, i+2); ok && 0xDC00 <= r2 && r2 < 0xE000 {
						r = (r-0xD800)<<10 | (r2 - 0xDC00) + 0x10000
						i += 6
					} else {
						r = utf8.RuneError
					}
				} else {
					r = utf8.RuneError
				}
			} else if 0xDC00 <= r && r < 0xE000 {
				r = utf8.RuneError
			}
			dst = utf8.AppendRune(dst, r)
		default:
			return dst[:start], false
		}
	}
	return dst, true
}

func hex4(s []byte, i int) (rune, bool) {
	if i+4 > len(s) {
		return 0, false
	}
	var r rune
	for _, h := range s[i : i+4] {
		d, ok := unhex(h)
		if !ok {
			return 0, false
		}
		r = r<<4 | rune(d)
	}
	return r, true
}

// specialBytes returns a mask with the high bit set in each byte of x that
// is a quote, a backslash or below 0x20. Only bytes above the lowest hit can
// be false positives, so the lowest set bit is exact.
//
// The three tests share one "&^ x": x, x^0x22 and x^0x5c have the same high
// bit in every byte (neither constant sets it), so masking each difference
// with its own complement, as the tests read alone, keeps the same bits.
// Without BMI's ANDN (GOAMD64=v1) each &^ is a NOT and an AND.
func specialBytes(x uint64) uint64 {
	const lo, hi, ones = 0x2020202020202020, 0x8080808080808080, 0x0101010101010101
	q := x ^ 0x2222222222222222
	bs := x ^ 0x5c5c5c5c5c5c5c5c
	return ((x - lo) | (q - ones) | (bs - ones)) &^ x & hi
}
