package agent

import (
	"bytes"
	"go/scanner"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/relevel/relevel/parser"
)

// parserLabel is the parser's record-start rule for one line, in the
// Agent's terms: a head that takes continuation lines starts a group, a
// head that takes none stands alone, any other line is no head ("").
func parserLabel(line string) (Label, parser.Format) {
	var r parser.Record
	if !parser.IsHeader([]byte(line), &r) {
		return "", parser.FormatUnknown
	}
	if r.AcceptsContinuation() {
		return StartGroup, r.Format
	}
	return NoAggregate, r.Format
}

// patternLabel is what the generated custom samples label the line: the
// first entry that matches, "" for none or for a line labelled aggregate
// (a continuation line, as the parser's ""). For the multi_line rule (one
// pattern, every head) a line starts a log when this is not "".
func patternLabel(es []Entry, line string) Label {
	for _, e := range es {
		if e.Match(line) {
			if e.Label == Aggregate {
				return ""
			}
			return e.Label
		}
	}
	return ""
}

// startDisagreement is the documented reason why the pattern and the
// parser's record-start rule may label line differently, or "".
func startDisagreement(line string, p, g Label) string {
	switch {
	case p == "" && g == NoAggregate && jsonObject.MatchString(line):
		return "a JSON object without a level key: no record head for IsHeader (it has no level to lend), " +
			"a log of its own for the Agent's JSON detection, and the pattern says so for the multi_line rule too"
	case strings.TrimSuffix(line, "\r") == "{" && p == "" && g == StartGroup:
		return "the lone { of a pretty-printed JSON object (logrus PrettyPrint): no record head for IsHeader, " +
			"but the joiner opens a record there and gathers the object to its }; the Agent's JSON aggregation " +
			"joins the object itself, and the pattern starts a log at the brace for a multi_line rule and an Agent without it"
	case p == NoAggregate && g == StartGroup && winstonNotJSON.MatchString(line):
		return "winston's format.simple() \"error: msg {…}\": the parser claims it only when what follows \" {\" " +
			"to the end is a JSON object, the pattern checks the shape alone"
	}
	return ""
}

var winstonNotJSON = regexp.MustCompile(`^(?:error|http): +.* \{".*\}\r?$`)

var jsonObject = regexp.MustCompile(`^\{[ \t]*(?:"|\})`)

// TestRecordStarts runs the generated patterns and the parser's
// record-start rule (parser.IsHeader and AcceptsContinuation) on every line
// of the corpus and the negative corpus, and lists each line where they
// disagree, with its documented reason. Both forms are checked: the custom
// samples' labels (start_group, no_aggregate, none) and the multi_line
// rule's one pattern (a head or not).
func TestRecordStarts(t *testing.T) {
	es, err := Entries()
	if err != nil {
		t.Fatal(err)
	}
	pattern, err := StartPattern()
	if err != nil {
		t.Fatal(err)
	}
	multi := regexp.MustCompile("^" + pattern)
	files, _ := filepath.Glob("../../testdata/corpus/*/*.log")
	neg, _ := filepath.Glob("../../testdata/negative/*.log")
	files = append(files, neg...)
	if len(files) < 50 {
		t.Fatalf("%d files: no corpus", len(files))
	}
	lines, documented := 0, 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		name := strings.TrimPrefix(f, "../../testdata/")
		for i, line := range strings.Split(strings.TrimSuffix(string(data), "\n"), "\n") {
			lines++
			p, _ := parserLabel(line)
			g := patternLabel(es, line)
			if multi.MatchString(line) != (g != "") {
				t.Errorf("%s:%d: the multi_line pattern and the entries disagree on %q", name, i+1, line)
			}
			if p == g {
				continue
			}
			if reason := startDisagreement(line, p, g); reason != "" {
				documented++
				t.Logf("%s:%d parser %q, pattern %q: %q: %s", name, i+1, p, g, line, reason)
				continue
			}
			t.Errorf("%s:%d parser %q, pattern %q, undocumented: %q", name, i+1, p, g, line)
		}
	}
	t.Logf("%d lines in %d files: %d documented disagreements", lines, len(files), documented)
}

// The same on every string of the parser's own tests (its format cases,
// edge cases and fuzz seeds), beyond the corpus: disagreements there are the
// lines whose level key holds no level word, which the parser refuses as a
// head and a pattern of the layout cannot tell apart.
// log15Lookalike is a logrus TTY head whose bracket opens with log15's date.
var log15Lookalike = regexp.MustCompile(`^[A-Z]{4,5} *\[[0-9]{2}-[0-9]{2}\|`)

func TestRecordStartsParserCases(t *testing.T) {
	es, err := Entries()
	if err != nil {
		t.Fatal(err)
	}
	levelValue := map[string]bool{
		`SeverityText=ERROR9 msg=x`: true,
		`time= msg= level=`:         true,
	}
	n, documented := 0, 0
	for _, line := range parserTestStrings(t) {
		n++
		p, _ := parserLabel(line)
		g := patternLabel(es, line)
		if p == g {
			continue
		}
		if reason := startDisagreement(line, p, g); reason != "" {
			documented++
			continue
		}
		if log15Lookalike.MatchString(line) && p == "" && g == StartGroup {
			documented++
			t.Logf("parser %q, pattern %q: %q: logrus's TTY layout around log15's [MM-DD| date with another time: the parser's logrus attempt leaves that date alone, a pattern without look-ahead cannot", p, g, line)
			continue
		}
		if levelValue[line] && p == "" && g == NoAggregate && !jsonObject.MatchString(line) {
			documented++
			t.Logf("parser %q, pattern %q: %q: a level key whose value is no level word: no head for the parser, a logfmt/JSON head for the pattern", p, g, line)
			continue
		}
		t.Errorf("parser %q, pattern %q, undocumented: %q", p, g, line)
	}
	if n < 500 {
		t.Fatalf("%d strings: the parser's tests were not read", n)
	}
	t.Logf("%d strings: %d documented disagreements", n, documented)
}

// parserTestStrings returns every line of every string literal in package
// parser's tests and of its fuzz seeds.
func parserTestStrings(t *testing.T) []string {
	t.Helper()
	seen := map[string]bool{}
	var out []string
	add := func(v string) {
		for _, l := range strings.Split(v, "\n") {
			if !seen[l] {
				seen[l] = true
				out = append(out, l)
			}
		}
	}
	files, _ := filepath.Glob("../../parser/*_test.go")
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var s scanner.Scanner
		s.Init(token.NewFileSet().AddFile(f, -1, len(src)), src, nil, 0)
		for {
			_, tok, lit := s.Scan()
			if tok == token.EOF {
				break
			}
			if tok == token.STRING {
				if v, err := strconv.Unquote(lit); err == nil {
					add(v)
				}
			}
		}
	}
	seeds, _ := filepath.Glob("../../parser/testdata/fuzz/*/*")
	for _, f := range seeds {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range bytes.Split(b, []byte("\n")) {
			s := string(l)
			if i := strings.IndexByte(s, '('); i > 0 && strings.HasSuffix(s, ")") {
				if v, err := strconv.Unquote(s[i+1 : len(s)-1]); err == nil {
					add(v)
				}
			}
		}
	}
	return out
}

// The Agent compiles a custom sample's regex and a multi_line pattern with
// Go's regexp after a "^": every entry, sample and the pattern compile so,
// and "^" anchors each alternative (an alternation unwrapped would leave all
// but the first unanchored).
func TestPatternsCompileAsTheAgent(t *testing.T) {
	samples, err := Samples()
	if err != nil {
		t.Fatal(err)
	}
	if len(samples) != 4 || samples[0].Label != StartGroup || samples[1].Label != NoAggregate || samples[2].Label != StartGroup || samples[3].Label != Aggregate {
		t.Errorf("samples: %d, labels want start_group, no_aggregate, start_group, aggregate", len(samples))
	}
	pattern, err := StartPattern()
	if err != nil {
		t.Fatal(err)
	}
	for _, re := range []string{pattern, samples[0].Regex, samples[1].Regex, samples[2].Regex, samples[3].Regex} {
		c, err := regexp.Compile("^" + re)
		if err != nil {
			t.Fatal(err)
		}
		if c.MatchString("x I0911 07:22:25.408586 1 a.go:1] x") || c.MatchString("plain text [INFO] level=info") {
			t.Errorf("a pattern matches after the start of a line: %.60s…", re)
		}
	}
}
