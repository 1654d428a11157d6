package checkpoint

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// LockName is the file in a state directory that Lock holds.
const LockName = "relevel.lock"

// ErrLocked is wrapped by the error Lock returns when another process holds
// the directory (see LockedError).
var ErrLocked = errors.New("checkpoint: state directory in use")

// LockedError says which directory is in use and, if it could be read,
// by which process.
type LockedError struct {
	Dir string
	PID int // the holder's process id, 0 if unknown
}

func (e *LockedError) Error() string {
	holder := "another process"
	if e.PID > 0 {
		holder = "process " + strconv.Itoa(e.PID)
	}
	return fmt.Sprintf("checkpoint: state directory %s is in use by %s (lock %s): "+
		"two forwarders sharing one state directory would overwrite each other's checkpoints; "+
		"give each its own --state-dir", e.Dir, holder, filepath.Join(e.Dir, LockName))
}

// Unwrap lets errors.Is match ErrLocked.
func (e *LockedError) Unwrap() error { return ErrLocked }

// DirLock is a held lock on a state directory.
type DirLock struct {
	f *os.File
}

// Lock takes an exclusive lock on dir for this process, so that two
// forwarders never share one state directory by mistake: both would save
// their own offsets over the other's, and one's Open would remove the
// other's temporary file mid-save. Take it before Open.
//
// The lock is flock(2) on dir/relevel.lock, which records the holder's
// PID. The kernel releases it when the process exits, however it exits
// (kill -9 included), so a crash never leaves a stale lock. If another
// process holds it, Lock does not wait: it returns a *LockedError naming
// the directory and the holder's PID (errors.Is(err, ErrLocked)). Any other
// error means the lock file could not be created (a missing parent, a
// read-only file system) and is returned wrapped.
//
// On systems without flock, Lock records the PID and locks nothing.
func Lock(dir string) (*DirLock, error) {
	path := filepath.Join(dir, LockName)
	// Held open read-only (flock needs no more), so that the lock does not
	// count as a writer: the file system can still be remounted read-only.
	f, err := os.OpenFile(path, os.O_RDONLY|os.O_CREATE, 0o644)
	if err != nil {
		return nil, fmt.Errorf("checkpoint: lock: %w", err)
	}
	held, err := tryLock(f)
	if err != nil {
		_ = f.Close()
		return nil, fmt.Errorf("checkpoint: lock %s: %w", path, err)
	}
	if !held {
		pid := readPID(f)
		_ = f.Close()
		return nil, &LockedError{Dir: dir, PID: pid}
	}
	// Informational: a second process names the holder in its error.
	_ = os.WriteFile(path, []byte(strconv.Itoa(os.Getpid())+"\n"), 0o644)
	return &DirLock{f: f}, nil
}

// Unlock releases the lock. The lock file stays: removing it would let a
// process that opened it just before lock a file no longer in the
// directory.
func (l *DirLock) Unlock() error {
	if l == nil || l.f == nil {
		return nil
	}
	err := l.f.Close()
	l.f = nil
	return err
}

func readPID(f *os.File) int {
	b := make([]byte, 32)
	n, _ := f.ReadAt(b, 0)
	pid, err := strconv.Atoi(strings.TrimSpace(string(b[:n])))
	if err != nil || pid <= 0 {
		return 0
	}
	return pid
}
