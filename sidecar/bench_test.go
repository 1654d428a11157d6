package sidecar

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"sync/atomic"
	"testing"
	"time"

	"github.com/relevel/relevel/internal/cputime"
	"github.com/relevel/relevel/internal/cricorpus"
	"github.com/relevel/relevel/ndjson"
	"github.com/relevel/relevel/parser"
	"github.com/relevel/relevel/parser/join"
	"github.com/relevel/relevel/sidecar/container"
)

// criCorpus is the corpus as a CRI file of about size bytes (cricorpus.Build).
func criCorpus(tb testing.TB, size int) []byte {
	return cricorpus.Build(tb, "../testdata/corpus", size)
}

// pipeline is what Run's processor does to each line, without the tailer,
// the channel and the checkpoints: decode → join → parse → JSON → sink.
type pipeline struct {
	dec     *container.Decoder
	j       [2]*join.Joiner
	enc     [2]ndjson.Encoder
	meta    []byte
	w       *bufio.Writer
	buf     []byte
	scratch []byte
	records int
}

func newPipeline(w io.Writer) *pipeline {
	p := &pipeline{dec: container.NewDecoder(container.Auto), w: bufio.NewWriterSize(w, 256<<10),
		meta: metaJSON("/var/log/pods/ns_pod-0_uid/app/0.log")}
	for i, lvl := range []parser.Level{parser.LevelInfo, parser.LevelError} {
		p.j[i] = join.NewJoiner(join.MaxBytes(join.DefaultMaxBytes))
		p.enc[i].DefaultLevel = lvl
	}
	return p
}

func (p *pipeline) emit(s container.Stream) {
	p.buf = p.enc[s].AppendWith(p.buf[:0], p.j[s].Record(), p.meta)
	p.w.Write(p.buf)
	p.records++
}

// feed runs a whole file through, line by line as the tailer hands them out.
func (p *pipeline) feed(tb testing.TB, data []byte) {
	p.dec.Reset()
	var off int64
	for len(data) > 0 {
		n := bytes.IndexByte(data, '\n') + 1
		if n == 0 {
			n = len(data)
		}
		off += int64(n)
		entries, err := p.dec.Feed(data[:n], off)
		if err != nil {
			tb.Fatal(err)
		}
		data = data[n:]
		for _, e := range entries {
			p.scratch = append(p.scratch[:0], e.Line...)
			if !e.Partial {
				p.scratch = append(p.scratch, '\n')
			}
			if p.j[e.Stream].Add(p.scratch) {
				p.emit(e.Stream)
			}
		}
	}
	for s := range p.j {
		if p.j[s].Flush() {
			p.emit(container.Stream(s))
		}
	}
	p.w.Flush()
}

// countSink discards records, counting them.
type countSink struct{ records atomic.Int64 }

func (c *countSink) Write(b []byte) (int, error) {
	c.records.Add(int64(bytes.Count(b, []byte("\n"))))
	return len(b), nil
}

// perRecord measures a benchmark loop whose every op produces records
// records: start it just before the loop, report just after.
type perRecord struct {
	records int
	mallocs uint64
	cpu     time.Duration
}

func startPerRecord(records int) perRecord {
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	cpu, _ := cputime.Now()
	return perRecord{records: records, mallocs: ms.Mallocs, cpu: cpu}
}

// report adds records/s, allocs/record and, where the process's CPU time
// can be read, MB/cpu-s and records/cpu-s: throughput per second of CPU the
// process used (all its threads), which is what one core gives when the
// machine is shared with other work.
func (p perRecord) report(b *testing.B, bytesPerOp int) {
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	total := float64(p.records) * float64(b.N)
	b.ReportMetric(total/b.Elapsed().Seconds(), "records/s")
	b.ReportMetric(float64(ms.Mallocs-p.mallocs)/total, "allocs/record")
	if cpu, ok := cputime.Now(); ok && cpu > p.cpu {
		sec := (cpu - p.cpu).Seconds()
		b.ReportMetric(float64(bytesPerOp)*float64(b.N)/1e6/sec, "MB/cpu-s")
		b.ReportMetric(total/sec, "records/cpu-s")
	}
}

// BenchmarkForward is the whole forwarding path on the mixed corpus in CRI
// form (criCorpus), per byte of the CRI file: run with -cpu 1 for the
// per-core figure.
//
//   - run: sidecar.Run following a real file from its beginning to its
//     end, with a discarding sink: tailer, channel, decoder, joiner, parser,
//     JSON, metrics and checkpoints, as `relevel sidecar` does (per op: a
//     fresh state directory, startup and shutdown included).
//   - pipeline: decode → join → parse → JSON → discarding writer on the
//     file's bytes in memory, as Run's processor does per line; the
//     difference to run is the tailer, the channel and the bookkeeping.
func BenchmarkForward(b *testing.B) {
	data := criCorpus(b, 8<<20)
	ref := newPipeline(io.Discard)
	ref.feed(b, data)
	records := ref.records

	b.Run("run", func(b *testing.B) {
		dir := b.TempDir()
		logDir := filepath.Join(dir, "pods", "ns_pod-0_uid", "app")
		if err := os.MkdirAll(logDir, 0o755); err != nil {
			b.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(logDir, "0.log"), data, 0o644); err != nil {
			b.Fatal(err)
		}
		b.SetBytes(int64(len(data)))
		b.ReportAllocs()
		pr := startPerRecord(records)
		i := 0
		for b.Loop() {
			i++
			sink := &countSink{}
			cfg := Config{Include: []string{filepath.Join(dir, "pods", "*", "*", "*.log")}, StateDir: filepath.Join(dir, "state", strconv.Itoa(i)),
				Sink: NewWriterSink(sink)}
			ctx, cancel := context.WithCancel(context.Background())
			done := make(chan error, 1)
			go func() { done <- Run(ctx, cfg) }()
			// Every record but the last (criCorpus's single-line "end"),
			// which waits for the next line or the idle flush: all lines
			// were read. Shutdown writes the last one.
			for sink.records.Load() < int64(records-1) {
				time.Sleep(200 * time.Microsecond)
			}
			cancel()
			if err := <-done; err != nil {
				b.Fatal(err)
			}
			if n := sink.records.Load(); n != int64(records) {
				b.Fatalf("%d records, want %d", n, records)
			}
		}
		pr.report(b, len(data))
	})

	b.Run("pipeline", func(b *testing.B) {
		p := newPipeline(io.Discard)
		b.SetBytes(int64(len(data)))
		b.ReportAllocs()
		pr := startPerRecord(records)
		for b.Loop() {
			p.records = 0
			p.feed(b, data)
		}
		if p.records != records {
			b.Fatalf("%d records, want %d", p.records, records)
		}
		pr.report(b, len(data))
	})
}
