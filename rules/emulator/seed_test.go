package emulator

import (
	"encoding/json"
	"os"
	"testing"
)

// The pipeline most teams start from (testdata/seed-pipeline.json, a copy of
// a user's pipeline) classifies its own five samples, run end to end through
// preprocessing, grok, lookups and the status remapper.
func TestSeedPipelineSamples(t *testing.T) {
	data, err := os.ReadFile("testdata/seed-pipeline.json")
	if err != nil {
		t.Fatal(err)
	}
	var raw struct {
		Processors []struct {
			Samples []string `json:"samples"`
		} `json:"processors"`
	}
	if err := json.Unmarshal(data, &raw); err != nil {
		t.Fatal(err)
	}
	samples := raw.Processors[0].Samples
	ps, err := ParseList(data)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"info", "error", "info", "error", "info"}
	if len(samples) != len(want) {
		t.Fatalf("%d samples", len(samples))
	}
	for i, s := range samples {
		l := &Log{Message: s, Status: "error", Tags: []string{"kube_cluster_name:prod"}}
		Run(ps, l)
		if got := CanonicalStatus(l.Status); got != want[i] {
			t.Errorf("sample %d %q: status %q, want %q", i, s, got, want[i])
		}
	}
	// Its filter needs kube_cluster_name: without the tag nothing changes.
	l := &Log{Message: samples[0], Status: "error"}
	Run(ps, l)
	if l.Status != "error" {
		t.Errorf("filter ignored: %q", l.Status)
	}
}
