// Package testfs gives tests small real file systems to break: a tmpfs of
// a few KiB that fills up, and a remount read-only and back. Mounting
// needs root (CAP_SYS_ADMIN) on Linux; elsewhere, and without it, the
// test that asks is skipped with the reason.
package testfs

import (
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// Tmpfs mounts a tmpfs of size bytes (rounded up to pages by the kernel)
// on a new directory under t.TempDir() and returns that directory; it is
// unmounted when the test ends. The test is skipped if it cannot be
// mounted.
func Tmpfs(t testing.TB, size int64) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "tmpfs")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := mountTmpfs(dir, size); err != nil {
		t.Skipf("cannot mount a tmpfs (needs root on Linux): %v", err)
	}
	t.Cleanup(func() { _ = unmount(dir) })
	return dir
}

// ReadOnly remounts the tmpfs at dir (from Tmpfs) read-only when ro is
// set, read-write otherwise. Unlike permission bits, a read-only mount
// stops root too. The kernel refuses (EBUSY) while a file there is open
// for writing, as a checkpoint being saved is for a moment: the remount is
// tried again for up to 10s.
func ReadOnly(t testing.TB, dir string, ro bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		err := remount(dir, ro)
		if err == nil {
			return
		}
		if !errors.Is(err, syscall.EBUSY) || time.Now().After(deadline) {
			t.Fatalf("remount %s (read-only %v): %v", dir, ro, err)
		}
		time.Sleep(time.Millisecond)
	}
}

// Fill writes a file into dir until the file system is full and returns
// its path: removing it frees the space again.
func Fill(t testing.TB, dir string) string {
	t.Helper()
	path := filepath.Join(dir, "filler")
	TopUp(t, path)
	return path
}

// TopUp appends to the file at path (made if missing) until the file
// system is full again. A writer that replaces a file by renaming a new
// one over it (as checkpoint saves do) frees the old file's pages after
// Fill if its write was under way: topping up while waiting for the
// writer to fail takes those back.
func TopUp(t testing.TB, path string) {
	t.Helper()
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	chunk := make([]byte, 4096)
	for {
		if _, err := f.Write(chunk); err != nil {
			break
		}
	}
	// Whole pages are gone; fill the last bytes too.
	for {
		if _, err := f.Write(chunk[:1]); err != nil {
			return
		}
	}
}
