package intake

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/relevel/relevel/internal/fakedatadog"
	"github.com/relevel/relevel/parser"
	"github.com/relevel/relevel/sidecar"
)

var (
	specOnce sync.Once
	specFake *fakedatadog.Intake
	specErr  error
)

// validator is a fake intake without a listener, for its schema check.
func validator(tb testing.TB) *fakedatadog.Intake {
	specOnce.Do(func() { specFake, specErr = fakedatadog.NewIntakeHandler() })
	if specErr != nil {
		tb.Fatal(specErr)
	}
	return specFake
}

// FuzzItem holds the sink's encoder to the former path and the spec: for
// any line, the item it writes is one line of JSON (no raw newline), valid
// against the v2 HTTPLogItem schema, and decodes to the same values as
// encoding/json's rendering of the HTTPLogItem the client used to be
// given; an item over the record limit is cut to it and says so. Seeds:
// testdata/fuzz/FuzzItem.
func FuzzItem(f *testing.F) {
	for _, s := range []string{
		`I1130 04:40:14.476718       1 main.go:25] "Starting" version="1.2.3" html="<a&b>"`,
		`{"level":"error","msg":"x\u2028y","ts":1.7e9,"k":{"n":[1,2,"<"]}}`,
		"time=2026-11-30T05:52:38Z level=INFO msg=\"tab\there\" bad=\xff\xfe",
		"plain \x00\x01 text \u2029 end",
	} {
		f.Add(s, 4000)
		f.Add(s, 200)
	}
	v := validator(f)
	src := sidecar.NewSource("/var/log/pods/ns_p_u/c/0.log")
	cfg := Config{Hostname: "h", Tags: []string{"a:<b>", "q:\"x\""}}
	f.Fuzz(func(t *testing.T, line string, limit int) {
		var r parser.Record
		parser.Parse([]byte(line), &r)
		limit = 300 + abs(limit)%5000
		rec := &sidecar.Record{Record: &r, Status: parser.LevelInfo, Source: src, RuntimeTime: time.Unix(1, 0)}
		e := itemEncoder{maxRecord: limit}
		got, truncated := e.appendItem(nil, rec, newSourceInfo(&cfg, src))
		if bytes.ContainsAny(got, "\n\r") {
			t.Fatalf("item holds a raw line break: %q", got)
		}
		if err := v.ValidateItem(got); err != nil {
			t.Fatalf("invalid item: %v\n%s", err, got)
		}
		var have map[string]any
		if err := json.Unmarshal(got, &have); err != nil {
			t.Fatal(err)
		}
		oracle, err := json.Marshal(clientItem(&cfg, rec))
		if err != nil {
			t.Fatal(err)
		}
		var want map[string]any
		if err := json.Unmarshal(oracle, &want); err != nil {
			t.Fatal(err)
		}
		if !truncated {
			if !reflect.DeepEqual(have, want) {
				t.Fatalf("item\n%s\nencoding/json\n%s", got, oracle)
			}
			return
		}
		if len(got) > limit {
			t.Fatalf("cut item of %d bytes over the limit %d: %s", len(got), limit, got)
		}
		rel, _ := have[truncatedKey].(map[string]any)
		if rel["truncated"] != true || rel["original_bytes"].(float64) <= float64(limit) {
			t.Fatalf("cut item says %v", rel)
		}
		// What is kept is the start of the message with the logger and
		// attributes folded in; the other members are untouched.
		msg := want["message"].(string)
		for _, k := range []string{"logger", "attributes"} {
			if raw, ok := clientItem(&cfg, rec).AdditionalProperties[k].(json.RawMessage); ok {
				msg += "\n" + k + ": " + string(raw)
			}
			delete(want, k)
		}
		if !strings.HasPrefix(msg, have["message"].(string)) {
			t.Fatalf("cut message %q is not a prefix of %q", have["message"], msg)
		}
		delete(want, "message")
		delete(have, "message")
		delete(have, truncatedKey)
		if !reflect.DeepEqual(have, want) {
			t.Fatalf("cut item's members %v, want %v", have, want)
		}
	})
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}
