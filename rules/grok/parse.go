package grok

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"
)

// ruleDef is one "name pattern" line, parsed.
type ruleDef struct {
	name    string
	support bool
	line    int
	lineStr string // the whole line, for columns
	patOff  int    // byte offset of the pattern in lineStr
	pattern string
	nodes   []node
	order   int // index among match rules
	// warnings are positioned notes on constructs whose meaning depends on
	// the reader (see Warning), collected while the pattern is parsed.
	warnings []*errAt
}

// node is a piece of a pattern: regex text, or a %{…} token.
type node struct {
	lit string // translated regular expression (when tok == nil)
	tok *token
}

// token is a parsed %{MATCHER:EXTRACT:FILTER}.
type token struct {
	off     int // byte offset of "%{" in the pattern
	matcher *call
	extract string
	path    []string // extract split at dots; nil when extract is ""
	hasDest bool     // a second part (":EXTRACT") is present
	filter  *call
}

// call is a matcher or filter: a name with optional arguments.
type call struct {
	name   string
	off    int // byte offset of the name in the pattern
	parens bool
	args   []arg
}

type argKind int

const (
	argString argKind = iota
	argNumber
	argIdent // a bare word, or word:word (decodeuricomponent:true)
	argCall  // a filter with arguments, in array(…)
)

type arg struct {
	kind argKind
	s    string // string value, identifier, or the number's text
	raw  string // a string argument as written, between its quotes
	num  float64
	call *call
	off  int
}

// ruleNameRE is the names rules may take: letters, digits, '_' and '.'.
// Datadog's documentation says a name starts with a letter or digit, but its
// own integration pipelines name helper rules "_auth", "_date" (nginx,
// consul, vault), and the backend accepts them, so a leading '_' is valid.
var ruleNameRE = regexp.MustCompile(`^[A-Za-z0-9_][A-Za-z0-9_.]*$`)

// errAt is a positioned error inside a rule's pattern, turned into a
// *SyntaxError by the caller that knows the rule.
type errAt struct {
	off int // byte offset in the pattern; -1 when unknown
	msg string
}

func (e *errAt) Error() string { return e.msg }

func errf(off int, format string, args ...any) *errAt {
	return &errAt{off: off, msg: fmt.Sprintf(format, args...)}
}

// syntaxError turns err into a *SyntaxError located in r.
func (r *ruleDef) syntaxError(err error) *SyntaxError {
	if se, ok := err.(*SyntaxError); ok {
		return se
	}
	se := &SyntaxError{Rule: r.name, Support: r.support, Line: r.line, Msg: err.Error()}
	if ea, ok := err.(*errAt); ok && ea.off >= 0 {
		se.Col = utf8.RuneCountInString(r.lineStr[:r.patOff+min(ea.off, len(r.pattern))]) + 1
	}
	return se
}

// splitRules parses a rules text into rule definitions.
func splitRules(text string, support bool) ([]*ruleDef, error) {
	var defs []*ruleDef
	for i, line := range strings.Split(text, "\n") {
		line = strings.TrimSuffix(line, "\r")
		if strings.TrimSpace(line) == "" {
			continue
		}
		start := len(line) - len(strings.TrimLeft(line, " \t"))
		rest := line[start:]
		end := strings.IndexAny(rest, " \t")
		if end < 0 {
			name := rest
			return nil, &SyntaxError{Rule: validName(name), Support: support, Line: i + 1, Col: start + 1,
				Msg: fmt.Sprintf("rule %q has no pattern (a rule is \"name pattern\")", name)}
		}
		name := rest[:end]
		if !ruleNameRE.MatchString(name) {
			return nil, &SyntaxError{Support: support, Line: i + 1, Col: start + 1,
				Msg: fmt.Sprintf("invalid rule name %q: use letters, digits, '_' and '.', not starting with '.'", name)}
		}
		pat := strings.TrimLeft(rest[end:], " \t")
		defs = append(defs, &ruleDef{
			name: name, support: support, line: i + 1, lineStr: line,
			patOff: len(line) - len(pat), pattern: pat,
		})
	}
	return defs, nil
}

func validName(s string) string {
	if ruleNameRE.MatchString(s) {
		return s
	}
	return ""
}

// parsePattern splits a pattern into regex text and tokens. When warn is
// not nil, the ambiguous escapes of the tokens' quoted arguments are
// appended to it.
func parsePattern(pat string, warn *[]*errAt) ([]node, error) {
	var nodes []node
	var lit strings.Builder
	litStart := 0
	flush := func() error {
		if lit.Len() == 0 {
			return nil
		}
		tr, err := translateRegex(lit.String(), litStart)
		if err != nil {
			return err
		}
		nodes = append(nodes, node{lit: tr})
		lit.Reset()
		return nil
	}
	for i := 0; i < len(pat); {
		c := pat[i]
		if c == '\\' && i+1 < len(pat) {
			if lit.Len() == 0 {
				litStart = i
			}
			_, size := utf8.DecodeRuneInString(pat[i+1:])
			lit.WriteString(pat[i : i+1+size])
			i += 1 + size
			continue
		}
		if c == '%' && i+1 < len(pat) && pat[i+1] == '{' {
			if err := flush(); err != nil {
				return nil, err
			}
			end, err := tokenEnd(pat, i)
			if err != nil {
				return nil, err
			}
			tok, err := parseToken(pat, i, end)
			if err != nil {
				return nil, err
			}
			if warn != nil {
				*warn = append(*warn, ambiguousEscapes(tok.matcher)...)
				*warn = append(*warn, ambiguousEscapes(tok.filter)...)
			}
			nodes = append(nodes, node{tok: tok})
			i = end + 1
			continue
		}
		if lit.Len() == 0 {
			litStart = i
		}
		lit.WriteByte(c)
		i++
	}
	if err := flush(); err != nil {
		return nil, err
	}
	return nodes, nil
}

// tokenEnd returns the index of the "}" closing the token that starts at
// start ("%{"), skipping quoted strings and parentheses.
func tokenEnd(pat string, start int) (int, error) {
	depth := 0
	for i := start + 2; i < len(pat); i++ {
		switch c := pat[i]; c {
		case '"', '\'':
			j, err := skipString(pat, i)
			if err != nil {
				return 0, err
			}
			i = j
		case '(':
			depth++
		case ')':
			if depth > 0 {
				depth--
			}
		case '}':
			if depth == 0 {
				return i, nil
			}
		case '%':
			if depth == 0 && i+1 < len(pat) && pat[i+1] == '{' {
				return 0, errf(start, "unbalanced %%{: token opened here is not closed before the next %%{")
			}
		}
	}
	return 0, errf(start, "unbalanced %%{: missing closing }")
}

// skipString returns the index of the quote closing the string at i.
func skipString(s string, i int) (int, error) {
	q := s[i]
	for j := i + 1; j < len(s); j++ {
		switch s[j] {
		case '\\':
			j++
		case q:
			return j, nil
		}
	}
	return 0, errf(i, "unterminated string %s", s[i:])
}

// parseToken parses pat[start:end+1], "%{…}".
func parseToken(pat string, start, end int) (*token, error) {
	body := start + 2
	// split at top-level colons
	var parts [][2]int
	depth, from := 0, body
	for i := body; i < end; i++ {
		switch pat[i] {
		case '"', '\'':
			j, err := skipString(pat, i)
			if err != nil {
				return nil, err
			}
			i = j
		case '(':
			depth++
		case ')':
			depth--
		case ':':
			if depth == 0 {
				parts = append(parts, [2]int{from, i})
				from = i + 1
			}
		}
	}
	parts = append(parts, [2]int{from, end})
	if len(parts) > 3 {
		return nil, errf(parts[3][0]-1, "too many ':' in %s (the form is %%{MATCHER:EXTRACT:FILTER})", pat[start:end+1])
	}
	tok := &token{off: start}
	m, err := parseCall(pat, parts[0][0], parts[0][1])
	if err != nil {
		return nil, err
	}
	if m == nil {
		return nil, errf(start, "empty matcher in %s", pat[start:end+1])
	}
	tok.matcher = m
	if len(parts) > 1 {
		tok.hasDest = true
		ex := strings.TrimSpace(pat[parts[1][0]:parts[1][1]])
		if ex != "" {
			path := strings.Split(ex, ".")
			for _, p := range path {
				if !extractPartRE.MatchString(p) {
					return nil, errf(parts[1][0], "invalid extract name %q", ex)
				}
			}
			tok.extract, tok.path = ex, path
		}
	}
	if len(parts) > 2 {
		f, err := parseCall(pat, parts[2][0], parts[2][1])
		if err != nil {
			return nil, err
		}
		if f == nil {
			return nil, errf(parts[2][0], "empty filter after the second ':' in %s", pat[start:end+1])
		}
		tok.filter = f
	}
	return tok, nil
}

var extractPartRE = regexp.MustCompile(`^[A-Za-z0-9_@$\-]+$`)

func isIdentByte(c byte) bool {
	return c == '_' || c == '.' || c == '@' || c == '$' || c == '-' ||
		('a' <= c && c <= 'z') || ('A' <= c && c <= 'Z') || ('0' <= c && c <= '9')
}

// parseCall parses "name" or "name(args)" in pat[from:to]; nil when blank.
func parseCall(pat string, from, to int) (*call, error) {
	i := skipSpace(pat, from, to)
	if i == to {
		return nil, nil
	}
	j := i
	for j < to && isIdentByte(pat[j]) {
		j++
	}
	if j == i {
		return nil, errf(i, "expected a name, found %q", pat[i:to])
	}
	c := &call{name: pat[i:j], off: i}
	k := skipSpace(pat, j, to)
	if k < to && pat[k] == '(' {
		args, next, err := parseArgs(pat, k, to)
		if err != nil {
			return nil, err
		}
		c.parens, c.args = true, args
		k = skipSpace(pat, next, to)
	}
	if k != to {
		return nil, errf(k, "unexpected %q after %s", pat[k:to], c.name)
	}
	return c, nil
}

func skipSpace(s string, i, to int) int {
	for i < to && (s[i] == ' ' || s[i] == '\t') {
		i++
	}
	return i
}

// parseArgs parses "(arg, …)" starting at pat[open] == '('; it returns the
// arguments and the index after ")".
func parseArgs(pat string, open, to int) ([]arg, int, error) {
	var args []arg
	i := skipSpace(pat, open+1, to)
	if i < to && pat[i] == ')' {
		return nil, i + 1, nil
	}
	for {
		i = skipSpace(pat, i, to)
		if i >= to {
			return nil, 0, errf(open, "unclosed ( in arguments")
		}
		a, next, err := parseArg(pat, i, to)
		if err != nil {
			return nil, 0, err
		}
		args = append(args, a)
		i = skipSpace(pat, next, to)
		if i >= to {
			return nil, 0, errf(open, "unclosed ( in arguments")
		}
		switch pat[i] {
		case ',':
			i++
		case ')':
			return args, i + 1, nil
		default:
			return nil, 0, errf(i, "expected ',' or ')' in arguments, found %q", pat[i:i+1])
		}
	}
}

func parseArg(pat string, i, to int) (arg, int, error) {
	c := pat[i]
	switch {
	case c == '"' || c == '\'':
		j, err := skipString(pat, i)
		if err != nil {
			return arg{}, 0, err
		}
		return arg{kind: argString, s: unescapeString(pat[i+1 : j]), raw: pat[i+1 : j], off: i}, j + 1, nil
	case c == '+' || c == '-' || c == '.' || ('0' <= c && c <= '9'):
		j := i + 1
		for j < to && strings.IndexByte("0123456789.eE+-", pat[j]) >= 0 {
			j++
		}
		f, err := strconv.ParseFloat(pat[i:j], 64)
		if err != nil {
			return arg{}, 0, errf(i, "invalid number %q", pat[i:j])
		}
		return arg{kind: argNumber, s: pat[i:j], num: f, off: i}, j, nil
	case isIdentByte(c):
		j := i
		for j < to && isIdentByte(pat[j]) {
			j++
		}
		name := pat[i:j]
		k := skipSpace(pat, j, to)
		if k < to && pat[k] == '(' {
			args, next, err := parseArgs(pat, k, to)
			if err != nil {
				return arg{}, 0, err
			}
			return arg{kind: argCall, s: name, off: i, call: &call{name: name, off: i, parens: true, args: args}}, next, nil
		}
		if k < to && pat[k] == ':' { // useragent(decodeuricomponent:true)
			m := skipSpace(pat, k+1, to)
			n := m
			for n < to && isIdentByte(pat[n]) {
				n++
			}
			if n == m {
				return arg{}, 0, errf(k, "expected a value after ':'")
			}
			return arg{kind: argIdent, s: name + ":" + pat[m:n], off: i}, n, nil
		}
		return arg{kind: argIdent, s: name, off: i}, j, nil
	}
	return arg{}, 0, errf(i, "unexpected %q in arguments", string(c))
}

// ambiguousEscapes reports each backslash escape inside the quoted
// arguments of c (and of the filters nested in its arguments) whose meaning
// depends on how the quoted string is read. Datadog's documentation defines
// two escapes there, \\ and \" (its examples double every backslash:
// regex("\\w")), and its own integration pipelines write every regex escape
// that way; Vector's open-source re-implementation rejects any other escape
// (regex("\d"), "[^\]]"), and whether Datadog's backend keeps the backslash
// of such an escape, drops it or rejects the rule is not documented. A
// backslash before anything but a backslash or a quote
// is therefore ambiguous; the emulator reads it as the regular-expression
// escape and warns.
func ambiguousEscapes(c *call) []*errAt {
	if c == nil {
		return nil
	}
	var out []*errAt
	for _, a := range c.args {
		switch a.kind {
		case argCall:
			out = append(out, ambiguousEscapes(a.call)...)
		case argString:
			for k := 0; k+1 < len(a.raw); k++ {
				if a.raw[k] != '\\' {
					continue
				}
				next := a.raw[k+1]
				if next == '\\' || next == '"' || next == '\'' {
					k++
					continue
				}
				_, size := utf8.DecodeRuneInString(a.raw[k+1:])
				esc := a.raw[k : k+1+size]
				out = append(out, errf(a.off+1+k, "ambiguous escape %s in the quoted argument of %s(…): Datadog documents only \\\\ and \\\" there; write %s (the escape doubled) or a construct without a backslash, such as a character class", esc, c.name, `\`+esc))
				k += size
			}
		}
	}
	return out
}

// unescapeString applies the escapes of a quoted argument: \" \' \\ \n \t
// \r; any other backslash is kept with the character after it, so that
// regex("\d") means \d.
func unescapeString(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' || i+1 == len(s) {
			b.WriteByte(s[i])
			continue
		}
		i++
		switch s[i] {
		case '"', '\'', '\\':
			b.WriteByte(s[i])
		case 'n':
			b.WriteByte('\n')
		case 't':
			b.WriteByte('\t')
		case 'r':
			b.WriteByte('\r')
		default:
			b.WriteByte('\\')
			b.WriteByte(s[i])
		}
	}
	return b.String()
}

// controlEscapes turns the two-character sequences \t, \n and \r into the
// characters, for separator arguments written as "\\t".
func controlEscapes(s string) string {
	return strings.NewReplacer(`\t`, "\t", `\n`, "\n", `\r`, "\r").Replace(s)
}
