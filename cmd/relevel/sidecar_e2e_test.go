package main

import (
	"fmt"
	"strings"
	"testing"
)

// End to end with the real binary: kill -9 mid-stream, restart, SIGTERM.
// Every line appears at least once; none is skipped.
func TestSidecarKillRestart(t *testing.T) {
	e := newSidecarEnv(t)
	logPath := e.podLog(t, "app-0", "app", 0)
	out := e.output(t)
	f := createAppend(t, logPath)
	defer f.Close()
	var ids []string
	write := func(k int) {
		var b strings.Builder
		for range k {
			id := fmt.Sprintf("k-%d", len(ids))
			b.WriteString(klogCRI("stderr", id))
			ids = append(ids, id)
		}
		if _, err := f.WriteString(b.String()); err != nil {
			t.Fatal(err)
		}
	}
	p := e.start(t)
	write(500)
	out.waitFor(t, p, ids)
	e.waitCheckpoint(t, p, logPath) // a checkpoint before the kill
	write(500)                      // some of these may be in flight at the kill
	p.kill()
	p = e.start(t)
	write(500)
	out.waitFor(t, p, ids)
	p.stop(t)
	dups := 0
	for _, id := range ids {
		dups += out.count(id) - 1
	}
	for _, r := range out.records() {
		if len(r.ids()) != 1 || r.Status != "info" {
			t.Errorf("bad record %s", r.raw)
		}
	}
	// Duplicates come only from records after the last checkpoint before
	// the kill: at most the second batch.
	if dups > 500 {
		t.Errorf("%d duplicates, more than the batch in flight at the kill", dups)
	}
	t.Logf("%d lines, %d duplicated after kill -9", len(ids), dups)
}
