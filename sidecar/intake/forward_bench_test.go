package intake_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/relevel/relevel/internal/cricorpus"
	"github.com/relevel/relevel/sidecar"
	"github.com/relevel/relevel/sidecar/intake"
)

// BenchmarkForwardSinks runs sidecar.Run end to end on one pod's file of
// 8 MB of CRI lines until the checkpoint reaches the file's end (every
// record acknowledged), with the file sink (to /dev/null) and with the
// datadog sink into a local intake (a child process, so its work is not
// counted) that gunzips each body and answers 202:
// reading, decoding, joining, parsing, encoding, and writing or shipping.
// Run with -cpu 1; MB/cpu-s and records/cpu-s count the process's CPU
// time.
func BenchmarkForwardSinks(b *testing.B) {
	data := cricorpus.Build(b, "../../testdata/corpus", 8<<20)
	devnull, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		b.Fatal(err)
	}
	defer devnull.Close()
	srvURL := discardIntakeProcess(b)
	records := 0
	for _, sinkName := range []string{"file", "datadog"} {
		b.Run(sinkName, func(b *testing.B) {
			dir := b.TempDir()
			logDir := filepath.Join(dir, "pods", "ns_pod-0_uid", "app")
			if err := os.MkdirAll(logDir, 0o755); err != nil {
				b.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(logDir, "0.log"), data, 0o644); err != nil {
				b.Fatal(err)
			}
			done := []byte(fmt.Sprintf(`"offset":%d,`, len(data)))
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			cpu := startCPU()
			n := 0
			for b.Loop() {
				n++
				state := filepath.Join(dir, "state", fmt.Sprint(n))
				var sink sidecar.Sink
				var counted *countingWriter
				switch sinkName {
				case "file":
					counted = &countingWriter{w: devnull}
					sink = sidecar.NewWriterSink(counted)
				case "datadog":
					s, err := intake.New(intake.Config{APIKey: testKey, URL: srvURL, Hostname: "bench", BatchWait: 10 * time.Millisecond})
					if err != nil {
						b.Fatal(err)
					}
					sink = s
				}
				ctx, cancel := context.WithCancel(context.Background())
				errc := make(chan error, 1)
				go func() {
					errc <- sidecar.Run(ctx, sidecar.Config{Include: []string{filepath.Join(dir, "pods", "*", "*", "*.log")},
						StateDir: state, Sink: sink, FlushInterval: 20 * time.Millisecond, CheckpointInterval: 50 * time.Millisecond})
				}()
				// Everything is acknowledged when the file's checkpoint
				// is its size.
				for {
					if c, _ := os.ReadFile(filepath.Join(state, "checkpoints.json")); bytes.Contains(c, done) {
						break
					}
					time.Sleep(2 * time.Millisecond)
				}
				cancel()
				if err := <-errc; err != nil {
					b.Fatal(err)
				}
				if counted != nil {
					records = counted.lines
				}
			}
			if records > 0 {
				cpu.report(b, records)
			}
		})
	}
}

// countingWriter counts the records (lines) the file sink writes.
type countingWriter struct {
	w     *os.File
	lines int
}

func (c *countingWriter) Write(p []byte) (int, error) {
	c.lines += bytes.Count(p, []byte{'\n'})
	return c.w.Write(p)
}
