package container

import "time"

// parseTime parses a runtime timestamp: RFC 3339 with 0–9 fraction digits
// and "Z" or a numeric offset, as containerd (trimmed digits, local zone),
// CRI-O (9 digits, "+00:00") and Docker (trimmed, "Z") write it. The common
// shape is parsed by hand without allocating; a numeric offset's zone is
// cached, so a file in one zone costs one allocation. Other shapes fall back
// to time.Parse with RFC3339Nano; what that rejects gives the zero Time.
func (d *Decoder) parseTime(b []byte) time.Time {
	if len(b) == 0 {
		return time.Time{}
	}
	if t, ok := d.parseTimeFast(b); ok {
		return t
	}
	t, err := time.Parse(time.RFC3339Nano, string(b))
	if err != nil {
		return time.Time{}
	}
	return t
}

func (d *Decoder) parseTimeFast(b []byte) (time.Time, bool) {
	// 2006-01-02T15:04:05[.999999999](Z|±07:00)
	if len(b) < len("2006-01-02T15:04:05Z") ||
		b[4] != '-' || b[7] != '-' || b[10] != 'T' || b[13] != ':' || b[16] != ':' {
		return time.Time{}, false
	}
	// A busy container writes many lines per second: the second and the
	// zone of the previous timestamp are usually this one's too.
	if c := &d.sec; c.ok && string(b[:19]) == string(c.prefix[:]) {
		if nsec, i, ok := fraction(b); ok && string(b[i:]) == string(c.zone[:c.zoneLen]) {
			return c.t.Add(time.Duration(nsec)), true
		}
	}
	t, ok := d.parseTimeFull(b)
	if ok {
		d.cacheSecond(b, t)
	}
	return t, ok
}

// secondCache is the last timestamp's second and zone, as text and as a
// time.Time at that whole second.
type secondCache struct {
	prefix  [19]byte
	zone    [6]byte
	zoneLen int
	t       time.Time
	ok      bool
}

// cacheSecond remembers the second and zone of b, parsed as t.
func (d *Decoder) cacheSecond(b []byte, t time.Time) {
	_, i, ok := fraction(b)
	if !ok || len(b)-i > len(d.sec.zone) {
		d.sec.ok = false
		return
	}
	c := &d.sec
	copy(c.prefix[:], b[:19])
	c.zoneLen = copy(c.zone[:], b[i:])
	c.t = t.Add(-time.Duration(t.Nanosecond()))
	c.ok = true
}

// fraction parses the optional ".digits" after the seconds of b, returning
// nanoseconds and the index after it; false for a dot without digits or
// more than nine digits.
func fraction(b []byte) (nsec, i int, ok bool) {
	i = 19
	if b[i] != '.' {
		return 0, i, true
	}
	i++
	n := 0
	for i < len(b) && '0' <= b[i] && b[i] <= '9' {
		if n == 9 {
			return 0, i, false
		}
		nsec = nsec*10 + int(b[i]-'0')
		i++
		n++
	}
	if n == 0 {
		return 0, i, false
	}
	for ; n < 9; n++ {
		nsec *= 10
	}
	return nsec, i, true
}

func (d *Decoder) parseTimeFull(b []byte) (time.Time, bool) {
	year, ok1 := digits(b[0:4])
	month, ok2 := digits(b[5:7])
	day, ok3 := digits(b[8:10])
	hour, ok4 := digits(b[11:13])
	minute, ok5 := digits(b[14:16])
	sec, ok6 := digits(b[17:19])
	if !(ok1 && ok2 && ok3 && ok4 && ok5 && ok6) ||
		month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || sec > 59 {
		return time.Time{}, false
	}
	nsec, i, ok := fraction(b)
	if !ok {
		return time.Time{}, false
	}
	var loc *time.Location
	switch rest := b[i:]; {
	case len(rest) == 1 && rest[0] == 'Z':
		loc = time.UTC
	case len(rest) == 6 && (rest[0] == '+' || rest[0] == '-') && rest[3] == ':':
		oh, ok1 := digits(rest[1:3])
		om, ok2 := digits(rest[4:6])
		if !ok1 || !ok2 || oh > 23 || om > 59 {
			return time.Time{}, false
		}
		off := (oh*60 + om) * 60
		if rest[0] == '-' {
			off = -off
		}
		loc = d.fixedZone(off)
	default:
		return time.Time{}, false
	}
	t := time.Date(year, time.Month(month), day, hour, minute, sec, nsec, loc)
	if t.Day() != day { // 31 April and the like: time.Parse rejects them too
		return time.Time{}, false
	}
	return t, true
}

// fixedZone returns a zone for a UTC offset in seconds: UTC for zero, else a
// fixed zone, cached for the next record.
func (d *Decoder) fixedZone(off int) *time.Location {
	if off == 0 {
		return time.UTC
	}
	if d.zone == nil || d.zoneOff != off {
		d.zone, d.zoneOff = time.FixedZone("", off), off
	}
	return d.zone
}

// digits parses a short run of ASCII digits.
func digits(b []byte) (int, bool) {
	n := 0
	for _, c := range b {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	return n, true
}
