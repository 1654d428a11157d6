// Package report counts how far the status Datadog shows for a stream of
// container logs is from the truth: per container and in total, the records
// by format, the status Datadog gives them today (the Agent's stream rule,
// stderr → error and stdout → info, after Datadog's JSON preprocessing reads
// a level key) against the level the parser recovers, and so the false
// errors, the hidden errors, the records no format claims and the lines that
// arrive as logs of their own when nothing joins multi-line records.
//
// It only counts; reading files and joining records is the caller's job
// (relevel report), and Text, JSON and HTML render a Report.
package report

import (
	"bytes"
	"cmp"
	"slices"

	"github.com/relevel/relevel/parser"
	"github.com/relevel/relevel/rules/emulator"
)

// Statuses are the status words a report uses, lowest to highest: relevel's
// canonical levels (DESIGN.md) plus Datadog's "ok".
var Statuses = []string{"ok", "debug", "info", "notice", "warning", "error", "critical", "alert", "emergency"}

// Unclaimed is the true status of a record no format claims, and NoLevel
// that of a record whose format writes no level (package log's plain
// lines, zerolog's "???"): its level is not known, so it is neither a false
// nor a hidden error.
const (
	Unclaimed = "unclaimed"
	NoLevel   = "no level"
)

// Tally is the count for one container, or for all of them.
type Tally struct {
	Records int `json:"records"`
	Lines   int `json:"lines"`
	// SplitLines are the continuation lines of multi-line records: without
	// a multi-line rule the Agent ships each as a log of its own, with its
	// stream's status.
	SplitLines int `json:"split_lines"`
	// FalseErrors are records Datadog shows as error or worse whose true
	// level is warning or lower.
	FalseErrors int `json:"false_errors"`
	// HiddenErrors are records Datadog shows below error whose true level
	// is error or worse.
	HiddenErrors int `json:"hidden_errors"`
	// Unclaimed are records of no known format.
	Unclaimed int `json:"unclaimed"`
	// Right are records whose true level is known and shown as it is.
	Right int `json:"right"`
	// Formats counts records by format ("" for none).
	Formats map[string]int `json:"formats"`
	// Shown counts records by the status Datadog shows, then by their true
	// status (Unclaimed, NoLevel where it is not known).
	Shown map[string]map[string]int `json:"shown"`
}

func newTally() *Tally {
	return &Tally{Formats: map[string]int{}, Shown: map[string]map[string]int{}}
}

// Source is where false errors come from: one logger (or caller file) of
// one format in one container.
type Source struct {
	Container string `json:"container"`
	Format    string `json:"format"`
	Logger    string `json:"logger,omitempty"`
	Count     int    `json:"false_errors"`
}

// Report is the whole count. Build it with New and Add.
type Report struct {
	Total      *Tally            `json:"total"`
	Containers map[string]*Tally `json:"containers"`
	sources    map[Source]int
}

// New returns an empty Report.
func New() *Report {
	return &Report{Total: newTally(), Containers: map[string]*Tally{}, sources: map[Source]int{}}
}

// Shown returns the status Datadog gives one line that the Agent collected
// with streamStatus ("error" for stderr, "info" for stdout, "" when the
// runtime gave none): Datadog's JSON preprocessing reads the line's status,
// severity, level or syslog.severity key, if it is a JSON object with one;
// otherwise the stream's status stays, and a log without one is info.
func Shown(line []byte, streamStatus string) string {
	if t := bytes.TrimSpace(line); len(t) == 0 || t[0] != '{' {
		// Not JSON: preprocessing leaves the stream's status (saves the
		// emulator's copy of every plain line).
		return cmp.Or(emulator.CanonicalStatus(streamStatus), "info")
	}
	l := emulator.Log{Message: string(line), Status: streamStatus}
	emulator.Preprocess(&l)
	if l.Status == "" {
		return "info"
	}
	return emulator.CanonicalStatus(l.Status)
}

// Add counts one record of container: raw is its text as read (all its
// lines, line endings included) and rec its parse; streamStatus is what the
// Agent gives its stream (see Shown). A record of unknown level counts as
// Unclaimed.
func (r *Report) Add(container string, streamStatus string, raw []byte, rec *parser.Record) {
	c := r.Containers[container]
	if c == nil {
		c = newTally()
		r.Containers[container] = c
	}
	first, rest := raw, []byte(nil)
	if i := bytes.IndexByte(raw, '\n'); i >= 0 {
		first, rest = raw[:i], raw[i+1:]
	}
	lines := 1 + bytes.Count(rest, []byte{'\n'})
	if len(rest) > 0 && rest[len(rest)-1] != '\n' {
		lines++
	}
	shown := Shown(bytes.TrimSuffix(first, []byte{'\r'}), streamStatus)
	truth := rec.Level.String()
	switch {
	case rec.Format == parser.FormatUnknown:
		truth = Unclaimed
	case rec.Level == parser.LevelUnknown:
		truth = NoLevel
	}
	known := rank(truth) >= 0
	falseErr := known && rank(shown) >= rank("error") && rank(truth) < rank("error")
	for _, t := range []*Tally{c, r.Total} {
		t.Records++
		t.Lines += lines
		t.SplitLines += lines - 1
		t.Formats[rec.Format.String()]++
		if t.Shown[shown] == nil {
			t.Shown[shown] = map[string]int{}
		}
		t.Shown[shown][truth]++
		switch {
		case truth == Unclaimed:
			t.Unclaimed++
		case falseErr:
			t.FalseErrors++
		case known && rank(shown) < rank("error") && rank(truth) >= rank("error"):
			t.HiddenErrors++
		}
		if truth == shown {
			t.Right++
		}
	}
	if falseErr {
		src := Source{Container: container, Format: rec.Format.String(), Logger: string(rec.Logger())}
		if src.Logger == "" {
			src.Logger = callerFile(rec.Caller())
		}
		r.sources[src]++
	}
}

// callerFile is the file of a "file.go:123" caller: one source per file,
// not per line.
func callerFile(c []byte) string {
	if i := bytes.LastIndexByte(c, ':'); i > 0 {
		c = c[:i]
	}
	return string(c)
}

func rank(status string) int { return slices.Index(Statuses, status) }

// ContainerNames returns the containers, most false errors first, then by
// name.
func (r *Report) ContainerNames() []string {
	names := make([]string, 0, len(r.Containers))
	for n := range r.Containers {
		names = append(names, n)
	}
	slices.SortFunc(names, func(a, b string) int {
		return cmp.Or(cmp.Compare(r.Containers[b].FalseErrors, r.Containers[a].FalseErrors), cmp.Compare(a, b))
	})
	return names
}

// TopSources returns the n sources of most false errors, most first.
func (r *Report) TopSources(n int) []Source {
	out := make([]Source, 0, len(r.sources))
	for s, c := range r.sources {
		s.Count = c
		out = append(out, s)
	}
	slices.SortFunc(out, func(a, b Source) int {
		return cmp.Or(cmp.Compare(b.Count, a.Count), cmp.Compare(a.Container, b.Container),
			cmp.Compare(a.Format, b.Format), cmp.Compare(a.Logger, b.Logger))
	})
	return out[:min(n, len(out))]
}

// Percent is part of whole in percent, 0 for an empty whole.
func Percent(part, whole int) float64 {
	if whole == 0 {
		return 0
	}
	return 100 * float64(part) / float64(whole)
}
