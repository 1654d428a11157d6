package sidecar

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/relevel/relevel/sidecar/checkpoint"
	"github.com/relevel/relevel/sidecar/tail"
)

// A file truncated and rewritten in place reaches the processor as lines
// whose offsets start over at the same inode. The new content's first
// record stays pending (its stream has no next line yet) while the other
// stream's lines go on: the mark the processor gives the checkpoint store
// must be an offset in the new content, never the old content's resume
// offset under the new content's identity, which a restart would resume
// the new content at, skipping what lies before it (a loss the fault
// driver found, file seed 312).
func TestTruncatedInPlaceMarksNewContent(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "ns_pod_uid", "c", "0.log")
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	cfg := Config{Sink: NewWriterSink(&syncBuffer{})}
	cfg.defaults()
	p := &processor{cfg: cfg, ctx: context.Background(), files: map[string]*file{}, sink: cfg.Sink, m: &Metrics{}}

	// The old content: 200 stdout lines, written and fed as the tailer
	// hands them out.
	var old strings.Builder
	for i := 0; i < 200; i++ {
		old.WriteString(cri("stdout", "I1130 04:40:14.476718       1 main.go:25] \"old\" n=\""+strings.Repeat("x", 40)+"\""))
	}
	feed := func(content string) {
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		fh, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		defer fh.Close()
		var end int64
		for _, l := range strings.SplitAfter(content, "\n") {
			if l == "" {
				continue
			}
			end += int64(len(l))
			id, err := checkpoint.FileIdentity(fh, end)
			if err != nil {
				t.Fatal(err)
			}
			if err := p.line(tail.Line{Path: path, ID: id, Data: []byte(l), End: end}); err != nil {
				t.Fatal(err)
			}
		}
	}
	feed(old.String())

	// The new content, shorter: one stdout record (pending: no next
	// stdout line), then stderr lines past the first KiB.
	var fresh strings.Builder
	fresh.WriteString(cri("stdout", "I1130 04:41:00.000000       1 main.go:30] \"new, pending\""))
	for i := 0; i < 40; i++ {
		fresh.WriteString(cri("stderr", "E1130 04:41:00.000000       1 main.go:31] \"new\" n=\""+strings.Repeat("y", 40)+"\""))
	}
	if fresh.Len() >= old.Len() || fresh.Len() <= checkpoint.FingerprintSize {
		t.Fatalf("test data: old %d bytes, new %d", old.Len(), fresh.Len())
	}
	feed(fresh.String())

	m, ok := p.fileMark(p.files[path])
	first := int64(len(cri("stdout", "I1130 04:41:00.000000       1 main.go:30] \"new, pending\"")))
	if ok && m.off >= first {
		t.Errorf("mark at %d: past the new content's pending first record, which starts at 0 and ends at %d", m.off, first)
	}
}

// blockingSink takes records until the nth, whose Write waits for the stop
// and then reports it, as a full sink interrupted by SIGTERM does.
type blockingSink struct {
	mu      sync.Mutex
	n, took int
}

func (b *blockingSink) Write(ctx context.Context, r *Record) error {
	b.mu.Lock()
	if b.took+1 < b.n {
		b.took++
		b.mu.Unlock()
		return nil
	}
	b.mu.Unlock()
	<-ctx.Done()
	return ctx.Err()
}
func (b *blockingSink) Mark(ack func()) error       { ack(); return nil }
func (b *blockingSink) Close(context.Context) error { return nil }

func (b *blockingSink) taken() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.took
}

// A stop while the sink is full: the records the sink took before the one
// its Write was holding are checkpointed, so a clean stop does not repeat
// them (the fault driver saw a repeat across a SIGTERM); the held record
// and what follows are read again.
func TestStopWhileSinkFullMarksWhatWasTaken(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "pods", "ns_pod_uid", "c")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	var content strings.Builder
	var ends []int64
	for i := 0; i < 10; i++ {
		content.WriteString(cri("stdout", fmt.Sprintf("plain line %d", i)))
		ends = append(ends, int64(content.Len()))
	}
	log := filepath.Join(dir, "0.log")
	if err := os.WriteFile(log, []byte(content.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	sink := &blockingSink{n: 5}
	state := filepath.Join(root, "state")
	cfg := Config{Include: []string{filepath.Join(root, "pods", "*", "*", "*.log")}, StateDir: state,
		FlushInterval: time.Hour, CheckpointInterval: time.Hour, Sink: sink}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- Run(ctx, cfg) }()
	waitFor(t, "four records taken", func() bool { return sink.taken() == 4 })
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	store, err := checkpoint.Open(state)
	if err != nil {
		t.Fatal(err)
	}
	var off int64 = -1
	for _, e := range store.Entries() {
		if e.Path == log {
			off = e.Offset
		}
	}
	if off != ends[3] {
		t.Errorf("checkpoint at %d; want %d, the end of the fourth record (the fifth was held)", off, ends[3])
	}
}
