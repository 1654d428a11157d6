package report

import (
	"cmp"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"
	"text/tabwriter"
)

// TopN is how many false-error sources the renderings list.
const TopN = 10

// WriteText writes the report as tables for a terminal.
func (r *Report) WriteText(w io.Writer) error {
	t := r.Total
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	if r.Datadog != nil {
		r.writeDatadogHead(w)
	}
	groups, column := r.groupNoun()
	fmt.Fprintf(w, "%d records (%d lines) in %d %s: %d false errors (%.1f%%), %d hidden errors, %d unclaimed, %d lines split off multi-line records\n\n",
		t.Records, t.Lines, len(r.Containers), groups, t.FalseErrors, Percent(t.FalseErrors, t.Records), t.HiddenErrors, t.Unclaimed, t.SplitLines)
	fmt.Fprintln(tw, column+"\tRECORDS\tFALSE ERRORS\tHIDDEN ERRORS\tUNCLAIMED\tSPLIT LINES\tFORMATS")
	row := func(name string, c *Tally) {
		fmt.Fprintf(tw, "%s\t%d\t%d (%.1f%%)\t%d\t%d\t%d\t%s\n", name, c.Records, c.FalseErrors, Percent(c.FalseErrors, c.Records),
			c.HiddenErrors, c.Unclaimed, c.SplitLines, formatList(c.Formats))
	}
	for _, n := range r.ContainerNames() {
		row(n, r.Containers[n])
	}
	row("TOTAL", t)
	if err := tw.Flush(); err != nil {
		return err
	}

	fmt.Fprintf(w, "\nStatus Datadog shows (rows) against the true level (columns), all %s:\n", groups)
	cols := r.trueColumns()
	fmt.Fprintf(tw, "SHOWN \\ TRUE\t%s\n", strings.ToUpper(strings.Join(cols, "\t")))
	for _, s := range Statuses {
		m := t.Shown[s]
		if m == nil {
			continue
		}
		fmt.Fprintf(tw, "%s", s)
		for _, c := range cols {
			fmt.Fprintf(tw, "\t%d", m[c])
		}
		fmt.Fprintln(tw)
	}
	if err := tw.Flush(); err != nil {
		return err
	}

	if top := r.TopSources(TopN); len(top) > 0 {
		fmt.Fprintln(w, "\nTop false-error sources:")
		fmt.Fprintln(tw, "FALSE ERRORS\t"+column+"\tFORMAT\tLOGGER OR FILE")
		for _, s := range top {
			fmt.Fprintf(tw, "%d\t%s\t%s\t%s\n", s.Count, s.Container, cmp.Or(s.Format, "none"), cmp.Or(s.Logger, "-"))
		}
		if err := tw.Flush(); err != nil {
			return err
		}
	}
	if r.Datadog != nil {
		return r.writeDatadogTail(w)
	}
	return nil
}

// trueColumns are the true statuses that occur, lowest first, Unclaimed last.
func (r *Report) trueColumns() []string {
	seen := map[string]bool{}
	for _, m := range r.Total.Shown {
		for k := range m {
			seen[k] = true
		}
	}
	var cols []string
	for _, s := range append(slices.Clone(Statuses), NoLevel, Unclaimed) {
		if seen[s] {
			cols = append(cols, s)
		}
	}
	return cols
}

// formatList is "klog 120, zap 3, none 2", most first.
func formatList(m map[string]int) string {
	type fc struct {
		f string
		n int
	}
	var l []fc
	for f, n := range m {
		if f == "" {
			f = "none"
		}
		l = append(l, fc{f, n})
	}
	slices.SortFunc(l, func(a, b fc) int {
		if a.n != b.n {
			return b.n - a.n
		}
		return strings.Compare(a.f, b.f)
	})
	parts := make([]string, len(l))
	for i, x := range l {
		parts[i] = fmt.Sprintf("%s %d", x.f, x.n)
	}
	return strings.Join(parts, ", ")
}

// jsonReport is the machine form: containers in the order of the tables.
type jsonReport struct {
	Total      *Tally          `json:"total"`
	Containers []jsonContainer `json:"containers"`
	TopSources []Source        `json:"top_false_error_sources"`
	Datadog    *Datadog        `json:"datadog,omitempty"`
}

type jsonContainer struct {
	Name string `json:"name"`
	*Tally
}

// WriteJSON writes the report as one JSON document.
func (r *Report) WriteJSON(w io.Writer) error {
	out := jsonReport{Total: r.Total, TopSources: r.TopSources(TopN), Containers: []jsonContainer{}, Datadog: r.Datadog}
	for _, n := range r.ContainerNames() {
		out.Containers = append(out.Containers, jsonContainer{n, r.Containers[n]})
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}
