package cputime

import "testing"

// Work done shows as CPU time used.
func TestNowAdvances(t *testing.T) {
	start, ok := Now()
	if !ok {
		t.Skip("no CPU time on this system")
	}
	x := 0
	for i := 0; ; i++ {
		x += i * i
		if i%1_000_000 == 0 {
			if d, _ := Now(); d > start {
				break
			}
		}
	}
	_ = x
}
