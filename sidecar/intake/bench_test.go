package intake_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/relevel/relevel/internal/fakeintake"
	"github.com/relevel/relevel/parser"
	"github.com/relevel/relevel/parser/join"
	"github.com/relevel/relevel/sidecar"
	"github.com/relevel/relevel/sidecar/intake"
)

// corpusRecords parses the golden corpus (every logger's streams) into
// records, as the forwarder hands them to a sink, and returns their bytes.
func corpusRecords(tb testing.TB) ([]*sidecar.Record, int64) {
	paths, _ := filepath.Glob("../../testdata/corpus/*/*.log")
	if len(paths) == 0 {
		tb.Fatal("no corpus")
	}
	var recs []*sidecar.Record
	var n int64
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			tb.Fatal(err)
		}
		n += int64(len(data))
		seq, errf := join.All(bytes.NewReader(data))
		for _, raw := range seq {
			// Each record keeps its own copy: the scanner reuses its buffer.
			r := &parser.Record{}
			parser.Parse(bytes.Clone(raw), r)
			recs = append(recs, &sidecar.Record{Record: r, Status: parser.LevelError, Source: src})
		}
		if err := errf(); err != nil {
			tb.Fatal(err)
		}
	}
	return recs, n
}

// BenchmarkShip measures the datadog sink: records in, gzip batches out
// through the official client. Run with -cpu 1 for per-core figures.
//
//   - discard: the intake only reads and gunzips each body, so the
//     figure is the sink's own cost (item building, JSON, gzip, HTTP).
//   - fake: the validating fake intake in the same process, which checks
//     every item against the OpenAPI schema; most of that time is the
//     fake's.
func BenchmarkShip(b *testing.B) {
	recs, size := corpusRecords(b)
	discard := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		zr, err := gzip.NewReader(r.Body)
		if err == nil {
			io.Copy(io.Discard, zr)
		}
		w.WriteHeader(http.StatusAccepted)
		io.WriteString(w, "{}")
	}))
	defer discard.Close()
	fake := fakeintake.Start(b)
	for _, c := range []struct{ name, url string }{{"discard", discard.URL}, {"fake", fake.URL()}} {
		b.Run(c.name, func(b *testing.B) {
			s, err := intake.New(intake.Config{APIKey: testKey, URL: c.url, Hostname: "bench", BatchWait: 10 * time.Millisecond})
			if err != nil {
				b.Fatal(err)
			}
			defer s.Close(context.Background())
			b.SetBytes(size)
			b.ReportAllocs()
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
			fake.Reset()
			b.ReportMetric(float64(len(recs))*float64(b.N)/b.Elapsed().Seconds(), "records/s")
		})
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
