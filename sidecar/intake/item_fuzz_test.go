package intake

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/relevel/relevel/parser"
	"github.com/relevel/relevel/sidecar"
)

// The batch limits rest on itemSize being the exact length of an item as
// the client's encoder writes it, and on build never exceeding the record
// limit, whatever the line holds.
func FuzzItemSize(f *testing.F) {
	for _, s := range []string{
		`I1130 04:40:14.476718       1 main.go:25] "Starting" version="1.2.3" html="<a&b>"`,
		`{"level":"error","msg":"x\u2028y","ts":1.7e9,"k":{"n":[1,2,"<"]}}`,
		"time=2026-11-30T05:52:38Z level=INFO msg=\"tab\there\" bad=\xff\xfe",
		"plain \x00\x01 text \u2029 end",
	} {
		f.Add(s, 200)
	}
	src := sidecar.NewSource("/var/log/pods/ns_p_u/c/0.log")
	f.Fuzz(func(t *testing.T, line string, limit int) {
		var r parser.Record
		parser.Parse([]byte(line), &r)
		limit = 300 + abs(limit)%2000
		b := itemBuilder{maxRecord: limit}
		s := &Sink{cfg: Config{Hostname: "h", Tags: []string{"a:<b>"}}, sources: map[*sidecar.Source]*sourceInfo{}}
		it, size := b.build(&sidecar.Record{Record: &r, Status: parser.LevelInfo, Source: src, RuntimeTime: time.Unix(1, 0)}, s.source(src))
		enc, err := json.Marshal(it.HTTPLogItem)
		if err != nil {
			t.Fatal(err)
		}
		if size != len(enc) {
			t.Fatalf("itemSize %d, encoded %d: %s", size, len(enc), enc)
		}
		if size > limit {
			t.Fatalf("item of %d bytes over the limit %d", size, limit)
		}
	})
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}
