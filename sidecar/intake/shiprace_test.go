//go:build unix

package intake_test

// BenchmarkShipRace is the datadog sink alone, on whatever corpus lies at
// ../../testdata/corpus, into the discard intake in a child process: CPU
// time per record, measured by getrusage around the timed loop.
//
// internal/shipratio (make bench-ship) also builds this file, with
// discard_test.go, into the tree of issue 14's day (7dd13a1), whose sink
// was the client path the issue measured at 14 µs a record, and races the
// two sinks on that day's corpus, as make bench-scan races BenchmarkScan.
// So this file uses only what both trees have: intake.New with APIKey,
// URL, Hostname and BatchWait, Sink.Write, Mark and Close, sidecar.Record
// and NewSource, join.All and parser.Parse; and it loads the corpus itself
// (that tree has no intake.CorpusRecords).

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/relevel/relevel/parser"
	"github.com/relevel/relevel/parser/join"
	"github.com/relevel/relevel/sidecar"
	"github.com/relevel/relevel/sidecar/intake"
)

func BenchmarkShipRace(b *testing.B) {
	src := sidecar.NewSource("/var/log/pods/payments_api-7d4f_0a1b/api/0.log")
	var recs []*sidecar.Record
	var size int64
	paths, _ := filepath.Glob("../../testdata/corpus/*/*.log")
	if len(paths) == 0 {
		b.Fatal("no corpus at ../../testdata/corpus")
	}
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			b.Fatal(err)
		}
		size += int64(len(data))
		seq, errf := join.All(bytes.NewReader(data))
		for _, raw := range seq {
			r := &parser.Record{} // each its own: the scanner reuses its buffer
			parser.Parse(bytes.Clone(raw), r)
			recs = append(recs, &sidecar.Record{Record: r, Status: parser.LevelError, Source: src})
		}
		if err := errf(); err != nil {
			b.Fatal(err)
		}
	}
	s, err := intake.New(intake.Config{APIKey: "0123456789abcdef0123456789abcdef", URL: discardIntakeProcess(b),
		Hostname: "bench", BatchWait: 10 * time.Millisecond})
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close(context.Background())
	b.SetBytes(size)
	b.ReportAllocs()
	start, ok := rusageCPU()
	ctx := context.Background()
	for i := 0; i < b.N; i++ {
		for _, r := range recs {
			if err := s.Write(ctx, r); err != nil {
				b.Fatal(err)
			}
		}
	}
	done := make(chan struct{})
	s.Mark(func() { close(done) })
	<-done
	b.StopTimer()
	n := float64(len(recs)) * float64(b.N)
	b.ReportMetric(n/b.Elapsed().Seconds(), "records/s")
	if end, ok2 := rusageCPU(); ok && ok2 && end > start {
		b.ReportMetric(float64((end-start).Nanoseconds())/n, "cpu-ns/record")
	}
}

// rusageCPU is the process's CPU time, user and system, every thread.
func rusageCPU() (time.Duration, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
