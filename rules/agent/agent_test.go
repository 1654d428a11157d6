package agent

import (
	"encoding/json"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"go.yaml.in/yaml/v4"
)

func feed(t *testing.T, a *Aggregator, lines ...string) []string {
	t.Helper()
	var out []string
	for _, l := range lines {
		for _, g := range a.Add(l) {
			out = append(out, g.Content)
		}
	}
	for _, g := range a.Flush() {
		out = append(out, g.Content)
	}
	return out
}

func mustNew(t *testing.T, cfg Config) *Aggregator {
	t.Helper()
	a, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// The multi_line rule (the Agent's MultiLineHandler): a matching line sends
// what is pending; any other line joins it, or starts a log when nothing is
// pending; logs are trimmed.
func TestMultiLineRule(t *testing.T) {
	a := mustNew(t, Config{Mode: MultiLineRule, Pattern: `[0-9]{4}-`})
	got := feed(t, a, "orphan", "  more", "2026-01-01 a", "\tat x", "2026-01-01 b  ")
	want := []string{"orphan\n  more", "2026-01-01 a\n\tat x", "2026-01-01 b"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %q\nwant %q", got, want)
	}
	if _, err := New(Config{Mode: MultiLineRule}); err != ErrNoPattern {
		t.Errorf("no pattern: %v", err)
	}
	// "^" goes in front of the whole pattern: an alternation that is not
	// grouped leaves its later branches unanchored, as in the Agent.
	a = mustNew(t, Config{Mode: MultiLineRule, Pattern: `a|b`})
	if got := feed(t, a, "a1", "xb", "c"); !reflect.DeepEqual(got, []string{"a1", "xb\nc"}) {
		t.Errorf("unanchored branch: %q", got)
	}
}

// Auto multi-line detection: custom samples first (the first that matches
// labels the line), then JSON detection, then datetime detection; an
// aggregate line with nothing pending is sent alone.
func TestAutoMultiLine(t *testing.T) {
	a := mustNew(t, Config{Mode: AutoMultiLine, Samples: []Sample{
		{Regex: `START`, Label: StartGroup},
		{Regex: `ALONE`, Label: NoAggregate},
	}})
	got := feed(t, a,
		"orphan", "orphan 2", // aggregate, nothing pending: each alone
		"START a", "cont 1", "cont 2",
		"ALONE x", "after alone", // no_aggregate flushes and stands alone; what follows too
		"START b", `{"level":"info"}`, "cont b", // JSON detection: no_aggregate
		"START c", "2024-08-13 17:15:17 INFO stamped", "cont c", // datetime: start_group
	)
	want := []string{"orphan", "orphan 2", "START a\ncont 1\ncont 2", "ALONE x", "after alone",
		"START b", `{"level":"info"}`, "cont b", "START c", "2024-08-13 17:15:17 INFO stamped\ncont c"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got  %q\nwant %q", got, want)
	}
	// The heuristics can be turned off as logs_config.auto_multi_line.* do.
	a = mustNew(t, Config{Mode: AutoMultiLine, Samples: []Sample{{Regex: `START`}}, NoJSONDetection: true, NoDatetimeDetection: true, NoJSONAggregation: true})
	got = feed(t, a, "START", `{"level":"info"}`, "2024-08-13 17:15:17 x")
	if !reflect.DeepEqual(got, []string{"START\n{\"level\":\"info\"}\n2024-08-13 17:15:17 x"}) {
		t.Errorf("heuristics off: %q", got)
	}
	if a.cfg.Samples[0].Label != StartGroup {
		t.Errorf("a sample without a label is start_group: %q", a.cfg.Samples[0].Label)
	}
	if _, err := New(Config{Mode: AutoMultiLine, Samples: []Sample{{Regex: "x", Label: "begin"}}}); err == nil {
		t.Error("unknown label accepted")
	}
}

// JSON aggregation puts an object spread over lines back on one line
// before labelling; lines that do not continue a JSON object go on as they
// are.
func TestJSONAggregation(t *testing.T) {
	a := mustNew(t, Config{Mode: AutoMultiLine})
	got := feed(t, a, "{", `  "level": "info",`, `  "msg": "a b"`, "}", "{", `  "x": 1`, "not json", `{"done":true}`)
	want := []string{`{"level":"info","msg":"a b"}`, "{", `"x": 1`, "not json", `{"done":true}`}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got  %q\nwant %q", got, want)
	}
}

// The size limit: the multi_line rule cuts a log that reaches it and marks
// both pieces; auto multi-line detection sends the pending log before a
// line that would take it over; a line longer than the limit is cut by the
// framer.
func TestSizeLimit(t *testing.T) {
	a := mustNew(t, Config{Mode: MultiLineRule, Pattern: `S`, MaxBytes: 10})
	got := feed(t, a, "S 12345", "6789", "abc", "S")
	want := []string{"S 12345\n6789" + TruncatedFlag, TruncatedFlag + "abc", "S"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("multi_line: got %q\nwant %q", got, want)
	}
	a = mustNew(t, Config{Mode: AutoMultiLine, Samples: []Sample{{Regex: `S`}}, MaxBytes: 10})
	got = feed(t, a, "S 1234", "5678", "9")
	if !reflect.DeepEqual(got, []string{"S 1234", "5678\n9"}) {
		t.Errorf("auto: %q", got)
	}
	a = mustNew(t, Config{Mode: SingleLine, MaxBytes: 4})
	got = feed(t, a, "abcdefghij")
	if !reflect.DeepEqual(got, []string{"abcd" + TruncatedFlag, TruncatedFlag + "efgh" + TruncatedFlag, TruncatedFlag + "ij"}) {
		t.Errorf("long line: %q", got)
	}
}

// Every form parses as what it claims to be and carries the samples or the
// pattern unchanged.
func TestRender(t *testing.T) {
	samples, err := Samples()
	if err != nil {
		t.Fatal(err)
	}
	pattern, err := StartPattern()
	if err != nil {
		t.Fatal(err)
	}
	render := func(f Form, opts Options) string {
		t.Helper()
		b, err := Render(f, opts)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		return string(b)
	}
	decodeSamples := func(f Form, s string) {
		t.Helper()
		var got []Sample
		if err := json.Unmarshal([]byte(s), &got); err != nil || !reflect.DeepEqual(got, samples) {
			t.Errorf("%s: samples do not round-trip: %v", f, err)
		}
	}
	var dd struct {
		LogsConfig struct {
			Auto    bool     `yaml:"auto_multi_line_detection"`
			Samples []Sample `yaml:"auto_multi_line_detection_custom_samples"`
		} `yaml:"logs_config"`
	}
	if err := yaml.Unmarshal([]byte(render(DatadogYAML, Options{})), &dd); err != nil || !dd.LogsConfig.Auto || !reflect.DeepEqual(dd.LogsConfig.Samples, samples) {
		t.Errorf("datadog.yaml: %v %+v", err, dd.LogsConfig.Auto)
	}
	env := map[string]string{}
	for _, l := range strings.Split(render(Env, Options{}), "\n") {
		if k, v, ok := strings.Cut(l, "="); ok && !strings.HasPrefix(l, "#") {
			env[k] = v
		}
	}
	if env[EnvAutoMultiLine] != "true" || !strings.HasPrefix(env[EnvCustomSamples], "'") {
		t.Errorf("env: %v", env)
	}
	decodeSamples(Env, strings.Trim(env[EnvCustomSamples], "'"))
	var helm struct {
		Datadog struct {
			Logs map[string]bool `yaml:"logs"`
			Env  []envVar        `yaml:"env"`
		} `yaml:"datadog"`
	}
	if err := yaml.Unmarshal([]byte(render(Helm, Options{})), &helm); err != nil || !helm.Datadog.Logs["autoMultiLineDetection"] || helm.Datadog.Env[0].Name != EnvCustomSamples {
		t.Fatalf("helm: %v %+v", err, helm)
	}
	decodeSamples(Helm, helm.Datadog.Env[0].Value)
	var op struct {
		Kind string `yaml:"kind"`
		Spec struct {
			Override struct {
				NodeAgent struct {
					Env []envVar `yaml:"env"`
				} `yaml:"nodeAgent"`
			} `yaml:"override"`
		} `yaml:"spec"`
	}
	if err := yaml.Unmarshal([]byte(render(Operator, Options{})), &op); err != nil || op.Kind != "DatadogAgent" || len(op.Spec.Override.NodeAgent.Env) != 2 {
		t.Fatalf("operator: %v %+v", err, op)
	}
	decodeSamples(Operator, op.Spec.Override.NodeAgent.Env[1].Value)
	var ann struct {
		Spec struct {
			Template struct {
				Metadata struct {
					Annotations map[string]string `yaml:"annotations"`
				} `yaml:"metadata"`
			} `yaml:"template"`
		} `yaml:"spec"`
	}
	if err := yaml.Unmarshal([]byte(render(Annotation, Options{Container: "manager", Source: "go", Service: "web"})), &ann); err != nil {
		t.Fatal(err)
	}
	var sources []struct {
		Source, Service string
		Rules           []struct{ Type, Name, Pattern string } `json:"log_processing_rules"`
	}
	if err := json.Unmarshal([]byte(ann.Spec.Template.Metadata.Annotations["ad.datadoghq.com/manager.logs"]), &sources); err != nil ||
		len(sources) != 1 || sources[0].Source != "go" || sources[0].Service != "web" ||
		sources[0].Rules[0].Type != "multi_line" || sources[0].Rules[0].Pattern != pattern {
		t.Errorf("annotation: %v %+v", err, sources)
	}
	if got := render(Pattern, Options{}); got != pattern+"\n" {
		t.Errorf("pattern form")
	}
	decodeSamples(SamplesJSON, render(SamplesJSON, Options{}))
	if _, err := Render("ini", Options{}); err == nil {
		t.Error("unknown form accepted")
	}
	if !regexp.MustCompile(`<CONTAINER_NAME>`).MatchString(render(Annotation, Options{})) {
		t.Error("annotation without a container: no placeholder")
	}
}

// The datetime stand-in is the documentation's description: a date with a
// time, not either alone.
func TestDatetimeStandIn(t *testing.T) {
	a := mustNew(t, Config{Mode: AutoMultiLine})
	for line, want := range map[string]Label{
		"2021-03-28 13:45:30 x":          StartGroup,
		"2023-03-28T14:33:53.743350Z x":  StartGroup,
		"Jun 14 15:16:01 host x":         StartGroup,
		"2024/05/16 19:46:15 x":          StartGroup,
		"[30/Nov/2026:04:41:36 +0000]":   StartGroup,
		"12:30:20 x":                     Aggregate,
		"2024/05/16 x":                   Aggregate,
		"\tat com.example.App(App.java)": Aggregate,
		`{"a":1}`:                        NoAggregate,
		"  { }":                          NoAggregate,
	} {
		if got := a.Label(line); got != want {
			t.Errorf("%q: %s, want %s", line, got, want)
		}
	}
}
