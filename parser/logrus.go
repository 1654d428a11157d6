package parser

import (
	"bytes"
	"encoding/binary"
	"math/bits"
)

// logrus TextFormatter without a TTY: `time="…" level=info msg="…" k=v …`.
// time is optional (DisableTimestamp), quoted unless its layout is made only
// of safe characters, and msg is left out for an empty message.
func parseLogrus(h []byte, r *Record) bool {
	i := 0
	var t span
	if hasPrefix(h, "time=") {
		i = 5
		if i < len(h) && h[i] == '"' {
			e := skipGoString(h, i)
			if e < 0 {
				return false
			}
			t = span{int32(i + 1), int32(e - 1)}
			i = e
		} else {
			s := i
			if k := bytes.IndexByte(h[i:], ' '); k >= 0 {
				i += k
			} else {
				i = len(h)
			}
			t = span{int32(s), int32(i)}
		}
		if i >= len(h) || h[i] != ' ' {
			return false
		}
		i++
	}
	if !hasPrefix(h[i:], "level=") {
		return false
	}
	i += 6
	// slog's "level=INFO" fails here, before its word is scanned.
	if i < len(h) && h[i] != '"' && (h[i] < 'a' || h[i] > 'z') {
		return false
	}
	ls := i
	// The word ends at the next space: the level words (seven letters at
	// most) end within one word, tested at once ((v-1)&^v marks a zero
	// byte exactly where no lower byte is zero); the loop takes the rest.
	if i+8 <= len(h) {
		sp := binary.LittleEndian.Uint64(h[i:i+8]) ^ ' '*swarOnes
		if m := (sp - swarOnes) &^ sp & swarHigh; m != 0 {
			i += bits.TrailingZeros64(m) / 8
		} else {
			i += 8
		}
	}
	for i < len(h) && h[i] != ' ' {
		i++
	}
	// Without a time key only "level=x" alone or followed by msg is
	// logrus's: "level=x k=v" is any logfmt logger's (go-kit's "level=info
	// ts=…"), claimed only when the time key pins it to logrus. Checked
	// before the word is looked up.
	if t.empty() && i < len(h) && !hasPrefix(h[i:], " msg=") {
		return false
	}
	word := h[ls:i]
	if len(word) > 2 && word[0] == '"' && word[len(word)-1] == '"' { // ForceQuote
		word = word[1 : len(word)-1]
		ls++
	}
	// logrus writes lower-case words and "warning", never "warn": other
	// logfmt loggers (go-kit, slog) are left to their own parsers.
	if len(word) == 0 || word[0] < 'a' || word[0] > 'z' || eqFold(word, "warn") {
		return false
	}
	lvl, ok := logrusLevel(word)
	if !ok {
		return false
	}
	switch {
	case i == len(h):
		// level only: an empty message without fields
		r.msg = span{int32(i), int32(i)}
	case hasPrefix(h[i:], " msg="):
		i += 5
		if i < len(h) && h[i] == '"' {
			e := skipGoString(h, i)
			if e < 0 {
				// Unterminated: the first piece of a line cut at a size
				// bound. Keep the level; the message runs to the end.
				r.Format, r.Level = FormatLogrus, lvl
				r.lvl = span{int32(ls), int32(ls + len(word))}
				r.msg = span{int32(i), int32(len(h))}
				return true
			}
			r.msg = span{int32(i), int32(e)}
			r.msgKind = kindGoQuoted
			i = e
		} else {
			s := i
			for i < len(h) && h[i] != ' ' {
				i++
			}
			r.msg = span{int32(s), int32(i)}
		}
		if i < len(h) {
			if h[i] != ' ' {
				return false
			}
			r.fields = span{int32(i + 1), int32(len(h))}
			r.fieldsKind = fieldsLogfmt
		}
	default: // a time key, then level and fields without msg
		r.msg = span{int32(i), int32(i)}
		r.fields = span{int32(i + 1), int32(len(h))}
		r.fieldsKind = fieldsLogfmt
	}
	r.Format, r.Level = FormatLogrus, lvl
	r.lvl = span{int32(ls), int32(ls + len(word))}
	if !t.empty() {
		if kind, ok := jsonTimeKind(h[t.start:t.end]); ok {
			r.time, r.timeKind = t, kind
		} else {
			// A TimestampFormat that reads as no time ("Jan _2
			// 15:04:05"): the pair stays among the fields, which then
			// run from the line's start, less the level and message.
			r.fields = span{0, int32(len(h))}
			r.fieldsKind = fieldsLogfmtRest
		}
	}
	return true
}

// logrus TextFormatter on a TTY or with ForceColors:
// "ESC[36mINFOESC[0m[0000] message<padded to 44> ESC[36mkeyESC[0m=value".
// The bracket holds seconds since start, or a full timestamp with
// FullTimestamp; DisableTimestamp drops it. Levels are 4 letters unless
// DisableLevelTruncation, padded with PadLevelText. The uncoloured variant
// (colours stripped on the way) is accepted too.
func parseLogrusTTY(h []byte, r *Record) bool {
	return parseLogrusTTYAt(h, skipCSI(h, 0), r)
}

// parseLogrusTTYAt is parseLogrusTTY for a line whose first colour code, if
// any, ends at i (skipCSI(h, 0)): the dispatch of a line that opens with
// ESC has skipped it already.
func parseLogrusTTYAt(h []byte, i int, r *Record) bool {
	colored := i > 0
	ls := i
	// The level's capitals, eight bytes at once: a run of eight is no
	// level (logrusLevel's words have four, five or seven letters), so
	// one word decides, where a byte loop cost some fifty instructions a
	// line (#14).
	if i+8 <= len(h) {
		n := capitalRun8(binary.LittleEndian.Uint64(h[i : i+8]))
		if n == 8 {
			return false
		}
		i += n
	} else {
		for i < len(h) && 'A' <= h[i] && h[i] <= 'Z' {
			i++
		}
	}
	lvl, ok := logrusLevel(h[ls:i])
	if !ok {
		return false
	}
	r.lvl = span{int32(ls), int32(i)}
	for i < len(h) && h[i] == ' ' { // PadLevelText
		i++
	}
	if colored {
		k := skipCSI(h, i)
		if k == i {
			return false
		}
		i = k
	}
	var t span
	switch {
	case i < len(h) && h[i] == '[':
		if hasLog15Time(h[i:]) {
			return false // "INFO[11-30|04:41:36]": log15's terminal form
		}
		e := bytes.IndexByte(h[i:], ']')
		if e < 0 {
			return false
		}
		t = span{int32(i + 1), int32(i + e)}
		i += e + 1
	case colored && i < len(h) && h[i] == ' ':
		// DisableTimestamp
	default:
		return false
	}
	if i < len(h) && h[i] != ' ' {
		// ReportCaller puts "file.go:12 pkg.fn()" right after the bracket.
		// The caller's path and function are long words: one vector
		// search each beats a byte loop.
		s := i
		i = indexByteOrEnd(h, i, ' ')
		if !looksLikeCaller(h[s:i]) {
			return false
		}
		r.caller = span{int32(s), int32(i)}
		// then " pkg.fn()" unless a CallerPrettyfier dropped it
		if i < len(h) && h[i] == ' ' {
			k := indexByteOrEnd(h, i+1, ' ')
			if hasSuffix(h[i+1:k], "()") {
				i = k
			}
		}
	}
	if i < len(h) {
		i++ // the space before the message
	}
	r.Format, r.Level = FormatLogrus, lvl
	r.rawCont = true
	if allDigits(h[t.start:t.end]) {
		t = span{} // seconds since start, not a time
	}
	if !t.empty() {
		r.time, r.timeKind = t, timeRFC3339
	}
	end := len(h)
	if colored {
		// Fields are " ESC[<color>mkeyESC[0m=value" after the padded message.
		if k := indexSpaceCSI(h, i); k >= 0 {
			r.fields = span{int32(k + 1), int32(len(h))}
			r.fieldsKind = fieldsTTY
			end = k
		}
	}
	r.msg = span{int32(i), int32(trimPadding(h, i, end))}
	return true
}

// trimPadding is trimRightSpace for the message that logrus pads to 44
// columns: the word that ends the padding tells how many of its last bytes
// are spaces (its top bytes that xor with spaces to zero), where
// trimRightSpace's byte loop took some six instructions a byte (#14). The
// byte loop then takes TABs, or the bytes left before start.
func trimPadding(b []byte, start, end int) int {
	for end-8 >= start {
		x := binary.LittleEndian.Uint64(b[end-8:end]) ^ ' '*swarOnes
		if x != 0 {
			end -= bits.LeadingZeros64(x) / 8
			break
		}
		end -= 8
	}
	for end > start && (b[end-1] == ' ' || b[end-1] == '\t') {
		end--
	}
	return end
}

// capitalRun8 returns how many of x's bytes, from its lowest, are ASCII
// capitals before the first that is none: 8 when all are. With each byte's
// high bit set, subtracting 'A' borrows from no neighbour and leaves the
// bit set for a byte of 'A' or more; 'Z'|0x80 less the byte's low seven
// bits leaves it set for one of 'Z' or less; a byte of 0x80 or more is no
// capital.
func capitalRun8(x uint64) int {
	ge := (x | swarHigh) - 'A'*swarOnes
	le := ('Z'|0x80)*swarOnes - x&^swarHigh
	upper := ge & le &^ x & swarHigh
	return bits.TrailingZeros64(^upper&swarHigh) / 8
}

// hasPrefix is bytes.HasPrefix for a constant prefix: inlined, the
// comparison is a load or two instead of a call to memequal.
func hasPrefix(b []byte, prefix string) bool {
	return len(b) >= len(prefix) && string(b[:len(prefix)]) == prefix
}

// hasSuffix is bytes.HasSuffix for a constant suffix, inlined as hasPrefix
// is: bytes.HasSuffix calls memequal even for two bytes.
func hasSuffix(b []byte, suffix string) bool {
	return len(b) >= len(suffix) && string(b[len(b)-len(suffix):]) == suffix
}

func allDigits(b []byte) bool {
	for _, c := range b {
		if !isDigit(c) {
			return false
		}
	}
	return len(b) > 0
}

// indexByteOrEnd returns the index of the first c in h at or after i, or
// len(h) when there is none.
func indexByteOrEnd(h []byte, i int, c byte) int {
	if k := bytes.IndexByte(h[i:], c); k >= 0 {
		return i + k
	}
	return len(h)
}

// indexSpaceCSI returns the index of the first " ESC[" at or after i, or -1.
// It looks for the rare ESC rather than the space, which the padding makes
// common.
func indexSpaceCSI(h []byte, i int) int {
	for {
		k := bytes.IndexByte(h[i:], 0x1b)
		if k < 0 {
			return -1
		}
		k += i
		if k > i && h[k-1] == ' ' && k+1 < len(h) && h[k+1] == '[' {
			return k - 1
		}
		i = k + 1
	}
}
