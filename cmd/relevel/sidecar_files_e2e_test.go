package main

// End-to-end tests of `relevel sidecar` on real files: each builds the
// binary (once per run), writes container log files the way kubelet and the
// runtimes do, and checks the JSON records in the sink file: every line the
// test wrote comes out exactly once, and SIGTERM ends the process with
// status 0. Lines carry unique ids (klog's id="…" attribute, or id=… in the
// text of an unrecognised line) so that a lost, repeated or wrongly joined
// line is named in the failure.

import (
	"compress/gzip"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"
)

// loadWriter appends klog CRI lines to one file continuously, batch lines
// at a time with a pause between batches, alternating stdout and stderr, as a busy
// container does. The file it writes to can be swapped (rotation) and it
// can be paused; mu guards all of it.
type loadWriter struct {
	t      *testing.T
	prefix string
	batch  int
	pause  time.Duration

	mu      sync.Mutex
	f       *os.File
	written []string
	first   string // first id written to f since it was set
	n       int

	stop chan struct{}
	done chan struct{}
}

func newLoadWriter(t *testing.T, path, prefix string, batch int, pause time.Duration) *loadWriter {
	w := &loadWriter{t: t, prefix: prefix, batch: batch, pause: pause, stop: make(chan struct{}), done: make(chan struct{})}
	w.f = createAppend(t, path)
	go w.run()
	t.Cleanup(func() { w.halt() })
	return w
}

func createAppend(t *testing.T, path string) *os.File {
	t.Helper()
	f, err := os.OpenFile(path, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func (w *loadWriter) run() {
	defer close(w.done)
	var b strings.Builder
	for {
		select {
		case <-w.stop:
			return
		case <-time.After(w.pause):
		}
		w.mu.Lock()
		b.Reset()
		for range w.batch {
			id := fmt.Sprintf("%s-%d", w.prefix, w.n)
			b.WriteString(klogCRI([2]string{"stdout", "stderr"}[w.n%2], id))
			w.written = append(w.written, id)
			if w.first == "" {
				w.first = id
			}
			w.n++
		}
		_, err := w.f.WriteString(b.String())
		w.mu.Unlock()
		if err != nil {
			w.t.Errorf("writer: %v", err)
			return
		}
	}
}

// halt stops the writer and returns every id it wrote.
func (w *loadWriter) halt() []string {
	select {
	case <-w.stop:
	default:
		close(w.stop)
	}
	<-w.done
	w.mu.Lock()
	defer w.mu.Unlock()
	w.f.Close()
	return slices.Clone(w.written)
}

// firstDelivered waits until the first line written to the current file has
// come out: the forwarder has the file open. A file that is created and
// rotated away before any tailer has looked at it cannot be followed; kubelet
// rotates at 10 MiB and checks every 10 s, so real files live far longer.
func (w *loadWriter) firstDelivered(t *testing.T, o *output, p *sidecarProc) {
	t.Helper()
	deadline := time.Now().Add(deliverWithin)
	for {
		w.mu.Lock()
		id := w.first
		w.mu.Unlock()
		if id != "" && o.has(id) {
			return
		}
		p.running(t)
		if time.Now().After(deadline) {
			t.Fatalf("first line %q of the current file not delivered within %v", id, deliverWithin)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// gzipRotated compresses a rotated file as kubelet does: write
// <name>.gz.tmp, rename it to <name>.gz, remove the uncompressed file.
func gzipRotated(t *testing.T, name string) {
	t.Helper()
	src, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	tmp := createAppend(t, name+".gz.tmp")
	zw := gzip.NewWriter(tmp)
	if _, err := io.Copy(zw, src); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	tmp.Close()
	if err := os.Rename(name+".gz.tmp", name+".gz"); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(name); err != nil {
		t.Fatal(err)
	}
}

// Kubelet's rotation under load: while a writer appends continuously, N.log
// is renamed to N.log.YYYYMMDD-hhmmss, the runtime goes on writing to the
// renamed file for a moment (until kubelet's ReopenContainerLog reaches it)
// and then creates a new N.log; the rotated file before the newest is
// gzipped and removed. Six rotations; every line exactly once.
func TestSidecarRotationUnderLoad(t *testing.T) {
	t.Parallel()
	e := newSidecarEnv(t)
	live := e.podLog(t, "rot-0", "app", 0)
	out := e.output(t)
	w := newLoadWriter(t, live, "rot", 10, 5*time.Millisecond) // about 2000 lines/s
	p := e.start(t)

	stamp := time.Date(2026, 11, 30, 4, 43, 12, 0, time.UTC)
	var rotated []string
	for k := range 6 {
		w.firstDelivered(t, out, p)
		time.Sleep(150 * time.Millisecond)
		name := live + "." + stamp.Add(time.Duration(k)*time.Minute).Format("20060102-150405")
		w.mu.Lock()
		if err := os.Rename(live, name); err != nil {
			t.Fatal(err)
		}
		w.mu.Unlock()
		time.Sleep(30 * time.Millisecond) // writes land in the renamed file
		w.mu.Lock()
		old := w.f
		w.f, w.first = createAppend(t, live), ""
		old.Close()
		w.mu.Unlock()
		rotated = append(rotated, name)
		if len(rotated) >= 2 {
			gzipRotated(t, rotated[len(rotated)-2])
		}
	}
	w.firstDelivered(t, out, p)
	time.Sleep(150 * time.Millisecond)
	want := w.halt()
	out.waitFor(t, p, want)
	p.stop(t)
	out.exactlyOnce(t, want)
	for _, r := range out.records() {
		if r.Pod != "rot-0" || r.Container != "app" || r.Status != "info" || r.Format != "klog" {
			t.Fatalf("record %s", r.raw)
		}
	}
	names := walkNames(t, filepath.Dir(live))
	if gz := len(slices.DeleteFunc(slices.Clone(names), func(n string) bool { return !strings.HasSuffix(n, ".gz") })); gz != 5 || len(names) != 7 {
		t.Errorf("files after rotation: %v", names)
	}
	t.Logf("%d lines over %d rotations", len(want), len(rotated))
}

// copytruncate (logrotate): the content is copied to N.log.K and N.log is
// truncated to 0 while the writer keeps its O_APPEND descriptor. Lines the
// tailer had not read before the truncation exist only in the copy, which
// no tailer reads (logrotate's documented window), so each truncation waits
// for the forwarder to catch up with the writer paused. Every other
// truncation is followed at once by more bytes than the file held, so the
// forwarder must notice it by the changed first bytes, not by the size.
func TestSidecarCopyTruncate(t *testing.T) {
	t.Parallel()
	e := newSidecarEnv(t)
	live := e.podLog(t, "ct-0", "app", 0)
	out := e.output(t)
	w := newLoadWriter(t, live, "ct", 10, 5*time.Millisecond)
	p := e.start(t)

	for k := range 6 {
		time.Sleep(250 * time.Millisecond)
		w.mu.Lock()
		out.waitFor(t, p, slices.Clone(w.written))
		time.Sleep(100 * time.Millisecond)
		data, err := os.ReadFile(live)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(fmt.Sprintf("%s.%d", live, k+1), data, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Truncate(live, 0); err != nil {
			t.Fatal(err)
		}
		if k%2 == 1 {
			var b strings.Builder
			for b.Len() <= len(data)+4096 {
				id := fmt.Sprintf("ct-%d", w.n)
				b.WriteString(klogCRI("stderr", id))
				w.written = append(w.written, id)
				w.n++
			}
			if _, err := w.f.WriteString(b.String()); err != nil {
				t.Fatal(err)
			}
		}
		w.mu.Unlock()
	}
	time.Sleep(250 * time.Millisecond)
	want := w.halt()
	out.waitFor(t, p, want)
	p.stop(t)
	out.exactlyOnce(t, want)
	t.Logf("%d lines over 6 truncations", len(want))
}

// writeLines appends n klog CRI lines with ids prefix-from … to path.
func writeLines(t *testing.T, path, prefix string, from, n int) []string {
	t.Helper()
	f := createAppend(t, path)
	defer f.Close()
	var ids []string
	var b strings.Builder
	for i := from; i < from+n; i++ {
		id := fmt.Sprintf("%s-%d", prefix, i)
		b.WriteString(klogCRI([2]string{"stdout", "stderr"}[i%2], id))
		ids = append(ids, id)
	}
	if _, err := f.WriteString(b.String()); err != nil {
		t.Fatal(err)
	}
	return ids
}

// Pods and containers come and go while the forwarder runs: files present
// at start, new pod directories (and their container directories) created
// later, a container restart (1.log beside 0.log), pods deleted right after
// their last write (the rest is read through the open descriptor, then the
// file is closed), and a deleted pod's path used again by a new file (on
// ext4 often with the freed inode number).
func TestSidecarFilesComeAndGo(t *testing.T) {
	t.Parallel()
	e := newSidecarEnv(t)
	out := e.output(t)
	var mu sync.Mutex
	var want []string
	add := func(ids []string) {
		mu.Lock()
		want = append(want, ids...)
		mu.Unlock()
	}
	podOf := map[string]string{} // id prefix → pod name
	logOf := func(pod, c string, restart int) string {
		podOf[pod+"."+c+"."+fmt.Sprint(restart)] = pod
		return e.podLog(t, pod, c, restart)
	}
	a0 := logOf("a", "c1", 0)
	add(writeLines(t, a0, "a.c1.0", 0, 50))
	p := e.start(t)

	// New pods, two containers each, written in bursts concurrently.
	var wg sync.WaitGroup
	for i := range 6 {
		pod := fmt.Sprintf("p%d", i)
		for _, c := range []string{"app", "istio-proxy"} {
			path := logOf(pod, c, 0)
			wg.Add(1)
			go func() {
				defer wg.Done()
				for k := range 5 {
					add(writeLines(t, path, pod+"."+c+".0", k*20, 20))
					time.Sleep(10 * time.Millisecond)
				}
			}()
		}
		time.Sleep(20 * time.Millisecond)
	}
	wg.Wait()
	// A container restart: 1.log appears, 0.log stays.
	add(writeLines(t, logOf("a", "c1", 1), "a.c1.1", 0, 50))
	add(writeLines(t, a0, "a.c1.0", 50, 10))

	// Pods deleted right after their last lines are written.
	for _, pod := range []string{"p0", "p1", "p2"} {
		// Both containers' files must be open before the pod goes: a file
		// deleted before the sidecar found it is never read, and on a
		// loaded machine the app file can be found well before istio-proxy's.
		out.waitFor(t, p, []string{pod + ".app.0-0", pod + ".istio-proxy.0-0"})
		add(writeLines(t, e.podLog(t, pod, "app", 0), pod+".app.0", 100, 200))
		add(writeLines(t, e.podLog(t, pod, "istio-proxy", 0), pod+".istio-proxy.0", 100, 200))
		if err := os.RemoveAll(filepath.Dir(filepath.Dir(e.podLog(t, pod, "app", 0)))); err != nil {
			t.Fatal(err)
		}
	}
	mu.Lock()
	all := slices.Clone(want)
	mu.Unlock()
	out.waitFor(t, p, all)

	// The deleted files are closed once quiet for the tailer's RotateWait.
	deadline := time.Now().Add(deliverWithin)
	for {
		names, ok := deletedOpen(p.cmd.Process.Pid)
		if !ok {
			t.Log("no /proc: not checking that deleted files are closed")
			break
		}
		if len(names) == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("deleted files still open after %v: %v", deliverWithin, names)
		}
		time.Sleep(100 * time.Millisecond)
	}

	// The same path again, for a new file.
	add(writeLines(t, logOf("p0", "app", 0), "p0.app.0", 1000, 30))
	mu.Lock()
	all = slices.Clone(want)
	mu.Unlock()
	out.waitFor(t, p, all)
	p.stop(t)
	out.exactlyOnce(t, all)
	for _, r := range out.records() {
		id := r.ids()[0]
		prefix := id[:strings.LastIndexByte(id, '-')]
		if r.Pod != podOf[prefix] || !strings.HasPrefix(prefix, r.Pod+"."+r.Container+".") {
			t.Errorf("record %s has pod %q container %q", id, r.Pod, r.Container)
		}
	}
	t.Logf("%d lines from %d files", len(all), len(podOf))
}

// pieces splits content into CRI records of at most size content bytes,
// P for all but the last, F for the last.
func pieces(ts, stream, content string, size int) []string {
	var recs []string
	for len(content) > size {
		recs = append(recs, ts+" "+stream+" P "+content[:size]+"\n")
		content = content[size:]
	}
	return append(recs, ts+" "+stream+" F "+content+"\n")
}

// A 1 MiB line (Datadog's limit for one log, and the decoder's default
// bound) arrives as containerd writes it, in 16 KiB P pieces, and as
// CRI-O/conmon writes it, in 8 KiB pieces with its fixed 9-digit
// "+00:00" timestamps and the "\r" a tty leaves; short lines of the
// other stream come between the pieces. Each long line comes out as one
// record holding exactly the line, and the short lines on their own.
func TestSidecarLongLines(t *testing.T) {
	t.Parallel()
	e := newSidecarEnv(t)
	out := e.output(t)
	rng := rand.New(rand.NewPCG(5, 1))
	const alnum = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
	long := func(id string) string {
		b := []byte("long line id=" + id + " ")
		for len(b) < 1<<20 {
			b = append(b, alnum[rng.IntN(len(alnum))])
		}
		return string(b)
	}
	type runtime struct {
		pod, ts, cr string
		piece       int
	}
	contents := map[string]string{}
	var want []string
	p := e.start(t)
	for _, rt := range []runtime{
		{"containerd", criTime, "", 16 << 10},
		{"crio", "2026-11-30T04:40:14.476718000+00:00", "\r", 8 << 10},
	} {
		path := e.podLog(t, rt.pod, "app", 0)
		f := createAppend(t, path)
		var recs []string
		for k := range 2 {
			id := fmt.Sprintf("%s-long-%d", rt.pod, k)
			contents[id] = long(id)
			want = append(want, id)
			ps := pieces(rt.ts, "stdout", contents[id]+rt.cr, rt.piece)
			for i, piece := range ps {
				recs = append(recs, piece)
				if i%10 == 5 {
					sid := fmt.Sprintf("%s-short-%d-%d", rt.pod, k, i)
					recs = append(recs, strings.Replace(klogCRI("stderr", sid), criTime, rt.ts, 1))
					want = append(want, sid)
				}
			}
		}
		// Written in uneven slices, so reads end inside pieces.
		data := strings.Join(recs, "")
		for len(data) > 0 {
			n := min(len(data), 5000+rng.IntN(100000))
			if _, err := f.WriteString(data[:n]); err != nil {
				t.Fatal(err)
			}
			data = data[n:]
			time.Sleep(time.Millisecond)
		}
		f.Close()
	}
	out.waitFor(t, p, want)
	p.stop(t)
	out.exactlyOnce(t, want)
	for _, r := range out.records() {
		id := r.ids()[0]
		if c, ok := contents[id]; ok {
			if r.Message != c || r.Status != "info" {
				t.Errorf("%s: status %q, message of %d bytes, want the %d bytes written (equal prefix %d)", id, r.Status, len(r.Message), len(c), commonPrefix(r.Message, c))
			}
		} else if r.Format != "klog" || r.Message != "line" {
			t.Errorf("short line %s: %.200s", id, r.raw)
		}
	}
}

func commonPrefix(a, b string) int {
	n := 0
	for n < len(a) && n < len(b) && a[n] == b[n] {
		n++
	}
	return n
}

// A line whose end has not been written yet is not emitted until it is
// complete, and then whole. An unterminated last line of a file that stops
// growing stays unemitted while the file lives (a runtime writes a CRI line
// with its "\n" in one write, so the rest may be on its way) and is not
// emitted at SIGTERM either, but the saved offset stays before it: the next
// run emits it once it is complete. When such a file is deleted, its
// unterminated end is emitted as it is (once the file is closed, after the
// tailer's 5 s RotateWait).
func TestSidecarPartialLineAtEOF(t *testing.T) {
	t.Parallel()
	e := newSidecarEnv(t)
	out := e.output(t)
	path := e.podLog(t, "part-0", "app", 0)
	appendTo := func(s string) {
		f := createAppend(t, path)
		defer f.Close()
		if _, err := f.WriteString(s); err != nil {
			t.Fatal(err)
		}
	}
	appendTo(klogCRI("stderr", "e-0") + criTime + " stdout F partial id=e-1 first half,")
	p := e.start(t)
	out.waitFor(t, p, []string{"e-0"})
	time.Sleep(500 * time.Millisecond) // ten flush intervals
	if out.has("e-1") {
		t.Fatalf("incomplete line emitted: %v", out.records())
	}
	appendTo(" second half\n" + klogCRI("stderr", "e-2"))
	out.waitFor(t, p, []string{"e-1", "e-2"})

	appendTo(criTime + " stdout F last id=e-3 unterminated,")
	time.Sleep(500 * time.Millisecond)
	if out.has("e-3") {
		t.Fatalf("incomplete last line emitted while its file lives: %v", out.records())
	}
	p.stop(t)
	if out.has("e-3") {
		t.Fatalf("incomplete last line emitted at shutdown: %v", out.records())
	}
	appendTo(" completed while relevel was down\n")
	p = e.start(t)
	out.waitFor(t, p, []string{"e-3"})

	// A deleted file's unterminated end is emitted.
	gone := e.podLog(t, "part-1", "app", 0)
	if err := os.WriteFile(gone, []byte(klogCRI("stderr", "e-4")+criTime+" stdout F final id=e-5 never terminated"), 0o644); err != nil {
		t.Fatal(err)
	}
	out.waitFor(t, p, []string{"e-4"})
	if err := os.Remove(gone); err != nil {
		t.Fatal(err)
	}
	out.waitFor(t, p, []string{"e-5"})
	p.stop(t)
	out.exactlyOnce(t, []string{"e-0", "e-1", "e-2", "e-3", "e-4", "e-5"})
	msgs := map[string]string{}
	for _, r := range out.records() {
		msgs[r.ids()[0]] = r.Message
	}
	for id, m := range map[string]string{
		"e-1": "partial id=e-1 first half, second half",
		"e-3": "last id=e-3 unterminated, completed while relevel was down",
		"e-5": "final id=e-5 never terminated",
	} {
		if msgs[id] != m {
			t.Errorf("%s: message %q, want %q", id, msgs[id], m)
		}
	}
}

// asJSONText is what a line's bytes read as once the JSON output is decoded:
// the bytes of valid UTF-8 unchanged, each invalid byte as the text \xNN
// (ndjson.AppendString).
func asJSONText(b []byte) string {
	var s strings.Builder
	for len(b) > 0 {
		r, n := utf8.DecodeRune(b)
		if r == utf8.RuneError && n == 1 {
			fmt.Fprintf(&s, `\x%02x`, b[0])
		} else {
			s.Write(b[:n])
		}
		b = b[n:]
	}
	return s.String()
}

// Invalid UTF-8 and binary garbage: random bytes and NULs inside CRI lines,
// lines that are not CRI at all in the middle of a CRI file, every byte
// value, klog lines with invalid bytes in their message. The process keeps
// running, every line comes out once with its bytes (invalid ones as \xNN
// text), and the klog lines among and after the garbage keep their format
// and level.
func TestSidecarGarbage(t *testing.T) {
	t.Parallel()
	e := newSidecarEnv(t)
	out := e.output(t)
	path := e.podLog(t, "junk-0", "app", 0)
	rng := rand.New(rand.NewPCG(7, 7))
	junk := func(n int) []byte {
		b := make([]byte, n)
		for i := range b {
			for b[i] = byte(rng.UintN(256)); b[i] == '\n' || b[i] == '\r'; b[i] = byte(rng.UintN(256)) {
			}
		}
		return b
	}
	var data []byte
	want := map[string]string{} // id → message; "" for klog lines
	var ids []string
	addKlog := func(id string, msg []byte) {
		data = fmt.Appendf(data, "%s stderr F I1130 04:40:14.476718       1 main.go:25] \"%s\" id=\"%s\"\n", criTime, msg, id)
		want[id] = asJSONText(msg)
		ids = append(ids, id)
	}
	addKlog("g-0", []byte("first"))
	for i := 1; i < 400; i++ {
		id := fmt.Sprintf("g-%d", i)
		var content []byte
		switch i % 6 {
		case 0:
			addKlog(id, []byte("after garbage"))
			continue
		case 1: // random bytes in a CRI line
			content = append([]byte("junk id="+id+" "), junk(20+rng.IntN(300))...)
		case 2: // NULs in a CRI line
			content = []byte("nul id=" + id + " \x00\x00\x00 between \x00")
		case 3: // not CRI at all
			line := append(junk(1+rng.IntN(100)), " id="+id+" "...)
			line = append(line, junk(rng.IntN(100))...)
			data = append(append(data, line...), '\n')
			want[id] = asJSONText(line)
			ids = append(ids, id)
			continue
		case 4: // every byte value but the line ends
			content = []byte("bytes id=" + id + " ")
			for c := range 256 {
				if c != '\n' && c != '\r' {
					content = append(content, byte(c))
				}
			}
		case 5: // invalid UTF-8 inside a klog message
			addKlog(id, []byte("bad \xff\xfe\xc3( bytes"))
			continue
		}
		data = append(data, criTime+" stdout F "...)
		data = append(append(data, content...), '\n')
		want[id] = asJSONText(content)
		ids = append(ids, id)
	}
	if err := os.WriteFile(path, data[:len(data)/2], 0o644); err != nil {
		t.Fatal(err)
	}
	p := e.start(t)
	time.Sleep(100 * time.Millisecond)
	f := createAppend(t, path)
	if _, err := f.Write(data[len(data)/2:]); err != nil {
		t.Fatal(err)
	}
	f.Close()
	out.waitFor(t, p, ids)
	p.running(t)
	p.stop(t)
	out.exactlyOnce(t, ids)
	for _, r := range out.records() {
		id := r.ids()[0]
		msg := want[id]
		if r.Format == "klog" {
			if r.Status != "info" || r.Message != msg || r.Attributes["id"] != id {
				t.Errorf("klog line %s: %.300s", id, r.raw)
			}
			continue
		}
		if r.Status != "info" || r.Message != msg {
			t.Errorf("line %s: status %q message\n%q, want\n%q", id, r.Status, r.Message, msg)
		}
	}
}
