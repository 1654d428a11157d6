package baseline

import (
	"fmt"

	"github.com/vjeantet/grok"
)

// Grok is the "what users run today" baseline that executes the seed
// pipeline's match rules, translated to standard grok, with
// github.com/vjeantet/grok. It is a benchmark reference, not the product.
//
// Classify goes through the library's usual entry point, Parse(pattern, text),
// which looks up the compiled pattern in the library's cache and returns a map
// of every named capture, as a user of the library would. Patterns are
// compiled once by NewGrok. Classify is safe for repeated calls; after NewGrok
// returns it only reads shared state.
type Grok struct {
	g     *grok.Grok
	rules []rule
}

// NewGrok returns a Grok classifier with the seed pipeline's four rules
// (klog, zap, logfmt_with_time, logfmt) translated to standard grok and
// compiled. The library's default pattern set is loaded, as users normally do.
func NewGrok() (*Grok, error) {
	g, err := grok.NewWithConfig(&grok.Config{
		// Only EXTRACT names become attributes in Datadog; unnamed
		// references such as %{KLOG_TIME} must not be captured.
		NamedCapturesOnly: true,
		Patterns:          grokPatterns,
	})
	if err != nil {
		return nil, fmt.Errorf("baseline: grok patterns: %w", err)
	}
	for _, r := range seedRules {
		// Match compiles the pattern and stores it in the library's cache,
		// so Classify never compiles.
		if _, err := g.Match(r.grok, ""); err != nil {
			return nil, fmt.Errorf("baseline: grok rule %s: %w", r.name, err)
		}
	}
	return &Grok{g: g, rules: seedRules}, nil
}

// Classify returns the canonical level word of line, trying the rules in
// order; the first rule that matches decides. ok is false when no rule
// matched or when the matched raw level is not in the rule's lookup table.
func (c *Grok) Classify(line []byte) (level string, ok bool) {
	text := string(line)
	for i := range c.rules {
		r := &c.rules[i]
		fields, err := c.g.Parse(r.grok, text)
		if err != nil || len(fields) == 0 {
			// The library returns an empty map when the pattern does not
			// match (every rule has named captures).
			continue
		}
		return r.level(fields[r.levelField])
	}
	return "", false
}
