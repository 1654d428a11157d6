// Command shipratio races the datadog sink against the path it replaced
// (make bench-ship) and prints the CPU time per record of each, the ratio
// of the medians and the median of the rounds' own ratios. Issue 14 asks
// for the sink at ten times the records per core of that day's shipping,
// measured in one run. It races two baselines:
//
//   - The sink of issue 14's day (the commit -base, 7dd13a1 by default),
//     the client path the issue measured at 14 µs a record, against
//     today's sink, both on that day's corpus: BenchmarkShipRace, which
//     shiprace_test.go and discard_test.go build into both trees (the old
//     tree from git's object store, the two files added by go test
//     -overlay), run in the old tree's sidecar/intake so that both read its
//     corpus. This is the comparison of the issue's words ("today's records
//     per core"), as make bench-scan's is for BenchmarkScan.
//   - BenchmarkShip's client/discard against sink/discard, today's tree on
//     today's corpus: the former path kept in the tree as the same-run
//     baseline the issue asked for. It is built on today's record
//     accessors and ndjson writers, so it has grown faster with them (29.6
//     µs a record in session 13, 14–16 µs now) and the ratio against it
//     shrinks as they gain.
//
// Each run is its own process, so each starts from a clean heap whatever
// the other cases allocated (the client path about 10 MB per pass), and
// reports only its timed loop (cpu-ns/record, from getrusage: every
// thread, the garbage collector's work included; the intake is a child
// process and does not count). The cases take turns, the order rotated
// every round: on a shared VM one binary's runs spread by ±20% over
// seconds, and taking turns lands a burst of noise on one sample of each
// rather than on several of one, and a round's own ratios compare runs
// seconds apart.
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"

	"github.com/relevel/relevel/internal/benchrace"
)

func main() {
	base := flag.String("base", "7dd13a1", "the commit of the sink to race: its tree, with BenchmarkShipRace added, on its own corpus")
	runs := flag.Int("runs", 15, "rounds; each runs every case once, in rotating order")
	old := flag.String("old", "30x", "-test.benchtime of the old sink's runs (a pass is the whole corpus)")
	race := flag.String("race", "300x", "-test.benchtime of today's sink's runs on the old corpus")
	client := flag.String("client", "20x", "-test.benchtime of the client path's runs on today's corpus")
	sink := flag.String("sink", "200x", "-test.benchtime of today's sink's runs on today's corpus")
	flag.Parse()
	if err := run(*base, *runs, [4]string{*old, *race, *client, *sink}); err != nil {
		fmt.Fprintln(os.Stderr, "shipratio:", err)
		os.Exit(1)
	}
}

// A case: a benchmark of one binary, run in one directory, and its runs'
// CPU ns per record.
type kase struct {
	name, bin, dir, bench, benchtime string
	cpu                              []float64
}

// The files that make BenchmarkShipRace, added to the old tree.
var raceFiles = []string{"sidecar/intake/shiprace_test.go", "sidecar/intake/discard_test.go"}

func run(base string, runs int, benchtimes [4]string) error {
	if runs < 1 {
		return fmt.Errorf("-runs %d: at least one round is needed", runs)
	}
	tmp, err := os.MkdirTemp("", "shipratio")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	oldTree := filepath.Join(tmp, "base")
	if err := benchrace.Extract(base, oldTree); err != nil {
		return err
	}
	if m, _ := filepath.Glob(filepath.Join(oldTree, "testdata/corpus/*/*.log")); len(m) == 0 {
		return fmt.Errorf("%s has no testdata/corpus/*/*.log to run on", base)
	}
	// The old tree gets today's race files through an overlay: its own
	// files stay as they were.
	overlay := struct{ Replace map[string]string }{map[string]string{}}
	for _, f := range raceFiles {
		abs, err := filepath.Abs(f)
		if err != nil {
			return err
		}
		if _, err := os.Stat(abs); err != nil {
			return fmt.Errorf("%w (run from the module's root)", err)
		}
		overlay.Replace[filepath.Join(oldTree, f)] = abs
	}
	ovPath := filepath.Join(tmp, "overlay.json")
	ov, _ := json.Marshal(overlay)
	if err := os.WriteFile(ovPath, ov, 0o644); err != nil {
		return err
	}
	oldBin, newBin := filepath.Join(tmp, "old.test"), filepath.Join(tmp, "new.test")
	if err := build(oldTree, oldBin, "-overlay", ovPath); err != nil {
		return fmt.Errorf("building %s's sink with BenchmarkShipRace: %w", base, err)
	}
	if err := build(".", newBin); err != nil {
		return fmt.Errorf("building today's sink: %w", err)
	}
	oldDir := filepath.Join(oldTree, "sidecar/intake")
	cases := []*kase{
		{name: base + " sink", bin: oldBin, dir: oldDir, bench: "^BenchmarkShipRace$", benchtime: benchtimes[0]},
		{name: "sink", bin: newBin, dir: oldDir, bench: "^BenchmarkShipRace$", benchtime: benchtimes[1]},
		{name: "client path", bin: newBin, dir: "sidecar/intake", bench: "^BenchmarkShip$/^client$/^discard$", benchtime: benchtimes[2]},
		{name: "sink", bin: newBin, dir: "sidecar/intake", bench: "^BenchmarkShip$/^sink$/^discard$", benchtime: benchtimes[3]},
	}
	var oldRatios, clientRatios []float64
	for r := range runs {
		for i := range cases {
			k := cases[(r+i)%len(cases)]
			v, err := once(k)
			if err != nil {
				return fmt.Errorf("%s: %w", k.name, err)
			}
			k.cpu = append(k.cpu, v)
		}
		oldRatios = append(oldRatios, cases[0].cpu[r]/cases[1].cpu[r])
		clientRatios = append(clientRatios, cases[2].cpu[r]/cases[3].cpu[r])
		fmt.Fprintf(os.Stderr, "round %d/%d: %s's corpus %.0f/%.0f = %.2fx; today's corpus %.0f/%.0f = %.2fx\n", r+1, runs,
			base, cases[0].cpu[r], cases[1].cpu[r], oldRatios[r], cases[2].cpu[r], cases[3].cpu[r], clientRatios[r])
	}
	fmt.Printf("The datadog sink, discard intake in a child process, one core, %d rounds (CPU ns a record):\n", runs)
	report(base+"'s corpus", base+" sink", cases[0], cases[1], oldRatios)
	report("today's corpus", "the client path", cases[2], cases[3], clientRatios)
	return nil
}

// report prints one comparison: the baseline, the sink and the ratios.
func report(corpus, baseName string, baseline, sink *kase, ratios []float64) {
	fmt.Printf("On %s:\n", corpus)
	for _, k := range []*kase{baseline, sink} {
		m := benchrace.Median(k.cpu)
		fmt.Printf("  %-16s %-5s median %6.0f (%7.0f records per CPU-second)  min %6.0f  max %6.0f\n",
			k.name, k.benchtime, m, 1e9/m, slices.Min(k.cpu), slices.Max(k.cpu))
	}
	fmt.Printf("  sink against %s: %.2fx (ratio of the medians); the rounds' own ratios: median %.2fx, min %.2fx, max %.2fx\n",
		baseName, benchrace.Median(baseline.cpu)/benchrace.Median(sink.cpu), benchrace.Median(ratios), slices.Min(ratios), slices.Max(ratios))
}

// build compiles the sidecar/intake tests of the module at dir into bin.
func build(dir, bin string, extra ...string) error {
	cmd := exec.Command("go", append(append([]string{"test", "-c", "-o", bin}, extra...), "./sidecar/intake")...)
	cmd.Dir, cmd.Stdout, cmd.Stderr = dir, os.Stderr, os.Stderr
	fmt.Fprintf(os.Stderr, "building in %s: %v\n", dir, cmd.Args)
	return cmd.Run()
}

var cpuNs = regexp.MustCompile(`(?m)^BenchmarkShip\S*\s+\d+\s+.*?\s([\d.]+) cpu-ns/record`)

// once runs one case in its directory (where its benchmark finds the
// corpus) and returns its CPU ns per record.
func once(k *kase) (float64, error) {
	cmd := exec.Command(k.bin, "-test.run", "^$", "-test.bench", k.bench, "-test.benchtime", k.benchtime, "-test.cpu", "1")
	cmd.Dir = k.dir
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, os.Stderr
	if err := cmd.Run(); err != nil {
		return 0, fmt.Errorf("%v\n%s", err, out.Bytes())
	}
	return parseCPU(out.Bytes())
}

// parseCPU reads the cpu-ns/record metric of the one benchmark line in
// out; the benchmarks report it only where the system tells CPU time.
func parseCPU(out []byte) (float64, error) {
	m := cpuNs.FindAllSubmatch(out, -1)
	if len(m) != 1 {
		return 0, fmt.Errorf("want one BenchmarkShip line with cpu-ns/record, found %d in:\n%s", len(m), out)
	}
	return strconv.ParseFloat(string(m[0][1]), 64)
}
