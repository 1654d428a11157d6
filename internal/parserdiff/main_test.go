package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestSameParserAgrees builds HEAD's parser against the working tree's over
// the unmutated inputs: in a clean checkout the two are the same code, so
// any difference is the tool's own.
func TestSameParserAgrees(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a scratch module")
	}
	root := repoRoot(t)
	dir := t.TempDir()
	if err := writeModule(dir, root, "HEAD"); err != nil {
		t.Fatal(err)
	}
	// The working tree may hold parser changes of its own: compare HEAD
	// with itself so the test does not depend on them.
	copyDir(t, filepath.Join(dir, "oldparser"), filepath.Join(dir, "newparser"), "oldparser", "newparser")
	out, err := compare(dir, root)
	if err != nil {
		t.Fatalf("identical parsers reported different: %v\n%s", err, out)
	}
	if !bytes.Contains(out, []byte(" 0 differ")) {
		t.Fatalf("no summary line:\n%s", out)
	}
}

// TestChangeIsFound breaks the new copy on purpose (zap's "warn" read as
// error) and expects the comparison to fail and name an input.
func TestChangeIsFound(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a scratch module")
	}
	root := repoRoot(t)
	dir := t.TempDir()
	if err := writeModule(dir, root, "HEAD"); err != nil {
		t.Fatal(err)
	}
	copyDir(t, filepath.Join(dir, "oldparser"), filepath.Join(dir, "newparser"), "oldparser", "newparser")
	level := filepath.Join(dir, "newparser", "level.go")
	src, err := os.ReadFile(level)
	if err != nil {
		t.Fatal(err)
	}
	broken := strings.Replace(string(src), `var levelWords = [...]string{"", "debug", "info", "notice", "warning",`,
		`var levelWords = [...]string{"", "debug", "info", "notice", "error",`, 1)
	if broken == string(src) {
		t.Fatal("level.go no longer has the line this test alters; update the test")
	}
	if err := os.WriteFile(level, []byte(broken), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := compare(dir, root)
	if err == nil {
		t.Fatalf("a changed parser compared equal:\n%s", out)
	}
	if !bytes.Contains(out, []byte("DIFF mode")) {
		t.Fatalf("no differing input named:\n%s", out)
	}
}

func compare(dir, root string) ([]byte, error) {
	cmd := exec.Command("go", "run", ".", "-root", root, "-quick")
	cmd.Dir = dir
	return cmd.CombinedOutput()
}

func repoRoot(t *testing.T) string {
	t.Helper()
	out, err := gitOutput("", "rev-parse", "--show-toplevel")
	if err != nil {
		t.Skip("not a git checkout:", err)
	}
	return strings.TrimSpace(out)
}

// copyDir replaces to's files with from's, renaming the package clause.
func copyDir(t *testing.T, from, to, fromPkg, toPkg string) {
	t.Helper()
	if err := os.RemoveAll(to); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(to, 0o755); err != nil {
		t.Fatal(err)
	}
	files, err := filepath.Glob(filepath.Join(from, "*.go"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no files in %s: %v", from, err)
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		s := strings.Replace(string(b), "package "+fromPkg+"\n", "package "+toPkg+"\n", 1)
		if err := os.WriteFile(filepath.Join(to, filepath.Base(f)), []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
