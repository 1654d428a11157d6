package report

import (
	"cmp"
	"fmt"
	"io"
	"slices"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/relevel/relevel/parser"
)

// Datadog is what a report of logs sampled from a Datadog org (relevel
// report --datadog) adds to the counts: where the sample came from, which
// share of its false errors the relevel pipeline fixes, by format, and
// examples of logs stored as error that are not errors, each with a hint at
// why a pipeline already applied did not fix it.
type Datadog struct {
	// API is the endpoint asked, e.g. "https://api.datadoghq.eu".
	API string `json:"api"`
	// Query, From and To are the search as sent.
	Query string `json:"query"`
	From  string `json:"from"`
	To    string `json:"to"`
	// More reports that more logs matched than the sample holds (the
	// newest ones are the sample).
	More bool `json:"more"`
	// Fixes are the false errors by format, most first.
	Fixes []FormatFix `json:"fixes_by_format"`
	// PipelineFixes is how many false errors the relevel pipeline fixes.
	PipelineFixes int `json:"pipeline_fixes"`
	// StillError are the first MaxExamples false errors of the sample.
	StillError []Example `json:"still_error_examples"`

	maxExamples int
	fixes       map[string]*FormatFix
}

// FormatFix is what the relevel pipeline does about one format's false
// errors.
type FormatFix struct {
	Format      string `json:"format"` // "" for none
	FalseErrors int    `json:"false_errors"`
	// Covered reports that the relevel pipeline has rules for the format.
	Covered bool `json:"covered"`
	// Fixed is how many of them the relevel pipeline stores below error.
	Fixed int `json:"pipeline_fixes"`
}

// Example is one log Datadog stores as error whose true level is lower.
type Example struct {
	Timestamp time.Time `json:"timestamp"`
	Group     string    `json:"group"`
	Format    string    `json:"format"`
	Level     string    `json:"true_level"`
	// PipelineStatus is the status the relevel pipeline gives the log.
	PipelineStatus string `json:"pipeline_status"`
	Message        string `json:"message"`
	Hint           string `json:"hint"`
}

// DefaultExamples is how many StillError examples relevel report lists
// unless told.
const DefaultExamples = 10

// NewDatadog returns an empty report of a Datadog sample described by d,
// keeping at most maxExamples examples (DefaultExamples when negative).
func NewDatadog(d Datadog, maxExamples int) *Report {
	r := New()
	if maxExamples < 0 {
		maxExamples = DefaultExamples
	}
	d.maxExamples = maxExamples
	d.fixes = map[string]*FormatFix{}
	d.Fixes, d.StillError, d.PipelineFixes = nil, nil, 0
	r.Datadog = &d
	return r
}

// StoredLog is one log as Datadog stores it, for AddStored.
type StoredLog struct {
	Timestamp time.Time
	// Service, Source and Container name the group it counts in.
	Service, Source, Container string
	// Status is the status Datadog stores.
	Status  string
	Message string
	// Covered reports that the relevel pipeline has rules for the format
	// of the log's record.
	Covered bool
	// PipelineStatus is the status the relevel pipeline gives the log (see
	// PipelineStatus); "" when not known.
	PipelineStatus string
}

// Group is "service/source/container", "-" for what is missing.
func (l StoredLog) Group() string {
	return cmp.Or(l.Service, "-") + "/" + cmp.Or(l.Source, "-") + "/" + cmp.Or(l.Container, "-")
}

// AddStored counts one log of a report made by NewDatadog: rec is the parse
// of its message, which is the raw text the logger wrote (a whole record
// when the Agent joined its lines).
func (r *Report) AddStored(l StoredLog, rec *parser.Record) {
	shown := storedStatus(l.Status)
	// A message is a record without its final line ending (which the
	// Agent drops): give it back, so that a last line left empty counts.
	// Its lines arrived joined, so none is split off.
	if !r.addShown(l.Group(), shown, []byte(l.Message+"\n"), rec, false) || r.Datadog == nil {
		return
	}
	d := r.Datadog
	format := rec.Format.String()
	f := d.fixes[format]
	if f == nil {
		f = &FormatFix{Format: format, Covered: l.Covered}
		d.fixes[format] = f
	}
	f.FalseErrors++
	fixed := l.PipelineStatus != "" && rank(storedStatus(l.PipelineStatus)) < rank("error")
	if fixed {
		f.Fixed++
		d.PipelineFixes++
	}
	d.Fixes = d.Fixes[:0]
	for _, x := range d.fixes {
		d.Fixes = append(d.Fixes, *x)
	}
	slices.SortFunc(d.Fixes, func(a, b FormatFix) int {
		return cmp.Or(cmp.Compare(b.FalseErrors, a.FalseErrors), cmp.Compare(a.Format, b.Format))
	})
	if len(d.StillError) < d.maxExamples {
		d.StillError = append(d.StillError, Example{Timestamp: l.Timestamp, Group: l.Group(), Format: format,
			Level: truthOf(rec), PipelineStatus: l.PipelineStatus, Message: l.Message, Hint: stillErrorHint(l, format, fixed)})
	}
}

// stillErrorHint says why a pipeline already applied may not have fixed a
// false error, from what relevel's own pipeline makes of it.
func stillErrorHint(l StoredLog, format string, fixed bool) string {
	switch {
	case !l.Covered:
		return fmt.Sprintf("format not covered: relevel's pipeline has no rules for %s", cmp.Or(format, "this format"))
	case fixed:
		return fmt.Sprintf("relevel's pipeline gives this log %s offline, so if it was applied before this log was stored it did not run on it: "+
			"check that it is enabled and first in the pipeline order (an earlier pipeline's status remapper wins), and that its filter matches service:%s source:%s",
			l.PipelineStatus, cmp.Or(l.Service, "-"), cmp.Or(l.Source, "-"))
	}
	return fmt.Sprintf("relevel's %s rules do not match this message (a line split off a multi-line record? see relevel pipeline agent-config), so Datadog keeps the stream's status",
		cmp.Or(format, "format"))
}

// groupNoun names what the rows of the report are.
func (r *Report) groupNoun() (plural, column string) {
	if r.Datadog != nil {
		return "service/source/container groups", "SERVICE/SOURCE/CONTAINER"
	}
	return "containers", "CONTAINER"
}

// writeDatadogHead writes the lines that open the text of a Datadog report.
func (r *Report) writeDatadogHead(w io.Writer) {
	d, t := r.Datadog, r.Total
	sample := "all of them"
	if d.More {
		sample = "the newest; more match"
	}
	fmt.Fprintf(w, "Datadog (%s): %d logs stored as error from %s to %s (query: %s), %s.\n", d.API, t.Records, d.From, d.To, d.Query, sample)
	fmt.Fprintf(w, "%d of them (%.1f%%) are not errors; relevel's pipeline would store %d of those (%.1f%%) below error.\n\n",
		t.FalseErrors, Percent(t.FalseErrors, t.Records), d.PipelineFixes, Percent(d.PipelineFixes, t.FalseErrors))
}

// writeDatadogTail writes the fixes by format and the examples.
func (r *Report) writeDatadogTail(w io.Writer) error {
	d := r.Datadog
	if len(d.Fixes) == 0 {
		fmt.Fprintln(w, "\nNo log of the sample is a false error.")
		return nil
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(w, "\nWhich pipeline fixes which share of the false errors:")
	fmt.Fprintln(tw, "FORMAT\tFALSE ERRORS\tSHARE\tRELEVEL PIPELINE")
	for _, f := range d.Fixes {
		what := fmt.Sprintf("fixes %d (%.1f%%)", f.Fixed, Percent(f.Fixed, f.FalseErrors))
		if !f.Covered {
			what = "no rules for this format"
		}
		fmt.Fprintf(tw, "%s\t%d\t%.1f%%\t%s\n", cmp.Or(f.Format, "none"), f.FalseErrors, Percent(f.FalseErrors, r.Total.FalseErrors), what)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintf(w, "\nStored as error but not errors (%d of %d):\n", len(d.StillError), r.Total.FalseErrors)
	for _, e := range d.StillError {
		fmt.Fprintf(w, "- %s %s %s, truly %s: %s\n  why it may still be error: %s\n",
			e.Timestamp.UTC().Format(time.RFC3339), e.Group, cmp.Or(e.Format, "none"), e.Level, clip(e.Message, 160), e.Hint)
	}
	return nil
}

// clip shortens s to its first line and at most n bytes (on a rune
// boundary), marking what it cut.
func clip(s string, n int) string {
	cut := false
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s, cut = s[:i], true
	}
	if len(s) > n {
		for n > 0 && s[n]&0xC0 == 0x80 {
			n--
		}
		s, cut = s[:n], true
	}
	if cut {
		s += " …"
	}
	return s
}
