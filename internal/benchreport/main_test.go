package main

import (
	"strings"
	"testing"
)

func TestRender(t *testing.T) {
	// Three runs. The second is slow for zap alone: per-run ratios keep
	// it from moving the others' ratios (mixed/zap by MB/s is 2.0, 2.0,
	// 1.5 run by run, median 2.00; dividing the medians would give 1.50).
	in := `cpu: Some CPU   
BenchmarkParse/mixed/relevel-2   100  10 ns/op  2000.00 MB/s  3000000 lines/s  0 B/op  0 allocs/op
BenchmarkParse/mixed/grok-2      100  10 ns/op    75.00 MB/s   100000 lines/s  9 B/op  4 allocs/op
BenchmarkParse/mixed/regexp-2    100  10 ns/op   150.00 MB/s   400000 lines/s  9 B/op  1 allocs/op
BenchmarkParse/zap/relevel-2     100  10 ns/op  1000.00 MB/s  4000000 lines/s  0 B/op  0 allocs/op
BenchmarkScan-2                  100  10 ns/op   200.00 MB/s   123 records/s  9 B/op  75 allocs/op
BenchmarkParse/mixed/relevel-2   100  10 ns/op  1000.00 MB/s  1000000 lines/s  0 B/op  0 allocs/op
BenchmarkParse/mixed/grok-2      100  10 ns/op    75.00 MB/s    50000 lines/s  9 B/op  4 allocs/op
BenchmarkParse/mixed/regexp-2    100  10 ns/op   150.00 MB/s   200000 lines/s  9 B/op  1 allocs/op
BenchmarkParse/zap/relevel-2     100  10 ns/op   500.00 MB/s  1000000 lines/s  0 B/op  0 allocs/op
BenchmarkScan-2                  100  10 ns/op   100.00 MB/s   123 records/s  9 B/op  75 allocs/op
BenchmarkParse/mixed/relevel-2   100  10 ns/op  1500.00 MB/s  2000000 lines/s  0 B/op  0 allocs/op
BenchmarkParse/mixed/grok-2      100  10 ns/op    75.00 MB/s   100000 lines/s  9 B/op  4 allocs/op
BenchmarkParse/mixed/regexp-2    100  10 ns/op   150.00 MB/s   400000 lines/s  9 B/op  1 allocs/op
BenchmarkParse/zap/relevel-2     100  10 ns/op  1000.00 MB/s  2000000 lines/s  0 B/op  0 allocs/op
BenchmarkScan-2                  100  10 ns/op   300.00 MB/s   123 records/s  9 B/op  75 allocs/op
`
	out, err := render(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"on Some CPU.", "| mixed | 1500 | 2.0 | 0 | 2.00 | 1.00 | 20.0× | 5.0× |", "| zap | 1000 | 2.0 | 0 | 1.00 | 1.00 | – | – |", "(BenchmarkScan): 200 MB/s, 75 allocs"} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in:\n%s", want, out)
		}
	}
	if _, err := render(strings.NewReader("PASS\n")); err == nil {
		t.Error("no results must be an error")
	}
}
