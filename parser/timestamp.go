package parser

import (
	"encoding/binary"
	"math"
	"math/bits"
	"slices"
	"strconv"
	"time"
)

// Timestamp decodes the record's timestamp. ref stands in for what the line
// does not say:
//   - klog prints no year and no zone: the year is ref's, or the year before
//     when the record's month is later than ref's month (a December line read
//     in January), and the zone is ref's location — klog writes the process's
//     local time, which in containers is almost always UTC. The terminal
//     form of log15 and go-ethereum ("11-30|04:41:36.123") leaves out the
//     same and is read the same way (see OmitsYear).
//   - layouts without a zone (logrus custom TimestampFormat, package log's
//     "2006/01/02 15:04:05") use ref's location.
//   - zerolog's console default, time.Kitchen ("4:42AM"), has no date: ok is
//     false, and the raw text stays available from RawTime.
//
// Callers usually pass ClockReference(); replaying old files, pass the
// file's modification time. ok is false when the record has no timestamp or
// it does not decode (a custom layout relevel does not know); RawTime still
// returns it.
func (r *Record) Timestamp(ref time.Time) (time.Time, bool) {
	if r.time.empty() {
		return time.Time{}, false
	}
	b := r.get(r.time)
	switch r.timeKind {
	case timeKlog:
		return klogTime(b, ref)
	case timeLog15:
		return log15Time(b, ref)
	case timeRFC3339:
		return rfc3339Time(b, ref.Location())
	case timeEpoch:
		return epochTime(b)
	case timeStdlog:
		return stdlogTime(b, ref.Location())
	case timeSpaceZone:
		return spaceZoneTime(b)
	case timeClock:
		return clockTime(b, ref)
	case timeJUL:
		return julTime(b, ref.Location())
	case timeZoneName:
		return zoneNameTime(b, ref.Location())
	case timeRedis:
		return time.Date(num(b[7:11]), time.Month(julMonth(b[3:6])), num(b[0:2]), num(b[12:14]), num(b[15:17]), num(b[18:20]),
			fracNanos(b[21:24]), ref.Location()), true
	case timeMySQL:
		return mysqlTime(b, ref.Location())
	case timeApache:
		nsec, y := 0, len(b)-4
		if b[19] == '.' {
			nsec = fracNanos(b[20 : y-1])
		}
		return time.Date(num(b[y:]), time.Month(julMonth(b[4:7])), num(b[8:10]), num(b[11:13]), num(b[14:16]), num(b[17:19]),
			nsec, ref.Location()), true
	case timePHP:
		nsec := 0
		if len(b) > 21 {
			nsec = fracNanos(b[21:])
		}
		return time.Date(num(b[7:11]), time.Month(julMonth(b[3:6])), num(b[0:2]), num(b[12:14]), num(b[15:17]), num(b[18:20]),
			nsec, ref.Location()), true
	case timeNest:
		return nestTime(b, ref.Location())
	case timeRedisNoYear:
		return redisNoYearTime(b, ref)
	case timeMinIO:
		return minioTime(b, ref.Location())
	case timeStdlogZone:
		return stdlogZoneTime(b)
	}
	// timeKitchen ("4:42AM") has no date and no seconds: the time of
	// arrival is closer to the truth than anything built from it.
	return time.Time{}, false
}

func num(b []byte) int {
	n := 0
	for _, c := range b {
		n = n*10 + int(c-'0')
	}
	return n
}

// ClockReference is the reference for Timestamp when nothing better is
// known (such as the time the line was written): the clock for a record
// whose timestamp leaves out its date (OmitsYear), and otherwise the local
// zone alone, without reading the clock, since the other layouts take no
// more than the zone from their reference.
func (r *Record) ClockReference() time.Time {
	if r.OmitsYear() {
		return time.Now()
	}
	return time.Time{}.In(time.Local)
}

// klogTime decodes "MMDD hh:mm:ss.uuuuuu".
func klogTime(b []byte, ref time.Time) (time.Time, bool) {
	if len(b) != 20 {
		return time.Time{}, false
	}
	month, day := num(b[0:2]), num(b[2:4])
	if month < 1 || month > 12 || day < 1 || day > 31 {
		return time.Time{}, false
	}
	year, refMonth, _ := ref.Date() // one calendar computation, not two
	if time.Month(month) > refMonth {
		year--
	}
	t := time.Date(year, time.Month(month), day, num(b[5:7]), num(b[8:10]), num(b[11:13]), num(b[14:20])*1000, ref.Location())
	return t, true
}

// log15Time decodes log15's and go-ethereum's "MM-DD|hh:mm:ss[.mmm]", the
// year and zone taken from ref as klogTime takes them.
func log15Time(b []byte, ref time.Time) (time.Time, bool) {
	if len(b) != 14 && len(b) != 18 {
		return time.Time{}, false
	}
	month, day := num(b[0:2]), num(b[3:5])
	if month < 1 || month > 12 || day < 1 || day > 31 {
		return time.Time{}, false
	}
	year, refMonth, _ := ref.Date() // one calendar computation, not two
	if time.Month(month) > refMonth {
		year--
	}
	nsec := 0
	if len(b) == 18 {
		nsec = num(b[15:18]) * 1e6
	}
	return time.Date(year, time.Month(month), day, num(b[6:8]), num(b[9:11]), num(b[12:14]), nsec, ref.Location()), true
}

// rfc3339Time decodes "YYYY-MM-DD[T ]hh:mm:ss[.frac][Z|±hh:mm|±hhmm]".
func rfc3339Time(b []byte, loc *time.Location) (time.Time, bool) {
	end := scanRFC3339(b, 0, false)
	if end != len(b) {
		return time.Time{}, false
	}
	j := 19
	nsec := 0
	if j < len(b) && (b[j] == '.' || b[j] == ',') {
		j++
		digits := 0
		for j < len(b) && isDigit(b[j]) {
			if digits < 9 {
				nsec = nsec*10 + int(b[j]-'0')
				digits++
			}
			j++
		}
		for ; digits < 9; digits++ {
			nsec *= 10
		}
	}
	offset, hasZone := 0, false
	if j < len(b) {
		hasZone = true
		if b[j] != 'Z' {
			hh := num(b[j+1 : j+3])
			mm := 0
			if b[j+3] == ':' {
				mm = num(b[j+4 : j+6])
			} else {
				mm = num(b[j+3 : j+5])
			}
			offset = (hh*60 + mm) * 60
			if b[j] == '-' {
				offset = -offset
			}
		}
	}
	month, day := num(b[5:7]), num(b[8:10])
	if month < 1 || month > 12 || day < 1 || day > 31 {
		return time.Time{}, false
	}
	if !hasZone {
		return time.Date(num(b[0:4]), time.Month(month), day, num(b[11:13]), num(b[14:16]), num(b[17:19]), nsec, loc), true
	}
	// The instant is plain arithmetic once the zone is known: no
	// *time.Location per line, and none of time.Date's normalising.
	sec := unixDays(num(b[0:4]), month) + int64(day-1)
	sec = sec*86400 + int64(num(b[11:13])*3600+num(b[14:16])*60+num(b[17:19])-offset)
	return time.Unix(sec, int64(nsec)).UTC(), true
}

// unixDays returns the days from 1970-01-01 to the first of the month in
// the proleptic Gregorian calendar, as time.Date counts them (the
// days_from_civil algorithm, shifted so that years start in March and
// February's length comes last).
func unixDays(year, month int) int64 {
	y := int64(year)
	m := int64(month)
	if m <= 2 {
		y--
		m += 9
	} else {
		m -= 3
	}
	era := y
	if era < 0 {
		era -= 399
	}
	era /= 400
	yoe := y - era*400 // [0, 399]
	doy := (153*m + 2) / 5
	doe := yoe*365 + yoe/4 - yoe/100 + doy // [0, 146096]
	return era*146097 + doe - 719468
}

// epochTime decodes zap's epoch encoders, telling seconds, milliseconds,
// microseconds and nanoseconds apart by magnitude (see epochParts).
func epochTime(b []byte) (time.Time, bool) {
	sec, nsec, ok := epochParts(b)
	if !ok {
		return time.Time{}, false
	}
	return time.Unix(sec, nsec).UTC(), true
}

// epochParts returns the seconds and nanoseconds time.Unix takes for an
// epoch time: integer nanoseconds as they are, a float in seconds,
// milliseconds, microseconds or nanoseconds (told apart by magnitude)
// rounded to the microsecond. nsec may be 1e9 after rounding (or out of
// range for a float past int64's seconds), which time.Unix normalises.
func epochParts(b []byte) (sec, nsec int64, ok bool) {
	// Integer nanoseconds, decoded by hand: strconv's error for a float
	// ("1.796e+09") allocates, and this runs for every zap/zerolog record.
	// The first sixteen digits are taken as two words, which zap's and
	// zerolog's floats of as many bytes fail at once (their point comes
	// within them), without reading the digits before it twice.
	if len(b) > 17 && len(b) < 20 {
		w0, w1 := binary.LittleEndian.Uint64(b), binary.LittleEndian.Uint64(b[8:16])
		if digitsAt(w0, ^uint64(0)) && digitsAt(w1, ^uint64(0)) {
			n := int64(eightDigits(w0)*1e8 + eightDigits(w1))
			digits := true
			for _, c := range b[16:] {
				if c < '0' || c > '9' {
					digits = false
					break
				}
				n = n*10 + int64(c-'0') // past int64 it wraps negative, as before
			}
			if digits && n > 1e17 {
				return n / 1e9, n % 1e9, true
			}
		}
	}
	f, ok := parseDecimalFloat(b)
	if !ok {
		var err error
		if f, err = strconv.ParseFloat(string(b), 64); err != nil {
			return 0, 0, false
		}
	}
	if f <= 0 {
		return 0, 0, false
	}
	var unit float64
	switch {
	case f < 1e11:
		unit = 1e9
	case f < 1e14:
		unit = 1e6
	case f < 1e17:
		unit = 1e3
	default:
		unit = 1
	}
	s := f * unit / 1e9
	whole := int64(s)
	// Rounding to the microsecond hides float64's noise in the last digits.
	ns := int64((s-float64(whole))*1e6+0.5) * 1000
	return whole, ns, true
}

// pow10u holds 10^k for k up to 19, the powers of ten a uint64 holds.
var pow10u = [20]uint64{1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10,
	1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19}

// parseDecimalFloat returns strconv.ParseFloat(b, 64) for the numbers
// zap's epoch encoders print ("1.7960179581095307e+09", with 17 digits a
// float64 rarely holds exactly, so that strconv reads them digit by digit
// and then by Eisel-Lemire): digits, an optional fraction and an optional
// exponent, at most 19 digits in all, the power of ten from -19 to 19.
// ok is false for anything else, to be left to strconv.
//
// The digits m and the power of ten 10^e give the value exactly: m*10^e
// as a 128-bit product, or m/10^-e as a 64-bit quotient of m shifted left
// with its remainder. Rounding the top 53 bits to nearest, ties to even,
// with the bits below and the remainder as sticky bits, is the correctly
// rounded float64 strconv returns.
func parseDecimalFloat(b []byte) (float64, bool) {
	var m uint64
	nd, i := 0, 0 // digits read, bytes read
	for ; i < len(b) && isDigit(b[i]); i++ {
		m = m*10 + uint64(b[i]-'0')
		nd++
	}
	if i == 0 {
		return 0, false
	}
	e := 0
	if i < len(b) && b[i] == '.' {
		i++
		fs := i
		// zap's fraction runs to 16 digits: eight at a time.
		for ; i+8 <= len(b); i += 8 {
			x := binary.LittleEndian.Uint64(b[i : i+8])
			if !digitsAt(x, ^uint64(0)) {
				break
			}
			m = m*1e8 + eightDigits(x)
			nd += 8
		}
		for ; i < len(b) && isDigit(b[i]); i++ {
			m = m*10 + uint64(b[i]-'0')
			nd++
		}
		if i == fs {
			return 0, false
		}
		e = fs - i
	}
	if nd > 19 {
		return 0, false // m may have wrapped
	}
	if i < len(b) && (b[i] == 'e' || b[i] == 'E') {
		i++
		neg := false
		if i < len(b) && (b[i] == '+' || b[i] == '-') {
			neg = b[i] == '-'
			i++
		}
		es, x := i, 0
		for ; i < len(b) && isDigit(b[i]) && i-es < 3; i++ {
			x = x*10 + int(b[i]-'0')
		}
		if i == es {
			return 0, false
		}
		if neg {
			x = -x
		}
		e += x
	}
	if i != len(b) || e < -19 || e > 19 {
		return 0, false
	}
	if m == 0 {
		return 0, true
	}
	var top, sticky uint64 // the value's top 64 bits, leading bit set, and what is below them
	var exp int            // the value is (top + below) * 2^exp
	if e >= 0 {
		hi, lo := bits.Mul64(m, pow10u[e])
		if hi == 0 {
			s := bits.LeadingZeros64(lo)
			top, exp = lo<<s, -s
		} else {
			s := bits.LeadingZeros64(hi)
			top, sticky, exp = hi<<s|lo>>(64-s), lo<<s, 64-s
		}
	} else {
		// q = m*2^s / d with 64 bits: s from the two bit lengths, one
		// more when the quotient falls short; m*2^s < d*2^64 keeps
		// Div64's high word below d.
		d := pow10u[-e]
		s := 63 - bits.Len64(m) + bits.Len64(d)
		for {
			var hi, lo uint64
			if s >= 64 {
				hi = m << (s - 64)
			} else {
				hi, lo = m>>(64-s), m<<s
			}
			q, rem := bits.Div64(hi, lo, d)
			if q>>63 == 0 {
				s++
				continue
			}
			top, sticky, exp = q, rem, -s
			break
		}
	}
	// 53 bits of mantissa, the next one the rounding bit, the other ten and
	// sticky below it.
	mant := top >> 11
	if top&(1<<10) != 0 && (top&(1<<10-1) != 0 || sticky != 0 || mant&1 != 0) {
		if mant++; mant == 1<<53 {
			mant >>= 1
			exp++
		}
	}
	exp += 11 // mant * 2^exp; mant in [2^52, 2^53)
	return math.Float64frombits(uint64(exp+52+1023)<<52 | mant&(1<<52-1)), true
}

// eightDigits returns the number eight ASCII digits x (the first in its
// low byte) write: pairs, then fours, then the eight are put together by
// three multiplications, no sum carrying into the next lane.
func eightDigits(x uint64) uint64 {
	x = (x & 0x0f0f0f0f0f0f0f0f) * (10<<8 + 1) >> 8
	x = (x & 0x00ff00ff00ff00ff) * (100<<16 + 1) >> 16
	return (x & 0x0000ffff0000ffff) * (10000<<32 + 1) >> 32
}

// spaceZoneTime decodes a time whose numeric zone follows it after a
// space, as strftime's "%Y-%m-%d %H:%M:%S %z" writes it (gunicorn).
func spaceZoneTime(b []byte) (time.Time, bool) {
	n := len(b)
	if n < 25 || b[n-6] != ' ' || (b[n-5] != '+' && b[n-5] != '-') {
		return time.Time{}, false
	}
	z := b[n-4:]
	for _, c := range z {
		if !isDigit(c) {
			return time.Time{}, false
		}
	}
	t, ok := rfc3339Time(b[:n-6], time.UTC)
	if !ok {
		return time.Time{}, false
	}
	offset := time.Duration(num(z[:2])*60+num(z[2:])) * time.Minute
	if b[n-5] == '-' {
		offset = -offset
	}
	return t.Add(-offset), true
}

// clockTime decodes a time of day without a date ("15:04:05.000") as the
// moment nearest ref that has it, in ref's location: a line is read soon
// after it was written, so a clock half a day or more after ref is
// yesterday's.
func clockTime(b []byte, ref time.Time) (time.Time, bool) {
	if len(b) < 8 {
		return time.Time{}, false
	}
	nsec := 0
	if len(b) > 9 && (b[8] == '.' || b[8] == ',') { // JBoss writes a comma
		nsec = fracNanos(b[9:])
	}
	hh, mm, ss := num(b[0:2]), num(b[3:5]), num(b[6:8])
	if hh > 23 || mm > 59 || ss > 60 {
		return time.Time{}, false
	}
	y, mo, d := ref.Date()
	t := time.Date(y, mo, d, hh, mm, ss, nsec, ref.Location())
	if t.Sub(ref) > 12*time.Hour {
		t = t.AddDate(0, 0, -1)
	}
	return t, true
}

// julTime decodes SimpleFormatter's "Jan 02, 2006 3:04:05 PM" (the hour
// may have one digit), in loc: the JVM writes its default time zone's time.
func julTime(b []byte, loc *time.Location) (time.Time, bool) {
	month := julMonth(b[:3])
	i := 13
	if isDigit(b[i+1]) {
		i++
	}
	hh := num(b[13 : i+1])
	if month == 0 || hh < 1 || hh > 12 {
		return time.Time{}, false
	}
	if hh == 12 {
		hh = 0
	}
	if b[i+8] == 'P' {
		hh += 12
	}
	return time.Date(num(b[8:12]), time.Month(month), num(b[4:6]), hh, num(b[i+2:i+4]), num(b[i+5:i+7]), 0, loc), true
}

// zoneNameTime decodes "2006-01-02 15:04:05.000 ZONE": UTC, GMT and
// numeric offsets are read; another abbreviation ("CEST") is taken to be
// loc's, as the server's zone can only be known from its configuration.
func zoneNameTime(b []byte, loc *time.Location) (time.Time, bool) {
	k := len(b) - 1
	for k > 0 && b[k] != ' ' {
		k--
	}
	if k < 19 {
		return time.Time{}, false
	}
	off, ok := zoneOffset(b[k+1:])
	if !ok {
		return rfc3339Time(b[:k], loc)
	}
	t, ok := rfc3339Time(b[:k], time.UTC)
	return t.Add(-time.Duration(off) * time.Second), ok
}

// fracNanos reads the digits of a fraction of a second as nanoseconds:
// the first nine count, the rest are below a nanosecond.
func fracNanos(frac []byte) int {
	nsec, digits := 0, 0
	for _, c := range frac {
		if digits < 9 {
			nsec = nsec*10 + int(c-'0')
			digits++
		}
	}
	for ; digits < 9; digits++ {
		nsec *= 10
	}
	return nsec
}

// stdlogZoneTime decodes pingcap/log's "2006/01/02 15:04:05.000 -07:00":
// package log's layout with milliseconds, then the zone's offset after a
// space, by position: the parse checked the shape (isPingCAPTime).
func stdlogZoneTime(b []byte) (time.Time, bool) {
	if len(b) != 30 {
		return time.Time{}, false
	}
	off, ok := zoneOffset(b[24:])
	if !ok {
		return time.Time{}, false
	}
	t, ok := stdlogTime(b[:23], time.UTC)
	return t.Add(-time.Duration(off) * time.Second), ok
}

// stdlogTime decodes package log's "2006/01/02 15:04:05[.000000]".
func stdlogTime(b []byte, loc *time.Location) (time.Time, bool) {
	if len(b) < 19 {
		return time.Time{}, false
	}
	nsec := 0
	if len(b) > 20 && b[19] == '.' {
		nsec = fracNanos(b[20:])
	}
	month, day := num(b[5:7]), num(b[8:10])
	if month < 1 || month > 12 || day < 1 || day > 31 {
		return time.Time{}, false
	}
	return time.Date(num(b[0:4]), time.Month(month), day, num(b[11:13]), num(b[14:16]), num(b[17:19]), nsec, loc), true
}

// mysqlTime reads MariaDB's "2006-01-02 15:04:05" and the older
// "060102 15:04:05", whose hour is space-padded.
func mysqlTime(b []byte, loc *time.Location) (time.Time, bool) {
	var y, mo, d int
	var c []byte
	switch len(b) {
	case 19:
		y, mo, d, c = num(b[0:4]), num(b[5:7]), num(b[8:10]), b[11:]
	case 15:
		y, mo, d, c = 2000+num(b[0:2]), num(b[2:4]), num(b[4:6]), b[7:]
	case 17: // Spark's yy/MM/dd HH:mm:ss
		y, mo, d, c = 2000+num(b[0:2]), num(b[3:5]), num(b[6:8]), b[9:]
	default:
		return time.Time{}, false
	}
	hh := num(c[1:2])
	if c[0] != ' ' {
		hh = num(c[0:2])
	}
	return time.Date(y, time.Month(mo), d, hh, num(c[3:5]), num(c[6:8]), 0, loc), true
}

// AppendUTC appends the record's timestamp as time.RFC3339Nano writes
// Timestamp's result in UTC, and reports whether it did, when that is a
// copy: the line writes an RFC 3339 time in UTC ("Z" or a zero offset) with
// every field in range, so no calendar arithmetic is needed, only the
// fraction's trailing zeros dropped. Most JSON and logfmt loggers write
// exactly that. ok is false otherwise, dst unchanged: use Timestamp.
func (r *Record) AppendUTC(dst []byte) (_ []byte, ok bool) {
	var m utcMinute
	return m.appendUTC(dst, r)
}

// utcMinute is the date and the minute of the last RFC 3339 time
// Record.AppendUTC's copy took, as the two words it checked them as
// ("YYYY-MM-" and "DDThh:mm"): a time of the same minute (records come
// many to a minute) needs only its seconds checked, not the date's and the
// clock's fields again, some forty instructions a record. The zero value
// matches no time.
type utcMinute struct {
	date, mid uint64
}

// appendUTC is Record.AppendUTC, the minute checked in m or kept there.
func (m *utcMinute) appendUTC(dst []byte, r *Record) (_ []byte, ok bool) {
	if r.timeKind != timeRFC3339 || r.time.empty() {
		return dst, false
	}
	b := r.getExact(r.time)
	if len(b) < 20 {
		return dst, false
	}
	// The zone: "Z", or an offset of zero.
	z := len(b) - 1
	switch {
	case b[z] == 'Z':
	case z >= 24 && (string(b[z-5:]) == "+00:00" || string(b[z-5:]) == "-00:00"):
		z -= 5
	case z >= 23 && (string(b[z-4:]) == "+0000" || string(b[z-4:]) == "-0000"):
		z -= 4
	default:
		return dst, false
	}
	// With the zone known to end b, what is left of scanRFC3339(b, 0,
	// false) == len(b) is checked here in line, on three words kept for
	// the copy: "YYYY-MM-DD", 'T' or ' ', "hh:mm:ss", then nothing or a
	// fraction of at least one digit up to the zone (its scan stops at the
	// first byte that is no digit, and the zone follows only there). The
	// fields are read from the words, not from b: a byte of b read again
	// keeps the compiler from loading its word as one.
	date, mid, clock := binary.LittleEndian.Uint64(b), binary.LittleEndian.Uint64(b[8:16]), binary.LittleEndian.Uint64(b[11:19])
	if date != m.date || mid != m.mid {
		if !digitsAt(date, 0x00ffff00ffffffff) || date&0xff0000ff00000000 != 0x2d00002d00000000 ||
			!digitsAt(mid, 0xffff) || mid&0xff0000 != 'T'<<16 && mid&0xff0000 != ' '<<16 ||
			!digitsAt(clock, 0xffff00ffff00ffff) || clock&0x0000ff0000ff0000 != 0x00003a00003a0000 {
			return dst, false
		}
		// The month (01 to 12), the hour (00 to 23) and the day (01 to
		// 31) are in range when their two digits, read first byte high,
		// are: digits compare as their text, a range as one
		// subtraction. Past the 28th a day is checked against its
		// month, and the year read, only for 29 February (a digit's
		// value is its low four bits).
		month := bits.ReverseBytes16(uint16(date >> 40))
		if month-0x3031 > 0x3132-0x3031 || bits.ReverseBytes16(uint16(clock)) > 0x3233 ||
			byte(clock>>24) > '5' || byte(clock>>48) > '5' {
			return dst, false
		}
		if day := bits.ReverseBytes16(uint16(mid)); day-0x3031 > 0x3238-0x3031 &&
			(day-0x3031 > 0x3331-0x3031 ||
				month == 0x3032 && (day > 0x3239 || daysIn(int(date&15)*1000+int(date>>8&15)*100+int(date>>16&15)*10+int(date>>24&15), 2) < 29) ||
				day == 0x3331 && (month == 0x3034 || month == 0x3036 || month == 0x3039 || month == 0x3131)) {
			return dst, false
		}
		m.date, m.mid = date, mid
	} else if s := uint32(clock>>40) - 0x30303a; (s|(s+0x060a00))&0xf0f0ff != 0 {
		// The minute's words checked before: the clock's first five
		// bytes are mid's last, so that only ":ss" is left to check,
		// as one word: less ":00", the colon's byte is zero, the tens
		// of seconds at most 5 and the seconds at most 9 when no high
		// nibble is set, 10 and 6 added (a byte below its digit
		// borrows, setting its high nibble).
		return dst, false
	}
	// e is the end of what is copied from b: the fraction's first nine
	// digits without trailing zeros, or 19 when nothing is left of it. A
	// fraction of up to eight digits (milli- and microseconds) is one
	// word, checked and trimmed as such.
	e := 19
	if z > 19 {
		if b[19] != '.' && b[19] != ',' || z == 20 {
			return dst, false
		}
		if f := z - 20; f <= 8 {
			var frac uint64
			if len(b) >= 28 {
				frac = binary.LittleEndian.Uint64(b[20:28])
			} else {
				// The word ending b, shifted so that b[20] is its low
				// byte (len(b) > 21 here).
				frac = binary.LittleEndian.Uint64(b[len(b)-8:]) >> (8 * (28 - len(b)))
			}
			m := uint64(1)<<(8*f) - 1 // f = 8: all ones
			if frac &= m; !digitsAt(frac, m) {
				return dst, false
			}
			// The digits that are not '0' are the bytes left nonzero;
			// the last of them ends the copy.
			if t := frac ^ 0x3030303030303030&m; t != 0 {
				e = 28 - bits.LeadingZeros64(t)/8
			}
		} else {
			for k := 20; k < z; k++ {
				if !isDigit(b[k]) {
					return dst, false
				}
			}
			e = min(z, 29)
			for e > 20 && b[e-1] == '0' {
				e--
			}
			if e == 20 {
				e = 19
			}
		}
	}
	// The date and the clock are stored as the words they were checked
	// as, not copied: "YYYY-MM-", "DDThh:mm:" from the middle word with
	// its 'T', then "hh:mm:ss" over its last bytes. The fraction's digits
	// end the word b[e-8:e] (e is 21 to 29), stored over the clock's
	// bytes it repeats, its first digit apart: nothing is written past
	// the result.
	n := len(dst)
	if cap(dst)-n < 30 {
		dst = slices.Grow(dst, 30)
	}
	// The room as an array, so that the stores at constant offsets need
	// no bounds checks.
	d := (*[30]byte)(dst[n : n+30])
	binary.LittleEndian.PutUint64(d[:], date)
	binary.LittleEndian.PutUint64(d[8:], mid&^0xff0000|'T'<<16)
	binary.LittleEndian.PutUint64(d[11:], clock)
	if e > 19 {
		binary.LittleEndian.PutUint64(d[e-8:], binary.LittleEndian.Uint64(b[e-8:e]))
		d[19], d[20] = '.', b[20] // the ninth digit back, when there are nine
	}
	d[e] = 'Z'
	return dst[:n+e+1], true
}

// digits2 is the number b[0:2] writes in decimal digits.
func digits2(b []byte) int { return int(b[0]-'0')*10 + int(b[1]-'0') }

// daysIn returns the number of days in the month of the proleptic Gregorian
// calendar.
func daysIn(year, month int) int {
	switch month {
	case 2:
		if year%4 == 0 && (year%100 != 0 || year%400 == 0) {
			return 29
		}
		return 28
	case 4, 6, 9, 11:
		return 30
	}
	return 31
}
