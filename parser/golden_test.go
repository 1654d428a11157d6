package parser_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/relevel/relevel/internal/corpusgen"
	"github.com/relevel/relevel/internal/jsoncheck"
	"github.com/relevel/relevel/ndjson"
	"github.com/relevel/relevel/parser/join"
)

var update = flag.Bool("update", false, "rewrite testdata/corpus/*/*.golden.json from the parser's output")

const corpusDir = "../testdata/corpus"

// truth is what internal/corpusgen records beside each stream: the call it
// made, so the expectation comes from the logger, never from the parser.
type truth struct {
	Origin        string    `json:"origin"`
	ReferenceTime time.Time `json:"reference_time"`
	Records       []struct {
		Line   int    `json:"line"`
		Lines  int    `json:"lines"`
		Format string `json:"format"`
		Level  string `json:"level"`
		Call   string `json:"call"`
	} `json:"records"`
}

type got struct {
	line, lines   int
	format, level string
}

// parseStream runs the joiner and parser over a stream as relevel parse does,
// returning each record's span, format and level and the NDJSON output.
func parseStream(t *testing.T, data []byte, ref time.Time) ([]got, []byte) {
	t.Helper()
	enc := ndjson.Encoder{Options: ndjson.Options{Reference: ref}}
	var out []byte
	var recs []got
	line := 1
	s := join.New(bytes.NewReader(data))
	for s.Next() {
		r := s.Record()
		recs = append(recs, got{line, s.Lines(), r.Format.String(), r.Level.String()})
		line += s.Lines()
		out = enc.Append(out, r)
	}
	if err := s.Err(); err != nil {
		t.Fatal(err)
	}
	return recs, out
}

// checkTruth compares records with the truth, returning the number that match.
func checkTruth(t *testing.T, name string, tr truth, recs []got) int {
	t.Helper()
	ok := 0
	for i, w := range tr.Records {
		if i >= len(recs) {
			t.Errorf("%s: record %d (line %d, %s) missing: the parser produced only %d records", name, i, w.Line, w.Call, len(recs))
			break
		}
		g := recs[i]
		if g.line != w.Line || g.lines != w.Lines || g.format != w.Format || g.level != w.Level {
			t.Errorf("%s: record %d (%s): got line %d+%d %q/%q, want line %d+%d %q/%q",
				name, i, w.Call, g.line, g.lines, g.format, g.level, w.Line, w.Lines, w.Format, w.Level)
			continue
		}
		ok++
	}
	if len(recs) > len(tr.Records) {
		t.Errorf("%s: %d records, truth has %d", name, len(recs), len(tr.Records))
	}
	return ok
}

func loadTruth(t *testing.T, path string) truth {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var tr truth
	if err := json.Unmarshal(b, &tr); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return tr
}

// TestGolden checks every committed stream record by record against the
// truth its generator wrote, then the full output against the .golden.json
// file (go test -update, or make golden, rewrites those).
func TestGolden(t *testing.T) {
	logs, _ := filepath.Glob(filepath.Join(corpusDir, "*", "*.log"))
	if len(logs) == 0 {
		t.Fatal("no corpus under testdata/corpus: run make corpus")
	}
	total, matched := 0, 0
	perFormat := map[string][2]int{}
	for _, lf := range logs {
		base := strings.TrimSuffix(lf, ".log")
		name, _ := filepath.Rel(corpusDir, base)
		data, err := os.ReadFile(lf)
		if err != nil {
			t.Fatal(err)
		}
		tr := loadTruth(t, base+".truth.json")
		recs, out := parseStream(t, data, tr.ReferenceTime)
		// One record, one line: however the logger spread a record over
		// lines, its output is one JSON object with no name twice.
		if n, err := jsoncheck.Lines(out); err != nil || n != len(recs) {
			t.Errorf("%s: %d output lines for %d records: %v", name, n, len(recs), err)
		}
		ok := checkTruth(t, name, tr, recs)
		total += len(tr.Records)
		matched += ok
		for i, w := range tr.Records {
			c := perFormat[w.Format]
			c[0]++
			if i < len(recs) && recs[i] == (got{w.Line, w.Lines, w.Format, w.Level}) {
				c[1]++
			}
			perFormat[w.Format] = c
		}
		gf := base + ".golden.json"
		if *update {
			if err := os.WriteFile(gf, out, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(gf)
		if err != nil {
			t.Errorf("%s: %v (run make golden)", name, err)
			continue
		}
		if !bytes.Equal(out, want) {
			t.Errorf("%s: output differs from %s:\n%s", name, gf, firstDiff(out, want))
		}
	}
	var keys []string
	for k := range perFormat {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		t.Logf("format %-8q %d/%d records", k, perFormat[k][1], perFormat[k][0])
	}
	t.Logf("golden accuracy: %d/%d records (%.2f%%) in %d streams", matched, total, 100*float64(matched)/float64(max(total, 1)), len(logs))
}

func firstDiff(got, want []byte) string {
	gl, wl := strings.Split(string(got), "\n"), strings.Split(string(want), "\n")
	for i := 0; i < max(len(gl), len(wl)); i++ {
		var g, w string
		if i < len(gl) {
			g = gl[i]
		}
		if i < len(wl) {
			w = wl[i]
		}
		if g != w {
			return fmt.Sprintf("line %d\n got %s\nwant %s", i+1, g, w)
		}
	}
	return ""
}

// TestCorpusCoverage fails when a logger or format disappears from the corpus.
func TestCorpusCoverage(t *testing.T) {
	formats := map[string]int{}
	logs, _ := filepath.Glob(filepath.Join(corpusDir, "*", "*.truth.json"))
	for _, f := range logs {
		for _, r := range loadTruth(t, f).Records {
			formats[r.Format]++
		}
	}
	for _, want := range []string{"klog", "zap", "logrus", "gopanic"} {
		if formats[want] < 5 {
			t.Errorf("corpus has %d %s records; the generator must cover every logger", formats[want], want)
		}
	}
}

// TestFreshCorpus regenerates the corpus with the real loggers into a
// temporary directory and checks the parser against that truth, so that the
// committed corpus cannot drift away from what the pinned libraries write.
func TestFreshCorpus(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the generator")
	}
	dir := t.TempDir()
	if err := corpusgen.Generate(dir); err != nil {
		t.Fatal(err)
	}
	logs, _ := filepath.Glob(filepath.Join(dir, "*", "*.log"))
	if len(logs) == 0 {
		t.Fatal("generator wrote nothing")
	}
	for _, lf := range logs {
		base := strings.TrimSuffix(lf, ".log")
		name, _ := filepath.Rel(dir, base)
		data, err := os.ReadFile(lf)
		if err != nil {
			t.Fatal(err)
		}
		tr := loadTruth(t, base+".truth.json")
		recs, _ := parseStream(t, data, tr.ReferenceTime)
		checkTruth(t, "fresh/"+name, tr, recs)
	}
}
