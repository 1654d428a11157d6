package grok

import (
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Defaults of keyvalue([separator[, allowedChars[, quotes[, delimiters]]]])
// (Datadog's documentation; the bracket delimiters come from Vector's
// re-implementation).
const (
	kvDefaultChars = `\w.\-_@`
	kvDefaultOpen  = " \t\n\f\r,;([{"
	kvDefaultClose = " \t\n\f\r,;)]}"
)

var kvDefaultQuotes = [][2]rune{{'"', '"'}, {'\'', '\''}, {'<', '>'}}

var numberRE = regexp.MustCompile(`^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$`)

type kvFilter struct {
	re     *regexp.Regexp
	quotes [][2]rune
	open   string // characters that may precede a key
}

// compileKeyvalue builds keyvalue([separator[, allowedChars[, quotes[,
// delimiters]]]]). A pair is key SEPARATOR value where key and value are
// either quoted or made of \w.\-_@ plus allowedChars (regex character-class
// text), the key starts the text or follows a delimiter, and the value ends
// the text or is followed by one.
func compileKeyvalue(c *call) (*filter, error) {
	if len(c.args) > 4 {
		return nil, errf(c.off, "keyvalue takes at most 4 arguments: keyvalue(separator, allowedChars, quotes, delimiters)")
	}
	for _, a := range c.args {
		if a.kind != argString {
			return nil, errf(a.off, "keyvalue arguments are strings, e.g. keyvalue(\"=\", \"/:\")")
		}
	}
	sep := "="
	if len(c.args) > 0 {
		if sep = controlEscapes(c.args[0].s); sep == "" {
			return nil, errf(c.args[0].off, "keyvalue: empty separator")
		}
	}
	chars := kvDefaultChars
	if len(c.args) > 1 {
		chars += classText(c.args[1].s)
	}
	kv := &kvFilter{quotes: kvDefaultQuotes, open: kvDefaultOpen}
	if len(c.args) > 2 && c.args[2].s != "" { // "" keeps the default quotes
		r := []rune(c.args[2].s)
		if len(r)%2 != 0 {
			return nil, errf(c.args[2].off, "keyvalue: quotes %q must be pairs of opening and closing characters, e.g. \"<>\"", c.args[2].s)
		}
		kv.quotes = nil
		for i := 0; i < len(r); i += 2 {
			kv.quotes = append(kv.quotes, [2]rune{r[i], r[i+1]})
		}
	}
	closeClass := classEscape(kvDefaultClose)
	if len(c.args) > 3 && c.args[3].s != "" {
		d := controlEscapes(c.args[3].s)
		kv.open, closeClass = d, classEscape(d)
	}
	var quoting strings.Builder
	for _, q := range kv.quotes {
		quoting.WriteString(regexp.QuoteMeta(string(q[0])) + `[^` + classEscape(string(q[0])) + `]+` + regexp.QuoteMeta(string(q[1])) + `|`)
	}
	part := `(` + quoting.String() + `[` + chars + `]+)`
	re, err := regexp.Compile(`\A` + part + regexp.QuoteMeta(sep) + part + `(?:[` + closeClass + `]|\z)`)
	if err != nil {
		return nil, errf(c.off, "keyvalue: invalid allowed characters: %v", err)
	}
	kv.re = re
	return &filter{name: c.name, fn: kv.apply}, nil
}

// classText makes user text safe inside a character class while keeping
// its escapes (\w, \-).
func classText(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\\':
			b.WriteByte('\\')
			if i+1 < len(s) {
				i++
				b.WriteByte(s[i])
			} else {
				b.WriteByte('\\')
			}
		case '[', ']':
			b.WriteByte('\\')
			b.WriteByte(s[i])
		default:
			b.WriteByte(s[i])
		}
	}
	return b.String()
}

// classEscape escapes every character of s for a character class.
func classEscape(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch r {
		case '\t':
			b.WriteString(`\t`)
		case '\n':
			b.WriteString(`\n`)
		case '\f':
			b.WriteString(`\f`)
		case '\r':
			b.WriteString(`\r`)
		default:
			if r < utf8.RuneSelf && !('a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9') && r != ' ' {
				b.WriteByte('\\')
			}
			b.WriteRune(r)
		}
	}
	return b.String()
}

func (kv *kvFilter) apply(v any, _ *env) (any, bool) {
	s, ok := v.(string)
	if !ok {
		return nil, false
	}
	out := map[string]any{}
	for i := 0; i < len(s); {
		prev, _ := utf8.DecodeLastRuneInString(s[:i])
		if i == 0 || strings.ContainsRune(kv.open, prev) {
			if m := kv.re.FindStringSubmatchIndex(s[i:]); m != nil {
				kv.pair(out, s[i+m[2]:i+m[3]], s[i+m[4]:i+m[5]])
				i += m[1]
				continue
			}
		}
		_, size := utf8.DecodeRuneInString(s[i:])
		i += size
	}
	return out, true
}

func (kv *kvFilter) unquote(s string) (string, bool) {
	for _, q := range kv.quotes {
		l, r := string(q[0]), string(q[1])
		if len(s) >= len(l)+len(r) && strings.HasPrefix(s, l) && strings.HasSuffix(s, r) {
			return s[len(l) : len(s)-len(r)], true
		}
	}
	return s, false
}

func (kv *kvFilter) pair(out map[string]any, rawKey, rawVal string) {
	key, _ := kv.unquote(strings.TrimSpace(rawKey))
	if key == "" || strings.Contains(key, " ") {
		return
	}
	val := strings.TrimRight(strings.TrimSpace(rawVal), ",")
	var x any
	if inner, quoted := kv.unquote(val); quoted {
		x = strings.TrimSpace(inner)
	} else {
		x = kvValue(val)
	}
	if x == nil || x == "" {
		return
	}
	switch prev := out[key].(type) {
	case nil:
		out[key] = x
	case []any:
		out[key] = append(prev, x)
	default:
		out[key] = []any{prev, x}
	}
}

// kvValue types an unquoted value: null (dropped), true, false, a number
// (a leading-zero integer with an 8 or 9 stays a string, as it is no valid
// octal), or a string.
func kvValue(s string) any {
	switch s {
	case "null":
		return nil
	case "true":
		return true
	case "false":
		return false
	}
	if !numberRE.MatchString(s) {
		return s
	}
	if n, err := strconv.ParseInt(s, 10, 64); err == nil {
		if strings.HasPrefix(s, "0") && strings.ContainsAny(s, "89") {
			return s
		}
		return n
	}
	if f, err := strconv.ParseFloat(s, 64); err == nil {
		return f
	}
	return s
}
