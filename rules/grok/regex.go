package grok

import (
	"regexp/syntax"
	"strings"
)

// translateRegex adapts regex text written for Datadog (a Java-style
// engine) to RE2: atomic groups (?>…) become plain groups; look-arounds,
// back-references and possessive quantifiers are errors naming the
// construct. base is the offset of s in the pattern, for error columns.
func translateRegex(s string, base int) (string, error) {
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '\\':
			if i+1 == len(s) {
				return "", errf(base+i, "regex ends with a lone backslash")
			}
			n := s[i+1]
			switch {
			case '1' <= n && n <= '9':
				return "", errf(base+i, "back-reference \\%c is not supported (RE2 has no back-references)", n)
			case n == 'k' && i+2 < len(s) && (s[i+2] == '<' || s[i+2] == '{' || s[i+2] == '\''):
				return "", errf(base+i, "named back-reference \\k is not supported (RE2 has no back-references)")
			case n == 'Q':
				// \Q…\E quotes everything up to \E verbatim.
				end := strings.Index(s[i+2:], `\E`)
				if end < 0 {
					b.WriteString(s[i:])
					return b.String(), nil
				}
				b.WriteString(s[i : i+2+end+2])
				i += 2 + end + 2
				continue
			}
			b.WriteString(s[i : i+2])
			i += 2
		case c == '[':
			j := classEnd(s, i)
			b.WriteString(s[i:j])
			i = j
		case c == '(' && strings.HasPrefix(s[i:], "(?"):
			rest := s[i+2:]
			switch {
			case strings.HasPrefix(rest, ">"):
				b.WriteString("(?:")
				i += 3
				continue
			case strings.HasPrefix(rest, "="):
				return "", errf(base+i, "look-ahead (?=…) is not supported (RE2 has no look-around)")
			case strings.HasPrefix(rest, "!"):
				return "", errf(base+i, "negative look-ahead (?!…) is not supported (RE2 has no look-around)")
			case strings.HasPrefix(rest, "<="):
				return "", errf(base+i, "look-behind (?<=…) is not supported (RE2 has no look-around)")
			case strings.HasPrefix(rest, "<!"):
				return "", errf(base+i, "negative look-behind (?<!…) is not supported (RE2 has no look-around)")
			}
			b.WriteString("(?")
			i += 2
		case (c == '*' || c == '+' || c == '?' || c == '}') && i+1 < len(s) && s[i+1] == '+' && quantifierBefore(s, i):
			return "", errf(base+i, "possessive quantifier %s is not supported by RE2", s[i:i+2])
		default:
			b.WriteByte(c)
			i++
		}
	}
	return b.String(), nil
}

// quantifierBefore reports whether s[i] ('*', '+', '?' or '}') is a
// quantifier rather than a literal or part of a group opener such as "(?".
func quantifierBefore(s string, i int) bool {
	if i == 0 {
		return false
	}
	p := s[i-1]
	if s[i] == '?' && p == '(' {
		return false
	}
	if s[i] == '}' {
		j := strings.LastIndexByte(s[:i], '{')
		if j < 0 {
			return false
		}
		for _, r := range s[j+1 : i] {
			if (r < '0' || r > '9') && r != ',' {
				return false
			}
		}
	}
	return !(p == '\\' && (i < 2 || s[i-2] != '\\'))
}

// classEnd returns the index after the character class starting at s[i]
// == '['; an unterminated class runs to the end (RE2 reports it).
func classEnd(s string, i int) int {
	j := i + 1
	if j < len(s) && s[j] == '^' {
		j++
	}
	if j < len(s) && s[j] == ']' {
		j++
	}
	for j < len(s) {
		switch {
		case s[j] == '\\' && j+1 < len(s):
			j += 2
		case s[j] == '[' && j+1 < len(s) && s[j+1] == ':':
			if k := strings.Index(s[j+2:], ":]"); k >= 0 {
				j += 2 + k + 2
			} else {
				j++
			}
		case s[j] == ']':
			return j + 1
		default:
			j++
		}
	}
	return len(s)
}

// checkRegex parses s as a standalone regular expression.
func checkRegex(s string) error {
	_, err := syntax.Parse(s, syntax.Perl)
	return err
}
