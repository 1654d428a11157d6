package parser

import (
	"encoding/binary"
	"math/bits"
	"slices"
)

// The key=value copies (appendPlainLogfmt, appendPlainTTY,
// appendPlainLogfmtRest) split, check and copy in one pass. The walks they
// replace found a token's end with one scan (indexByteFrom, skipGoString,
// nextPair), checked the token plain with a second (plainEnd) and copied
// it with a third (append's memmove): three passes over each key and
// value, and several calls per pair. Here one eight-byte load per word
// of a token answers all three: the word is stored into the output
// unconditionally, and one mask marks both the byte that ends the token
// ('=', a space, the closing quote) and any byte a JSON string cannot hold
// as it is. The lowest mark decides: the token's end, or a decline.
//
// The output is written by index into dst grown to its capacity
// (growPlainOut), with room for the whole object and a word of slack, so
// that a word stored past a token's end (scratch, overwritten next) is in
// bounds.
//
// Each walk splits the pairs exactly as the walk it replaces did (kept in
// plaincopy_ref_test.go): checkPlainFields, run by TestAppendPlainFields
// and FuzzParse, holds each to its reference, byte for byte, accepting and
// declining alike, and the references are held to the EachField walkers
// as before.

// The masks' parameters: lo marks the bytes below it (lo20: the control
// bytes; lo21: those and the space), stop marks one more byte value, and
// pad is what the bytes past the end of the text read as: a byte that
// stops the scan there, as the end of the text does.
const (
	lo20      = 0x20 * swarOnes
	lo21      = 0x21 * swarOnes
	stopEq    = '=' * swarOnes
	stopQuote = '"' * swarOnes // a byte plainEnd stops at anyway: no extra stop
	padNUL    = 0              // the end of the text: not plain (decline)
	padSpace  = ' ' * swarOnes // the end of the text: the end of a bare value
	padQuote  = '"' * swarOnes // the end of the text: not plain (decline)
)

// memberOpen and nameClose are `,"` and `":` as little-endian 16-bit words:
// one store and one bounds check each, not two.
const (
	memberOpen = ',' | '"'<<8
	nameClose  = '"' | ':'<<8
)

// growPlainOut returns dst grown to its capacity, with room past len(dst)
// for the object the copies write from the n bytes of pairs: each pair
// adds at most `,"`, `":` and a bare value's two quotes to at least two
// bytes of text ("k="), and a word of slack follows for the last store.
func growPlainOut(dst []byte, n int) []byte {
	if need := 4*n + 24; cap(dst)-len(dst) < need {
		dst = slices.Grow(dst, need)
	}
	return dst[:cap(dst)]
}

// copyKeyEq, copyBareKey, copyBare and copyPlainRun copy b[i:] to out[w:],
// eight bytes at a time, up to the first byte of b that is not plain
// (plainEnd's rule, with lo for its lower bound) or is stop's; each returns
// that byte's index in b (len(b) when the end of b comes first and pad
// stops there) and the index in out where its copy went. Only the bytes
// before it are copied; the rest of the last word stored is scratch. They
// are one function written out once per set of parameters (lo, stop,
// pad), so that these are constants: as arguments, eleven words in all,
// they did not fit in registers and the loop kept its values on the stack.

// copyKeyEq: a logrus key, which runs to its '=', spaces and all
// (lo20, stopEq, padQuote).
func copyKeyEq(out []byte, w int, b []byte, i int) (int, int) {
	for ; i+8 <= len(b); i, w = i+8, w+8 {
		x := binary.LittleEndian.Uint64(b[i : i+8])
		binary.LittleEndian.PutUint64(out[w:w+8], x)
		if m := stopMask(x, lo20, stopEq); m != 0 {
			k := bits.TrailingZeros64(m) / 8
			return i + k, w + k
		}
	}
	var x uint64
	if n := len(b) - i; n > 0 && i+8 <= cap(b) {
		// loadTail's common case in line (see copyGoQuoted).
		keep := uint64(1)<<(8*uint(n)) - 1
		x = binary.LittleEndian.Uint64(b[i:i+8:i+8])&keep | padQuote&^keep
	} else {
		x = loadTail(b, i, padQuote)
	}
	binary.LittleEndian.PutUint64(out[w:w+8], x)
	k := min(bits.TrailingZeros64(stopMask(x, lo20, stopEq))/8, len(b)-i)
	return i + k, w + k
}

// copyBareKey: a bare logfmt key, which a space ends as no pair (lo21,
// stopEq, padQuote).
func copyBareKey(out []byte, w int, b []byte, i int) (int, int) {
	for ; i+8 <= len(b); i, w = i+8, w+8 {
		x := binary.LittleEndian.Uint64(b[i : i+8])
		binary.LittleEndian.PutUint64(out[w:w+8], x)
		if m := stopMask(x, lo21, stopEq); m != 0 {
			k := bits.TrailingZeros64(m) / 8
			return i + k, w + k
		}
	}
	var x uint64
	if n := len(b) - i; n > 0 && i+8 <= cap(b) {
		// loadTail's common case in line (see copyGoQuoted).
		keep := uint64(1)<<(8*uint(n)) - 1
		x = binary.LittleEndian.Uint64(b[i:i+8:i+8])&keep | padQuote&^keep
	} else {
		x = loadTail(b, i, padQuote)
	}
	binary.LittleEndian.PutUint64(out[w:w+8], x)
	k := min(bits.TrailingZeros64(stopMask(x, lo21, stopEq))/8, len(b)-i)
	return i + k, w + k
}

// copyBare: a bare value, which runs to the next space (lo21, stopQuote,
// padSpace).
func copyBare(out []byte, w int, b []byte, i int) (int, int) {
	for ; i+8 <= len(b); i, w = i+8, w+8 {
		x := binary.LittleEndian.Uint64(b[i : i+8])
		binary.LittleEndian.PutUint64(out[w:w+8], x)
		if m := stopMask(x, lo21, stopQuote); m != 0 {
			k := bits.TrailingZeros64(m) / 8
			return i + k, w + k
		}
	}
	var x uint64
	if n := len(b) - i; n > 0 && i+8 <= cap(b) {
		// loadTail's common case in line (see copyGoQuoted).
		keep := uint64(1)<<(8*uint(n)) - 1
		x = binary.LittleEndian.Uint64(b[i:i+8:i+8])&keep | padSpace&^keep
	} else {
		x = loadTail(b, i, padSpace)
	}
	binary.LittleEndian.PutUint64(out[w:w+8], x)
	k := min(bits.TrailingZeros64(stopMask(x, lo21, stopQuote))/8, len(b)-i)
	return i + k, w + k
}

// copyPlainRun: a quoted string's plain bytes, or a coloured key's up to
// its reset (lo20, stopQuote, padNUL).
func copyPlainRun(out []byte, w int, b []byte, i int) (int, int) {
	for ; i+8 <= len(b); i, w = i+8, w+8 {
		x := binary.LittleEndian.Uint64(b[i : i+8])
		binary.LittleEndian.PutUint64(out[w:w+8], x)
		if m := stopMask(x, lo20, stopQuote); m != 0 {
			k := bits.TrailingZeros64(m) / 8
			return i + k, w + k
		}
	}
	var x uint64
	if n := len(b) - i; n > 0 && i+8 <= cap(b) {
		// loadTail's common case in line (see copyGoQuoted).
		keep := uint64(1)<<(8*uint(n)) - 1
		x = binary.LittleEndian.Uint64(b[i:i+8:i+8])&keep | padNUL&^keep
	} else {
		x = loadTail(b, i, padNUL)
	}
	binary.LittleEndian.PutUint64(out[w:w+8], x)
	k := min(bits.TrailingZeros64(stopMask(x, lo20, stopQuote))/8, len(b)-i)
	return i + k, w + k
}

// stopMask marks, with the high bit of each byte, notPlain's bytes of x
// (those below lo rather than below the space) and stop's. Only bytes above
// the lowest mark can be false positives (see notPlain).
func stopMask(x, lo, stop uint64) uint64 {
	q := x ^ 0x2222222222222222
	bs := x ^ 0x5c5c5c5c5c5c5c5c
	s := x ^ stop
	return ((x - lo) | (q - swarOnes) | (bs - swarOnes) | (s - swarOnes) | x) & swarHigh
}

// loadTail returns the last bytes of b from i (fewer than eight) as a word,
// the bytes past len(b) replaced by pad's.
func loadTail(b []byte, i int, pad uint64) uint64 {
	n := len(b) - i
	if n <= 0 {
		return pad
	}
	var x uint64
	if i+8 <= cap(b) {
		// The bytes past len(b) are readable (b is a window on a line):
		// load a whole word and mask them off.
		x = binary.LittleEndian.Uint64(b[i : i+8 : i+8])
	} else {
		x = loadShort(b[i:])
	}
	keep := uint64(1)<<(8*n) - 1
	return x&keep | pad&^keep
}

// loadShort returns the fewer than eight bytes of b as a word, zeros past
// them: out of line, as its copy is rare (text at the very end of its
// buffer) and would make its callers keep their values on the stack.
//
//go:noinline
func loadShort(b []byte) uint64 {
	var t [8]byte
	copy(t[:], b)
	return binary.LittleEndian.Uint64(t[:])
}

// copyGoQuoted copies the Go string literal at b[i] (b[i] is its quote) to
// out[w:] when AppendPlainJSON copies it (kindGoQuoted): plain bytes and the
// escapes \" \\ \n \r \t, which JSON reads alike. It returns the index
// after the closing quote and after its copy; ok is false when the literal
// does not end on this text or is not such a copy.
func copyGoQuoted(out []byte, w int, b []byte, i int) (next, wnext int, ok bool) {
	out[w] = '"'
	w++
	i++
	// copyPlainRun's loop, written out: a call for each run of plain
	// bytes (one a literal, more with escapes) cost more than the loop.
	for {
		var x uint64
		if i+8 <= len(b) {
			x = binary.LittleEndian.Uint64(b[i : i+8])
		} else if n := len(b) - i; n > 0 && i+8 <= cap(b) {
			// loadTail's common case in line (a literal ending its
			// text: klog's and logfmt's last value): the word past
			// the text, masked to it, padNUL's zeros past it.
			x = binary.LittleEndian.Uint64(b[i:i+8:i+8]) & (1<<(8*uint(n)) - 1)
		} else {
			// padNUL: the end of the text stops the run, and declines.
			x = loadTail(b, i, padNUL)
		}
		binary.LittleEndian.PutUint64(out[w:w+8], x)
		m := stopMask(x, lo20, stopQuote)
		if m == 0 {
			i, w = i+8, w+8
			continue
		}
		k := bits.TrailingZeros64(m) / 8
		j, jw := i+k, w+k
		if j >= len(b) {
			return 0, 0, false
		}
		switch b[j] {
		case '"':
			out[jw] = '"'
			return j + 1, jw + 1, true
		case '\\':
			if j+1 < len(b) {
				switch c := b[j+1]; c {
				case '"', '\\', 'n', 'r', 't':
					out[jw], out[jw+1] = '\\', c
					i, w = j+2, jw+2
					continue
				}
			}
		}
		return 0, 0, false
	}
}

// closePlainOut ends the object written from out[start:w] and returns it,
// or out[:start] (nothing appended) when it has no members.
func closePlainOut(out []byte, start, w int, names *plainNames) []byte {
	if names.n == 0 {
		return out[:start]
	}
	out[start] = '{' // the first member was written after a ','
	out[w] = '}'
	return out[:w+1]
}

// appendPlainLogfmt is AppendPlainFields for logrus's text pairs
// (eachLogfmtField's walk: a key runs to the next '=').
func appendPlainLogfmt(dst, b []byte) (_ []byte, ok bool) {
	start := len(dst)
	out := growPlainOut(dst, len(b))
	w := start
	var names plainNames
	i := 0
	for i < len(b) {
		for i < len(b) && b[i] == ' ' {
			i++
		}
		if i >= len(b) {
			break
		}
		ks := i
		binary.LittleEndian.PutUint16(out[w:w+2], memberOpen)
		// The key runs to the '=', spaces and all; any byte not plain
		// declines.
		ke, kw := copyKeyEq(out, w+2, b, ks)
		if ke >= len(b) || b[ke] != '=' || ke == ks {
			return dst[:start], false
		}
		// names.add, written out: this runs for every pair copied.
		if bit := keyBit(b[ks:ke]); names.seen&bit == 0 && names.n < maxPlainMembers {
			names.record(ks, ke, bit)
		} else if !names.addSlow(b, ks, ke, bit) {
			return dst[:start], false
		}
		binary.LittleEndian.PutUint16(out[kw:kw+2], nameClose)
		// The value: a Go string literal, or a bare word to the next
		// space, written as a JSON string (the same in both logrus walks).
		if vs := ke + 1; vs < len(b) && b[vs] == '"' {
			if i, w, ok = copyGoQuoted(out, kw+2, b, vs); !ok {
				return dst[:start], false
			}
		} else {
			out[kw+2] = '"'
			ve, vw := copyBare(out, kw+3, b, vs)
			if ve < len(b) && b[ve] != ' ' {
				return dst[:start], false
			}
			out[vw] = '"'
			// The space after the value (or the end) needs no test again.
			i, w = ve+1, vw+1
		}
	}
	return closePlainOut(out, start, w, &names), true
}

// appendPlainTTY is AppendPlainFields for logrus's coloured pairs
// "ESC[36mkeyESC[0m=value" (eachTTYField's walk).
func appendPlainTTY(dst, b []byte) (_ []byte, ok bool) {
	start := len(dst)
	out := growPlainOut(dst, len(b))
	w := start
	var names plainNames
	i := 0
	for i < len(b) {
		for i < len(b) && b[i] == ' ' {
			i++
		}
		if i >= len(b) {
			break
		}
		// The key's colour, "ESC[36m" (two digits) as logrus writes it,
		// tested here; skipCSI takes any other.
		var ks int
		if i+5 <= len(b) {
			c := b[i : i+5 : i+5]
			if c[0] == 0x1b && c[1] == '[' && isDigit(c[2]) && isDigit(c[3]) && c[4] == 'm' {
				ks = i + 5
			} else if ks = skipCSI(b, i); ks == i {
				return dst[:start], false // the rest is text, not pairs
			}
		} else if ks = skipCSI(b, i); ks == i {
			return dst[:start], false
		}
		binary.LittleEndian.PutUint16(out[w:w+2], memberOpen)
		// The key ends at the first "ESC[0m=": its ESC, a control byte,
		// is the first byte not plain, or the key is no copy.
		ke, kw := copyPlainRun(out, w+2, b, ks)
		if len(b)-ke < 5 || string(b[ke:ke+5]) != "\x1b[0m=" || ke == ks {
			return dst[:start], false
		}
		// names.add, written out: this runs for every pair copied.
		if bit := keyBit(b[ks:ke]); names.seen&bit == 0 && names.n < maxPlainMembers {
			names.record(ks, ke, bit)
		} else if !names.addSlow(b, ks, ke, bit) {
			return dst[:start], false
		}
		binary.LittleEndian.PutUint16(out[kw:kw+2], nameClose)
		// The value: a Go string literal, or a bare word to the next
		// space, written as a JSON string (the same in both logrus walks).
		if vs := ke + 5; vs < len(b) && b[vs] == '"' {
			if i, w, ok = copyGoQuoted(out, kw+2, b, vs); !ok {
				return dst[:start], false
			}
		} else {
			out[kw+2] = '"'
			ve, vw := copyBare(out, kw+3, b, vs)
			if ve < len(b) && b[ve] != ' ' {
				return dst[:start], false
			}
			out[vw] = '"'
			// The space after the value (or the end) needs no test again.
			i, w = ve+1, vw+1
		}
	}
	return closePlainOut(out, start, w, &names), true
}

// appendPlainLogfmtRest is AppendPlainFields for the logfmt pairs the
// header did not consume (eachLogfmtRest's walk, nextPair's split); b
// starts at offset base of the record's text. A quoted key is plain when
// its text needs no unquoting, and is then written as it is between its
// quotes.
func (r *Record) appendPlainLogfmtRest(dst, b []byte, base int) (_ []byte, ok bool) {
	start := len(dst)
	out := growPlainOut(dst, len(b))
	w := start
	var names plainNames
	i := 0
	for i < len(b) {
		for i < len(b) && b[i] == ' ' {
			i++
		}
		if i >= len(b) {
			return dst[:start], false // nextPair: no pair (general: "_unparsed")
		}
		binary.LittleEndian.PutUint16(out[w:w+2], memberOpen)
		var ks, ke, kw, vs int
		var read bool // the key is plain and not empty, and '=' follows it
		if b[i] == '"' {
			// A quoted key: plain up to its closing quote, then '='.
			ks = i + 1
			ke, kw = copyPlainRun(out, w+2, b, ks)
			read, vs = ke+1 < len(b) && b[ke] == '"' && b[ke+1] == '=', ke+2
		} else {
			// A bare key ends at '='; a space or a quote first makes the
			// text no pair, any other byte not plain no copy.
			ks = i
			ke, kw = copyBareKey(out, w+2, b, ks)
			read, vs = ke < len(b) && b[ke] == '=', ke+1
		}
		if !read || ke == ks {
			if i, ok = r.skipConsumed(b, i, base); ok {
				continue
			}
			return dst[:start], false
		}
		if r.consumedPair(int32(base + vs)) {
			// Left out, as the header took it: only its end is needed.
			if i = pairValueEnd(b, vs); i < 0 {
				return dst[:start], false
			}
			continue
		}
		// names.add, written out: this runs for every pair copied.
		if bit := keyBit(b[ks:ke]); names.seen&bit == 0 && names.n < maxPlainMembers {
			names.record(ks, ke, bit)
		} else if !names.addSlow(b, ks, ke, bit) {
			return dst[:start], false
		}
		binary.LittleEndian.PutUint16(out[kw:kw+2], nameClose)
		w = kw + 2
		if vs < len(b) && b[vs] == '"' {
			// A quoted value must be followed by a space, or end the text.
			if i, w, ok = copyGoQuoted(out, w, b, vs); !ok || i < len(b) && b[i] != ' ' {
				return dst[:start], false
			}
			continue
		}
		// A bare value runs to the next space; any other byte lo21 marks
		// is not plain.
		out[w] = '"'
		ve, vw := copyBare(out, w+1, b, vs)
		if ve < len(b) && b[ve] != ' ' {
			return dst[:start], false
		}
		out[vw] = '"'
		i, w = ve, vw+1
	}
	return closePlainOut(out, start, w, &names), true
}

// skipConsumed answers for a pair the copy cannot read (a key that is not
// plain, or empty) as the general walk would: a pair the header took (its
// value where the header's message or time lies, which an empty value can
// be) is left out, and the walk goes on after it; any other declines.
func (r *Record) skipConsumed(b []byte, i, base int) (next int, ok bool) {
	if p, next, isPair := nextPair(b, i); isPair && r.consumedPair(int32(base+p.vs)) {
		return next, true
	}
	return i, false
}

// appendPlainKlog is AppendPlainFields for klog's pairs (eachKlogField's
// walk). A block ("=<") or an object or array value is rare: it is appended
// by appendPlainBlock or appendNested, and the copy goes on after it.
func appendPlainKlog(dst, b []byte) (_ []byte, ok bool) {
	start := len(dst)
	out := growPlainOut(dst, len(b))
	w := start
	var names plainNames
	i := 0
	for i < len(b) {
		for i < len(b) && b[i] == ' ' {
			i++
		}
		if i >= len(b) {
			break
		}
		ks := i
		binary.LittleEndian.PutUint16(out[w:w+2], memberOpen)
		// The key ends at '='; a space or a newline first makes the rest
		// text, not pairs, and any other byte not plain no copy.
		ke, kw := copyBareKey(out, w+2, b, ks)
		if ke >= len(b) || b[ke] != '=' || ke == ks {
			return dst[:start], false
		}
		// names.add, written out: this runs for every pair copied.
		if bit := keyBit(b[ks:ke]); names.seen&bit == 0 && names.n < maxPlainMembers {
			names.record(ks, ke, bit)
		} else if !names.addSlow(b, ks, ke, bit) {
			return dst[:start], false
		}
		binary.LittleEndian.PutUint16(out[kw:kw+2], nameClose)
		w = kw + 2
		vs := ke + 1
		switch {
		case vs < len(b) && b[vs] == '"':
			// A Go string literal on this line: a newline in it is a
			// control byte, which declines.
			if i, w, ok = copyGoQuoted(out, w, b, vs); !ok {
				return dst[:start], false
			}
		case vs+1 < len(b) && b[vs] == '<' && b[vs+1] == '\n':
			var v []byte
			v, i = klogBlock(b, vs)
			d, ok := appendPlainBlock(out[:w], v)
			if !ok {
				return dst[:start], false
			}
			out, w = growPlainOut(d, len(b)), len(d)
		case vs < len(b) && (b[vs] == '[' || b[vs] == '{'):
			// An object or an array (a slice, map or struct), copied when
			// the encoder would write it as it is; a word that fails to be
			// one is left to the general path.
			e := skipJSONValue(b, vs)
			if e <= 0 || e < len(b) && b[e] != ' ' && b[e] != '\n' {
				return dst[:start], false
			}
			d, ok := appendNested(out[:w], b[vs:e])
			if !ok {
				return dst[:start], false
			}
			out, w, i = growPlainOut(d, len(b)), len(d), e
		default:
			// A bare word to the next space or newline: a JSON number or
			// literal is copied as it is, any other word as a string.
			// Any byte lo21 marks other than those two is not plain, or
			// (a tab, a CR) white space the encoder would not copy.
			out[w] = '"'
			ve, vw := copyBare(out, w+1, b, vs)
			if ve < len(b) && b[ve] != ' ' && b[ve] != '\n' {
				return dst[:start], false
			}
			if v := b[vs:ve]; validJSON(v) {
				w += copy(out[w:], v)
			} else {
				out[vw] = '"'
				w = vw + 1
			}
			i = ve
		}
		if i < len(b) && b[i] == '\n' {
			i++
		}
	}
	return closePlainOut(out, start, w, &names), true
}
