package tail

import (
	"bytes"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
)

// logBuffer is a log destination safe to read while the tailer writes.
type logBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *logBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *logBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// Files the globs match but that cannot be read — a symlink loop, a
// directory and a FIFO at a log file's name, a file whose open is denied —
// are each counted and logged once however many rescans find them again,
// never stop the tailer, and never hold up a readable neighbour, whose
// lines all arrive once. A denied file that becomes readable is read from
// its start.
//
// Permission denied: the tests run as root, for whom mode bits deny
// nothing, so the open of one file is made to fail with EACCES through
// the tailer's open hook (the error os.Open returns for a mode-000 file);
// as another user a real mode-000 file is added too.
func TestUnreadableFilesSkippedOnce(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.log")
	writeFile(t, good, "g0\n")
	for _, l := range [][2]string{{"loop-a.log", "loop-b.log"}, {"loop-b.log", "loop-a.log"}} {
		if err := os.Symlink(filepath.Join(dir, l[1]), filepath.Join(dir, l[0])); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Mkdir(filepath.Join(dir, "adir.log"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(dir, "fifo.log"), 0o644); err != nil {
		t.Fatal(err)
	}
	denied := filepath.Join(dir, "denied.log")
	writeFile(t, denied, "d0\n")
	want := map[string]int64{SkipSymlinkLoop: 2, SkipNotRegular: 2, SkipPermission: 1}
	if os.Getuid() != 0 {
		writeFile(t, filepath.Join(dir, "mode000.log"), "never\n")
		if err := os.Chmod(filepath.Join(dir, "mode000.log"), 0); err != nil {
			t.Fatal(err)
		}
		want[SkipPermission]++
	}
	var deny atomic.Bool
	var deniedOpens atomic.Int64
	deny.Store(true)
	open := func(name string) (*os.File, error) {
		if name == denied && deny.Load() {
			deniedOpens.Add(1)
			return nil, &fs.PathError{Op: "open", Path: name, Err: syscall.EACCES}
		}
		return os.Open(name)
	}
	logs := &logBuffer{}
	cfg := fastConfig(filepath.Join(dir, "*.log"))
	cfg.Logger = slog.New(slog.NewTextHandler(logs, nil))
	h := start(t, cfg, harnessOpt{outCap: 16, open: open})

	var wantGood []string
	for i := range 50 {
		l := fmt.Sprintf("g%d\n", i)
		wantGood = append(wantGood, l)
		if i > 0 {
			appendFile(t, good, l)
		}
	}
	// Ten rescans (200ms each) find the unreadable files again.
	waitFor(t, "repeated attempts on the denied file", func() bool { return deniedOpens.Load() >= 10 })
	waitFor(t, "the readable neighbour's lines", func() bool { return len(h.linesOf(good)) == len(wantGood) })
	if got := h.linesOf(good); strings.Join(got, "") != strings.Join(wantGood, "") {
		t.Errorf("neighbour lines %q; want %q", got, wantGood)
	}
	st := h.tl.Stats()
	for r, n := range want {
		if st.Skipped[r] != n {
			t.Errorf("Skipped[%s] = %d; want %d (all: %v)", r, st.Skipped[r], n, st.Skipped)
		}
	}
	if len(st.Skipped) != len(want) {
		t.Errorf("Skipped = %v; want reasons %v", st.Skipped, want)
	}
	log := logs.String()
	for _, name := range []string{"loop-a.log", "loop-b.log", "adir.log", "fifo.log", "denied.log"} {
		if n := strings.Count(log, "path="+filepath.Join(dir, name)+" "); n != 1 {
			t.Errorf("%s logged %d times; want once:\n%s", name, n, log)
		}
	}

	// Readable now: read from its start, and no new skip is counted.
	deny.Store(false)
	waitFor(t, "the once-denied file", func() bool { return len(h.linesOf(denied)) == 1 })
	if got := h.tl.Stats().Skipped[SkipPermission]; got != want[SkipPermission] {
		t.Errorf("Skipped[permission] = %d after the file became readable; want %d", got, want[SkipPermission])
	}
}
