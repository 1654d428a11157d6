package grok

import (
	"math"
	"regexp"
	"strconv"
	"strings"
)

// Regular expressions of the built-in matchers, after Datadog's documented
// list and the patterns of Vector's open-source re-implementation (minus
// its look-arounds and atomic groups, which RE2 lacks).
const (
	reNumberStr     = `[+-]?(?:\d+(?:\.\d*)?|\.\d+)`
	reNumberExtStr  = reNumberStr + `(?:[eE][+-]?\d+)?`
	reIntegerStr    = `[+-]?\d+`
	reIntegerExtStr = `[+-]?\d+(?:[eE][+-]?\d+)?`
	reWord          = `\b\w+\b`
	reDoubleQuoted  = `"[^"]*"`
	reSingleQuoted  = `'[^']*'`
	reUUID          = `[A-Fa-f0-9]{8}-(?:[A-Fa-f0-9]{4}-){3}[A-Fa-f0-9]{12}`
	reMAC           = `(?:(?:[A-Fa-f0-9]{4}\.){2}[A-Fa-f0-9]{4}|(?:[A-Fa-f0-9]{2}-){5}[A-Fa-f0-9]{2}|(?:[A-Fa-f0-9]{2}:){5}[A-Fa-f0-9]{2})`
	reOctet         = `(?:25[0-5]|2[0-4][0-9]|[0-1]?[0-9]{1,2})`
	reIPv4          = `(?:` + reOctet + `\.` + reOctet + `\.` + reOctet + `\.` + reOctet + `)`
	reH16           = `[0-9A-Fa-f]{1,4}`
	reHostname      = `\b(?:[0-9A-Za-z][0-9A-Za-z_-]{0,62})(?:\.(?:[0-9A-Za-z][0-9A-Za-z_-]{0,62}))*(?:\.?|\b)`
	rePort          = `[1-9]\d{0,4}`
)

// reIPv6 is the classic full IPv6 pattern (all compressed forms and an
// embedded IPv4 tail), with an optional %zone suffix.
var reIPv6 = `(?:` + strings.Join([]string{
	`(?:` + reH16 + `:){7}(?:` + reH16 + `|:)`,
	`(?:` + reH16 + `:){6}(?::` + reH16 + `|` + reIPv4 + `|:)`,
	`(?:` + reH16 + `:){5}(?:(?::` + reH16 + `){1,2}|:` + reIPv4 + `|:)`,
	`(?:` + reH16 + `:){4}(?:(?::` + reH16 + `){1,3}|(?::` + reH16 + `)?:` + reIPv4 + `|:)`,
	`(?:` + reH16 + `:){3}(?:(?::` + reH16 + `){1,4}|(?::` + reH16 + `){0,2}:` + reIPv4 + `|:)`,
	`(?:` + reH16 + `:){2}(?:(?::` + reH16 + `){1,5}|(?::` + reH16 + `){0,3}:` + reIPv4 + `|:)`,
	`(?:` + reH16 + `:){1}(?:(?::` + reH16 + `){1,6}|(?::` + reH16 + `){0,4}:` + reIPv4 + `|:)`,
	`:(?:(?::` + reH16 + `){1,7}|(?::` + reH16 + `){0,5}:` + reIPv4 + `|:)`,
}, "|") + `)(?:%[0-9A-Za-z._~-]+)?`

var reIP = `(?:` + reIPv6 + `|` + reIPv4 + `)`

// matcherDef is a built-in matcher without arguments.
type matcherDef struct {
	re   string
	conv *filter // implicit conversion applied before the user's filter
}

var (
	convNumber  = &filter{name: "number", fn: toFloat}
	convInteger = &filter{name: "integer", fn: toInteger}
	convIntExt  = &filter{name: "integerExt", fn: toIntegerExt}
)

var builtinMatchers = map[string]matcherDef{
	"notSpace":           {re: `\S+`},
	"numberStr":          {re: reNumberStr},
	"number":             {re: reNumberStr, conv: convNumber},
	"numberExtStr":       {re: reNumberExtStr},
	"numberExt":          {re: reNumberExtStr, conv: convNumber},
	"integerStr":         {re: reIntegerStr},
	"integer":            {re: reIntegerStr, conv: convInteger},
	"integerExtStr":      {re: reIntegerExtStr},
	"integerExt":         {re: reIntegerExtStr, conv: convIntExt},
	"word":               {re: reWord},
	"doubleQuotedString": {re: reDoubleQuoted},
	"singleQuotedString": {re: reSingleQuoted},
	"quotedString":       {re: `(?:` + reDoubleQuoted + `|` + reSingleQuoted + `)`},
	"uuid":               {re: reUUID},
	"mac":                {re: reMAC},
	"ipv4":               {re: reIPv4},
	"ipv6":               {re: reIPv6},
	"ip":                 {re: reIP},
	"hostname":           {re: reHostname},
	"ipOrHost":           {re: `(?:` + reIP + `|` + reHostname + `)`},
	"port":               {re: rePort},
	// data is lazy, as grok's DATA is (Vector's re-implementation makes it
	// greedy): Datadog's recorded results for its consul and nginx
	// pipelines ("%{data:app}:( %{word:event}:)?%{data:message}" on
	// "serf: EventMemberJoin: …" gives app "serf") need the shortest match.
	// It is ".*?" under the rule's dot-all flag (each rule compiles as
	// "(?s)\A(?:…)\z"), so that an inline "(?-s)" earlier in the rule
	// turns it off for the data matchers after it, as it does for the
	// rule's own dots.
	"data": {re: `.*?`},
	// boolean, regex and date take arguments: see compileMatcher.
}

// compileMatcher returns the regular expression of a built-in matcher and
// its implicit conversion. ok is false when name is not a built-in.
func compileMatcher(m *call) (re string, conv *filter, ok bool, err error) {
	switch m.name {
	case "regex":
		if len(m.args) != 1 || m.args[0].kind != argString {
			return "", nil, true, errf(m.off, `regex takes one string argument: regex("pattern")`)
		}
		a := m.args[0]
		tr, err := translateRegex(a.s, a.off)
		if err != nil {
			return "", nil, true, err
		}
		if err := checkRegex(tr); err != nil {
			return "", nil, true, errf(a.off, "invalid regex in regex(%q): %v", a.s, err)
		}
		return tr, nil, true, nil
	case "date":
		d, err := compileDate(m)
		if err != nil {
			return "", nil, true, err
		}
		return d.matchRE, &filter{name: "date", fn: d.apply}, true, nil
	case "boolean":
		return compileBooleanMatcher(m)
	}
	def, found := builtinMatchers[m.name]
	if !found {
		return "", nil, false, nil
	}
	if m.parens {
		return "", nil, true, errf(m.off, "matcher %s takes no arguments", m.name)
	}
	return def.re, def.conv, true, nil
}

// compileBooleanMatcher: boolean matches "true" or "false" ignoring case;
// boolean("yes", "no") matches the two given words (literally, ignoring
// case). The value is true when the text equals the true word.
func compileBooleanMatcher(m *call) (string, *filter, bool, error) {
	t, f := "true", "false"
	switch {
	case !m.parens || len(m.args) == 0:
	case len(m.args) == 2 && m.args[0].kind == argString && m.args[1].kind == argString &&
		m.args[0].s != "" && m.args[1].s != "":
		t, f = m.args[0].s, m.args[1].s
	default:
		return "", nil, true, errf(m.off, `boolean takes no argument or two strings: boolean("truePattern", "falsePattern")`)
	}
	re := `(?i:` + regexp.QuoteMeta(t) + `|` + regexp.QuoteMeta(f) + `)`
	conv := &filter{name: "boolean", fn: func(v any, _ *env) (any, bool) {
		s, ok := v.(string)
		if !ok {
			return nil, false
		}
		return strings.EqualFold(s, t), true
	}}
	return re, conv, true, nil
}

// Conversions shared by matchers and filters.

func toFloat(v any, _ *env) (any, bool) {
	switch x := v.(type) {
	case string:
		f, err := strconv.ParseFloat(strings.TrimSpace(x), 64)
		if err != nil || math.IsInf(f, 0) || math.IsNaN(f) {
			return nil, false
		}
		return f, true
	case int64:
		return float64(x), true
	case float64:
		return x, true
	}
	return nil, false
}

func toInteger(v any, _ *env) (any, bool) {
	switch x := v.(type) {
	case string:
		n, err := strconv.ParseInt(strings.TrimSpace(x), 10, 64)
		if err != nil {
			return nil, false
		}
		return n, true
	case int64:
		return x, true
	case float64:
		if x != math.Trunc(x) || math.Abs(x) > 1<<63 {
			return nil, false
		}
		return int64(x), true
	}
	return nil, false
}

// toIntegerExt converts an integer that may use scientific notation
// ("-1e+2" → -100).
func toIntegerExt(v any, e *env) (any, bool) {
	if n, ok := toInteger(v, e); ok {
		return n, true
	}
	f, ok := toFloat(v, e)
	if !ok {
		return nil, false
	}
	return toInteger(math.Trunc(f.(float64)), e)
}

func toBoolean(v any, _ *env) (any, bool) {
	switch x := v.(type) {
	case string:
		return strings.EqualFold(strings.TrimSpace(x), "true"), true
	case bool:
		return x, true
	}
	return nil, false
}
