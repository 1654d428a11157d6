package checkpoint

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/relevel/relevel/internal/testfs"
)

// On a full file system Save fails with ENOSPC, leaves the last saved file
// whole and no temporary file behind, and succeeds again once space is
// freed. On a read-only one it fails with EROFS, and again recovers.
func TestSaveOnFullAndReadOnlyFileSystem(t *testing.T) {
	dir := testfs.Tmpfs(t, 64<<10)
	s := openT(t, dir)
	id := Identity{Inode: 1, Fingerprint: 1}
	s.Set("/a.log", id, 1)
	if err := s.Save(); err != nil {
		t.Fatal(err)
	}
	for i := range 200 { // a file larger than the free space
		s.Set(fmt.Sprintf("/var/log/pods/ns_pod-%d_uid/c/0.log", i), Identity{Inode: uint64(100 + i), Fingerprint: 1}, 1)
	}
	filler := testfs.Fill(t, dir)
	s.Set("/a.log", id, 2)
	err := s.Save()
	if !errors.Is(err, syscall.ENOSPC) {
		t.Fatalf("Save on a full file system = %v; want ENOSPC", err)
	}
	if off, _ := openT(t, dir).Offset(id); off != 1 {
		t.Errorf("after a failed save the file holds offset %d; want the old 1", off)
	}
	if names := dirNames(t, dir); len(names) != 2 {
		t.Errorf("dir holds %v; want checkpoints.json and the filler only", names)
	}
	if err := os.Remove(filler); err != nil {
		t.Fatal(err)
	}
	if err := s.Save(); err != nil {
		t.Fatalf("Save once space is free: %v", err)
	}

	testfs.ReadOnly(t, dir, true)
	s.Set("/a.log", id, 3)
	if err := s.Save(); !errors.Is(err, syscall.EROFS) {
		t.Fatalf("Save on a read-only file system = %v; want EROFS", err)
	}
	if _, err := Lock(dir); err == nil || errors.Is(err, ErrLocked) {
		t.Errorf("Lock on a read-only file system = %v; want a plain error", err)
	}
	testfs.ReadOnly(t, dir, false)
	if err := s.Save(); err != nil {
		t.Fatalf("Save once writable again: %v", err)
	}
	if off, _ := openT(t, filepath.Clean(dir)).Offset(id); off != 3 {
		t.Errorf("offset %d after recovery; want 3", off)
	}
}
