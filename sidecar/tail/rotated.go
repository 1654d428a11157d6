package tail

import (
	"bytes"
	"cmp"
	"compress/gzip"
	"encoding/binary"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/relevel/relevel/sidecar/checkpoint"
)

// Rotated siblings. Discovery never opens a rotated name, so a file that
// was rotated away before the tailer opened it under its live name would
// be lost: rotated while no forwarder ran (a crash, an upgrade, a pod
// created meanwhile), or twice while the tailer was blocked on a full
// channel (the intermediate file never had the live name when the tailer
// looked). Whenever a new file is opened at a live path P, the
// uncompressed rotated siblings of P (P.<YYYYMMDD-hhmmss>, P.<N>) that are
// not open are examined, oldest first, and one is read, to its end and
// before the new file, when:
//
//   - a checkpoint matches it and is below its size: from the checkpoint
//     (a copy that copytruncate made of a checkpointed file matches that
//     file's checkpoint by its first bytes);
//   - no checkpoint matches it and it was modified since a forwarder took
//     charge: since this Run started or, when the store was saved by an
//     earlier run, since that run's last save (checkpoint.Store.Loaded).
//     A file written since then was written while the forwarder was
//     responsible for every path its globs match: a path it followed has
//     checkpoints for the files it read, and any other path (a pod created
//     while no forwarder ran, a file rotated away before any line of it
//     was acknowledged) was new. From its beginning;
//   - no checkpoint matches it and an older sibling was followed by a
//     tailer (one has a checkpoint, or at the first scan a compressed
//     sibling matches a checkpoint of P): from its beginning, because it
//     was created after the tailer last followed P, so it is not history.
//     With StartAtEnd, the first scan leaves such a sibling alone, as it
//     starts files without a checkpoint at their end.
//
// Any other sibling is left alone: at a first start there is no checkpoint
// and the rotated files are history, which is not shipped (like the Datadog
// Agent). Compressed (.gz) and temporary (.tmp) siblings are never read.
// Lines of a sibling carry Path P, and the sibling's own identity and
// offsets. A file is never read twice: siblings open under any name are
// skipped, and so are the rotated files this run read and closed or left
// alone (known), which checkpoints that lag behind the sink cannot tell.
//
// Siblings are examined only when a new file is opened at P (by the first
// scan, a rescan, an event, or the old file's end showing that P moved on):
// a file becomes a sibling by a rename of P, which changes what P names, so
// a look that finds P unchanged has nothing new beside it, and the cost (a
// directory read) is paid once per rotation. A consequence: while P does
// not exist (the container stopped for good before its runtime created a
// new P), its siblings are not examined.

// coarseClock is how far a file's modification time (set from the kernel's
// coarse clock) may lag behind time.Now.
const coarseClock = 20 * time.Millisecond

// loader is the optional part of Config.Offsets that says when the
// checkpoints it loaded were saved (checkpoint.Store has it).
type loader interface {
	Loaded() time.Time
}

// rotatedSuffix is what rotation appends to a live name (after a dot):
// kubelet's timestamp or a copy number.
var rotatedSuffix = regexp.MustCompile(`^(\d{8}-\d{6}|\d+)$`)

// sibling is a rotated copy of a live path.
type sibling struct {
	name   string // full path
	suffix string
	num    int64 // the copy number; -1 for a timestamp
	gz     bool
}

// cmpRotation orders siblings oldest first: timestamps ascending, copy
// numbers descending (.1 is the newest copy), copy numbers before
// timestamps (the two schemes do not mix in practice).
func cmpRotation(a, b sibling) int {
	switch {
	case a.num < 0 && b.num < 0:
		return strings.Compare(a.suffix, b.suffix)
	case a.num >= 0 && b.num >= 0:
		return cmp.Compare(b.num, a.num)
	case a.num >= 0:
		return -1
	}
	return 1
}

// siblings returns the rotated copies of the live path p, oldest first,
// compressed ones included. Behind a symlink (/var/log/containers) they are
// beside the file it points to.
func siblings(p string) []sibling {
	if real, err := filepath.EvalSymlinks(p); err == nil {
		p = real
	}
	dir, base := filepath.Dir(p), filepath.Base(p)+"."
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	var out []sibling
	for _, e := range ents {
		rest, ok := strings.CutPrefix(e.Name(), base)
		if !ok {
			continue
		}
		s := sibling{name: filepath.Join(dir, e.Name()), num: -1}
		rest, s.gz = strings.CutSuffix(rest, ".gz")
		if !rotatedSuffix.MatchString(rest) {
			continue // also .gz.tmp and anything else
		}
		s.suffix = rest
		if !strings.Contains(rest, "-") {
			n, err := strconv.ParseInt(rest, 10, 64)
			if err != nil {
				continue
			}
			s.num = n
		}
		out = append(out, s)
	}
	slices.SortStableFunc(out, cmpRotation)
	return out
}

// known is a rotated file this run has dealt with: read and closed, or
// decided to leave alone. n and fp fingerprint its first bytes, so a new
// file that reuses the inode is not taken for it.
type known struct {
	n    int
	fp   uint64
	read bool // it was followed (read, or checkpointed to its end)
}

func knownOf(head []byte, read bool) known {
	return known{n: len(head), fp: checkpoint.Fingerprint(head), read: read}
}

func (k known) matches(head []byte) bool {
	return k.n <= len(head) && checkpoint.Fingerprint(head[:k.n]) == k.fp
}

// entryLister is the optional part of Config.Offsets that lists every
// checkpoint (checkpoint.Store has it); it is used at the first scan to
// recognise checkpointed files that were compressed before being read.
type entryLister interface {
	Entries() []checkpoint.Entry
}

// loadEntries indexes the checkpoints by path for the first scan.
func (r *run) loadEntries() {
	l, ok := r.t.cfg.Offsets.(entryLister)
	if !ok {
		return
	}
	r.entries = make(map[string][]checkpoint.Entry)
	for _, e := range l.Entries() {
		r.entries[e.Path] = append(r.entries[e.Path], e)
	}
}

// recoverSiblings opens the rotated siblings of p that must be read before
// live, the file just opened at p (see the rules above), and returns them
// oldest first. The siblings are marked gone, so they are closed like any rotated
// file once read and quiet for RotateWait.
func (r *run) recoverSiblings(p string, live *file) []*file {
	sibs := siblings(p)
	prev := r.known[p]
	keep := make(map[fileKey]known)
	var orphans []checkpoint.Entry
	if r.first && len(r.entries[p]) > 0 {
		orphans = r.orphans(p, live, sibs)
	}
	followed := false // a sibling older than the current one was followed
	var out []*file
	for _, s := range sibs {
		if s.gz {
			if len(orphans) > 0 {
				var matched bool
				if orphans, matched = r.matchCompressed(p, s, orphans); matched {
					followed = true
				}
			}
			continue
		}
		f, size := r.openHead(s.name, p)
		if f == nil {
			continue
		}
		if r.files[f.key] != nil { // open already, under its live name or as a sibling
			_ = f.f.Close()
			followed = true
			continue
		}
		if k, ok := prev[f.key]; ok && k.matches(f.head) {
			_ = f.f.Close()
			keep[f.key] = k
			followed = followed || k.read
			continue
		}
		from, why := int64(-1), ""
		off, checkpointed := r.resume(f, size)
		ownEntry := checkpointed
		if !checkpointed && len(orphans) > 0 {
			// A copy (copytruncate) of a checkpointed file whose inode
			// now holds other content: resume in the copy.
			var i int
			if i, checkpointed = matchHead(f.head, orphans); checkpointed {
				off = orphans[i].Offset
				orphans = slices.Delete(orphans, i, i+1)
				if off > size {
					checkpointed = false
				}
			}
		}
		switch {
		case checkpointed:
			if off < size {
				from, why = off, "checkpoint"
			}
		case !f.mtime.Before(r.since):
			from, why = 0, "written since the forwarder took charge"
		case followed:
			from, why = 0, "newer than a followed file"
		}
		followed = followed || checkpointed || from >= 0
		if from < 0 {
			_ = f.f.Close()
			keep[f.key] = knownOf(f.head, checkpointed)
			continue
		}
		// A copy resumed from its original's checkpoint has no entry of
		// its own, and the original's is replaced as soon as the file
		// now at its inode is followed: announce the copy at from, or a
		// crash before its lines are acknowledged leaves nothing saying
		// it must be read, and the next start takes it for history.
		r.register(f, from, why == "checkpoint" && ownEntry)
		f.gone = true
		f.quietSince = time.Now()
		r.t.recovered.Add(1)
		r.t.log.Info("tail: reading a rotated file that was not read to its end", "path", p, "file", s.name, "offset", from, "from", why, "size", size)
		out = append(out, f)
	}
	if len(keep) > 0 {
		r.known[p] = keep
	} else {
		delete(r.known, p)
	}
	return out
}

// orphans returns the checkpoints of p whose file is neither live, nor an
// uncompressed sibling, nor open: candidates for a compressed sibling. A
// file is compared by identity, fingerprint included: removing a rotated
// file frees its inode for the next file created.
func (r *run) orphans(p string, live *file, sibs []sibling) []checkpoint.Entry {
	type head struct {
		b     []byte
		open  bool
		whole bool // b is the file's whole first KiB (or all of it): read from 0
	}
	heads := map[fileKey]head{}
	for k, f := range r.files {
		heads[k] = head{f.head, true, f.readOff == 0}
	}
	heads[live.key] = head{live.head, true, live.readOff == 0}
	for _, s := range sibs {
		if s.gz {
			continue
		}
		if f, _ := r.openHead(s.name, p); f != nil {
			_ = f.f.Close()
			if _, ok := heads[f.key]; !ok {
				heads[f.key] = head{f.head, false, true}
			}
		}
	}
	var out []checkpoint.Entry
	for _, e := range r.entries[p] {
		h, ok := heads[fileKey{e.ID.Dev, e.ID.Inode}]
		n := min(e.Offset, checkpoint.FingerprintSize)
		// An open file may hold fewer verified bytes than the checkpoint
		// covers (its head stops at its start offset): take it for the
		// same file.
		present := ok && (int64(len(h.b)) < n && h.open && !h.whole ||
			int64(len(h.b)) >= n && checkpoint.Fingerprint(h.b[:n]) == e.ID.Fingerprint)
		if e.Offset > 0 && !present {
			out = append(out, e)
		}
	}
	return out
}

// matchCompressed looks for the checkpoint among orphans whose fingerprint
// matches the start of the compressed sibling s. Its bytes past the
// checkpoint rotated away unread: they are counted in RotatedLostBytes
// (from the gzip trailer's size, which is the size modulo 4 GiB). It
// returns the orphans left and whether one matched.
func (r *run) matchCompressed(p string, s sibling, orphans []checkpoint.Entry) ([]checkpoint.Entry, bool) {
	head, size, ok := gzipHead(s.name)
	if !ok {
		return orphans, false
	}
	for i, e := range orphans {
		n := min(e.Offset, checkpoint.FingerprintSize)
		if int64(len(head)) < n || checkpoint.Fingerprint(head[:n]) != e.ID.Fingerprint {
			continue
		}
		if lost := size - e.Offset; lost > 0 && e.Offset < 1<<32 {
			r.t.lostBytes.Add(lost)
			r.t.log.Warn("tail: a rotated file was compressed before it was read to its end", "path", p, "file", s.name, "offset", e.Offset, "size", size)
		}
		return slices.Delete(orphans, i, i+1), true
	}
	return orphans, false
}

// gzipHead returns the first FingerprintSize uncompressed bytes of a gzip
// file and its uncompressed size from the trailer (ISIZE, modulo 4 GiB).
func gzipHead(name string) ([]byte, int64, bool) {
	f, err := os.Open(name)
	if err != nil {
		return nil, 0, false
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil || fi.Size() < 18 { // a gzip header and trailer
		return nil, 0, false
	}
	var trailer [4]byte
	if _, err := f.ReadAt(trailer[:], fi.Size()-4); err != nil {
		return nil, 0, false
	}
	zr, err := gzip.NewReader(f)
	if err != nil {
		return nil, 0, false
	}
	head := make([]byte, checkpoint.FingerprintSize)
	n, err := io.ReadFull(zr, head)
	if err != nil && err != io.ErrUnexpectedEOF && err != io.EOF {
		return nil, 0, false
	}
	return head[:n], int64(binary.LittleEndian.Uint32(trailer[:])), true
}

// matchHead returns the index of the entry among orphans whose fingerprint
// is that of the first bytes of head, as far as the entry's offset covers.
func matchHead(head []byte, orphans []checkpoint.Entry) (int, bool) {
	for i, e := range orphans {
		n := min(e.Offset, checkpoint.FingerprintSize)
		if n > 0 && int64(len(head)) >= n && checkpoint.Fingerprint(head[:n]) == e.ID.Fingerprint {
			return i, true
		}
	}
	return 0, false
}

// pathFollowed reports, during the first scan, whether a checkpoint names
// path: a tailer followed a file there, so a file found there now without
// a checkpoint of its own was created since (or its content replaced, by
// copytruncate), and is not history, even with StartAtEnd.
func (r *run) pathFollowed(path string) bool {
	return len(r.entries[path]) > 0
}

// copyOf looks, when f was found truncated, for the copy that logrotate's
// copytruncate made of it just before: an uncompressed rotated sibling,
// not open, that starts with the bytes f started with and reaches at least
// as far as what was handed out of f. If there is one, it is opened to be
// read from that point to its end, before f goes on from 0: the lines
// written between the tailer's last read and the truncation are in the
// copy only. The newest matching copy wins.
func (r *run) copyOf(f *file) *file {
	from := f.emitOff()
	n := min(int64(len(f.head)), from, checkpoint.FingerprintSize)
	if n <= 0 {
		return nil // nothing read to recognise a copy by
	}
	sibs := siblings(f.path)
	for i := len(sibs) - 1; i >= 0; i-- {
		s := sibs[i]
		if s.gz {
			continue
		}
		cp, size := r.openHead(s.name, f.path)
		if cp == nil {
			continue
		}
		if r.files[cp.key] != nil || int64(len(cp.head)) < n || !bytes.Equal(cp.head[:n], f.head[:n]) || size < from {
			_ = cp.f.Close()
			continue
		}
		r.register(cp, from, false)
		// What was handed out of f since its start may not be
		// acknowledged yet, and f's own checkpoint now names its new
		// content: the copy is the only place left for those lines, so
		// Follow records the copy from where f was started, not from
		// where reading it begins.
		cp.startOff = min(f.startOff, from)
		if cp.startOff < from && size == from {
			// Nothing is left to read in the copy, so no acknowledgement
			// of its own will ever move its checkpoint: move it to from
			// once f's lines up to there are acknowledged (onPoll), or
			// every restart would read the whole copy again.
			r.copies = append(r.copies, copyWait{path: f.path, copyID: cp.identity(from), origID: f.identity(from), at: from, orig: f})
		}
		cp.gone = true
		cp.quietSince = time.Now()
		r.t.recovered.Add(1)
		r.t.log.Info("tail: reading the rest of a truncated file from its copy", "path", f.path, "file", s.name, "offset", from, "size", size)
		return cp
	}
	return nil
}

// copyWait is a copy whose checkpoint is moved to at once the sink has
// acknowledged the original's lines up to at (origID is the original's
// identity there).
type copyWait struct {
	path           string
	copyID, origID checkpoint.Identity
	at             int64
	orig           *file // the truncated file, now read from 0
}

// entryOfer is the optional part of Config.Offsets that returns an entry
// by device and inode, whatever its fingerprint (checkpoint.Store has it).
type entryOfer interface {
	EntryOf(dev, inode uint64) (checkpoint.Entry, bool)
}

// acknowledged reports whether the sink acknowledged the original's lines
// up to c.at: its checkpoint is there or beyond, or it already names the
// new content (lines handed out after c.at; the sink acknowledges in order).
func (c copyWait) acknowledged(o Offsets) bool {
	if off, ok := o.Offset(c.origID); ok && off >= c.at {
		return true
	}
	eo, ok := o.(entryOfer)
	if !ok {
		return false
	}
	e, ok := eo.EntryOf(c.origID.Dev, c.origID.Inode)
	if !ok || e.Offset == 0 || e.ID.Fingerprint == c.origID.Fingerprint {
		return false
	}
	n := min(e.Offset, checkpoint.FingerprintSize)
	h := c.orig.head
	return int64(len(h)) >= n && checkpoint.Fingerprint(h[:n]) == e.ID.Fingerprint
}

// advanceCopies moves the checkpoints of the copies whose original was
// acknowledged far enough. A copy whose original is closed and never got
// there is given up: a restart reads it from the original's start.
func (r *run) advanceCopies() {
	r.copies = r.t.advanceCopies(r.copies)
}

func (t *Tailer) advanceCopies(copies []copyWait) []copyWait {
	fl, ok := t.cfg.Offsets.(Follower)
	if !ok || len(copies) == 0 {
		return copies[:0]
	}
	var done []checkpoint.Entry
	copies = slices.DeleteFunc(copies, func(c copyWait) bool {
		if c.acknowledged(t.cfg.Offsets) {
			done = append(done, checkpoint.Entry{Path: c.path, ID: c.copyID, Offset: c.at})
			return true
		}
		return c.orig.closed
	})
	if len(done) > 0 {
		if err := fl.Follow(done); err != nil {
			t.followErrors.Add(1)
		}
	}
	return copies
}

// Finish moves the checkpoints that wait for the sink's acknowledgements
// of lines handed out before Run returned (the copies of truncated files,
// see copyOf). Call it after Run has returned and the sink has delivered
// what it could, before the last save: a clean stop then leaves nothing to
// read twice.
func (t *Tailer) Finish() {
	t.copies = t.advanceCopies(t.copies)
}
