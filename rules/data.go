package rules

import (
	"bufio"
	"embed"
	"fmt"
	"io/fs"
	"sort"
	"strings"
)

// The grok rules, lookup tables and samples live in formats/*.rules, one
// file per log format, embedded here so that the CLI, the library and the
// Terraform provider read the same data.
//
// File layout: "key: value" header lines (format, parser, order,
// description, and layouts and levels, the format's row of the README's
// format table), then sections opened by a line
// "== name ==" (match, support, lookup <source attribute>[, <another>…],
// samples). Lines
// starting with '#' are comments, except in samples and a lookup row "#,…".
// "== match <parser> ==" and "== samples <parser> ==" put rules and samples
// in another grok parser than the header's, for a format with more rules
// than one parser takes (Datadog advises at most 10).
//
//go:embed formats/*.rules
var formatFiles embed.FS

// Format is one format's rules.
type Format struct {
	Name        string // parser format name (DESIGN.md), e.g. "klog"
	Parser      string // the grok parser (format family) its rules join
	Order       int    // position of its rules inside that parser
	Description string
	// Layouts and Levels are the format's row of the README's format
	// table (markdown): the logger and its layouts, and how its level words
	// map to statuses. The table is generated from them (TestReadmeFormatTable).
	Layouts, Levels string
	SupportRules    []string
	// Groups are the match rules ("name pattern" lines) and samples by
	// grok parser: the header's parser first, then any other the file
	// names.
	Groups []Group
	// Lookups map raw level values to canonical words: the attribute the
	// rules extract into (or a JSON log's own level key), with its
	// "raw,canonical" rows.
	Lookups []Lookup
	// Categories set the canonical word by query, for formats whose level
	// is the presence of a key (Kubernetes JSON: "err").
	Categories []Category
}

// Samples returns the format's samples, real corpus lines its rules must
// match, of every group.
func (f Format) Samples() []string {
	var out []string
	for _, g := range f.Groups {
		out = append(out, g.Samples...)
	}
	return out
}

// Group is the part of a format's rules that one grok parser holds.
type Group struct {
	Parser     string
	MatchRules []string
	Samples    []string // real corpus lines the rules must match
}

// group returns the index of f's group for parser, adding it.
func (f *Format) group(parser string) int {
	for i, g := range f.Groups {
		if g.Parser == parser {
			return i
		}
	}
	f.Groups = append(f.Groups, Group{Parser: parser})
	return len(f.Groups) - 1
}

// Lookup is one lookup section: rows for a source attribute, or for the
// first present of several (Sources, a JSON log's level keys).
type Lookup struct {
	Sources []string
	Rows    []string
}

// Category is one category row: logs matching Query get Name.
type Category struct {
	Name, Query string
}

// LoadFormats reads every embedded format file, sorted by parser then order.
func LoadFormats() ([]Format, error) {
	files, err := fs.Glob(formatFiles, "formats/*.rules")
	if err != nil {
		return nil, err
	}
	var out []Format
	for _, name := range files {
		b, err := formatFiles.ReadFile(name)
		if err != nil {
			return nil, err
		}
		f, err := parseFormat(name, string(b))
		if err != nil {
			return nil, err
		}
		out = append(out, f)
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Parser != out[j].Parser {
			return out[i].Parser < out[j].Parser
		}
		return out[i].Order < out[j].Order
	})
	return out, nil
}

func parseFormat(file, text string) (Format, error) {
	var f Format
	section := ""
	lookup := -1 // the lookup the open section fills
	grp := -1    // the group the open match or samples section fills
	sc := bufio.NewScanner(strings.NewReader(text))
	sc.Buffer(nil, 1<<20)
	line := 0
	errf := func(format string, args ...any) error {
		return fmt.Errorf("rules: %s:%d: %s", file, line, fmt.Sprintf(format, args...))
	}
	for sc.Scan() {
		line++
		l := sc.Text()
		if strings.HasPrefix(l, "== ") && strings.HasSuffix(l, " ==") {
			section = strings.TrimSpace(l[3 : len(l)-3])
			if attrs, ok := strings.CutPrefix(section, "lookup "); ok {
				// One table may serve several source attributes
				// ("lookup level, severity"): the first of them a log
				// has is looked up (see Build).
				var lk Lookup
				for _, attr := range strings.Split(attrs, ",") {
					if attr = strings.TrimSpace(attr); attr == "" {
						return f, errf("empty source attribute in %q", l)
					}
					lk.Sources = append(lk.Sources, attr)
				}
				lookup = len(f.Lookups)
				f.Lookups = append(f.Lookups, lk)
				section = "lookup"
			}
			for _, kind := range []string{"match", "samples"} {
				if parser, ok := strings.CutPrefix(section, kind+" "); ok {
					if parser = strings.TrimSpace(parser); parser == "" || strings.ContainsAny(parser, " \t") {
						return f, errf("%s section names no single parser: %q", kind, l)
					}
					grp = f.group(parser)
					section = kind
				} else if section == kind {
					grp = f.group(f.Parser)
				}
			}
			switch section {
			case "match", "support", "lookup", "samples", "categories":
			default:
				return f, errf("unknown section %q", section)
			}
			continue
		}
		if section == "" {
			if strings.TrimSpace(l) == "" || strings.HasPrefix(l, "#") {
				continue
			}
			k, v, ok := strings.Cut(l, ":")
			if !ok {
				return f, errf("expected \"key: value\", got %q", l)
			}
			v = strings.TrimSpace(v)
			switch strings.TrimSpace(k) {
			case "format":
				f.Name = v
			case "parser":
				f.Parser = v
			case "order":
				if _, err := fmt.Sscan(v, &f.Order); err != nil {
					return f, errf("order: %v", err)
				}
			case "description":
				f.Description = v
			case "layouts":
				f.Layouts = v
			case "levels":
				f.Levels = v
			default:
				return f, errf("unknown key %q", k)
			}
			continue
		}
		// Inside a section a comment is "# text": a lookup row may map
		// the raw value "#" (Redis's warning character), "#,warning".
		isComment := strings.HasPrefix(l, "#") && (section == "" || !strings.HasPrefix(l, "#,"))
		if strings.TrimSpace(l) == "" || (section != "samples" && isComment) {
			continue
		}
		switch section {
		case "match":
			f.Groups[grp].MatchRules = append(f.Groups[grp].MatchRules, l)
		case "support":
			f.SupportRules = append(f.SupportRules, l)
		case "lookup":
			if lookup < 0 {
				return f, errf("lookup section without a source attribute (\"== lookup <attribute> ==\")")
			}
			if !strings.Contains(l, ",") {
				return f, errf("lookup row %q has no comma", l)
			}
			f.Lookups[lookup].Rows = append(f.Lookups[lookup].Rows, l)
		case "categories":
			name, q, ok := strings.Cut(l, "|")
			if !ok {
				return f, errf("category row %q is not \"name|query\"", l)
			}
			f.Categories = append(f.Categories, Category{Name: strings.TrimSpace(name), Query: strings.TrimSpace(q)})
		case "samples":
			f.Groups[grp].Samples = append(f.Groups[grp].Samples, unescapeSample(l))
		}
	}
	if f.Layouts == "" || f.Levels == "" {
		return f, fmt.Errorf("rules: %s: needs layouts and levels, its row of the README's format table", file)
	}
	unnamed := false // match rules in a group of no parser
	for _, g := range f.Groups {
		unnamed = unnamed || g.Parser == "" && len(g.MatchRules) > 0
	}
	if f.Name == "" || unnamed || (len(f.Lookups) == 0 && len(f.Categories) == 0) {
		return f, fmt.Errorf("rules: %s: needs a format name, a parser for its match rules, and lookup or category sections", file)
	}
	return f, nil
}

// unescapeSample turns the data file's \t, \e (ESC) and \\ into bytes, so
// samples with TABs and colour codes stay readable in the file.
func unescapeSample(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) {
			switch s[i+1] {
			case 't':
				b.WriteByte('\t')
				i++
				continue
			case 'e':
				b.WriteByte(0x1b)
				i++
				continue
			case '\\':
				b.WriteByte('\\')
				i++
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}
