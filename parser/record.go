package parser

import (
	"bytes"
	"unicode/utf8"
)

// span is a byte range [start, end) into Record.text. A zero span is empty.
type span struct{ start, end int32 }

func (s span) empty() bool { return s.end <= s.start }

// How a message or value is written in the log text, so accessors know how to
// decode it without Parse having to.
const (
	kindText     uint8 = iota // raw text
	kindGoQuoted              // a strconv.Quote string literal, quotes included
	kindJSON                  // a JSON value (string literal with quotes, number, object…)
	kindBlock                 // klog "=<" value: TAB-indented lines ending at " >"
	// A JSON string literal, quotes included, that its scan found free of
	// escapes: its text is the bytes between the quotes, with no second
	// search for a backslash when it is decoded.
	kindPlainString
	// .NET console lines: each starts with six spaces of padding that are
	// not part of the value (see appendUnpadded).
	kindPadded
)

// How the fields region is laid out.
const (
	fieldsNone         uint8 = iota
	fieldsKlog               // klog structured key=value pairs, with "=<" blocks
	fieldsJSON               // a JSON object (zap console)
	fieldsLogfmt             // logrus text: key=value, keys may contain spaces
	fieldsTTY                // logrus TTY: ESC[..mkeyESC[0m=value
	fieldsLogfmtRest         // logfmt pairs minus those the header consumed (slog, go-kit)
	fieldsZerologColor       // zerolog console: ESC[36mkey=ESC[0mvalue
	fieldsJSONRest           // a JSON object minus the members the header consumed
	fieldsCalico             // Calico's " key=value" pairs, values in Go syntax (%#v)
	fieldsKlogr              // klogr's `"key"=value` pairs, both JSON, minus the "msg" pair
	fieldsEventID            // .NET's event id: the number alone, reported as event_id
	fieldsRunner             // GitLab Runner's " key=value" pairs, keys coloured or not, values with spaces
	fieldsMinIO              // MinIO's report lines "Key: value", its "API: …" first
	fieldsPingCAP            // pingcap/log's "[key=value]" items, either side bare or a JSON string
)

// How the timestamp is written.
const (
	timeNone        uint8 = iota
	timeKlog              // MMDD hh:mm:ss.uuuuuu, no year, no zone
	timeRFC3339           // 2006-01-02T15:04:05[.frac][Z|±hh:mm|±hhmm], also with a space for T and no zone
	timeEpoch             // float or integer epoch in s, ms, µs or ns
	timeStdlog            // package log: 2006/01/02 15:04:05[.000000], local time; read by position, so SonarQube's 2006.01.02 too
	timeKitchen           // zerolog console default: 3:04PM, no date
	timeLog15             // log15 / go-ethereum terminal: 01-02|15:04:05[.000], no year, no zone
	timeSpaceZone         // 2006-01-02 15:04:05[.frac] -0700: the zone after a space (gunicorn)
	timeClock             // 15:04:05.000, no date, no zone (logback's and log4j2's %d{HH:mm:ss.SSS})
	timeJUL               // Jan 02, 2006 3:04:05 PM, no zone (java.util.logging's SimpleFormatter)
	timeZoneName          // 2006-01-02 15:04:05.000 UTC: a zone name or offset after a space (PostgreSQL's %m)
	timeRedis             // 02 Jan 2006 15:04:05.000, local time (Redis)
	timeRedisNoYear       // 02 Jan 15:04:05.000, no year, local time (Redis before 5.0)
	timeMySQL             // 2006-01-02 15:04:05 or 060102 15:04:05, the hour space-padded, local time (MariaDB); 06/01/02 15:04:05 (Spark)
	timePHP               // 02-Jan-2006 15:04:05[.000000], local time (PHP-FPM)
	timeApache            // Mon Jan 02 15:04:05[.000000] 2006, local time (Apache httpd)
	timeNest              // 1/2/2006, 3:04:05 PM, local time, en-US (NestJS; other locales' forms do not decode)
	timeMinIO             // 15:04:05 MST 01/02/2006 (MinIO's report)
	timeStdlogZone        // 2006/01/02 15:04:05.000 -07:00 (pingcap/log)
)

// Record is one parsed log record. Its byte accessors return slices of the
// text passed to Parse: they are valid only while that text is unchanged and
// until the Record is reused. Copy what you keep.
//
// A record's text may span several lines (a stack trace, a klog "=<" value, a
// raw multi-line message); the first line is the header the format was
// recognised from and the rest is its continuation.
type Record struct {
	// Format is the logger that wrote the record, FormatUnknown if none was recognised.
	Format Format
	// Level is the canonical level, LevelUnknown when the format carries none.
	Level Level

	text []byte
	layout

	// members is where parseJSONLine found the members of a JSON line,
	// for AppendPlainFields to copy them in runs without walking them
	// again (see appendMemberRuns). It lies outside layout, so that the
	// clear after a failed attempt leaves it, and reset clears it only
	// once a JSON parse wrote it: layout's nMembers says how many entries
	// hold, zero when none do, and a record pays for the table only when
	// a JSON line fills it. Each entry is where a member lies in the
	// text: the opening quote of its name << 16 | its value's first byte.
	members [maxPlainMembers]uint32
}

// reset makes r the record of text with no format, level or layout, as
// *r = Record{text: text} would. It clears members only when a JSON parse
// wrote them (members[0] is never zero then: a value does not start at 0),
// so that two parses of one text are equal Records, and the lines of
// other formats pay one compare for the table.
func (r *Record) reset(text []byte) {
	r.Format, r.Level, r.text = FormatUnknown, LevelUnknown, text
	r.layout = layout{}
	if r.members[0] != 0 {
		r.members = [maxPlainMembers]uint32{}
	}
}

// layout is where a record's parts lie in its text. It holds no pointers, so
// that clearing it between format attempts is plain stores, with no copy of
// the whole Record and no write barrier for text.
type layout struct {
	time   span
	msg    span
	logger span
	caller span
	thread span
	fields span
	cont   span // continuation lines not consumed by fields, without the leading '\n'
	lvl    span // the level as written, when the format spells it out
	// timeObj is where the JSON member value opens that holds the time
	// nested (MongoDB's "t":{"$date":…}), so that the fields leave it
	// out as they leave out a time written flat; 0 when none.
	timeObj int32

	msgKind    uint8
	timeKind   uint8
	fieldsKind uint8
	rawCont    bool // later headerless lines belong to this record
	blockCont  bool // ...but only klog's "key=<" value blocks (KlogBlockLine)
	// nMembers is how many entries of Record.members describe this
	// record's JSON object (fieldsJSONRest); zero when they do not.
	// pickedMembers has bit k set when member k was the first of its kind
	// of name (see classifyJSONKey): the others are none of the header's.
	nMembers      uint8
	pickedMembers uint32
}

// clear forgets what a failed format attempt may have set, keeping the text.
func (r *Record) clear() {
	r.Format, r.Level = FormatUnknown, LevelUnknown
	r.layout = layout{cont: r.cont}
}

// Rebase points r at text, a copy of the text r was parsed from (the same
// bytes, in another buffer): a record's parts are offsets into its text,
// so they hold. The joiner probes a line where it lies and copies it only
// when it starts a record.
func (r *Record) Rebase(text []byte) { r.text = text }

// Reset clears r for reuse without releasing anything.
func (r *Record) Reset() { *r = Record{} }

// Text returns the whole text the record was parsed from.
func (r *Record) Text() []byte { return r.text }

func (r *Record) get(s span) []byte { return r.text[s.start:s.end] }

// getExact is get with the capacity cut to the text's length, for a text
// that is read only within it (not by the copies that read words past a
// field's end, up to the buffer's capacity): its capacity is its length,
// one value fewer to compute, and to keep on the stack across a call. Its
// bounds are read as uint32: a 32-bit load zero-extends, where int32's
// sign extension is an instruction each; a span is never negative (one
// that were would fail the bounds check either way).
func (r *Record) getExact(s span) []byte {
	return r.text[uint32(s.start):uint32(s.end):uint32(s.end)]
}

// OmitsYear reports whether the record's timestamp leaves out the year
// (klog, the terminal form of log15 and go-ethereum, Redis before 5.0) or the whole date
// (logback's and log4j2's default time of day), so that Timestamp
// takes it from its reference time: callers that would otherwise pass a
// zero reference must pass a real one (the clock, or better the time the
// line was written) for these records.
func (r *Record) OmitsYear() bool {
	return r.timeKind == timeKlog || r.timeKind == timeLog15 || r.timeKind == timeClock || r.timeKind == timeRedisNoYear
}

// RawTime returns the timestamp exactly as written, or nil when the line has none.
func (r *Record) RawTime() []byte {
	if r.time.empty() {
		return nil
	}
	return r.get(r.time)
}

// HasTime reports whether the line writes a timestamp (RawTime is not
// nil): an encoder skips the timestamp's calls for a record without (one
// test, inlined).
func (r *Record) HasTime() bool { return !r.time.empty() }

// Logger returns the logger name (zap's name column, klog's logger= key is a field), or nil.
func (r *Record) Logger() []byte {
	if r.logger.empty() {
		return nil
	}
	return r.getExact(r.logger)
}

// Caller returns the source location the logger printed ("file.go:42"), or nil.
func (r *Record) Caller() []byte {
	if r.caller.empty() {
		return nil
	}
	return r.getExact(r.caller)
}

// HasSource reports whether the record names a logger, a caller or a
// thread: an encoder skips its logger object, and the four accessors
// below, for the many records that name none (one test, inlined).
func (r *Record) HasSource() bool {
	return !r.logger.empty() || !r.caller.empty() || !r.thread.empty()
}

// HasFields reports whether the record has field text (a line's pairs, a
// JSON object's members): for a record without, EachField calls its
// function for none and AppendPlainFields declines, and an encoder can skip
// both (one test, inlined, for the many records that have none).
func (r *Record) HasFields() bool { return !r.fields.empty() }

// HasThread reports whether the record names a thread, by number or by
// name: an encoder tests it once, not ThreadIDText, ThreadID and
// ThreadName each for a record without one.
func (r *Record) HasThread() bool { return !r.thread.empty() }

// ThreadID returns klog's thread (really process) id, when the format has one.
// Most records name no thread: that test is inlined at the caller, the
// number read by a call (threadID).
func (r *Record) ThreadID() (id int, ok bool) {
	if !r.thread.empty() {
		id, ok = r.threadID()
	}
	return
}

func (r *Record) threadID() (int, bool) { return atoiSigned(r.get(r.thread)) }

// ThreadIDText returns ThreadID's id as strconv.Itoa writes it, when the
// line writes it so (most do: no plus sign, no leading zero), so that an
// encoder copies it rather than read the number and write it again; nil
// otherwise. Like ThreadID, it tests for no thread in line.
func (r *Record) ThreadIDText() []byte {
	if r.thread.empty() {
		return nil
	}
	return r.threadIDText()
}

// threadIDText is out of line, so that ThreadIDText's test is in line.
//
//go:noinline
func (r *Record) threadIDText() []byte {
	t := r.get(r.thread)
	d := t
	if len(d) > 1 && d[0] == '-' {
		d = d[1:]
	}
	// atoiSigned's limit of nine digits; "-0" is 0, "07" 7.
	if len(d) == 0 || len(d) > 9 || d[0] == '0' && len(t) > 1 {
		return nil
	}
	for _, c := range d {
		if c < '0' || c > '9' {
			return nil
		}
	}
	return t
}

// ThreadName returns the thread (or process) the record names when that
// is not a number, which ThreadID gives: a JVM thread's name ("main",
// "http-nio-8080-exec-1"), an Erlang process ("<0.200.3>"). It is nil when
// the record names none, or names it by number. Like ThreadID, it tests
// for no thread in line.
func (r *Record) ThreadName() []byte {
	if r.thread.empty() {
		return nil
	}
	return r.threadName()
}

func (r *Record) threadName() []byte {
	if _, ok := r.threadID(); ok {
		return nil
	}
	return r.get(r.thread)
}

// AcceptsContinuation reports whether headerless lines that follow this record
// belong to it. klog, zap console and logrus's TTY form write multi-line
// messages raw and zap appends stack traces; formats that escape newlines
// (logrus text, logfmt, JSON) never continue, so a headerless line after them
// is a record of its own. An unrecognised line never takes continuations, nor
// does a record head without a level (package log's plain lines, zerolog's
// "???"): it has no level to lend them, and the lines after it are as likely
// another writer's. A Go panic takes them only while they fit the goroutine
// dump's grammar (see GoroutineDumpLine), which the joiner checks.
func (r *Record) AcceptsContinuation() bool { return r.rawCont }

// BlockContinuation reports whether the lines that may follow this record
// are only klog's multi-line value blocks: a structured klog record
// (InfoS, ErrorS: a quoted message, then key=value pairs) writes every
// value quoted on its line, except a multi-line string, which it writes as
// "key=<", its lines each behind a TAB, and " >". So such a record takes a
// continuation line only while a block is open (AcceptsContinuation says
// whether its header opened one), and only lines KlogBlockLine accepts;
// any other headerless line after it is another writer's. A FatalS record
// is not held to it: klog may write a goroutine dump after it.
func (r *Record) BlockContinuation() bool { return r.blockCont }

// KlogBlockLine reports whether line (without its line ending) belongs to
// an open klog value block, and whether a block is still open after it: a
// value line ("\tvalue", open) or the block's end (" >", which may be
// followed by more pairs and open the next block with a final "key=<").
func KlogBlockLine(line []byte) (belongs, open bool) {
	if n := len(line); n > 0 && line[n-1] == '\r' {
		line = line[:n-1]
	}
	switch {
	case len(line) > 0 && line[0] == '\t':
		return true, true
	case len(line) >= 2 && line[0] == ' ' && line[1] == '>':
		return true, opensKlogBlock(line)
	}
	return false, false
}

// opensKlogBlock reports whether a klog line ends by opening a value block.
func opensKlogBlock(line []byte) bool {
	if n := len(line); n > 0 && line[n-1] == '\r' {
		line = line[:n-1]
	}
	n := len(line)
	return n >= 2 && line[n-2] == '=' && line[n-1] == '<'
}

// RawLevel returns the level exactly as the logger wrote it ("I", "warn",
// "INFO+2", "30"), or nil when the format implies it (a Go panic) or none
// was found.
func (r *Record) RawLevel() []byte {
	if r.lvl.empty() {
		return nil
	}
	return r.get(r.lvl)
}

// RawMessage returns the header's message as written (quotes included for a
// quoted message), without continuation lines.
func (r *Record) RawMessage() []byte { return r.get(r.msg) }

// AppendMessage appends the decoded message to dst: the header's message,
// unquoted if it was quoted, then each continuation line after a '\n'. For an
// unrecognised record it is the whole text. It allocates only if dst must grow.
func (r *Record) AppendMessage(dst []byte) []byte {
	dst = appendDecoded(dst, r.get(r.msg), r.msgKind)
	if !r.cont.empty() {
		dst = append(dst, '\n')
		dst = append(dst, r.get(r.cont)...)
	}
	return dst
}

// MessageText returns what AppendMessage would append, without copying it,
// when the line writes the message as it reads and either the record has no
// continuation lines or they follow the message directly after its line's
// "\n" (a stack trace after a plain message); ok is false otherwise (use
// AppendMessage).
func (r *Record) MessageText() (_ []byte, ok bool) {
	if !r.cont.empty() {
		// The message, its '\n' and the continuation lines lie one
		// after another in the text: they are AppendMessage's result.
		if e := r.msg.end; r.msgKind == kindText && r.cont.start == e+1 && r.text[e] == '\n' {
			return r.text[r.msg.start:r.cont.end], true
		}
		return nil, false
	}
	if r.msgKind == kindText { // most messages: asWritten's first case, without its call
		return r.get(r.msg), true
	}
	return asWritten(r.get(r.msg), r.msgKind)
}

// PlainMessage returns the message, as MessageText would, when the line
// writes it as it reads (plain text, not quoted) and the record has no
// continuation lines: most records. It is small enough to be in line at
// the caller, where MessageText's call cost more than its test.
func (r *Record) PlainMessage() (_ []byte, ok bool) {
	if r.msgKind != kindText || !r.cont.empty() {
		return nil, false
	}
	return r.getExact(r.msg), true
}

// MessageLines returns what AppendMessage joins with a '\n' for a record
// with continuation lines, when the line writes the message as it reads
// (asWritten) but the lines do not follow it directly, so that MessageText
// declines (the zap console form's stack trace after its fields): the
// message, and the continuation lines. ok is false otherwise.
func (r *Record) MessageLines() (msg, cont []byte, ok bool) {
	if r.cont.empty() {
		return nil, nil, false
	}
	if r.msgKind == kindText { // most: asWritten's first case, without its call
		return r.get(r.msg), r.get(r.cont), true
	}
	if msg, ok = asWritten(r.get(r.msg), r.msgKind); !ok {
		return nil, nil, false
	}
	return msg, r.get(r.cont), true
}

// MessageQuoted returns the bytes between the quotes of a message that
// the line writes as a Go string literal, when the record has no
// continuation lines; ok is false otherwise. Unlike MessageText it does
// not look for a backslash: the text is the message only when it holds
// none, which the caller checks (an encoder that escapes it for JSON sees
// that no byte needed an escape), so that the text is searched once.
func (r *Record) MessageQuoted() (_ []byte, ok bool) {
	if r.msgKind != kindGoQuoted || !r.cont.empty() {
		return nil, false
	}
	if v := r.get(r.msg); len(v) >= 2 && v[0] == '"' && v[len(v)-1] == '"' {
		return v[1 : len(v)-1], true
	}
	return nil, false
}

// appendDecoded appends the text of a value written in the given kind:
// the part of v that asWritten finds, or else v decoded.
func appendDecoded(dst, v []byte, kind uint8) []byte {
	if t, ok := asWritten(v, kind); ok {
		return append(dst, t...)
	}
	switch kind {
	case kindGoQuoted:
		if out, ok := appendGoUnquote(dst, v); ok {
			return out
		}
	case kindJSON: // a string literal with escapes
		if out, ok := appendJSONUnquote(dst, v); ok {
			return out
		}
	case kindBlock:
		return appendBlock(dst, v)
	case kindPadded:
		return appendUnpadded(dst, v)
	}
	return append(dst, v...)
}

// appendBlock decodes a klog multi-line value: lines after "=<\n" each start
// with a TAB that is not part of the value; the " >" closer is excluded.
func appendBlock(dst, v []byte) []byte {
	first := true
	for len(v) > 0 {
		line := v
		if i := bytes.IndexByte(v, '\n'); i >= 0 {
			line, v = v[:i], v[i+1:]
		} else {
			v = nil
		}
		if len(line) > 0 && line[0] == '\t' {
			line = line[1:]
		}
		if !first {
			dst = append(dst, '\n')
		}
		first = false
		dst = append(dst, line...)
	}
	return dst
}

// appendGoUnquote decodes a Go double-quoted string literal (strconv.Quote's
// output) without allocating; ok is false if v is not one.
func appendGoUnquote(dst, v []byte) ([]byte, bool) {
	if len(v) < 2 || v[0] != '"' || v[len(v)-1] != '"' {
		return dst, false
	}
	s := v[1 : len(v)-1]
	if indexByteFrom(s, 0, '\\') < 0 {
		return append(dst, s...), true
	}
	start := len(dst)
	for len(s) > 0 {
		if s[0] != '\\' {
			// Copy the run up to the next escape at once.
			n := indexByteFrom(s, 0, '\\')
			if n < 0 {
				n = len(s)
			}
			dst = append(dst, s[:n]...)
			s = s[n:]
			continue
		}
		if len(s) < 2 {
			return dst[:start], false
		}
		e := s[1]
		s = s[2:]
		switch e {
		case 'a':
			dst = append(dst, '\a')
		case 'b':
			dst = append(dst, '\b')
		case 'f':
			dst = append(dst, '\f')
		case 'n':
			dst = append(dst, '\n')
		case 'r':
			dst = append(dst, '\r')
		case 't':
			dst = append(dst, '\t')
		case 'v':
			dst = append(dst, '\v')
		case '\\', '"', '\'':
			dst = append(dst, e)
		case 'x', 'u', 'U':
			n := 2
			if e == 'u' {
				n = 4
			} else if e == 'U' {
				n = 8
			}
			if len(s) < n {
				return dst[:start], false
			}
			var r rune
			for _, h := range s[:n] {
				d, ok := unhex(h)
				if !ok {
					return dst[:start], false
				}
				r = r<<4 | rune(d)
			}
			s = s[n:]
			if e == 'x' {
				dst = append(dst, byte(r)) // \x is a raw byte, not a code point
			} else {
				dst = utf8.AppendRune(dst, r)
			}
		case '0', '1', '2', '3', '4', '5', '6', '7':
			if len(s) < 2 {
				return dst[:start], false
			}
			r := rune(e - '0')
			for _, o := range s[:2] {
				if o < '0' || o > '7' {
					return dst[:start], false
				}
				r = r<<3 | rune(o-'0')
			}
			if r > 255 {
				return dst[:start], false
			}
			s = s[2:]
			dst = append(dst, byte(r))
		default:
			return dst[:start], false
		}
	}
	return dst, true
}

func unhex(c byte) (byte, bool) {
	switch {
	case '0' <= c && c <= '9':
		return c - '0', true
	case 'a' <= c && c <= 'f':
		return c - 'a' + 10, true
	case 'A' <= c && c <= 'F':
		return c - 'A' + 10, true
	}
	return 0, false
}
