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
	"strings"

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
	// Datadog, when set (NewDatadog), says the records are logs sampled
	// from a Datadog org, grouped by service/source/container instead of by
	// container, and carries what only such a sample tells.
	Datadog *Datadog `json:"datadog,omitempty"`
	sources map[Source]int
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
	first := raw
	if i := bytes.IndexByte(raw, '\n'); i >= 0 {
		first = raw[:i]
	}
	r.AddShown(container, Shown(bytes.TrimSuffix(first, []byte{'\r'}), streamStatus), raw, rec)
}

// AddShown is Add for a record whose shown status is known, such as a log
// Datadog stores: shown is that status (any spelling Datadog takes, e.g.
// "warn" or "Error").
func (r *Report) AddShown(group, shown string, raw []byte, rec *parser.Record) {
	r.addShown(group, storedStatus(shown), raw, rec, true)
}

// storedStatus is a status as Datadog stores or shows it ("Error", "warn",
// "") in the report's words: lower case, canonical, info when empty.
func storedStatus(s string) string {
	return cmp.Or(emulator.CanonicalStatus(strings.ToLower(strings.TrimSpace(s))), "info")
}

// truthOf is the true status of rec: its level, or Unclaimed or NoLevel.
func truthOf(rec *parser.Record) string {
	switch {
	case rec.Format == parser.FormatUnknown:
		return Unclaimed
	case rec.Level == parser.LevelUnknown:
		return NoLevel
	}
	return rec.Level.String()
}

// isFalseError reports whether a record shown as shown whose true status is
// truth is a false error: shown as error or worse, truly warning or less.
func isFalseError(shown, truth string) bool {
	return rank(truth) >= 0 && rank(shown) >= rank("error") && rank(truth) < rank("error")
}

// addShown counts one record and reports whether it is a false error;
// split says whether its continuation lines count as SplitLines (not for a
// log Datadog stores: its lines were already joined).
func (r *Report) addShown(container, shown string, raw []byte, rec *parser.Record, split bool) bool {
	c := r.Containers[container]
	if c == nil {
		c = newTally()
		r.Containers[container] = c
	}
	rest := []byte(nil)
	if i := bytes.IndexByte(raw, '\n'); i >= 0 {
		rest = raw[i+1:]
	}
	lines := 1 + bytes.Count(rest, []byte{'\n'})
	if len(rest) > 0 && rest[len(rest)-1] != '\n' {
		lines++
	}
	truth := truthOf(rec)
	known := rank(truth) >= 0
	falseErr := isFalseError(shown, truth)
	for _, t := range []*Tally{c, r.Total} {
		t.Records++
		t.Lines += lines
		if split {
			t.SplitLines += lines - 1
		}
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
	return falseErr
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
