// Command parserdiff checks that a change to the parser changed no output:
// it builds the parser package as it was at a git revision and as it is in
// the working tree, side by side in a scratch module, and compares Parse,
// ParseLine and IsHeader and every accessor of their records over the
// corpus, negative and fuzz-seed lines, 2-4 line records, and (unless
// -quick) every truncation, deletion, and 22 bytes substituted and inserted
// at every position of every line: about 16 million inputs, 2-3 minutes.
//
// Performance work on the parser is meant to change no output; the golden
// tests see only the corpus lines themselves, this sees their neighbours.
//
//	go run ./internal/parserdiff -rev main   (make parser-diff REV=main)
package main

import (
	_ "embed"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// compareSource is the comparison program; it imports the two copies of
// the parser as parserdiff/oldparser and parserdiff/newparser.
//
//go:embed compare.go.txt
var compareSource []byte

func main() {
	rev := flag.String("rev", "HEAD", "git revision whose parser is the reference")
	quick := flag.Bool("quick", false, "compare the lines and records only, without mutations")
	keep := flag.Bool("keep", false, "keep the scratch module and print its path")
	flag.Parse()
	if err := run(*rev, *quick, *keep); err != nil {
		fmt.Fprintln(os.Stderr, "parserdiff:", err)
		os.Exit(1)
	}
}

func run(rev string, quick, keep bool) error {
	root, err := gitOutput("", "rev-parse", "--show-toplevel")
	if err != nil {
		return fmt.Errorf("not in a git checkout: %w", err)
	}
	root = strings.TrimSpace(root)
	dir, err := os.MkdirTemp("", "parserdiff-")
	if err != nil {
		return err
	}
	if keep {
		fmt.Fprintln(os.Stderr, "parserdiff: scratch module in", dir)
	} else {
		defer os.RemoveAll(dir)
	}
	if err := writeModule(dir, root, rev, ""); err != nil {
		return err
	}
	args := []string{"run", ".", "-root", root}
	if quick {
		args = append(args, "-quick")
	}
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("the parser at %s and the working tree's differ, or the comparison did not run: %w", rev, err)
	}
	return nil
}

// writeModule lays out the scratch module: the parser's non-test files at
// oldRev as package oldparser, at newRev ("" for the working tree) as
// package newparser, and the comparison program.
func writeModule(dir, root, oldRev, newRev string) error {
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module parserdiff\n\ngo 1.26\n"), 0o644); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "main.go"), compareSource, 0o644); err != nil {
		return err
	}
	if err := writeRevision(dir, root, "oldparser", oldRev); err != nil {
		return err
	}
	if newRev != "" {
		return writeRevision(dir, root, "newparser", newRev)
	}
	cur, err := filepath.Glob(filepath.Join(root, "parser", "*.go"))
	if err != nil {
		return err
	}
	for _, f := range cur {
		if !isSource(f) {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			return err
		}
		if err := writePackage(dir, "newparser", filepath.Base(f), src); err != nil {
			return err
		}
	}
	return nil
}

// writeRevision writes the parser's non-test files at rev as package pkg.
func writeRevision(dir, root, pkg, rev string) error {
	list, err := gitOutput(root, "ls-tree", "--name-only", rev, "parser/")
	if err != nil {
		return fmt.Errorf("revision %q: %w", rev, err)
	}
	n := 0
	for _, f := range strings.Fields(list) {
		if !isSource(f) {
			continue
		}
		src, err := gitOutput(root, "show", rev+":"+f)
		if err != nil {
			return err
		}
		if err := writePackage(dir, pkg, filepath.Base(f), []byte(src)); err != nil {
			return err
		}
		n++
	}
	if n == 0 {
		return fmt.Errorf("revision %q has no parser/*.go", rev)
	}
	return nil
}

func isSource(name string) bool {
	return strings.HasSuffix(name, ".go") && !strings.HasSuffix(name, "_test.go")
}

// writePackage writes one parser file into dir/pkg, renaming its package.
func writePackage(dir, pkg, name string, src []byte) error {
	s := string(src)
	if !strings.Contains(s, "\npackage parser\n") && !strings.HasPrefix(s, "package parser\n") {
		return fmt.Errorf("%s: no \"package parser\" clause", name)
	}
	s = strings.Replace("\n"+s, "\npackage parser\n", "\npackage "+pkg+"\n", 1)[1:]
	if err := os.MkdirAll(filepath.Join(dir, pkg), 0o755); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, pkg, name), []byte(s), 0o644)
}

func gitOutput(dir string, args ...string) (string, error) {
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		if ee, ok := err.(*exec.ExitError); ok {
			return "", fmt.Errorf("git %s: %v: %s", strings.Join(args, " "), err, strings.TrimSpace(string(ee.Stderr)))
		}
		return "", err
	}
	return string(out), nil
}
