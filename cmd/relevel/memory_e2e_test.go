//go:build !race

package main

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/relevel/relevel/internal/fakedatadog"
)

// deploy/datadog's settings: a 64 MiB buffer in a container limited to
// 384 MiB, whose cgroup limit setMemoryLimit turns into GOMEMLIMIT.
const (
	deployBuffer   = 64 << 20
	deployMemLimit = 384 << 20
)

// peakRSS returns the process's peak resident set (VmHWM) in bytes.
func peakRSS(t *testing.T, pid int) int64 {
	t.Helper()
	f, err := os.Open(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), "VmHWM:"); ok {
			kb, err := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 10, 64)
			if err != nil {
				t.Fatal(err)
			}
			return kb << 10
		}
	}
	t.Fatal("no VmHWM in /proc/PID/status")
	return 0
}

// The real binary with deploy/datadog's buffer and memory limit rides out
// an intake outage while 160 MB of container logs are written (more than
// twice the buffer: reading must pause once it is full), then catches up
// when the intake comes back. Every line arrives, and the peak resident
// memory, over both phases, stays within twice the buffer plus 64 MiB (the
// batches in flight, their gzip copies, the runtime) — so within the pod's
// limit with room to spare.
func TestPeakRSSOutageAndCatchUp(t *testing.T) {
	e := newSidecarEnv(t)
	limit := float64(deployMemLimit) * memoryLimitShare
	t.Setenv("GOMEMLIMIT", strconv.FormatInt(int64(limit), 10))
	var mu sync.Mutex
	seen := map[string]int{}
	var accepted atomic.Int64
	fake := fakedatadog.StartIntake(t, fakedatadog.WithAPIKey(e2eKey), fakedatadog.WithItemHook(func(it fakedatadog.Item) {
		accepted.Add(1)
		if a, ok := it.Fields["attributes"].(map[string]any); ok {
			if id, ok := a["id"].(string); ok {
				mu.Lock()
				seen[id]++
				mu.Unlock()
			}
		}
	}))
	var down atomic.Bool
	down.Store(true)
	fake.FailWhile(down.Load, fakedatadog.ServiceUnavailable())
	addr := freeAddr(t)
	p := e.startShipping(t, fake, "--max-buffer-bytes", strconv.Itoa(deployBuffer), "--metrics-addr", addr)

	// Lines of about 330 bytes: a structured klog record with fields.
	pad := strings.Repeat("x", 180)
	const perPod = 80 << 20
	var ids []string
	for _, pod := range []string{"a-0", "b-0"} {
		f := createAppend(t, e.podLog(t, pod, "app", 0))
		w := bufio.NewWriterSize(f, 1<<20)
		for n, i := 0, 0; n < perPod; i++ {
			id := pod + "-" + strconv.Itoa(i)
			l := criTime + " stderr F I1130 04:40:14.476718       1 main.go:25] \"line\" id=\"" + id + "\" pad=\"" + pad + "\"\n"
			w.WriteString(l)
			n += len(l)
			ids = append(ids, id)
		}
		if err := w.Flush(); err != nil {
			t.Fatal(err)
		}
		f.Close()
	}
	// The buffer fills up, then reading pauses.
	p.waitUntil(t, "the buffer to fill during the outage", func() bool {
		_, body := scrape(addr)
		v, ok := metricValue(body, "relevel_intake_queue_bytes")
		return ok && v >= 0.9*deployBuffer
	})
	outage := peakRSS(t, p.cmd.Process.Pid)
	down.Store(false)
	// A generous deadline: the fake validates every item against the spec.
	deadline := time.Now().Add(5 * time.Minute)
	for accepted.Load() < int64(len(ids)) {
		if time.Now().After(deadline) {
			t.Fatalf("%d of %d lines delivered after 5 minutes\n%s", accepted.Load(), len(ids), p.stderr)
		}
		p.running(t)
		time.Sleep(50 * time.Millisecond)
	}
	peak := peakRSS(t, p.cmd.Process.Pid)
	p.stop(t)

	mu.Lock()
	defer mu.Unlock()
	for _, id := range ids {
		if seen[id] != 1 {
			t.Errorf("line %s delivered %d times", id, seen[id])
			break
		}
	}
	bound := int64(2*deployBuffer + 64<<20)
	t.Logf("160 MB through a %d MiB buffer: peak RSS %d MiB during the outage, %d MiB over the catch-up (bound %d MiB, pod limit %d MiB)",
		deployBuffer>>20, outage>>20, peak>>20, bound>>20, deployMemLimit>>20)
	if peak > bound {
		t.Errorf("peak RSS %d MiB over the bound of %d MiB", peak>>20, bound>>20)
	}
}
