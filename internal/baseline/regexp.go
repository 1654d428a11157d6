package baseline

import (
	"regexp"
	"strings"
)

// Regexp is the "what users run today" baseline that executes the seed
// pipeline's match rules as Go regular expressions: one compiled regexp per
// rule, tried in order, first match wins, as Datadog does. It is a benchmark
// reference, not the product.
//
// Patterns are compiled once by NewRegexp. Classify is safe for repeated
// calls (and, since *regexp.Regexp is, for concurrent ones too).
type Regexp struct {
	rules []compiledRule
}

type compiledRule struct {
	rule
	re *regexp.Regexp
	// group is the index of the capture group holding the raw level.
	group int
}

// NewRegexp returns a Regexp classifier with the seed pipeline's four rules
// (klog, zap, logfmt_with_time, logfmt) compiled. It panics only if a
// built-in pattern is invalid, which the package tests rule out.
func NewRegexp() *Regexp {
	rules := make([]compiledRule, len(seedRules))
	for i, r := range seedRules {
		re := regexp.MustCompile(r.regexp)
		group := re.SubexpIndex(groupName(r.levelField))
		if group < 0 {
			panic("baseline: regexp rule " + r.name + " has no group for " + r.levelField)
		}
		rules[i] = compiledRule{rule: r, re: re, group: group}
	}
	return &Regexp{rules: rules}
}

// Classify returns the canonical level word of line, trying the rules in
// order; the first rule that matches decides. ok is false when no rule
// matched or when the matched raw level is not in the rule's lookup table.
func (c *Regexp) Classify(line []byte) (level string, ok bool) {
	for i := range c.rules {
		r := &c.rules[i]
		m := r.re.FindSubmatchIndex(line)
		if m == nil {
			continue
		}
		start, end := m[2*r.group], m[2*r.group+1]
		if start < 0 {
			return "", false
		}
		return r.level(string(line[start:end]))
	}
	return "", false
}

// groupName maps an EXTRACT name such as "klog.severity" to the capture group
// name used in the regexp rules ("klog_severity"): Go group names cannot
// contain dots.
func groupName(field string) string {
	return strings.ReplaceAll(field, ".", "_")
}
