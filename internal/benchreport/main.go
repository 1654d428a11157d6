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

// parse collects the median of each metric per benchmark name.
func parse(r io.Reader) (map[string]result, string) {
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
	med := map[string]result{}
	for name, rs := range samples {
		pick := func(get func(result) float64) float64 {
			v := make([]float64, len(rs))
			for i, r := range rs {
				v[i] = get(r)
			}
			sort.Float64s(v)
			return v[len(v)/2]
		}
		med[name] = result{
			mbs:    pick(func(r result) float64 { return r.mbs }),
			lines:  pick(func(r result) float64 { return r.lines }),
			allocs: pick(func(r result) float64 { return r.allocs }),
		}
	}
	return med, cpu
}

func render(r io.Reader) (string, error) {
	res, cpu := parse(r)
	var b strings.Builder
	fmt.Fprintf(&b, "Measured by `make readme` (`go test -bench -benchmem`, median of separate runs) on %s.\n", orUnknown(cpu))
	b.WriteString("Ratios compare relevel with the baselines **in the same run**; the absolute MB/s are this machine's.\n\n")
	// zap's row is the yardstick for the others: the formats issue asks
	// each set to stay within 1.5× of the first formats' figures, so the
	// ratios to zap in the same run are printed beside the absolute rates.
	b.WriteString("The two \"vs zap\" columns divide a set's MB/s and lines/s by zap's in the same run.\n\n")
	b.WriteString("| lines | relevel MB/s | relevel Mlines/s | allocs/pass | vs zap (MB/s) | vs zap (lines/s) | vs grok (seed pipeline) | vs regexp |\n")
	b.WriteString("|---|---:|---:|---:|---:|---:|---:|---:|\n")
	zap := res["Parse/zap/relevel"]
	rows := 0
	for _, set := range []string{"mixed", "mixed-v1", "klog", "zap", "logrus", "slog", "zerolog", "gokit", "hclog", "json", "klog-json", "bracket"} {
		rel, ok := res["Parse/"+set+"/relevel"]
		if !ok {
			continue
		}
		g, re := res["Parse/"+set+"/grok"], res["Parse/"+set+"/regexp"]
		fmt.Fprintf(&b, "| %s | %.0f | %.1f | %.0f | %s | %s | %s | %s |\n", set, rel.mbs, rel.lines/1e6, rel.allocs,
			fraction(rel.mbs, zap.mbs), fraction(rel.lines, zap.lines), ratio(rel.lines, g.lines), ratio(rel.lines, re.lines))
		rows++
	}
	if rows == 0 {
		return "", fmt.Errorf("no BenchmarkParse results in the input")
	}
	if f, ok := res["Fields"]; ok {
		fmt.Fprintf(&b, "\nWith every field decoded as well (BenchmarkFields): %.0f MB/s, %.0f allocs per pass.\n", f.mbs, f.allocs)
	}
	if s, ok := res["Scan"]; ok {
		fmt.Fprintf(&b, "Whole stream through the joiner, parser and JSON encoder (BenchmarkScan): %.0f MB/s, %.0f allocs per pass.\n", s.mbs, s.allocs)
	}
	return b.String(), nil
}

func ratio(a, b float64) string {
	if a == 0 || b == 0 {
		return "–"
	}
	return fmt.Sprintf("%.1f×", a/b)
}

// fraction is a/b to two decimals, for ratios near 1.
func fraction(a, b float64) string {
	if a == 0 || b == 0 {
		return "–"
	}
	return fmt.Sprintf("%.2f", a/b)
}

func orUnknown(s string) string {
	if s == "" {
		return "an unnamed CPU"
	}
	return s
}
