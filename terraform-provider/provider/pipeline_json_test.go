package provider

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/DataDog/datadog-api-client-go/v2/api/datadogV1"

	"github.com/relevel/relevel/rules"
)

// roundTrip is p as Datadog answers it: through JSON, with the zero-valued
// fields the API states added to every processor.
func roundTrip(t *testing.T, p datadogV1.LogsPipeline) datadogV1.LogsPipeline {
	t.Helper()
	raw, err := json.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Fatal(err)
	}
	m["id"], m["type"], m["is_read_only"] = "abc-123", "pipeline", false
	for _, proc := range m["processors"].([]any) {
		pm := proc.(map[string]any)
		if pm["type"] == "grok-parser" {
			if _, ok := pm["samples"]; !ok {
				pm["samples"] = []any{}
			}
		}
		if _, ok := pm["name"]; !ok {
			pm["name"] = ""
		}
	}
	raw, _ = json.Marshal(m)
	var out datadogV1.LogsPipeline
	if err := json.Unmarshal(raw, &out); err != nil {
		t.Fatal(err)
	}
	return out
}

func TestObservedProcessors(t *testing.T) {
	want, err := rules.Build(rules.Options{Formats: []string{"klog", "zap", "slog"}})
	if err != nil {
		t.Fatal(err)
	}
	desired, err := renderProcessors(want.Processors)
	if err != nil {
		t.Fatal(err)
	}
	current := roundTrip(t, want)
	got, err := observedProcessors(current.Processors, want.Processors)
	if err != nil {
		t.Fatal(err)
	}
	if got != desired {
		t.Fatalf("an untouched pipeline renders differently from the plan:\n%s\nwant\n%s", got, desired)
	}
	if ok, err := processorsMatch(current.Processors, want.Processors); err != nil || !ok {
		t.Fatalf("processorsMatch = %v, %v", ok, err)
	}

	// An edit in the UI: only the edited processor differs.
	current.Processors[0].LogsGrokParser.Grok.MatchRules = "edited %{data:x}"
	got, err = observedProcessors(current.Processors, want.Processors)
	if err != nil {
		t.Fatal(err)
	}
	if got == desired || !strings.Contains(got, "edited %{data:x}") {
		t.Fatalf("edit not shown:\n%s", got)
	}
	var gotList, wantList []json.RawMessage
	_ = json.Unmarshal([]byte(got), &gotList)
	_ = json.Unmarshal([]byte(desired), &wantList)
	for i := 1; i < len(wantList); i++ {
		if string(gotList[i]) != string(wantList[i]) {
			t.Errorf("processor %d changed although only #0 was edited", i)
		}
	}
	if ok, _ := processorsMatch(current.Processors, want.Processors); ok {
		t.Error("processorsMatch after an edit")
	}

	// A processor type the Go client does not know survives.
	var unknown datadogV1.LogsProcessor
	if err := json.Unmarshal([]byte(`{"type":"span-id-remapper","sources":["dd.span_id"],"is_enabled":true}`), &unknown); err != nil {
		t.Fatal(err)
	}
	got, err = observedProcessors(append(current.Processors, unknown), want.Processors)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(got, "span-id-remapper") {
		t.Errorf("unknown processor type dropped:\n%s", got)
	}
}

func TestRenderProcessorsNoHTMLEscape(t *testing.T) {
	p, err := rules.Build(rules.Options{})
	if err != nil {
		t.Fatal(err)
	}
	js, err := renderProcessors(p.Processors)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(js, `\u003c`) || strings.Contains(js, `\u0026`) {
		t.Error("processors_json escapes < or & as \\u003c/\\u0026")
	}
	var v []any
	if err := json.Unmarshal([]byte(js), &v); err != nil || len(v) != len(p.Processors) {
		t.Fatalf("not a JSON array of %d processors: %v", len(p.Processors), err)
	}
}

// Import infers formats and message_remapper back from the processors, for
// every subset of formats: the imported state then matches the
// configuration and the plan after an import is empty.
func TestInferOptions(t *testing.T) {
	all, err := rules.Formats()
	if err != nil {
		t.Fatal(err)
	}
	// Every format alone, every format left out, all of them, and a
	// spread of other subsets (a Build takes a few milliseconds, so not all
	// 2^n).
	n := len(all)
	full := 1<<n - 1
	var masks []int
	for i := range n {
		masks = append(masks, 1<<i, full&^(1<<i))
	}
	masks = append(masks, full)
	// About 300 of them whatever the number of formats: a fixed step of
	// 97 gave 173,000 subsets once there were 24 formats, and 1,500 still
	// took minutes under the race detector on a busy machine (a Build and
	// its round trip through the API JSON are tens of milliseconds there).
	for mask, step := 3, max(97, full/300)|1; mask < full; mask += step {
		masks = append(masks, mask)
	}
	for _, mask := range masks {
		var formats []string
		for i, f := range all {
			if mask&(1<<i) != 0 {
				formats = append(formats, f)
			}
		}
		mr := mask%2 == 0
		p, err := rules.Build(rules.Options{Formats: formats, MessageRemapper: mr})
		if err != nil {
			continue // over Datadog's advised limits: not a valid configuration anyway
		}
		got, gotMR, err := inferOptions(roundTrip(t, p))
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(got, formats) || gotMR != mr {
			t.Fatalf("inferOptions(%v, message_remapper=%v) = %v, %v", formats, mr, got, gotMR)
		}
	}
	// A pipeline made before the formats' categories shared one
	// processor names one format in its category processor.
	old := datadogV1.NewLogsPipeline("relevel")
	cat := datadogV1.NewLogsCategoryProcessor(nil, rules.StatusAttr, datadogV1.LOGSCATEGORYPROCESSORTYPE_CATEGORY_PROCESSOR)
	cat.SetName("klog-json level by key")
	lk := datadogV1.NewLogsLookupProcessor([]string{"I,info"}, "relevel.level_raw", rules.StatusAttr, datadogV1.LOGSLOOKUPPROCESSORTYPE_LOOKUP_PROCESSOR)
	lk.SetName("klog level (relevel.level_raw) to canonical word")
	old.SetProcessors([]datadogV1.LogsProcessor{datadogV1.LogsCategoryProcessorAsLogsProcessor(cat), datadogV1.LogsLookupProcessorAsLogsProcessor(lk)})
	if got, _, err := inferOptions(*old); err != nil || !slices.Equal(got, []string{"klog", "klog-json"}) {
		t.Fatalf("inferOptions(earlier release) = %v, %v", got, err)
	}
	// A pipeline relevel did not make: every format, so the plan shows
	// relevel's processors replacing whatever is there.
	foreign := datadogV1.NewLogsPipeline("hand-made")
	got, mr, err := inferOptions(*foreign)
	if err != nil || !slices.Equal(got, all) || mr {
		t.Fatalf("inferOptions(foreign) = %v, %v, %v", got, mr, err)
	}
}
