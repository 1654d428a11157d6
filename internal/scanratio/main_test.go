package main

import "testing"

// TestNsOp reads the figure from a real BenchmarkScan line, with and
// without the GOMAXPROCS suffix and the custom metrics after ns/op.
func TestNsOp(t *testing.T) {
	for _, line := range []string{
		"BenchmarkScan-2   \t    3783\t    632777 ns/op\t 179.43 MB/s\t   1379636 records/s\t   71371 B/op\t      26 allocs/op",
		"BenchmarkScan \t   15532\t    632777 ns/op\t 151.39 MB/s",
	} {
		m := nsOp.FindSubmatch([]byte("goos: linux\n" + line + "\nPASS\n"))
		if m == nil || string(m[1]) != "632777" {
			t.Errorf("%q: got %q", line, m)
		}
	}
}

func TestPasses(t *testing.T) {
	for _, c := range []struct {
		in   string
		n    int
		isOK bool
	}{
		{"3000x", 3000, true},
		{"1x", 1, true},
		{"1s", 0, false},
		{"x", 0, false},
		{"0x", 0, false},
		{"-5x", 0, false},
		{"500ms", 0, false},
	} {
		if n, ok := passes(c.in); ok != c.isOK || ok && n != c.n {
			t.Errorf("passes(%q) = %d, %v; want %d, %v", c.in, n, ok, c.n, c.isOK)
		}
	}
}
