package tail

import (
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
// be lost: rotated while the tailer was stopped, or twice while it was
// blocked on a full channel (the intermediate file never had the live name
// when the tailer looked). Whenever a new file is opened at a live path P,
// the uncompressed rotated siblings of P (P.<YYYYMMDD-hhmmss>, P.<N>) that
// are not open are examined, oldest first, and one is read, to its end and
// before the new file, when:
//
//   - a checkpoint matches it and is below its size: from the checkpoint;
//   - no checkpoint matches it, this run followed a file at P before (one
//     is open there, or was read and closed there), and it was modified
//     after Run started: from its beginning. It was rotated away from P
//     while the tailer did not look (blocked on a full channel), since
//     every sibling present when P was first opened was examined then.
//     A path seen for the first time is not enough: a rotated name created
//     beside it cannot be told from a file someone wrote there;
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
//
// A file's modification time is set from a coarse clock, so a file written
// within a few milliseconds after Run started may count as older.

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
// oldest first. replacing says that live replaces a file this run followed
// at p. The siblings are marked gone, so they are closed like any rotated
// file once read and quiet for RotateWait.
func (r *run) recoverSiblings(p string, live *file, replacing bool) []*file {
	sibs := siblings(p)
	prev := r.known[p]
	for _, k := range prev {
		replacing = replacing || k.read
	}
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
		switch {
		case checkpointed:
			if off < size {
				from, why = off, "checkpoint"
			}
		case replacing && !f.mtime.Before(r.started):
			from, why = 0, "written while running"
		case followed && !(r.first && r.t.cfg.StartAtEnd):
			from, why = 0, "newer than a followed file"
		}
		followed = followed || checkpointed || from >= 0
		if from < 0 {
			_ = f.f.Close()
			keep[f.key] = knownOf(f.head, checkpointed)
			continue
		}
		r.register(f, from)
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
		b    []byte
		open bool
	}
	heads := map[fileKey]head{live.key: {live.head, true}}
	for k, f := range r.files {
		heads[k] = head{f.head, true}
	}
	for _, s := range sibs {
		if s.gz {
			continue
		}
		if f, _ := r.openHead(s.name, p); f != nil {
			_ = f.f.Close()
			if _, ok := heads[f.key]; !ok {
				heads[f.key] = head{f.head, false}
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
		present := ok && (int64(len(h.b)) < n && h.open ||
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
