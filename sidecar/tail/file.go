package tail

import (
	"bytes"
	"io"
	"os"
	"slices"
	"time"

	"github.com/relevel/relevel/sidecar/checkpoint"
)

type fileKey struct{ dev, inode uint64 }

// file is one open file.
type file struct {
	path string
	key  fileKey
	f    *os.File

	readOff int64  // offset of the next byte to read
	pending []byte // bytes read but not handed out: the start of a line
	head    []byte // the file's first bytes, up to checkpoint.FingerprintSize; len(head) >= min(readOff, FingerprintSize)
	fpEnd   int64  // fingerprint cache: fp covers head[:fpEnd]
	fp      uint64

	dirty  bool // may have data: read it in the next round
	atEOF  bool // the last read found no data
	gone   bool // no live path names the file any more (rotated away or deleted)
	closed bool
	// announced: Follow was called for the file, or it resumed from a
	// checkpoint; its lines may be handed out.
	announced bool
	startOff  int64 // where reading started (0 again after a truncation): what Follow records

	quietSince time.Time // gone: since when no data arrived
	mtime      time.Time // modification time when opened
	after      *file     // the file this one replaced at its path; read that to its end first
}

func (f *file) emitOff() int64 { return f.readOff - int64(len(f.pending)) }

// identity returns the checkpoint identity for an offset end in f.
func (f *file) identity(end int64) checkpoint.Identity {
	n := min(end, int64(len(f.head)), checkpoint.FingerprintSize)
	if n != f.fpEnd {
		f.fp, f.fpEnd = checkpoint.Fingerprint(f.head[:n]), n
	}
	return checkpoint.Identity{Dev: f.key.dev, Inode: f.key.inode, Fingerprint: f.fp}
}

func keyOf(fi os.FileInfo, path string) fileKey {
	if dev, ino, ok := checkpoint.DevInode(fi); ok {
		return fileKey{dev, ino}
	}
	// Without inodes (not Linux) a file is its path.
	return fileKey{0, checkpoint.Fingerprint([]byte(path))}
}

// open opens path and decides where to start reading it.
func (r *run) open(path string) *file {
	f, size := r.openHead(path, path)
	if f == nil {
		return nil
	}
	if r.files[f.key] != nil { // the name moved to another open file since the stat
		_ = f.f.Close()
		return nil
	}
	start, how := r.startOffset(f, size)
	r.register(f, start, how == "checkpoint")
	r.t.log.Debug("tail: opened", "path", path, "offset", start, "from", how)
	return f
}

// openHead opens name, a regular file, and reads its first bytes; the file
// is reported under path (its live name). It returns the size, which is at
// least len(f.head).
func (r *run) openHead(name, path string) (*file, int64) {
	osf, err := r.t.openFile(name)
	r.noteOpen(name, err)
	if err != nil {
		return nil, 0
	}
	fi, err := osf.Stat()
	if err != nil || !fi.Mode().IsRegular() {
		_ = osf.Close()
		return nil, 0
	}
	f := &file{path: path, key: keyOf(fi, name), f: osf, dirty: true, fpEnd: -1, mtime: fi.ModTime()}
	size := fi.Size()
	f.head = make([]byte, min(size, checkpoint.FingerprintSize))
	n, _ := osf.ReadAt(f.head, 0)
	f.head = f.head[:n]
	return f, max(size, int64(n))
}

// register makes f one of the open files, to be read from start.
// checkpointed says that start is the file's checkpoint; any other start is
// announced to the Follower before the file's first line goes out.
func (r *run) register(f *file, start int64, checkpointed bool) {
	f.readOff = start
	if start > 0 && start < int64(len(f.head)) {
		// Keep only what precedes the start as verified head; the rest is
		// re-read (and re-appended) as the file is followed.
		f.head = f.head[:start]
	}
	f.announced, f.startOff = checkpointed, start
	if !checkpointed {
		r.unannounced = append(r.unannounced, f)
	}
	r.files[f.key] = f
	r.order = append(r.order, f)
	r.t.opened.Add(1)
	r.t.tailed.Add(1)
}

// startOffset returns where to start reading a newly opened file.
func (r *run) startOffset(f *file, size int64) (int64, string) {
	if off, ok := r.resume(f, size); ok {
		return off, "checkpoint"
	}
	if r.first && r.t.cfg.StartAtEnd && !r.pathFollowed(f.path) && !(r.restart && !f.mtime.Before(r.since)) {
		return r.lastLineStart(f, size), "end"
	}
	return 0, "beginning"
}

// resume looks for a checkpoint of f. A checkpoint's fingerprint covers the
// bytes before its offset up to FingerprintSize (see checkpoint.Identity),
// so the candidates are the whole first KiB and every line end inside it.
func (r *run) resume(f *file, size int64) (int64, bool) {
	if r.t.cfg.Offsets == nil {
		return 0, false
	}
	hl := len(f.head)
	var cands []int
	if hl == checkpoint.FingerprintSize {
		cands = append(cands, hl)
	}
	var ends []int
	for pos := 0; pos < hl; {
		end, ok := nextEnd(f.head[:hl], pos, r.t.cfg.MaxLineSize)
		if !ok {
			break
		}
		if end < checkpoint.FingerprintSize {
			ends = append(ends, end)
		}
		pos = end
	}
	slices.Reverse(ends)
	cands = append(cands, ends...)
	// Last, the start: a file announced by Follow at offset 0 and not
	// acknowledged since has a checkpoint at 0 (fingerprint of no bytes).
	cands = append(cands, 0)
	for _, k := range cands {
		id := checkpoint.Identity{Dev: f.key.dev, Inode: f.key.inode, Fingerprint: checkpoint.Fingerprint(f.head[:k])}
		off, ok := r.t.cfg.Offsets.Offset(id)
		if !ok {
			continue
		}
		switch {
		case k < checkpoint.FingerprintSize && off != int64(k),
			k == checkpoint.FingerprintSize && off < int64(k):
			r.t.log.Warn("tail: checkpoint does not fit its fingerprint, ignoring it", "path", f.path, "offset", off)
			return 0, false
		case off > size:
			r.t.log.Warn("tail: file shorter than its checkpoint, reading it from the beginning", "path", f.path, "offset", off, "size", size)
			r.t.truncations.Add(1)
			return 0, true
		}
		return off, true
	}
	return 0, false
}

// nextEnd returns the end of the line (or over-long piece) that starts at
// pos in b, if b holds all of it.
func nextEnd(b []byte, pos, maxLine int) (int, bool) {
	rest := b[pos:]
	if i := bytes.IndexByte(rest[:min(len(rest), maxLine)], '\n'); i >= 0 {
		return pos + i + 1, true
	}
	if len(rest) >= maxLine {
		return pos + maxLine, true
	}
	return pos, false
}

// lastLineStart returns the offset after the last "\n" of the file, looking
// back at most MaxLineSize bytes: starting there hands out the line being
// written whole. With no "\n" in reach it is the end (a long partial line)
// or 0 (a short file of one partial line).
func (r *run) lastLineStart(f *file, size int64) int64 {
	maxBack := int64(r.t.cfg.MaxLineSize)
	buf := make([]byte, min(int64(r.t.cfg.ReadBuffer), size, maxBack))
	for end := size; end > 0 && size-end < maxBack; {
		start := max(end-int64(len(buf)), 0, size-maxBack)
		b := buf[:end-start]
		if n, err := f.f.ReadAt(b, start); n < len(b) {
			r.t.log.Debug("tail: reading the end", "path", f.path, "err", err)
			return size
		}
		if i := bytes.LastIndexByte(b, '\n'); i >= 0 {
			return start + int64(i) + 1
		}
		end = start
	}
	if size < maxBack {
		return 0
	}
	return size
}

// read reads one buffer of f and hands out the complete lines in it. It
// reports whether data was read.
func (r *run) read(f *file) (bool, error) {
	if p := f.after; p != nil {
		if !p.closed && p.gone && !p.atEOF {
			return false, nil // the file this one replaced is not read to its end yet
		}
		f.after = nil
	}
	if r.buf == nil {
		r.buf = make([]byte, r.t.cfg.ReadBuffer)
	}
	n, err := f.f.ReadAt(r.buf, f.readOff)
	if n > 0 && r.headChanged(f) {
		// The start of the file is not what was read: it was truncated
		// and rewritten past our offset (copytruncate while reading was
		// blocked on a full channel, say), so what was just read is new
		// content, which is read again from 0. Checked after the read,
		// so bytes read from the new content at the old offset are never
		// handed out: a truncation before the read shows here.
		return true, r.truncated(f, "first bytes changed")
	}
	if n > 0 {
		base := f.emitOff()
		data := r.buf[:n]
		r.appendHead(f, data)
		f.readOff += int64(n)
		f.atEOF = false
		if f.gone {
			f.quietSince = time.Now()
		}
		r.t.bytes.Add(int64(n))
		if len(f.pending) > 0 {
			f.pending = append(f.pending, data...)
			data = f.pending
		}
		return true, r.split(f, data, base)
	}
	if err != nil && err != io.EOF {
		r.t.log.Warn("tail: read failed", "path", f.path, "err", err)
	}
	f.dirty = false
	f.atEOF = true
	fi, err := f.f.Stat()
	if err != nil {
		return false, nil
	}
	if fi.Size() < f.readOff {
		return true, r.truncated(f, "size below offset")
	}
	if !f.gone {
		if nlink, ok := linkCount(fi); ok && nlink == 0 {
			r.markGone(f)
		} else if !pathNames(f.path, f.key) {
			r.checkPath(f.path)
		}
	}
	return false, nil
}

// appendHead keeps the first FingerprintSize bytes of the file; b was read
// at f.readOff.
func (r *run) appendHead(f *file, b []byte) {
	have := int64(len(f.head))
	if have >= checkpoint.FingerprintSize || f.readOff+int64(len(b)) <= have {
		return
	}
	from := have - f.readOff // have >= readOff by the invariant on head
	to := min(int64(len(b)), checkpoint.FingerprintSize-f.readOff)
	if from >= 0 && from < to {
		f.head = append(f.head, b[from:to]...)
	}
}

// headChanged reports whether the bytes already read from the start of f
// differ from what is there now: the file was truncated and rewritten past
// the read offset between two looks, which the size alone cannot show.
func (r *run) headChanged(f *file) bool {
	k := int(min(int64(len(f.head)), f.readOff))
	if k == 0 {
		return false
	}
	r.scratch = slices.Grow(r.scratch[:0], k)[:k]
	n, _ := f.f.ReadAt(r.scratch, 0)
	return !bytes.Equal(r.scratch[:n], f.head[:k])
}

// truncated hands out what is left of the old content and restarts at 0.
// When a copy of the old content sits beside the file (logrotate's
// copytruncate copies, then truncates), the lines not read before the
// truncation are read from the copy first (rotated.go, copyOf).
func (r *run) truncated(f *file, why string) error {
	r.t.truncations.Add(1)
	r.t.log.Info("tail: file truncated, reading it from the beginning", "path", f.path, "reason", why, "offset", f.readOff)
	if cp := r.copyOf(f); cp != nil {
		// The copy holds the partial line too: it is read there whole.
		f.pending = f.pending[:0]
		cp.after, f.after = f.after, cp
	} else if err := r.flush(f); err != nil {
		return err
	}
	f.readOff = 0
	f.head = f.head[:0]
	f.fpEnd = -1
	f.atEOF = false
	f.dirty = true
	// The checkpoint names the old content; the new one is followed from 0.
	f.startOff = 0
	if f.announced {
		f.announced = false
		r.unannounced = append(r.unannounced, f)
	}
	// Now, not with the next line: a copy with nothing left to read sends
	// no line, yet it is the only place left for f's unacknowledged lines.
	r.announce()
	return nil
}

// split hands out every complete line (or over-long piece) in data, which
// starts at file offset base, and keeps the rest in f.pending. data is
// either f.pending or the shared read buffer.
func (r *run) split(f *file, data []byte, base int64) error {
	r.ends = r.ends[:0]
	pos := 0
	for {
		end, ok := nextEnd(data, pos, r.t.cfg.MaxLineSize)
		if !ok {
			break
		}
		r.ends = append(r.ends, end)
		pos = end
	}
	var lines []byte
	if pos > 0 {
		// One allocation for all the lines of this read; each Line gets a
		// full slice expression so an append by the receiver cannot spill
		// into the next line.
		// append, not make and copy: the new memory is not zeroed first.
		lines = append([]byte(nil), data[:pos]...)
	}
	// Keep only the partial line, in the file's own buffer.
	f.pending = append(f.pending[:0], data[pos:]...)
	if len(f.pending) == 0 && cap(f.pending) > 2*r.t.cfg.ReadBuffer {
		f.pending = nil // do not keep a buffer grown by one long line
	}
	if len(r.ends) > 0 && !f.announced {
		r.announce()
	}
	start := 0
	for _, end := range r.ends {
		l := Line{Path: f.path, ID: f.identity(base + int64(end)), Data: lines[start:end:end], End: base + int64(end)}
		if err := r.send(l); err != nil {
			return err
		}
		start = end
	}
	return nil
}

// flush hands out the unterminated rest of f as a final Line.
func (r *run) flush(f *file) error {
	if len(f.pending) == 0 {
		return nil
	}
	if !f.announced {
		r.announce()
	}
	l := Line{Path: f.path, ID: f.identity(f.readOff), Data: bytes.Clone(f.pending), End: f.readOff}
	f.pending = f.pending[:0]
	return r.send(l)
}

// close reads what is left of a file that is gone, hands out its
// unterminated rest and closes it.
func (r *run) close(f *file) error {
	for {
		p, err := r.read(f)
		if err != nil {
			return err
		}
		if !p {
			break
		}
	}
	if err := r.flush(f); err != nil {
		return err
	}
	_ = f.f.Close()
	f.closed = true
	// Its name is now most likely a rotated sibling of its path, which a
	// lagging checkpoint would not show as read.
	if r.known[f.path] == nil {
		r.known[f.path] = make(map[fileKey]known)
	}
	r.known[f.path][f.key] = knownOf(f.head, true)
	delete(r.files, f.key)
	if r.byPath[f.path] == f {
		delete(r.byPath, f.path)
	}
	if r.prevAt[f.path] == f {
		delete(r.prevAt, f.path)
	}
	r.order = slices.DeleteFunc(r.order, func(g *file) bool { return g == f })
	r.t.tailed.Add(-1)
	r.t.closed.Add(1)
	r.t.log.Debug("tail: closed", "path", f.path, "offset", f.readOff)
	return nil
}

// announce tells the Follower about every file registered since the last
// call that was not resumed from a checkpoint: its path, its identity at its
// start offset and that offset, in one call (one save at a first scan that
// finds hundreds of files). A failure is logged while it lasts and counted;
// reading goes on, because stopping would not make the lines safer, and
// the store writes the entries with its next successful save.
func (r *run) announce() {
	fl, ok := r.t.cfg.Offsets.(Follower)
	var entries []checkpoint.Entry
	for _, f := range r.unannounced {
		if f.announced || f.closed {
			continue
		}
		f.announced = true
		if ok {
			entries = append(entries, checkpoint.Entry{Path: f.path, ID: f.identity(f.startOff), Offset: f.startOff})
		}
	}
	clear(r.unannounced)
	r.unannounced = r.unannounced[:0]
	if len(entries) == 0 {
		return
	}
	if err := fl.Follow(entries); err != nil {
		r.t.followErrors.Add(1)
		if !r.followFailing {
			r.t.log.Warn("tail: cannot save which files are followed; a crash before their lines are acknowledged may skip them", "files", len(entries), "err", err)
		}
		r.followFailing = true
		return
	}
	if r.followFailing {
		r.t.log.Info("tail: saving which files are followed works again")
		r.followFailing = false
	}
}
