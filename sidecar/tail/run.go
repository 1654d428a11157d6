package tail

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/fsnotify/fsnotify"

	"github.com/relevel/relevel/sidecar/checkpoint"
)

// run is the state of one Run: a single goroutine owns it, so nothing in it
// is locked. It alternates between a read round over the files that may
// have data and handling events, ticks and rescans.
type run struct {
	t   *Tailer
	ctx context.Context
	out chan<- Line

	w      *fsnotify.Watcher // nil when fsnotify is unavailable
	events <-chan fsnotify.Event
	errs   <-chan error
	poll   *time.Ticker
	rescan *time.Ticker

	files  map[fileKey]*file            // every open file
	byPath map[string]*file             // the file each live path names now
	prevAt map[string]*file             // an open file that a path named before it went away
	order  []*file                      // open files in opening order, for fair, stable rounds
	known  map[string]map[fileKey]known // per live path: rotated files dealt with (rotated.go)

	started time.Time                     // when Run started
	since   time.Time                     // files modified since were written while a forwarder was in charge (rotated.go)
	restart bool                          // a previous run saved checkpoints (the store's Loaded time)
	entries map[string][]checkpoint.Entry // the checkpoints by path, during the first scan only

	unannounced   []*file    // registered without a checkpoint, not yet given to the Follower
	copies        []copyWait // copies whose checkpoint waits for their original's acknowledgement
	followFailing bool       // the last Follow failed (logged once until it works again)

	first       bool // the first scan is running: StartAtEnd applies
	scanPending bool
	polled      bool // a poll marked every file dirty since the last read round
	watchWarned bool

	buf     []byte // the read buffer, shared by all files
	scratch []byte // for head checks
	ends    []int  // line ends of one read

	skipped map[string]string // unreadable candidates, logged once: path → reason (hostile.go)
}

func newRun(ctx context.Context, t *Tailer, out chan<- Line) *run {
	r := &run{
		t:      t,
		ctx:    ctx,
		out:    out,
		files:  make(map[fileKey]*file),
		byPath: make(map[string]*file),
		prevAt: make(map[string]*file),
		known:  make(map[string]map[fileKey]known),
		first:  true,
		// Before the first look at any file, so a file written after
		// this is never taken for history.
		started: time.Now(),
	}
	// A file's modification time comes from a coarse clock (a kernel
	// tick, a few milliseconds), so a file written just after this may
	// carry a slightly earlier time: take charge a little earlier, which
	// at worst reads a file that just missed being history.
	r.since = r.started.Add(-coarseClock)
	if l, ok := t.cfg.Offsets.(loader); ok {
		if at := l.Loaded(); !at.IsZero() {
			r.restart = true
			if at.Before(r.since) {
				r.since = at
			}
		}
	}
	if !t.noWatch {
		w, err := fsnotify.NewWatcher()
		if err != nil {
			t.log.Warn("tail: fsnotify unavailable, relying on polling", "err", err)
		} else {
			r.w, r.events, r.errs = w, w.Events, w.Errors
		}
	}
	r.poll = time.NewTicker(t.cfg.Poll)
	r.rescan = time.NewTicker(t.cfg.Rescan)
	return r
}

func (r *run) shutdown() {
	r.t.copies = r.copies
	r.poll.Stop()
	r.rescan.Stop()
	if r.w != nil {
		_ = r.w.Close()
	}
	for _, f := range r.order {
		_ = f.f.Close()
		r.t.tailed.Add(-1)
		r.t.closed.Add(1)
	}
	r.order, r.files, r.byPath, r.prevAt = nil, nil, nil, nil
}

func (r *run) loop() error {
	r.loadEntries()
	r.scan()
	r.first = false
	r.entries = nil
	for {
		progressed, err := r.readRound()
		if err != nil {
			return err
		}
		if r.polled {
			r.polled = false
			if !progressed {
				r.t.quietPolls.Add(1)
			}
		}
		// After progress, only look at what is already waiting; when idle,
		// wait for something to happen.
		if err := r.service(!progressed); err != nil {
			return err
		}
	}
}

// service handles pending events and ticks, waiting for the first one if
// block is set, then runs a rescan if one was asked for.
func (r *run) service(block bool) error {
	for n := 0; n < 4096; n++ {
		ok, err := r.step(block && n == 0)
		if err != nil {
			return err
		}
		if !ok {
			break
		}
	}
	if r.scanPending {
		r.scanPending = false
		r.scan()
	}
	return nil
}

func (r *run) step(block bool) (bool, error) {
	if block {
		select {
		case <-r.ctx.Done():
			return false, r.ctx.Err()
		case ev, ok := <-r.events:
			r.onEvent(ev, ok)
		case err, ok := <-r.errs:
			r.onError(err, ok)
		case <-r.poll.C:
			return true, r.onPoll()
		case <-r.rescan.C:
			r.scanPending = true
		}
		return true, nil
	}
	select {
	case <-r.ctx.Done():
		return false, r.ctx.Err()
	case ev, ok := <-r.events:
		r.onEvent(ev, ok)
	case err, ok := <-r.errs:
		r.onError(err, ok)
	case <-r.poll.C:
		return true, r.onPoll()
	case <-r.rescan.C:
		r.scanPending = true
	default:
		return false, nil
	}
	return true, nil
}

func (r *run) onEvent(ev fsnotify.Event, ok bool) {
	if !ok {
		r.events = nil
		return
	}
	p := ev.Name
	if r.t.accept(p) {
		if ev.Op == fsnotify.Write {
			if f := r.byPath[p]; f != nil {
				f.dirty = true
				return
			}
		}
		r.checkPath(p)
		return
	}
	if ev.Has(fsnotify.Create|fsnotify.Remove|fsnotify.Rename) && r.t.isWatchLevel(p) {
		r.scanPending = true
	}
}

func (r *run) onError(err error, ok bool) {
	if !ok {
		r.errs = nil
		return
	}
	if errors.Is(err, fsnotify.ErrEventOverflow) {
		r.t.log.Warn("tail: fsnotify queue overflowed, rescanning", "err", err)
	} else {
		r.t.log.Warn("tail: fsnotify error, rescanning", "err", err)
	}
	r.scanPending = true
}

// onPoll marks every file as possibly grown and closes the files that are
// gone, read to their end and quiet for RotateWait.
func (r *run) onPoll() error {
	now := time.Now()
	r.polled = true
	r.advanceCopies()
	for _, f := range slices.Clone(r.order) {
		f.dirty = true
		if f.gone && f.atEOF && f.after == nil && now.Sub(f.quietSince) >= r.t.cfg.RotateWait {
			if err := r.close(f); err != nil {
				return err
			}
		}
	}
	return nil
}

// scan updates the watched directories, then opens new files and checks
// that every open file is still where it was found.
func (r *run) scan() {
	if r.w != nil {
		want := r.t.watchDirs()
		have := make(map[string]bool)
		for _, d := range r.w.WatchList() {
			have[d] = true
		}
		for d := range want {
			if !have[d] {
				if err := r.w.Add(d); err != nil && !errors.Is(err, os.ErrNotExist) {
					// Likely the inotify watch limit (fs.inotify.max_user_watches);
					// the rescan still finds the files there.
					if !r.watchWarned {
						r.watchWarned = true
						r.t.log.Warn("tail: cannot watch directory, relying on the rescan there", "dir", d, "err", err)
					} else {
						r.t.log.Debug("tail: cannot watch directory", "dir", d, "err", err)
					}
				}
			}
		}
		for d := range have {
			if !want[d] {
				_ = r.w.Remove(d)
			}
		}
	}
	seen := make(map[string]bool)
	for _, p := range r.t.candidates() {
		seen[p] = true
		r.checkPath(p)
	}
	r.pruneSkipped(seen)
	for p := range r.byPath {
		if !seen[p] {
			r.checkPath(p)
		}
	}
	for p := range r.known {
		// Forget the rotated files of a container whose directory is gone;
		// while it exists the live name may come back.
		if !seen[p] && r.byPath[p] == nil && r.prevAt[p] == nil {
			if _, err := os.Stat(filepath.Dir(p)); err != nil {
				delete(r.known, p)
			}
		}
	}
}

// checkPath brings the state of path up to date: a new file there is
// opened, a file no longer there is marked gone, a new file replacing an
// open one is a rotation.
func (r *run) checkPath(p string) {
	cur := r.byPath[p]
	fi, err := os.Stat(p)
	r.noteStat(p, fi, err)
	if err != nil || !fi.Mode().IsRegular() || !r.t.accept(p) {
		if cur != nil {
			r.markGone(cur)
		}
		return
	}
	k := keyOf(fi, p)
	if cur != nil && cur.key == k {
		return
	}
	if f := r.files[k]; f != nil {
		// An open file now (also) has this name.
		if f.path != p && !f.gone && pathNames(f.path, k) {
			return // a second name for a file read under its first one
		}
		if cur != nil {
			r.markGone(cur)
		}
		if r.byPath[f.path] == f {
			delete(r.byPath, f.path)
		}
		if r.prevAt[f.path] == f {
			delete(r.prevAt, f.path)
		}
		f.path, f.gone, f.dirty = p, false, true
		r.byPath[p] = f
		return
	}
	f := r.open(p)
	if f == nil {
		return
	}
	if cur != nil {
		r.markGone(cur)
	}
	// The file that was here before (renamed or deleted, seen now or
	// earlier) is finished first, then the rotated files that were never
	// read under this name (rotated.go), oldest first: each waits for the
	// one before it.
	var before *file
	if prev := r.prevAt[p]; prev != nil {
		delete(r.prevAt, p)
		before = prev
		// An EOF it reached before the new file showed up does not
		// prove it drained: a late write may have landed since. One more
		// read decides, so those lines go out before the new file's.
		prev.atEOF, prev.dirty = false, true
		r.t.rotations.Add(1)
		r.t.log.Debug("tail: rotated", "path", p)
	}
	for _, s := range r.recoverSiblings(p, f) {
		s.after = before
		before = s
	}
	f.after = before
	r.byPath[p] = f
}

func pathNames(p string, k fileKey) bool {
	fi, err := os.Stat(p)
	return err == nil && keyOf(fi, p) == k
}

func (r *run) markGone(f *file) {
	if r.byPath[f.path] == f {
		delete(r.byPath, f.path)
	}
	if f.gone {
		return
	}
	r.prevAt[f.path] = f
	f.gone = true
	f.dirty = true
	f.atEOF = false // only an EOF seen after this counts as drained
	f.quietSince = time.Now()
}

// readRound reads one buffer from every file that may have data.
func (r *run) readRound() (bool, error) {
	progressed := false
	for _, f := range slices.Clone(r.order) {
		if !f.dirty || f.closed {
			continue
		}
		p, err := r.read(f)
		if err != nil {
			return false, err
		}
		progressed = progressed || p
	}
	return progressed, nil
}

// send hands one line out, waiting while out is full.
func (r *run) send(l Line) error {
	select { // without waiting, the common case: cheaper than the select below
	case r.out <- l:
		r.t.lines.Add(1)
		return nil
	default:
	}
	select {
	case r.out <- l:
		r.t.lines.Add(1)
		return nil
	case <-r.ctx.Done():
		return r.ctx.Err()
	}
}
