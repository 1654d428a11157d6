// Package cricorpus turns the generated corpus into a containerd CRI log
// file, the input of the forwarder's benchmarks.
package cricorpus

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// Build returns every stream of the corpus under corpusDir (the "mixed"
// set of parser's BenchmarkParse) as a containerd CRI file of about size
// bytes: each line wrapped as "<RFC3339Nano time> stderr F …", times
// advancing, lines over 16 KiB in P pieces as containerd writes them. All
// on stderr, where klog, zap and Go panics write, so multi-line records
// stay joined. It ends with a single-line record: once that is read, every
// record before it is complete. Without a corpus the benchmark is skipped.
func Build(tb testing.TB, corpusDir string, size int) []byte {
	files, _ := filepath.Glob(filepath.Join(corpusDir, "*", "*.log"))
	var lines [][]byte
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			tb.Fatal(err)
		}
		lines = append(lines, bytes.SplitAfter(b, []byte("\n"))...)
	}
	if len(lines) == 0 {
		tb.Skip("no corpus: run make corpus")
	}
	t := time.Date(2026, 11, 30, 4, 40, 14, 476718000, time.UTC)
	var out []byte
	for len(out) < size {
		for _, l := range lines {
			l = bytes.TrimSuffix(l, []byte("\n"))
			for {
				t = t.Add(137 * time.Microsecond)
				out = t.AppendFormat(out, time.RFC3339Nano)
				if len(l) > 16<<10 {
					out = append(out, " stderr P "...)
					out = append(out, l[:16<<10]...)
					out = append(out, '\n')
					l = l[16<<10:]
					continue
				}
				out = append(out, " stderr F "...)
				out = append(out, l...)
				out = append(out, '\n')
				break
			}
		}
	}
	return append(out, "2026-11-30T05:00:00Z stderr F I1130 05:00:00.000000       1 main.go:1] \"end\"\n"...)
}
