package rules_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/relevel/relevel/parser"
	"github.com/relevel/relevel/rules"
)

// TestFormatsEverywhere holds every place a format must appear to the
// parser's list of formats, the contract (parser/format.go): a format the
// parser recognises has rules (formats/<name>.rules), a row in the README's
// format table and records in the golden corpus, and nothing in those
// places names a format the parser does not know. A format added in one
// place and forgotten in another fails here, with the place named.
func TestFormatsEverywhere(t *testing.T) {
	var want []string
	for _, f := range parser.Formats() {
		want = append(want, f.String())
	}
	slices.Sort(want)

	ruleNames, err := rules.Formats()
	if err != nil {
		t.Fatal(err)
	}
	compare(t, "rules/formats/*.rules", want, ruleNames)

	readme, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	// The table opens with the header "| `format` | …" and ends at the
	// first line that is not a row.
	var rows []string
	in := false
	for _, line := range strings.Split(string(readme), "\n") {
		if strings.HasPrefix(line, "| `format` |") {
			in = true
			continue
		}
		if !in {
			continue
		}
		if !strings.HasPrefix(line, "|") {
			break
		}
		if m := formatRow.FindStringSubmatch(line); m != nil {
			rows = append(rows, m[1])
		}
	}
	if len(rows) == 0 {
		t.Fatal("README has no format table (a header row \"| `format` |\")")
	}
	compare(t, "README's format table", want, rows)

	truths, _ := filepath.Glob("../testdata/corpus/*/*.truth.json")
	if len(truths) == 0 {
		t.Fatal("no corpus truth files")
	}
	var inCorpus []string
	for _, f := range truths {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var tr struct {
			Records []struct {
				Format string `json:"format"`
			} `json:"records"`
		}
		if err := json.Unmarshal(b, &tr); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		for _, r := range tr.Records {
			if r.Format != "" {
				inCorpus = append(inCorpus, r.Format)
			}
		}
	}
	compare(t, "the golden corpus (testdata/corpus/*/*.truth.json)", want, inCorpus)
}

var formatRow = regexp.MustCompile("^\\| `([a-z0-9-]+)` \\|")

// compare reports the names of want missing from got and those in got
// that are not in want (got may repeat names).
func compare(t *testing.T, place string, want, got []string) {
	t.Helper()
	for _, w := range want {
		if !slices.Contains(got, w) {
			t.Errorf("format %q is missing from %s", w, place)
		}
	}
	for _, g := range got {
		if !slices.Contains(want, g) {
			t.Errorf("%s names format %q, which the parser does not know", place, g)
			return
		}
	}
}

// TestReadmeProcessorCount holds the README's count of the pipeline's
// processors, with and without the message remapper, to the pipeline Build
// makes: the count is the headroom left under Datadog's advised 20.
func TestReadmeProcessorCount(t *testing.T) {
	readme, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	plain, err := rules.Build(rules.Options{})
	if err != nil {
		t.Fatal(err)
	}
	withMR, err := rules.Build(rules.Options{MessageRemapper: true})
	if err != nil {
		t.Fatal(err)
	}
	want := fmt.Sprintf("%d processors, %d with `--message-remapper`", len(plain.Processors), len(withMR.Processors))
	if !strings.Contains(strings.Join(strings.Fields(string(readme)), " "), want) {
		t.Errorf("README does not say %q", want)
	}
}

// TestReadmeFormatTable holds the README's format table to the formats'
// data: each row is its rules file's layouts and levels, in the parser's
// order of formats (parser/format.go), and the table sits between the
// markers "<!-- formats:start -->" and "<!-- formats:end -->". A format's
// documentation, rules and samples are so written in one place; go test
// ./rules -update rewrites the table.
func TestReadmeFormatTable(t *testing.T) {
	fs, err := rules.LoadFormats()
	if err != nil {
		t.Fatal(err)
	}
	byName := map[string]rules.Format{}
	for _, f := range fs {
		byName[f.Name] = f
	}
	var b strings.Builder
	b.WriteString("| `format` | logger and layouts | level words → status |\n|---|---|---|\n")
	for _, pf := range parser.Formats() {
		f, ok := byName[pf.String()]
		if !ok {
			continue // TestFormatsEverywhere names it
		}
		fmt.Fprintf(&b, "| `%s` | %s | %s |\n", f.Name, f.Layouts, f.Levels)
	}
	b.WriteString("| `\"\"` | anything else: passed through whole, status from the caller's default | — |\n")

	const start, end = "<!-- formats:start -->\n", "<!-- formats:end -->"
	readme, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	i := strings.Index(string(readme), start)
	j := strings.Index(string(readme), end)
	if i < 0 || j < i {
		t.Fatalf("README has no %q … %q markers around its format table", strings.TrimSpace(start), end)
	}
	have := string(readme[i+len(start) : j])
	if have == b.String() {
		return
	}
	if *update {
		out := string(readme[:i+len(start)]) + b.String() + string(readme[j:])
		if err := os.WriteFile("../README.md", []byte(out), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Errorf("README's format table differs from the rules files' layouts and levels (go test ./rules -update after checking the change)")
}
