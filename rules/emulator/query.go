package emulator

import (
	"fmt"
	"path"
	"strconv"
	"strings"
)

// query is a compiled pipeline filter in Datadog's log search syntax, the
// subset pipelines use: "*", key:value terms on tags (source:…, service:…,
// kube_namespace:…) and @attributes, with * wildcards and quoted values; bare
// words matching the message; AND (implicit), OR, NOT / "-" and parentheses.
// Numeric ranges ([a TO b] inclusive, {a TO b} exclusive, * for an open end)
// and comparisons (>, >=, <, <=) on @attributes compare numbers; other
// syntax is reported as an error naming it.
type query interface{ match(l *Log) bool }

type matchAll struct{}

func (matchAll) match(*Log) bool { return true }

type and []query
type or []query
type not struct{ q query }

func (a and) match(l *Log) bool {
	for _, q := range a {
		if !q.match(l) {
			return false
		}
	}
	return true
}

func (o or) match(l *Log) bool {
	for _, q := range o {
		if q.match(l) {
			return true
		}
	}
	return false
}

func (n not) match(l *Log) bool { return !n.q.match(l) }

// term is key:value on a tag or @attribute, or a bare word on the message.
type term struct {
	key, value string // key "" means the message
}

func (t term) match(l *Log) bool {
	if t.key == "" {
		if strings.ContainsAny(t.value, "*?") {
			for _, w := range strings.Fields(l.Message) {
				if wildcard(t.value, w) {
					return true
				}
			}
			return false
		}
		return strings.Contains(strings.ToLower(l.Message), strings.ToLower(t.value))
	}
	if strings.HasPrefix(t.key, "@") {
		v, ok := getPath(l.Attributes, t.key[1:])
		if !ok {
			return false
		}
		// An array matches when one of its values does, as Datadog's
		// search treats a facet on an array (Kibana 7's "tags").
		if a, isArray := v.([]any); isArray {
			for _, e := range a {
				if wildcard(t.value, scalarString(e)) {
					return true
				}
			}
			return false
		}
		return wildcard(t.value, scalarString(v))
	}
	if t.key == "status" {
		return wildcard(t.value, l.Status)
	}
	for _, tag := range l.Tags {
		k, v, _ := strings.Cut(tag, ":")
		if k == t.key && wildcard(t.value, v) {
			return true
		}
	}
	return false
}

// wildcard matches Datadog's * and ? in values, case-insensitively.
func wildcard(pattern, s string) bool {
	if pattern == "*" {
		return true
	}
	ok, err := path.Match(strings.ToLower(pattern), strings.ToLower(s))
	return err == nil && ok
}

func parseQuery(s string) (query, error) {
	toks, err := tokenize(s)
	if err != nil {
		return nil, err
	}
	if len(toks) == 0 || (len(toks) == 1 && toks[0] == "*") {
		return matchAll{}, nil
	}
	p := &qparser{toks: toks}
	q, err := p.or()
	if err != nil {
		return nil, err
	}
	if p.i < len(p.toks) {
		return nil, fmt.Errorf("query %q: unexpected %q", s, p.toks[p.i])
	}
	return q, nil
}

func tokenize(s string) ([]string, error) {
	var toks []string
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n':
			i++
		case c == '(' || c == ')':
			toks = append(toks, string(c))
			i++
		default:
			j := i
			for j < len(s) && s[j] != ' ' && s[j] != '\t' && s[j] != '\n' && s[j] != '(' && s[j] != ')' {
				if s[j] == '"' {
					k := strings.IndexByte(s[j+1:], '"')
					if k < 0 {
						return nil, fmt.Errorf("query %q: unterminated quote", s)
					}
					j += k + 2
					continue
				}
				if (s[j] == '[' || s[j] == '{') && j > i && s[j-1] == ':' {
					// a range value: "[200 TO 299]" is one token
					closing := byte(']')
					if s[j] == '{' {
						closing = '}'
					}
					k := strings.IndexByte(s[j+1:], closing)
					if k < 0 {
						return nil, fmt.Errorf("query %q: unterminated range", s)
					}
					j += k + 2
					continue
				}
				if s[j] == '\\' && j+1 < len(s) {
					j++
				}
				j++
			}
			toks = append(toks, s[i:j])
			i = j
		}
	}
	return toks, nil
}

type qparser struct {
	toks []string
	i    int
	// key is the key of an enclosing "key:(a OR b)" group: its bare words
	// are key:value terms.
	key string
}

func (p *qparser) peek() string {
	if p.i < len(p.toks) {
		return p.toks[p.i]
	}
	return ""
}

func (p *qparser) or() (query, error) {
	first, err := p.and()
	if err != nil {
		return nil, err
	}
	alts := or{first}
	for p.peek() == "OR" {
		p.i++
		q, err := p.and()
		if err != nil {
			return nil, err
		}
		alts = append(alts, q)
	}
	if len(alts) == 1 {
		return first, nil
	}
	return alts, nil
}

func (p *qparser) and() (query, error) {
	var all and
	for p.i < len(p.toks) && p.peek() != ")" && p.peek() != "OR" {
		if p.peek() == "AND" {
			p.i++
			continue
		}
		q, err := p.unary()
		if err != nil {
			return nil, err
		}
		all = append(all, q)
	}
	if len(all) == 0 {
		return nil, fmt.Errorf("query: empty expression")
	}
	if len(all) == 1 {
		return all[0], nil
	}
	return all, nil
}

// group parses the inside of a parenthesised group, its "(" already read,
// and its closing ")".
func (p *qparser) group() (query, error) {
	q, err := p.or()
	if err != nil {
		return nil, err
	}
	if p.peek() != ")" {
		return nil, fmt.Errorf("query: missing )")
	}
	p.i++
	return q, nil
}

func (p *qparser) unary() (query, error) {
	t := p.peek()
	switch {
	case t == "NOT":
		p.i++
		q, err := p.unary()
		if err != nil {
			return nil, err
		}
		return not{q}, nil
	case t == "(":
		p.i++
		return p.group()
	case strings.HasPrefix(t, "-") && len(t) > 1:
		p.toks[p.i] = t[1:]
		q, err := p.unary()
		if err != nil {
			return nil, err
		}
		return not{q}, nil
	}
	p.i++
	if t == "*" {
		return matchAll{}, nil
	}
	k, v, hasKey := strings.Cut(t, ":")
	if hasKey && v == "" && p.peek() == "(" && !strings.HasPrefix(k, "@") {
		// source:(kube_scheduler OR kube-scheduler): the key applies to
		// every word of the group.
		p.i++
		outer := p.key
		p.key = k
		q, err := p.group()
		p.key = outer
		return q, err
	}
	if !hasKey {
		if p.key != "" {
			return term{key: p.key, value: unquote(t)}, nil
		}
		return term{value: unquote(t)}, nil
	}
	if strings.HasPrefix(v, "[") || strings.HasPrefix(v, "{") || strings.HasPrefix(v, ">") || strings.HasPrefix(v, "<") {
		if !strings.HasPrefix(k, "@") {
			return nil, fmt.Errorf("query term %q: ranges and comparisons are implemented on @attributes only", t)
		}
		r, err := parseRange(v)
		if err != nil {
			return nil, fmt.Errorf("query term %q: %w", t, err)
		}
		r.key = k[1:]
		return r, nil
	}
	return term{key: k, value: unquote(v)}, nil
}

// numRange is @attr:[lo TO hi] (bounds inclusive or not, open with *) or a
// comparison @attr:>=n, on the attribute's numeric value.
type numRange struct {
	key            string
	lo, hi         float64
	hasLo, hasHi   bool
	loIncl, hiIncl bool
}

func (r numRange) match(l *Log) bool {
	v, ok := getPath(l.Attributes, r.key)
	if !ok {
		return false
	}
	f, err := strconv.ParseFloat(scalarString(v), 64)
	if err != nil {
		return false
	}
	if r.hasLo && (f < r.lo || (f == r.lo && !r.loIncl)) {
		return false
	}
	if r.hasHi && (f > r.hi || (f == r.hi && !r.hiIncl)) {
		return false
	}
	return true
}

func parseRange(v string) (numRange, error) {
	var r numRange
	num := func(s string) (float64, bool, error) {
		if s == "*" {
			return 0, false, nil
		}
		f, err := strconv.ParseFloat(s, 64)
		if err != nil {
			return 0, false, fmt.Errorf("%q is not a number (only numeric ranges are implemented)", s)
		}
		return f, true, nil
	}
	var err error
	switch {
	case strings.HasPrefix(v, ">="), strings.HasPrefix(v, "<="):
		var f float64
		if f, _, err = num(v[2:]); err != nil {
			return r, err
		}
		if v[0] == '>' {
			r.lo, r.hasLo, r.loIncl = f, true, true
		} else {
			r.hi, r.hasHi, r.hiIncl = f, true, true
		}
	case strings.HasPrefix(v, ">"), strings.HasPrefix(v, "<"):
		var f float64
		if f, _, err = num(v[1:]); err != nil {
			return r, err
		}
		if v[0] == '>' {
			r.lo, r.hasLo = f, true
		} else {
			r.hi, r.hasHi = f, true
		}
	default:
		incl := v[0] == '['
		if (incl && !strings.HasSuffix(v, "]")) || (!incl && !strings.HasSuffix(v, "}")) {
			return r, fmt.Errorf("range %s: mismatched brackets", v)
		}
		lo, hi, ok := strings.Cut(v[1:len(v)-1], " TO ")
		if !ok {
			return r, fmt.Errorf("range %s: want [low TO high]", v)
		}
		if r.lo, r.hasLo, err = num(strings.TrimSpace(lo)); err != nil {
			return r, err
		}
		if r.hi, r.hasHi, err = num(strings.TrimSpace(hi)); err != nil {
			return r, err
		}
		r.loIncl, r.hiIncl = incl, incl
	}
	return r, nil
}

func unquote(s string) string {
	if len(s) >= 2 && s[0] == '"' && s[len(s)-1] == '"' {
		return s[1 : len(s)-1]
	}
	return strings.ReplaceAll(s, `\`, "")
}
