package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestSameParserAgrees compares HEAD's parser and ndjson with themselves over the
// unmutated inputs (the working tree may hold parser changes of its own):
// any difference is the tool's own.
func TestSameParserAgrees(t *testing.T) {
	dir, root := headTwice(t)
	out, err := compare(dir, root)
	if err != nil {
		t.Fatalf("identical parsers reported different: %v\n%s", err, out)
	}
	if !bytes.Contains(out, []byte(" 0 differ")) {
		t.Fatalf("no summary line:\n%s", out)
	}
}

// TestChangeIsFound breaks the new copy on purpose, once in the parser
// (the word of LevelWarning becomes "error") and once in its rendering
// (ndjson names the status "level"), and expects the comparison to fail
// and name an input.
func TestChangeIsFound(t *testing.T) {
	for _, c := range []struct{ file, from, to string }{
		{"newparser/level.go", `var levelWords = [...]string{"", "debug", "info", "notice", "warning",`,
			`var levelWords = [...]string{"", "debug", "info", "notice", "error",`},
		{"newndjson/ndjson.go", "dst = append(dst, `{\"status\":\"`...)", "dst = append(dst, `{\"level\":\"`...)"},
	} {
		t.Run(c.file, func(t *testing.T) {
			dir, root := headTwice(t)
			path := filepath.Join(dir, c.file)
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			broken := strings.Replace(string(src), c.from, c.to, 1)
			if broken == string(src) {
				t.Fatalf("%s no longer has the line this test alters; update the test", c.file)
			}
			if err := os.WriteFile(path, []byte(broken), 0o644); err != nil {
				t.Fatal(err)
			}
			out, err := compare(dir, root)
			if err == nil {
				t.Fatalf("a changed %s compared equal:\n%s", c.file, out)
			}
			if !bytes.Contains(out, []byte("DIFF mode")) {
				t.Fatalf("no differing input named:\n%s", out)
			}
		})
	}
}

// headTwice lays out a scratch module with HEAD's parser and ndjson on both sides.
func headTwice(t *testing.T) (dir, root string) {
	t.Helper()
	if testing.Short() {
		t.Skip("builds a scratch module")
	}
	out, err := gitOutput("", "rev-parse", "--show-toplevel")
	if err != nil {
		t.Skip("not a git checkout:", err)
	}
	root = strings.TrimSpace(out)
	dir = t.TempDir()
	if err := writeModule(dir, root, "HEAD", "HEAD"); err != nil {
		t.Fatal(err)
	}
	return dir, root
}

func compare(dir, root string) ([]byte, error) {
	cmd := exec.Command("go", "run", ".", "-root", root, "-quick")
	cmd.Dir = dir
	return cmd.CombinedOutput()
}
