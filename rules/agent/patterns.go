// Package agent is the Datadog Agent's side of relevel's Datadog output: the
// Agent's multi-line settings, generated from the parser's record-start rule
// (parser.IsHeader and the record's AcceptsContinuation, written as Go
// regular expressions in starts.txt) so that pipeline-only users get whole
// records, and an emulation of how the Agent aggregates lines with them, so
// that `relevel pipeline test --agent` shows what Datadog stores.
//
// The Agent offers two ways to join lines, both generated here:
//
//   - auto multi-line detection (Agent 7.65 and later) with custom samples:
//     each line gets a label — start_group, no_aggregate or aggregate — from
//     the first custom regex that matches it, else from the Agent's JSON
//     and datetime heuristics; Samples returns relevel's samples;
//   - a log_processing_rules multi_line rule (any Agent, per source): a line
//     matching the pattern starts a log, any other line joins the one
//     before; StartPattern returns the pattern.
//
// docs/agent-multiline.md records the Agent's keys, limits and semantics,
// with sources.
package agent

import (
	_ "embed"
	"fmt"
	"regexp"
	"strings"
)

//go:embed starts.txt
var startsFile string

// Label is an auto multi-line label, as the Agent's custom samples name
// them.
type Label string

// The Agent's labels: StartGroup flushes the pending log and begins a new
// one with the line; NoAggregate flushes the pending log and sends the line
// alone; Aggregate adds the line to the pending log, or sends it alone when
// none is pending. A line no sample or heuristic claims is Aggregate.
const (
	StartGroup  Label = "start_group"
	NoAggregate Label = "no_aggregate"
	Aggregate   Label = "aggregate"
)

// Entry is one record-start pattern of starts.txt.
type Entry struct {
	// Label is StartGroup for a record head that takes continuation lines,
	// NoAggregate for one that takes none, Aggregate for a line that
	// continues a record (named to keep the Agent's heuristics off it).
	Label Label
	// Format is the parser's format the entry mirrors ("" for heads
	// without a level).
	Format string
	// Regex is the pattern, macros expanded, without the "^" the Agent
	// puts in front.
	Regex string
	// Line is the entry's line in starts.txt.
	Line int

	re *regexp.Regexp
}

// Match reports whether the entry matches line at its start, as the Agent
// matches it.
func (e Entry) Match(line string) bool { return e.re.MatchString(line) }

var macroRE = regexp.MustCompile(`\$\{([A-Z0-9_]+)\}`)

// Entries returns the record-start patterns in the order they are tried.
func Entries() ([]Entry, error) {
	macros := map[string]string{}
	expand := func(s string, line int) (string, error) {
		var err error
		out := macroRE.ReplaceAllStringFunc(s, func(m string) string {
			name := m[2 : len(m)-1]
			v, ok := macros[name]
			if !ok && err == nil {
				err = fmt.Errorf("agent: starts.txt:%d: unknown macro %s", line, m)
			}
			return v
		})
		return out, err
	}
	var out []Entry
	for i, l := range strings.Split(startsFile, "\n") {
		line := i + 1
		if strings.TrimSpace(l) == "" || strings.HasPrefix(l, "#") {
			continue
		}
		fields := strings.Fields(l)
		if len(fields) < 3 {
			return nil, fmt.Errorf("agent: starts.txt:%d: want \"define NAME regex\" or \"LABEL FORMAT regex\"", line)
		}
		// The regex is the rest of the line after the second field, kept
		// as written (it may hold spaces).
		rest := strings.TrimLeft(l[strings.Index(l, fields[0])+len(fields[0]):], " \t")
		rest = strings.TrimLeft(rest[len(fields[1]):], " \t")
		re, err := expand(rest, line)
		if err != nil {
			return nil, err
		}
		e := Entry{Format: strings.Trim(fields[1], `"`), Regex: re, Line: line}
		switch fields[0] {
		case "define":
			macros[fields[1]] = re
			continue
		case "start":
			e.Label = StartGroup
		case "single":
			e.Label = NoAggregate
		case "join":
			e.Label = Aggregate
		default:
			return nil, fmt.Errorf("agent: starts.txt:%d: unknown label %q", line, fields[0])
		}
		// Compiled as the Agent compiles a custom sample's regex and a
		// multi_line pattern: Go's regexp, "^" in front.
		if e.re, err = regexp.Compile("^" + re); err != nil {
			return nil, fmt.Errorf("agent: starts.txt:%d: %w", line, err)
		}
		out = append(out, e)
	}
	return out, nil
}

// Sample is an auto multi-line custom sample, as the Agent's
// logs_config.auto_multi_line_detection_custom_samples takes it.
type Sample struct {
	Regex string `json:"regex" yaml:"regex"`
	Label Label  `json:"label" yaml:"label"`
}

// Samples returns relevel's custom samples: the entries in order, those of
// one label next to each other joined into one alternation, so that the
// Agent's first-match-wins order among samples is the entries' order.
func Samples() ([]Sample, error) {
	es, err := Entries()
	if err != nil {
		return nil, err
	}
	var out []Sample
	var alts []string
	var label Label
	flush := func() {
		if len(alts) > 0 {
			out = append(out, Sample{Regex: alternation(alts), Label: label})
		}
		alts = nil
	}
	for _, e := range es {
		if e.Label != label {
			flush()
			label = e.Label
		}
		alts = append(alts, e.Regex)
	}
	flush()
	return out, nil
}

// StartPattern returns the multi_line rule's pattern: every record head,
// start or single, since a multi_line rule has one kind of line that starts
// a log.
func StartPattern() (string, error) {
	es, err := Entries()
	if err != nil {
		return "", err
	}
	var alts []string
	for _, e := range es {
		if e.Label != Aggregate {
			alts = append(alts, e.Regex)
		}
	}
	return alternation(alts), nil
}

// alternation joins patterns in one non-capturing group: the Agent puts "^"
// in front of the whole pattern, and "^a|b" would leave b unanchored.
func alternation(alts []string) string {
	return "(?:" + strings.Join(alts, "|") + ")"
}
