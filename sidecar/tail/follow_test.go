package tail

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/relevel/relevel/sidecar/checkpoint"
)

// reopenStore opens the state directory of store again, as a restarted
// process would: only what was saved is there.
func reopenStore(t *testing.T, store *checkpoint.Store) *checkpoint.Store {
	t.Helper()
	again, err := checkpoint.Open(dirOf(store))
	if err != nil {
		t.Fatal(err)
	}
	return again
}

// identityOf is the checkpoint identity of the file at path now.
func identityOf(t *testing.T, path string) checkpoint.Identity {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	id, err := checkpoint.FileIdentity(f, 0)
	if err != nil {
		t.Fatal(err)
	}
	return id
}

func dirOf(store *checkpoint.Store) string {
	p := store.Path()
	return p[:strings.LastIndexByte(p, '/')]
}

// The first pattern of issue 12: the forwarder follows 0.log, hands out its
// lines, and nothing is acknowledged (the intake is down); kubelet rotates
// it, and the process is killed before it sees the new file. After the
// restart no checkpoint was ever Set, yet the rotated file is not history:
// it was followed, and that fact was saved before its first line went out.
// It is read from its start, then the new live file.
func TestFollowedBeforeAnyAck(t *testing.T) {
	for _, startAtEnd := range []bool{false, true} {
		t.Run(map[bool]string{false: "from beginning", true: "start at end"}[startAtEnd], func(t *testing.T) {
			root, live := podDir(t)
			store := openStore(t)
			cfg := fastConfig(podGlob(root))
			cfg.Offsets = store
			cfg.StartAtEnd = startAtEnd
			writeFile(t, live, "")
			h := start(t, cfg)
			waitFor(t, "the live file to be opened", func() bool { return h.tl.Stats().FilesOpened == 1 })
			appendFile(t, live, numbered("gen1", 0, 30))
			h.waitLines(live, 30)
			h.stop() // kill -9: nothing acknowledged, no Set, no Save but Follow's

			os.Rename(live, live+".20261201-101500")
			writeFile(t, live, numbered("gen2", 0, 10))

			cfg.Offsets = reopenStore(t, store)
			h2 := start(t, cfg)
			h2.waitLines(live, 40)
			h2.settle()
			got := h2.linesOf(live)
			checkRange(t, "rotated generation", got[:30], "gen1", 0, 30)
			checkRange(t, "live file", got[30:], "gen2", 0, 10)
			if st := h2.tl.Stats(); st.FollowErrors != 0 {
				t.Errorf("stats %+v", st)
			}
		})
	}
}

// A Follow that fails is counted, and reading goes on.
func TestFollowErrorCounted(t *testing.T) {
	root, live := podDir(t)
	writeFile(t, live, numbered("w", 0, 5))
	cfg := fastConfig(podGlob(root))
	cfg.Offsets = failingFollower{}
	h := start(t, cfg)
	checkRange(t, "live", h.waitLines(live, 5), "w", 0, 5)
	if st := h.tl.Stats(); st.FollowErrors != 1 {
		t.Errorf("FollowErrors %d, want 1", st.FollowErrors)
	}
}

type failingFollower struct{}

func (failingFollower) Offset(checkpoint.Identity) (int64, bool) { return 0, false }
func (failingFollower) Follow([]checkpoint.Entry) error          { return os.ErrPermission }

// logrotate's copytruncate while the tailer runs: lines written after the
// tailer's last read and before the truncation are only in the copy. They
// are read from there, before the truncated file goes on from 0; each line
// once, in order, an unterminated line at the copy point whole.
func TestCopyTruncateReadsRestFromCopy(t *testing.T) {
	root, live := podDir(t)
	cfg := fastConfig(podGlob(root))
	cfg.Offsets = openStore(t)
	writeFile(t, live, "")
	h := start(t, cfg)
	waitFor(t, "the live file to be opened", func() bool { return h.tl.Stats().FilesOpened == 1 })
	appendFile(t, live, numbered("w", 0, 20))
	h.waitLines(live, 20)
	// Written and copied away before the tailer could look: the write, the
	// copy and the truncation happen in one step from its point of view
	// only if it does not read in between, so the file is grown past its
	// old size with other content in the same step.
	unread := numbered("w", 20, 40) + "w 40 partial"
	data, _ := os.ReadFile(live)
	writeFile(t, live+".1", string(data)+unread+" rest\n")
	writeFile(t, live, numbered("new", 0, 60)) // truncated and rewritten past the old offset
	h.waitLines(live, 101)
	h.settle()
	got := h.linesOf(live)
	checkRange(t, "before", got[:40], "w", 0, 40)
	if got[40] != "w 40 partial rest\n" {
		t.Errorf("line 40 %q, want the partial line whole", got[40])
	}
	checkRange(t, "after", got[41:], "new", 0, 60)
	if st := h.tl.Stats(); st.Truncations != 1 || st.RotatedRecovered != 1 {
		t.Errorf("stats %+v; want 1 truncation, 1 recovered", st)
	}
}

// copytruncate while the tailer was stopped: the checkpoint's inode now
// holds other content, and the copy holds the checkpointed bytes and the
// rest. The copy is read from the checkpoint, then the live file from 0 —
// also with StartAtEnd, since its inode was followed.
func TestRestartCopyTruncate(t *testing.T) {
	for _, startAtEnd := range []bool{false, true} {
		t.Run(map[bool]string{false: "from beginning", true: "start at end"}[startAtEnd], func(t *testing.T) {
			root, live := podDir(t)
			store := openStore(t)
			writeFile(t, live, numbered("w", 0, 100))
			setCheckpoint(t, store, live, live, int64(len(numbered("w", 0, 60))))
			if err := store.Save(); err != nil {
				t.Fatal(err)
			}
			writeOld(t, live+".2", numbered("older", 0, 10)) // an earlier copy
			writeFile(t, live+".1", numbered("w", 0, 100))
			if err := os.Truncate(live, 0); err != nil {
				t.Fatal(err)
			}
			appendFile(t, live, numbered("new", 0, 5))

			cfg := fastConfig(podGlob(root))
			cfg.Offsets = reopenStore(t, store)
			cfg.StartAtEnd = startAtEnd
			h := start(t, cfg)
			h.waitLines(live, 45)
			h.settle()
			got := h.linesOf(live)
			checkRange(t, "copy", got[:40], "w", 60, 100)
			checkRange(t, "live", got[40:], "new", 0, 5)
		})
	}
}

// Issue 12's first-generation losses from the fault schedules, each with
// and without StartAtEnd; in both, the previous run saved its checkpoints
// before the files below were written:
//
//   - a pod created while no forwarder ran, whose first file rotated
//     before the restart: its path was never followed, yet nothing at it
//     is history, since it was all written after the last save;
//   - copytruncate while down, before any line of the live file was
//     acknowledged: its Follow entry (offset 0) matches any content, so no
//     checkpoint recognises the copy; it was written since the last save.
//
// History at a path nobody followed, older than that save, stays unread.
func TestRestartFilesWrittenWhileDown(t *testing.T) {
	for _, startAtEnd := range []bool{false, true} {
		t.Run(map[bool]string{false: "from beginning", true: "start at end"}[startAtEnd], func(t *testing.T) {
			root, live := podDir(t)
			old := filepath.Join(mkdir(t, root, "ns_old-0_9f8e", "app"), "0.log")
			writeOld(t, old+".20261130-090000", numbered("history", 0, 10))
			writeOld(t, old, numbered("history", 10, 20))

			store := openStore(t)
			writeFile(t, live, "")
			id := identityOf(t, live)
			if err := store.Follow([]checkpoint.Entry{{Path: live, ID: id}}); err != nil {
				t.Fatal(err)
			}
			// File times and the checkpoint file's come from one clock:
			// what is written from here on is not older than the save.

			// While down: the followed file was copied and truncated...
			writeFile(t, live+".1", numbered("w", 0, 30))
			if err := os.Truncate(live, 0); err != nil {
				t.Fatal(err)
			}
			appendFile(t, live, numbered("w", 30, 40))
			// ...and a new pod's file rotated.
			added := filepath.Join(mkdir(t, root, "ns_new-0_1a2b", "app"), "0.log")
			writeFile(t, added+".20261201-101500", numbered("n", 0, 20))
			writeFile(t, added, numbered("n", 20, 25))

			cfg := fastConfig(podGlob(root))
			cfg.Offsets = reopenStore(t, store)
			cfg.StartAtEnd = startAtEnd
			h := start(t, cfg)
			h.waitLines(live, 40)
			h.waitLines(added, 25)
			appendFile(t, old, numbered("later", 0, 2))
			h.settle()
			checkRange(t, "copied path", h.linesOf(live), "w", 0, 40)
			checkRange(t, "new pod", h.linesOf(added), "n", 0, 25)
			if startAtEnd {
				checkRange(t, "old path", h.waitLines(old, 2), "later", 0, 2)
			} else {
				got := h.waitLines(old, 12)
				checkRange(t, "old path", got[:10], "history", 10, 20)
			}
		})
	}
}

// copytruncate while reading is blocked mid-file (a full channel during an
// outage) and the new content outgrows the old read offset before the
// next read: what that read returns is new content at the old offset, and
// none of it may go out. The rest of the old content is read from the
// copy, then the new content from 0; each line once, in order.
func TestCopyTruncateWhileBlocked(t *testing.T) {
	root, live := podDir(t)
	cfg := fastConfig(podGlob(root))
	cfg.Offsets = openStore(t)
	cfg.ReadBuffer = 4 << 10
	writeFile(t, live, numbered("w", 0, 2000))
	gate := make(chan struct{})
	h := start(t, cfg, harnessOpt{outCap: 1, gateAt: 10, gate: gate})
	h.waitLines(live, 10)
	// The consumer is stopped, the tailer blocked with one buffer read.
	data, err := os.ReadFile(live)
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, live+".1", string(data))
	if err := os.Truncate(live, 0); err != nil {
		t.Fatal(err)
	}
	appendFile(t, live, numbered("new", 0, 600)) // past the 4 KiB read
	close(gate)
	h.waitLines(live, 2600)
	h.settle()
	got := h.linesOf(live)
	if len(got) != 2600 {
		t.Fatalf("%d lines, want 2600", len(got))
	}
	checkRange(t, "old content", got[:2000], "w", 0, 2000)
	checkRange(t, "new content", got[2000:], "new", 0, 600)
}

// Two copytruncates, each while the forwarder was down, with a run between
// them that acknowledged nothing (an intake outage): the first copy is
// resumed from its original's checkpoint, which the original's new
// content replaces as soon as it is followed, so the copy must be
// announced with its own entry — or, after the second restart, the copy,
// renamed to .2 and older than the last save, is taken for history and
// its unacknowledged lines are lost (datadog seed 469: 352 lines).
func TestRestartCopyTruncateTwiceWhileDown(t *testing.T) {
	root, live := podDir(t)
	store := openStore(t)
	writeFile(t, live, numbered("w", 0, 100))
	at := int64(len(numbered("w", 0, 60)))
	setCheckpoint(t, store, live, live, at)
	if err := store.Save(); err != nil {
		t.Fatal(err)
	}
	copyTruncate := func(lines string) {
		t.Helper()
		if _, err := os.Stat(live + ".1"); err == nil {
			if err := os.Rename(live+".1", live+".2"); err != nil {
				t.Fatal(err)
			}
		}
		data, err := os.ReadFile(live)
		if err != nil {
			t.Fatal(err)
		}
		writeFile(t, live+".1", string(data))
		if err := os.Truncate(live, 0); err != nil {
			t.Fatal(err)
		}
		appendFile(t, live, lines)
	}
	copyTruncate(numbered("gen2-", 0, 20))

	cfg := fastConfig(podGlob(root))
	cfg.Offsets = reopenStore(t, store)
	h := start(t, cfg)
	h.waitLines(live, 60) // w 60–99 from the copy, then gen2
	h.stop()              // kill -9: nothing acknowledged, only Follow saved

	copyTruncate(numbered("gen3-", 0, 5))
	cfg.Offsets = reopenStore(t, cfg.Offsets.(*checkpoint.Store))
	h2 := start(t, cfg)
	h2.waitLines(live, 65)
	h2.settle()
	got := h2.linesOf(live)
	checkRange(t, "first copy, from its original's checkpoint", got[:40], "w", 60, 100)
	checkRange(t, "second copy", got[40:60], "gen2-", 0, 20)
	checkRange(t, "live", got[60:], "gen3-", 0, 5)
}

// The checkpoint file was found corrupt after a downtime in which kubelet
// rotated the followed file. Its entries are lost, so the rotated file has
// no checkpoint; but it was written after the previous run's last save,
// which the corrupt file's modification time still tells, so it is no
// history: it is read from its start (the acknowledged lines again, at
// least once), then the live file. Taken for history, 30 lines were lost.
func TestRestartAfterCorruptCheckpoint(t *testing.T) {
	root, live := podDir(t)
	writeFile(t, live, numbered("w", 0, 10))
	store := openStore(t)
	id := identityOf(t, live)
	fi, err := os.Stat(live)
	if err != nil {
		t.Fatal(err)
	}
	store.Set(live, id, fi.Size()) // all of it acknowledged
	if err := store.Save(); err != nil {
		t.Fatal(err)
	}

	// While down: more lines, a rotation, a new live file...
	appendFile(t, live, numbered("w", 10, 30))
	if err := os.Rename(live, live+".20261201-101500"); err != nil {
		t.Fatal(err)
	}
	writeFile(t, live, numbered("w", 30, 40))
	// ...and the checkpoint's bytes were damaged, not its time. The
	// downtime was an hour: the save, then the rotation, long before
	// this start.
	if err := os.WriteFile(store.Path(), []byte(`{"version":2,"entries":[{"pa`), 0o644); err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	for path, at := range map[string]time.Time{
		store.Path():              now.Add(-time.Hour),
		live + ".20261201-101500": now.Add(-30 * time.Minute),
		live:                      now.Add(-10 * time.Minute),
	} {
		if err := os.Chtimes(path, at, at); err != nil {
			t.Fatal(err)
		}
	}

	again, err := checkpoint.Open(dirOf(store))
	if !errors.Is(err, checkpoint.ErrCorrupt) || again == nil {
		t.Fatalf("Open = %v, %v; want a store and ErrCorrupt", again, err)
	}
	cfg := fastConfig(podGlob(root))
	cfg.Offsets = again
	h := start(t, cfg)
	checkRange(t, "rotated, then live", h.waitLines(live, 40)[:40], "w", 0, 40)
}
