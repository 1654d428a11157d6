// Command parserdiff checks that a change to the parser or to its JSON
// rendering changed no output: it builds the parser and ndjson packages as
// they were at a git revision and as they are in the working tree, side by
// side in a scratch module, and compares Parse, ParseLine and IsHeader,
// every accessor of their records and ndjson's rendering of them over the
// corpus, negative and fuzz-seed lines, 2-4 line records, and (unless
// -quick) every truncation, deletion, and 22 bytes substituted and inserted
// at every position of every line: about 32 million comparisons, 13 minutes.
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

// compared are the packages copied into the scratch module, each as
// old<name> and new<name>; ndjson's import of the parser is pointed at the
// parser copy of the same side.
var compared = []string{"parser", "ndjson"}

// writeModule lays out the scratch module: the compared packages'
// non-test files at oldRev as oldparser and oldndjson, at newRev ("" for
// the working tree) as newparser and newndjson, and the comparison program.
func writeModule(dir, root, oldRev, newRev string) error {
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module parserdiff\n\ngo 1.26\n"), 0o644); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "main.go"), compareSource, 0o644); err != nil {
		return err
	}
	for _, name := range compared {
		if err := writeRevision(dir, root, name, "old", oldRev); err != nil {
			return err
		}
		if newRev != "" {
			if err := writeRevision(dir, root, name, "new", newRev); err != nil {
				return err
			}
			continue
		}
		cur, err := filepath.Glob(filepath.Join(root, name, "*.go"))
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
			if err := writePackage(dir, name, "new", filepath.Base(f), src); err != nil {
				return err
			}
		}
	}
	return nil
}

// writeRevision writes package name's non-test files at rev as side+name.
func writeRevision(dir, root, name, side, rev string) error {
	list, err := gitOutput(root, "ls-tree", "--name-only", rev, name+"/")
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
		if err := writePackage(dir, name, side, filepath.Base(f), []byte(src)); err != nil {
			return err
		}
		n++
	}
	if n == 0 {
		return fmt.Errorf("revision %q has no %s/*.go", rev, name)
	}
	return nil
}

func isSource(name string) bool {
	return strings.HasSuffix(name, ".go") && !strings.HasSuffix(name, "_test.go")
}

// writePackage writes one file of package name into dir/side+name,
// renaming its package and pointing its import of the parser at the
// parser copy of the same side.
func writePackage(dir, name, side, file string, src []byte) error {
	pkg := side + name
	s := string(src)
	clause := "\npackage " + name + "\n"
	if !strings.Contains("\n"+s, clause) {
		return fmt.Errorf("%s/%s: no \"package %s\" clause", name, file, name)
	}
	s = strings.Replace("\n"+s, clause, "\npackage "+pkg+"\n", 1)[1:]
	s = strings.ReplaceAll(s, `"github.com/relevel/relevel/parser"`, `parser "parserdiff/`+side+`parser"`)
	if err := os.MkdirAll(filepath.Join(dir, pkg), 0o755); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, pkg, file), []byte(s), 0o644)
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
