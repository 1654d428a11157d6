package agent

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strings"
	"time"
)

// The Agent's defaults for aggregation (pkg/config/setup in
// DataDog/datadog-agent): a pending multi-line log is sent once no line has
// come for logs_config.aggregation_timeout (1000 ms), and a log holds at
// most logs_config.max_message_size_bytes (256 000 bytes).
const (
	DefaultFlushTimeout = 1000 * time.Millisecond
	DefaultMaxBytes     = 256 * 1000
)

// The texts the Agent writes into a log's content: the separator between
// joined lines (message.EscapedLineFeed, the two characters '\' 'n', as the
// Agent's transport once delimited logs with newlines) and the mark of a
// truncated log (message.TruncatedFlag).
const (
	EscapedLineFeed = `\n`
	TruncatedFlag   = "...TRUNCATED..."
)

// Mode is how the Agent joins lines.
type Mode int

const (
	// SingleLine: no multi-line setting; every line is a log.
	SingleLine Mode = iota
	// MultiLineRule: a log_processing_rules multi_line rule. A line the
	// pattern matches starts a log; any other line joins the pending one
	// (or starts one when none is pending).
	MultiLineRule
	// AutoMultiLine: auto multi-line detection (Agent 7.65+) with custom
	// samples, JSON aggregation, JSON detection and datetime detection, in
	// that order: the first heuristic that labels a line decides.
	AutoMultiLine
)

// Config describes the Agent an Aggregator emulates.
type Config struct {
	Mode Mode
	// Pattern is the multi_line rule's pattern (MultiLineRule), compiled
	// with "^" in front as the Agent does.
	Pattern string
	// Samples are the custom samples (AutoMultiLine); regex samples only.
	Samples []Sample
	// The auto multi-line heuristics after the samples, as
	// logs_config.auto_multi_line.* sets them (all true by default). The
	// Agent's datetime detection is a token-graph classifier this
	// emulator does not reimplement; see DatetimeStandIn.
	NoJSONAggregation, NoJSONDetection, NoDatetimeDetection bool
	// MaxBytes bounds a log (default DefaultMaxBytes).
	MaxBytes int
	// Separator joins the lines of a log. The Agent writes
	// EscapedLineFeed; the default here is "\n", as Datadog shows such a
	// log on several lines (whether its intake turns the two characters
	// back into a newline before pipelines run is not documented).
	Separator string
}

// Log is one log the Agent sends.
type Log struct {
	Content string
	// Lines is the number of input lines in it.
	Lines int
	// Truncated is set when the Agent cut the log at MaxBytes.
	Truncated bool
}

// Aggregator joins lines as the Agent does before it sends them. Feed
// lines with Add; call Flush when the Agent's flush timeout would have run
// out (the input was idle for FlushTimeout) and at the end.
type Aggregator struct {
	cfg     Config
	pattern *regexp.Regexp
	samples []*regexp.Regexp

	buf             []string
	bufLines        int // input lines in buf (a line JSON aggregation made of several counts them all)
	bufBytes        int
	truncateNext    bool // the next log begins with what was cut off
	jsonBuf         []string
	out             []Log
	datetimeStandIn *regexp.Regexp
}

// ErrNoPattern is returned by New for a multi_line rule without a pattern.
var ErrNoPattern = errors.New("agent: a multi_line rule needs a pattern")

// New returns an Aggregator for cfg.
func New(cfg Config) (*Aggregator, error) {
	if cfg.MaxBytes <= 0 {
		cfg.MaxBytes = DefaultMaxBytes
	}
	if cfg.Separator == "" {
		cfg.Separator = "\n"
	}
	a := &Aggregator{datetimeStandIn: datetimeStandIn}
	switch cfg.Mode {
	case SingleLine:
	case MultiLineRule:
		if cfg.Pattern == "" {
			return nil, ErrNoPattern
		}
		re, err := regexp.Compile("^" + cfg.Pattern)
		if err != nil {
			return nil, fmt.Errorf("agent: multi_line pattern: %w", err)
		}
		a.pattern = re
	case AutoMultiLine:
		cfg.Samples = append([]Sample(nil), cfg.Samples...) // labels are filled in below
		for i, s := range cfg.Samples {
			re, err := regexp.Compile("^" + s.Regex)
			if err != nil {
				return nil, fmt.Errorf("agent: custom sample %d: %w", i, err)
			}
			switch s.Label {
			case StartGroup, NoAggregate, Aggregate:
			case "":
				cfg.Samples[i].Label = StartGroup // the Agent's default label
			default:
				return nil, fmt.Errorf("agent: custom sample %d: unknown label %q", i, s.Label)
			}
			a.samples = append(a.samples, re)
		}
	default:
		return nil, fmt.Errorf("agent: unknown mode %d", cfg.Mode)
	}
	a.cfg = cfg
	return a, nil
}

// Add feeds one line (without its line ending) and returns the logs it
// completed.
func (a *Aggregator) Add(line string) []Log {
	a.out = a.out[:0]
	// A line longer than a log may be is cut by the Agent's framer into
	// pieces of MaxBytes, each handled as a line of its own.
	for len(line) > a.cfg.MaxBytes {
		a.add(line[:a.cfg.MaxBytes])
		line = line[a.cfg.MaxBytes:]
	}
	a.add(line)
	return a.out
}

// Flush sends what is pending, as the Agent does when its flush timeout
// runs out, and returns those logs.
func (a *Aggregator) Flush() []Log {
	a.out = a.out[:0]
	if a.cfg.Mode == AutoMultiLine {
		pending := a.jsonBuf
		a.jsonBuf = nil
		for _, l := range pending {
			a.label(l, 1)
		}
	}
	a.send()
	return a.out
}

func (a *Aggregator) add(line string) {
	switch a.cfg.Mode {
	case SingleLine:
		a.join(line, 1)
		a.send()
	case MultiLineRule:
		a.addMultiLine(line)
	case AutoMultiLine:
		a.addAuto(line)
	}
}

// addMultiLine is the multi_line rule (MultiLineHandler): a matching line
// sends the pending log; every line joins the buffer; a buffer at the size
// limit is sent, marked truncated at its end, and the next log is marked
// at its start.
func (a *Aggregator) addMultiLine(line string) {
	if a.pattern.MatchString(line) {
		a.send()
	}
	a.join(line, 1)
	if a.bufBytes >= a.cfg.MaxBytes {
		a.truncateSend()
	}
}

// addAuto is auto multi-line detection: JSON aggregation first (a JSON
// object spread over lines is put back on one line), then the labeler,
// then the aggregator.
func (a *Aggregator) addAuto(line string) {
	if a.cfg.NoJSONAggregation {
		a.label(line, 1)
		return
	}
	a.jsonBuf = append(a.jsonBuf, line)
	switch jsonState(a.jsonBuf) {
	case jsonIncomplete:
		if total(a.jsonBuf) <= a.cfg.MaxBytes {
			return
		}
		fallthrough
	case jsonInvalid:
		pending := a.jsonBuf
		a.jsonBuf = nil
		for _, l := range pending {
			a.label(l, 1)
		}
	case jsonComplete:
		pending := a.jsonBuf
		a.jsonBuf = nil
		if len(pending) == 1 {
			a.label(pending[0], 1)
			return
		}
		var compact bytes.Buffer
		if err := json.Compact(&compact, []byte(strings.Join(pending, ""))); err != nil {
			for _, l := range pending {
				a.label(l, 1)
			}
			return
		}
		a.label(compact.String(), len(pending))
	}
}

// label labels a line (made of n input lines) and aggregates it by its
// label (the Agent's Aggregator.Aggregate).
func (a *Aggregator) label(line string, n int) {
	switch a.Label(line) {
	case NoAggregate:
		a.send()
		a.join(line, n)
		a.send()
	case Aggregate:
		if len(a.buf) == 0 {
			a.join(line, n)
			a.send()
			return
		}
		// The Agent compares the line's raw length (with its newline; for
		// a container file, the whole CRI or Docker line) plus the pending
		// content with the limit.
		if len(line)+1+a.bufBytes > a.cfg.MaxBytes {
			a.send()
		}
		a.join(line, n)
	case StartGroup:
		a.send()
		a.join(line, n)
	}
}

// Label is the label auto multi-line detection gives line: the first custom
// sample that matches, else NoAggregate for a JSON object (JSON
// detection), StartGroup for a date and time near the start (the datetime
// stand-in), else Aggregate.
func (a *Aggregator) Label(line string) Label {
	for i, re := range a.samples {
		if re.MatchString(line) {
			return a.cfg.Samples[i].Label
		}
	}
	if !a.cfg.NoJSONDetection && jsonDetect.MatchString(line) {
		return NoAggregate
	}
	if !a.cfg.NoDatetimeDetection && a.datetimeStandIn.MatchString(prefix(line, 60)) {
		return StartGroup
	}
	return Aggregate
}

func (a *Aggregator) join(line string, n int) {
	if len(a.buf) > 0 {
		a.bufBytes += len(EscapedLineFeed)
	}
	a.buf = append(a.buf, line)
	a.bufLines += n
	a.bufBytes += len(line)
}

// send sends the pending log, if any: its lines joined, white space
// trimmed at both ends as the Agent trims every log. Without a multi_line
// rule, a log that reached the size limit is marked truncated at its end
// and the next one at its start (the Agent's single-line handler and auto
// multi-line aggregator); the multi_line rule marks its own (truncateSend).
func (a *Aggregator) send() {
	if len(a.buf) == 0 {
		return
	}
	content := strings.TrimSpace(strings.Join(a.buf, a.cfg.Separator))
	l := Log{Content: content, Lines: a.bufLines}
	full := a.cfg.Mode != MultiLineRule && a.bufBytes >= a.cfg.MaxBytes
	if a.truncateNext {
		l.Content = TruncatedFlag + l.Content
		l.Truncated = true
		a.truncateNext = false
	}
	if full {
		l.Content += TruncatedFlag
		l.Truncated = true
		a.truncateNext = true
	}
	a.out = append(a.out, l)
	a.buf, a.bufLines, a.bufBytes = a.buf[:0], 0, 0
}

// truncateSend sends a log that reached the size limit, marked at its end,
// and marks the next log at its start.
func (a *Aggregator) truncateSend() {
	if len(a.buf) == 0 {
		return
	}
	a.send()
	last := &a.out[len(a.out)-1]
	last.Content += TruncatedFlag
	last.Truncated = true
	a.truncateNext = true
}

func total(lines []string) int {
	n := 0
	for _, l := range lines {
		n += len(l)
	}
	return n
}

func prefix(s string, n int) string {
	if len(s) > n {
		return s[:n]
	}
	return s
}

// jsonDetect is the Agent's JSON detection: a line that opens a JSON
// object (pkg/logs/internal/decoder/auto_multiline_detection/json_detector.go).
var jsonDetect = regexp.MustCompile(`^\s*\{\s*("|})`)

// DatetimeStandIn is what the emulator labels start_group for the Agent's
// datetime detection, which classifies the tokens of a line's first 60 bytes
// against a graph of known timestamp layouts. The Agent's documentation
// says a line is detected when a date and a time occur there together
// ("2021-03-28 13:45:30", "2023-03-28T14:33:53.743350Z", "Jun 14 15:16:01",
// "2024/05/16 19:46:15") and not for a time or a date alone ("12:30:20",
// "2024/05/16"); the stand-in is that description as a regular expression:
// a date (year-month-day, day/month/year or a month name and a day), then
// within a few characters a time (hours:minutes). It is not the Agent's
// classifier, and the agreement tests say which lines reach it.
const DatetimeStandIn = `(?i)(?:[0-9]{4}[-/.][0-9]{1,2}[-/.][0-9]{1,2}|[0-9]{1,2}[-/.][0-9]{1,2}[-/.][0-9]{2,4}|[0-9]{1,2}[-/ ](?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*[-/ ][0-9]{2,4}|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]* +[0-9]{1,2}(?:,? [0-9]{4})?)[-T _:*'",]{1,4}[0-9]{1,2}:[0-9]{2}`

var datetimeStandIn = regexp.MustCompile(DatetimeStandIn)

type jsonStateKind int

const (
	jsonIncomplete jsonStateKind = iota
	jsonComplete
	jsonInvalid
)

// jsonState is the Agent's incremental JSON validation of the lines
// buffered so far, read as one text: tokens that open, and close, one
// object are complete; a prefix of such an object is incomplete; anything
// else (a line that is not JSON, an array or a bare value at the top) is
// invalid and the lines go on one by one.
func jsonState(lines []string) jsonStateKind {
	dec := json.NewDecoder(strings.NewReader(strings.Join(lines, "")))
	depth := 0
	valid := false
	for {
		t, err := dec.Token()
		if err == io.EOF || errors.Is(err, io.ErrUnexpectedEOF) {
			break
		}
		if err != nil {
			return jsonInvalid
		}
		valid = true
		if d, ok := t.(json.Delim); ok {
			switch d {
			case '{':
				depth++
			case '}':
				depth--
			default:
				if depth == 0 {
					valid = false
				}
			}
		}
	}
	switch {
	case !valid:
		return jsonInvalid
	case depth <= 0:
		return jsonComplete
	}
	return jsonIncomplete
}
