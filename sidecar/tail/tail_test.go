package tail

import (
	"bytes"
	"compress/gzip"
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/relevel/relevel/sidecar/checkpoint"
)

// Writers append lines, sometimes in halves, while the tailer runs; every
// line arrives exactly once, in order, with consistent offsets and
// identities. The consumer is slow at first, so reading must pause rather
// than drop (backpressure on an unbuffered channel).
func TestEveryLineOnceInOrder(t *testing.T) {
	dir := mkdir(t, t.TempDir(), "logs")
	pre := filepath.Join(dir, "pre.log")
	writeFile(t, pre, numbered("pre", 0, 500))
	h := start(t, fastConfig(filepath.Join(dir, "*.log")), harnessOpt{outCap: 0, slowFirst: 100, slowFor: time.Millisecond})

	const n = 3000
	var wg sync.WaitGroup
	for _, name := range []string{"pre", "a", "b"} {
		wg.Go(func() {
			path := filepath.Join(dir, name+".log")
			from := 0
			if name == "pre" {
				from = 500
			}
			f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
			if err != nil {
				t.Error(err)
				return
			}
			defer f.Close()
			rng := rand.New(rand.NewPCG(uint64(len(name)), 7))
			for i := from; i < n; {
				batch := numbered(name, i, min(i+1+rng.IntN(20), n))
				i += strings.Count(batch, "\n")
				if rng.IntN(4) == 0 { // a line written in two parts
					cut := rng.IntN(len(batch))
					if _, err := f.WriteString(batch[:cut]); err != nil {
						t.Error(err)
						return
					}
					time.Sleep(time.Duration(rng.IntN(300)) * time.Microsecond)
					batch = batch[cut:]
				}
				if _, err := f.WriteString(batch); err != nil {
					t.Error(err)
					return
				}
			}
		})
	}
	wg.Wait()
	for _, name := range []string{"pre", "a", "b"} {
		path := filepath.Join(dir, name+".log")
		got := h.waitLines(path, n)
		checkSequence(t, name, got, name, n)
	}
	h.settle()
	for _, name := range []string{"pre", "a", "b"} {
		path := filepath.Join(dir, name+".log")
		checkSequence(t, name, h.linesOf(path), name, n)

		// Offsets add up and the last identity is the file's own.
		var end int64
		var lastID checkpoint.Identity
		for _, l := range h.snapshot() {
			if l.Path != path {
				continue
			}
			end += int64(len(l.Data))
			if l.End != end {
				t.Fatalf("%s: End %d after %d bytes", name, l.End, end)
			}
			lastID = l.ID
		}
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		want, err := checkpoint.FileIdentity(f, end)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		if lastID != want {
			t.Errorf("%s: last Line.ID %v, want %v", name, lastID, want)
		}
	}
	st := h.tl.Stats()
	if st.FilesOpened != 3 || st.FilesTailed != 3 || st.Lines != 3*n || st.Rotations != 0 || st.Truncations != 0 {
		t.Errorf("stats %+v", st)
	}
}

// kubelet's rotation under load: N.log is renamed to N.log.<timestamp>, the
// runtime creates a new N.log, and at the next rotation the previous
// rotated file is gzipped through a .tmp file and removed. Every line
// arrives exactly once, in order, under the live name.
func TestKubeletRotationUnderLoad(t *testing.T) {
	root := t.TempDir()
	dir := mkdir(t, root, "default_web-0_0f3c", "app")
	live := filepath.Join(dir, "0.log")
	other := filepath.Join(mkdir(t, root, "default_web-1_77aa", "app"), "0.log")
	writeFile(t, live, "")
	h := start(t, countingConfig(filepath.Join(root, "*", "*", "*.log")))

	const total, every = 6000, 400
	var wg sync.WaitGroup
	wg.Go(func() { // a neighbour that never rotates, to interleave with
		for i := 0; i < total; i += 100 {
			appendFile(t, other, numbered("other", i, i+100))
		}
	})
	ts := time.Date(2026, 11, 30, 4, 43, 12, 0, time.Local)
	var rotated []string
	f, err := os.OpenFile(live, os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < total; {
		end := min(i+every, total)
		for i < end {
			chunk := min(i+25, end)
			if _, err := f.WriteString(numbered("web", i, chunk)); err != nil {
				t.Fatal(err)
			}
			i = chunk
		}
		if i == total {
			break
		}
		// kubelet rotates a file its shipper has had seconds to open;
		// here: as soon as the tailer has it.
		gen := int64(len(rotated)) + 1
		waitFor(t, "the tailer to open the live file", func() bool { return h.tl.Stats().FilesOpened >= gen+1 })
		name := live + "." + ts.Add(time.Duration(gen)*time.Second).Format("20060102-150405")
		if err := os.Rename(live, name); err != nil {
			t.Fatal(err)
		}
		nf, err := os.OpenFile(live, os.O_WRONLY|os.O_APPEND|os.O_CREATE|os.O_EXCL, 0o644) // ReopenContainerLog
		if err != nil {
			t.Fatal(err)
		}
		f.Close()
		f = nf
		if len(rotated) > 0 { // compress the previous rotated file; the newest stays plain
			gzipLikeKubelet(t, rotated[len(rotated)-1])
		}
		rotated = append(rotated, name)
	}
	f.Close()
	wg.Wait()

	got := h.waitLines(live, total)
	checkSequence(t, "web", got, "web", total)
	checkSequence(t, "other", h.waitLines(other, total), "other", total)
	rotations := int64(len(rotated))
	waitFor(t, "rotated files to be closed", func() bool { return h.tl.Stats().FilesClosed == rotations })
	h.settle()
	checkSequence(t, "web", h.linesOf(live), "web", total)
	for _, l := range h.snapshot() {
		if l.Path != live && l.Path != other {
			t.Fatalf("line from %s: a rotated name was read as a new file", l.Path)
		}
	}
	st := h.tl.Stats()
	if st.Rotations != rotations || st.FilesOpened != rotations+2 || st.FilesTailed != 2 || st.Truncations != 0 {
		t.Errorf("stats %+v; want %d rotations, %d opened, 2 tailed", st, rotations, rotations+2)
	}
	if _, err := os.Stat(rotated[0] + ".gz"); err != nil {
		t.Errorf("the test did not compress: %v", err)
	}
}

// gzipLikeKubelet compresses path to path.gz through path.gz.tmp, then
// removes path (container_log_manager.go compressLog).
func gzipLikeKubelet(t *testing.T, path string) {
	t.Helper()
	in, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	tmp := path + ".gz.tmp"
	out, err := os.Create(tmp)
	if err != nil {
		t.Fatal(err)
	}
	zw := gzip.NewWriter(out)
	if _, err := io.Copy(zw, in); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	if err := out.Close(); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(tmp, path+".gz"); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}
}

// A writer that keeps its old descriptor for a while after the rename
// (logrotate "create" before the application reopens): the late lines in
// the rotated file are still read, within RotateWait.
func TestLateWritesAfterRename(t *testing.T) {
	dir := t.TempDir()
	live := filepath.Join(dir, "app.log")
	writeFile(t, live, numbered("old", 0, 10))
	cfg := fastConfig(filepath.Join(dir, "*.log"))
	// The late write must come within RotateWait of the rename; a loaded
	// CI machine can stall the test between the two for over a second.
	// The rotated file then closes 5s after the late write, within
	// waitTimeout.
	cfg.RotateWait = 5 * time.Second
	h := start(t, cfg)
	h.waitLines(live, 10)

	old, err := os.OpenFile(live, os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	defer old.Close()
	if err := os.Rename(live, live+".1"); err != nil {
		t.Fatal(err)
	}
	writeFile(t, live, numbered("new", 0, 5))
	waitFor(t, "the rotation", func() bool { return h.tl.Stats().Rotations == 1 })
	if _, err := old.WriteString(numbered("old", 10, 20)); err != nil {
		t.Fatal(err)
	}
	appendFile(t, live, numbered("new", 5, 10))
	waitFor(t, "all lines", func() bool { return len(h.linesOf(live)) == 30 })
	var olds, news []string
	for _, l := range h.linesOf(live) {
		if strings.HasPrefix(l, "old ") {
			olds = append(olds, l)
		} else {
			news = append(news, l)
		}
	}
	checkSequence(t, "old", olds, "old", 20)
	checkSequence(t, "new", news, "new", 10)
	waitFor(t, "the rotated file to close", func() bool { return h.tl.Stats().FilesClosed == 1 })
}

// copytruncate: the file is copied elsewhere and truncated in place; the
// new content is read from offset 0, whether it is shorter or (written
// before the tailer looked) longer than what was read.
func TestCopyTruncate(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "app.log")
	writeFile(t, path, numbered("one", 0, 50))
	h := start(t, fastConfig(filepath.Join(dir, "*.log")))
	h.waitLines(path, 50)
	h.settle()

	// Shorter: the size drops below the offset.
	if err := os.Truncate(path, 0); err != nil {
		t.Fatal(err)
	}
	appendFile(t, path, numbered("two", 0, 5))
	got := h.waitLines(path, 55)
	checkSequence(t, "two", got[50:], "two", 5)
	if n := h.tl.Stats().Truncations; n != 1 {
		t.Errorf("%d truncations, want 1", n)
	}
	h.settle()

	// Longer, in one step: truncate and rewrite past the old offset.
	content := numbered("three", 0, 200)
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_TRUNC, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteString(content); err != nil {
		t.Fatal(err)
	}
	f.Close()
	got = h.waitLines(path, 255)
	checkSequence(t, "three", got[55:], "three", 200)
	h.settle()
	if got := h.linesOf(path); len(got) != 255 {
		t.Errorf("%d lines, want 255", len(got))
	}
	if n := h.tl.Stats().Truncations; n != 2 {
		t.Errorf("%d truncations, want 2", n)
	}
	if st := h.tl.Stats(); st.FilesOpened != 1 || st.Rotations != 0 {
		t.Errorf("stats %+v: copytruncate keeps one file", st)
	}
}

// New pod and container directories that match the glob are picked up
// through fsnotify alone (the rescan is an hour away); excluded paths,
// Skip, rotated names and non-matching names are not read; a removed pod
// directory's file is read to its end and closed.
func TestDiscoveryByEvents(t *testing.T) {
	testDiscovery(t, false)
}

// The same with fsnotify off: the periodic rescan finds everything.
func TestDiscoveryByRescan(t *testing.T) {
	testDiscovery(t, true)
}

func testDiscovery(t *testing.T, noWatch bool) {
	root := t.TempDir()
	cfg := fastConfig(filepath.Join(root, "*", "*", "*.log"))
	cfg.Exclude = []string{filepath.Join(root, "*", "istio-proxy", "*.log")}
	self := filepath.Join(root, "relevel_relevel-x_1", "relevel", "0.log")
	cfg.Skip = func(p string) bool { return p == self }
	if noWatch {
		cfg.Rescan = 30 * time.Millisecond
	} else {
		cfg.Rescan = time.Hour
	}
	h := start(t, cfg, harnessOpt{outCap: 16, noWatch: noWatch})

	a := filepath.Join(mkdir(t, root, "ns_a_1", "app"), "0.log")
	writeFile(t, a, numbered("a", 0, 20))
	b := filepath.Join(mkdir(t, root, "ns_b_2", "app"), "0.log")
	writeFile(t, b, numbered("b", 0, 20))
	ignored := []string{
		filepath.Join(mkdir(t, root, "ns_b_2", "istio-proxy"), "0.log"),
		filepath.Join(mkdir(t, root, "relevel_relevel-x_1", "relevel"), "0.log"),
		filepath.Join(root, "ns_a_1", "app", "0.log.20261130-044312"),
		filepath.Join(root, "ns_a_1", "app", "1.log.20261130-044312.gz"),
		filepath.Join(root, "ns_a_1", "app", "2.log.20261130-044312.gz.tmp"),
		filepath.Join(root, "ns_a_1", "app", "notes.txt"),
		filepath.Join(mkdir(t, root, "ns_a_1", "app", "deeper", "x"), "0.log"),
	}
	for _, p := range ignored {
		// Old: a rotated name written since the start would be read as
		// its live name's history (rotated.go), which is not what this
		// test is about.
		writeOld(t, p, "must not be read\n")
	}
	checkSequence(t, "a", h.waitLines(a, 20), "a", 20)
	checkSequence(t, "b", h.waitLines(b, 20), "b", 20)

	// The pod goes away; its file is finished and closed.
	appendFile(t, b, numbered("b", 20, 25))
	if err := os.RemoveAll(filepath.Join(root, "ns_b_2")); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the removed pod's file to close", func() bool { return h.tl.Stats().FilesClosed == 1 })
	// The tailer sent the lines before closing, but the consumer goroutine
	// may not have appended them yet: wait for them.
	checkSequence(t, "b", h.waitLines(b, 25), "b", 25)

	// A new pod after that, and a restart of a container (1.log).
	c := filepath.Join(mkdir(t, root, "ns_c_3", "app"), "0.log")
	writeFile(t, c, numbered("c", 0, 10))
	a1 := filepath.Join(root, "ns_a_1", "app", "1.log")
	writeFile(t, a1, numbered("a1", 0, 10))
	checkSequence(t, "c", h.waitLines(c, 10), "c", 10)
	checkSequence(t, "a1", h.waitLines(a1, 10), "a1", 10)
	h.settle()

	for _, l := range h.snapshot() {
		switch l.Path {
		case a, b, c, a1:
		default:
			t.Errorf("read %s: %q", l.Path, l.Data)
		}
	}
	if st := h.tl.Stats(); st.FilesOpened != 4 || st.FilesTailed != 3 {
		t.Errorf("stats %+v; want 4 opened, 3 tailed", st)
	}
}

// A file reachable under two included names (the /var/log/containers
// symlink and the /var/log/pods file) is read once.
func TestSymlinkReadOnce(t *testing.T) {
	root := t.TempDir()
	pods := mkdir(t, root, "pods", "ns_p_1", "app")
	links := mkdir(t, root, "containers")
	real := filepath.Join(pods, "0.log")
	writeFile(t, real, numbered("s", 0, 10))
	link := filepath.Join(links, "p_ns_app-0123.log")
	if err := os.Symlink(real, link); err != nil {
		t.Fatal(err)
	}
	h := start(t, fastConfig(filepath.Join(root, "pods", "*", "*", "*.log"), filepath.Join(links, "*.log")))
	waitFor(t, "lines", func() bool { return len(h.snapshot()) >= 10 })
	appendFile(t, real, numbered("s", 10, 20))
	waitFor(t, "lines", func() bool { return len(h.snapshot()) >= 20 })
	h.settle()
	var got []string
	for _, l := range h.snapshot() {
		got = append(got, string(l.Data))
	}
	checkSequence(t, "s", got, "s", 20)
	if n := h.tl.Stats().FilesOpened; n != 1 {
		t.Errorf("opened %d files, want 1", n)
	}
}

// A line without its "\n" waits at EOF and is handed out whole when the rest
// arrives; the unterminated rest of a deleted file is handed out when the
// file is closed.
func TestPartialLine(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "app.log")
	writeFile(t, path, "first\nsec")
	h := start(t, fastConfig(filepath.Join(dir, "*.log")))
	h.waitLines(path, 1)
	h.settle()
	if got := h.linesOf(path); len(got) != 1 || got[0] != "first\n" {
		t.Fatalf("lines %q; the partial line must wait", got)
	}
	appendFile(t, path, "ond\nthi")
	got := h.waitLines(path, 2)
	if got[1] != "second\n" {
		t.Errorf("line 2 = %q", got[1])
	}
	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}
	got = h.waitLines(path, 3)
	if got[2] != "thi" || len(got) != 3 {
		t.Errorf("lines %q; want the unterminated rest last", got)
	}
	l := h.snapshot()[2]
	if l.End != int64(len("first\nsecond\nthi")) {
		t.Errorf("End of the rest = %d", l.End)
	}
	waitFor(t, "close", func() bool { return h.tl.Stats().FilesClosed == 1 })
}

// A line longer than MaxLineSize comes out in pieces.
func TestMaxLineSize(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "app.log")
	cfg := fastConfig(filepath.Join(dir, "*.log"))
	cfg.MaxLineSize = 16
	cfg.ReadBuffer = 7 // pieces span reads
	long := strings.Repeat("0123456789", 4)
	writeFile(t, path, long+"\nshort\n"+strings.Repeat("y", 16)+"\n")
	h := start(t, cfg)
	want := []string{long[:16], long[16:32], long[32:] + "\n", "short\n", strings.Repeat("y", 16), "\n"}
	got := h.waitLines(path, len(want))
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("pieces %q, want %q", got, want)
	}
	appendFile(t, path, strings.Repeat("z", 40)) // no newline: pieces still come out
	got = h.waitLines(path, len(want)+2)
	if got[6] != strings.Repeat("z", 16) || got[7] != strings.Repeat("z", 16) {
		t.Errorf("pieces of an unterminated long line: %q", got[6:])
	}
}

// Resuming: an offset stored for the file's identity is where reading
// starts, also when the offset was within the first KiB and the file grew
// past it while the tailer was down; a checkpoint of an earlier file with
// the same inode (different first bytes) is ignored.
func TestResumeFromOffsets(t *testing.T) {
	dir := t.TempDir()
	store, err := checkpoint.Open(filepath.Join(dir, "state"))
	if err != nil {
		t.Fatal(err)
	}
	set := func(path string, off int64) {
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		id, err := checkpoint.FileIdentity(f, off)
		if err != nil {
			t.Fatal(err)
		}
		store.Set(path, id, off)
	}

	long := filepath.Join(dir, "long.log") // checkpoint past the first KiB
	writeFile(t, long, numbered("long", 0, 100))
	set(long, int64(len(numbered("long", 0, 60))))
	if len(numbered("long", 0, 60)) <= checkpoint.FingerprintSize || len(numbered("short", 0, 80)) <= checkpoint.FingerprintSize {
		t.Fatal("test data too short")
	}

	short := filepath.Join(dir, "short.log") // checkpoint inside the first KiB, then growth
	writeFile(t, short, numbered("short", 0, 5))
	set(short, int64(len(numbered("short", 0, 3))))
	appendFile(t, short, numbered("short", 5, 80))

	reused := filepath.Join(dir, "reused.log") // same inode, new content
	writeFile(t, reused, numbered("before", 0, 100))
	set(reused, int64(len(numbered("before", 0, 90))))
	f, err := os.OpenFile(reused, os.O_WRONLY|os.O_TRUNC, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteString(numbered("after", 0, 100)); err != nil {
		t.Fatal(err)
	}
	f.Close()
	if len(store.Entries()) != 3 {
		t.Fatalf("entries %+v", store.Entries())
	}

	cfg := fastConfig(filepath.Join(dir, "*.log"))
	cfg.Offsets = store
	h := start(t, cfg)
	got := h.waitLines(long, 40)
	if !strings.HasPrefix(got[0], "long 60 ") {
		t.Errorf("long: first line %q, want line 60", got[0])
	}
	got = h.waitLines(short, 77)
	if !strings.HasPrefix(got[0], "short 3 ") {
		t.Errorf("short: first line %q, want line 3", got[0])
	}
	got = h.waitLines(reused, 100)
	checkSequence(t, "reused", got, "after", 100)
	h.settle()
	if n := len(h.linesOf(long)); n != 40 {
		t.Errorf("long: %d lines, want 40", n)
	}
	if n := len(h.linesOf(short)); n != 77 {
		t.Errorf("short: %d lines, want 77", n)
	}
}

// The whole loop: lines are acknowledged into a Store, the tailer stops,
// the store is saved and reopened, and a new tailer continues right after
// the last acknowledged line, first inside the first KiB, then past it.
func TestRestartContinuesAfterAckedLine(t *testing.T) {
	dir := t.TempDir()
	logs := mkdir(t, dir, "logs")
	path := filepath.Join(logs, "0.log")
	writeFile(t, path, numbered("r", 0, 200))

	// run starts a tailer, acknowledges its ack-th line, stops, saves.
	run := func(ack int) (first string, acked int64) {
		store, err := checkpoint.Open(filepath.Join(dir, "state"))
		if err != nil {
			t.Fatal(err)
		}
		cfg := fastConfig(filepath.Join(logs, "*.log"))
		cfg.Offsets = store
		h := start(t, cfg)
		h.waitLines(path, ack)
		lines := h.snapshot()
		l := lines[ack-1]
		store.Set(l.Path, l.ID, l.End) // the sink accepted lines up to here
		h.stop()
		if err := store.Save(); err != nil {
			t.Fatal(err)
		}
		return string(lines[0].Data), l.End
	}
	first, acked := run(5)
	if !strings.HasPrefix(first, "r 0 ") || acked >= checkpoint.FingerprintSize {
		t.Fatalf("first run starts at %q, acks %d", first, acked)
	}
	first, acked = run(60)
	if !strings.HasPrefix(first, "r 5 ") { // resumed inside the first KiB
		t.Fatalf("second run starts at %q, want line 5", first)
	}
	if acked <= checkpoint.FingerprintSize {
		t.Fatalf("second ack at %d; the test needs it past the first KiB", acked)
	}
	if first, _ = run(1); !strings.HasPrefix(first, "r 65 ") { // resumed past it
		t.Fatalf("third run starts at %q, want line 65", first)
	}
}

// StartAtEnd: files present at the first scan start after their last
// complete line (a line being written comes out whole); files that appear
// later start at their beginning.
func TestStartAtEnd(t *testing.T) {
	dir := t.TempDir()
	old := filepath.Join(dir, "old.log")
	writeFile(t, old, numbered("old", 0, 100)+"par")
	cfg := fastConfig(filepath.Join(dir, "*.log"))
	cfg.StartAtEnd = true
	h := start(t, cfg)
	waitFor(t, "open", func() bool { return h.tl.Stats().FilesOpened == 1 })
	appendFile(t, old, "tial\nnext\n")
	got := h.waitLines(old, 2)
	if got[0] != "partial\n" || got[1] != "next\n" {
		t.Errorf("lines %q", got)
	}
	later := filepath.Join(dir, "later.log")
	writeFile(t, later, numbered("later", 0, 10))
	checkSequence(t, "later", h.waitLines(later, 10), "later", 10)
}

func TestNewErrors(t *testing.T) {
	if _, err := New(Config{}); err == nil {
		t.Error("no Include accepted")
	}
	if _, err := New(Config{Include: []string{"/x/[.log"}}); err == nil {
		t.Error("bad glob accepted")
	}
	tl, err := New(Config{Include: []string{filepath.Join(t.TempDir(), "*.log")}})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan error, 1)
	go func() { done <- tl.Run(ctx, make(chan Line)) }()
	waitFor(t, "Run to start", tl.running.Load)
	if err := tl.Run(ctx, make(chan Line)); err == nil {
		t.Error("second Run accepted")
	}
	cancel()
	select {
	case <-done:
	case <-time.After(waitTimeout):
		t.Fatal("Run did not stop")
	}
}

func TestPatternLevels(t *testing.T) {
	cases := map[string][]string{
		"/var/log/pods/*/*/*.log":   {"/var/log/pods", "/var/log/pods/*", "/var/log/pods/*/*"},
		"/var/log/containers/*.log": {"/var/log/containers"},
		"/a/b*/c/d/*.log":           {"/a", "/a/b*", "/a/b*/c", "/a/b*/c/d"},
		"/*/x.log":                  {"/", "/*"},
		"rel/*/x.log":               {"rel", "rel/*"},
		"*/x.log":                   {".", "*"},
	}
	for glob, want := range cases {
		got := newPattern(glob).levels
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("%s: levels %q, want %q", glob, got, want)
		}
	}
}

func TestRotatedNames(t *testing.T) {
	for _, p := range []string{"/p/c/0.log.20261130-044312", "/p/c/0.log.20261130-044312.gz", "/p/c/0.log.20261130-044312.gz.tmp", "/d/x-json.log.1", "/p/c/0.log.tmp"} {
		if !rotatedName.MatchString(p) {
			t.Errorf("%s not recognised as rotated", p)
		}
	}
	for _, p := range []string{"/p/c/0.log", "/p/c/12.log", "/c/web_default_app-0123.log"} {
		if rotatedName.MatchString(p) {
			t.Errorf("%s taken for a rotated name", p)
		}
	}
}

func TestNextEnd(t *testing.T) {
	b := []byte("ab\ncdefgh\n\nij")
	var ends []int
	for pos := 0; ; {
		end, ok := nextEnd(b, pos, 4)
		if !ok {
			break
		}
		ends = append(ends, end)
		pos = end
	}
	if want := []int{3, 7, 10, 11}; fmt.Sprint(ends) != fmt.Sprint(want) {
		t.Errorf("ends %v, want %v", ends, want)
	}
	if !bytes.Equal(b[7:10], []byte("gh\n")) {
		t.Fatal("test data")
	}
}

// The rename and the new file are seen in two separate looks (no fsnotify):
// the new file is still read only after the renamed one is finished, and it
// counts as a rotation. With polls, a poll finds the name gone and reads the
// renamed file again; with rescans only, nothing marks the renamed file for
// reading after it reached its end, so the late write is found only because
// a new file under its name makes the tailer read it once more.
func TestRotationSeenInTwoSteps(t *testing.T) {
	for _, tc := range []struct {
		name string
		poll time.Duration
	}{{"polls", 20 * time.Millisecond}, {"rescans only", time.Hour}} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			live := filepath.Join(dir, "0.log")
			writeFile(t, live, numbered("n", 0, 10))
			cfg := fastConfig(filepath.Join(dir, "*.log"))
			cfg.Rescan = 200 * time.Millisecond
			cfg.Poll = tc.poll
			cfg.RotateWait = 5 * time.Second
			h := start(t, cfg, harnessOpt{outCap: 16, noWatch: true})
			h.waitLines(live, 10)

			old, err := os.OpenFile(live, os.O_WRONLY|os.O_APPEND, 0o644)
			if err != nil {
				t.Fatal(err)
			}
			defer old.Close()
			if err := os.Rename(live, live+".20261130-044312"); err != nil {
				t.Fatal(err)
			}
			// Let the looks find the name gone and the renamed file be
			// read to its end. (Were it not yet, the late lines would
			// simply be read then.)
			time.Sleep(3 * cfg.Rescan)
			if _, err := old.WriteString(numbered("n", 10, 20)); err != nil {
				t.Fatal(err)
			}
			writeFile(t, live, numbered("n", 20, 30))
			checkSequence(t, "n", h.waitLines(live, 30), "n", 30)
			if st := h.tl.Stats(); st.Rotations != 1 || st.FilesOpened != 2 {
				t.Errorf("stats %+v; want 1 rotation, 2 opened", st)
			}
		})
	}
}
