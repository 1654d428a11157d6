package main

import "testing"

// TestParseCPU reads the figure from real BenchmarkShip lines (with and
// without -benchmem's columns and the GOMAXPROCS suffix), and refuses
// output without exactly one.
func TestParseCPU(t *testing.T) {
	for _, c := range []struct {
		line string
		want float64
	}{
		{"BenchmarkShip/client/discard         \t     150\t  46933936 ns/op\t   8.60 MB/s\t     18654 cpu-ns/record\t     53608 records/cpu-s\t     52457 records/s\t10854904 B/op\t  111414 allocs/op", 18654},
		{"BenchmarkShip/sink/discard           \t     150\t   4540107 ns/op\t  88.92 MB/s\t      1663 cpu-ns/record\t    601415 records/cpu-s\t    542278 records/s", 1663},
		{"BenchmarkShip/sink/discard-2 \t 300\t 4214074 ns/op\t 95.80 MB/s\t 1532.5 cpu-ns/record", 1532.5},
		{"BenchmarkShipRace \t      30\t  17678471 ns/op\t   6.42 MB/s\t     19436 cpu-ns/record\t     50231 records/s\t 3754024 B/op\t   30297 allocs/op", 19436},
	} {
		got, err := parseCPU([]byte("goos: linux\npkg: x\n" + c.line + "\nPASS\n"))
		if err != nil || got != c.want {
			t.Errorf("%q: got %v, %v; want %v", c.line, got, err, c.want)
		}
	}
	for _, out := range []string{
		"PASS\n",
		// Without CPU time (a system that does not tell it).
		"BenchmarkShip/sink/discard \t 300\t 4214074 ns/op\t 95.80 MB/s\t 652655 records/s\nPASS\n",
		"BenchmarkShip/sink/discard \t 1\t 1 ns/op\t 1 cpu-ns/record\nBenchmarkShip/sink/fake \t 1\t 1 ns/op\t 2 cpu-ns/record\n",
	} {
		if v, err := parseCPU([]byte(out)); err == nil {
			t.Errorf("%q: got %v, want an error", out, v)
		}
	}
}
