package grok

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"
	_ "time/tzdata" // zone IDs in date patterns and arguments work without a system zoneinfo
)

type dateKind int

const (
	dkYear4 dateKind = iota
	dkYear2
	dkMonth
	dkMonthName
	dkDay
	dkDayOfYear
	dkHour24    // H 0-23
	dkHour1to24 // k 1-24
	dkHour12    // h 1-12
	dkHour0to11 // K 0-11
	dkMinute
	dkSecond
	dkFraction
	dkAMPM
	dkZone
	dkIgnore // day of week, era: matched, not used
)

var (
	monthNames = []string{"january", "february", "march", "april", "may", "june", "july",
		"august", "september", "october", "november", "december"}
	dayNames = []string{"monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"}
)

func nameAlternation(names []string, short bool) string {
	alts := make([]string, len(names))
	for i, n := range names {
		if short {
			n = n[:3]
		}
		alts[i] = n
	}
	return `(?i:` + strings.Join(alts, "|") + `)`
}

const reZoneID = `[A-Za-z_]+(?:/[A-Za-z0-9_+\-]+)*`

// dateMatcher is a compiled date("pattern"[, "tz"[, "locale"]]).
type dateMatcher struct {
	matchRE string         // for the rule's regexp, without groups
	parseRE *regexp.Regexp // anchored, one group per field
	kinds   []dateKind     // kinds[i] is group i+1
	hasYear bool
	hasDate bool // month, day or day of year present
	loc     *time.Location
}

func compileDate(m *call) (*dateMatcher, error) {
	usage := `date takes a pattern and optional timezone and locale strings: date("pattern"[, "timezone"[, "locale"]])`
	if len(m.args) < 1 || len(m.args) > 3 {
		return nil, errf(m.off, "%s", usage)
	}
	for _, a := range m.args {
		if a.kind != argString {
			return nil, errf(a.off, "%s", usage)
		}
	}
	d := &dateMatcher{loc: time.UTC}
	if len(m.args) > 1 && m.args[1].s != "" {
		loc, err := parseTimezoneArg(m.args[1].s)
		if err != nil {
			return nil, errf(m.args[1].off, "date: %v", err)
		}
		d.loc = loc
	}
	if len(m.args) > 2 {
		l := strings.ToLower(m.args[2].s)
		if l != "" && l != "en" && !strings.HasPrefix(l, "en_") && !strings.HasPrefix(l, "en-") && l != "english" {
			return nil, errf(m.args[2].off, "date: locale %q is not supported (only English month and day names are)", m.args[2].s)
		}
	}
	pat := m.args[0].s
	if pat == "" {
		return nil, errf(m.args[0].off, "date: empty pattern")
	}
	var match, parse strings.Builder
	add := func(re string, k dateKind) {
		match.WriteString(`(?:` + re + `)`)
		parse.WriteString(`(` + re + `)`)
		d.kinds = append(d.kinds, k)
	}
	lit := func(s string) {
		q := regexp.QuoteMeta(s)
		match.WriteString(q)
		parse.WriteString(q)
	}
	num := func(n int) string {
		if n == 1 {
			return `\d{1,2}`
		}
		return fmt.Sprintf(`\d{%d}`, n)
	}
	for i := 0; i < len(pat); {
		c := pat[i]
		if c == '\'' {
			if i+1 < len(pat) && pat[i+1] == '\'' {
				lit("'")
				i += 2
				continue
			}
			var sb strings.Builder
			j := i + 1
			for ; j < len(pat); j++ {
				if pat[j] == '\'' {
					if j+1 < len(pat) && pat[j+1] == '\'' {
						sb.WriteByte('\'')
						j++
						continue
					}
					break
				}
				sb.WriteByte(pat[j])
			}
			if j >= len(pat) {
				return nil, errf(m.args[0].off, "date: unterminated quoted literal in %q", pat)
			}
			lit(sb.String())
			i = j + 1
			continue
		}
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z') {
			j := i + 1
			for j < len(pat) && pat[j] >= 0x80 && pat[j] < 0xC0 { // keep a UTF-8 sequence whole
				j++
			}
			lit(pat[i:j])
			i = j
			continue
		}
		j := i
		for j < len(pat) && pat[j] == c {
			j++
		}
		n := j - i
		i = j
		switch c {
		case 'y', 'Y', 'u':
			if n == 2 {
				add(`\d{2}`, dkYear2)
			} else {
				add(`\d{4}`, dkYear4)
			}
			d.hasYear = true
		case 'M':
			switch {
			case n <= 2:
				add(num(n), dkMonth)
			case n == 3:
				add(nameAlternation(monthNames, true), dkMonthName)
			default:
				add(nameAlternation(monthNames, false), dkMonthName)
			}
			d.hasDate = true
		case 'd':
			add(num(min(n, 2)), dkDay)
			d.hasDate = true
		case 'D':
			if n < 3 {
				add(`\d{1,3}`, dkDayOfYear)
			} else {
				add(`\d{3}`, dkDayOfYear)
			}
			d.hasDate = true
		case 'H':
			add(num(min(n, 2)), dkHour24)
		case 'k':
			add(num(min(n, 2)), dkHour1to24)
		case 'h':
			add(num(min(n, 2)), dkHour12)
		case 'K':
			add(num(min(n, 2)), dkHour0to11)
		case 'm':
			add(num(min(n, 2)), dkMinute)
		case 's':
			add(num(min(n, 2)), dkSecond)
		case 'S':
			add(`\d{1,9}`, dkFraction)
		case 'a':
			add(`(?i:am|pm)`, dkAMPM)
		case 'E':
			add(nameAlternation(dayNames, n <= 3), dkIgnore)
		case 'G':
			add(`(?i:ad|bc)`, dkIgnore)
		case 'z':
			if n <= 3 {
				add(`[A-Za-z]+`, dkZone)
			} else {
				add(reZoneID, dkZone)
			}
		case 'Z':
			if n <= 2 {
				add(`Z|[+-]\d{2}:?\d{2}`, dkZone)
			} else {
				add(reZoneID, dkZone)
			}
		default:
			return nil, errf(m.args[0].off, "date: pattern letter %q (in %q) is not supported; use y M d D H k K h m s S a E z Z G and 'quoted' text", string(c), pat)
		}
	}
	d.matchRE = match.String()
	re, err := regexp.Compile(`\A` + parse.String() + `\z`)
	if err != nil {
		return nil, errf(m.args[0].off, "date: pattern %q: %v", pat, err)
	}
	d.parseRE = re
	return d, nil
}

// apply converts the matched text to epoch milliseconds.
func (d *dateMatcher) apply(v any, e *env) (any, bool) {
	s, ok := v.(string)
	if !ok {
		return nil, false
	}
	m := d.parseRE.FindStringSubmatch(s)
	if m == nil {
		return nil, false
	}
	year, month, day, doy := 1970, 1, 1, 0
	if !d.hasYear && d.hasDate {
		year = e.time().UTC().Year()
	}
	hour, minute, sec, nsec := 0, 0, 0, 0
	pm, half := false, false
	loc := d.loc
	for i, k := range d.kinds {
		text := m[i+1]
		n, _ := strconv.Atoi(text)
		switch k {
		case dkYear4:
			year = n
		case dkYear2:
			base := e.time().UTC().Year() - 30 - 50 // Joda's default pivot
			year = base - base%100 + n
			if year < base {
				year += 100
			}
		case dkMonth:
			month = n
		case dkMonthName:
			month = nameIndex(monthNames, text) + 1
		case dkDay:
			day = n
		case dkDayOfYear:
			doy = n
		case dkHour24:
			hour = n
			if n > 23 {
				return nil, false
			}
		case dkHour1to24:
			if n < 1 || n > 24 {
				return nil, false
			}
			hour = n % 24
		case dkHour12:
			if n < 1 || n > 12 {
				return nil, false
			}
			hour, half = n%12, true
		case dkHour0to11:
			if n > 11 {
				return nil, false
			}
			hour, half = n, true
		case dkMinute:
			minute = n
		case dkSecond:
			sec = n
		case dkFraction:
			frac := (text + "000000000")[:9]
			nsec, _ = strconv.Atoi(frac)
		case dkAMPM:
			pm = strings.EqualFold(text, "pm")
		case dkZone:
			l, ok := parseZoneText(text)
			if !ok {
				return nil, false
			}
			loc = l
		}
	}
	if half && pm {
		hour += 12
	}
	if month < 1 || month > 12 || day < 1 || day > 31 || minute > 59 || sec > 59 {
		return nil, false
	}
	var t time.Time
	if doy > 0 {
		if doy > 366 {
			return nil, false
		}
		t = time.Date(year, 1, doy, hour, minute, sec, nsec, loc)
		if t.Year() != year {
			return nil, false
		}
	} else {
		t = time.Date(year, time.Month(month), day, hour, minute, sec, nsec, loc)
		if t.Day() != day { // 31 April and the like
			return nil, false
		}
	}
	return t.UnixMilli(), true
}

func nameIndex(names []string, s string) int {
	s = strings.ToLower(s)
	for i, n := range names {
		if strings.HasPrefix(n, s) || s == n[:3] {
			return i
		}
	}
	return 0
}

// zoneAbbrevs maps common zone abbreviations to UTC offsets in minutes.
// Abbreviations are ambiguous; these are the North American and European
// readings (CST is US Central, IST is India). Names that are also zone IDs
// with summer time (CET, EET, MET, WET) are left to the zone database.
var zoneAbbrevs = map[string]int{
	"UTC": 0, "GMT": 0, "UT": 0, "Z": 0, "WEST": 60, "BST": 60,
	"CEST": 120, "MEST": 120, "EEST": 180, "MSK": 180,
	"IST": 330, "PKT": 300, "ICT": 420, "WIB": 420, "HKT": 480, "SGT": 480, "AWST": 480,
	"JST": 540, "KST": 540, "ACST": 570, "ACDT": 630, "AEST": 600, "AEDT": 660,
	"NZST": 720, "NZDT": 780, "HST": -600, "AKST": -540, "AKDT": -480,
	"PST": -480, "PDT": -420, "MST": -420, "MDT": -360, "CST": -360, "CDT": -300,
	"EST": -300, "EDT": -240, "AST": -240, "ADT": -180, "NST": -210, "NDT": -150,
	"BRT": -180, "ART": -180,
}

var offsetRE = regexp.MustCompile(`^([+-])(\d{2}):?(\d{2})$`)

// parseZoneText reads a zone written in a log: Z, an offset, an
// abbreviation or a zone ID.
func parseZoneText(s string) (*time.Location, bool) {
	if m := offsetRE.FindStringSubmatch(s); m != nil {
		h, _ := strconv.Atoi(m[2])
		mi, _ := strconv.Atoi(m[3])
		off := h*3600 + mi*60
		if m[1] == "-" {
			off = -off
		}
		return time.FixedZone(s, off), true
	}
	if mins, ok := zoneAbbrevs[strings.ToUpper(s)]; ok {
		if mins == 0 {
			return time.UTC, true
		}
		return time.FixedZone(strings.ToUpper(s), mins*60), true
	}
	return loadLocation(s)
}

var (
	zoneIDRE = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_+\-]*(?:/[A-Za-z0-9_+\-]+)*$`)
	zoneMu   sync.Mutex
	zones    = map[string]*time.Location{} // LoadLocation results, nil for unknown names
)

// loadLocation looks a zone ID up in the zone database, caching the answer
// (zone names come from logs, so the same few recur).
func loadLocation(s string) (*time.Location, bool) {
	if s == "Local" || len(s) > 64 || !zoneIDRE.MatchString(s) {
		return nil, false
	}
	zoneMu.Lock()
	defer zoneMu.Unlock()
	loc, ok := zones[s]
	if !ok {
		if len(zones) >= 1024 { // bound the cache: names come from logs
			clear(zones)
		}
		loc, _ = time.LoadLocation(s)
		zones[s] = loc
	}
	return loc, loc != nil
}

var tzOffsetRE = regexp.MustCompile(`^([+-])(\d{1,2})(?::?(\d{2})(?::?(\d{2}))?)?$`)

// parseTimezoneArg reads the timezone argument of date(): GMT, UTC, UT or
// Z; an offset +h, +hh, +hh:mm, +hhmm, +hh:mm:ss or +hhmmss (±18:00 at
// most), possibly after UTC, GMT or UT; or a zone ID such as Europe/Paris.
func parseTimezoneArg(s string) (*time.Location, error) {
	switch s {
	case "GMT", "UTC", "UT", "Z":
		return time.UTC, nil
	}
	off := s
	for _, p := range []string{"UTC", "GMT", "UT"} {
		if rest, ok := strings.CutPrefix(s, p); ok && rest != "" && (rest[0] == '+' || rest[0] == '-') {
			off = rest
			break
		}
	}
	if off != "" && (off[0] == '+' || off[0] == '-') {
		m := tzOffsetRE.FindStringSubmatch(off)
		if m == nil || (len(m[2]) == 1 && m[3] != "") {
			return nil, fmt.Errorf("invalid timezone offset %q", s)
		}
		h, _ := strconv.Atoi(m[2])
		mi, _ := strconv.Atoi(m[3])
		se, _ := strconv.Atoi(m[4])
		secs := h*3600 + mi*60 + se
		if mi > 59 || se > 59 || secs > 18*3600 {
			return nil, fmt.Errorf("timezone offset %q is out of range (±18:00)", s)
		}
		if m[1] == "-" {
			secs = -secs
		}
		return time.FixedZone(s, secs), nil
	}
	loc, ok := loadLocation(s)
	if !ok {
		return nil, fmt.Errorf("unknown timezone %q", s)
	}
	return loc, nil
}
