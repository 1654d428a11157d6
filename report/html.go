package report

import (
	_ "embed"
	"fmt"
	"html/template"
	"io"
	"slices"
)

//go:embed report.html.tmpl
var pageSource string

var page = template.Must(template.New("report").Funcs(template.FuncMap{
	"pct":  func(part, whole int) string { return fmt.Sprintf("%.1f", Percent(part, whole)) },
	"clip": clip,
}).Parse(pageSource))

// colours of the statuses in the charts, close to Datadog's own.
var colours = map[string]string{
	"ok": "#2ca02c", "debug": "#9aa0a6", "info": "#3b82c4", "notice": "#17becf", "warning": "#f0a30a",
	"error": "#d62728", "critical": "#a50f15", "alert": "#7a0177", "emergency": "#3f007d", NoLevel: "#bdbdbd", Unclaimed: "#e8e8e8",
}

// segment is one part of a stacked bar.
type segment struct {
	Status, Colour string
	Count          int
	X, W           float64 // in percent of the bar
}

type bar struct {
	Label    string // "shown" or "true"
	Segments []segment
}

type chartRow struct {
	Container string
	Tally     *Tally
	Bars      []bar
}

type sourceRow struct {
	Source
	W float64 // percent of the largest
}

type pageData struct {
	Total      *Tally
	Containers int
	Groups     string // what the rows are: "containers" or service/source/container groups
	Datadog    *Datadog
	Rows       []chartRow
	Sources    []sourceRow
	Legend     []segment
	Columns    []string
	Matrix     [][]int
	Shown      []string
}

// WriteHTML writes the report as one self-contained page: the tables and
// SVG charts (shown against true status per container, the top false-error
// sources), with no script, no external asset and nothing fetched.
func (r *Report) WriteHTML(w io.Writer) error {
	d := pageData{Total: r.Total, Containers: len(r.Containers), Columns: r.trueColumns(), Datadog: r.Datadog}
	d.Groups, _ = r.groupNoun()
	for _, s := range append(slices.Clone(Statuses), NoLevel, Unclaimed) {
		d.Legend = append(d.Legend, segment{Status: s, Colour: colours[s]})
	}
	names := append(r.ContainerNames(), "")
	for _, n := range names {
		t := r.Total
		label := "all containers"
		if n != "" {
			t, label = r.Containers[n], n
		}
		shown, truth := map[string]int{}, map[string]int{}
		for s, m := range t.Shown {
			for tr, c := range m {
				shown[s] += c
				truth[tr] += c
			}
		}
		d.Rows = append(d.Rows, chartRow{Container: label, Tally: t,
			Bars: []bar{{"shown", segments(shown, t.Records)}, {"true", segments(truth, t.Records)}}})
	}
	top := r.TopSources(TopN)
	for _, s := range top {
		d.Sources = append(d.Sources, sourceRow{s, 100 * float64(s.Count) / float64(top[0].Count)})
	}
	for _, s := range Statuses {
		if m := r.Total.Shown[s]; m != nil {
			d.Shown = append(d.Shown, s)
			row := make([]int, len(d.Columns))
			for i, c := range d.Columns {
				row[i] = m[c]
			}
			d.Matrix = append(d.Matrix, row)
		}
	}
	return page.Execute(w, d)
}

func segments(counts map[string]int, total int) []segment {
	var out []segment
	x := 0.0
	for _, s := range append(slices.Clone(Statuses), NoLevel, Unclaimed) {
		if c := counts[s]; c > 0 {
			wd := Percent(c, total)
			out = append(out, segment{Status: s, Colour: colours[s], Count: c, X: x, W: wd})
			x += wd
		}
	}
	return out
}
