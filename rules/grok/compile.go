package grok

import (
	"errors"
	"fmt"
	"regexp"
	"regexp/syntax"
	"sort"
	"strconv"
	"strings"
)

// maxRuleRegex caps the size of one rule's expanded regular expression
// (helpers that reference helpers can grow exponentially).
const maxRuleRegex = 256 << 10

// groupPrefix names the regexp groups the engine adds; any other named
// group is the user's own (?P<name>…) and is extracted under that name.
const groupPrefix = "grok__"

type compiler struct {
	support  map[string]*ruleDef
	match    map[string]*ruleDef
	out      []*compiledRule
	warnings []Warning
}

func (c *compiler) compile(matchText, supportText string) error {
	sup, err := splitRules(supportText, true)
	if err != nil {
		return err
	}
	mat, err := splitRules(matchText, false)
	if err != nil {
		return err
	}
	c.support = map[string]*ruleDef{}
	c.match = map[string]*ruleDef{}
	seen := map[string]*ruleDef{}
	for i, d := range append(append([]*ruleDef(nil), sup...), mat...) {
		if prev, dup := seen[d.name]; dup {
			where := "match rules"
			if prev.support {
				where = "support rules"
			}
			return &SyntaxError{Rule: d.name, Support: d.support, Line: d.line, Col: 1,
				Msg: fmt.Sprintf("duplicate rule name %q (first defined on line %d of the %s)", d.name, prev.line, where)}
		}
		seen[d.name] = d
		if d.support {
			c.support[d.name] = d
		} else {
			d.order = i - len(sup)
			c.match[d.name] = d
		}
		nodes, err := parsePattern(d.pattern, &d.warnings)
		if err != nil {
			return d.syntaxError(err)
		}
		d.nodes = nodes
	}
	// Warnings in the order of the text: support rules, then match rules.
	for _, d := range append(append([]*ruleDef(nil), sup...), mat...) {
		for _, w := range d.warnings {
			se := d.syntaxError(w)
			c.warnings = append(c.warnings, Warning{Rule: se.Rule, Support: se.Support, Line: se.Line, Col: se.Col, Msg: se.Msg})
		}
	}
	// Support rules are checked on their own, so that an error in one is
	// reported against it even when no match rule uses it.
	for _, d := range sup {
		if _, err := c.build(d); err != nil {
			return err
		}
	}
	for _, d := range mat {
		r, err := c.build(d)
		if err != nil {
			return err
		}
		c.out = append(c.out, r)
	}
	return nil
}

// builder expands one rule into a regular expression.
type builder struct {
	c      *compiler
	sb     strings.Builder
	fields []field // group holds the engine's group number until build maps it
}

func (c *compiler) build(d *ruleDef) (*compiledRule, error) {
	b := &builder{c: c}
	b.sb.WriteString(`(?s)\A(?:`)
	if err := b.expand(d, []*ruleDef{d}); err != nil {
		return nil, err
	}
	b.sb.WriteString(`)\z`)
	re, err := regexp.Compile(b.sb.String())
	if err != nil {
		off := -1
		var se *syntax.Error
		if errors.As(err, &se) && se.Expr != "" {
			off = strings.Index(d.pattern, se.Expr)
		}
		return nil, d.syntaxError(errf(off, "invalid regular expression: %v", err))
	}
	r := &compiledRule{name: d.name, re: re}
	byID := map[int]int{} // engine group number → regexp group index
	for i, name := range re.SubexpNames() {
		if name == "" {
			continue
		}
		if id, ok := strings.CutPrefix(name, groupPrefix); ok {
			n, _ := strconv.Atoi(id)
			byID[n] = i
			continue
		}
		// a (?P<name>…) group of the user's: its name is taken literally
		r.fields = append(r.fields, field{group: i, path: []string{name}})
	}
	// The user's own named groups are stored first, then the engine's
	// fields in the order of their groups: a filter's object merged into
	// the root then replaces a same-named group's value, as Datadog's
	// recorded result for its Argo CD pipeline shows
	// ("%{regex("(?<msg>.*)")::keyvalue}" keeps keyvalue's msg).
	sort.SliceStable(r.fields, func(i, j int) bool { return r.fields[i].group < r.fields[j].group })
	var engine []field
	for _, f := range b.fields {
		f.group = byID[f.group]
		engine = append(engine, f)
	}
	sort.SliceStable(engine, func(i, j int) bool { return engine[i].group < engine[j].group })
	r.fields = append(r.fields, engine...)
	return r, nil
}

// expand writes d's pattern; stack holds the rules being expanded, to catch
// cycles. Errors are *SyntaxError located in the rule they belong to.
func (b *builder) expand(d *ruleDef, stack []*ruleDef) error {
	for _, n := range d.nodes {
		if n.tok == nil {
			b.sb.WriteString(n.lit)
		} else if err := b.token(d, n.tok, stack); err != nil {
			return d.syntaxError(err)
		}
		if b.sb.Len() > maxRuleRegex {
			return d.syntaxError(errf(-1, "rule expands to a regular expression over %d bytes", maxRuleRegex))
		}
	}
	return nil
}

// lookup finds the rule a token names, as seen from rule d: any support
// rule, or a match rule defined above d.
func (b *builder) lookup(d *ruleDef, m *call) (*ruleDef, error) {
	if r, ok := b.c.support[m.name]; ok {
		return r, nil
	}
	r, ok := b.c.match[m.name]
	if !ok {
		return nil, nil
	}
	if d.support {
		return nil, errf(m.off, "support rule cannot reference match rule %q", m.name)
	}
	if r.order >= d.order {
		return nil, errf(m.off, "match rule %q is not defined above this rule (a rule may only reference the rules above it)", m.name)
	}
	return r, nil
}

func (b *builder) token(d *ruleDef, t *token, stack []*ruleDef) error {
	m := t.matcher
	capture := t.hasDest && (t.extract != "" || t.filter != nil)
	var userFilter *filter
	if t.filter != nil {
		f, err := compileFilter(t.filter)
		if err != nil {
			return err
		}
		userFilter = f
	}
	open := func(conv *filter) {
		if !capture {
			b.sb.WriteString("(?:")
			return
		}
		id := len(b.fields)
		var fs []*filter
		if conv != nil {
			fs = append(fs, conv)
		}
		if userFilter != nil {
			fs = append(fs, userFilter)
		}
		b.fields = append(b.fields, field{group: id, path: t.path, filters: fs})
		fmt.Fprintf(&b.sb, "(?P<%s%d>", groupPrefix, id)
	}

	takesArgs := m.name == "regex" || m.name == "date" || m.name == "boolean"
	if !m.parens || !takesArgs {
		ref, err := b.lookup(d, m)
		if err != nil {
			return err
		}
		if ref != nil {
			if m.parens {
				return errf(m.off, "rule reference %%{%s} takes no arguments", m.name)
			}
			for _, s := range stack {
				if s == ref {
					var names []string
					for _, s := range stack {
						names = append(names, s.name)
					}
					return errf(m.off, "circular reference: %s -> %s", strings.Join(names, " -> "), ref.name)
				}
			}
			open(nil)
			if err := b.expand(ref, append(stack, ref)); err != nil {
				return err
			}
			b.sb.WriteString(")")
			return nil
		}
	}
	re, conv, ok, err := compileMatcher(m)
	if err != nil {
		return err
	}
	if !ok {
		return errf(m.off, "unknown matcher or rule %q", m.name)
	}
	open(conv)
	b.sb.WriteString(re)
	b.sb.WriteString(")")
	return nil
}
