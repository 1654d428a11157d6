package tail

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// BenchmarkTail reads a file of CRI lines from the beginning to the end.
func BenchmarkTail(b *testing.B) {
	dir := b.TempDir()
	path := filepath.Join(dir, "0.log")
	line := "2026-11-30T04:43:12.123456789Z stderr F I1130 04:43:12.123456   11180 main.go:32] \"Reconciled\" object=\"default/web-0\" " + strings.Repeat("k=v ", 10) + "\n"
	const n = 100_000
	if err := os.WriteFile(path, []byte(strings.Repeat(line, n)), 0o644); err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(line) * n))
	b.ReportAllocs()
	for b.Loop() {
		tl, err := New(Config{Include: []string{filepath.Join(dir, "*.log")}})
		if err != nil {
			b.Fatal(err)
		}
		ctx, cancel := context.WithCancel(context.Background())
		out := make(chan Line, 1024)
		done := make(chan error, 1)
		go func() { done <- tl.Run(ctx, out) }()
		for range n {
			<-out
		}
		cancel()
		<-done
	}
}
