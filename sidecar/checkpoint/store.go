// Package checkpoint keeps durable per-file read offsets for the tailer, the
// way the Datadog Agent's auditor keeps its registry: an offset is recorded
// (Set) only after the sink accepted the records up to it, the registry is
// written atomically (temporary file, fsync, rename, fsync of the
// directory), and the file is versioned with one migration per older
// version.
//
// Entries are keyed by file identity (device, inode and a fingerprint of the
// first bytes, see Identity), not by path: a rotated file keeps its entry
// under its new name, and a new file that reuses an inode does not inherit
// the old file's offset.
//
// A Store is safe for concurrent use.
package checkpoint

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"time"
)

// Entry is one file's checkpoint.
type Entry struct {
	Path    string    // where the file was when the offset was set (informational)
	ID      Identity  // which file
	Offset  int64     // bytes of the file the sink has accepted
	Updated time.Time // when Set last recorded the entry
}

// DefaultExpireAfter is how long Expire keeps the entry of a file that is gone.
const DefaultExpireAfter = 7 * 24 * time.Hour

// Option configures Open.
type Option interface{ apply(*options) }

type options struct {
	expireAfter time.Duration
}

type optionFunc func(*options)

func (f optionFunc) apply(o *options) { f(o) }

// ExpireAfter sets how long Expire keeps the entry of a file that is no
// longer alive, counted from the entry's last Set (default 7 days).
func ExpireAfter(d time.Duration) Option {
	return optionFunc(func(o *options) { o.expireAfter = d })
}

type key struct{ dev, inode uint64 }

func keyOf(id Identity) key { return key{id.Dev, id.Inode} }

// Store holds the checkpoints in memory and saves them to dir/checkpoints.json.
type Store struct {
	dir, path   string
	expireAfter time.Duration

	saveMu sync.Mutex // serialises Save, so a later snapshot is never overwritten by an earlier one

	mu      sync.RWMutex
	entries map[key]Entry
	savedAt time.Time // newest save (or the loaded file's mtime); zero: nothing on disk
	loaded  time.Time // the loaded file's mtime: the previous run's last save; zero: nothing was on disk
	opened  time.Time

	now func() time.Time // the clock of Set; tests replace it
}

// Open loads dir/checkpoints.json, creating dir if needed. A missing file
// gives an empty Store. Temporary files that a crash left between write
// and rename are removed; the file they were meant to replace is intact.
//
// A file that cannot be read as any supported version is renamed to
// checkpoints.json.corrupt-<UTC timestamp>, and Open returns an empty,
// usable Store together with a *CorruptError (errors.Is(err, ErrCorrupt));
// its Loaded is the unreadable file's modification time. The caller should
// log it and carry on. Any other error (the directory
// cannot be created or read) returns a nil Store.
func Open(dir string, opts ...Option) (*Store, error) {
	o := options{expireAfter: DefaultExpireAfter}
	for _, opt := range opts {
		opt.apply(&o)
	}
	s := &Store{
		dir:         dir,
		path:        filepath.Join(dir, fileName),
		expireAfter: o.expireAfter,
		entries:     make(map[key]Entry),
		opened:      time.Now(),
		now:         time.Now,
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("checkpoint: %w", err)
	}
	if stale, err := filepath.Glob(filepath.Join(dir, tempPattern)); err == nil {
		for _, p := range stale {
			_ = os.Remove(p)
		}
	}
	data, err := os.ReadFile(s.path)
	if errors.Is(err, os.ErrNotExist) {
		return s, nil
	}
	if err != nil {
		return nil, fmt.Errorf("checkpoint: %w", err)
	}
	entries, err := decode(data)
	if err != nil {
		// The entries are lost, but not when they were last written:
		// the previous run's last save, in all but a hand edit. Files
		// modified since then (a rotation while no forwarder ran) are
		// still told from history by it, instead of taken for history.
		if fi, serr := os.Stat(s.path); serr == nil {
			s.loaded = fi.ModTime()
		}
		return s, s.setAside(err)
	}
	for _, e := range entries {
		s.entries[keyOf(e.ID)] = e
	}
	if fi, err := os.Stat(s.path); err == nil {
		s.savedAt, s.loaded = fi.ModTime(), fi.ModTime()
	}
	return s, nil
}

// Loaded returns the modification time of the checkpoint file Open loaded:
// when the previous run last saved. For a corrupt file set aside it is
// still that file's modification time, since the time of the last save
// is all the more needed when its entries are lost. It is zero when Open
// found no file (a first start). A reader
// uses it to tell a file written while no forwarder ran (modified after
// it) from history; both times come from the same file-system clock.
func (s *Store) Loaded() time.Time { return s.loaded }

// setAside renames the unreadable checkpoint file out of the way.
func (s *Store) setAside(cause error) error {
	backup := s.path + ".corrupt-" + time.Now().UTC().Format("20060102T150405.000000000Z")
	if err := os.Rename(s.path, backup); err != nil {
		return &CorruptError{Path: s.path, Err: errors.Join(cause, err)}
	}
	return &CorruptError{Path: s.path, Backup: backup, Err: cause}
}

// Offset returns the checkpointed offset of the file id names. It matches
// only when device, inode and fingerprint are all equal: an entry for the
// same inode with another fingerprint belongs to an earlier file (or to an
// earlier, shorter prefix of this one, see Identity) and is not returned.
func (s *Store) Offset(id Identity) (int64, bool) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	e, ok := s.entries[keyOf(id)]
	if !ok || e.ID.Fingerprint != id.Fingerprint {
		return 0, false
	}
	return e.Offset, true
}

// Set records that the records of the file id up to offset were accepted by
// the sink. Call it only after the sink acknowledged them. It replaces any
// entry with the same device and inode (the last Set wins; callers set the
// offsets of one file in order). The change is in memory until Save.
func (s *Store) Set(path string, id Identity, offset int64) {
	now := s.now()
	s.mu.Lock()
	s.entries[keyOf(id)] = Entry{Path: path, ID: id, Offset: offset, Updated: now}
	s.mu.Unlock()
}

// Follow records that a reader starts following each file at its Offset,
// and saves the store before it returns. The reader calls it for files it
// found no checkpoint for, before it hands out any of their lines: from then
// on a restart knows the file was followed, even if the sink acknowledged
// nothing of it yet (an outage, a crash before the first acknowledgement),
// and reads it again from that offset instead of taking it, rotated away
// meanwhile, for history. Each entry replaces any entry with the same device
// and inode (it belonged to an earlier file that reused the inode, or to
// content a truncation replaced); Updated is set to now. When nothing
// changes, nothing is saved.
//
// If the save fails the entries stay in memory, so the next successful Save
// writes them, and the error is returned.
func (s *Store) Follow(entries []Entry) error {
	now := s.now()
	changed := false
	s.mu.Lock()
	for _, e := range entries {
		k := keyOf(e.ID)
		if cur, ok := s.entries[k]; ok && cur.ID == e.ID && cur.Offset == e.Offset {
			continue
		}
		e.Updated = now
		s.entries[k] = e
		changed = true
	}
	s.mu.Unlock()
	if !changed {
		return nil
	}
	return s.Save()
}

// EntryOf returns the entry of the file with this device and inode,
// whatever its fingerprint.
func (s *Store) EntryOf(dev, inode uint64) (Entry, bool) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	e, ok := s.entries[key{dev, inode}]
	return e, ok
}

// Forget drops the entry of id (device, inode and fingerprint must match,
// so forgetting a file that is long gone never removes the entry of a newer
// file that reuses its inode). Pass the identity last given to Set.
func (s *Store) Forget(id Identity) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if e, ok := s.entries[keyOf(id)]; ok && e.ID.Fingerprint == id.Fingerprint {
		delete(s.entries, keyOf(id))
	}
}

// Expire drops the entries of files that are not alive and whose last Set
// is at least ExpireAfter before now. alive reports whether the file an
// identity names still exists (typically: the tailer has it open or a file
// with that device and inode is on disk); nil treats every file as gone, so
// only age counts.
func (s *Store) Expire(now time.Time, alive func(Identity) bool) {
	s.mu.RLock()
	var old []Entry
	for _, e := range s.entries {
		if now.Sub(e.Updated) >= s.expireAfter {
			old = append(old, e)
		}
	}
	s.mu.RUnlock()
	// alive may do I/O; call it without holding the lock.
	var gone []Entry
	for _, e := range old {
		if alive == nil || !alive(e.ID) {
			gone = append(gone, e)
		}
	}
	if len(gone) == 0 {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, e := range gone {
		// Only if no Set replaced it meanwhile.
		if cur, ok := s.entries[keyOf(e.ID)]; ok && cur == e {
			delete(s.entries, keyOf(e.ID))
		}
	}
}

// Entries returns a copy of all entries, sorted by path, then device and inode.
func (s *Store) Entries() []Entry {
	s.mu.RLock()
	out := make([]Entry, 0, len(s.entries))
	for _, e := range s.entries {
		out = append(out, e)
	}
	s.mu.RUnlock()
	slices.SortFunc(out, func(a, b Entry) int {
		return cmp.Or(cmp.Compare(a.Path, b.Path), cmp.Compare(a.ID.Dev, b.ID.Dev), cmp.Compare(a.ID.Inode, b.ID.Inode))
	})
	return out
}

// Save writes all entries to dir/checkpoints.json atomically: a temporary
// file in the same directory is written and fsynced, renamed over the old
// file, and the directory is fsynced so the rename is durable. A crash at
// any point leaves either the old or the new file, never a mix; a stray
// temporary file is removed by the next Open. Concurrent Saves are
// serialised, and each writes the entries as they were when it started.
func (s *Store) Save() error {
	s.saveMu.Lock()
	defer s.saveMu.Unlock()
	var buf bytes.Buffer
	if err := encode(&buf, s.Entries()); err != nil {
		return fmt.Errorf("checkpoint: encoding: %w", err)
	}
	if err := writeAtomic(s.dir, s.path, buf.Bytes()); err != nil {
		return fmt.Errorf("checkpoint: saving %s: %w", s.path, err)
	}
	now := time.Now()
	s.mu.Lock()
	s.savedAt = now
	s.mu.Unlock()
	return nil
}

func writeAtomic(dir, path string, data []byte) (err error) {
	f, err := os.CreateTemp(dir, tempPattern)
	if errors.Is(err, os.ErrNotExist) {
		// The directory was removed under a running forwarder: make it
		// again, or no save would ever succeed.
		if err = os.MkdirAll(dir, 0o755); err == nil {
			f, err = os.CreateTemp(dir, tempPattern)
		}
	}
	if err != nil {
		return err
	}
	tmp := f.Name()
	defer func() {
		if err != nil {
			_ = f.Close()
			_ = os.Remove(tmp)
		}
	}()
	if err = f.Chmod(0o644); err != nil {
		return err
	}
	if _, err = f.Write(data); err != nil {
		return err
	}
	if err = f.Sync(); err != nil {
		return err
	}
	if err = f.Close(); err != nil {
		return err
	}
	if err = os.Rename(tmp, path); err != nil {
		return err
	}
	return syncDir(dir)
}

func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	return d.Sync()
}

// Age returns how old the newest save is at now: the time since the last
// successful Save, or since the modification of the file Open loaded. With
// nothing on disk yet it counts from Open, so a metric built on it grows
// while saving does not happen.
func (s *Store) Age(now time.Time) time.Duration {
	s.mu.RLock()
	defer s.mu.RUnlock()
	if s.savedAt.IsZero() {
		return now.Sub(s.opened)
	}
	return now.Sub(s.savedAt)
}

// Path returns the checkpoint file's path.
func (s *Store) Path() string { return s.path }
