package join

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/relevel/relevel/ndjson"
)

// BenchmarkScan measures what `relevel parse` does per byte: split lines,
// join multi-line records, parse them and render NDJSON, over every stream
// of the generated corpus concatenated.
func BenchmarkScan(b *testing.B) {
	files, _ := filepath.Glob("../../testdata/corpus/*/*.log")
	var data []byte
	for _, f := range files {
		d, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		data = append(data, d...)
	}
	if len(data) == 0 {
		b.Skip("no corpus: run make corpus")
	}
	b.ReportAllocs()
	b.SetBytes(int64(len(data)))
	var out []byte
	records := 0
	for i := 0; i < b.N; i++ {
		var enc ndjson.Encoder
		s := New(bytes.NewReader(data))
		for s.Next() {
			out = enc.Append(out[:0], s.Record())
			records++
		}
	}
	b.ReportMetric(float64(records)/b.Elapsed().Seconds(), "records/s")
}
