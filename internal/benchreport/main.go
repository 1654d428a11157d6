// Command benchreport runs the parser benchmarks and rewrites the table
// between the bench markers in README.md, so that the README's numbers are
// always a real run's and never typed by hand (make readme).
//
// It reports ratios between relevel and the baselines measured in the same
// run; absolute times depend on the machine.
package main

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/relevel/relevel/parser"
)

const (
	startMarker = "<!-- bench:start -->"
	endMarker   = "<!-- bench:end -->"
)

func main() {
	readme := flag.String("readme", "README.md", "file whose bench section to rewrite")
	input := flag.String("input", "", "read `go test -bench` output from this file instead of running it")
	count := flag.Int("count", 3, "benchmark repetitions, each a separate run of every benchmark; the median of each is reported")
	flag.Parse()

	var out []byte
	var err error
	if *input != "" {
		out, err = os.ReadFile(*input)
	} else {
		// One `go test -count 1` per repetition rather than -count N:
		// -count repeats each benchmark back to back, so a burst of noise
		// on a shared machine lands on several samples of one set and
		// moves its median; spread over separate runs it touches at most
		// one sample of each set.
		for i := 0; i < *count && err == nil; i++ {
			cmd := exec.Command("go", "test", "-p", "1", "-run", "^$", "-bench", "^(BenchmarkParse|BenchmarkFields|BenchmarkScan)$",
				"-benchmem", "-count", "1", "./parser/", "./parser/join/")
			cmd.Stderr = os.Stderr
			var run []byte
			run, err = cmd.Output()
			os.Stderr.Write(run)
			out = append(out, run...)
		}
	}
	if err != nil {
		fatal(err)
	}
	table, err := render(bytes.NewReader(out))
	if err != nil {
		fatal(err)
	}
	doc, err := os.ReadFile(*readme)
	if err != nil {
		fatal(err)
	}
	s, e := bytes.Index(doc, []byte(startMarker)), bytes.Index(doc, []byte(endMarker))
	if s < 0 || e < s {
		fatal(fmt.Errorf("%s has no %s … %s section", *readme, startMarker, endMarker))
	}
	var b bytes.Buffer
	b.Write(doc[:s+len(startMarker)])
	b.WriteString("\n")
	b.WriteString(table)
	b.Write(doc[e:])
	if err := os.WriteFile(*readme, b.Bytes(), 0o644); err != nil {
		fatal(err)
	}
}

func fatal(err error) {
	fmt.Fprintln(os.Stderr, "benchreport:", err)
	os.Exit(1)
}

type result struct {
	mbs, lines, allocs float64
}

var benchLine = regexp.MustCompile(`^Benchmark(\w+)/?(\S*?)(?:-\d+)?\s+\d+\s+(.*)$`)

// parse collects each benchmark's samples in run order: the i-th sample of
// every benchmark comes from the i-th run.
func parse(r io.Reader) (map[string][]result, string) {
	samples := map[string][]result{}
	cpu := ""
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "cpu: ") {
			cpu = strings.TrimSpace(strings.TrimPrefix(line, "cpu: "))
		}
		m := benchLine.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		name := m[1]
		if m[2] != "" {
			name += "/" + m[2]
		}
		var res result
		f := strings.Fields(m[3])
		for i := 1; i < len(f); i++ {
			v, err := strconv.ParseFloat(f[i-1], 64)
			if err != nil {
				continue
			}
			switch f[i] {
			case "MB/s":
				res.mbs = v
			case "lines/s", "records/s":
				res.lines = v
			case "allocs/op":
				res.allocs = v
			}
		}
		samples[name] = append(samples[name], res)
	}
	return samples, cpu
}

// median is the median of get over rs.
func median(rs []result, get func(result) float64) float64 {
	v := make([]float64, len(rs))
	for i, r := range rs {
		v[i] = get(r)
	}
	return middle(v)
}

// runRatio is the median over runs of a's metric divided by b's in the same
// run. Dividing the medians instead would set a sample of one run against
// a sample of another, and noise that hit one run would not cancel.
func runRatio(a, b []result, get func(result) float64) float64 {
	var v []float64
	for i := 0; i < len(a) && i < len(b); i++ {
		if x, y := get(a[i]), get(b[i]); x > 0 && y > 0 {
			v = append(v, x/y)
		}
	}
	return middle(v)
}

// middle is the median of v (the upper one for an even count), 0 for none.
func middle(v []float64) float64 {
	if len(v) == 0 {
		return 0
	}
	sort.Float64s(v)
	return v[len(v)/2]
}

func mbs(r result) float64   { return r.mbs }
func lines(r result) float64 { return r.lines }

func render(r io.Reader) (string, error) {
	res, cpu := parse(r)
	var b strings.Builder
	fmt.Fprintf(&b, "Measured by `make readme` (`go test -bench -benchmem`, median of separate runs) on %s.\n", orUnknown(cpu))
	b.WriteString("Ratios compare relevel with the baselines **in the same run**: each is the median over the runs of that run's ratio. The absolute MB/s are this machine's.\n\n")
	// zap's row is the yardstick for the others: the formats issue asks
	// each set to stay within 1.5× of the first formats' figures, so the
	// ratios to zap in the same run are printed beside the absolute rates.
	b.WriteString("The two \"vs zap\" columns divide a set's MB/s and lines/s by zap's in the same run.\n\n")
	b.WriteString("| lines | relevel MB/s | relevel Mlines/s | allocs/pass | vs zap (MB/s) | vs zap (lines/s) | vs grok (seed pipeline) | vs regexp |\n")
	b.WriteString("|---|---:|---:|---:|---:|---:|---:|---:|\n")
	zap := res["Parse/zap/relevel"]
	rows := 0
	sets := []string{"mixed", "mixed-v1"}
	for _, f := range parser.Formats() {
		sets = append(sets, f.String()) // BenchmarkParse's sets, in its order
	}
	for _, set := range sets {
		rel, ok := res["Parse/"+set+"/relevel"]
		if !ok {
			continue
		}
		g, re := res["Parse/"+set+"/grok"], res["Parse/"+set+"/regexp"]
		fmt.Fprintf(&b, "| %s | %.0f | %.1f | %.0f | %s | %s | %s | %s |\n", set,
			median(rel, mbs), median(rel, lines)/1e6, median(rel, func(r result) float64 { return r.allocs }),
			fraction(runRatio(rel, zap, mbs)), fraction(runRatio(rel, zap, lines)),
			times(runRatio(rel, g, lines)), times(runRatio(rel, re, lines)))
		rows++
	}
	if rows == 0 {
		return "", fmt.Errorf("no BenchmarkParse results in the input")
	}
	if f, ok := res["Fields"]; ok {
		fmt.Fprintf(&b, "\nWith every field decoded as well (BenchmarkFields): %.0f MB/s, %.0f allocs per pass.\n",
			median(f, mbs), median(f, func(r result) float64 { return r.allocs }))
	}
	if s, ok := res["Scan"]; ok {
		fmt.Fprintf(&b, "Whole stream through the joiner, parser and JSON encoder (BenchmarkScan): %.0f MB/s, %.0f allocs per pass.\n",
			median(s, mbs), median(s, func(r result) float64 { return r.allocs }))
	}
	return b.String(), nil
}

// times is a ratio written as a multiple, "–" when there is none.
func times(x float64) string {
	if x == 0 {
		return "–"
	}
	return fmt.Sprintf("%.1f×", x)
}

// fraction is a ratio near 1 to two decimals, "–" when there is none.
func fraction(x float64) string {
	if x == 0 {
		return "–"
	}
	return fmt.Sprintf("%.2f", x)
}

func orUnknown(s string) string {
	if s == "" {
		return "an unnamed CPU"
	}
	return s
}
