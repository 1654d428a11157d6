package main

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

// kubelet rotates a container's log while relevel is stopped: the lines
// written to 0.log after the last checkpoint are in 0.log.<timestamp> when
// relevel comes back, beside a new 0.log. They are read from the
// checkpoint, before the new file; every line exactly once.
func TestSidecarRotatedWhileStopped(t *testing.T) {
	t.Parallel()
	e := newSidecarEnv(t)
	live := e.podLog(t, "stopped-0", "app", 0)
	out := e.output(t)
	var ids []string
	write := func(path string, n int) {
		t.Helper()
		var b strings.Builder
		for range n {
			id := fmt.Sprintf("s-%d", len(ids))
			b.WriteString(klogCRI("stdout", id))
			ids = append(ids, id)
		}
		f := createAppend(t, path)
		defer f.Close()
		if _, err := f.WriteString(b.String()); err != nil {
			t.Fatal(err)
		}
	}

	write(live, 100)
	p := e.start(t)
	out.waitFor(t, p, ids)
	e.waitCheckpoint(t, p, live) // a periodic checkpoint after the last line
	p.stop(t)                    // saves the checkpoints too

	write(live, 50) // after the checkpoint, before the rotation
	if err := os.Rename(live, live+".20261130-101500"); err != nil {
		t.Fatal(err)
	}
	write(live, 50) // the runtime's new file

	p = e.start(t)
	out.waitFor(t, p, ids)
	// The rotated file's rest is read before the new file, so once the
	// new file's end is delivered, anything extra from either is too.
	e.waitCheckpoint(t, p, live)
	p.stop(t)
	out.exactlyOnce(t, ids)
	for _, r := range out.records() {
		if r.Pod != "stopped-0" || r.Container != "app" {
			t.Fatalf("record %s", r.raw)
		}
	}
}
