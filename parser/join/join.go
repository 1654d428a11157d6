// Package join groups the lines of a log stream into records: a header line
// that a known logger wrote, plus the continuation lines that belong to it
// (klog "key=<" values, zap stack traces, raw multi-line messages, the
// goroutine dump of a Go panic).
//
// Nothing is lost or reordered: the raw bytes of consecutive records
// concatenate to exactly the input. Memory stays bounded: a record ends at a
// line or byte bound and the rest of it comes out as continuation records that
// keep the header's format and level.
package join

import (
	"time"

	"github.com/relevel/relevel/parser"
)

// Defaults for the size bounds. A Datadog log is truncated at 1 MB; the
// Agent's own multi-line aggregation stops far earlier, and a goroutine dump
// of a busy server can run to thousands of lines.
const (
	DefaultMaxLines = 1000
	DefaultMaxBytes = 256 << 10
)

// Option configures a Joiner or Scanner.
type Option interface{ apply(*config) }

type config struct {
	maxLines int
	maxBytes int
	flush    time.Duration
}

type optionFunc func(*config)

func (f optionFunc) apply(c *config) { f(c) }

// MaxLines bounds the lines of one record (n ≥ 1).
func MaxLines(n int) Option {
	return optionFunc(func(c *config) {
		if n >= 1 {
			c.maxLines = n
		}
	})
}

// MaxBytes bounds the bytes of one record, and of one line (n ≥ 64).
func MaxBytes(n int) Option {
	return optionFunc(func(c *config) {
		if n >= 64 {
			c.maxBytes = n
		}
	})
}

func newConfig(opts []Option) config {
	c := config{maxLines: DefaultMaxLines, maxBytes: DefaultMaxBytes}
	for _, o := range opts {
		o.apply(&c)
	}
	return c
}

// Joiner is the push-style core: feed it lines with Add, take completed
// records when Add or Flush reports one. Use it when lines come from
// somewhere other than an io.Reader (a container log decoder); Scanner wraps
// it for readers.
type Joiner struct {
	cfg config

	cur       []byte // raw bytes of the pending record
	curLines  int
	curFormat parser.Format
	curLevel  parser.Level
	curCont   bool // pending record accepts headerless lines
	curBlock  bool // ...only as klog value blocks (parser.KlogBlockLine)
	overflow  bool // pending record continues one cut at a bound
	partial   bool // the last line added had no line ending
	jsonOpen  bool // pending record is a pretty-printed JSON object still open
	inDump    bool // pending Go panic record has reached its goroutine dump
	has       bool

	out      []byte
	outLines int
	// recs holds the probe of the line being added, the probe of the
	// pending record's first line (first), and a record parsed whole
	// (recs[2]): probe, first and rec point into it (NewJoiner sets them).
	// The first line's probe becomes the first, and a single-line
	// record's probe the record, by a pointer rather than a copy of a
	// Record, two copies a record saved. probe and first swap: the probe
	// may overwrite rec, which is only valid until the next Add.
	recs              [3]parser.Record
	probe, first, rec *parser.Record

	// next holds a copy of a line that starts a record, and its probe,
	// made where the line lay, is pointed at the copy (parser.Record's
	// Rebase), the buffer that becomes cur: a continuation line is not
	// copied there too, only into cur. first keeps the probe, and while the record stays that one line it is the
	// record's parse (firstOK), which saves parsing every single-line
	// record twice. cur, next and out rotate. A record of more lines
	// completes the probe of its first line (firstHead) rather than
	// parsing that line again (parser.ParseAfterHeader).
	next      []byte
	firstOK   bool
	firstHead bool
	// firstNone: the probe found no format in the record's only line, so
	// ParseLine's result is parser.Unrecognised's.
	firstNone bool

	// borrow is set for the Joiner of a Scanner, whose buffer holds each
	// line until the Scanner next reads: a record is then a window of
	// that buffer, its lines lying one after another, not a copy (start
	// and extend do not copy). borrowed says cur is such a window; the
	// Scanner calls own before it reads, which copies cur into owned.
	borrow, borrowed bool
	owned            []byte
}

// NewJoiner returns a Joiner with the given bounds.
func NewJoiner(opts ...Option) *Joiner {
	j := &Joiner{cfg: newConfig(opts)}
	j.setSlots()
	return j
}

// setSlots points probe, first and rec at their slots in recs.
func (j *Joiner) setSlots() {
	j.probe, j.first, j.rec = &j.recs[0], &j.recs[1], &j.recs[2]
}

// Add feeds one line including its line ending ("\n" or "\r\n"); the last
// line of a stream may have none, and a line may be given in pieces (every
// piece but the last without an ending). A line longer than MaxBytes is kept
// whole: bound lines before adding them, as Scanner does. Add reports whether a record was
// completed by this line; it is then available from Record, Raw and Lines
// until the next call to Add or Flush. The Joiner copies what it keeps.
func (j *Joiner) Add(line []byte) bool {
	if !j.has {
		if j.probe == nil {
			j.setSlots() // a Joiner not made by NewJoiner
		}
		j.start(line, parser.IsHeader(body(line), j.probe))
		return false
	}
	if j.partial {
		// The rest of a line that arrived in pieces belongs to its record.
		if len(j.cur)+len(line) > j.cfg.maxBytes {
			j.finish()
			j.startOverflow(line)
			return true
		}
		j.extend(line)
		j.partial = !hasEOL(line)
		// The probe may have seen only a piece of the first line.
		j.firstOK, j.firstHead, j.firstNone = false, false, false
		return false
	}
	// The line is probed where it lies: start copies it when it starts a
	// record, and a continuation line is copied once, into cur.
	b := body(line)
	header := parser.IsHeader(b, j.probe)
	if !j.curCont {
		// A record that takes no continuation line ends at any line.
		j.start(line, header)
		return true
	}
	if header && j.curFormat == parser.FormatPython && j.curLevel >= parser.LevelWarning && parser.PythonTraceback(b) {
		// logging writes an exc_info traceback right after its record
		// (logger.exception), and a chained exception's next traceback
		// right after the one before: both belong to the record. After an
		// info or debug record a traceback is an uncaught exception, a
		// record of its own (see parser.PythonTraceback).
		header = false
	}
	if !header {
		if j.curFormat == parser.FormatGoPanic {
			// A panic's dump has a grammar: past its first goroutine
			// line, a line that fits none of it is another writer's and
			// starts a record (a supervisor's restart message, say).
			if j.inDump && !parser.GoroutineDumpLine(b) {
				j.start(line, false)
				return true
			}
			j.inDump = j.inDump || parser.GoroutineHeader(b)
		}
		if j.curFormat == parser.FormatMinIO && !parser.MinIOReportLine(b) {
			// A MinIO error report has a grammar too: the line after it
			// is MinIO's next message (or the blank line before its next
			// report).
			j.start(line, false)
			return true
		}
		open := true
		if j.curBlock {
			// A structured klog record continues only inside its value
			// blocks; any other line is another writer's.
			var belongs bool
			if belongs, open = parser.KlogBlockLine(b); !belongs {
				j.start(line, false)
				return true
			}
		}
		if j.curLines+1 > j.cfg.maxLines || len(j.cur)+len(line) > j.cfg.maxBytes {
			j.finish()
			j.startOverflow(line)
			return true
		}
		j.extend(line)
		j.curLines++
		j.partial = !hasEOL(line)
		j.firstOK = false
		if j.curBlock {
			j.curCont = open
		}
		if j.jsonOpen && isLone(b, '}') {
			j.curCont, j.jsonOpen = false, false
		}
		return false
	}
	j.start(line, header)
	return true
}

// body is line without its "\n".
func body(line []byte) []byte {
	if n := len(line); n > 0 && line[n-1] == '\n' {
		return line[:n-1]
	}
	return line
}

// Flush completes the pending record, if any, and reports whether there was
// one. Call it at the end of the input, or when the input has been idle long
// enough that no continuation line can still be on its way.
func (j *Joiner) Flush() bool {
	if !j.has {
		return false
	}
	j.finish()
	return true
}

// Pending reports whether a record has begun and is not yet complete.
func (j *Joiner) Pending() bool { return j.has }

// Record returns the last completed record, parsed. It and its byte slices
// are valid until the next Add or Flush.
func (j *Joiner) Record() *parser.Record {
	if j.rec == nil {
		return &j.recs[2] // nothing added yet to a Joiner not made by NewJoiner
	}
	return j.rec
}

// Raw returns the exact input bytes of the last completed record, line
// endings included.
func (j *Joiner) Raw() []byte { return j.out }

// Lines returns the number of input lines in the last completed record.
func (j *Joiner) Lines() int { return j.outLines }

// isLone reports whether line is the byte c, give or take a CR.
func isLone(line []byte, c byte) bool {
	if n := len(line); n > 0 && line[n-1] == '\r' {
		line = line[:n-1]
	}
	return len(line) == 1 && line[0] == c
}

func hasEOL(line []byte) bool { return len(line) > 0 && line[len(line)-1] == '\n' }

// start begins a pending record with line, which j.probe has probed where
// it lies; header is what the probe reported. The line is copied into
// next, and the probe pointed at the copy, which becomes cur (with a
// Scanner's buffer, the line stays where it is).
//
// The record pending before it, if any, is finished first: finish,
// written out here, as most records end when the next one starts, and a
// call fewer a record adds up.
func (j *Joiner) start(line []byte, header bool) {
	if j.has {
		j.out, j.cur = j.cur, j.out[:0]
		j.outLines = j.curLines
		if j.firstOK {
			j.rec = j.first
		} else {
			j.parseOut()
		}
	}
	probe := j.probe
	if j.borrow {
		// The Scanner's buffer keeps the line, where the probe saw it.
		j.cur, j.borrowed = line, true
	} else {
		j.next = append(j.next[:0], line...)
		probe.Rebase(body(j.next)[:len(probe.Text())])
		j.cur, j.next = j.next, j.cur[:0]
		line = j.cur
	}
	// The probe is ParseLine's result when it recognised a format, and
	// tells what ParseLine's result is when it recognised none (the whole
	// text as message, parser.Unrecognised), if it saw the same text
	// (ParseLine keeps a final "\r" in Text).
	j.first, j.probe = probe, j.first
	// n is the line's length without its "\n" (none at the end of the
	// input, or of a piece).
	n := len(line)
	partial := n == 0 || line[n-1] != '\n'
	if !partial {
		n--
	}
	noCR := n == 0 || line[n-1] != '\r'
	head := header && probe.Format != parser.FormatUnknown
	j.curLines = 1
	j.curFormat, j.curLevel = probe.Format, probe.Level
	j.curCont, j.curBlock = probe.AcceptsContinuation(), probe.BlockContinuation()
	j.firstHead, j.firstOK, j.firstNone = head, head && noCR, !head && noCR
	// A lone "{" opens a pretty-printed JSON object (logrus PrettyPrint):
	// its lines are gathered up to the closing "}" and parsed as one.
	// isLone(line[:n], '{') with noCR, known already, reused.
	j.jsonOpen = false
	if !header && n > 0 && line[0] == '{' && (n == 1 || n == 2 && !noCR) {
		j.jsonOpen, j.curCont = true, true
	}
	j.overflow, j.inDump, j.partial, j.has = false, false, partial, true
}

// startOverflow begins a continuation record of the current header.
func (j *Joiner) startOverflow(line []byte) {
	if j.borrow {
		j.cur, j.borrowed = line, true
	} else {
		j.cur = append(j.cur[:0], line...)
	}
	j.curLines = 1
	j.firstOK, j.firstHead, j.firstNone = false, false, false
	j.overflow = true
	j.partial = !hasEOL(line)
	j.has = true
}

// extend appends line to the pending record. A borrowed record grows
// over the line when the line follows it in the Scanner's buffer, as the
// Scanner's lines do; any other line is appended to a copy (own).
func (j *Joiner) extend(line []byte) {
	if j.borrowed {
		n := len(j.cur)
		if len(line) == 0 {
			return
		}
		if cap(j.cur)-n >= len(line) && &j.cur[:n+1][n] == &line[0] {
			j.cur = j.cur[:n+len(line)]
			return
		}
		j.own()
	}
	j.cur = append(j.cur, line...)
}

// own copies a borrowed pending record into the Joiner's own buffer, and
// points the probe of its first line at the copy. The Scanner calls it
// before it reads into its buffer, which moves or overwrites the lines.
// The last completed record is no longer in use then (the Scanner's
// caller has asked for the next), so owned may be the buffer it was in.
func (j *Joiner) own() {
	if !j.borrowed {
		return
	}
	j.owned = append(j.owned[:0], j.cur...)
	if j.firstHead { // finish reads first only then
		j.first.Rebase(j.owned[:len(j.first.Text())])
	}
	j.cur, j.borrowed = j.owned, false
}

// finish completes the pending record. start writes its steps out for the
// record pending there (a helper both could share is over the inlining
// budget, and the call cost 0.2% of BenchmarkScan): change them together.
func (j *Joiner) finish() {
	j.out, j.cur = j.cur, j.out[:0]
	j.outLines = j.curLines
	j.has = false
	// firstOK holds only while the record is its first line, whole and
	// no overflow (start sets it; a line, a piece or an overflow clears
	// it): the commonest record is decided by one test.
	if j.firstOK {
		j.rec = j.first
		return
	}
	j.parseOut()
}

// parseOut parses the record finish has completed, out: it is more than
// its first line, or that line was not parsed whole.
func (j *Joiner) parseOut() {
	text := j.out
	if n := len(text); n > 0 && text[n-1] == '\n' {
		text = text[:n-1]
	}
	rec := &j.recs[2]
	j.rec = rec
	if j.overflow {
		parser.Continuation(text, j.curFormat, j.curLevel, rec)
		return
	}
	if j.outLines == 1 {
		if j.firstNone {
			parser.Unrecognised(text, rec)
			return
		}
		parser.ParseLine(text, rec)
		return
	}
	if j.firstHead {
		parser.ParseAfterHeader(text, j.first, rec)
		return
	}
	parser.Parse(text, rec)
}
