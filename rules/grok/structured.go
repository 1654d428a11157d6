package grok

import (
	"encoding/xml"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"
)

// xmlFilter turns an XML document into an object, as Datadog documents:
// {"root": …}; an element with only text is a string; attributes are keys;
// text next to attributes or children goes in "value"; repeated elements
// become arrays. Values stay strings.
func xmlFilter(v any, _ *env) (any, bool) {
	s, ok := v.(string)
	if !ok {
		return nil, false
	}
	type elem struct {
		name     string
		obj      map[string]any
		text     strings.Builder
		children bool
		attrs    bool
	}
	value := func(e *elem) any {
		text := strings.TrimSpace(e.text.String())
		if !e.children && !e.attrs {
			return text
		}
		if text != "" {
			add(e.obj, "value", text)
		}
		return e.obj
	}
	dec := xml.NewDecoder(strings.NewReader(s))
	var stack []*elem
	var root any
	rootName, done := "", false
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, false
		}
		switch t := tok.(type) {
		case xml.StartElement:
			if done {
				return nil, false // a second root
			}
			e := &elem{name: t.Name.Local, obj: map[string]any{}}
			for _, a := range t.Attr {
				if a.Name.Space == "xmlns" || (a.Name.Space == "" && a.Name.Local == "xmlns") {
					continue
				}
				add(e.obj, a.Name.Local, a.Value)
				e.attrs = true
			}
			stack = append(stack, e)
		case xml.EndElement:
			e := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if len(stack) == 0 {
				root, rootName, done = value(e), e.name, true
				continue
			}
			p := stack[len(stack)-1]
			p.children = true
			add(p.obj, e.name, value(e))
		case xml.CharData:
			if len(stack) > 0 {
				stack[len(stack)-1].text.Write(t)
			} else if strings.TrimSpace(string(t)) != "" {
				return nil, false
			}
		}
	}
	if !done {
		return nil, false
	}
	return map[string]any{rootName: root}, true
}

// add sets m[k], turning a repeated key into an array.
func add(m map[string]any, k string, v any) {
	switch prev := m[k].(type) {
	case nil:
		m[k] = v
	case []any:
		m[k] = append(prev, v)
	default:
		m[k] = []any{prev, v}
	}
}

// rubyhashFilter parses a Ruby hash literal as Ruby's inspect writes it:
// {name => "John", "job" => {"company" => "Big Company"}, :sym => 1,
// key: nil}.
func rubyhashFilter(v any, _ *env) (any, bool) {
	s, ok := v.(string)
	if !ok {
		return nil, false
	}
	p := &rbParser{s: s}
	p.space()
	h, ok := p.hash()
	if !ok {
		return nil, false
	}
	if p.space(); p.i != len(p.s) {
		return nil, false
	}
	return h, true
}

const rbMaxDepth = 256

type rbParser struct {
	s     string
	i     int
	depth int
}

func (p *rbParser) space() {
	for p.i < len(p.s) && strings.IndexByte(" \t\r\n", p.s[p.i]) >= 0 {
		p.i++
	}
}

func (p *rbParser) peek(t string) bool { return strings.HasPrefix(p.s[p.i:], t) }

func (p *rbParser) hash() (map[string]any, bool) {
	if !p.peek("{") || p.depth >= rbMaxDepth {
		return nil, false
	}
	p.depth++
	defer func() { p.depth-- }()
	p.i++
	out := map[string]any{}
	for {
		p.space()
		if p.peek("}") {
			p.i++
			return out, true
		}
		k, bare, ok := p.key()
		if !ok {
			return nil, false
		}
		p.space()
		switch {
		case p.peek("=>"):
			p.i += 2
		case p.peek(":") && !bare:
			p.i++
		case bare: // key: value already consumed its colon
		default:
			return nil, false
		}
		val, ok := p.value()
		if !ok {
			return nil, false
		}
		out[k] = val
		p.space()
		switch {
		case p.peek(","):
			p.i++
		case p.peek("}"):
		default:
			return nil, false
		}
	}
}

// key reads a hash key; bare reports a Ruby 1.9 "name:" key whose colon
// was consumed.
func (p *rbParser) key() (k string, bare bool, ok bool) {
	if p.i >= len(p.s) {
		return "", false, false
	}
	switch c := p.s[p.i]; {
	case c == '"' || c == '\'':
		k, ok = p.str()
		return k, false, ok
	case c == ':':
		p.i++
		if p.i < len(p.s) && (p.s[p.i] == '"' || p.s[p.i] == '\'') {
			k, ok = p.str()
			return k, false, ok
		}
		k = p.word()
		return k, false, k != ""
	}
	k = p.word()
	if k == "" {
		return "", false, false
	}
	if p.peek(":") && !p.peek("::") {
		p.i++
		return k, true, true
	}
	return k, false, true
}

func (p *rbParser) word() string {
	j := p.i
	for j < len(p.s) {
		c := p.s[j]
		if c == '_' || c == '?' || c == '!' || c == '@' || c == '$' || c == '.' || c == '-' || c == '+' ||
			('a' <= c && c <= 'z') || ('A' <= c && c <= 'Z') || ('0' <= c && c <= '9') || c >= utf8.RuneSelf {
			j++
			continue
		}
		break
	}
	w := p.s[p.i:j]
	p.i = j
	return w
}

func (p *rbParser) value() (any, bool) {
	p.space()
	if p.i >= len(p.s) {
		return nil, false
	}
	switch c := p.s[p.i]; c {
	case '{':
		return p.hash()
	case '[':
		if p.depth >= rbMaxDepth {
			return nil, false
		}
		p.depth++
		defer func() { p.depth-- }()
		p.i++
		out := []any{}
		for {
			p.space()
			if p.peek("]") {
				p.i++
				return out, true
			}
			v, ok := p.value()
			if !ok {
				return nil, false
			}
			out = append(out, v)
			p.space()
			switch {
			case p.peek(","):
				p.i++
			case p.peek("]"):
			default:
				return nil, false
			}
		}
	case '"', '\'':
		return p.str()
	case ':':
		p.i++
		if p.peek(`"`) || p.peek("'") {
			return p.str()
		}
		w := p.word()
		return w, w != ""
	}
	w := p.word()
	switch w {
	case "":
		return nil, false
	case "nil":
		return nil, true
	case "true":
		return true, true
	case "false":
		return false, true
	}
	if numberRE.MatchString(w) {
		return autoNumber(w), true
	}
	return w, true
}

// str reads a single- or double-quoted Ruby string.
func (p *rbParser) str() (string, bool) {
	q := p.s[p.i]
	var b strings.Builder
	for j := p.i + 1; j < len(p.s); j++ {
		c := p.s[j]
		switch {
		case c == q:
			p.i = j + 1
			return b.String(), true
		case c == '\\' && j+1 < len(p.s):
			j++
			e := p.s[j]
			if q == '\'' {
				if e != '\'' && e != '\\' {
					b.WriteByte('\\')
				}
				b.WriteByte(e)
				continue
			}
			switch e {
			case 'n':
				b.WriteByte('\n')
			case 't':
				b.WriteByte('\t')
			case 'r':
				b.WriteByte('\r')
			case 'e':
				b.WriteByte(0x1b)
			case 'u':
				if j+4 < len(p.s) {
					if n, err := strconv.ParseUint(p.s[j+1:j+5], 16, 32); err == nil {
						b.WriteRune(rune(n))
						j += 4
						continue
					}
				}
				b.WriteByte('u')
			default:
				b.WriteByte(e)
			}
		default:
			b.WriteByte(c)
		}
	}
	return "", false
}
