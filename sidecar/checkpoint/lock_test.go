package checkpoint

import (
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// A second Lock on a held directory fails at once, naming the directory
// and the holder's PID; once the holder unlocks, the directory can be
// locked again. flock locks belong to the open file description, so two
// Locks in one process conflict as two processes would.
func TestLockExcludesASecondHolder(t *testing.T) {
	dir := t.TempDir()
	l, err := Lock(dir)
	if err != nil {
		t.Fatal(err)
	}
	pid, _ := os.ReadFile(filepath.Join(dir, LockName))
	if strings.TrimSpace(string(pid)) != strconv.Itoa(os.Getpid()) {
		t.Errorf("lock file holds %q; want this PID %d", pid, os.Getpid())
	}
	_, err = Lock(dir)
	var le *LockedError
	if !errors.Is(err, ErrLocked) || !errors.As(err, &le) {
		t.Fatalf("second Lock = %v; want a *LockedError", err)
	}
	if le.Dir != dir || le.PID != os.Getpid() {
		t.Errorf("LockedError = %+v; want dir %s, PID %d", le, dir, os.Getpid())
	}
	if msg := err.Error(); !strings.Contains(msg, dir) || !strings.Contains(msg, "process "+strconv.Itoa(os.Getpid())) {
		t.Errorf("message %q names neither the directory nor the holder", msg)
	}
	if err := l.Unlock(); err != nil {
		t.Fatal(err)
	}
	l2, err := Lock(dir)
	if err != nil {
		t.Fatalf("Lock after Unlock: %v", err)
	}
	defer l2.Unlock()
	// Open and Save work beside the lock file and leave it alone.
	s := openT(t, dir)
	s.Set("/a.log", Identity{Inode: 1, Fingerprint: 1}, 5)
	if err := s.Save(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, LockName)); err != nil {
		t.Errorf("lock file gone after Open and Save: %v", err)
	}
}

// A lock file that cannot be created (its directory is missing) is an
// error of its own, not ErrLocked.
func TestLockMissingDirectory(t *testing.T) {
	_, err := Lock(filepath.Join(t.TempDir(), "no", "such"))
	if err == nil || errors.Is(err, ErrLocked) {
		t.Fatalf("Lock in a missing directory = %v; want a plain error", err)
	}
}

// A state directory removed while the store is open is made again by the
// next Save, so saving recovers by itself.
func TestSaveRecreatesRemovedDirectory(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "state")
	s := openT(t, dir)
	id := Identity{Inode: 3, Fingerprint: 3}
	s.Set("/a.log", id, 7)
	if err := os.RemoveAll(dir); err != nil {
		t.Fatal(err)
	}
	if err := s.Save(); err != nil {
		t.Fatalf("Save after the directory was removed: %v", err)
	}
	if off, ok := openT(t, dir).Offset(id); !ok || off != 7 {
		t.Errorf("Offset = %d, %v; want 7, true", off, ok)
	}
}
