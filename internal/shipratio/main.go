// Command shipratio races the datadog sink against the former client path
// (make bench-ship): BenchmarkShip's sink/discard and client/discard cases,
// each in its own process, alternately, and prints the CPU time per record
// of each, the ratio of the medians and the median of the runs' own ratios.
// Issue 14 asks for the sink at ten times the client path's records per
// core, measured in one run.
//
// Why a process per run: each starts from the same clean heap, whatever
// the other case allocated (the client path about 10 MB per pass), and
// reports only its timed loop (the benchmark's cpu-ns/record, from
// getrusage: every thread, the garbage collector's work included; the
// intake is a child process and does not count).
//
// Why alternate: on a shared VM one binary's runs spread by ±20% over
// seconds. Taking the two cases in turn, the order flipped every round,
// lands a burst of noise on one sample of each rather than on several of
// one, and a round's own ratio compares runs seconds apart.
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
)

func main() {
	runs := flag.Int("runs", 15, "rounds; each runs the client path and the sink once, in alternating order")
	client := flag.String("client", "20x", "-test.benchtime of each client run (a pass is the whole corpus)")
	sink := flag.String("sink", "200x", "-test.benchtime of each sink run")
	flag.Parse()
	if err := run(*runs, *client, *sink); err != nil {
		fmt.Fprintln(os.Stderr, "shipratio:", err)
		os.Exit(1)
	}
}

// A case of BenchmarkShip and its runs' CPU ns per record.
type kase struct {
	name, bench, benchtime string
	cpu                    []float64
}

func run(runs int, clientTime, sinkTime string) error {
	if runs < 1 {
		return fmt.Errorf("-runs %d: at least one round is needed", runs)
	}
	tmp, err := os.MkdirTemp("", "shipratio")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	bin := filepath.Join(tmp, "intake.test")
	build := exec.Command("go", "test", "-c", "-o", bin, "./sidecar/intake")
	build.Stdout, build.Stderr = os.Stderr, os.Stderr
	fmt.Fprintf(os.Stderr, "building: go test -c -o %s ./sidecar/intake\n", bin)
	if err := build.Run(); err != nil {
		return fmt.Errorf("building the intake tests (run from the module's root): %w", err)
	}
	client := &kase{name: "client", bench: "^BenchmarkShip$/^client$/^discard$", benchtime: clientTime}
	sink := &kase{name: "sink", bench: "^BenchmarkShip$/^sink$/^discard$", benchtime: sinkTime}
	var ratios []float64
	for r := range runs {
		order := []*kase{client, sink}
		if r%2 == 1 {
			order = []*kase{sink, client}
		}
		for _, k := range order {
			v, err := once(bin, "sidecar/intake", k)
			if err != nil {
				return fmt.Errorf("%s: %w", k.name, err)
			}
			k.cpu = append(k.cpu, v)
		}
		ratio := client.cpu[r] / sink.cpu[r]
		ratios = append(ratios, ratio)
		fmt.Fprintf(os.Stderr, "round %d/%d: client %.0f, sink %.0f CPU ns a record: %.2fx\n", r+1, runs, client.cpu[r], sink.cpu[r], ratio)
	}
	fmt.Printf("BenchmarkShip, discard intake, one core: %d rounds, client %s and sink %s a run:\n", runs, clientTime, sinkTime)
	for _, k := range []*kase{client, sink} {
		m := median(k.cpu)
		fmt.Printf("  %-6s median %6.0f CPU ns a record (%7.0f records per CPU-second)  min %6.0f  max %6.0f\n",
			k.name, m, 1e9/m, slices.Min(k.cpu), slices.Max(k.cpu))
	}
	fmt.Printf("sink against client: %.2fx (ratio of the medians); the rounds' own ratios: median %.2fx, min %.2fx, max %.2fx\n",
		median(client.cpu)/median(sink.cpu), median(ratios), slices.Min(ratios), slices.Max(ratios))
	return nil
}

var cpuNs = regexp.MustCompile(`(?m)^BenchmarkShip/\S+\s+\d+\s+.*?\s([\d.]+) cpu-ns/record`)

// once runs one case of the benchmark in dir (where it finds the corpus)
// and returns its CPU ns per record.
func once(bin, dir string, k *kase) (float64, error) {
	cmd := exec.Command(bin, "-test.run", "^$", "-test.bench", k.bench, "-test.benchtime", k.benchtime, "-test.cpu", "1")
	cmd.Dir = dir
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, os.Stderr
	if err := cmd.Run(); err != nil {
		return 0, fmt.Errorf("%v\n%s", err, out.Bytes())
	}
	return parseCPU(out.Bytes())
}

// parseCPU reads the cpu-ns/record metric of the one benchmark line in
// out; the benchmark reports it only where the system tells CPU time.
func parseCPU(out []byte) (float64, error) {
	m := cpuNs.FindAllSubmatch(out, -1)
	if len(m) != 1 {
		return 0, fmt.Errorf("want one BenchmarkShip line with cpu-ns/record, found %d in:\n%s", len(m), out)
	}
	return strconv.ParseFloat(string(m[0][1]), 64)
}

// median of v (the mean of the middle two for an even count).
func median(v []float64) float64 {
	s := slices.Clone(v)
	slices.Sort(s)
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}
