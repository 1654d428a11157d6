package sidecar

import (
	"context"
	"errors"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/relevel/relevel/sidecar/checkpoint"
)

// waitFor polls cond until it holds, failing after 15s.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// A checkpoint save that fails (here: the checkpoint file's name is taken
// by a directory, so the rename fails even for root) makes the forwarder
// not ready and is counted at every attempt, logged once; delivery goes
// on; once saves succeed again it is ready and says so once. A second Run
// on the same state directory stops at once with ErrLocked; a corrupt
// checkpoint file is counted and logged at start.
func TestStateDirHealth(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "pods", "ns_pod_uid", "c")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	log := filepath.Join(dir, "0.log")
	state := filepath.Join(root, "state")
	if err := os.MkdirAll(state, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(state, "checkpoints.json"), []byte(`{"version":2,"entries":[{"pa`), 0o644); err != nil {
		t.Fatal(err)
	}
	appendFile(t, log, cri("stdout", "one"))
	logs := &syncBuffer{}
	m := &Metrics{}
	sink := &syncBuffer{}
	cfg := Config{Include: []string{filepath.Join(root, "pods", "*", "*", "*.log")}, StateDir: state,
		FlushInterval: 20 * time.Millisecond, CheckpointInterval: 10 * time.Millisecond,
		Sink: NewWriterSink(sink), Metrics: m, Logger: slog.New(slog.NewTextHandler(logs, nil))}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- Run(ctx, cfg) }()
	defer func() {
		cancel()
		<-done
	}()
	waitFor(t, "the first record", func() bool { return len(sink.records(t)) == 1 })
	waitFor(t, "a save", func() bool { return m.lastSave.Load() != 0 && m.Ready() })
	if n := m.corrupt.Load(); n != 1 {
		t.Errorf("relevel_checkpoint_corrupt_total %d; want 1", n)
	}
	if s := logs.String(); !strings.Contains(s, "checkpoint file unreadable") || !strings.Contains(s, ".corrupt-") {
		t.Errorf("no clear log line for the corrupt file:\n%s", s)
	}

	// A second forwarder on the same state directory.
	cfg2 := cfg
	cfg2.Metrics, cfg2.Sink = nil, NewWriterSink(&syncBuffer{})
	err := Run(context.Background(), cfg2)
	if !errors.Is(err, checkpoint.ErrLocked) || !strings.Contains(err.Error(), state) {
		t.Fatalf("second Run on one state directory = %v; want ErrLocked naming %s", err, state)
	}

	// Saves fail.
	// Saves run on every acknowledgement and interval, so one may put the
	// file back between the Remove and the Mkdir: repeat until the
	// directory holds the name.
	ckpt := filepath.Join(state, "checkpoints.json")
	for {
		if err := os.Remove(ckpt); err != nil && !errors.Is(err, fs.ErrNotExist) {
			t.Fatal(err)
		}
		err := os.Mkdir(ckpt, 0o755)
		if err == nil {
			break
		}
		if !errors.Is(err, fs.ErrExist) {
			t.Fatal(err)
		}
	}
	waitFor(t, "not ready", func() bool { return !m.Ready() })
	failed := m.saveErrors.Load()
	waitFor(t, "more failed saves", func() bool { return m.saveErrors.Load() >= failed+5 })
	appendFile(t, log, cri("stdout", "two"))
	waitFor(t, "delivery while saves fail", func() bool { return len(sink.records(t)) == 2 })
	// A new file while saves fail: that it is followed cannot be saved,
	// which is counted; its lines still go out.
	dir2 := filepath.Join(root, "pods", "ns_pod_uid", "d")
	if err := os.MkdirAll(dir2, 0o755); err != nil {
		t.Fatal(err)
	}
	appendFile(t, filepath.Join(dir2, "0.log"), cri("stdout", "three"))
	waitFor(t, "delivery of a new file while saves fail", func() bool { return len(sink.records(t)) == 3 })
	var failing strings.Builder
	m.WriteTo(&failing)
	if !strings.Contains(failing.String(), "relevel_checkpoint_follow_errors_total 1\n") {
		t.Errorf("metrics lack relevel_checkpoint_follow_errors_total 1:\n%s", failing.String())
	}
	if n := strings.Count(logs.String(), "cannot save checkpoints"); n != 1 {
		t.Errorf("save failure logged %d times over %d failures; want once", n, m.saveErrors.Load())
	}

	// Saves succeed again.
	if err := os.Remove(ckpt); err != nil {
		t.Fatal(err)
	}
	// Ready turns true as the recovery is logged, just before the line is
	// written: wait for both.
	waitFor(t, "ready again, and said so", func() bool {
		return m.Ready() && strings.Contains(logs.String(), "checkpoints saved again")
	})
	if n := strings.Count(logs.String(), "checkpoints saved again"); n != 1 {
		t.Errorf("recovery logged %d times; want once", n)
	}
	var body strings.Builder
	m.WriteTo(&body)
	for _, want := range []string{"relevel_checkpoint_save_failing 0", "relevel_checkpoint_corrupt_total 1"} {
		if !strings.Contains(body.String(), want) {
			t.Errorf("metrics lack %q", want)
		}
	}
	if !strings.Contains(body.String(), "relevel_checkpoint_save_errors_total ") || m.saveErrors.Load() < 5 {
		t.Errorf("save errors %d", m.saveErrors.Load())
	}
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}
