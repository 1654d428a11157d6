package grok

import (
	"fmt"
	"regexp"
	"time"
)

// Parser is a compiled Datadog grok parser processor: match rules tried in
// order, support rules referenced by name. A Parser is safe for concurrent
// use.
type Parser struct {
	rules    []*compiledRule
	now      func() time.Time
	strict   bool
	warnings []Warning
}

// SyntaxError reports a rule that does not compile.
type SyntaxError struct {
	Rule    string // name of the rule at fault ("" when the line has no valid name)
	Support bool   // the rule is a support (helper) rule, not a match rule
	Line    int    // 1-based line in the match or support rules text
	Col     int    // 1-based column (in characters) in that line; 0 when unknown
	Msg     string
}

// Error formats the error as
// grok: match rule "name" (line L, col C): message.
func (e *SyntaxError) Error() string {
	kind := "match rule"
	if e.Support {
		kind = "support rule"
	}
	if e.Col > 0 {
		return fmt.Sprintf("grok: %s %q (line %d, col %d): %s", kind, e.Rule, e.Line, e.Col, e.Msg)
	}
	return fmt.Sprintf("grok: %s %q (line %d): %s", kind, e.Rule, e.Line, e.Msg)
}

// Warning reports a construct that compiles but whose meaning depends on
// the reader: an ambiguous backslash escape inside a quoted argument
// (regex("\d"), "[^\]]"), which Datadog's documentation leaves undefined and
// Vector's re-implementation rejects. Compile with Strict to make warnings
// errors.
type Warning struct {
	Rule    string // name of the rule at fault
	Support bool   // the rule is a support (helper) rule
	Line    int    // 1-based line in the match or support rules text
	Col     int    // 1-based column (in characters) in that line
	Msg     string
}

// String formats the warning as the SyntaxError of the same place would be.
func (w Warning) String() string {
	return (&SyntaxError{Rule: w.Rule, Support: w.Support, Line: w.Line, Col: w.Col, Msg: w.Msg}).Error()
}

// Warnings returns what Compile warned about, in the order of the rules
// text (support rules first).
func (p *Parser) Warnings() []Warning { return p.warnings }

type strictOption struct{}

func (strictOption) apply(p *Parser) { p.strict = true }

// Strict makes Compile fail on the first warning (see Warning), as a
// *SyntaxError at its place.
func Strict() Option { return strictOption{} }

// Option configures Compile.
type Option interface {
	apply(*Parser)
}

type nowOption func() time.Time

func (o nowOption) apply(p *Parser) {
	if o != nil {
		p.now = o
	}
}

// WithNow sets the clock the date matcher reads when a date has a month or a
// day but no year (Datadog then uses the current year). The default is
// time.Now.
func WithNow(now func() time.Time) Option { return nowOption(now) }

// Compile compiles the match rules and support rules of a Datadog grok
// parser, each a newline-separated text of "name pattern" lines. Errors are
// *SyntaxError naming the rule at fault.
func Compile(matchRules, supportRules string, opts ...Option) (*Parser, error) {
	p := &Parser{now: time.Now}
	for _, o := range opts {
		o.apply(p)
	}
	c := &compiler{}
	if err := c.compile(matchRules, supportRules); err != nil {
		return nil, err
	}
	if p.strict && len(c.warnings) > 0 {
		w := c.warnings[0]
		return nil, &SyntaxError{Rule: w.Rule, Support: w.Support, Line: w.Line, Col: w.Col, Msg: w.Msg}
	}
	p.rules = c.out
	p.warnings = c.warnings
	return p, nil
}

// MustCompile is like Compile but panics on error.
func MustCompile(matchRules, supportRules string, opts ...Option) *Parser {
	p, err := Compile(matchRules, supportRules, opts...)
	if err != nil {
		panic(err)
	}
	return p
}

// Parse runs log through the match rules in order. The first rule that
// matches the whole log wins: Parse returns the attributes it extracted
// (nested by dotted names; values are string, bool, int64, float64, []any
// or map[string]any), the rule's name and true. The map is never nil on a
// match, though it may be empty. When no rule matches, Parse returns nil, ""
// and false.
func (p *Parser) Parse(log string) (attrs map[string]any, rule string, ok bool) {
	e := &env{clock: p.now}
	for _, r := range p.rules {
		m := r.re.FindStringSubmatchIndex(log)
		if m == nil {
			continue
		}
		return r.extract(log, m, e), r.name, true
	}
	return nil, "", false
}

// compiledRule is one match rule translated to a regexp.
type compiledRule struct {
	name   string
	re     *regexp.Regexp
	fields []field
}

// field maps one regexp group to where and how its text is stored.
type field struct {
	group   int
	path    []string // nil: merge an object result into the root
	filters []*filter
}

// env is what filters may need at parse time.
type env struct {
	clock func() time.Time
	now   time.Time
	set   bool
}

func (e *env) time() time.Time {
	if !e.set {
		e.now, e.set = e.clock(), true
	}
	return e.now
}

func (r *compiledRule) extract(log string, m []int, e *env) map[string]any {
	attrs := map[string]any{}
	for _, f := range r.fields {
		s, end := m[2*f.group], m[2*f.group+1]
		if s < 0 || s == end {
			continue
		}
		var v any = log[s:end]
		ok := true
		for _, flt := range f.filters {
			if v, ok = flt.fn(v, e); !ok || v == nil {
				break
			}
		}
		if !ok || v == nil {
			continue
		}
		v = expandKeys(v)
		if f.path == nil {
			if obj, isObj := v.(map[string]any); isObj {
				mergeInto(attrs, obj)
			}
			continue
		}
		insert(attrs, f.path, v)
	}
	prune(attrs)
	return attrs
}
