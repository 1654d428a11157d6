// Command scanratio races today's BenchmarkScan against the code of an
// earlier commit (by default 7dd13a1, where issue 14 measured it) on that
// commit's corpus, in one run, and prints the ratio of the medians (make
// bench-scan). Issue 14 asks for BenchmarkScan at twice its speed of that
// day; a figure measured on another day, or on today's larger corpus, would
// compare different work.
//
// Both test binaries are built first, then run alternately, one benchmark
// run each in turn, so that a burst of noise on a shared machine lands on
// one sample of each rather than on several samples of one. Each run reads
// the old commit's corpus (the benchmark globs testdata/corpus relative to
// its working directory). With -pgo, a third binary is built with that
// profile, as `go build` builds cmd/relevel with its default.pgo.
//
// Each run also reports its CPU time (user and system, every thread of the
// process: the garbage collector's work counts) divided by the passes it
// made: with -benchtime Nx the benchmark makes N passes after its one-pass
// probe. On a shared VM the clock of one binary's runs spreads by a third;
// CPU time of a fixed number of passes spreads far less.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/relevel/relevel/internal/benchrace"
)

func main() {
	base := flag.String("base", "7dd13a1", "the commit to race: its parser/join benchmark on its own corpus")
	runs := flag.Int("runs", 15, "alternating runs of each binary; the median of each is reported")
	benchtime := flag.String("benchtime", "3000x", "-test.benchtime of each run; Nx (N passes) also gives CPU time per pass")
	pgo := flag.String("pgo", "", "also race today's code built with this profile (cmd/relevel/default.pgo)")
	flag.Parse()
	if err := run(*base, *runs, *benchtime, *pgo); err != nil {
		fmt.Fprintln(os.Stderr, "scanratio:", err)
		os.Exit(1)
	}
}

type binary struct {
	name, path string
	ns, cpu    []float64 // per pass: ns/op, and CPU ns when the run's passes are known
}

func run(base string, runs int, benchtime, pgo string) error {
	if runs < 1 {
		return fmt.Errorf("-runs %d: at least one run is needed", runs)
	}
	tmp, err := os.MkdirTemp("", "scanratio")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	// The old tree from git's object store.
	old := filepath.Join(tmp, "base")
	if err := benchrace.Extract(base, old); err != nil {
		return err
	}
	if m, _ := filepath.Glob(filepath.Join(old, "testdata/corpus/*/*.log")); len(m) == 0 {
		return fmt.Errorf("%s has no testdata/corpus/*/*.log to run on", base)
	}

	bins := []*binary{{name: base}, {name: "today"}}
	if pgo != "" {
		abs, err := filepath.Abs(pgo)
		if err != nil {
			return err
		}
		pgo = abs
		bins = append(bins, &binary{name: "today+pgo"})
	}
	for i, b := range bins {
		b.path = filepath.Join(tmp, fmt.Sprintf("scan%d.test", i))
		args := []string{"test", "-c", "-o", b.path}
		dir := old
		if i > 0 {
			dir = "."
		}
		if i == 2 {
			args = append(args, "-pgo="+pgo)
		}
		cmd := exec.Command("go", append(args, "./parser/join")...)
		cmd.Dir, cmd.Stdout, cmd.Stderr = dir, os.Stderr, os.Stderr
		fmt.Fprintf(os.Stderr, "building %s: go %s\n", b.name, strings.Join(cmd.Args[1:], " "))
		if err := cmd.Run(); err != nil {
			return fmt.Errorf("building %s: %w", b.name, err)
		}
	}
	for r := 0; r < runs; r++ {
		for _, b := range bins {
			ns, cpu, err := once(b.path, filepath.Join(old, "parser/join"), benchtime)
			if err != nil {
				return fmt.Errorf("%s: %w", b.name, err)
			}
			b.ns = append(b.ns, ns)
			if cpu > 0 {
				b.cpu = append(b.cpu, cpu)
			}
		}
		fmt.Fprintf(os.Stderr, "run %d/%d done\n", r+1, runs)
	}
	ref := benchrace.Median(bins[0].ns)
	fmt.Printf("BenchmarkScan on %s's corpus, %d alternating runs of %s each:\n", base, runs, benchtime)
	for _, b := range bins {
		m := benchrace.Median(b.ns)
		fmt.Printf("  %-10s median %9.0f ns/op  min %9.0f  max %9.0f  %.2fx %s\n", b.name, m, slices.Min(b.ns), slices.Max(b.ns), ref/m, base)
	}
	if len(bins[0].cpu) == runs {
		ref := benchrace.Median(bins[0].cpu)
		fmt.Printf("CPU time per pass (user+system over the run's passes):\n")
		for _, b := range bins {
			m := benchrace.Median(b.cpu)
			fmt.Printf("  %-10s median %9.0f ns      min %9.0f  max %9.0f  %.2fx %s\n", b.name, m, slices.Min(b.cpu), slices.Max(b.cpu), ref/m, base)
		}
	}
	return nil
}

var nsOp = regexp.MustCompile(`(?m)^BenchmarkScan\S*\s+\d+\s+([\d.]+) ns/op`)

// once runs the benchmark binary once in dir and returns its ns/op and,
// when benchtime is a count of passes, the process's CPU time per pass
// (else 0). The testing package runs one pass to probe before the N asked
// for; the process's start and its read of the corpus count too, a few
// milliseconds against the seconds of N passes.
func once(bin, dir, benchtime string) (nsop, cpu float64, err error) {
	cmd := exec.Command(bin, "-test.run", "^$", "-test.bench", "^BenchmarkScan$", "-test.benchtime", benchtime)
	cmd.Dir = dir
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, os.Stderr
	if err := cmd.Run(); err != nil {
		return 0, 0, fmt.Errorf("%v\n%s", err, out.Bytes())
	}
	m := nsOp.FindSubmatch(out.Bytes())
	if m == nil {
		return 0, 0, fmt.Errorf("no BenchmarkScan result in:\n%s", out.Bytes())
	}
	if nsop, err = strconv.ParseFloat(string(m[1]), 64); err != nil {
		return 0, 0, err
	}
	if n, ok := passes(benchtime); ok {
		t := cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
		cpu = float64(t.Nanoseconds()) / float64(n+1)
	}
	return nsop, cpu, nil
}

// passes returns N for a -test.benchtime of "Nx".
func passes(benchtime string) (int, bool) {
	n, err := strconv.Atoi(strings.TrimSuffix(benchtime, "x"))
	return n, err == nil && n > 0 && strings.HasSuffix(benchtime, "x")
}
