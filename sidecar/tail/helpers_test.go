package tail

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// waitTimeout bounds every wait in these tests; the conditions are normally
// met within milliseconds.
const waitTimeout = 20 * time.Second

// fastConfig returns a Config with short periods so the tests run quickly.
func fastConfig(include ...string) Config {
	return Config{
		Include:    include,
		Rescan:     200 * time.Millisecond,
		Poll:       20 * time.Millisecond,
		RotateWait: 50 * time.Millisecond,
	}
}

// countingConfig is fastConfig for tests that count rotations. A rotation
// is counted only when the new file appears while the old one is still
// open, and the old one closes RotateWait after its name went away. A test
// that renames and then creates can be descheduled between the two for
// longer than fastConfig's 50ms on a loaded CI machine (seen once: 13 of 14
// rotations counted), and a 2-core machine running packages in parallel
// under -race can stall for more than a second, so these tests wait five
// seconds (the default). A final wait for the last rotated file to close
// then takes about 5s, well within waitTimeout.
func countingConfig(include ...string) Config {
	cfg := fastConfig(include...)
	cfg.RotateWait = 5 * time.Second
	return cfg
}

// harness runs a Tailer and collects its lines.
type harness struct {
	t      *testing.T
	tl     *Tailer
	cancel context.CancelFunc
	done   chan error

	mu    sync.Mutex
	lines []Line
}

type harnessOpt struct {
	outCap    int           // capacity of the out channel
	slowFirst int           // the consumer sleeps before taking each of the first slowFirst lines
	slowFor   time.Duration // how long
	noWatch   bool
	gateAt    int // with gate: the consumer takes gateAt lines, then waits for gate to close
	gate      chan struct{}
	open      func(string) (*os.File, error) // replaces os.Open (hostile_test.go)
}

func start(t *testing.T, cfg Config, opts ...harnessOpt) *harness {
	t.Helper()
	var o harnessOpt
	if len(opts) > 0 {
		o = opts[0]
	} else {
		o.outCap = 16
	}
	tl, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	tl.noWatch = o.noWatch
	tl.open = o.open
	ctx, cancel := context.WithCancel(context.Background())
	h := &harness{t: t, tl: tl, cancel: cancel, done: make(chan error, 1)}
	out := make(chan Line, o.outCap)
	go func() { h.done <- tl.Run(ctx, out) }()
	go func() {
		n := 0
		for {
			select {
			case l := <-out:
				if o.gate != nil && n == o.gateAt {
					<-o.gate
				}
				if n < o.slowFirst {
					time.Sleep(o.slowFor)
				}
				n++
				h.mu.Lock()
				h.lines = append(h.lines, l)
				h.mu.Unlock()
			case <-ctx.Done():
				return
			}
		}
	}()
	t.Cleanup(h.stop)
	return h
}

func (h *harness) stop() {
	h.cancel()
	select {
	case err := <-h.done:
		if err != nil && !errors.Is(err, context.Canceled) {
			h.t.Errorf("Run returned %v; want context.Canceled", err)
		}
		h.done <- err // let a second stop return at once
	case <-time.After(waitTimeout):
		h.t.Error("Run did not return after cancel")
	}
}

// snapshot returns the lines received so far.
func (h *harness) snapshot() []Line {
	h.mu.Lock()
	defer h.mu.Unlock()
	return append([]Line(nil), h.lines...)
}

// linesOf returns the data of the lines received from path.
func (h *harness) linesOf(path string) []string {
	var out []string
	for _, l := range h.snapshot() {
		if l.Path == path {
			out = append(out, string(l.Data))
		}
	}
	return out
}

// waitFor polls cond until it holds or waitTimeout passes.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(waitTimeout)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(2 * time.Millisecond)
	}
}

// waitLines waits until path has delivered n lines and returns them.
func (h *harness) waitLines(path string, n int) []string {
	h.t.Helper()
	var got []string
	deadline := time.Now().Add(waitTimeout)
	for {
		got = h.linesOf(path)
		if len(got) >= n {
			return got
		}
		if time.Now().After(deadline) {
			h.t.Fatalf("%s: got %d lines, want %d; last: %q", path, len(got), n, last(got, 3))
		}
		time.Sleep(2 * time.Millisecond)
	}
}

// settle returns once anything extra the tailer would deliver has been
// delivered: two read rounds after a poll have found nothing to read (a
// poll marks every file to be read; the first may have begun before the
// call), and the consumer has taken every line sent. The lines checked
// after it are all there will be.
func (h *harness) settle() {
	h.t.Helper()
	q := h.tl.quietPolls.Load()
	waitFor(h.t, "two quiet polls", func() bool { return h.tl.quietPolls.Load() >= q+2 })
	waitFor(h.t, "the consumer to take every line sent", func() bool {
		return int64(len(h.snapshot())) == h.tl.Stats().Lines
	})
}

func last(s []string, n int) []string {
	if len(s) > n {
		return s[len(s)-n:]
	}
	return s
}

func mkdir(t *testing.T, parts ...string) string {
	t.Helper()
	p := filepath.Join(parts...)
	if err := os.MkdirAll(p, 0o755); err != nil {
		t.Fatal(err)
	}
	return p
}

func writeFile(t *testing.T, path, content string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// writeOld writes a file last modified an hour ago: history, written
// before any forwarder took charge (a test's own writes are newer than
// the store's save and the tailer's start, which would make them not
// history; see rotated.go).
//
// The file is written and dated elsewhere, then renamed into place (a
// rename keeps the time), so a running tailer never sees it new.
func writeOld(t *testing.T, path, content string) {
	t.Helper()
	tmp := filepath.Join(t.TempDir(), "old")
	writeFile(t, tmp, content)
	old := time.Now().Add(-time.Hour)
	if err := os.Chtimes(tmp, old, old); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(tmp, path); err != nil {
		t.Fatal(err)
	}
}

func appendFile(t *testing.T, path, content string) {
	t.Helper()
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := f.WriteString(content); err != nil {
		t.Fatal(err)
	}
}

// numbered returns lines "<prefix> <i> <padding>\n" for i in [from, to).
func numbered(prefix string, from, to int) string {
	var b strings.Builder
	for i := from; i < to; i++ {
		fmt.Fprintf(&b, "%s %d %s\n", prefix, i, strings.Repeat("x", i%37))
	}
	return b.String()
}

// checkSequence checks that lines are exactly "<prefix> 0 …" to
// "<prefix> n-1 …", each once and in order.
func checkSequence(t *testing.T, name string, lines []string, prefix string, n int) {
	t.Helper()
	if len(lines) != n {
		t.Errorf("%s: %d lines, want %d", name, len(lines), n)
	}
	for i, l := range lines {
		if i >= n {
			break
		}
		f := strings.Fields(l)
		if len(f) < 2 || f[0] != prefix || !strings.HasSuffix(l, "\n") {
			t.Fatalf("%s: line %d is %q", name, i, l)
		}
		if got, _ := strconv.Atoi(f[1]); got != i {
			t.Fatalf("%s: line %d carries number %d (duplicate, loss or reorder); around it: %q", name, i, got, lines[max(0, i-2):min(len(lines), i+3)])
		}
	}
}
