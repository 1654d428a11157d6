package tail

import (
	"errors"
	"io/fs"
	"os"
	"sort"
	"sync"
	"syscall"
)

// Reasons a candidate file is not read, as Stats.Skipped and the metric
// relevel_files_skipped_total{reason} name them.
const (
	SkipPermission  = "permission"   // open or stat denied (EACCES, EPERM)
	SkipSymlinkLoop = "symlink_loop" // too many levels of symbolic links (ELOOP)
	SkipNotRegular  = "not_regular"  // a directory, FIFO, socket or device at a log file's name
	SkipOpenError   = "open_error"   // any other error opening or stating it
)

// Files that match the Include globs but cannot be read are skipped: each
// is counted and logged once when it is first found unreadable (or
// unreadable for another reason than before), not at every rescan or
// event; it is tried again at each of them, and a file that becomes
// readable is read from its start like any new file. Lines of other files
// are not held up.

// skipCounts counts skipped files by reason; safe for concurrent use, as
// Stats reads it.
type skipCounts struct {
	mu sync.Mutex
	n  map[string]int64
}

func (c *skipCounts) add(reason string) {
	c.mu.Lock()
	if c.n == nil {
		c.n = make(map[string]int64)
	}
	c.n[reason]++
	c.mu.Unlock()
}

func (c *skipCounts) snapshot() map[string]int64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.n) == 0 {
		return nil
	}
	out := make(map[string]int64, len(c.n))
	for k, v := range c.n {
		out[k] = v
	}
	return out
}

// SkipReasons returns the reasons in s.Skipped, sorted.
func (s Stats) SkipReasons() []string {
	out := make([]string, 0, len(s.Skipped))
	for r := range s.Skipped {
		out = append(out, r)
	}
	sort.Strings(out)
	return out
}

// skipReason classifies why path, a candidate, cannot be read: fi and err
// are what stat or open gave. "" means it can be read (or is simply gone).
func skipReason(fi fs.FileInfo, err error) string {
	switch {
	case err == nil && fi != nil && !fi.Mode().IsRegular():
		return SkipNotRegular
	case err == nil, errors.Is(err, fs.ErrNotExist):
		return ""
	case errors.Is(err, syscall.ELOOP):
		return SkipSymlinkLoop
	case errors.Is(err, fs.ErrPermission):
		return SkipPermission
	default:
		return SkipOpenError
	}
}

// noteStat is checkPath's hook: it records a candidate that stat shows
// cannot be read, and forgets one that is gone.
func (r *run) noteStat(path string, fi fs.FileInfo, err error) {
	if !r.t.accept(path) {
		return
	}
	if reason := skipReason(fi, err); reason != "" {
		r.skip(path, reason, err)
	} else if err != nil {
		delete(r.skipped, path)
	}
}

// noteOpen is openHead's hook: a failed open is a skip, a successful one
// ends a skip.
func (r *run) noteOpen(name string, err error) {
	if err == nil {
		delete(r.skipped, name)
		return
	}
	if reason := skipReason(nil, err); reason != "" {
		r.skip(name, reason, err)
	}
}

// skip counts and logs path as unreadable for reason, once per reason.
func (r *run) skip(path, reason string, err error) {
	if r.skipped == nil {
		r.skipped = make(map[string]string)
	}
	if r.skipped[path] == reason {
		return
	}
	r.skipped[path] = reason
	r.t.skips.add(reason)
	msg := "<nil>"
	if err != nil {
		msg = err.Error()
	}
	r.t.log.Warn("tail: cannot read file, skipping it (logged once; tried again at each rescan)", "path", path, "reason", reason, "err", msg)
}

// pruneSkipped forgets the skipped paths the last scan did not see, so the
// map stays as large as the unreadable files that exist.
func (r *run) pruneSkipped(seen map[string]bool) {
	for p := range r.skipped {
		if !seen[p] {
			delete(r.skipped, p)
		}
	}
}

// openFile is os.Open unless a test replaces Tailer.open.
func (t *Tailer) openFile(name string) (*os.File, error) {
	if t.open != nil {
		return t.open(name)
	}
	return os.Open(name)
}
