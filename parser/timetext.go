package parser

import (
	"encoding/binary"
	"math/bits"
	"slices"
	"time"
)

// TimeText writes most timestamps that Record.AppendUTC does not copy
// (klog's, log15's, RFC 3339 with an offset, without a zone or with the
// zone after a space, package log's, MariaDB's) as time.RFC3339Nano writes
// Timestamp's result in UTC, mostly without the calendar: records come many
// to a second, and the text of a second depends only on the raw time around
// its fraction, the kind, the reference's location and, for a time without
// a year, the reference's year and month. TimeText keeps the last second's
// text under those and copies the fraction's digits after it. The zero
// value is ready to use.
type TimeText struct {
	kind       uint8
	loc        *time.Location
	year       int         // the reference's year and month, for the kinds
	month      time.Month  // without a year (zero for the others)
	head, tail []byte      // the raw time before and after its fraction's digits
	text       secondWords // "2006-01-02T15:04:05" of that second, in UTC, when textOK
	textOK     bool
	ref        refMonth
	epochSec   int64       // the second of the last epoch time written
	epochText  secondWords // "2006-01-02T15:04:05" of epochSec, when epochOK
	epochOK    bool
	utc        utcMinute // the minute of the last time AppendRFC3339 copied
}

// AppendRFC3339 is Record.AppendUTC, but the date and minute it checks are
// kept in c, and not checked again for the times of the same minute.
func (c *TimeText) AppendRFC3339(dst []byte, r *Record) (_ []byte, ok bool) {
	return c.utc.appendUTC(dst, r)
}

// AppendUTC appends the record's timestamp, decoded against ref, exactly as
// Timestamp(ref)'s result in UTC formatted with time.RFC3339Nano, and
// reports whether it did. ok is false, and dst unchanged, for the kinds it
// does not take, for a timestamp that does not decode and for years RFC
// 3339 does not write with four digits: use Timestamp then.
func (c *TimeText) AppendUTC(dst []byte, r *Record, ref time.Time) (_ []byte, ok bool) {
	if r.time.empty() {
		return dst, false
	}
	b := r.getExact(r.time)
	if r.timeKind == timeEpoch {
		return c.appendEpoch(dst, b)
	}
	i, j, ok := splitFraction(r.timeKind, b)
	if !ok {
		return dst, false
	}
	year, month := 0, time.Month(0)
	if r.timeKind == timeKlog || r.timeKind == timeLog15 {
		year, month = c.ref.date(ref)
	}
	loc := ref.Location()
	if !c.textOK || r.timeKind != c.kind || loc != c.loc || year != c.year || month != c.month ||
		!sameText(b[:i], c.head) || !sameText(b[j:], c.tail) {
		// Another second: decoded the general way, once.
		t, ok := r.Timestamp(ref)
		sec := t.Unix()
		if !ok || sec < minSecondText || sec > maxSecondText { // years 0 to 9999
			c.textOK = false
			return dst, false
		}
		c.kind, c.loc, c.year, c.month = r.timeKind, loc, year, month
		c.head = append(c.head[:0], b[:i]...)
		c.tail = append(c.tail[:0], b[j:]...)
		c.text, c.textOK = newSecondWords(sec), true
	}
	// The second's text, with room for the point, up to nine digits and
	// the 'Z' after it, as an array: stores at constant offsets need no
	// bounds checks. Nothing is written past the result, as append
	// would not.
	n := len(dst)
	dst = slices.Grow(dst, 30)
	d := (*[30]byte)(dst[n : n+30])
	k := 19 // the bytes written
	if f := j - i; f > 0 && f <= 8 && len(b) >= 8 {
		// Up to eight digits (milli- and microseconds) as one word, as
		// Record.AppendUTC copies them: the word b[i:i+8], or the one
		// ending b shifted so that b[i] is its low byte; the digits that
		// are not '0' are its bytes left nonzero, the last of them the
		// last written. They are stored as the word ending there, before
		// the second's text, which writes over its bytes before them.
		var w uint64
		if len(b)-i >= 8 {
			w = binary.LittleEndian.Uint64(b[i : i+8])
		} else {
			w = binary.LittleEndian.Uint64(b[len(b)-8:]) >> (8 * (8 - (len(b) - i)))
		}
		m := uint64(1)<<(8*f) - 1 // f = 8: all ones
		w &= m
		if t := w ^ 0x3030303030303030&m; t != 0 {
			k = 28 - bits.LeadingZeros64(t)/8
			binary.LittleEndian.PutUint64(d[k-8:], w<<(8*(28-k)))
			d[19] = '.'
		}
	} else if f > 0 {
		c.text.put(d)
		return append(appendFraction(dst[:n+19], b[i:j]), 'Z'), true
	}
	c.text.put(d)
	d[k] = 'Z'
	return dst[:n+k+1], true
}

// sameText reports string(a) == string(b), by words for the heads and
// tails of raw times TimeText compares (most of 14 to 20 bytes, or none):
// runtime.memequal's call cost more than the compare.
func sameText(a, b []byte) bool {
	n := len(a)
	if n != len(b) || n < 8 || n > 24 {
		return n == len(b) && (n == 0 || string(a) == string(b))
	}
	// The first and last words, and the middle one past 16 bytes.
	return binary.LittleEndian.Uint64(a) == binary.LittleEndian.Uint64(b) &&
		binary.LittleEndian.Uint64(a[n-8:]) == binary.LittleEndian.Uint64(b[n-8:]) &&
		(n <= 16 || binary.LittleEndian.Uint64(a[8:16]) == binary.LittleEndian.Uint64(b[8:16]))
}

// secondWords holds a second's text "2006-01-02T15:04:05" as the words
// [0:8], [8:16] and [11:19] of it: stored as three words, not copied by
// runtime.memmove.
type secondWords [3]uint64

// newSecondWords returns appendSecondText's text of sec as words.
func newSecondWords(sec int64) secondWords {
	var t [19]byte
	appendSecondText(t[:0], sec)
	return secondWords{binary.LittleEndian.Uint64(t[0:]), binary.LittleEndian.Uint64(t[8:]), binary.LittleEndian.Uint64(t[11:])}
}

// put stores the second's text in d[:19].
func (w *secondWords) put(d *[30]byte) {
	binary.LittleEndian.PutUint64(d[:], w[0])
	binary.LittleEndian.PutUint64(d[8:], w[1])
	binary.LittleEndian.PutUint64(d[11:], w[2])
}

// appendEpoch is AppendUTC for an epoch time (zap's, zerolog's), which
// names its second in no text to compare: the second's text is kept under
// the second itself, and the nanoseconds written as time.RFC3339Nano
// writes them.
func (c *TimeText) appendEpoch(dst, b []byte) (_ []byte, ok bool) {
	sec, nsec, ok := epochParts(b)
	if !ok {
		return dst, false
	}
	if nsec < 0 || nsec >= 1e9 { // time.Unix's normalisation
		sec += nsec / 1e9
		if nsec %= 1e9; nsec < 0 {
			nsec += 1e9
			sec--
		}
	}
	// Years 1970 to 9999, which RFC 3339 writes with four digits.
	if sec < 0 || sec > maxSecondText {
		return dst, false
	}
	if !c.epochOK || sec != c.epochSec {
		c.epochText, c.epochSec, c.epochOK = newSecondWords(sec), sec, true
	}
	// The second's text, with room for the point, nine digits and the
	// 'Z' after it, as an array (see AppendUTC).
	n := len(dst)
	dst = slices.Grow(dst, 30)
	d := (*[30]byte)(dst[n : n+30])
	k := 19 // the bytes written
	if nsec != 0 {
		// The point, the first digit, then the other eight as one word
		// (eightDigitsText) less its trailing zeros, its high bytes:
		// stored as the word ending the result, before the second's
		// text and the first digit, which write over its bytes before.
		v := eightDigitsText(uint64(nsec % 1e8))
		k = 29 - bits.LeadingZeros64(v)/8
		binary.LittleEndian.PutUint64(d[k-8:], (v+0x3030303030303030)<<(8*(29-k)))
		d[19], d[20] = '.', byte('0'+nsec/1e8)
	}
	c.epochText.put(d)
	d[k] = 'Z'
	return dst[:n+k+1], true
}

// The Unix seconds of 0000-01-01T00:00:00Z and 9999-12-31T23:59:59Z: the
// years RFC 3339 writes with four digits.
const (
	minSecondText = -62167219200
	maxSecondText = 253402300799
)

// appendSecondText appends "2006-01-02T15:04:05" of the Unix second sec in
// UTC, minSecondText <= sec <= maxSecondText, as time.Time.AppendFormat
// writes it: the calendar date by days-from-civil's inverse (Hinnant's
// civil_from_days) on days counted from 0000-03-01 less one 400-year era,
// so that every division is of a number not negative. A new second costs
// about a hundred instructions here, two thousand in AppendFormat.
func appendSecondText(dst []byte, sec int64) []byte {
	s := uint64(sec - minSecondText - 60*86400 + 146097*86400) // from -0400-03-01
	days, tod := s/86400, s%86400
	era := days / 146097
	doe := days - era*146097                               // [0, 146096]
	yoe := (doe - doe/1460 + doe/36524 - doe/146096) / 365 // [0, 399]
	doy := doe - (365*yoe + yoe/4 - yoe/100)               // [0, 365], from 1 March
	mp := (5*doy + 2) / 153                                // [0, 11], March first
	day := doy - (153*mp+2)/5 + 1
	year, month := era*400+yoe-400, mp+3
	if mp >= 10 {
		year, month = year+1, mp-9
	}
	hh, mm, ss := tod/3600, tod/60%60, tod%60
	return append(dst,
		byte('0'+year/1000), byte('0'+year/100%10), byte('0'+year/10%10), byte('0'+year%10), '-',
		byte('0'+month/10), byte('0'+month%10), '-', byte('0'+day/10), byte('0'+day%10), 'T',
		byte('0'+hh/10), byte('0'+hh%10), ':', byte('0'+mm/10), byte('0'+mm%10), ':',
		byte('0'+ss/10), byte('0'+ss%10))
}

// eightDigitsText returns the eight decimal digits of v < 1e8 as the values
// 0 to 9 of a word's bytes, the first digit in the low byte (add '0' to
// each for their text): v split in fours, each four in pairs, each pair in
// digits, the quotients by 100 and by 10 taken by multiplication for all
// lanes at once (exact below 43699 and 179, which the lanes stay under).
func eightDigitsText(v uint64) uint64 {
	x := v/10000 | v%10000<<32
	q := x * 5243 >> 19 & 0x0000007f0000007f // x / 100 in each lane
	x = q | (x-q*100)<<16
	q = x * 103 >> 10 & 0x000f000f000f000f // x / 10 in each lane
	return q | (x-q*10)<<8
}

// splitFraction returns the digits b[i:j] of the raw time b's fraction of a
// second (i == j when it has none) such that, for the kinds it takes,
// Timestamp decodes b to the second that b[:i] and b[j:] decide (with the
// reference) and the nanoseconds fracNanos(b[i:j]), and decodes at all
// exactly when the text with any other fraction of digits would. ok is false
// for the other kinds, and for fractions that are not digits, which the
// decoders read as numbers all the same.
func splitFraction(kind uint8, b []byte) (i, j int, ok bool) {
	switch kind {
	case timeKlog: // MMDD hh:mm:ss.uuuuuu
		// The six digits are the high bytes of the word ending b.
		if len(b) == 20 && digitsAt(binary.LittleEndian.Uint64(b[12:20]), 0xffffffffffff0000) {
			return 14, 20, true
		}
	case timeLog15: // MM-DD|hh:mm:ss[.mmm]
		if len(b) == 14 {
			return 14, 14, true
		}
		if len(b) == 18 && digitsAt(binary.LittleEndian.Uint64(b[10:18]), 0xffffff0000000000) {
			return 15, 18, true
		}
	case timeStdlog: // 2006/01/02 15:04:05[.000000], read by position
		if len(b) > 20 && b[19] == '.' {
			if allDigits(b[20:]) {
				return 20, len(b), true
			}
			return 0, 0, false
		}
		return len(b), len(b), true
	case timeMySQL: // no fraction
		return len(b), len(b), true
	case timeRFC3339, timeZoneName, timeSpaceZone:
		// RFC 3339 up to the seconds, the fraction digits when there is
		// one (see scanRFC3339), then the zone however written.
		if len(b) < 19 {
			return 0, 0, false // does not decode
		}
		if len(b) > 20 && (b[19] == '.' || b[19] == ',') && isDigit(b[20]) {
			j := 21
			for j < len(b) && isDigit(b[j]) {
				j++
			}
			return 20, j, true
		}
		if len(b) > 19 && (b[19] == '.' || b[19] == ',') {
			return 0, 0, false // no digits: does not decode
		}
		return 19, 19, true
	}
	return 0, 0, false
}

// appendFraction appends the fraction of a second whose digits are f as
// time.RFC3339Nano writes it: a point and its first nine digits without
// trailing zeros, or nothing when those are all zeros.
func appendFraction(dst, f []byte) []byte {
	f = f[:min(len(f), 9)]
	for len(f) > 0 && f[len(f)-1] == '0' {
		f = f[:len(f)-1]
	}
	if len(f) == 0 {
		return dst
	}
	return append(append(dst, '.'), f...)
}

// refMonth remembers the year and month of a reference time for the span
// of seconds, within one zone offset of its location, that has them: the
// clock is read for every record without a year, and its calendar date
// changes once a month.
type refMonth struct {
	loc    *time.Location
	lo, hi int64 // Unix seconds [lo, hi); empty when hi <= lo
	year   int
	month  time.Month
}

// date returns ref.Date()'s year and month.
func (m *refMonth) date(ref time.Time) (int, time.Month) {
	sec, loc := ref.Unix(), ref.Location()
	if loc == m.loc && m.lo <= sec && sec < m.hi {
		return m.year, m.month
	}
	year, month, _ := ref.Date()
	m.loc, m.year, m.month, m.lo, m.hi = loc, year, month, 0, 0
	if year < -1e6 || year > 1e6 {
		return year, month // not kept: the arithmetic below would overflow near time.Time's limits
	}
	// The month's first and last second at ref's offset, cut to the
	// seconds that have that offset.
	ny, nm := year, month+1
	if nm > 12 {
		ny, nm = year+1, 1
	}
	_, off := ref.Zone()
	lo := unixDays(year, int(month))*86400 - int64(off)
	hi := unixDays(ny, int(nm))*86400 - int64(off)
	start, end := ref.ZoneBounds()
	if !start.IsZero() {
		lo = max(lo, start.Unix())
	}
	if !end.IsZero() {
		hi = min(hi, end.Unix())
	}
	m.lo, m.hi = lo, hi
	return year, month
}
