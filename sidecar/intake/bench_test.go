package intake_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/relevel/relevel/internal/cputime"
	"github.com/relevel/relevel/internal/fakedatadog"
	"github.com/relevel/relevel/parser"
	"github.com/relevel/relevel/sidecar"
	"github.com/relevel/relevel/sidecar/intake"
)

// corpusRecords is intake.CorpusRecords.
func corpusRecords(tb testing.TB) ([]*sidecar.Record, int64) { return intake.CorpusRecords(tb, src) }

// BenchmarkShip measures the datadog sink: records in, compressed batches
// out, POSTed over local HTTP until the intake has accepted all of them.
// Run with -cpu 1 for per-core figures.
//
//   - client/discard: the former path, the baseline: HTTPLogItem values
//     sent with LogsApi.SubmitLog (reflection JSON, the client's gzip),
//     one request at a time.
//   - sink/discard: the sink as it is: items encoded straight into the
//     batch, compressed once by a pooled writer, sent with the client's
//     PrepareRequest and its HTTP client.
//   - sink/fake: the sink into the validating fake intake in the same
//     process, which checks every item against the OpenAPI schema; most
//     of that time is the fake's.
//
// The discard intake runs in a child process, so the discard figures are
// the shipper's CPU alone (before, its gunzip counted in both); the fake
// runs in this process.
func BenchmarkShip(b *testing.B) {
	recs, size := corpusRecords(b)
	discard := discardIntakeProcess(b)
	fake := fakedatadog.StartIntake(b)
	b.Run("client/discard", func(b *testing.B) {
		c := intake.NewClientShipper(intake.Config{APIKey: testKey, URL: discard, Hostname: "bench"})
		b.SetBytes(size)
		b.ReportAllocs()
		cpu := startCPU()
		for b.Loop() {
			if err := c.Ship(recs); err != nil {
				b.Fatal(err)
			}
		}
		cpu.report(b, len(recs))
	})
	for _, c := range []struct{ name, url string }{{"sink/discard", discard}, {"sink/fake", fake.URL()}} {
		b.Run(c.name, func(b *testing.B) {
			s, err := intake.New(intake.Config{APIKey: testKey, URL: c.url, Hostname: "bench", BatchWait: 10 * time.Millisecond})
			if err != nil {
				b.Fatal(err)
			}
			defer s.Close(context.Background())
			b.SetBytes(size)
			b.ReportAllocs()
			cpu := startCPU()
			// Marks are rare, as in the forwarder under load: the figure is
			// throughput, not the latency of one batch.
			for i := 0; i < b.N; i++ {
				for _, r := range recs {
					if err := s.Write(context.Background(), r); err != nil {
						b.Fatal(err)
					}
				}
			}
			done := make(chan struct{})
			s.Mark(func() { close(done) })
			<-done
			b.StopTimer()
			cpu.report(b, len(recs))
			fake.Reset()
		})
	}
}

// cpuClock measures a benchmark's process CPU time besides its wall time.
type cpuClock struct {
	start time.Duration
	ok    bool
}

func startCPU() cpuClock {
	d, ok := cputime.Now()
	return cpuClock{d, ok}
}

// report adds records/s (wall clock) and, where the system tells CPU time,
// records per CPU-second and CPU ns per record: on a machine shared with
// other work, wall time counts the waits for a core and CPU time does not.
// With the discard intake (a child process), only the shipper's CPU counts.
func (c cpuClock) report(b *testing.B, perOp int) {
	n := float64(perOp) * float64(b.N)
	b.ReportMetric(n/b.Elapsed().Seconds(), "records/s")
	if end, ok := cputime.Now(); ok && c.ok && end > c.start {
		b.ReportMetric(n/(end-c.start).Seconds(), "records/cpu-s")
		b.ReportMetric(float64((end-c.start).Nanoseconds())/n, "cpu-ns/record")
	}
}

// While the intake is down the heap stays bounded: the records held
// (MaxBufferBytes, plus the items' own overhead) and, per request being
// retried, what the client builds for it: the JSON body in a growing
// buffer and its gzip copy (under 3 × MaxBatchBytes). The bound holds at
// every round: time and more writes do not add to it.
func TestMemoryBoundedDuringOutage(t *testing.T) {
	if testing.Short() {
		t.Skip("writes for 2 s")
	}
	// An intake that is down and holds nothing: the fake would decode
	// each body in this process and blur what the heap says of the sink.
	down := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusServiceUnavailable)
	}))
	defer down.Close()
	const limit, concurrency = 8 << 20, 2
	s, err := intake.New(intake.Config{APIKey: testKey, URL: down.URL, MaxBufferBytes: limit, Concurrency: concurrency,
		BatchWait: 50 * time.Millisecond, MinBackoff: 20 * time.Millisecond, MaxBackoff: 100 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	defer func() {
		// The intake never recovers: give up on what is held.
		ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
		defer cancel()
		s.Close(ctx)
	}()
	line := record(strings.Repeat("z", 4000), parser.LevelInfo)
	heap := func() uint64 {
		runtime.GC()
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		return m.HeapInuse
	}
	before := heap()
	bound := before + limit*3/2 + concurrency*3*intake.MaxBatchBytes + 4<<20
	written := 0
	for round := range 4 {
		ctx, cancel := context.WithTimeout(context.Background(), 500*time.Millisecond)
		for {
			if err := s.Write(ctx, line); err != nil {
				break
			}
			written++
		}
		cancel()
		h := heap()
		t.Logf("round %d: heap %s, %d records written", round, mib(h), written)
		if h > bound {
			t.Errorf("round %d: heap %s, over the bound %s", round, mib(h), mib(bound))
		}
	}
	if written*4000 > limit+8000 {
		t.Errorf("%d records (%d bytes) accepted into an %d-byte buffer", written, written*4000, limit)
	}
	t.Logf("heap %s → %s while %d records wait (bound %s)", mib(before), mib(heap()), written, mib(bound))
}

func mib(n uint64) string { return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20)) }
