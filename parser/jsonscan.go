package parser

import (
	"encoding/binary"
	"math/bits"
)

// Strings in a JSON line end where a bitmap of "stop" bytes (quote,
// backslash, control byte) says, rather than where a scan of each string
// finds. A log line's strings are short and of every length: a per-string
// loop pays a call, a mispredicted exit and a part-used word for a few bytes
// each, while the bitmap is built branch-free 64 bytes at a time and a clean
// string's end is a shift and a trailing-zero count.
//
// The bitmap is kept one 64-byte block at a time: mask has bit k set when
// b[base+k] is a stop or base+k >= len(b), base a multiple of 64. Blocks
// are built as the parse moves right, each once. parseJSONLine keeps base
// and mask in locals and tries the common case itself, a string without
// escapes ending in the current block; skipStringBlock does the rest.

// skipStringBlock returns the index past the string literal whose content
// starts at b[s] (just past its opening quote), or -1, and the block it
// ended in. s must not lie left of base.
//
// It accepts exactly what skipString does.
func skipStringBlock(b []byte, s, base int, mask uint64) (int, int, uint64) {
	for {
		// p: the first stop at or after s, moving block by block.
		var p int
		for {
			if d := uint(s - base); d < 64 {
				if m := mask >> d; m != 0 {
					p = s + bits.TrailingZeros64(m)
					break
				}
				s = base + 64
			}
			if s >= len(b) {
				return -1, base, mask
			}
			base, mask = stopBlock(b, s)
		}
		if p >= len(b) {
			return -1, base, mask
		}
		switch b[p] {
		case '"':
			return p + 1, base, mask
		case '\\':
			if p+1 >= len(b) {
				return -1, base, mask
			}
			switch b[p+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				s = p + 2
			case 'u':
				if p+6 > len(b) {
					return -1, base, mask
				}
				for _, h := range b[p+2 : p+6] {
					if _, ok := unhex(h); !ok {
						return -1, base, mask
					}
				}
				s = p + 6
			default:
				return -1, base, mask
			}
		default: // a control byte
			return -1, base, mask
		}
	}
}

// stopBlock returns the block holding b[i]: base = i rounded down to a
// multiple of 64, so that the blocks of a line never overlap, and the stop
// mask of b[base:base+64], bits past len(b) set.
func stopBlock(b []byte, i int) (base int, mask uint64) {
	base = i &^ 63
	if len(b)-base < 64 {
		return base, stopTail(b, base)
	}
	w := b[base : base+64 : base+64]
	// The words' masks are gathered with their bits inverted, a stop
	// clear, and inverted once for all.
	return base, ^(stop8(binary.LittleEndian.Uint64(w[0:])) |
		stop8(binary.LittleEndian.Uint64(w[8:]))<<8 |
		stop8(binary.LittleEndian.Uint64(w[16:]))<<16 |
		stop8(binary.LittleEndian.Uint64(w[24:]))<<24 |
		stop8(binary.LittleEndian.Uint64(w[32:]))<<32 |
		stop8(binary.LittleEndian.Uint64(w[40:]))<<40 |
		stop8(binary.LittleEndian.Uint64(w[48:]))<<48 |
		stop8(binary.LittleEndian.Uint64(w[56:]))<<56)
}

// stopTail is the stop mask of b[base:], shorter than a block.
func stopTail(b []byte, base int) uint64 {
	t := b[base:]
	m := uint64(0)
	k := 0
	for ; k+8 <= len(t); k += 8 {
		m |= stop8(binary.LittleEndian.Uint64(t[k:k+8])) << uint(k&63)
	}
	if r := len(t) - k; r > 0 {
		var x uint64
		if len(b) >= 8 {
			// The line's last eight bytes, shifted so that t[k] is the low
			// byte: the zero bytes shifted in are control bytes, stops
			// like the positions past the end they stand for.
			x = binary.LittleEndian.Uint64(b[len(b)-8:]) >> uint(8*(8-r)&63)
		} else {
			for j := len(t) - 1; j >= k; j-- {
				x = x<<8 | uint64(t[j])
			}
		}
		m |= stop8(x) << uint(k&63)
	}
	// Inverting marks the positions past the end, never gathered, stops.
	return ^m
}

// stop8 returns one bit per byte of x, bit k clear when byte k is a quote,
// a backslash or below 0x20. Unlike specialBytes every bit is exact, as the
// bitmap is read past its lowest hit: the per-byte sums below never carry
// into the next byte.
func stop8(x uint64) uint64 {
	const lo7, hi = 0x7f7f7f7f7f7f7f7f, 0x8080808080808080
	x7 := x & lo7
	// A byte's sum has its high bit clear exactly when its low seven bits
	// are below 0x20 or a quote's (x7^2 < 0x21: flipping bit 1 maps both
	// onto 0x00-0x20), or a backslash's; x's own high bit rules out bytes
	// from 0x80.
	t := ((x7 ^ 0x0202020202020202) + 0x5f5f5f5f5f5f5f5f) & ((x7 ^ 0x5c5c5c5c5c5c5c5c) + lo7)
	// Gather the eight high bits into the top byte: bit 8k+7 times
	// 2^(7(7-k)) lands on bit 56+k, and no two partial products share a bit.
	return ((t | x) & hi) * 0x0002040810204081 >> 56
}

// skipValueBlock returns the index just past the JSON value at b[i], or -1,
// and the block it reached: its strings end where the stop mask says, so
// that nested objects and arrays (Kubernetes' "pod":{…}, slices of strings)
// take the same fast path as the members around them in parseJSONLine.
// It accepts exactly RFC 8259 values, as skipValueRef does in the tests.
func skipValueBlock(b []byte, i, depth, base int, mask uint64) (int, int, uint64) {
	if i >= len(b) || depth > maxJSONDepth {
		return -1, base, mask
	}
	switch c := b[i]; {
	case c == '"':
		return skipStringBlock(b, i+1, base, mask)
	case c == '{':
		i = skipWS(b, i+1)
		if i < len(b) && b[i] == '}' {
			return i + 1, base, mask
		}
		for {
			if i >= len(b) || b[i] != '"' {
				return -1, base, mask
			}
			if i, base, mask = skipStringBlock(b, i+1, base, mask); i < 0 {
				return -1, base, mask
			}
			i = skipWS(b, i)
			if i >= len(b) || b[i] != ':' {
				return -1, base, mask
			}
			if i, base, mask = skipValueBlock(b, skipWS(b, i+1), depth+1, base, mask); i < 0 {
				return -1, base, mask
			}
			i = skipWS(b, i)
			if i >= len(b) {
				return -1, base, mask
			}
			if b[i] == '}' {
				return i + 1, base, mask
			}
			if b[i] != ',' {
				return -1, base, mask
			}
			i = skipWS(b, i+1)
		}
	case c == '[':
		i = skipWS(b, i+1)
		if i < len(b) && b[i] == ']' {
			return i + 1, base, mask
		}
		for {
			if i, base, mask = skipValueBlock(b, i, depth+1, base, mask); i < 0 {
				return -1, base, mask
			}
			i = skipWS(b, i)
			if i >= len(b) {
				return -1, base, mask
			}
			if b[i] == ']' {
				return i + 1, base, mask
			}
			if b[i] != ',' {
				return -1, base, mask
			}
			i = skipWS(b, i+1)
		}
	}
	return skipScalar(b, i, depth), base, mask
}
