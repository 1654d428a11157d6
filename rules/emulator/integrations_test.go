package emulator

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"
	"time"
	"unicode"

	"go.yaml.in/yaml/v4"
)

// Datadog's published integration pipelines for programs relevel's formats
// cover (testdata/integrations, copied from DataDog/integrations-core: see
// SOURCES.md there) compile and run in the emulator, and give on each of
// their published test samples the result Datadog's own pipeline tests
// record: the status, the message, and every attribute, except the
// differences listed in knownDifferences.
func TestIntegrationPipelines(t *testing.T) {
	files, _ := filepath.Glob("testdata/integrations/*.yaml")
	n := 0
	for _, f := range files {
		if strings.HasSuffix(f, "_tests.yaml") {
			continue
		}
		n++
		id := strings.TrimSuffix(filepath.Base(f), ".yaml")
		t.Run(id, func(t *testing.T) {
			p, source := integrationPipeline(t, f)
			for _, w := range p.Warnings() {
				t.Logf("warning: %s", w)
			}
			tests := integrationTests(t, strings.TrimSuffix(f, ".yaml")+"_tests.yaml")
			for i, tc := range tests {
				l := &Log{Message: tc.Sample, Status: "info", Tags: []string{"source:" + source}}
				Run([]*Pipeline{p}, l)
				got := map[string]any{"message": l.Message, "custom": normalize(l.Attributes)}
				want := map[string]any{"message": tc.Result.Message, "custom": normalize(tc.Result.Custom)}
				if tc.Result.Status != "" {
					got["status"], want["status"] = l.Status, tc.Result.Status
				}
				for _, d := range diff("", want, got) {
					if reason, known := knownDifferences[id+" "+fmt.Sprint(i)+" "+d.path]; known {
						t.Logf("sample %d: %s: known difference (%s)", i, d, reason)
						continue
					}
					t.Errorf("sample %d %q: %s", i, truncate(tc.Sample, 80), d)
				}
			}
			if len(tests) == 0 {
				t.Errorf("no test samples")
			}
		})
	}
	if n < 8 {
		t.Fatalf("%d integration pipelines, want the 8 of testdata/integrations", n)
	}
}

// knownDifferences are the results where the emulator departs from
// Datadog's recorded ones, keyed "<integration> <sample index> <path>", with
// the reason. Each is a question the documentation does not settle; the
// emulator keeps the documented reading, and relevel's own pipeline depends
// on none of them (it maps levels to canonical words before its remapper,
// extracts no dates, and has no keyvalue filter).
var knownDifferences = map[string]string{
	"argocd 0 status": "a bare level E: Datadog's recorded status is error, as the Events status remapper page says (prefix e); the Logs status remapper page and the API reference say prefix err, which the emulator follows, giving info",
	"argocd 0 custom.timestamp": "a date without a year later than the test clock: Datadog's recorded result puts it in the year before; " +
		"the parsing documentation says the current year, which the emulator uses, and how far in the future a date may lie before Datadog turns it back a year is not documented",
	"gitlab-runner 0 custom.date": "a date without a year later than the test clock (see argocd 0 custom.timestamp)",
	"gitlab-runner 1 custom.date": "a date without a year later than the test clock (see argocd 0 custom.timestamp)",
	"argocd 5 custom.appHardResyncPeriod": `keyvalue's value "0s": Datadog's recorded result is the number 0 while "3m0s" stays a string; ` +
		"no documented conversion explains it, and the emulator keeps the text",
}

// testClock is the clock Datadog's pipeline test harness reads for dates
// without a year: its recorded results put April 24 and March 23 in 1971
// and August 19 and December 19 in 1970, so "now" lies between April 24
// and August 19, 1971, and a date after it is taken as last year's.
var testClock = time.Date(1971, 6, 1, 0, 0, 0, 0, time.UTC)

type integrationTest struct {
	Sample string `yaml:"sample"`
	Result struct {
		Custom  map[string]any `yaml:"custom"`
		Message string         `yaml:"message"`
		Status  string         `yaml:"status"`
	} `yaml:"result"`
}

// integrationPipeline reads an integrations-core asset pipeline
// (assets/logs/<id>.yaml), whose keys are camelCase ("enabled",
// "matchRules", "preserveSource"), as the API JSON the emulator reads
// (snake_case, "is_enabled"), and compiles it. It returns the source the
// pipeline's filter selects.
func integrationPipeline(t *testing.T, file string) (*Pipeline, string) {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var asset struct {
		ID       string         `yaml:"id"`
		Pipeline map[string]any `yaml:"pipeline"`
	}
	if err := yaml.Unmarshal(data, &asset); err != nil {
		t.Fatal(err)
	}
	js, err := json.Marshal(apiKeys(asset.Pipeline))
	if err != nil {
		t.Fatal(err)
	}
	p, err := Parse(js, WithNow(func() time.Time { return testClock }))
	if err != nil {
		t.Fatal(err)
	}
	return p, asset.ID
}

func apiKeys(v any) any {
	switch x := v.(type) {
	case map[string]any:
		out := map[string]any{}
		for k, v := range x {
			if k == "enabled" {
				k = "is_enabled"
			}
			out[snake(k)] = apiKeys(v)
		}
		return out
	case []any:
		for i := range x {
			x[i] = apiKeys(x[i])
		}
	}
	return v
}

func snake(s string) string {
	var b strings.Builder
	for i, r := range s {
		if unicode.IsUpper(r) && i > 0 {
			b.WriteByte('_')
		}
		b.WriteRune(unicode.ToLower(r))
	}
	return b.String()
}

func integrationTests(t *testing.T, file string) []integrationTest {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var v struct {
		Tests []integrationTest `yaml:"tests"`
	}
	if err := yaml.Unmarshal(data, &v); err != nil {
		t.Fatal(err)
	}
	return v.Tests
}

// normalize turns a result into plain JSON values, every number a float64,
// so that Datadog's 47.0 and the emulator's int64 47 compare equal.
func normalize(v any) any {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	var out any
	if err := json.Unmarshal(b, &out); err != nil {
		return string(b)
	}
	return out
}

type difference struct {
	path      string
	want, got any
}

func (d difference) String() string {
	return fmt.Sprintf("%s: got %s, want %s", d.path, show(d.got), show(d.want))
}

func show(v any) string {
	if v == nil {
		return "nothing"
	}
	b, _ := json.Marshal(v)
	return string(b)
}

func diff(path string, want, got any) []difference {
	wm, wok := want.(map[string]any)
	gm, gok := got.(map[string]any)
	if wok && gok {
		keys := map[string]bool{}
		for k := range wm {
			keys[k] = true
		}
		for k := range gm {
			keys[k] = true
		}
		var names []string
		for k := range keys {
			names = append(names, k)
		}
		sort.Strings(names)
		var out []difference
		for _, k := range names {
			p := k
			if path != "" {
				p = path + "." + k
			}
			out = append(out, diff(p, wm[k], gm[k])...)
		}
		return out
	}
	if wf, ok := want.(float64); ok {
		if gf, ok := got.(float64); ok && math.Abs(wf-gf) <= 1e-9*math.Max(1, math.Abs(wf)) {
			return nil
		}
	}
	if reflect.DeepEqual(want, got) {
		return nil
	}
	return []difference{{path, want, got}}
}

func truncate(s string, n int) string {
	if len(s) > n {
		return s[:n] + "…"
	}
	return s
}
