package tail

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/relevel/relevel/sidecar/checkpoint"
)

// setCheckpoint records in store that the file now named name was accepted
// up to off, under the live path it was read as.
func setCheckpoint(t *testing.T, store *checkpoint.Store, live, name string, off int64) checkpoint.Identity {
	t.Helper()
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	id, err := checkpoint.FileIdentity(f, off)
	if err != nil {
		t.Fatal(err)
	}
	store.Set(live, id, off)
	return id
}

func openStore(t *testing.T) *checkpoint.Store {
	t.Helper()
	store, err := checkpoint.Open(filepath.Join(t.TempDir(), "state"))
	if err != nil {
		t.Fatal(err)
	}
	return store
}

func podDir(t *testing.T) (root, live string) {
	root = t.TempDir()
	return root, filepath.Join(mkdir(t, root, "ns_web-0_0f3c", "app"), "0.log")
}

func podGlob(root string) string { return filepath.Join(root, "*", "*", "*.log") }

// The tailer was down while the container wrote more lines and kubelet
// rotated 0.log, twice: the file it was in the middle of (checkpoint below
// its size) is read from the checkpoint, then the file created and rotated
// while it was down (no checkpoint, newer than a followed file) from its
// beginning, then the live file; every line once, in order, under the live
// name, each with the identity of the file it came from. A sibling read to
// its end, older history, compressed and temporary files are not read.
func TestRestartReadsRotatedRest(t *testing.T) {
	root, live := podDir(t)
	ts := func(s string) string { return live + ".20261130-" + s }
	store := openStore(t)

	writeOld(t, ts("090000"), numbered("history", 0, 20))    // before anything was followed
	writeFile(t, ts("091500"), numbered("done", 0, 20))      // read to its end
	writeFile(t, ts("093000.gz"), numbered("gz", 0, 20))     // never read, whatever it holds
	writeFile(t, ts("093000.gz.tmp"), numbered("tmp", 0, 5)) // kubelet compressing
	setCheckpoint(t, store, live, ts("091500"), int64(len(numbered("done", 0, 20))))

	// The file being read when the tailer stopped: checkpoint at line 60,
	// past the first KiB; lines 60 to 99 were written after that.
	writeFile(t, ts("101500"), numbered("w", 0, 100))
	firstID := setCheckpoint(t, store, live, ts("101500"), int64(len(numbered("w", 0, 60))))
	if len(numbered("w", 0, 60)) <= checkpoint.FingerprintSize {
		t.Fatal("test data too short")
	}
	writeFile(t, ts("103000"), numbered("w", 100, 150)) // created and rotated while down
	writeFile(t, live, numbered("w", 150, 200))

	cfg := fastConfig(podGlob(root))
	cfg.Offsets = store
	h := start(t, cfg)
	h.waitLines(live, 140)
	h.settle()
	got := h.linesOf(live)
	checkRange(t, "w", got, "w", 60, 200)

	// The rotated files' lines carry their own identity and offsets.
	for _, l := range h.snapshot() {
		if l.Path != live {
			t.Fatalf("line from %s", l.Path)
		}
	}
	lines := h.snapshot()
	if lines[0].ID.Inode != firstID.Inode || lines[0].End != int64(len(numbered("w", 0, 61))) {
		t.Errorf("first line: ID %v End %d; want the rotated file's inode %d and offset of line 61", lines[0].ID, lines[0].End, firstID.Inode)
	}
	for i, name := range map[int]string{39: ts("101500"), 89: ts("103000"), 139: live} {
		f, err := os.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		want, err := checkpoint.FileIdentity(f, lines[i].End)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		if lines[i].ID != want {
			t.Errorf("line %d: ID %v, want %v (%s)", i, lines[i].ID, want, name)
		}
	}
	waitFor(t, "the rotated files to close", func() bool { return h.tl.Stats().FilesClosed == 2 })
	if st := h.tl.Stats(); st.RotatedRecovered != 2 || st.FilesOpened != 3 || st.FilesTailed != 1 || st.RotatedLostBytes != 0 {
		t.Errorf("stats %+v; want 2 recovered, 3 opened, 1 tailed", st)
	}
}

// checkRange checks that lines are exactly "<prefix> from …" to
// "<prefix> to-1 …", each once and in order.
func checkRange(t *testing.T, name string, lines []string, prefix string, from, to int) {
	t.Helper()
	if len(lines) != to-from {
		t.Errorf("%s: %d lines, want %d", name, len(lines), to-from)
	}
	for i, l := range lines {
		if want := prefix + " " + strconv.Itoa(from+i) + " "; !strings.HasPrefix(l, want) || !strings.HasSuffix(l, "\n") {
			t.Fatalf("%s: line %d is %q, want %q…; around it: %q", name, i, l, want, lines[max(0, i-2):min(len(lines), i+3)])
		}
	}
}

// With StartAtEnd, a checkpoint is still honoured, and the files created
// at a followed path while the tailer was stopped (a rotated sibling and
// the live file, no checkpoint of their own) are read from their
// beginning: the path was followed, so they are not history (issue 12). A
// path never followed starts at its end, rotated files there untouched.
func TestRestartStartAtEnd(t *testing.T) {
	root, live := podDir(t)
	store := openStore(t)
	first := live + ".20261130-101500"
	writeFile(t, first, numbered("w", 0, 10))
	setCheckpoint(t, store, live, first, int64(len(numbered("w", 0, 5))))
	writeFile(t, live+".20261130-103000", numbered("w", 10, 20))
	writeFile(t, live, numbered("w", 20, 30))
	other := filepath.Join(mkdir(t, root, "ns_new-0_1a2b", "app"), "0.log")
	writeOld(t, other+".20261130-103000", numbered("history", 0, 10))
	writeOld(t, other, numbered("history", 10, 20))

	cfg := fastConfig(podGlob(root))
	cfg.Offsets = store
	cfg.StartAtEnd = true
	h := start(t, cfg)
	h.waitLines(live, 25)
	appendFile(t, live, numbered("w", 30, 33))
	appendFile(t, other, numbered("new", 0, 3))
	h.waitLines(live, 28)
	h.waitLines(other, 3)
	h.settle()
	checkRange(t, "followed path", h.linesOf(live), "w", 5, 33)
	checkRange(t, "new path", h.linesOf(other), "new", 0, 3)
}

// The checkpointed file was compressed before the tailer came back: its
// unread bytes are counted as lost, and the file rotated after it (no
// checkpoint) is read, since it is newer than a followed file.
func TestRestartCountsCompressedLoss(t *testing.T) {
	root, live := podDir(t)
	store := openStore(t)
	first := live + ".20261130-101500"
	writeFile(t, first, numbered("w", 0, 100))
	off := int64(len(numbered("w", 0, 70)))
	setCheckpoint(t, store, live, first, off)
	gzipLikeKubelet(t, first)
	writeFile(t, live+".20261130-103000", numbered("w", 100, 150))
	writeFile(t, live, numbered("w", 150, 160))

	cfg := fastConfig(podGlob(root))
	cfg.Offsets = store
	h := start(t, cfg)
	h.waitLines(live, 60)
	h.settle()
	got := h.linesOf(live)
	checkRange(t, "w", got, "w", 100, 160)
	want := int64(len(numbered("w", 70, 100)))
	if st := h.tl.Stats(); st.RotatedLostBytes != want || st.RotatedRecovered != 1 {
		t.Errorf("stats %+v; want %d bytes lost, 1 recovered", st, want)
	}
}

// A first start (no checkpoints at all, or a Store without entries) leaves
// rotated files alone, also when a rotation happens later: they are
// history, like for the Datadog Agent.
func TestFreshStartSkipsRotated(t *testing.T) {
	for _, withStore := range []bool{false, true} {
		t.Run(map[bool]string{false: "no offsets", true: "empty store"}[withStore], func(t *testing.T) {
			root, live := podDir(t)
			writeOld(t, live+".20261130-090000", numbered("old", 0, 10))
			writeOld(t, live+".20261130-091500", numbered("old", 10, 20))
			writeOld(t, live+".1", numbered("old", 20, 30))
			writeFile(t, live, numbered("n", 0, 10))
			cfg := countingConfig(podGlob(root))
			if withStore {
				cfg.Offsets = openStore(t)
			}
			h := start(t, cfg)
			h.waitLines(live, 10)

			// kubelet rotates while the tailer runs.
			if err := os.Rename(live, live+".20261130-101500"); err != nil {
				t.Fatal(err)
			}
			writeFile(t, live, numbered("n", 10, 20))
			h.waitLines(live, 20)
			h.settle()
			checkSequence(t, "n", h.linesOf(live), "n", 20)
			if st := h.tl.Stats(); st.RotatedRecovered != 0 || st.Rotations != 1 {
				t.Errorf("stats %+v; want no recovery, 1 rotation", st)
			}
		})
	}
}

// The consumer stops taking lines (the intake is down, the channel is
// full, the tailer blocks in send) while kubelet rotates 0.log twice and
// compresses the first rotated file: the file the tailer had open is
// finished, the intermediate one it never saw is read, then the live one;
// every line once, in order. Compressed and temporary siblings written
// meanwhile are not read.
func TestRotateTwiceWhileBlocked(t *testing.T) {
	for _, noWatch := range []bool{false, true} {
		t.Run(map[bool]string{false: "fsnotify", true: "polling"}[noWatch], func(t *testing.T) {
			root, live := podDir(t)
			writeFile(t, live, numbered("w", 0, 10))
			cfg := fastConfig(podGlob(root))
			cfg.Rescan = 100 * time.Millisecond
			tl, err := New(cfg)
			if err != nil {
				t.Fatal(err)
			}
			tl.noWatch = noWatch
			ctx, cancel := context.WithCancel(context.Background())
			out := make(chan Line, 4)
			done := make(chan error, 1)
			go func() { done <- tl.Run(ctx, out) }()
			defer func() {
				cancel()
				if err := <-done; !errors.Is(err, context.Canceled) {
					t.Errorf("Run: %v", err)
				}
			}()
			var got []Line
			take := func(n int) {
				t.Helper()
				deadline := time.After(waitTimeout)
				for len(got) < n {
					select {
					case l := <-out:
						got = append(got, l)
					case <-deadline:
						t.Fatalf("%d lines, want %d", len(got), n)
					}
				}
			}
			take(10)

			// Blocked: 4 lines fill the channel, the tailer waits on the 5th.
			appendFile(t, live, numbered("w", 10, 60))
			waitFor(t, "the tailer to block", func() bool { return tl.Stats().Lines >= 14 })
			first, second := live+".20261130-101500", live+".20261130-103000"
			if err := os.Rename(live, first); err != nil {
				t.Fatal(err)
			}
			writeFile(t, live, numbered("w", 60, 110))
			if err := os.Rename(live, second); err != nil {
				t.Fatal(err)
			}
			writeFile(t, live, numbered("w", 110, 160))
			gzipLikeKubelet(t, first) // the tailer's descriptor keeps it readable
			writeFile(t, second+".gz.tmp", numbered("tmp", 0, 5))
			writeFile(t, live+".20261130-090000.gz", numbered("gz", 0, 5))
			time.Sleep(300 * time.Millisecond) // polls and rescans pass while blocked

			take(160)
			time.Sleep(150 * time.Millisecond)
		drain:
			for {
				select {
				case l := <-out:
					got = append(got, l)
				default:
					break drain
				}
			}
			var data []string
			for _, l := range got {
				if l.Path != live {
					t.Fatalf("line from %s: %q", l.Path, l.Data)
				}
				data = append(data, string(l.Data))
			}
			checkSequence(t, "w", data, "w", 160)
			st := tl.Stats()
			if st.RotatedRecovered != 1 || st.Rotations != 1 || st.FilesOpened != 3 {
				t.Errorf("stats %+v; want 1 recovered, 1 rotation, 3 opened", st)
			}
		})
	}
}
