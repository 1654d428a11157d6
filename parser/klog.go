package parser

import (
	"bytes"
	"encoding/binary"
	"math/bits"
)

// klog text header: "Lmmdd hh:mm:ss.uuuuuu PPPPPPP file:line] msg".
// The PID column is padded to 7 with spaces; ktesting drops PID and file
// ("I1007 13:28:21.908998] msg"), so both are optional here.
func parseKlog(h []byte, r *Record) bool {
	if len(h) < 22 {
		return false
	}
	var lvl Level
	switch h[0] {
	case 'I':
		lvl = LevelInfo
	case 'W':
		lvl = LevelWarning
	case 'E':
		lvl = LevelError
	case 'F':
		lvl = LevelCritical
	default:
		return false
	}
	if !klogTimeShape(h) {
		return false
	}
	i := 21
	var thread, caller span
	if h[i] == ' ' {
		ts, te := klogPIDColumn(h)
		if te < 0 {
			// Not the padded column: the spaces, then the digits, a
			// byte at a time.
			for i < len(h) && h[i] == ' ' {
				i++
			}
			ts = i
			for i < len(h) && isDigit(h[i]) {
				i++
			}
			if i == ts || i >= len(h) || h[i] != ' ' {
				return false
			}
			te = i
		}
		i = te
		thread = span{int32(ts), int32(te)}
		i++
		cs := i
		// The caller's end, ']' or ' ', eight bytes at a time (a byte
		// loop cost some eighty instructions a line). Each test's false
		// marks lie above its own first true one: the lowest mark of
		// the two is a true one. The byte loop reads the last bytes, or
		// stops at once on the end the words found.
		for i+8 <= len(h) {
			x := binary.LittleEndian.Uint64(h[i : i+8])
			sp, br := x^(' '*swarOnes), x^(']'*swarOnes)
			if m := ((sp-swarOnes)&^sp | (br-swarOnes)&^br) & swarHigh; m != 0 {
				i += bits.TrailingZeros64(m) / 8
				break
			}
			i += 8
		}
		for i < len(h) && h[i] != ']' && h[i] != ' ' {
			i++
		}
		if i >= len(h) || h[i] != ']' || !looksLikeCaller(h[cs:i]) {
			return false
		}
		caller = span{int32(cs), int32(i)}
	} else if h[i] != ']' {
		return false
	}
	i++ // past ']'
	if i < len(h) {
		if h[i] != ' ' {
			return false
		}
		i++
	}
	r.Format, r.Level = FormatKlog, lvl
	r.lvl = span{0, 1}
	r.time = span{1, 21}
	r.timeKind = timeKlog
	r.thread, r.caller = thread, caller
	r.rawCont = true
	r.msg = span{int32(i), int32(len(h))}
	if parseKlogr(h, i, r) {
		return true
	}
	// A structured InfoS/ErrorS body is a Go-quoted message followed by
	// key=value pairs; anything else is a legacy message written raw.
	if i < len(h) && h[i] == '"' {
		if end := skipGoString(h, i); end > 0 && (end == len(h) || (h[end] == ' ' && klogKeyAt(h, end+1))) {
			r.msg = span{int32(i), int32(end)}
			r.msgKind = kindGoQuoted
			if end < len(h) {
				r.fields = span{int32(end + 1), int32(len(h))}
				r.fieldsKind = fieldsKlog
			}
			if lvl != LevelCritical {
				r.blockCont = true
				r.rawCont = opensKlogBlock(h)
			}
		}
	}
	return true
}

// klogTimeShape reports whether h[1:21] (h has 22 bytes or more) is klog's
// "mmdd hh:mm:ss.uuuuuu": read as three words, bytes 1-8, 9-16 and 13-20,
// each one's separators compared under a mask and its digits checked
// together (digitsAt), where a byte at a time cost some ninety
// instructions a line.
func klogTimeShape(h []byte) bool {
	const (
		// "mmdd hh:": digits at bytes 0-3, 5, 6 of the word; ' ' at 4, ':' at 7.
		sep0, sepMask0, digits0 = ' '<<32 | ':'<<56, 0xff<<32 | 0xff<<56, 0x00ffff00ffffffff
		// "mm:ss.uu": ':' at byte 2, '.' at 5.
		sep1, sepMask1, digits1 = ':'<<16 | '.'<<40, 0xff<<16 | 0xff<<40, 0xffff00ffff00ffff
		// "ss.uuuuuu" from h[13]: the last four digits, bytes 4-7.
		digits2 = 0xffffffff00000000
	)
	w0 := binary.LittleEndian.Uint64(h[1:9])
	w1 := binary.LittleEndian.Uint64(h[9:17])
	w2 := binary.LittleEndian.Uint64(h[13:21])
	return w0&sepMask0 == sep0 && w1&sepMask1 == sep1 &&
		digitsAt(w0, digits0) && digitsAt(w1, digits1) && digitsAt(w2, digits2)
}

// klogPIDColumn reads klog's PID column after the time, " %7d ": h[22:29]
// holds spaces, then at least one digit to its end, and h[29] is a space.
// It returns where the digits start and end, or te < 0 when the bytes are
// not that (a longer PID, another layout), for the byte loops to read.
// One word holds the column and the space after it.
func klogPIDColumn(h []byte) (ts, te int) {
	if len(h) < 31 {
		return 0, -1
	}
	x := binary.LittleEndian.Uint64(h[22:30])
	sp := x ^ ' '*swarOnes
	// The high bit of each byte: it is no space (exact, no carries).
	notSp := (sp&0x7f7f7f7f7f7f7f7f + 0x7f7f7f7f7f7f7f7f | sp) & swarHigh
	k := bits.TrailingZeros64(notSp) / 8 // the first byte that is no space
	if k > 6 || x>>56 != ' ' || !digitsAt(x, 0x00ffffffffffffff>>(8*k)<<(8*k)) {
		return 0, -1
	}
	return 22 + k, 29
}

// looksLikeCaller reports whether b is "file.go:123" (any path, any extension).
func looksLikeCaller(b []byte) bool {
	// From the end: the line number's digits, then the last ':'. Callers
	// are short words, where a byte loop beats a LastIndexByte call.
	c := len(b) - 1
	for c >= 0 && isDigit(b[c]) {
		c--
	}
	return c > 0 && c < len(b)-1 && b[c] == ':'
}

// klogKeyAt reports whether a key (no spaces, no quotes) followed by '='
// starts at b[i].
func klogKeyAt(b []byte, i int) bool {
	s := i
	for i < len(b) {
		switch b[i] {
		case '=':
			return i > s
		case ' ', '"', '\t':
			return false
		}
		i++
	}
	return false
}

// skipGoString returns the index after the Go string literal at b[i] == '"',
// or -1 when it is not terminated. b is one line; multi-line text goes
// through skipGoStringLine.
func skipGoString(b []byte, i int) int {
	j := i + 1
	for {
		k := indexByteFrom(b, j, '"')
		if k < 0 {
			return -1
		}
		esc := 0
		for p := k - 1; p > i && b[p] == '\\'; p-- {
			esc++
		}
		if esc%2 == 0 {
			return k + 1
		}
		j = k + 1
	}
}

// skipGoStringLine is skipGoString for text that may hold several lines:
// a Go string literal never holds a raw newline.
func skipGoStringLine(b []byte, i int) int {
	e := skipGoString(b, i)
	if e > 0 && bytes.IndexByte(b[i+1:e], '\n') >= 0 {
		return -1
	}
	return e
}

// klogOpensBlock reports whether the header's key/values end with a
// multi-line value opener "key=<".
func klogOpensBlock(fields []byte) bool {
	return hasSuffix(fields, "=<")
}

// klogBlockEnd returns the end (exclusive, at a '\n' or len) of the "=<"
// blocks that begin at line start i: value lines start with a TAB, the
// closer with " >", and a closer line may open the next block.
func klogBlockEnd(t []byte, i int) int {
	end := i - 1 // the '\n' before the first block line
	for i < len(t) {
		nl := bytes.IndexByte(t[i:], '\n')
		lineEnd := len(t)
		if nl >= 0 {
			lineEnd = i + nl
		}
		line := t[i:lineEnd]
		switch {
		case len(line) > 0 && line[0] == '\t':
			end = lineEnd
		case hasPrefix(line, " >"):
			end = lineEnd
			if !hasSuffix(bytes.TrimRight(line, "\r"), "=<") {
				return end
			}
		default:
			return end
		}
		i = lineEnd + 1
	}
	return end
}

// parseKlogr reads the body at h[i] of a klog line that klogr wrote in its
// serialize form, the default of k8s.io/klog/v2/klogr.New and the only form
// of k8s.io/klog's klogr (cert-manager before 1.8, many operators):
//
//	"msg"="starting controller" "logger"="cert-manager.controller" "version"="v1.5.3"
//	cert-manager/controller "msg"="starting controller"  "version"="v1.5.3"
//	cert-manager/controller "level"=0 "msg"="starting controller"
//
// Keys and values are JSON; the message is the "msg" pair's value. The
// klog v1 klogr writes its logger name first (its WithName parts joined by
// '/'), and its early versions the verbosity as "level". The pairs are the
// record's fields, minus "msg". Values are JSON-escaped, so nothing after
// such a line belongs to it.
func parseKlogr(h []byte, i int, r *Record) bool {
	j := i
	for j < len(h) && h[j] == ' ' {
		j++
	}
	var logger span
	if j < len(h) && h[j] != '"' {
		ls := j
		for j < len(h) && h[j] != ' ' && h[j] != '"' {
			j++
		}
		if j >= len(h) || h[j] != ' ' {
			return false
		}
		logger = span{int32(ls), int32(j)}
		for j < len(h) && h[j] == ' ' {
			j++
		}
	}
	// Both keys open with a quote: a legacy message's second word (or
	// first) leaves here, before the two prefix tests, and each test
	// is a load or two (hasPrefix), not a call (#14).
	if j >= len(h) || h[j] != '"' {
		return false
	}
	first := j
	if hasPrefix(h[j:], `"level"=`) {
		k := skipDigits(h, j+8)
		if k == j+8 || k >= len(h) || h[k] != ' ' {
			return false
		}
		for j = k; j < len(h) && h[j] == ' '; j++ {
		}
	}
	if !hasPrefix(h[j:], `"msg"="`) {
		return false
	}
	ms := j + 6
	me := skipString(h, ms)
	if me < 0 || (me < len(h) && h[me] != ' ') {
		return false
	}
	r.msg = span{int32(ms), int32(me)}
	r.msgKind = kindJSON
	r.logger = logger
	end := len(h)
	for end > me && h[end-1] == ' ' {
		end--
	}
	if first < j || end > me {
		r.fields = span{int32(first), int32(end)}
		r.fieldsKind = fieldsKlogr
	}
	if r.Level != LevelCritical {
		r.rawCont = false // a Fatal's stack dump follows it; nothing else does
	}
	return true
}
