package rules_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/relevel/relevel/parser/join"
	"github.com/relevel/relevel/rules"
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
	for _, k := range keys {
		t.Logf("%-8s %d/%d records agree", k, per[k].ok, per[k].total)
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
		if len(f.Samples) == 0 {
			t.Errorf("%s: no samples", f.Name)
		}
		ps := defaultPipelines(t, rules.Options{Formats: []string{f.Name}})
		for _, s := range f.Samples {
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
