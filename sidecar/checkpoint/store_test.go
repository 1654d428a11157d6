package checkpoint

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

func openT(t *testing.T, dir string, opts ...Option) *Store {
	t.Helper()
	s, err := Open(dir, opts...)
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	return s
}

func dirNames(t *testing.T, dir string) []string {
	t.Helper()
	des, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, de := range des {
		names = append(names, de.Name())
	}
	return names
}

func TestRoundTrip(t *testing.T) {
	dir := t.TempDir()
	s := openT(t, dir)
	a := Identity{Dev: 2049, Inode: 11, Fingerprint: 0xfedcba9876543210} // > 2^53: must survive JSON exactly
	b := Identity{Dev: 2049, Inode: 12, Fingerprint: 7}
	s.Set("/var/log/pods/ns_a_1/c/0.log", a, 4096)
	s.Set("/var/log/pods/ns_b_2/c/0.log", b, 10)
	s.Set("/var/log/pods/ns_b_2/c/0.log", b, 20) // last Set wins
	if err := s.Save(); err != nil {
		t.Fatal(err)
	}

	s2 := openT(t, dir)
	if off, ok := s2.Offset(a); !ok || off != 4096 {
		t.Errorf("Offset(a) = %d, %v; want 4096, true", off, ok)
	}
	if off, ok := s2.Offset(b); !ok || off != 20 {
		t.Errorf("Offset(b) = %d, %v; want 20, true", off, ok)
	}
	// Same inode, other fingerprint: an inode reused by another file.
	if off, ok := s2.Offset(Identity{Dev: 2049, Inode: 11, Fingerprint: 1}); ok {
		t.Errorf("Offset with another fingerprint = %d, true; want no match", off)
	}
	if _, ok := s2.Offset(Identity{Dev: 1, Inode: 11, Fingerprint: a.Fingerprint}); ok {
		t.Error("Offset on another device matched")
	}
	got := s2.Entries()
	if len(got) != 2 || got[0].Path != "/var/log/pods/ns_a_1/c/0.log" || got[0].ID != a || got[1].Offset != 20 {
		t.Errorf("Entries = %+v", got)
	}
	if got[0].Updated.IsZero() {
		t.Error("Updated not kept")
	}

	raw, err := os.ReadFile(filepath.Join(dir, "checkpoints.json"))
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Version int               `json:"version"`
		Entries []json.RawMessage `json:"entries"`
	}
	if err := json.Unmarshal(raw, &doc); err != nil || doc.Version != 2 || len(doc.Entries) != 2 {
		t.Errorf("file = %s (err %v); want version 2 with 2 entries", raw, err)
	}
	if !strings.Contains(string(raw), `"fingerprint":"fedcba9876543210"`) {
		t.Errorf("fingerprint not written as hex: %s", raw)
	}
}

func TestSetReplacesEntryOfSameInode(t *testing.T) {
	s := openT(t, t.TempDir())
	old := Identity{Dev: 1, Inode: 5, Fingerprint: 100}
	reuse := Identity{Dev: 1, Inode: 5, Fingerprint: 200}
	s.Set("/a.log", old, 50)
	s.Set("/b.log", reuse, 7)
	if _, ok := s.Offset(old); ok {
		t.Error("entry of the earlier file with the same inode survived")
	}
	if off, ok := s.Offset(reuse); !ok || off != 7 {
		t.Errorf("Offset(reuse) = %d, %v", off, ok)
	}
	if n := len(s.Entries()); n != 1 {
		t.Errorf("%d entries, want 1", n)
	}
}

func TestSaveLeavesNoTempFiles(t *testing.T) {
	dir := t.TempDir()
	s := openT(t, dir)
	for i := range 5 {
		s.Set("/x.log", Identity{Inode: 1, Fingerprint: 1}, int64(i))
		if err := s.Save(); err != nil {
			t.Fatal(err)
		}
	}
	if names := dirNames(t, dir); len(names) != 1 || names[0] != "checkpoints.json" {
		t.Errorf("dir holds %v; want only checkpoints.json", names)
	}
	fi, err := os.Stat(filepath.Join(dir, "checkpoints.json"))
	if err != nil || fi.Mode().Perm() != 0o644 {
		t.Errorf("stat: %v, mode %v", err, fi.Mode())
	}
}

// A crash between writing the temporary file and renaming it leaves the old
// file in place and a stray temporary file: Open reads the old file and
// removes the stray one.
func TestCrashBeforeRenameKeepsOldFile(t *testing.T) {
	dir := t.TempDir()
	s := openT(t, dir)
	id := Identity{Dev: 3, Inode: 4, Fingerprint: 5}
	s.Set("/old.log", id, 123)
	if err := s.Save(); err != nil {
		t.Fatal(err)
	}
	// The crashed writer had half-written newer state.
	stray := filepath.Join(dir, "checkpoints.json.tmp-987654")
	if err := os.WriteFile(stray, []byte(`{"version":2,"entries":[{"path":"/old.log","dev":3,"ino`), 0o644); err != nil {
		t.Fatal(err)
	}

	s2 := openT(t, dir)
	if off, ok := s2.Offset(id); !ok || off != 123 {
		t.Errorf("Offset = %d, %v; want the old file's 123, true", off, ok)
	}
	if _, err := os.Stat(stray); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("stray temporary file not removed: %v", err)
	}
}

func TestSaveFailureKeepsOldFile(t *testing.T) {
	if os.Getuid() == 0 {
		t.Skip("root ignores directory permissions")
	}
	dir := t.TempDir()
	s := openT(t, dir)
	id := Identity{Inode: 1, Fingerprint: 1}
	s.Set("/a.log", id, 1)
	if err := s.Save(); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(dir, 0o500); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = os.Chmod(dir, 0o755) })
	s.Set("/a.log", id, 2)
	if err := s.Save(); err == nil {
		t.Fatal("Save into a read-only directory succeeded")
	}
	_ = os.Chmod(dir, 0o755)
	if off, _ := openT(t, dir).Offset(id); off != 1 {
		t.Errorf("after a failed save the file holds offset %d; want the old 1", off)
	}
}

func TestMigrateV1(t *testing.T) {
	logs := t.TempDir()
	content := strings.Repeat("2026-11-30T04:43:12.000000000Z stdout F some line of text\n", 40) // > 1 KiB
	long := filepath.Join(logs, "long.log")
	short := filepath.Join(logs, "short.log")
	shrunk := filepath.Join(logs, "shrunk.log")
	for p, c := range map[string]string{long: content, short: "one\ntwo\nthree\n", shrunk: "tiny\n"} {
		if err := os.WriteFile(p, []byte(c), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	updated := time.Date(2026, 11, 30, 4, 43, 12, 0, time.UTC)
	v1 := fmt.Sprintf(`{"version":1,"entries":{
		%q:{"offset":1500,"updated":"2026-11-30T04:43:12Z"},
		%q:{"offset":8,"updated":"2026-11-30T04:43:12Z"},
		%q:{"offset":100,"updated":"2026-11-30T04:43:12Z"},
		%q:{"offset":5,"updated":"2026-11-30T04:43:12Z"}}}`,
		long, short, shrunk, filepath.Join(logs, "gone.log"))
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "checkpoints.json"), []byte(v1), 0o644); err != nil {
		t.Fatal(err)
	}

	s := openT(t, dir)
	ident := func(path string, off int64) Identity {
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		id, err := FileIdentity(f, off)
		if err != nil {
			t.Fatal(err)
		}
		return id
	}
	if off, ok := s.Offset(ident(long, 1500)); !ok || off != 1500 {
		t.Errorf("long: Offset = %d, %v; want 1500, true", off, ok)
	}
	if off, ok := s.Offset(ident(short, 8)); !ok || off != 8 {
		t.Errorf("short: Offset = %d, %v; want 8, true", off, ok)
	}
	entries := s.Entries()
	if len(entries) != 2 {
		t.Fatalf("entries = %+v; want the two files that still hold their offset", entries)
	}
	for _, e := range entries {
		if !e.Updated.Equal(updated) || e.ID.Inode == 0 {
			t.Errorf("migrated entry %+v lost its time or inode", e)
		}
	}
	// Saving writes the current version.
	if err := s.Save(); err != nil {
		t.Fatal(err)
	}
	raw, _ := os.ReadFile(filepath.Join(dir, "checkpoints.json"))
	if !strings.HasPrefix(string(raw), `{"version":2,`) {
		t.Errorf("saved file starts %.40q; want version 2", raw)
	}
}

func TestCorruptFile(t *testing.T) {
	cases := map[string]string{
		"garbage":        "\x00\x01not json",
		"truncated":      `{"version":2,"entries":[{"path":"/a.log","dev":1,`,
		"empty":          "",
		"no version":     `{"entries":[]}`,
		"future version": `{"version":99,"entries":[]}`,
		"bad entries":    `{"version":2,"entries":{"a":1}}`,
		"bad fp":         `{"version":2,"entries":[{"path":"/a","dev":1,"inode":2,"fingerprint":"xyz","offset":1}]}`,
		"negative":       `{"version":2,"entries":[{"path":"/a","dev":1,"inode":2,"fingerprint":"01","offset":-1}]}`,
		"bad v1":         `{"version":1,"entries":[1,2]}`,
	}
	for name, content := range cases {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "checkpoints.json")
			if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
				t.Fatal(err)
			}
			// The last save, long before this start.
			saved := time.Now().Add(-time.Hour).Truncate(time.Second)
			if err := os.Chtimes(path, saved, saved); err != nil {
				t.Fatal(err)
			}
			s, err := Open(dir)
			if !errors.Is(err, ErrCorrupt) {
				t.Fatalf("Open error = %v; want ErrCorrupt", err)
			}
			var ce *CorruptError
			if !errors.As(err, &ce) || ce.Backup == "" || ce.Err == nil {
				t.Fatalf("error %#v is not a *CorruptError with a backup and a cause", err)
			}
			if s == nil {
				t.Fatal("no Store returned with ErrCorrupt")
			}
			if n := len(s.Entries()); n != 0 {
				t.Errorf("%d entries; want an empty store", n)
			}
			// Files written since the lost save can still be told
			// from history.
			if !s.Loaded().Equal(saved) {
				t.Errorf("Loaded = %v; want the corrupt file's mtime %v", s.Loaded(), saved)
			}
			kept, err := os.ReadFile(ce.Backup)
			if err != nil || string(kept) != content {
				t.Errorf("backup %s holds %q (%v); want the corrupt bytes", ce.Backup, kept, err)
			}
			if !strings.HasPrefix(filepath.Base(ce.Backup), "checkpoints.json.corrupt-") {
				t.Errorf("backup name %s", ce.Backup)
			}
			// The store works and replaces the corrupt file.
			id := Identity{Inode: 9, Fingerprint: 9}
			s.Set("/a.log", id, 42)
			if err := s.Save(); err != nil {
				t.Fatal(err)
			}
			if off, ok := openT(t, dir).Offset(id); !ok || off != 42 {
				t.Errorf("after recovery Offset = %d, %v", off, ok)
			}
		})
	}
}

func TestExpire(t *testing.T) {
	s := openT(t, t.TempDir(), ExpireAfter(time.Hour))
	now := time.Date(2026, 11, 30, 4, 0, 0, 0, time.UTC)
	s.now = func() time.Time { return now }
	goneOld := Identity{Inode: 1, Fingerprint: 1}
	aliveOld := Identity{Inode: 2, Fingerprint: 2}
	goneNew := Identity{Inode: 3, Fingerprint: 3}
	s.Set("/gone-old.log", goneOld, 1)
	s.Set("/alive-old.log", aliveOld, 2)
	now = now.Add(90 * time.Minute)
	s.Set("/gone-new.log", goneNew, 3)
	later := now.Add(30 * time.Minute)

	var asked []Identity
	s.Expire(later, func(id Identity) bool {
		asked = append(asked, id)
		return id == aliveOld
	})
	if _, ok := s.Offset(goneOld); ok {
		t.Error("entry of a file gone for longer than ExpireAfter survived")
	}
	if _, ok := s.Offset(aliveOld); !ok {
		t.Error("entry of a live file expired")
	}
	if _, ok := s.Offset(goneNew); !ok {
		t.Error("entry expired although it is younger than ExpireAfter")
	}
	if len(asked) != 2 {
		t.Errorf("alive asked about %v; want only the two old entries", asked)
	}
	// nil alive: age alone counts.
	s.Expire(later.Add(2*time.Hour), nil)
	if n := len(s.Entries()); n != 0 {
		t.Errorf("%d entries left after Expire(nil) past every entry's age", n)
	}
}

func TestDefaultExpireIsSevenDays(t *testing.T) {
	s := openT(t, t.TempDir())
	id := Identity{Inode: 1, Fingerprint: 1}
	s.Set("/a.log", id, 1)
	s.Expire(time.Now().Add(6*24*time.Hour), nil)
	if _, ok := s.Offset(id); !ok {
		t.Error("expired before 7 days")
	}
	s.Expire(time.Now().Add(7*24*time.Hour+time.Minute), nil)
	if _, ok := s.Offset(id); ok {
		t.Error("kept after 7 days")
	}
}

func TestForget(t *testing.T) {
	s := openT(t, t.TempDir())
	id := Identity{Dev: 1, Inode: 2, Fingerprint: 3}
	s.Set("/a.log", id, 10)
	s.Forget(Identity{Dev: 1, Inode: 2, Fingerprint: 4}) // an older file with that inode
	if _, ok := s.Offset(id); !ok {
		t.Error("Forget with another fingerprint removed the entry")
	}
	s.Forget(id)
	if _, ok := s.Offset(id); ok {
		t.Error("Forget kept the entry")
	}
}

func TestAge(t *testing.T) {
	dir := t.TempDir()
	s := openT(t, dir)
	now := time.Now()
	if a := s.Age(now.Add(time.Minute)); a < time.Minute {
		t.Errorf("Age before any save = %v; want at least the minute since Open", a)
	}
	if err := s.Save(); err != nil {
		t.Fatal(err)
	}
	if a := s.Age(time.Now().Add(3 * time.Second)); a < 3*time.Second || a > 4*time.Second {
		t.Errorf("Age 3s after save = %v", a)
	}
	// A reopened store counts from the file's modification.
	mtime := time.Now().Add(-time.Hour)
	if err := os.Chtimes(filepath.Join(dir, "checkpoints.json"), mtime, mtime); err != nil {
		t.Fatal(err)
	}
	if a := openT(t, dir).Age(time.Now()); a < time.Hour || a > time.Hour+time.Minute {
		t.Errorf("Age of a reopened hour-old file = %v", a)
	}
}

func TestConcurrentSetSave(t *testing.T) {
	dir := t.TempDir()
	s := openT(t, dir)
	const writers, perWriter = 8, 200
	var wg sync.WaitGroup
	for w := range writers {
		wg.Go(func() {
			id := Identity{Dev: 1, Inode: uint64(w + 1), Fingerprint: uint64(w)}
			for i := range perWriter {
				s.Set(fmt.Sprintf("/w%d.log", w), id, int64(i+1))
				if _, ok := s.Offset(id); !ok {
					t.Error("own entry missing")
					return
				}
				if i%50 == 0 {
					if err := s.Save(); err != nil {
						t.Error(err)
						return
					}
				}
			}
		})
	}
	for range 2 {
		wg.Go(func() {
			for range 20 {
				if err := s.Save(); err != nil {
					t.Error(err)
				}
				s.Expire(time.Now(), func(Identity) bool { return true })
				_ = s.Age(time.Now())
				_ = s.Entries()
			}
		})
	}
	wg.Wait()
	if err := s.Save(); err != nil {
		t.Fatal(err)
	}
	s2 := openT(t, dir)
	for w := range writers {
		id := Identity{Dev: 1, Inode: uint64(w + 1), Fingerprint: uint64(w)}
		if off, ok := s2.Offset(id); !ok || off != perWriter {
			t.Errorf("writer %d: Offset = %d, %v; want %d", w, off, ok, perWriter)
		}
	}
	if names := dirNames(t, dir); len(names) != 1 {
		t.Errorf("dir holds %v", names)
	}
}

func TestFingerprint(t *testing.T) {
	if Fingerprint(nil) == Fingerprint([]byte{0}) {
		t.Error("empty and one NUL byte share a fingerprint")
	}
	if Fingerprint([]byte("abc")) == Fingerprint([]byte("abd")) {
		t.Error("different content, same fingerprint")
	}
	big := []byte(strings.Repeat("x", FingerprintSize) + "tail that is not covered")
	if Fingerprint(big) != Fingerprint(big[:FingerprintSize]) {
		t.Error("bytes past FingerprintSize changed the fingerprint")
	}
	if Fingerprint(big[:FingerprintSize-1]) == Fingerprint(big[:FingerprintSize]) {
		t.Error("prefix and longer prefix share a fingerprint")
	}
	// The value is part of the file format: pin it.
	// FNV-1a 64 over "hello\n" then the little-endian uint64 6.
	if got, want := Fingerprint([]byte("hello\n")), uint64(0x7e677548fac39155); got != want {
		t.Errorf("Fingerprint(hello\\n) = %#x; want %#x (changing it needs a new format version)", got, want)
	}
}

func TestFileIdentity(t *testing.T) {
	path := filepath.Join(t.TempDir(), "a.log")
	if err := os.WriteFile(path, []byte("first\nsecond\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	id, err := FileIdentity(f, 6)
	if err != nil {
		t.Fatal(err)
	}
	if id.Fingerprint != Fingerprint([]byte("first\n")) {
		t.Error("fingerprint does not cover exactly the bytes before the offset")
	}
	fi, _ := f.Stat()
	if dev, ino, ok := DevInode(fi); ok && (id.Dev != dev || id.Inode != ino || ino == 0) {
		t.Errorf("identity %v, stat dev=%d ino=%d", id, dev, ino)
	}
	if _, err := FileIdentity(f, 100); err == nil {
		t.Error("FileIdentity past the end succeeded")
	}
}
