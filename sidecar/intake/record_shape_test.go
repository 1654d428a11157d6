package intake_test

import (
	"bytes"
	"testing"
	"time"

	"github.com/relevel/relevel/internal/fakedatadog"
	"github.com/relevel/relevel/internal/jsoncheck"
	"github.com/relevel/relevel/parser"
	"github.com/relevel/relevel/sidecar"
)

// Items hold what relevel parse writes: a record spread over lines (a
// logrus PrettyPrint object) is one item with no line break in its JSON,
// its nested value compact, no name twice in any object; and a klog time
// takes its year from the runtime's timestamp, not the clock, so a replayed
// 2024 file stays in 2024.
func TestItemShape(t *testing.T) {
	fake := fakedatadog.StartIntake(t, fakedatadog.WithAPIKey(testKey))
	s, _ := newSink(t, fake, oneBatch)
	parse := func(text string, rt time.Time) *sidecar.Record {
		var r parser.Record
		parser.Parse([]byte(text), &r)
		return &sidecar.Record{Record: &r, Status: r.Level, Source: src, RuntimeTime: rt}
	}
	rt := time.Date(2024, 3, 15, 10, 20, 30, 124_000_000, time.UTC)
	recs := []*sidecar.Record{
		parse("{\n  \"level\": \"debug\",\n  \"msg\": \"nested\",\n  \"obj\": {\n    \"a\": 1,\n    \"a\": [\n      1,\n      2\n    ]\n  },\n  \"obj\": null\n}", rt),
		parse(`I0315 10:20:30.123456       1 main.go:25] "spring" pod="a" pod="b"`, rt),
	}
	markAndWait(t, s, recs)
	got := fake.Accepted()
	if len(got) != len(recs) {
		t.Fatalf("%d items accepted, want %d", len(got), len(recs))
	}
	for i, it := range got {
		if bytes.ContainsAny(it.Raw, "\n\r") {
			t.Errorf("item %d spans lines: %s", i, it.Raw)
		}
		if err := jsoncheck.UniqueKeys(it.Raw); err != nil {
			t.Errorf("item %d: %v", i, err)
		}
	}
	if m := got[0].Message(); m != "nested" {
		t.Errorf("message %q, want the record's msg", m)
	}
	a, _ := got[0].Fields["attributes"].(map[string]any)
	obj, _ := a["obj"].(map[string]any)
	if _, ok := a["obj_2"]; !ok || obj == nil || obj["a"] != 1.0 || obj["a_2"] == nil {
		t.Errorf("attributes: %s", got[0].Raw)
	}
	if ts := got[1].Attr("timestamp"); ts != "2024-03-15T10:20:30.123456Z" {
		t.Errorf("klog timestamp %q, want the year of the runtime's time", ts)
	}
}
