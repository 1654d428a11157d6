package soak

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// The CI budget: a few fixed seeds per sink, a few seconds of writing
// each. `make soak` runs many more (SOAK_RUNS, SOAK_SEED, SOAK_SINKS,
// SOAK_DURATION; see the Makefile).
const (
	ciRuns     = 3
	ciDuration = 6 * time.Second
)

func envInt(name string, def uint64) uint64 {
	if v := os.Getenv(name); v != "" {
		n, err := strconv.ParseUint(v, 10, 64)
		if err == nil {
			return n
		}
	}
	return def
}

// TestSoak runs the fault schedules against the real binary: by default
// ciRuns seeds per sink; SOAK_SEED=N replays seed N alone, SOAK_RUNS=N runs
// N seeds from SOAK_SEED (or 1), SOAK_SINKS=file,datadog picks the sinks,
// SOAK_DURATION the writing time of each schedule, and SOAK_BIN a relevel
// binary to test instead of building this tree's.
func TestSoak(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the binary for minutes")
	}
	bin := os.Getenv("SOAK_BIN") // another build, e.g. an older revision, to see what the driver finds there
	if bin == "" {
		bin = buildRelevel(t)
	}
	first := envInt("SOAK_SEED", 1)
	runs := envInt("SOAK_RUNS", ciRuns)
	if os.Getenv("SOAK_SEED") != "" && os.Getenv("SOAK_RUNS") == "" {
		runs = 1
	}
	d := ciDuration
	if v := os.Getenv("SOAK_DURATION"); v != "" {
		var err error
		if d, err = time.ParseDuration(v); err != nil {
			t.Fatalf("SOAK_DURATION: %v", err)
		}
	}
	sinks := []Sink{SinkFile, SinkDatadog}
	if v := os.Getenv("SOAK_SINKS"); v != "" {
		sinks = nil
		for _, s := range strings.Split(v, ",") {
			sinks = append(sinks, Sink(s))
		}
	}
	var written, delivered, deliveries, excused int
	for _, sink := range sinks {
		for seed := first; seed < first+runs; seed++ {
			s := NewSchedule(seed, sink, d)
			t.Run(fmt.Sprintf("%s/seed=%d", sink, seed), func(t *testing.T) {
				res, err := Run(context.Background(), s, Options{Bin: bin, Dir: t.TempDir()})
				if err != nil {
					t.Fatalf("%v\nschedule:\n%s", err, s)
				}
				t.Logf("%d lines written, %d delivered (%d deliveries, %.2f%% repeats), %d excused, %d restarts",
					res.Written, res.Delivered, res.Deliveries, 100*res.DuplicateRatio(), res.Excused, res.Restarts)
				if len(res.Problems) > 0 {
					t.Errorf("%s\nreplay: make soak SEED=%d SOAK_SINKS=%s SOAK_DURATION=%v\nschedule:\n%s",
						strings.Join(res.Problems, "\n"), seed, sink, d, s)
				}
				written += res.Written
				delivered += res.Delivered
				deliveries += res.Deliveries
				excused += res.Excused
			})
		}
	}
	if deliveries > 0 {
		t.Logf("all schedules: %d lines written, %d delivered, %.2f%% of deliveries repeats, %d excused",
			written, delivered, 100*float64(deliveries-delivered)/float64(deliveries), excused)
	}
}

// buildRelevel builds cmd/relevel into the test's temporary directory. It
// is built without the race detector even under -race: the schedules are
// about timing, and the end-to-end tests of cmd/relevel run a race build.
func buildRelevel(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "relevel")
	out, err := exec.Command("go", "build", "-o", bin, "github.com/relevel/relevel/cmd/relevel").CombinedOutput()
	if err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	return bin
}

// The schedule is a function of the seed and the sink.
func TestScheduleIsReproducible(t *testing.T) {
	for seed := uint64(1); seed < 50; seed++ {
		a, b := NewSchedule(seed, SinkDatadog, time.Minute), NewSchedule(seed, SinkDatadog, time.Minute)
		if a.String() != b.String() {
			t.Fatalf("seed %d gave two schedules:\n%s\n%s", seed, a, b)
		}
		kills := 0
		for _, e := range a.Events {
			if e.Kind == Kill || e.Kind == Term {
				kills++
			}
		}
		if kills == 0 {
			t.Fatalf("seed %d: no kill or stop\n%s", seed, a)
		}
	}
	if NewSchedule(1, SinkFile, time.Minute).String() == NewSchedule(2, SinkFile, time.Minute).String() {
		t.Fatal("seeds 1 and 2 gave the same schedule")
	}
}
