package grok

// Golden cases live in testdata/*.txtar. Each archive holds:
//
//	-- rules --      the match rules (required)
//	-- support --    the support rules (optional)
//	-- now --        RFC 3339 clock for dates without a year (optional)
//	-- log NAME --   an input log (one trailing newline is dropped), or
//	-- logq NAME --  an input log as a Go-quoted string (for tabs, newlines)
//	-- want NAME --  "rule RULENAME" then the expected attributes as JSON,
//	                 or "nomatch"
//
// The expected values are Datadog's documented outputs where the
// documentation gives one; the archive comments say where each comes from
// and where the engine departs from a documented value (and why). There is
// deliberately no -update flag: these files are the specification, not a
// snapshot of the engine.
//
// Sources (Datadog documentation):
//   - Parsing: https://docs.datadoghq.com/logs/log_configuration/parsing/
//     (DataDog/documentation content/en/logs/log_configuration/parsing.md
//     and its current translated copies, which carry the JSON results that
//     the English page shows as images)
//   - User-Agent Parser: https://docs.datadoghq.com/logs/log_configuration/processors/user_agent_parser/
//   - URL Parser: https://docs.datadoghq.com/logs/log_configuration/processors/url_parser/
//   - reference/datadog.md §1.5 (glog) and reference/seed-pipeline.json
//     (relevel's seed pipeline, copied into testdata/seed_pipeline.txtar).

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"
)

// archive is a parsed txtar file.
type archive struct {
	comment string
	files   []archiveFile
}

type archiveFile struct {
	name string
	data string
}

// parseTxtar reads the txtar format (golang.org/x/tools/txtar): a comment,
// then files each introduced by a "-- name --" line.
func parseTxtar(data string) archive {
	var a archive
	var cur *archiveFile
	var body strings.Builder
	flush := func() {
		if cur != nil {
			cur.data = body.String()
			a.files = append(a.files, *cur)
		} else {
			a.comment = body.String()
		}
		body.Reset()
	}
	for _, line := range strings.SplitAfter(data, "\n") {
		t := strings.TrimRight(line, "\r\n")
		if strings.HasPrefix(t, "-- ") && strings.HasSuffix(t, " --") && len(t) >= 6 {
			flush()
			cur = &archiveFile{name: strings.TrimSpace(t[3 : len(t)-3])}
			continue
		}
		body.WriteString(line)
	}
	flush()
	return a
}

type goldenCase struct {
	name    string
	log     string
	want    string // "nomatch" or "rule NAME\n{json}"
	hasWant bool
}

func loadGolden(t testing.TB, path string) (rules, support string, now time.Time, cases []*goldenCase) {
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	a := parseTxtar(string(raw))
	byName := map[string]*goldenCase{}
	get := func(name string) *goldenCase {
		c, ok := byName[name]
		if !ok {
			c = &goldenCase{name: name}
			byName[name] = c
			cases = append(cases, c)
		}
		return c
	}
	for _, f := range a.files {
		kind, name, _ := strings.Cut(f.name, " ")
		switch kind {
		case "rules":
			rules = f.data
		case "support":
			support = f.data
		case "now":
			now, err = time.Parse(time.RFC3339, strings.TrimSpace(f.data))
			if err != nil {
				t.Fatalf("%s: now: %v", path, err)
			}
		case "log":
			get(name).log = strings.TrimSuffix(f.data, "\n")
		case "logq":
			s, err := strconv.Unquote(strings.TrimSpace(f.data))
			if err != nil {
				t.Fatalf("%s: logq %s: %v", path, name, err)
			}
			get(name).log = s
		case "want":
			c := get(name)
			c.want, c.hasWant = strings.TrimSpace(f.data), true
		default:
			t.Fatalf("%s: unknown section %q", path, f.name)
		}
	}
	return rules, support, now, cases
}

func goldenFiles(t testing.TB) []string {
	files, err := filepath.Glob("testdata/*.txtar")
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(files)
	return files
}

func TestGolden(t *testing.T) {
	files := goldenFiles(t)
	if len(files) == 0 {
		t.Fatal("no testdata/*.txtar")
	}
	total := 0
	for _, path := range files {
		t.Run(strings.TrimSuffix(filepath.Base(path), ".txtar"), func(t *testing.T) {
			rules, support, now, cases := loadGolden(t, path)
			var opts []Option
			if !now.IsZero() {
				opts = append(opts, WithNow(func() time.Time { return now }))
			}
			p, err := Compile(rules, support, opts...)
			if err != nil {
				t.Fatalf("Compile: %v", err)
			}
			if len(cases) == 0 {
				t.Fatal("no cases")
			}
			for _, c := range cases {
				total++
				if !c.hasWant {
					t.Errorf("log %s has no want section", c.name)
					continue
				}
				attrs, rule, ok := p.Parse(c.log)
				if c.want == "nomatch" {
					if ok {
						t.Errorf("log %s: want no match, got rule %s %v", c.name, rule, attrs)
					}
					continue
				}
				head, body, _ := strings.Cut(c.want, "\n")
				wantRule, found := strings.CutPrefix(head, "rule ")
				if !found {
					t.Fatalf("log %s: want section must start with \"rule NAME\" or be \"nomatch\"", c.name)
				}
				if !ok {
					t.Errorf("log %s: no rule matched %q; want rule %s", c.name, c.log, wantRule)
					continue
				}
				if rule != wantRule {
					t.Errorf("log %s: matched rule %s, want %s", c.name, rule, wantRule)
				}
				if got, want := normJSON(t, attrs), normWant(t, c.name, body); !reflect.DeepEqual(got, want) {
					gb, _ := json.MarshalIndent(attrs, "", "  ")
					t.Errorf("log %s: attributes\n got: %s\nwant: %s", c.name, gb, strings.TrimSpace(body))
				}
			}
		})
	}
	t.Logf("%d golden logs in %d files", total, len(files))
}

// normJSON round-trips v through JSON, so int64 and float64 compare as JSON
// numbers.
func normJSON(t *testing.T, v any) any {
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatalf("attributes are not JSON: %v", err)
	}
	var out any
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatal(err)
	}
	return out
}

func normWant(t *testing.T, name, s string) any {
	var out any
	dec := json.NewDecoder(bytes.NewReader([]byte(s)))
	if err := dec.Decode(&out); err != nil {
		t.Fatalf("log %s: want JSON: %v", name, err)
	}
	return out
}
