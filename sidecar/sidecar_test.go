package sidecar

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/relevel/relevel/sidecar/checkpoint"
)

// syncBuffer is a sink safe to read while Run writes.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) records(t *testing.T) []map[string]any {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []map[string]any
	for _, l := range strings.Split(strings.TrimSpace(s.b.String()), "\n") {
		if l == "" {
			continue
		}
		var m map[string]any
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			t.Fatalf("bad record %q: %v", l, err)
		}
		out = append(out, m)
	}
	return out
}

func cri(stream, text string) string {
	return "2026-11-30T04:40:14.476718Z " + stream + " F " + text + "\n"
}

func appendFile(t *testing.T, path, data string) {
	t.Helper()
	f, err := os.OpenFile(path, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteString(data); err != nil {
		t.Fatal(err)
	}
	f.Close()
}

// runUntil runs the forwarder until the sink holds n records (or fails).
func runUntil(t *testing.T, cfg Config, sink *syncBuffer, n int) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- Run(ctx, cfg) }()
	deadline := time.Now().Add(15 * time.Second)
	for len(sink.records(t)) < n {
		if time.Now().After(deadline) {
			cancel()
			<-done
			t.Fatalf("only %d of %d records: %v", len(sink.records(t)), n, sink.records(t))
		}
		time.Sleep(20 * time.Millisecond)
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}

func TestForwardAndResume(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "pods", "cert-manager_cm-7d9f_1234-abcd", "controller")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	log := filepath.Join(dir, "0.log")
	appendFile(t, log,
		cri("stderr", `I1130 04:40:14.476718       1 main.go:25] "Loaded config" cfg=<`)+
			cri("stdout", "plain stdout line")+
			cri("stderr", "\tline one")+
			cri("stderr", " >")+
			cri("stderr", "2026-11-30T04:40:42.709Z\tWARN\tzap/main.go:26\tslow")+
			cri("stderr", "main.main")+
			cri("stderr", "\t/src/main.go:9")+
			cri("stderr", "E1130 04:40:15.000000       1 main.go:30] failed"))
	sink := &syncBuffer{}
	// Multi-line records, and runUntil stops at the fourth record: a
	// stall of the tailer mid-record longer than FlushInterval (100ms is
	// within reach of a loaded CI machine) would split one and stop early.
	cfg := Config{Include: []string{filepath.Join(root, "pods", "*", "*", "*.log")}, StateDir: filepath.Join(root, "state"),
		FlushInterval: time.Second, CheckpointInterval: 50 * time.Millisecond, Sink: NewWriterSink(sink)}
	runUntil(t, cfg, sink, 4)
	recs := sink.records(t)
	got := map[string]string{}
	for _, r := range recs {
		got[r["message"].(string)] = r["status"].(string)
		if r["kube_namespace"] != "cert-manager" || r["pod_name"] != "cm-7d9f" || r["kube_container_name"] != "controller" {
			t.Errorf("metadata: %v", r)
		}
	}
	want := map[string]string{"Loaded config": "info", "plain stdout line": "info", "slow\nmain.main\n\t/src/main.go:9": "warning", "failed": "error"}
	for m, st := range want {
		if got[m] != st {
			t.Errorf("%q: %q, want %q (got %v)", m, got[m], st, got)
		}
	}
	if len(recs) != 4 {
		t.Errorf("%d records, want 4", len(recs))
	}

	// Restart: only what was written since comes out.
	appendFile(t, log, cri("stdout", "after restart"))
	sink2 := &syncBuffer{}
	cfg.Sink = NewWriterSink(sink2)
	runUntil(t, cfg, sink2, 1)
	recs = sink2.records(t)
	if len(recs) != 1 || recs[0]["message"] != "after restart" {
		t.Errorf("after restart: %v", recs)
	}
}

func TestMetaFromPath(t *testing.T) {
	m, ok := MetaFromPath("/var/log/pods/kube-system_coredns-abc_0f1e-22/coredns/3.log")
	if !ok || m != (PodMeta{Namespace: "kube-system", Pod: "coredns-abc", UID: "0f1e-22", Container: "coredns", Restart: "3"}) {
		t.Errorf("%+v %v", m, ok)
	}
	if _, ok := MetaFromPath("/var/log/syslog"); ok {
		t.Error("not a pod path")
	}
}

// The metrics endpoint reports what was read and written, by format and
// status, and /readyz follows the forwarder.
func TestMetrics(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "pods", "ns_pod_uid", "c")
	os.MkdirAll(dir, 0o755)
	appendFile(t, filepath.Join(dir, "0.log"), cri("stderr", "plain")+cri("stderr", `I1130 04:40:14.476718       1 main.go:25] ok`))
	m := &Metrics{}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go m.Serve(ln)
	defer ln.Close()
	get := func(path string) (int, string) {
		resp, err := http.Get("http://" + ln.Addr().String() + path)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}
	if code, _ := get("/readyz"); code != http.StatusServiceUnavailable {
		t.Errorf("ready before start: %d", code)
	}
	sink := &syncBuffer{}
	cfg := Config{Include: []string{filepath.Join(root, "pods", "*", "*", "*.log")}, StateDir: filepath.Join(root, "state"),
		FlushInterval: 50 * time.Millisecond, CheckpointInterval: 50 * time.Millisecond, Sink: NewWriterSink(sink), Metrics: m}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- Run(ctx, cfg) }()
	deadline := time.Now().Add(10 * time.Second)
	for len(sink.records(t)) < 2 && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	if code, _ := get("/readyz"); code != http.StatusOK {
		t.Errorf("not ready while running: %d", code)
	}
	_, body := get("/metrics")
	for _, want := range []string{
		`relevel_records_total{format="klog",status="info"} 1`,
		`relevel_records_total{format="",status="error"} 1`,
		"relevel_unrecognised_records_total 1",
		"relevel_files_tailed 1",
		"relevel_dropped_records_total 0",
		"# TYPE relevel_read_bytes_total counter",
	} {
		if !strings.Contains(body, want) {
			t.Errorf("metrics lack %q:\n%s", want, body)
		}
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if code, _ := get("/healthz"); code != http.StatusOK {
		t.Errorf("healthz %d", code)
	}
}

type failingSink struct{}

func (failingSink) Write([]byte) (int, error) { return 0, errors.New("disk full") }

// A sink that fails stops the forwarder with the error; nothing is
// checkpointed past records that were not written.
func TestSinkErrorStops(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "pods", "ns_pod_uid", "c")
	os.MkdirAll(dir, 0o755)
	appendFile(t, filepath.Join(dir, "0.log"), cri("stdout", "one")+cri("stdout", "two"))
	cfg := Config{Include: []string{filepath.Join(root, "pods", "*", "*", "*.log")}, StateDir: filepath.Join(root, "state"),
		FlushInterval: 20 * time.Millisecond, Sink: NewWriterSink(failingSink{})}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	err := Run(ctx, cfg)
	if err == nil || !strings.Contains(err.Error(), "disk full") {
		t.Fatalf("Run = %v, want the sink's error", err)
	}
	// The file is recorded as followed from its start (so a restart
	// reads it again), and no checkpoint is past that.
	store, _ := checkpoint.Open(cfg.StateDir)
	entries := store.Entries()
	if len(entries) != 1 {
		t.Fatalf("entries %+v; want the followed file's", entries)
	}
	if e := entries[0]; e.Offset != 0 || e.Path != filepath.Join(dir, "0.log") {
		t.Errorf("checkpoint %+v saved past unwritten records", e)
	}
}

// A line with no time of its own (plain text, a Go panic) is stamped with
// the runtime's time of its first line; a log line's own time wins.
func TestRuntimeTimestamp(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "pods", "ns_pod_uid", "c")
	os.MkdirAll(dir, 0o755)
	appendFile(t, filepath.Join(dir, "0.log"),
		"2026-11-30T06:00:00.5Z stderr F plain text\n"+
			"2026-11-30T06:00:01Z stderr F I1130 04:40:14.476718       1 main.go:25] \"own time\"\n")
	sink := &syncBuffer{}
	cfg := Config{Include: []string{filepath.Join(root, "pods", "*", "*", "*.log")}, StateDir: filepath.Join(root, "state"),
		FlushInterval: 20 * time.Millisecond, Sink: NewWriterSink(sink)}
	runUntil(t, cfg, sink, 2)
	recs := sink.records(t)
	if recs[0]["timestamp"] != "2026-11-30T06:00:00.5Z" {
		t.Errorf("plain line: timestamp %v, want the runtime's", recs[0]["timestamp"])
	}
	if ts, _ := recs[1]["timestamp"].(string); !strings.HasSuffix(ts, "-11-30T04:40:14.476718Z") {
		t.Errorf("klog line: timestamp %v, want its own", recs[1]["timestamp"])
	}
}

// A record's lines carry nearly the runtime's same time; a headerless line
// stamped FlushInterval or more after the line before it starts a record,
// even when the whole file is read at once (a backlog), as the idle flush
// would have had it live. The rest of a line cut in pieces joins its
// start, whatever its time.
func TestRuntimeTimestampGap(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "pods", "ns_pod_uid", "c")
	os.MkdirAll(dir, 0o755)
	appendFile(t, filepath.Join(dir, "0.log"),
		"2026-11-30T06:00:00.000Z stderr F W1130 06:00:00.000000       1 main.go:25] legacy warning\n"+
			"2026-11-30T06:00:00.001Z stderr F continued in the same write\n"+
			"2026-11-30T06:00:03.000Z stderr F s6-rc: info: service web successfully started\n"+
			"2026-11-30T06:00:04.000Z stderr F I1130 06:00:04.000000       1 main.go:30] legacy info \n"+
			"2026-11-30T06:00:09.000Z stderr P cut \n"+
			"2026-11-30T06:00:15.000Z stderr F line\n")
	sink := &syncBuffer{}
	cfg := Config{Include: []string{filepath.Join(root, "pods", "*", "*", "*.log")}, StateDir: filepath.Join(root, "state"),
		FlushInterval: 500 * time.Millisecond, Sink: NewWriterSink(sink)}
	runUntil(t, cfg, sink, 4)
	recs := sink.records(t)
	want := []struct{ status, format, message string }{
		{"warning", "klog", "legacy warning\ncontinued in the same write"},
		{"error", "", "s6-rc: info: service web successfully started"},
		{"info", "klog", "legacy info "},
		{"error", "", "cut line"},
	}
	if len(recs) != len(want) {
		t.Fatalf("%d records, want %d: %v", len(recs), len(want), recs)
	}
	for i, w := range want {
		if recs[i]["status"] != w.status || recs[i]["format"] != w.format || recs[i]["message"] != w.message {
			t.Errorf("record %d: %v; want status %q format %q message %q", i, recs[i], w.status, w.format, w.message)
		}
	}
}

// Offsets are saved right after the sink acknowledges them, not on the
// checkpoint interval (here an hour): what a crash repeats is what was in
// flight (issue 12).
func TestCheckpointSavedOnAck(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "pods", "ns_pod_uid", "c")
	os.MkdirAll(dir, 0o755)
	log := filepath.Join(dir, "0.log")
	appendFile(t, log, cri("stdout", "one")+cri("stdout", "two"))
	cfg := Config{Include: []string{filepath.Join(root, "pods", "*", "*", "*.log")}, StateDir: filepath.Join(root, "state"),
		FlushInterval: 20 * time.Millisecond, CheckpointInterval: time.Hour, Sink: NewWriterSink(io.Discard)}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- Run(ctx, cfg) }()
	defer func() {
		cancel()
		if err := <-done; err != nil {
			t.Error(err)
		}
	}()
	saved := func(size int64) bool {
		store, err := checkpoint.Open(cfg.StateDir)
		if err != nil {
			return false
		}
		for _, e := range store.Entries() {
			if e.Offset == size {
				return true
			}
		}
		return false
	}
	for i, more := range []string{"", cri("stdout", "three")} {
		appendFile(t, log, more)
		fi, err := os.Stat(log)
		if err != nil {
			t.Fatal(err)
		}
		deadline := time.Now().Add(10 * time.Second)
		for !saved(fi.Size()) {
			if time.Now().After(deadline) {
				t.Fatalf("step %d: offset %d not saved within 10s with an hour's checkpoint interval", i, fi.Size())
			}
			time.Sleep(10 * time.Millisecond)
		}
	}
}
