package sidecar

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"testing"
	"time"
)

// lineGen writes CRI lines of the common formats (klog with fields, zap
// console with JSON fields, logrus text, JSON, an unrecognised line, and
// every 50th record a zap stack trace of three lines), one record each.
type lineGen struct{ n int }

func (g *lineGen) appendRecord(b []byte) []byte {
	g.n++
	ts := "2026-11-30T04:40:14." + fmt.Sprintf("%06d", g.n%1000000) + "Z"
	switch g.n % 6 {
	case 0:
		return fmt.Appendf(b, "%s stderr F I1130 04:40:14.%06d       1 controller.go:%d] \"Reconciled\" object=\"default/web-%d\" generation=%d duration=\"%dms\"\n", ts, g.n%1000000, g.n%900, g.n, g.n%7, g.n%300)
	case 1:
		return fmt.Appendf(b, "%s stderr F %s\tINFO\tcontroller/reconcile.go:%d\tStarting workers\t{\"controller\": \"deployment\", \"worker count\": %d}\n", ts, ts, g.n%700, g.n%16)
	case 2:
		return fmt.Appendf(b, "%s stdout F time=\"%s\" level=warning msg=\"slow request\" path=/api/v1/pods/%d latency=%dms\n", ts, ts, g.n, g.n%1000)
	case 3:
		return fmt.Appendf(b, "%s stdout F {\"level\":\"error\",\"ts\":%d.5,\"msg\":\"request failed\",\"id\":%d,\"err\":\"context deadline exceeded\"}\n", ts, 1796000000+g.n, g.n)
	case 4:
		if g.n%50 == 4 {
			return fmt.Appendf(b, "%s stderr F %s\tERROR\tserver/handler.go:%d\tpanic recovered %d\n%s stderr F main.handler()\n%s stderr F \t/src/server/handler.go:%d +0x1d\n", ts, ts, g.n%500, g.n, ts, ts, g.n%500)
		}
		return fmt.Appendf(b, "%s stdout F GET /healthz 200 %d bytes in %dus\n", ts, g.n%9000, g.n%400)
	}
	return fmt.Appendf(b, "%s stderr F W1130 04:40:14.%06d       1 reflector.go:561] watch of *v1.Pod ended with: too old resource version: %d (%d)\n", ts, g.n%1000000, g.n, g.n+1)
}

func heapInUse() uint64 {
	runtime.GC()
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.HeapInuse
}

// TestMemoryFlatOverLongRun pushes a long stream (128 MB of generated CRI
// lines; 24 MB under the race detector) through Run while kubelet-style
// rotation goes on every 8 MB and a pod is created and deleted every 16 MB,
// then compares the heap in use after the warm-up (the first 16 MB) with
// the heap at the end: it must not have grown by 16 MiB. Writing waits
// while the forwarder is more than 4 MB behind, so the files stay small and
// no rotated file is removed before it was read.
func TestMemoryFlatOverLongRun(t *testing.T) {
	if testing.Short() {
		t.Skip("pushes 128 MB through the forwarder")
	}
	total := 128 << 20
	if raceEnabled {
		total = 24 << 20
	}
	const rotateEvery, churnEvery, warmUp, maxLag = 8 << 20, 16 << 20, 16 << 20, 4 << 20
	root := t.TempDir()
	pod := func(name string) string {
		dir := filepath.Join(root, "pods", "ns_"+name+"_uid", "app")
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		return filepath.Join(dir, "0.log")
	}
	sink := &countSink{}
	// The record counts are exact and the stream holds multi-line stack
	// traces: a tailer stalled between a trace's lines for longer than
	// FlushInterval (50ms is routine on a loaded CI machine) would let the
	// idle flush split the record in two. Not more than 500ms: each wait
	// for everything written (18 of them over 128 MB) waits 1 to 1.5
	// FlushIntervals for the last record's idle flush; 1s made the run 27s
	// instead of 13s.
	cfg := Config{Include: []string{filepath.Join(root, "pods", "*", "*", "*.log")}, StateDir: filepath.Join(root, "state"),
		FlushInterval: 500 * time.Millisecond, CheckpointInterval: 100 * time.Millisecond, Sink: NewWriterSink(sink)}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- Run(ctx, cfg) }()
	stopped := false
	defer func() {
		if !stopped {
			cancel()
			<-done
		}
	}()

	var gen lineGen
	records, written := 0, 0
	waitDelivered := func(upTo int) {
		t.Helper()
		deadline := time.Now().Add(60 * time.Second)
		for sink.records.Load() < int64(upTo) {
			if time.Now().After(deadline) {
				t.Fatalf("%d of %d records delivered after 60 s", sink.records.Load(), upTo)
			}
			time.Sleep(2 * time.Millisecond)
		}
	}
	live := pod("steady-0")
	f, err := os.OpenFile(live, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { f.Close() }()
	var rotated []string
	churn := ""
	var buf []byte
	// After each chunk: bytes and records written so far, to wait for the
	// forwarder when it is more than maxLag behind.
	type mark struct{ bytes, records int }
	var marks []mark
	var warm uint64
	for written < total {
		buf = buf[:0]
		n0 := gen.n
		for len(buf) < 256<<10 {
			buf = gen.appendRecord(buf)
		}
		if _, err := f.Write(buf); err != nil {
			t.Fatal(err)
		}
		records += gen.n - n0
		before := written
		written += len(buf)
		marks = append(marks, mark{written, records})
		for len(marks) > 0 && written-marks[0].bytes > maxLag {
			waitDelivered(marks[0].records)
			marks = marks[1:]
		}
		if written/rotateEvery != before/rotateEvery {
			// kubelet: rename, new file, and the rotated file before the
			// newest goes (it would be gzipped; the tailer never reads
			// that). The forwarder is at most maxLag behind, so it has
			// read it.
			waitDelivered(records)
			name := fmt.Sprintf("%s.20261130-%06d", live, written/rotateEvery)
			if err := os.Rename(live, name); err != nil {
				t.Fatal(err)
			}
			f.Close()
			if f, err = os.OpenFile(live, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644); err != nil {
				t.Fatal(err)
			}
			if len(rotated) > 0 {
				os.Remove(rotated[len(rotated)-1])
			}
			rotated = append(rotated, name)
		}
		if written/churnEvery != before/churnEvery {
			// A pod comes with a few records, and the previous one goes.
			if churn != "" {
				os.RemoveAll(filepath.Dir(filepath.Dir(churn)))
			}
			churn = pod(fmt.Sprintf("churn-%d", written/churnEvery))
			var b []byte
			for range 100 {
				b = gen.appendRecord(b)
			}
			records += 100
			if err := os.WriteFile(churn, b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		if warm == 0 && written >= warmUp {
			waitDelivered(records)
			warm = heapInUse()
		}
	}
	waitDelivered(records)
	end := heapInUse()
	cancel()
	stopped = true
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	growth := int64(end) - int64(warm)
	t.Logf("%d MB, %d records: heap in use %.1f MiB after %d MB, %.1f MiB at the end (%+.1f MiB)",
		written>>20, records, float64(warm)/(1<<20), warmUp>>20, float64(end)/(1<<20), float64(growth)/(1<<20))
	if growth > 16<<20 {
		t.Errorf("heap grew by %.1f MiB over the run", float64(growth)/(1<<20))
	}
	if n := sink.records.Load(); n != int64(records) {
		t.Errorf("%d records delivered, %d written", n, records)
	}
}
