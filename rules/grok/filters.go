package grok

import (
	"encoding/json"
	"math"
	"net/url"
	"strconv"
	"strings"
)

// filter post-processes an extracted value. fn returns false when the value
// cannot be processed (the attribute is then dropped) and a nil value for
// null (dropped too).
type filter struct {
	name string
	fn   func(v any, e *env) (any, bool)
}

// compileFilter builds the filter a token names.
func compileFilter(c *call) (*filter, error) {
	noArgs := func(fn func(any, *env) (any, bool)) (*filter, error) {
		if len(c.args) > 0 {
			return nil, errf(c.off, "filter %s takes no arguments", c.name)
		}
		return &filter{name: c.name, fn: fn}, nil
	}
	switch c.name {
	case "number":
		return noArgs(toFloat)
	case "integer":
		return noArgs(toInteger)
	case "boolean":
		return noArgs(toBoolean)
	case "lowercase":
		return noArgs(stringFilter(strings.ToLower))
	case "uppercase":
		return noArgs(stringFilter(strings.ToUpper))
	case "json":
		return noArgs(jsonFilter)
	case "rubyhash":
		return noArgs(rubyhashFilter)
	case "querystring":
		return noArgs(querystringFilter)
	case "decodeuricomponent":
		return noArgs(func(v any, _ *env) (any, bool) {
			s, ok := v.(string)
			if !ok {
				return nil, false
			}
			d, err := url.PathUnescape(s)
			return d, err == nil
		})
	case "xml":
		return noArgs(xmlFilter)
	case "url":
		return noArgs(urlFilter)
	case "nullIf":
		if len(c.args) != 1 || (c.args[0].kind != argString && c.args[0].kind != argNumber) {
			return nil, errf(c.off, `nullIf takes one string argument: nullIf("value")`)
		}
		null := c.args[0].s
		return &filter{name: c.name, fn: func(v any, _ *env) (any, bool) {
			if s, ok := v.(string); ok && s == null {
				return nil, true
			}
			return v, true
		}}, nil
	case "scale":
		if len(c.args) != 1 {
			return nil, errf(c.off, "scale takes one number argument: scale(factor)")
		}
		factor, err := strconv.ParseFloat(c.args[0].s, 64)
		if err != nil || (c.args[0].kind != argNumber && c.args[0].kind != argString) {
			return nil, errf(c.args[0].off, "scale: %q is not a number", c.args[0].s)
		}
		return &filter{name: c.name, fn: func(v any, e *env) (any, bool) { return scale(v, factor, e) }}, nil
	case "useragent":
		return compileUseragent(c)
	case "keyvalue":
		return compileKeyvalue(c)
	case "csv":
		return compileCSV(c)
	case "array":
		return compileArray(c)
	}
	return nil, errf(c.off, "unknown filter %q", c.name)
}

func stringFilter(f func(string) string) func(any, *env) (any, bool) {
	return func(v any, _ *env) (any, bool) {
		s, ok := v.(string)
		if !ok {
			return nil, false
		}
		return f(s), true
	}
}

// scale multiplies a number; an integer stays an integer when the product
// is whole.
func scale(v any, factor float64, e *env) (any, bool) {
	if n, ok := v.(int64); ok {
		p := float64(n) * factor
		if p == math.Trunc(p) && math.Abs(p) < 1<<53 {
			return int64(p), true
		}
		return p, true
	}
	f, ok := toFloat(v, e)
	if !ok {
		return nil, false
	}
	p := f.(float64) * factor
	if math.IsInf(p, 0) || math.IsNaN(p) {
		return nil, false
	}
	return p, true
}

// jsonFilter parses JSON; integers become int64, other numbers float64.
func jsonFilter(v any, _ *env) (any, bool) {
	s, ok := v.(string)
	if !ok {
		return nil, false
	}
	dec := json.NewDecoder(strings.NewReader(s))
	dec.UseNumber()
	var out any
	if err := dec.Decode(&out); err != nil {
		return nil, false
	}
	if _, err := dec.Token(); err == nil { // trailing data
		return nil, false
	}
	return jsonNumbers(out), true
}

func jsonNumbers(v any) any {
	switch x := v.(type) {
	case json.Number:
		if n, err := strconv.ParseInt(string(x), 10, 64); err == nil {
			return n
		}
		f, err := strconv.ParseFloat(string(x), 64)
		if err != nil {
			return string(x)
		}
		return f
	case map[string]any:
		for k, e := range x {
			x[k] = jsonNumbers(e)
		}
	case []any:
		for i, e := range x {
			x[i] = jsonNumbers(e)
		}
	}
	return v
}

// querystringFilter extracts the pairs of a URL query string ("?a=1&b=2",
// or the part after "?" of a URL). Values are decoded; a repeated key gives
// an array.
func querystringFilter(v any, _ *env) (any, bool) {
	s, ok := v.(string)
	if !ok {
		return nil, false
	}
	if i := strings.IndexByte(s, '?'); i >= 0 {
		s = s[i+1:]
	}
	if i := strings.IndexByte(s, '#'); i >= 0 {
		s = s[:i]
	}
	return queryMap(s, true), true
}

func queryMap(s string, decode bool) map[string]any {
	out := map[string]any{}
	for _, part := range strings.FieldsFunc(s, func(r rune) bool { return r == '&' || r == ';' }) {
		k, val, _ := strings.Cut(part, "=")
		if decode {
			if d, err := url.QueryUnescape(k); err == nil {
				k = d
			}
			if d, err := url.QueryUnescape(val); err == nil {
				val = d
			}
		}
		if k == "" {
			continue
		}
		switch prev := out[k].(type) {
		case nil:
			out[k] = val
		case []any:
			out[k] = append(prev, val)
		default:
			out[k] = []any{prev, val}
		}
	}
	return out
}

// urlFilter splits a URL like Datadog's URL parser: scheme, host, port
// (explicit, or 80/443 for http/https), path, queryString (values as
// written), auth.username/auth.password and hash (the fragment). Relative
// URLs ("/path?q=1") give path, queryString and hash.
func urlFilter(v any, _ *env) (any, bool) {
	s, ok := v.(string)
	if !ok {
		return nil, false
	}
	u, err := url.Parse(strings.TrimSpace(s))
	if err != nil || (u.Scheme == "" && !strings.HasPrefix(u.Path, "/")) || u.Opaque != "" {
		return nil, false
	}
	out := map[string]any{}
	if u.Scheme != "" {
		out["scheme"] = u.Scheme
	}
	if h := u.Hostname(); h != "" {
		out["host"] = h
	}
	if p := u.Port(); p != "" {
		n, err := strconv.ParseInt(p, 10, 64)
		if err != nil {
			return nil, false
		}
		out["port"] = n
	} else if u.Host != "" {
		switch strings.ToLower(u.Scheme) {
		case "http", "ws":
			out["port"] = int64(80)
		case "https", "wss":
			out["port"] = int64(443)
		}
	}
	out["path"] = u.EscapedPath()
	if u.RawQuery != "" {
		if q := queryMap(u.RawQuery, false); len(q) > 0 {
			out["queryString"] = q
		}
	}
	if u.User != nil && u.User.Username() != "" {
		auth := map[string]any{"username": u.User.Username()}
		if pw, ok := u.User.Password(); ok {
			auth["password"] = pw
		}
		out["auth"] = auth
	}
	if u.Fragment != "" {
		out["hash"] = u.EscapedFragment()
	}
	return out, true
}

// compileArray: array([[brackets, ] separator][, filter]). Brackets are two
// characters ("" for none), the separator defaults to ",". Without a brackets
// argument a value in "[…]" has them stripped and any other value is split
// as it is: Datadog's recorded result for its CoreDNS pipeline splits
// "qr,aa,rd,ra" with array(","), and Vector's tests strip "[1;2]" with
// array(";").
// Elements are kept as written (no trimming); the filter applies to each, and
// the attribute is dropped if it fails on any.
func compileArray(c *call) (*filter, error) {
	usage := `array takes ([[brackets, ] separator][, filter]), e.g. array("[]", ",", integer)`
	brackets, sep := "[]", ","
	optional := true // brackets not given: "[…]" stripped if there
	var sub *filter
	var strs []arg
	for i, a := range c.args {
		switch a.kind {
		case argString:
			if sub != nil {
				return nil, errf(a.off, "%s", usage)
			}
			strs = append(strs, a)
		case argIdent, argCall:
			if i != len(c.args)-1 {
				return nil, errf(a.off, "%s", usage)
			}
			fc := a.call
			if fc == nil {
				fc = &call{name: a.s, off: a.off}
			}
			f, err := compileFilter(fc)
			if err != nil {
				return nil, err
			}
			sub = f
		default:
			return nil, errf(a.off, "%s", usage)
		}
	}
	switch len(strs) {
	case 0:
	case 1:
		sep = controlEscapes(strs[0].s)
	case 2:
		brackets, sep = controlEscapes(strs[0].s), controlEscapes(strs[1].s)
		optional = false
	default:
		return nil, errf(c.off, "%s", usage)
	}
	br := []rune(brackets)
	var open, closing string
	switch len(br) {
	case 0:
	case 1:
		open, closing = string(br[0]), string(br[0])
	case 2:
		open, closing = string(br[0]), string(br[1])
	default:
		return nil, errf(c.off, "array: brackets %q must be two characters (or empty)", brackets)
	}
	if sep == "" {
		return nil, errf(c.off, "array: empty separator")
	}
	return &filter{name: c.name, fn: func(v any, e *env) (any, bool) {
		s, ok := v.(string)
		if !ok {
			return nil, false
		}
		if open != "" {
			t := strings.TrimRight(s, " \t\r\n")
			switch {
			case strings.HasPrefix(t, open) && strings.HasSuffix(t, closing) && len(t) >= len(open)+len(closing):
				s = t[len(open) : len(t)-len(closing)]
			case !optional:
				return nil, false
			}
		}
		out := []any{}
		if s == "" {
			return out, true
		}
		for _, el := range strings.Split(s, sep) {
			var x any = el
			if sub != nil {
				if x, ok = sub.fn(x, e); !ok {
					return nil, false
				}
			}
			out = append(out, x)
		}
		return out, true
	}}, nil
}

// compileCSV: csv(headers[, separator[, quote]]). The separator is one
// character or "tab"; the quote defaults to '"' and is escaped by doubling.
// Integers and doubles are converted; empty values are not set; values beyond
// the headers are ignored.
func compileCSV(c *call) (*filter, error) {
	usage := `csv takes (headers[, separator[, quote]]), e.g. csv("a,b,c", ";")`
	if len(c.args) < 1 || len(c.args) > 3 {
		return nil, errf(c.off, "%s", usage)
	}
	for _, a := range c.args {
		if a.kind != argString {
			return nil, errf(a.off, "%s", usage)
		}
	}
	headers := strings.Split(c.args[0].s, ",")
	for _, h := range headers {
		if strings.TrimSpace(h) == "" {
			return nil, errf(c.args[0].off, "csv: empty header name in %q", c.args[0].s)
		}
	}
	sep, quote := ',', '"'
	if len(c.args) > 1 {
		s := controlEscapes(c.args[1].s)
		if s == "tab" {
			s = "\t"
		}
		r := []rune(s)
		if len(r) != 1 {
			return nil, errf(c.args[1].off, "csv: the separator must be one character or \"tab\", not %q", c.args[1].s)
		}
		sep = r[0]
	}
	if len(c.args) > 2 {
		r := []rune(c.args[2].s)
		if len(r) != 1 {
			return nil, errf(c.args[2].off, "csv: the quoting character must be one character, not %q", c.args[2].s)
		}
		quote = r[0]
	}
	return &filter{name: c.name, fn: func(v any, _ *env) (any, bool) {
		s, ok := v.(string)
		if !ok {
			return nil, false
		}
		vals, ok := splitCSV(s, sep, quote)
		if !ok {
			return nil, false
		}
		out := map[string]any{}
		for i, h := range headers {
			if i >= len(vals) {
				break
			}
			if vals[i] == "" {
				continue
			}
			out[strings.TrimSpace(h)] = autoNumber(vals[i])
		}
		return out, true
	}}, nil
}

// splitCSV splits one CSV record.
func splitCSV(s string, sep, quote rune) ([]string, bool) {
	var vals []string
	var cur strings.Builder
	rs := []rune(s)
	inQuote, quoted := false, false
	for i := 0; i < len(rs); i++ {
		r := rs[i]
		switch {
		case inQuote && r == quote:
			if i+1 < len(rs) && rs[i+1] == quote {
				cur.WriteRune(quote)
				i++
			} else {
				inQuote = false
			}
		case inQuote:
			cur.WriteRune(r)
		case r == quote && cur.Len() == 0 && !quoted:
			inQuote, quoted = true, true
		case r == sep:
			vals = append(vals, cur.String())
			cur.Reset()
			quoted = false
		default:
			cur.WriteRune(r)
		}
	}
	if inQuote {
		return nil, false
	}
	return append(vals, cur.String()), true
}

// autoNumber converts a decimal integer or double; anything else stays a
// string.
func autoNumber(s string) any {
	if !numberRE.MatchString(s) {
		return s
	}
	if n, err := strconv.ParseInt(s, 10, 64); err == nil {
		return n
	}
	if f, err := strconv.ParseFloat(s, 64); err == nil && !math.IsInf(f, 0) {
		return f
	}
	return s
}

// ParseURL splits a URL as the url filter and Datadog's URL Parser
// processor do (scheme, host, port, path, queryString, auth, hash); ok is
// false when s is not a URL.
func ParseURL(s string) (map[string]any, bool) {
	v, ok := urlFilter(s, nil)
	if !ok {
		return nil, false
	}
	return v.(map[string]any), true
}
