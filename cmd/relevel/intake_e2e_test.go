package main

// End to end with the real binary and --sink datadog against the fake intake
// (internal/fakedatadog), which checks every request against Datadog's v2
// OpenAPI spec.

import (
	"fmt"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/relevel/relevel/internal/fakedatadog"
)

const e2eKey = "e2e0123456789abcdef0123456789abc"

// startShipping runs `relevel sidecar --sink datadog` against fake.
func (e *sidecarEnv) startShipping(t *testing.T, fake *fakedatadog.Intake, extra ...string) *sidecarProc {
	t.Helper()
	keyFile := filepath.Join(e.root, "api-key")
	if _, err := os.Stat(keyFile); err != nil {
		if err := os.WriteFile(keyFile, []byte(e2eKey+"\n"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	args := append([]string{"--sink", "datadog", "--intake-url", fake.URL(), "--api-key-file", keyFile,
		"--batch-wait", "100ms", "--max-backoff", "1s", "--hostname", "node-e2e"}, extra...)
	return e.start(t, args...)
}

// intakeIDs counts the accepted records by line id.
func intakeIDs(fake *fakedatadog.Intake) map[string]int {
	seen := map[string]int{}
	for _, it := range fake.Accepted() {
		if a, ok := it.Fields["attributes"].(map[string]any); ok {
			if id, ok := a["id"].(string); ok {
				seen[id]++
			}
		}
	}
	return seen
}

// waitDelivered waits until every id has been accepted at least once.
func waitDelivered(t *testing.T, fake *fakedatadog.Intake, p *sidecarProc, ids []string, within time.Duration) map[string]int {
	t.Helper()
	deadline := time.Now().Add(within)
	for {
		seen := intakeIDs(fake)
		missing := 0
		for _, id := range ids {
			if seen[id] == 0 {
				missing++
			}
		}
		if missing == 0 {
			return seen
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d of %d lines not delivered within %v\n%s", missing, len(ids), within, p.stderr)
		}
		p.running(t)
		time.Sleep(50 * time.Millisecond)
	}
}

// The intake answers 503 for 30 s, then recovers: every line is delivered
// exactly once (a 503 accepts nothing, so nothing repeats), and the shape
// of what arrived is the issue's.
func TestShipThroughOutage(t *testing.T) {
	t.Parallel()
	e := newSidecarEnv(t)
	fake := fakedatadog.StartIntake(t, fakedatadog.WithAPIKey(e2eKey))
	fake.FailFor(30*time.Second, fakedatadog.ServiceUnavailable())
	start := time.Now()
	p := e.startShipping(t, fake)
	log := e.podLog(t, "web-0", "app", 0)
	var ids []string
	for i := range 10 {
		ids = append(ids, writeLines(t, log, "out", i*50, 50)...)
		time.Sleep(200 * time.Millisecond)
	}
	seen := waitDelivered(t, fake, p, ids, 30*time.Second+deliverWithin)
	if time.Since(start) < 30*time.Second {
		t.Fatalf("delivered during the outage?")
	}
	p.stop(t)
	for _, id := range ids {
		if seen[id] != 1 {
			t.Errorf("line %s delivered %d times", id, seen[id])
		}
	}
	retried := 0
	for _, r := range fake.Requests() {
		if r.Status == http.StatusServiceUnavailable {
			retried++
		}
	}
	if retried < 10 {
		t.Errorf("only %d refused requests over 30s of outage", retried)
	}
	it := fake.Accepted()[0]
	for k, want := range map[string]string{"status": "info", "service": "app", "ddsource": "app", "hostname": "node-e2e",
		"ddtags": "kube_namespace:ns,pod_name:web-0,kube_container_name:app"} {
		if got := it.Attr(k); got != want {
			t.Errorf("%s = %q, want %q (%s)", k, got, want, it.Raw)
		}
	}
	if strings.Contains(p.stderr.String(), e2eKey) {
		t.Error("the API key appears in relevel's log")
	}
	t.Logf("%d lines delivered after %d refused requests", len(ids), retried)
}

// kill -9 while a batch is in flight (the intake holds its answer), then a
// restart: no line is lost, and the only duplicates are records of batches
// that were never acknowledged to relevel.
func TestShipKillInFlight(t *testing.T) {
	t.Parallel()
	e := newSidecarEnv(t)
	fake := fakedatadog.StartIntake(t, fakedatadog.WithAPIKey(e2eKey))
	log := e.podLog(t, "api-0", "api", 0)
	p := e.startShipping(t, fake, "--checkpoint-interval", "50ms")
	ids := writeLines(t, log, "a", 0, 300)
	waitDelivered(t, fake, p, ids, deliverWithin)
	// The first 300 lines' checkpoint must be on disk before the kill, or
	// the restart sends them again although their batches were heard
	// accepted. Wait for it rather than a fixed time, which a loaded
	// machine can outlast. os.ReadFile, not checkpoint.Open: Open removes
	// the temporary file of a Save in progress.
	fi, err := os.Stat(log)
	if err != nil {
		t.Fatal(err)
	}
	saved := fmt.Sprintf(`"offset":%d,`, fi.Size())
	ckpt := filepath.Join(e.state, "checkpoints.json")
	p.waitUntil(t, fmt.Sprintf("checkpoint %s at offset %d", ckpt, fi.Size()), func() bool {
		b, _ := os.ReadFile(ckpt)
		return strings.Contains(string(b), saved)
	})
	fake.SetDelay(5 * time.Second)
	ids = append(ids, writeLines(t, log, "a", 300, 300)...)
	deadline := time.Now().Add(deliverWithin)
	for fake.InFlight() == 0 {
		if time.Now().After(deadline) {
			t.Fatal("no request in flight")
		}
		time.Sleep(10 * time.Millisecond)
	}
	p.kill()
	// Let the fake notice the dead client before answers flow again.
	for fake.InFlight() > 0 {
		if time.Now().After(deadline) {
			t.Fatal("the held request never ended")
		}
		time.Sleep(10 * time.Millisecond)
	}
	fake.SetDelay(0)
	p = e.startShipping(t, fake)
	ids = append(ids, writeLines(t, log, "a", 600, 100)...)
	seen := waitDelivered(t, fake, p, ids, deliverWithin)
	p.stop(t)
	// A duplicate must be a record that was accepted once in a request
	// whose answer the killed process never heard.
	reqs := fake.Requests()
	unheard := map[string]bool{}
	for _, it := range fake.Accepted() {
		if a, ok := it.Fields["attributes"].(map[string]any); ok {
			if id, ok := a["id"].(string); ok && reqs[it.Request].ClientGone {
				unheard[id] = true
			}
		}
	}
	dups := 0
	for _, id := range ids {
		if seen[id] > 1 {
			dups += seen[id] - 1
			if !unheard[id] {
				t.Errorf("line %s repeated although relevel heard its batch accepted", id)
			}
		}
	}
	if dups > 400 {
		t.Errorf("%d duplicates: more than the unacknowledged batches", dups)
	}
	t.Logf("%d lines, %d duplicates after kill -9 with a batch in flight", len(ids), dups)
}

// The intake rejects the key: no retry storm, /readyz fails, the key is in
// no log line, nothing is acknowledged; SIGTERM still exits 0 and the lines
// stay in the files for the next run.
func TestShipForbidden(t *testing.T) {
	t.Parallel()
	e := newSidecarEnv(t)
	fake := fakedatadog.StartIntake(t, fakedatadog.WithAPIKey("the-right-key-is-another-one-xyz"))
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	p := e.startShipping(t, fake, "--metrics-addr", addr, "--shutdown-timeout", "500ms")
	writeLines(t, e.podLog(t, "db-0", "db", 0), "f", 0, 50)
	ready := func() int {
		resp, err := http.Get("http://" + addr + "/readyz")
		if err != nil {
			return 0
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	deadline := time.Now().Add(deliverWithin)
	for ready() != http.StatusServiceUnavailable {
		if time.Now().After(deadline) {
			t.Fatalf("/readyz never failed\n%s", p.stderr)
		}
		p.running(t)
		time.Sleep(50 * time.Millisecond)
	}
	n := len(fake.Requests())
	time.Sleep(3 * time.Second)
	if more := len(fake.Requests()) - n; more > 1 {
		t.Errorf("%d more requests in 3s after a 403", more)
	}
	if len(fake.Accepted()) != 0 {
		t.Fatal("accepted with a wrong key?")
	}
	p.cmd.Process.Signal(os.Interrupt)
	if err := <-p.done; err != nil {
		t.Errorf("exit: %v", err)
	}
	p.exited = true
	logs := p.stderr.String()
	if strings.Contains(logs, e2eKey) {
		t.Error("the API key appears in relevel's log")
	}
	if !strings.Contains(logs, "API key was rejected") {
		t.Errorf("no log line says why:\n%s", logs)
	}
	// Nothing was acknowledged, so a run with the right key sends it all.
	os.WriteFile(filepath.Join(e.root, "api-key"), []byte("the-right-key-is-another-one-xyz"), 0o600)
	p = e.startShipping(t, fake)
	var ids []string
	for i := range 50 {
		ids = append(ids, fmt.Sprintf("f-%d", i))
	}
	waitDelivered(t, fake, p, ids, deliverWithin)
	p.stop(t)
}

// Kubelet-style rotation while the intake is down and reading is paused
// (the buffer is full): no line is lost while the rotated files exist.
func TestShipRotationWhileDown(t *testing.T) {
	t.Parallel()
	e := newSidecarEnv(t)
	fake := fakedatadog.StartIntake(t, fakedatadog.WithAPIKey(e2eKey))
	fake.SetFailure(ptr(fakedatadog.ServiceUnavailable()))
	log := e.podLog(t, "job-0", "work", 0)
	// Lines of ~2 KB: 6000 of them are 12 MB, over the 5 MB buffer, so
	// reading pauses while the files rotate under it.
	pad := strings.Repeat("p", 2000)
	p := e.startShipping(t, fake, "--max-buffer-bytes", "5000000")
	var ids []string
	write := func(from, n int) {
		f := createAppend(t, log)
		defer f.Close()
		var b strings.Builder
		for i := from; i < from+n; i++ {
			id := fmt.Sprintf("r-%d", i)
			b.WriteString(criTime + " stdout F I1130 04:40:14.476718       1 main.go:25] \"line\" id=\"" + id + "\" pad=\"" + pad + "\"\n")
			ids = append(ids, id)
		}
		f.WriteString(b.String())
	}
	for round := range 3 {
		write(round*2000, 2000)
		if round == 0 {
			// A rotated name is never read as history on a first start, so
			// the sidecar must have opened the live file before the first
			// rename. A request (the fake records refused ones too) shows
			// it did; 500ms after the start does not on a loaded machine.
			p.waitUntil(t, "the sidecar's first request", func() bool { return len(fake.Requests()) > 0 })
		}
		time.Sleep(500 * time.Millisecond)
		rotated := fmt.Sprintf("%s.20261130-10%02d00", log, round)
		if err := os.Rename(log, rotated); err != nil {
			t.Fatal(err)
		}
	}
	write(6000, 100)
	time.Sleep(time.Second)
	fake.ClearFailure()
	seen := waitDelivered(t, fake, p, ids, 2*deliverWithin)
	p.stop(t)
	for _, id := range ids {
		if seen[id] != 1 {
			t.Errorf("line %s delivered %d times", id, seen[id])
		}
	}
}

func ptr[T any](v T) *T { return &v }
