package report

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/relevel/relevel/parser"
	"github.com/relevel/relevel/parser/join"
)

// The status Datadog shows: the stream's, unless a JSON line carries a
// level key that preprocessing reads.
func TestShown(t *testing.T) {
	for _, c := range []struct{ line, stream, want string }{
		{`I1130 04:40:14.476718   1 main.go:25] "ok"`, "error", "error"},
		{`I1130 04:40:14.476718   1 main.go:25] "ok"`, "info", "info"},
		{`plain`, "", "info"},
		{`{"level":"info","msg":"x"}`, "error", "info"},
		{`{"severity":"WARNING","message":"x"}`, "error", "warning"},
		{`{"status":"debug"}`, "error", "debug"},
		{`{"lvl":"info","msg":"x"}`, "error", "error"}, // not a key Datadog reads
		{`{"level":30}`, "error", "info"},              // pino's 30: not 0-7, so a word rule: info
		{`{"level":"E"}`, "error", "info"},             // a bare E is no prefix Datadog knows
		{`{"level":"fatal"}`, "info", "emergency"},
	} {
		if got := Shown([]byte(c.line), c.stream); got != c.want {
			t.Errorf("Shown(%s, %q) = %q; want %q", c.line, c.stream, got, c.want)
		}
	}
}

type truthFile struct {
	Records []struct {
		Line   int    `json:"line"`
		Lines  int    `json:"lines"`
		Format string `json:"format"`
		Level  string `json:"level"`
	} `json:"records"`
}

// Every stream of the corpus, as if the Agent read it from stderr: each
// count is computed from the generator's truth (record boundaries, formats
// and levels as the real loggers wrote them) and the status Datadog shows
// for each record's first line, and the report must give the same numbers,
// per container and in total.
func TestCorpusAgainstTruth(t *testing.T) {
	logs, _ := filepath.Glob("../testdata/corpus/*/*.log")
	if len(logs) == 0 {
		t.Fatal("no corpus")
	}
	rep := New()
	want := map[string]*Tally{}
	total := newTally()
	for _, p := range logs {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		var tr truthFile
		tb, err := os.ReadFile(strings.TrimSuffix(p, ".log") + ".truth.json")
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(tb, &tr); err != nil {
			t.Fatal(err)
		}
		name := filepath.Base(filepath.Dir(p)) + "/" + filepath.Base(p)
		s := join.New(bytes.NewReader(data))
		for s.Next() {
			rep.Add(name, "error", s.Raw(), s.Record())
		}
		if err := s.Err(); err != nil {
			t.Fatal(err)
		}

		lines := strings.SplitAfter(string(data), "\n")
		w := newTally()
		want[name] = w
		for _, r := range tr.Records {
			shown := Shown([]byte(strings.TrimRight(lines[r.Line-1], "\r\n")), "error")
			truth := r.Level
			switch {
			case r.Format == "":
				truth = Unclaimed
			case r.Level == "":
				truth = NoLevel
			}
			for _, x := range []*Tally{w, total} {
				x.Records++
				x.Lines += r.Lines
				x.SplitLines += r.Lines - 1
				x.Formats[r.Format]++
				if x.Shown[shown] == nil {
					x.Shown[shown] = map[string]int{}
				}
				x.Shown[shown][truth]++
				known := truth != Unclaimed && truth != NoLevel
				switch {
				case truth == Unclaimed:
					x.Unclaimed++
				case known && rank(shown) >= rank("error") && rank(truth) < rank("error"):
					x.FalseErrors++
				case known && rank(shown) < rank("error") && rank(truth) >= rank("error"):
					x.HiddenErrors++
				}
				if shown == truth {
					x.Right++
				}
			}
		}
	}
	if len(rep.Containers) != len(logs) {
		t.Errorf("%d containers, want %d", len(rep.Containers), len(logs))
	}
	for name, w := range want {
		checkTally(t, name, rep.Containers[name], w)
	}
	checkTally(t, "total", rep.Total, total)
	if total.FalseErrors == 0 || total.SplitLines == 0 || total.Unclaimed == 0 || total.HiddenErrors == 0 {
		t.Errorf("the corpus should show every kind of count: %+v", total)
	}
	t.Logf("corpus from stderr: %d records, %d false errors, %d hidden, %d unclaimed, %d split lines",
		total.Records, total.FalseErrors, total.HiddenErrors, total.Unclaimed, total.SplitLines)
}

func checkTally(t *testing.T, name string, got, want *Tally) {
	t.Helper()
	if got == nil {
		t.Errorf("%s: missing", name)
		return
	}
	g, _ := json.Marshal(got)
	w, _ := json.Marshal(want)
	if !bytes.Equal(g, w) {
		t.Errorf("%s:\n got %s\nwant %s", name, g, w)
	}
}

// Top sources group false errors by container, format and logger (or the
// caller's file), most first.
func TestTopSources(t *testing.T) {
	rep := New()
	add := func(container, line string) {
		var r parser.Record
		parser.ParseLine([]byte(line), &r)
		rep.Add(container, "error", []byte(line+"\n"), &r)
	}
	for i := 0; i < 3; i++ {
		add("a", `I1130 04:40:14.476718   1 sync.go:25] "synced"`)
	}
	add("a", `I1130 04:40:14.476718   1 sync.go:99] "synced again"`)
	add("a", `E1130 04:40:14.476718   1 sync.go:25] "failed"`)
	add("b", `2026-11-30T04:40:42.709Z	INFO	controller.widget	reconciled`)
	got := rep.TopSources(10)
	if len(got) != 2 || got[0] != (Source{"a", "klog", "sync.go", 4}) || got[1] != (Source{"b", "zap", "controller.widget", 1}) {
		t.Errorf("TopSources = %+v", got)
	}
	if names := rep.ContainerNames(); len(names) != 2 || names[0] != "a" {
		t.Errorf("ContainerNames = %v", names)
	}
}

// A Datadog sample: logs counted by the status Datadog stores, false
// errors by format with what relevel's pipeline makes of them, and an
// example each with the hint that fits.
func TestAddStored(t *testing.T) {
	rep := NewDatadog(Datadog{Query: "status:error"}, 2)
	add := func(l StoredLog) {
		var rec parser.Record
		parser.ParseLine([]byte(l.Message), &rec)
		rep.AddStored(l, &rec)
	}
	klog := `I1130 04:40:14.476718   1 sync.go:25] "synced"`
	add(StoredLog{Service: "web", Container: "app", Status: "Error", Message: klog, Covered: true, PipelineStatus: "info"})
	add(StoredLog{Service: "web", Container: "app", Status: "error", Message: klog, Covered: false, PipelineStatus: "error"})
	add(StoredLog{Service: "web", Container: "app", Status: "error", Message: klog, Covered: true, PipelineStatus: "error"})
	add(StoredLog{Service: "db", Status: "error", Message: `E1130 04:40:14.476718   1 db.go:9] "lost"`, Covered: true, PipelineStatus: "error"})
	d := rep.Datadog
	if rep.Total.Records != 4 || rep.Total.FalseErrors != 3 || rep.Total.SplitLines != 0 || len(rep.Containers) != 2 || rep.Containers["web/-/app"] == nil {
		t.Fatalf("counts %+v, groups %v", rep.Total, rep.ContainerNames())
	}
	if len(d.Fixes) != 1 || d.Fixes[0] != (FormatFix{Format: "klog", FalseErrors: 3, Covered: true, Fixed: 1}) || d.PipelineFixes != 1 {
		t.Errorf("fixes %+v", d.Fixes)
	}
	if len(d.StillError) != 2 || !strings.Contains(d.StillError[0].Hint, "first in the pipeline order") ||
		!strings.Contains(d.StillError[1].Hint, "format not covered") {
		t.Errorf("examples %+v", d.StillError)
	}
	var text bytes.Buffer
	if err := rep.WriteText(&text); err != nil || !strings.Contains(text.String(), "klog    3             100.0%  fixes 1 (33.3%)") {
		t.Errorf("%v\n%s", err, text.String())
	}
}
