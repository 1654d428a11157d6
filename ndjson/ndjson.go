// Package ndjson renders parsed records as the JSON objects of relevel's
// output contract (DESIGN.md, "relevel parse"): one object per record, shaped
// so that the Datadog Agent reads status, message and timestamp from it.
package ndjson

import (
	"encoding/binary"
	"math/bits"
	"slices"
	"time"
	"unicode/utf8"

	"github.com/relevel/relevel/parser"
)

// Options controls rendering. The zero value renders unknown-format records
// with status "info" and decodes timestamps without a year (klog, log15's
// terminal form) against time.Now.
type Options struct {
	// DefaultLevel is the status of a record whose level is unknown.
	// LevelUnknown means info.
	DefaultLevel parser.Level
	// Reference supplies what timestamps leave out (klog's and log15's year
	// and zone); see parser.Record.Timestamp. Zero means each record's
	// ClockReference: the clock, read only for records without a date.
	Reference time.Time
}

// UnparsedKey names the attribute that holds field text the parser could not
// split into pairs, so that nothing in the line is dropped.
const UnparsedKey = "_unparsed"

var unparsedKey = []byte(UnparsedKey)

// Encoder renders records, reusing its scratch buffers between calls.
type Encoder struct {
	Options
	scratch []byte
	sec     int64  // the second secText renders, when secOK
	secText []byte // "2006-01-02T15:04:05" of sec
	secOK   bool
	times   parser.TimeText // the seconds of times not written in UTC
	keys    keySet          // the attribute names of the record being rendered
	nested  []keySet        // the member names of the objects in a value, by depth
	// general turns off the copies (parser.Field.AppendPlainJSON,
	// parser.TimeText's AppendRFC3339 and AppendUTC), so that tests can hold
	// them to the general path's output.
	general bool
}

// Append appends rec as one JSON object and a trailing newline to dst.
func (e *Encoder) Append(dst []byte, rec *parser.Record) []byte {
	return append(e.appendMembers(dst, rec), '}', '\n')
}

// appendHead appends the object's opening up to the message's value: the
// status and the format.
func appendHead(dst []byte, lvl parser.Level, f parser.Format) []byte {
	dst = append(dst, `{"status":"`...)
	dst = append(dst, lvl.String()...)
	dst = append(dst, `","format":"`...)
	dst = append(dst, f.String()...)
	return append(dst, `","message":`...)
}

// heads holds appendHead's text for each level and format, so that the
// head of a record is one copy, not five appends; a level or format past
// the table, or too long for its block (none today), takes appendHead.
// Each is kept in a fixed block with its length, stored whole into the
// buffer's spare room (a 64-byte move in line), not copied by a call to
// memmove. The longest is 56 bytes today (emergency, gitlabrunner).
var heads = func() (t [16][64]head) {
	for l := range t {
		for f := range t[l] {
			// A head too long for its block stays empty: appendHead
			// writes it (TestHeadsCoverEveryFormat fails on it).
			if h := appendHead(nil, parser.Level(l), parser.Format(f)); len(h) <= len(t[l][f].b) {
				t[l][f].n = uint8(copy(t[l][f].b[:], h))
			}
		}
	}
	return t
}()

// head is one of heads: its text is b[:n].
type head struct {
	b [64]byte
	n uint8
}

// text is the head's text.
func (h *head) text() []byte { return h.b[:h.n] }

// AppendWith is Append with extra top-level members: extra is rendered JSON
// members, each starting with a comma (`,"pod_name":"web-0"`), written
// after the record's own keys. Callers own their names; log fields stay
// under "attributes" and cannot collide with them.
func (e *Encoder) AppendWith(dst []byte, rec *parser.Record, extra []byte) []byte {
	dst = append(e.appendMembers(dst, rec), extra...)
	return append(dst, '}', '\n')
}

// appendMembers appends the object's opening and the record's own members.
// Append, which has no extra members, closes the object itself: extra
// would be kept on the stack across this function's calls and tested.
func (e *Encoder) appendMembers(dst []byte, rec *parser.Record) []byte {
	lvl := rec.Level
	if lvl == parser.LevelUnknown {
		lvl = e.DefaultLevel
		if lvl == parser.LevelUnknown {
			lvl = parser.LevelInfo
		}
	}
	if int(lvl) < len(heads) && int(rec.Format) < len(heads[0]) && heads[lvl][rec.Format].n > 0 {
		h := &heads[lvl][rec.Format]
		if n := len(dst); cap(dst)-n >= len(h.b) {
			*(*[64]byte)(dst[n : n+64]) = h.b
			dst = dst[:n+int(h.n)]
		} else {
			dst = append(dst, h.text()...)
		}
	} else {
		dst = appendHead(dst, lvl, rec.Format)
	}
	if msg, ok := rec.PlainMessage(); ok {
		// Most messages, tested in line (MessageText would be a call).
		dst = AppendString(dst, msg)
	} else {
		dst = e.appendOtherMessage(dst, rec)
	}
	if rec.HasTime() { // else no timestamp, and no calls
		// The member's name is appended once: each way of writing the
		// time appends to out, the text up to it. Only n is kept across
		// the call, not dst's three words.
		n := len(dst)
		if out, ok := e.times.AppendRFC3339(append(dst, `,"timestamp":"`...), rec); ok && !e.general {
			// Written in UTC already, as most loggers write it: a copy
			// (Record.AppendUTC's, with its date and minute checked once
			// a minute in e.times).
			dst = append(out, '"')
		} else if out, ok = e.appendOtherTime(out[:n+len(`,"timestamp":"`)], rec, e.Reference); ok {
			// The rest decoded (out cut back: a copy AppendRFC3339 made
			// for the general path is dropped).
			dst = append(out, '"')
		} else {
			dst = out[:n] // no timestamp
		}
	}
	if rec.HasSource() { // else no logger object: appendLogger would append nothing
		dst = e.appendLogger(dst, rec, true)
	}
	// The attributes' copy (appendAttributes) in line, its prefix a
	// constant: a constant append is two stores, a parameter's a call to
	// memmove. A record without fields (many) has none: no calls. As
	// with the time, only n is kept across the call, not dst: dst is
	// out[:n] (its bytes, where the append moved them) when the copy
	// gives no attributes.
	if rec.HasFields() {
		n := len(dst)
		out, ok := rec.AppendPlainFields(append(dst, `,"attributes":`...))
		if dst = out[:n]; ok && !e.general {
			if len(out) > n+len(`,"attributes":`) {
				dst = out // else no members: no attributes
			}
		} else {
			dst = e.appendFields(dst, rec, `,"attributes":`)
		}
	}
	return dst
}

// AppendMessage appends the record's message to dst as a JSON string, as
// Append writes it: escaped where the line holds it when the line writes
// it as it reads (most messages), decoded first when not (a quoted message
// with escapes, a JSON one with escapes).
func (e *Encoder) AppendMessage(dst []byte, rec *parser.Record) []byte {
	if msg, ok := rec.PlainMessage(); ok {
		return AppendString(dst, msg)
	}
	return e.appendOtherMessage(dst, rec)
}

// appendOtherMessage is AppendMessage for a message that PlainMessage
// declines: Append tests PlainMessage in line and calls this for the rest.
func (e *Encoder) appendOtherMessage(dst []byte, rec *parser.Record) []byte {
	n := len(dst)
	if q, ok := rec.MessageQuoted(); ok && !e.general {
		// A Go-quoted message, copied between its quotes without first
		// looking for a backslash (MessageText would): with no byte
		// escaped there was none, and the copy is the message. Else it
		// is decoded below.
		if dst = AppendString(dst, q); len(dst) != n+len(q)+2 {
			e.scratch = rec.AppendMessage(e.scratch[:0])
			dst = AppendString(dst[:n], e.scratch)
		}
		return dst
	}
	if msg, ok := rec.MessageText(); ok {
		return AppendString(dst, msg)
	}
	if msg, cont, ok := rec.MessageLines(); ok && !e.general {
		// The message and its continuation lines (a stack trace) apart
		// in the line: escaped in two parts, not first copied together
		// into scratch.
		return appendLines(dst, msg, cont)
	}
	e.scratch = rec.AppendMessage(e.scratch[:0])
	return AppendString(dst, e.scratch)
}

// AppendTimestamp appends the record's time to dst in UTC, as Append
// writes it (time.RFC3339Nano's text, without quotes): copied when the line
// writes an RFC 3339 time in UTC, else decoded against ref (see
// parser.Record.Timestamp; zero means the record's ClockReference). ok is
// false, and dst unchanged, when the record has no time that decodes.
func (e *Encoder) AppendTimestamp(dst []byte, rec *parser.Record, ref time.Time) (_ []byte, ok bool) {
	n := len(dst)
	if out, ok := e.times.AppendRFC3339(dst, rec); ok && !e.general {
		return out, true
	}
	return e.appendOtherTime(dst[:n], rec, ref)
}

// appendOtherTime is AppendTimestamp for a time that AppendRFC3339
// declines: Append tries that copy in line and calls this for the rest.
func (e *Encoder) appendOtherTime(dst []byte, rec *parser.Record, ref time.Time) (_ []byte, ok bool) {
	if ref.IsZero() {
		ref = rec.ClockReference() // the clock only where the line leaves out the date
	}
	if t, ok := e.times.AppendUTC(dst, rec, ref); ok && !e.general {
		// Most of the rest: the second's text reused, the fraction copied.
		return t, true
	}
	if t, ok := rec.Timestamp(ref); ok {
		return e.AppendTime(dst, t), true
	}
	return dst, false
}

// AppendLogger appends the record's logger object ({"name","caller",
// "thread_id" or "thread_name"}, the members that are known) to dst; ok is false, and dst
// unchanged, when none is known.
func (e *Encoder) AppendLogger(dst []byte, rec *parser.Record) (_ []byte, ok bool) {
	if !rec.HasSource() {
		return dst, false
	}
	return e.appendLogger(dst, rec, false), true
}

// AppendAttributes appends the record's fields as one JSON object to dst;
// ok is false, and dst unchanged, when the record has no fields. A key the
// line repeats is written once as it is and then as key_2, key_3…, so that
// the object has no duplicate names and no value is lost; typed values are
// re-encoded compactly, so that the object is one line.
func (e *Encoder) AppendAttributes(dst []byte, rec *parser.Record) (_ []byte, ok bool) {
	n := len(dst)
	dst = e.appendAttributes(dst, rec, "")
	return dst, len(dst) > n
}

// appendLogger appends the logger object, after `,"logger":` when member
// (a constant rather than a parameter, so that its append is two stores),
// for a record that names a logger, a caller or a thread (which is either a
// number, ThreadID, or a name, ThreadName): the callers test HasSource, not
// this function again. Each member is written as it is read, the thread's
// last, so that no value is kept across the call that reads a thread's
// number. The thread's three readings are tested once for a record
// without a thread (most), and the comma before the caller is part of its
// name's constant.
func (e *Encoder) appendLogger(dst []byte, rec *parser.Record, member bool) []byte {
	if member {
		dst = append(dst, `,"logger":{`...)
	} else {
		dst = append(dst, '{')
	}
	sep := false
	if name := rec.Logger(); name != nil {
		dst = append(dst, `"name":`...)
		dst = AppendString(dst, name)
		sep = true
	}
	if caller := rec.Caller(); caller != nil {
		if sep {
			dst = append(dst, `,"caller":`...)
		} else {
			dst = append(dst, `"caller":`...)
		}
		dst = AppendString(dst, caller)
		sep = true
	}
	if !rec.HasThread() {
		return append(dst, '}')
	}
	if t := rec.ThreadIDText(); t != nil && !e.general {
		// Most thread ids are written as appendInt writes them: a copy.
		if sep {
			dst = append(dst, ',')
		}
		dst = append(dst, `"thread_id":`...)
		dst = append(dst, t...)
	} else if tid, ok := rec.ThreadID(); ok {
		if sep {
			dst = append(dst, ',')
		}
		dst = append(dst, `"thread_id":`...)
		dst = appendInt(dst, tid)
	} else if tname := rec.ThreadName(); tname != nil {
		// Datadog's standard attribute logger.thread_name.
		if sep {
			dst = append(dst, ',')
		}
		dst = append(dst, `"thread_name":`...)
		dst = AppendString(dst, tname)
	}
	return append(dst, '}')
}

func (e *Encoder) appendAttributes(dst []byte, rec *parser.Record, prefix string) []byte {
	// Most records' fields (a JSON line's members, zap's fields column,
	// klog's, logrus's and logfmt's pairs) are a copy of what the line
	// writes (see parser.Record.AppendPlainFields).
	if out, ok := rec.AppendPlainFields(append(dst, prefix...)); ok && !e.general {
		if len(out) == len(dst)+len(prefix) {
			return dst // no members: no attributes
		}
		return out
	}
	return e.appendFields(dst, rec, prefix)
}

// appendFields is appendAttributes past the copy: the fields one by one.
func (e *Encoder) appendFields(dst []byte, rec *parser.Record, prefix string) []byte {
	n := 0
	e.keys.reset()
	rec.EachField(func(f parser.Field) bool {
		if n == 0 {
			dst = append(dst, prefix...)
			dst = append(dst, '{')
		} else {
			dst = append(dst, ',')
		}
		n++
		// Most fields are a copy (see parser.Field.AppendPlainJSON): a
		// key written as JSON writes it, not written before in this
		// object, and a value to match.
		if key, ok := f.PlainKey(); ok && !e.general && e.keys.add(key) {
			dst = append(dst, '"')
			dst = append(dst, key...)
			dst = append(dst, '"', ':')
		} else {
			dst = e.appendKey(dst, f)
		}
		if out, ok := f.AppendPlainJSON(dst); ok && !e.general {
			dst = out
			return true
		}
		// Values are read in place where the line writes them as they
		// read; only the others are decoded into scratch.
		if raw, ok := f.JSON(); ok && (isScalar(raw) || utf8.Valid(raw)) {
			dst = e.appendJSON(dst, raw)
		} else if v, ok := f.Text(); ok {
			dst = AppendString(dst, v)
		} else {
			e.scratch = f.AppendValue(e.scratch[:0])
			dst = AppendString(dst, e.scratch)
		}
		return true
	})
	if n > 0 {
		dst = append(dst, '}')
	}
	return dst
}

// appendKey appends f's key, decoded, renamed if the object has it already
// (see keys.go), and escaped, then a colon.
func (e *Encoder) appendKey(dst []byte, f parser.Field) []byte {
	key, ok := f.KeyText()
	if !ok {
		e.scratch = f.AppendKey(e.scratch[:0])
		key = e.scratch
	}
	if len(key) == 0 {
		key = unparsedKey
	}
	dst = AppendString(dst, e.keys.unique(key))
	return append(dst, ':')
}

// isScalar reports whether the JSON value v is a number or a literal: once
// checked (as every value marked JSON is), it is ASCII and needs no UTF-8
// check.
func isScalar(v []byte) bool {
	if len(v) == 0 {
		return false
	}
	c := v[0]
	return c == '-' || c >= '0' && c <= '9' || c == 't' || c == 'f' || c == 'n'
}

// Seconds of 0000-01-01T00:00:00Z and 9999-12-31T23:59:59Z: the years
// RFC 3339 writes with four digits.
const minSec, maxSec = -62167219200, 253402300799

// AppendTime appends t in UTC exactly as t.UTC().AppendFormat(dst,
// time.RFC3339Nano) would, reusing the text of the previous call's second:
// records come many to a second, and formatting the date and time again is
// most of the cost.
func (e *Encoder) AppendTime(dst []byte, t time.Time) []byte {
	t = t.UTC()
	sec := t.Unix()
	if sec < minSec || sec > maxSec {
		return t.AppendFormat(dst, time.RFC3339Nano)
	}
	if !e.secOK || sec != e.sec {
		e.secText = t.AppendFormat(e.secText[:0], "2006-01-02T15:04:05")
		e.sec, e.secOK = sec, true
	}
	dst = append(dst, e.secText...)
	if ns := t.Nanosecond(); ns != 0 {
		var b [10]byte
		b[0] = '.'
		for i := 9; i >= 1; i-- {
			b[i] = byte('0' + ns%10)
			ns /= 10
		}
		n := 10
		for b[n-1] == '0' {
			n--
		}
		dst = append(dst, b[:n]...)
	}
	return append(dst, 'Z')
}

func appendInt(dst []byte, n int) []byte {
	if n < 0 {
		dst = append(dst, '-')
		n = -n
	}
	var b [20]byte
	i := len(b)
	for {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
		if n == 0 {
			break
		}
	}
	return append(dst, b[i:]...)
}

const hexDigits = "0123456789abcdef"

// AppendString appends s as a JSON string literal. Bytes that are not valid
// UTF-8 cannot be carried by JSON; rather than replace them with U+FFFD and
// lose them, each is written as the four characters \xNN, the way Go quotes
// them, so the original bytes stay readable.
//
// The common case, printable ASCII, is copied as it is read, up to the next
// byte that needs care (see needsCare): sixteen bytes at a time, as two
// words tested together (a message is mostly plain, and a pair costs one
// loop test and one branch), then a word. Each word is stored as it is
// read, rather than finding the byte first and copying the run after: a
// word stored past the byte is overwritten by what follows it, which is
// never shorter than the text it stands for. The last word of a run of
// eight bytes or more is read overlapping the one before it; a shorter run
// goes a byte at a time. Nothing is written past the text's copy. The
// loops index src and d, both len(src) long, from 0, which lets the
// compiler drop their bounds checks. Each word is stored into a slice
// of its eight bytes with a capacity of eight (d[k:k+8:k+8]): the pointer
// of d[k:] is masked in case the slice is empty, four instructions a
// store, where the full slice costs at most a bounds check. The copy is
// in line, not a call per run: a run ends at each escape and each
// multi-byte rune.
func AppendString(dst, s []byte) []byte {
	if n := len(s); n >= 8 && n <= 16 {
		// A short text (a caller, a logger's name, many messages) in
		// two words, the second overlapping the first, stored with its
		// quotes when neither needs care: none of the set-up of a run.
		w0, w1 := binary.LittleEndian.Uint64(s), binary.LittleEndian.Uint64(s[n-8:])
		if m := len(dst); (careBits(w0)|careBits(w1))&careHigh == 0 && cap(dst)-m >= 18 {
			d := dst[m : m+18]
			d[0] = '"'
			binary.LittleEndian.PutUint64(d[1:9:9], w0)
			binary.LittleEndian.PutUint64(d[n-7:n+1:n+1], w1)
			d[n+1] = '"'
			return dst[:m+n+2]
		}
	} else if n > 16 && n <= 32 {
		// Up to twice that (most callers, many messages) in four
		// words, the last two overlapping the first two: the general
		// path's set-up costs more than the test of all four.
		w0, w1 := binary.LittleEndian.Uint64(s), binary.LittleEndian.Uint64(s[8:])
		w2, w3 := binary.LittleEndian.Uint64(s[n-16:]), binary.LittleEndian.Uint64(s[n-8:])
		if m := len(dst); (careBits(w0)|careBits(w1)|careBits(w2)|careBits(w3))&careHigh == 0 && cap(dst)-m >= 34 {
			d := dst[m : m+34]
			d[0] = '"'
			binary.LittleEndian.PutUint64(d[1:9:9], w0)
			binary.LittleEndian.PutUint64(d[9:17:17], w1)
			binary.LittleEndian.PutUint64(d[n-15:n-7:n-7], w2)
			binary.LittleEndian.PutUint64(d[n-7:n+1:n+1], w3)
			d[n+1] = '"'
			return dst[:m+n+2]
		}
	} else if n > 32 && n <= 48 {
		// And three times (the longer callers: a package's path), in
		// six words: a loop over them costs more than the general path.
		w0, w1, w2 := binary.LittleEndian.Uint64(s), binary.LittleEndian.Uint64(s[8:]), binary.LittleEndian.Uint64(s[16:])
		w3, w4, w5 := binary.LittleEndian.Uint64(s[n-24:]), binary.LittleEndian.Uint64(s[n-16:]), binary.LittleEndian.Uint64(s[n-8:])
		if m := len(dst); (careBits(w0)|careBits(w1)|careBits(w2)|careBits(w3)|careBits(w4)|careBits(w5))&careHigh == 0 && cap(dst)-m >= 50 {
			d := dst[m : m+50]
			d[0] = '"'
			binary.LittleEndian.PutUint64(d[1:9:9], w0)
			binary.LittleEndian.PutUint64(d[9:17:17], w1)
			binary.LittleEndian.PutUint64(d[17:25:25], w2)
			binary.LittleEndian.PutUint64(d[n-23:n-15:n-15], w3)
			binary.LittleEndian.PutUint64(d[n-15:n-7:n-7], w4)
			binary.LittleEndian.PutUint64(d[n-7:n+1:n+1], w5)
			d[n+1] = '"'
			return dst[:m+n+2]
		}
	} else if n >= 4 && n < 8 {
		// Shorter (a logger's name, a short message): two halves of a
		// word, overlapping, tested as one word.
		w0, w1 := binary.LittleEndian.Uint32(s), binary.LittleEndian.Uint32(s[n-4:])
		if m := len(dst); needsCare(uint64(w1)<<32|uint64(w0)) == 0 && cap(dst)-m >= 9 {
			d := dst[m : m+9]
			d[0] = '"'
			binary.LittleEndian.PutUint32(d[1:5:5], w0)
			binary.LittleEndian.PutUint32(d[n-3:n+1:n+1], w1)
			d[n+1] = '"'
			return dst[:m+n+2]
		}
	} else if m := len(dst); n < 4 && cap(dst)-m >= 5 {
		// Shorter still, a byte at a time, as far as the first that
		// needs care; the general path starts over from there.
		d := dst[m : m+5]
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
	// src is what is left of s to write. Neither s nor an index into it
	// is kept: the fewer values live across the runs' loop, the fewer
	// the compiler keeps on the stack and loads again in it.
	src := s
	for {
		n := len(dst)
		// Room for the run's copy and the closing quote.
		if cap(dst)-n < len(src)+1 {
			dst = slices.Grow(dst, len(src)+1)
		}
		// out is dst to its capacity and w the room left in it, never
		// shorter than src and the closing quote. src[:k] is written,
		// each byte src[i] that needed no care at w[i]. A two-byte
		// escape (a newline, a tab, a quote: stack traces have one or
		// two a line) is written into w when w holds it and still src
		// and the quote, and the run goes on from the next byte with w
		// one byte on (src is not sliced): none of the set-up above,
		// nor the appends below.
		out := dst[:cap(dst)]
		w := out[n:]
		k := 0
		for {
			d := w[:len(src)] // for the prover: d is as long as src
			// A run of eight bytes or more ends in a word overlapping
			// the one before, read from its own bytes only.
			if len(src)-k >= 8 {
				for ; k <= len(src)-16; k += 16 {
					w0 := binary.LittleEndian.Uint64(src[k:])
					w1 := binary.LittleEndian.Uint64(src[k+8:])
					binary.LittleEndian.PutUint64(d[k:k+8:k+8], w0)
					binary.LittleEndian.PutUint64(d[k+8:k+16:k+16], w1)
					// The lowest mark of each word is exact, and w1's
					// counts only when w0 has none; the two are masked
					// together, then each only past a mark.
					if c0, c1 := careBits(w0), careBits(w1); (c0|c1)&careHigh != 0 {
						if m0 := c0 & careHigh; m0 != 0 {
							k += bits.TrailingZeros64(m0) / 8
						} else {
							k += 8 + bits.TrailingZeros64(c1&careHigh)/8
						}
						goto care
					}
				}
				if k <= len(src)-8 {
					x := binary.LittleEndian.Uint64(src[k:])
					binary.LittleEndian.PutUint64(d[k:k+8:k+8], x)
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
					binary.LittleEndian.PutUint64(d[j:j+8:j+8], x)
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
				w = w[1:]
				k++
				continue
			}
			dst = out[:len(out)-len(w)+k]
			src = src[k:]
			break
		}
		c := src[0]
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
			src = src[1:]
			continue
		}
		r, size := utf8.DecodeRune(src)
		if r == utf8.RuneError && size == 1 {
			dst = append(dst, '\\', '\\', 'x', hexDigits[c>>4], hexDigits[c&0xf])
			src = src[1:]
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			// Valid JSON, but not valid JavaScript; escape like encoding/json.
			dst = append(dst, '\\', 'u', '2', '0', '2', hexDigits[r&0xf])
			src = src[size:]
			continue
		}
		dst = append(dst, src[:size]...)
		src = src[size:]
	}
}

// appendLines appends msg, a '\n' and cont as one JSON string literal, as
// AppendString would append them joined, without joining them first: the
// message's closing quote becomes the '\' of the "\n" between them, and
// the lines' opening quote its 'n'. Escaping goes byte by byte but for a
// multi-byte rune, which cannot span the '\n' (no byte of a rune is a
// newline, nor does the newline complete one): the parts' escapes are the
// whole's.
func appendLines(dst, msg, cont []byte) []byte {
	dst = AppendString(dst, msg)
	n := len(dst)
	dst[n-1] = '\\'
	dst = AppendString(dst, cont)
	dst[n] = 'n'
	return dst
}

// shortEscape is the second byte of the two-byte JSON escape of each byte
// that has one (a quote, a backslash, \n, \r, \t), 0 for the others:
// AppendString writes these in its run without leaving it.
var shortEscape = [256]byte{'"': '"', '\\': '\\', '\n': 'n', '\r': 'r', '\t': 't'}

// needsCare returns a mask with the high bit set in each byte of x that
// AppendString cannot copy as it is: a quote, a backslash, a control
// character or a byte of a multi-byte (or invalid) UTF-8 sequence. Only
// bytes above the lowest hit can be false positives (a borrow), so the
// lowest set bit is exact; a byte that needs no care borrows nothing.
//
// One test finds both the control characters and the quote: x^0x02 maps
// the quote (0x22) to 0x20 and each byte below 0x20 to another below it,
// and every other byte to one above 0x20 (0x20 itself to 0x22), so that
// the bytes of x^0x02 below 0x21 are exactly those. The control and
// backslash tests would each mask their difference with "&^ x" (x^0x02
// and x^0x5c have x's high bits): that only clears bytes whose high bit x
// sets, which "| x" marks anyway, so it is left out, two instructions a
// test without BMI's ANDN (GOAMD64=v1).
func needsCare(x uint64) uint64 { return careBits(x) & careHigh }

// careHigh is the high bit of each byte: needsCare's marks.
const careHigh = 0x8080808080808080

// careBits is needsCare before its mask: its high bits are needsCare's
// marks, the others noise. The tests of words stored together mask the OR
// of theirs once.
func careBits(x uint64) uint64 {
	const ones = 0x0101010101010101
	cq := x ^ 0x0202020202020202
	bs := x ^ 0x5c5c5c5c5c5c5c5c
	return (cq - 0x2121212121212121) | (bs - ones) | x
}
