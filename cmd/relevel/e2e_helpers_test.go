package main

// Helpers for the end-to-end tests that build the real relevel binary and
// drive `relevel sidecar` as a subprocess over files in a temp directory.

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// deliverWithin bounds every wait for the forwarder: generous, so that a
// loaded machine (or a race-enabled binary) does not fail a test, yet a lost
// line fails it in bounded time.
const deliverWithin = 20 * time.Second

var build struct {
	once sync.Once
	dir  string
	bin  string
	err  error
}

// TestMain removes the binary the end-to-end tests share.
func TestMain(m *testing.M) {
	code := m.Run()
	if build.dir != "" {
		os.RemoveAll(build.dir)
	}
	os.Exit(code)
}

// relevelBinary builds cmd/relevel once per test run and returns its path.
// Under `go test -race` the binary is built with the race detector too, so
// a data race in the forwarder fails the test that triggers it (a race
// report makes the process exit 66).
func relevelBinary(t *testing.T) string {
	t.Helper()
	build.once.Do(func() {
		build.dir, build.err = os.MkdirTemp("", "relevel-e2e-")
		if build.err != nil {
			return
		}
		build.bin = filepath.Join(build.dir, "relevel")
		args := []string{"build", "-o", build.bin}
		if raceEnabled {
			args = append(args, "-race")
		}
		if out, err := exec.Command("go", append(args, ".")...).CombinedOutput(); err != nil {
			build.err = fmt.Errorf("build: %v\n%s", err, out)
		}
	})
	if build.err != nil {
		t.Fatal(build.err)
	}
	return build.bin
}

// lockedBuffer collects a subprocess's stderr.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// sidecarEnv is one forwarder setup: pods under root/pods, state in
// root/state, records appended to root/records.jsonl.
type sidecarEnv struct {
	root, pods, state, out string
}

func newSidecarEnv(t *testing.T) *sidecarEnv {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	root := t.TempDir()
	e := &sidecarEnv{root: root, pods: filepath.Join(root, "pods"), state: filepath.Join(root, "state"), out: filepath.Join(root, "records.jsonl")}
	if err := os.MkdirAll(e.pods, 0o755); err != nil {
		t.Fatal(err)
	}
	return e
}

// podLog returns (and creates the directory of) the kubelet path of a
// container's log file: pods/<ns>_<pod>_<uid>/<container>/<restart>.log.
func (e *sidecarEnv) podLog(t *testing.T, pod, container string, restart int) string {
	t.Helper()
	dir := filepath.Join(e.pods, "ns_"+pod+"_uid-"+pod, container)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	return filepath.Join(dir, fmt.Sprintf("%d.log", restart))
}

// sidecarProc is a running `relevel sidecar`.
type sidecarProc struct {
	cmd    *exec.Cmd
	stderr *lockedBuffer
	done   chan error
	exited bool
	err    error
}

// start runs `relevel sidecar` over env with the flags the tests share
// (50ms flush and checkpoint intervals, file sink) plus extra.
func (e *sidecarEnv) start(t *testing.T, extra ...string) *sidecarProc {
	t.Helper()
	bin := relevelBinary(t)
	args := append([]string{"sidecar", "--include", filepath.Join(e.pods, "*", "*", "*.log"),
		"--state-dir", e.state, "--sink", "file", "--sink-path", e.out,
		"--flush-interval", "50ms", "--checkpoint-interval", "50ms"}, extra...)
	p := &sidecarProc{cmd: exec.Command(bin, args...), stderr: &lockedBuffer{}, done: make(chan error, 1)}
	p.cmd.Stderr = p.stderr
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { p.done <- p.cmd.Wait() }()
	t.Cleanup(func() {
		if !p.exited {
			p.cmd.Process.Kill()
			<-p.done
		}
	})
	return p
}

// running fails the test if the process has exited.
func (p *sidecarProc) running(t *testing.T) {
	t.Helper()
	if p.exited {
		t.Fatalf("relevel exited: %v\n%s", p.err, p.stderr)
	}
	select {
	case err := <-p.done:
		p.exited, p.err = true, err
		t.Fatalf("relevel exited: %v\n%s", err, p.stderr)
	default:
	}
}

// waitUntil polls cond for up to deliverWithin while the sidecar runs,
// failing the test with what (and the sidecar's stderr) if it never holds.
func (p *sidecarProc) waitUntil(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(deliverWithin)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out after %v waiting for %s\n%s", deliverWithin, what, p.stderr)
		}
		p.running(t)
		time.Sleep(10 * time.Millisecond)
	}
}

// waitCheckpoint waits until the checkpoint file in the state directory
// holds path at its size now: everything written to it before the call has
// been delivered (the sink acknowledged it) and saved. It reads the file
// with os.ReadFile, not checkpoint.Open, which removes the temporary file
// of a Save in progress.
func (e *sidecarEnv) waitCheckpoint(t *testing.T, p *sidecarProc, path string) {
	t.Helper()
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	ckpt := filepath.Join(e.state, "checkpoints.json")
	p.waitUntil(t, fmt.Sprintf("%s to checkpoint %s at offset %d", ckpt, path, fi.Size()), func() bool {
		b, err := os.ReadFile(ckpt)
		if err != nil {
			return false
		}
		var doc struct {
			Entries []struct {
				Path   string `json:"path"`
				Offset int64  `json:"offset"`
			} `json:"entries"`
		}
		if json.Unmarshal(b, &doc) != nil {
			return false
		}
		for _, en := range doc.Entries {
			if en.Path == path && en.Offset == fi.Size() {
				return true
			}
		}
		return false
	})
}

// stop sends SIGTERM and requires exit status 0 within deliverWithin, and
// no error in relevel's own (JSON) log.
func (p *sidecarProc) stop(t *testing.T) {
	t.Helper()
	p.term(t)
	if s := p.stderr.String(); strings.Contains(s, `"level":"ERROR"`) {
		t.Errorf("relevel logged an error:\n%s", s)
	}
}

// term sends SIGTERM and requires exit status 0 within deliverWithin; unlike
// stop, it accepts errors in relevel's log (tests of failures expect them).
func (p *sidecarProc) term(t *testing.T) {
	t.Helper()
	p.running(t)
	if err := p.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-p.done:
		p.exited, p.err = true, err
		if err != nil {
			t.Fatalf("exit after SIGTERM: %v\n%s", err, p.stderr)
		}
	case <-time.After(deliverWithin):
		t.Fatalf("no exit %v after SIGTERM\n%s", deliverWithin, p.stderr)
	}
}

// kill stops the process with SIGKILL.
func (p *sidecarProc) kill() {
	p.cmd.Process.Signal(syscall.SIGKILL)
	p.err = <-p.done
	p.exited = true
}

// record is one output record, as the tests look at it.
type record struct {
	Status     string         `json:"status"`
	Format     string         `json:"format"`
	Message    string         `json:"message"`
	Attributes map[string]any `json:"attributes"`
	Namespace  string         `json:"kube_namespace"`
	Pod        string         `json:"pod_name"`
	Container  string         `json:"kube_container_name"`
	raw        string
}

var idRE = regexp.MustCompile(`\bid="?([A-Za-z0-9_.-]+)`)

// ids returns the line ids in r: its "id" attribute and every id=… in its
// message. A record holding more than one id joined lines that the test
// wrote as separate records.
func (r record) ids() []string {
	var out []string
	if id, ok := r.Attributes["id"].(string); ok {
		out = append(out, id)
	}
	for _, m := range idRE.FindAllStringSubmatch(r.Message, -1) {
		out = append(out, m[1])
	}
	return out
}

// output reads the sink file incrementally: each poll parses the complete
// lines appended since the last one. It is safe for concurrent use.
type output struct {
	t    *testing.T
	path string

	mu      sync.Mutex
	off     int64
	partial []byte
	recs    []record
	byID    map[string]int
	bad     []string
}

func (e *sidecarEnv) output(t *testing.T) *output {
	return &output{t: t, path: e.out, byID: map[string]int{}}
}

// poll reads what was appended and returns the number of records so far.
func (o *output) poll() int {
	o.mu.Lock()
	defer o.mu.Unlock()
	f, err := os.Open(o.path)
	if err != nil {
		return len(o.recs)
	}
	defer f.Close()
	if _, err := f.Seek(o.off, 0); err != nil {
		o.t.Error(err)
		return len(o.recs)
	}
	br := bufio.NewReaderSize(f, 1<<20)
	for {
		chunk, err := br.ReadBytes('\n')
		o.off += int64(len(chunk))
		if err != nil {
			o.partial = append(o.partial, chunk...)
			break
		}
		line := chunk
		if len(o.partial) > 0 {
			line = append(o.partial, chunk...)
			o.partial = nil
		}
		var r record
		if err := json.Unmarshal(line, &r); err != nil {
			o.bad = append(o.bad, fmt.Sprintf("%q: %v", line, err))
			continue
		}
		r.raw = string(line)
		o.recs = append(o.recs, r)
		for _, id := range r.ids() {
			o.byID[id]++
		}
	}
	return len(o.recs)
}

// has reports whether every id has been delivered (polling first).
func (o *output) has(ids ...string) bool {
	o.poll()
	o.mu.Lock()
	defer o.mu.Unlock()
	for _, id := range ids {
		if o.byID[id] == 0 {
			return false
		}
	}
	return true
}

// count returns how often id has been delivered so far (without polling).
func (o *output) count(id string) int {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.byID[id]
}

// records returns the records read so far (polling first).
func (o *output) records() []record {
	o.poll()
	o.mu.Lock()
	defer o.mu.Unlock()
	return append([]record(nil), o.recs...)
}

// waitFor polls until every id is delivered, failing after deliverWithin.
// p, if set, must keep running meanwhile.
func (o *output) waitFor(t *testing.T, p *sidecarProc, ids []string) {
	t.Helper()
	deadline := time.Now().Add(deliverWithin)
	for !o.has(ids...) {
		if p != nil {
			p.running(t)
		}
		if time.Now().After(deadline) {
			t.Fatalf("not delivered within %v: %s", deliverWithin, o.missing(ids))
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// missing describes the ids not delivered yet.
func (o *output) missing(ids []string) string {
	o.mu.Lock()
	defer o.mu.Unlock()
	var miss []string
	for _, id := range ids {
		if o.byID[id] == 0 {
			miss = append(miss, id)
		}
	}
	return fmt.Sprintf("%d of %d missing, first %v", len(miss), len(ids), miss[:min(len(miss), 10)])
}

// exactlyOnce checks, after the forwarder stopped, that the sink holds only
// valid JSON records, that every id in want is in exactly one record, that
// no record holds two ids (lines wrongly joined) and that nothing else came
// out.
func (o *output) exactlyOnce(t *testing.T, want []string) {
	t.Helper()
	o.poll()
	o.mu.Lock()
	defer o.mu.Unlock()
	if len(o.partial) > 0 {
		t.Errorf("sink ends in an unterminated line %q", o.partial)
	}
	for _, b := range o.bad {
		t.Errorf("invalid record %s", b)
	}
	wanted := map[string]bool{}
	var lost, dup []string
	for _, id := range want {
		wanted[id] = true
		switch n := o.byID[id]; {
		case n == 0:
			lost = append(lost, id)
		case n > 1:
			dup = append(dup, fmt.Sprintf("%s×%d", id, n))
		}
	}
	if len(lost) > 0 {
		t.Errorf("%d of %d lines lost, first %v", len(lost), len(want), lost[:min(len(lost), 10)])
	}
	if len(dup) > 0 {
		sort.Strings(dup)
		t.Errorf("%d lines delivered more than once, first %v", len(dup), dup[:min(len(dup), 10)])
	}
	joined, unknown := 0, 0
	for _, r := range o.recs {
		ids := r.ids()
		if len(ids) != 1 {
			if joined++; joined <= 5 {
				t.Errorf("record with %d ids (want 1): %.300s", len(ids), r.raw)
			}
		}
		for _, id := range ids {
			if !wanted[id] {
				if unknown++; unknown <= 5 {
					t.Errorf("record of an id never written: %.300s", r.raw)
				}
			}
		}
	}
	if len(o.recs) != len(want) && len(lost) == 0 && len(dup) == 0 {
		t.Errorf("%d records for %d lines", len(o.recs), len(want))
	}
}

// criTime is the containerd timestamp every CRI line of the tests carries.
const criTime = "2026-11-30T04:40:14.476718Z"

// klogCRI is one complete CRI line whose content is a klog line carrying id.
func klogCRI(stream, id string) string {
	return criTime + " " + stream + ` F I1130 04:40:14.476718       1 main.go:25] "line" id="` + id + "\"\n"
}

// walkNames lists the files under dir, relative to it.
func walkNames(t *testing.T, dir string) []string {
	var names []string
	filepath.Walk(dir, func(p string, fi os.FileInfo, err error) error {
		if err == nil && !fi.IsDir() {
			rel, _ := filepath.Rel(dir, p)
			names = append(names, rel)
		}
		return nil
	})
	return names
}

// deletedOpen returns the files the process holds open that were deleted
// (Linux /proc); ok is false where that cannot be read.
func deletedOpen(pid int) (names []string, ok bool) {
	fds, err := os.ReadDir(fmt.Sprintf("/proc/%d/fd", pid))
	if err != nil {
		return nil, false
	}
	for _, fd := range fds {
		target, err := os.Readlink(fmt.Sprintf("/proc/%d/fd/%s", pid, fd.Name()))
		if err == nil && strings.HasSuffix(target, " (deleted)") {
			names = append(names, target)
		}
	}
	return names, true
}
