package rules_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/DataDog/datadog-api-client-go/v2/api/datadogV1"
	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"

	"github.com/relevel/relevel/rules"
	"github.com/relevel/relevel/rules/grok"
)

var update = flag.Bool("update", false, "rewrite testdata/pipeline.golden.json and the README's format table")

// The generated pipeline is compared as golden JSON, so any change to the
// rules shows up in review as a diff of what Datadog will receive.
func TestGoldenPipeline(t *testing.T) {
	p, err := rules.Build(rules.Options{})
	if err != nil {
		t.Fatal(err)
	}
	got, err := rules.RenderJSON(p)
	if err != nil {
		t.Fatal(err)
	}
	const file = "testdata/pipeline.golden.json"
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(file, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(file)
	if err != nil {
		t.Fatalf("%v (go test ./rules -update)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("generated pipeline differs from %s (go test ./rules -update after checking the change)", file)
	}
}

// Datadog's advice and the API's defaults: every processor enabled, at most
// 10 rules per grok parser, 20 processors, 5 non-empty samples of at most
// 5000 characters per parser.
func TestLimitsAndEnabled(t *testing.T) {
	p, err := rules.Build(rules.Options{MessageRemapper: true})
	if err != nil {
		t.Fatal(err)
	}
	if !p.GetIsEnabled() || len(p.Processors) > rules.MaxProcessors {
		t.Fatalf("enabled %v, %d processors", p.GetIsEnabled(), len(p.Processors))
	}
	raw, _ := json.Marshal(p)
	var v struct {
		Processors []map[string]any `json:"processors"`
	}
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Fatal(err)
	}
	for i, pr := range v.Processors {
		if pr["is_enabled"] != true {
			t.Errorf("processor %d (%v) not enabled", i, pr["name"])
		}
		if pr["type"] == "grok-parser" {
			g := pr["grok"].(map[string]any)
			if n := len(strings.Split(g["match_rules"].(string), "\n")); n > rules.MaxRulesPerParser {
				t.Errorf("%v: %d rules", pr["name"], n)
			}
			samples, _ := pr["samples"].([]any)
			if len(samples) == 0 || len(samples) > rules.MaxSamplesPerParser {
				t.Errorf("%v: %d samples", pr["name"], len(samples))
			}
			for _, s := range samples {
				if s == "" || len(s.(string)) > rules.MaxSampleLength {
					t.Errorf("%v: bad sample %q", pr["name"], s)
				}
			}
		}
	}
	if last := v.Processors[len(v.Processors)-1]; last["type"] != "message-remapper" {
		t.Errorf("message remapper missing: %v", last)
	}
}

func TestOptions(t *testing.T) {
	p, err := rules.Build(rules.Options{Name: "levels", FilterQuery: "kube_cluster_name:prod", Formats: []string{"klog", "zap"}, Tags: []string{"team:platform"}})
	if err != nil {
		t.Fatal(err)
	}
	if p.Name != "levels" || p.Filter.GetQuery() != "kube_cluster_name:prod" || len(p.Tags) != 1 {
		t.Errorf("%+v", p)
	}
	if _, err := rules.Build(rules.Options{Formats: []string{"klog", "log4j"}}); err == nil || !strings.Contains(err.Error(), "log4j") || !strings.Contains(err.Error(), "relevel has rules for") {
		t.Errorf("unknown format: %v", err)
	}
	if _, err := rules.Build(rules.Options{Name: "   "}); err == nil {
		t.Error("blank name accepted")
	}
	// That rules.Formats names every parser format, and nothing else, is
	// TestFormatsEverywhere's; here, that it is sorted for the messages.
	if names, _ := rules.Formats(); !slices.IsSorted(names) {
		t.Errorf("formats %v not sorted", names)
	}
}

// The HCL is valid for the official provider: it parses, "%{" is escaped as
// "%%{", and evaluating each string gives back exactly the rule text.
func TestRenderHCL(t *testing.T) {
	p, err := rules.Build(rules.Options{})
	if err != nil {
		t.Fatal(err)
	}
	src, err := rules.RenderHCL(p, "relevel")
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(src, []byte(`"%{`)) || !bytes.Contains(src, []byte("%%{regex")) {
		t.Errorf("grok %%{ not escaped")
	}
	f, diags := hclsyntax.ParseConfig(src, "relevel.tf", hcl.InitialPos)
	if diags.HasErrors() {
		t.Fatalf("HCL does not parse: %v", diags)
	}
	body := f.Body.(*hclsyntax.Body)
	res := body.Blocks[0]
	if res.Type != "resource" || res.Labels[0] != "datadog_logs_custom_pipeline" {
		t.Fatalf("block %s %v", res.Type, res.Labels)
	}
	var groks []*datadogV1.LogsGrokParser
	for _, pr := range p.Processors {
		if g, ok := pr.GetActualInstance().(*datadogV1.LogsGrokParser); ok {
			groks = append(groks, g)
		}
	}
	i := 0
	for _, blk := range res.Body.Blocks {
		if blk.Type != "processor" || blk.Body.Blocks[0].Type != "grok_parser" {
			continue
		}
		grok := blk.Body.Blocks[0].Body.Blocks[0]
		v, diags := grok.Body.Attributes["match_rules"].Expr.Value(nil)
		if diags.HasErrors() {
			t.Fatal(diags)
		}
		if v.AsString() != groks[i].Grok.MatchRules {
			t.Errorf("grok parser %d: HCL evaluates to\n%q\nwant\n%q", i, v.AsString(), groks[i].Grok.MatchRules)
		}
		i++
	}
	if i != len(groks) {
		t.Errorf("%d grok parsers in HCL, %d in the pipeline", i, len(groks))
	}
}

// Grok that means the same under every reading: the generated rules write no
// backslash escape inside a quoted matcher or filter argument (regex("\d"),
// "[^\]]"), whose meaning Datadog leaves undefined and which Vector's
// re-implementation rejects; character classes stand in ("[0-9]"), and regex
// text that captures nothing is written outside any quotes, where a
// backslash is the regular expression's own escape. Every grok parser
// compiles in strict mode.
func TestNoAmbiguousEscapes(t *testing.T) {
	p, err := rules.Build(rules.Options{})
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, pr := range p.Processors {
		g := pr.LogsGrokParser
		if g == nil {
			continue
		}
		n++
		if _, err := grok.Compile(g.Grok.MatchRules, g.Grok.GetSupportRules(), grok.Strict()); err != nil {
			t.Errorf("%s: %v", g.GetName(), err)
		}
	}
	if n == 0 {
		t.Fatal("no grok parser")
	}
}
