package ndjson

import (
	"encoding/binary"
	"math/bits"
	"slices"
	"unicode/utf8"
)

// appendStringPrev is AppendString as it was before its runs' loop kept
// only what is left of s (not s and an index into it): the reference
// FuzzAppendString holds AppendString to, besides appendStringByte.
func appendStringPrev(dst, s []byte) []byte {
	if n := len(s); n >= 8 && n <= 16 {
		// A short text (a caller, a logger's name, many messages) in
		// two words, the second overlapping the first, stored with its
		// quotes when neither needs care: none of the set-up of a run.
		w0, w1 := binary.LittleEndian.Uint64(s), binary.LittleEndian.Uint64(s[n-8:])
		if m := len(dst); needsCare(w0)|needsCare(w1) == 0 && cap(dst)-m >= 18 {
			d := dst[m : m+18]
			d[0] = '"'
			binary.LittleEndian.PutUint64(d[1:], w0)
			binary.LittleEndian.PutUint64(d[n-7:], w1)
			d[n+1] = '"'
			return dst[:m+n+2]
		}
	} else if n > 16 && n <= 32 {
		// Up to twice that (most callers, many messages) in four
		// words, the last two overlapping the first two: the general
		// path's set-up costs more than the test of all four.
		w0, w1 := binary.LittleEndian.Uint64(s), binary.LittleEndian.Uint64(s[8:])
		w2, w3 := binary.LittleEndian.Uint64(s[n-16:]), binary.LittleEndian.Uint64(s[n-8:])
		if m := len(dst); needsCare(w0)|needsCare(w1)|needsCare(w2)|needsCare(w3) == 0 && cap(dst)-m >= 34 {
			d := dst[m : m+34]
			d[0] = '"'
			binary.LittleEndian.PutUint64(d[1:], w0)
			binary.LittleEndian.PutUint64(d[9:], w1)
			binary.LittleEndian.PutUint64(d[n-15:], w2)
			binary.LittleEndian.PutUint64(d[n-7:], w3)
			d[n+1] = '"'
			return dst[:m+n+2]
		}
	} else if n > 32 && n <= 48 {
		// And three times (the longer callers: a package's path), in
		// six words: a loop over them costs more than the general path.
		w0, w1, w2 := binary.LittleEndian.Uint64(s), binary.LittleEndian.Uint64(s[8:]), binary.LittleEndian.Uint64(s[16:])
		w3, w4, w5 := binary.LittleEndian.Uint64(s[n-24:]), binary.LittleEndian.Uint64(s[n-16:]), binary.LittleEndian.Uint64(s[n-8:])
		if m := len(dst); needsCare(w0)|needsCare(w1)|needsCare(w2)|needsCare(w3)|needsCare(w4)|needsCare(w5) == 0 && cap(dst)-m >= 50 {
			d := dst[m : m+50]
			d[0] = '"'
			binary.LittleEndian.PutUint64(d[1:], w0)
			binary.LittleEndian.PutUint64(d[9:], w1)
			binary.LittleEndian.PutUint64(d[17:], w2)
			binary.LittleEndian.PutUint64(d[n-23:], w3)
			binary.LittleEndian.PutUint64(d[n-15:], w4)
			binary.LittleEndian.PutUint64(d[n-7:], w5)
			d[n+1] = '"'
			return dst[:m+n+2]
		}
	} else if m := len(dst); n < 8 && cap(dst)-m >= 9 {
		// Shorter, a byte at a time, as far as the first that needs
		// care; the general path starts over from there.
		d := dst[m : m+9]
		k := 0
		for ; k < n; k++ {
			c := s[k]
			if c < 0x20 || c == '"' || c == '\\' || c >= utf8.RuneSelf {
				break
			}
			d[k+1] = c
		}
		if k == n {
			d[0] = '"'
			d[n+1] = '"'
			return dst[:m+n+2]
		}
	}
	dst = append(dst, '"')
	for i := 0; ; {
		n := len(dst)
		src := s[i:]
		// Room for the run's copy and the closing quote.
		if cap(dst)-n < len(src)+1 {
			dst = slices.Grow(dst, len(src)+1)
		}
		// out is dst to its capacity and w the room left in it, never
		// shorter than src and the closing quote. A two-byte escape
		// (a newline, a tab, a quote: stack traces have one or two a
		// line) is written into w when w holds it and still src and the
		// quote, and the run goes on from the next byte by slicing src
		// and w again: none of the set-up above, nor the appends below.
		out := dst[:cap(dst)]
		w := out[n:]
		for {
			d := w[:len(src)] // for the prover: d is as long as src
			k := 0
			if len(src) >= 8 {
				for ; k <= len(src)-16; k += 16 {
					w0 := binary.LittleEndian.Uint64(src[k:])
					w1 := binary.LittleEndian.Uint64(src[k+8:])
					binary.LittleEndian.PutUint64(d[k:], w0)
					binary.LittleEndian.PutUint64(d[k+8:], w1)
					// The lowest mark of each word is exact, and w1's
					// counts only when w0 has none.
					if m0, m1 := needsCare(w0), needsCare(w1); m0|m1 != 0 {
						if m0 != 0 {
							k += bits.TrailingZeros64(m0) / 8
						} else {
							k += 8 + bits.TrailingZeros64(m1)/8
						}
						goto care
					}
				}
				if k <= len(src)-8 {
					x := binary.LittleEndian.Uint64(src[k:])
					binary.LittleEndian.PutUint64(d[k:], x)
					if m := needsCare(x); m != 0 {
						k += bits.TrailingZeros64(m) / 8
						goto care
					}
					k += 8
				}
				if k < len(src) {
					// src[j:k] was read above and needs no care: it sets
					// no mark (no borrow either), and its copy is stored
					// again as it is.
					j := len(src) - 8
					x := binary.LittleEndian.Uint64(src[j:])
					binary.LittleEndian.PutUint64(d[j:], x)
					if m := needsCare(x) >> (8 * uint(k-j)); m != 0 {
						k += bits.TrailingZeros64(m) / 8
						goto care
					}
				}
			} else {
				for ; k < len(src); k++ {
					c := src[k]
					if c < 0x20 || c == '"' || c == '\\' || c >= utf8.RuneSelf {
						goto care
					}
					d[k] = c
				}
			}
			{
				// The rest of s is plain; w holds the quote.
				end := len(out) - len(w) + len(src)
				out[end] = '"'
				return out[:end+1]
			}
		care:
			if e := shortEscape[src[k]]; e != 0 && len(w)-len(src) >= 2 {
				w[k] = '\\'
				w[k+1] = e
				w = w[k+2:]
				src = src[k+1:]
				continue
			}
			dst = out[:len(out)-len(w)+k]
			i = len(s) - len(src) + k
			break
		}
		c := s[i]
		if c < utf8.RuneSelf { // a quote, a backslash or a control byte
			switch c {
			case '"', '\\':
				dst = append(dst, '\\', c)
			case '\n':
				dst = append(dst, '\\', 'n')
			case '\r':
				dst = append(dst, '\\', 'r')
			case '\t':
				dst = append(dst, '\\', 't')
			default:
				dst = append(dst, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xf])
			}
			i++
			continue
		}
		r, size := utf8.DecodeRune(s[i:])
		if r == utf8.RuneError && size == 1 {
			dst = append(dst, '\\', '\\', 'x', hexDigits[c>>4], hexDigits[c&0xf])
			i++
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			// Valid JSON, but not valid JavaScript; escape like encoding/json.
			dst = append(dst, '\\', 'u', '2', '0', '2', hexDigits[r&0xf])
			i += size
			continue
		}
		dst = append(dst, s[i:i+size]...)
		i += size
	}
}
