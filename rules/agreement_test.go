package rules_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/relevel/relevel/parser/join"
	"github.com/relevel/relevel/rules"
	"github.com/relevel/relevel/rules/agent"
	"github.com/relevel/relevel/rules/emulator"
)

// defaultPipelines builds the default pipeline and compiles it with the
// emulator, through its API JSON as Datadog would receive it, in strict mode:
// a rule whose meaning depends on how Datadog reads a backslash in a quoted
// argument does not compile.
func defaultPipelines(t *testing.T, opts rules.Options) []*emulator.Pipeline {
	t.Helper()
	p, err := rules.Build(opts)
	if err != nil {
		t.Fatal(err)
	}
	js, err := rules.RenderJSON(p)
	if err != nil {
		t.Fatal(err)
	}
	ps, err := emulator.ParseList(js, emulator.Strict())
	if err != nil {
		t.Fatal(err)
	}
	return ps
}

// TestAgreement sends every record of the corpus through the generated
// pipeline in the emulator, each record as one log (multi-line records
// joined, as the sidecar or an Agent multi-line rule delivers them) starting
// with the Agent's stderr status, and requires Datadog's resulting status to
// be the parser's level for every record of a format the pipeline claims —
// and to stay the stream's status for records no format claims, so the
// pipeline invents nothing.
func TestAgreement(t *testing.T) {
	claimed, err := rules.Formats()
	if err != nil {
		t.Fatal(err)
	}
	isClaimed := map[string]bool{}
	for _, f := range claimed {
		isClaimed[f] = true
	}
	ps := defaultPipelines(t, rules.Options{})
	files, _ := filepath.Glob("../testdata/corpus/*/*.log")
	neg, _ := filepath.Glob("../testdata/negative/*.log")
	files = append(files, neg...)
	if len(files) == 0 {
		t.Fatal("no corpus")
	}
	type tally struct{ ok, total int }
	per := map[string]*tally{}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		name := strings.TrimPrefix(f, "../testdata/")
		s := join.New(bytes.NewReader(data))
		line := 1
		for s.Next() {
			r := s.Record()
			format := r.Format.String()
			msg := strings.TrimSuffix(strings.TrimSuffix(string(s.Raw()), "\n"), "\r")
			// What Datadog shows without relevel: the Agent's stream status,
			// or what JSON preprocessing makes of a level attribute.
			bare := &emulator.Log{Message: msg, Status: "error"}
			emulator.Run(nil, bare)
			want := emulator.CanonicalStatus(bare.Status)
			if isClaimed[format] {
				want = r.Level.String()
			}
			l := &emulator.Log{Message: msg, Status: "error"}
			emulator.Run(ps, l)
			got := emulator.CanonicalStatus(l.Status)
			key := format
			if key == "" {
				key = `""`
			}
			if per[key] == nil {
				per[key] = &tally{}
			}
			per[key].total++
			if got == want {
				per[key].ok++
			} else {
				t.Errorf("%s:%d %s record: pipeline status %q, parser %q: %q", name, line, key, got, want, truncate(msg, 160))
			}
			line += s.Lines()
		}
	}
	var keys []string
	for k := range per {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	all, ok := 0, 0
	for _, k := range keys {
		t.Logf("%-8s %d/%d records agree", k, per[k].ok, per[k].total)
		all += per[k].total
		ok += per[k].ok
	}
	// The README states the tally; it is held to what was counted, so
	// that a new format or stream cannot leave it stale.
	if ok == all && per[`""`] != nil {
		readme, err := os.ReadFile("../README.md")
		if err != nil {
			t.Fatal(err)
		}
		want := fmt.Sprintf("All %d formats agree on all %d records (%d of them unclaimed", len(keys)-1, all, per[`""`].total)
		if !strings.Contains(strings.Join(strings.Fields(string(readme)), " "), want) {
			t.Errorf("README does not say %q", want)
		}
	}
}

func truncate(s string, n int) string {
	if len(s) > n {
		return s[:n] + "…"
	}
	return s
}

// Every sample in the data files matches its own format's rules in the
// emulator and maps to a canonical word.
func TestSamplesMatch(t *testing.T) {
	fs, err := rules.LoadFormats()
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range fs {
		if len(f.Samples()) == 0 {
			t.Errorf("%s: no samples", f.Name)
		}
		ps := defaultPipelines(t, rules.Options{Formats: []string{f.Name}})
		for _, s := range f.Samples() {
			l := &emulator.Log{Message: s, Status: "error"}
			emulator.Run(ps, l)
			if _, ok := l.Attributes["relevel"]; !ok {
				t.Errorf("%s: sample not matched: %q", f.Name, s)
			}
		}
	}
}

func ExampleBuild() {
	p, _ := rules.Build(rules.Options{Formats: []string{"klog"}})
	js, _ := rules.RenderJSON(p)
	var v struct {
		Processors []struct {
			Type      string `json:"type"`
			IsEnabled bool   `json:"is_enabled"`
		} `json:"processors"`
	}
	_ = json.Unmarshal(js, &v)
	for _, pr := range v.Processors {
		fmt.Println(pr.Type, pr.IsEnabled)
	}
	// Output:
	// grok-parser true
	// lookup-processor true
	// status-remapper true
}

// truth is the part of a corpus stream's .truth.json this test reads.
type truth struct {
	Records []struct {
		Line, Lines   int
		Format, Level string
	} `json:"records"`
}

// lineConfigs are the Agent setups the line-level agreement is measured
// for: none, and each form relevel generates.
func lineConfigs(t *testing.T) []struct {
	name string
	cfg  agent.Config
} {
	t.Helper()
	samples, err := agent.Samples()
	if err != nil {
		t.Fatal(err)
	}
	pattern, err := agent.StartPattern()
	if err != nil {
		t.Fatal(err)
	}
	return []struct {
		name string
		cfg  agent.Config
	}{
		{"no relevel pipeline, no multi-line setting", agent.Config{Mode: agent.SingleLine}},
		{"no multi-line setting", agent.Config{Mode: agent.SingleLine}},
		{"auto multi-line with relevel's samples", agent.Config{Mode: agent.AutoMultiLine, Samples: samples}},
		{`auto multi-line, lines joined by the Agent's two characters \n`, agent.Config{Mode: agent.AutoMultiLine, Samples: samples, Separator: agent.EscapedLineFeed}},
		{"auto multi-line without JSON aggregation (Agent 7.65)", agent.Config{Mode: agent.AutoMultiLine, Samples: samples, NoJSONAggregation: true}},
		{`the same, lines joined by the two characters \n`, agent.Config{Mode: agent.AutoMultiLine, Samples: samples, NoJSONAggregation: true, Separator: agent.EscapedLineFeed}},
		{"multi_line rule (annotation)", agent.Config{Mode: agent.MultiLineRule, Pattern: pattern}},
		{`the same, lines joined by the two characters \n`, agent.Config{Mode: agent.MultiLineRule, Pattern: pattern, Separator: agent.EscapedLineFeed}},
	}
}

// TestLineAgreement ships every line of every corpus stream as the Agent
// would ship it — one log per line without a multi-line setting, joined by
// relevel's generated configuration — through the generated pipeline, and
// checks that each line ends up in a log whose status is its record's true
// level (the corpus's truth files), or, for a record without a level, the
// status Datadog gives that record without relevel (the stream's, error).
// With the auto multi-line configuration every line must be right except
// the ones inherentMisses lists with the reason; the other setups are
// measured and reported.
func TestLineAgreement(t *testing.T) {
	ps := defaultPipelines(t, rules.Options{})
	files, _ := filepath.Glob("../testdata/corpus/*/*.log")
	if len(files) == 0 {
		t.Fatal("no corpus")
	}
	status := func(msg string, pipelines []*emulator.Pipeline) string {
		l := &emulator.Log{Message: msg, Status: "error"}
		emulator.Run(pipelines, l)
		return emulator.CanonicalStatus(l.Status)
	}
	const auto = 2 // the auto multi-line configuration, held to 100%
	for ci, c := range lineConfigs(t) {
		right, total := 0, 0
		var misses []string
		for _, f := range files {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			var tr truth
			tb, err := os.ReadFile(strings.TrimSuffix(f, ".log") + ".truth.json")
			if err != nil {
				t.Fatal(err)
			}
			if err := json.Unmarshal(tb, &tr); err != nil {
				t.Fatal(err)
			}
			lines := strings.Split(string(data), "\n")
			if lines[len(lines)-1] == "" {
				lines = lines[:len(lines)-1]
			}
			// want[i]: the status line i+1 must end up with.
			want := make([]string, len(lines))
			for _, r := range tr.Records {
				markLoggedTraceback(r.Format, r.Level, lines[r.Line-1:r.Line-1+r.Lines], corpusName(f), r.Line)
				w := r.Level
				if w == "" {
					w = status(strings.Join(lines[r.Line-1:r.Line-1+r.Lines], "\n"), nil)
				}
				for i := r.Line - 1; i < r.Line-1+r.Lines; i++ {
					want[i] = w
				}
			}
			a, err := agent.New(c.cfg)
			if err != nil {
				t.Fatal(err)
			}
			var logs []agent.Log
			for _, l := range lines {
				logs = append(logs, a.Add(l)...)
			}
			logs = append(logs, a.Flush()...)
			name := corpusName(f)
			i := 0
			pipelines := ps
			if ci == 0 {
				pipelines = nil
			}
			for _, lg := range logs {
				got := status(lg.Content, pipelines)
				for k := 0; k < lg.Lines; k++ {
					total++
					if got == want[i] {
						right++
					} else {
						misses = append(misses, fmt.Sprintf("%s:%d", name, i+1))
						if ci == auto && inherentMisses[fmt.Sprintf("%s:%d", name, i+1)] == "" && !loggedTraceback[fmt.Sprintf("%s:%d", name, i+1)] {
							t.Errorf("%s: %s:%d: status %q, want %q: %q in a log of %d lines: %q",
								c.name, name, i+1, got, want[i], truncate(lines[i], 100), lg.Lines, truncate(lg.Content, 200))
						}
					}
					i++
				}
			}
			if i != len(lines) {
				t.Fatalf("%s: %s: %d lines shipped, %d in the file", c.name, name, i, len(lines))
			}
		}
		t.Logf("%-66s %4d/%d lines right (%.1f%%)", c.name+":", right, total, 100*float64(right)/float64(total))
		if ci == auto {
			logged := 0
			for _, m := range misses {
				if reason := inherentMisses[m]; reason != "" {
					t.Logf("  %s: inherent to the Agent: %s", m, reason)
				} else if loggedTraceback[m] {
					logged++
				}
			}
			if logged > 0 {
				t.Logf("  %d lines of Python tracebacks logged with their record: inherent to the Agent: %s", logged, loggedTracebackReason)
			}
			for m := range inherentMisses {
				if !slices.Contains(misses, m) {
					t.Errorf("%s is listed as an inherent miss but is right: update inherentMisses", m)
				}
			}
		} else if len(misses) > 0 {
			t.Logf("  wrong: %s", strings.Join(misses, " "))
		}
	}
}

func corpusName(f string) string { return strings.TrimPrefix(f, "../testdata/corpus/") }

const loggedTracebackReason = "a traceback logging wrote with exc_info (logger.exception) after a record below critical: " +
	"the parser keeps it with that record, but its first line is also how an uncaught exception starts, which must be a log " +
	"of its own at critical; the Agent's labels cannot depend on the record before, so the traceback starts a log and shows " +
	"critical, not its record's error or warning"

// loggedTraceback holds the corpus lines ("file:line") of tracebacks that
// logging wrote after a record below critical (see loggedTracebackReason).
var loggedTraceback = map[string]bool{}

// markLoggedTraceback marks the lines of a record from its first traceback
// line on, for a Python record whose level the Agent's split changes.
func markLoggedTraceback(format, level string, lines []string, file string, first int) {
	if format != "python" || level == "critical" {
		return
	}
	for k, l := range lines {
		// Tornado's formatter indents it with the rest of the record.
		if k > 0 && strings.TrimSpace(l) == "Traceback (most recent call last):" {
			for j := k; j < len(lines); j++ {
				loggedTraceback[fmt.Sprintf("%s:%d", file, first+j)] = true
			}
			return
		}
	}
}

// gethDateLine is why a go-ethereum continuation line with a date is missed.
const gethDateLine = "the second line of a go-ethereum multi-line message, \"booted at 2026-11-30 04:41:36 count=2\": the Agent's " +
	"datetime detection labels a line with a date and time near its start as a new log, and a custom sample matching such lines " +
	"would take real heads of other programs too; it stands alone and shows the stream's error, not the record's warning"

// inherentMisses are the corpus lines the Agent cannot put in a log with
// their record's status whatever its configuration, with the reason. Both
// are a line of another writer right after a record whose end the parser
// knows from the record's own grammar, which the Agent, labelling each line
// on its own, cannot know: the line looks like the continuation lines that
// do belong to such records, so it joins the record and takes its status.
var inherentMisses = map[string]string{
	"log15/geth-terminal.log:12":       gethDateLine,
	"log15/geth-terminal-color.log:12": gethDateLine,
	"gopanic/panic-supervised.log:13": "a supervisor's restart message right after a Go panic's goroutine dump: the parser ends the panic " +
		"where a line fits none of the dump's grammar, but the panic message's own continuation lines (before the first goroutine line) " +
		"are plain text as well, so no label can tell this line from them; it joins the panic and shows critical, not the stream's error",
	"mixed/klog-structured-plain.log:7": `an s6-rc line right after a structured klog record whose "key=<" block its " >" closed: the parser ` +
		"takes continuation lines for such a record only inside its blocks, but a legacy klog record (Infof) continues with plain lines " +
		"like this one, and the Agent's labels cannot depend on the record before; it joins the klog record and shows info, not the stream's error",
}

// TestJSONLevelKeys holds the one attribute remapper and lookup that serve
// every JSON level key to the parser on lines with one key each (every key,
// in the case .NET and ECS write), and on lines with several keys in the
// order the remapper lists them, where the first present decides. The
// source keys stay on the log.
func TestJSONLevelKeys(t *testing.T) {
	ps := defaultPipelines(t, rules.Options{})
	cases := []string{
		`{"level":"warn","msg":"m"}`,
		`{"L":"DPANIC","M":"m"}`,
		`{"severity":"ERROR","message":"m"}`,
		`{"lvl":"eror","msg":"m"}`,
		`{"@level":"debug","@message":"m"}`,
		`{"log.level":"fatal","message":"m"}`,
		`{"log":{"level":"error"},"message":"m"}`,
		`{"LEVEL":"WARNING","msg":"m"}`,
		`{"loglevel":"info","msg":"m"}`,
		`{"LogLevel":"Critical","Message":"m"}`,
		// Several keys, in the remapper's order: the first decides.
		`{"level":"info","severity":"ERROR","msg":"m"}`,
		`{"L":"WARN","lvl":"crit","M":"m"}`,
		`{"severity":"debug","LogLevel":"Error","msg":"m"}`,
	}
	for _, line := range cases {
		s := join.New(strings.NewReader(line + "\n"))
		if !s.Next() {
			t.Fatalf("%s: no record", line)
		}
		want := s.Record().Level.String()
		if s.Record().Format.String() != "json" || want == "" {
			t.Fatalf("%s: parser reads format %q level %q", line, s.Record().Format, want)
		}
		l := &emulator.Log{Message: line, Status: "error"}
		emulator.Run(ps, l)
		if got := emulator.CanonicalStatus(l.Status); got != want {
			t.Errorf("%s: pipeline status %q, parser %q", line, got, want)
		}
		var obj map[string]any
		if err := json.Unmarshal([]byte(line), &obj); err != nil {
			t.Fatal(err)
		}
		for k := range obj {
			if _, ok := l.Attributes[k]; !ok && k != "msg" && k != "message" && k != "M" && k != "@message" && k != "Message" {
				t.Errorf("%s: key %q removed from the log", line, k)
			}
		}
	}
}
