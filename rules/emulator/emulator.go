// Package emulator runs Datadog Logs pipelines offline: the JSON
// preprocessing Datadog applies to every log, then each pipeline whose filter
// matches, processor by processor, with the semantics of Datadog's grok parser
// (through rules/grok), lookup processor and remappers. It exists so that a
// pipeline — relevel's generated one or any exported from the API — is tested
// on local samples before it ships.
//
// What it does not implement is an error naming the processor type or the
// query construct, never a silent pass.
package emulator

import (
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/relevel/relevel/rules/grok"
)

// Log is one log as Datadog holds it while pipelines run.
type Log struct {
	Message string
	// Status is Datadog's status word: emerg, alert, critical, error, warn,
	// notice, info, debug or ok.
	Status string
	// Attributes are the log's attributes, nested by dotted paths.
	Attributes map[string]any
	// Tags are "key:value" tags (from the Agent: kube_namespace:…, source:…).
	Tags []string

	statusRemapped bool // only the first status remapper to touch a log counts
}

// Pipeline is a Datadog Logs pipeline in API JSON form, compiled.
type Pipeline struct {
	Name       string
	Enabled    bool
	filter     query
	processors []processor
}

type processor interface {
	apply(l *Log)
}

// rawPipeline is the subset of the API's LogsPipeline the emulator reads.
type rawPipeline struct {
	Name      string `json:"name"`
	IsEnabled *bool  `json:"is_enabled"`
	Filter    *struct {
		Query *string `json:"query"`
	} `json:"filter"`
	Processors []json.RawMessage `json:"processors"`
}

type rawProcessor struct {
	Type      string `json:"type"`
	Name      string `json:"name"`
	IsEnabled *bool  `json:"is_enabled"`
	Source    string `json:"source"`
	Sources   []string
	Target    string `json:"target"`
	Grok      *struct {
		MatchRules   string `json:"match_rules"`
		SupportRules string `json:"support_rules"`
	} `json:"grok"`
	LookupTable      []string        `json:"lookup_table"`
	DefaultLookup    *string         `json:"default_lookup"`
	PreserveSource   bool            `json:"preserve_source"`
	OverrideOnConfl  bool            `json:"override_on_conflict"`
	Filter           json.RawMessage `json:"filter"`
	Processors       json.RawMessage `json:"processors"`
	SourcesRaw       json.RawMessage `json:"sources"`
	TargetType       string          `json:"target_type"`
	SourceType       string          `json:"source_type"`
	Samples          []string        `json:"samples"`
	IsReplaceMissing bool            `json:"is_replace_missing"`
	Categories       []struct {
		Filter *struct {
			Query string `json:"query"`
		} `json:"filter"`
		Name string `json:"name"`
	} `json:"categories"`
}

// Parse compiles a pipeline from Datadog API JSON (a LogsPipeline object).
func Parse(data []byte) (*Pipeline, error) {
	var rp rawPipeline
	if err := json.Unmarshal(data, &rp); err != nil {
		return nil, fmt.Errorf("emulator: pipeline JSON: %w", err)
	}
	return compile(rp)
}

// ParseList compiles a JSON array of pipelines, or a single pipeline object,
// in the order they run.
func ParseList(data []byte) ([]*Pipeline, error) {
	trimmed := strings.TrimSpace(string(data))
	if strings.HasPrefix(trimmed, "[") {
		var list []json.RawMessage
		if err := json.Unmarshal(data, &list); err != nil {
			return nil, fmt.Errorf("emulator: pipeline list JSON: %w", err)
		}
		var out []*Pipeline
		for i, raw := range list {
			p, err := Parse(raw)
			if err != nil {
				return nil, fmt.Errorf("pipeline %d: %w", i, err)
			}
			out = append(out, p)
		}
		return out, nil
	}
	p, err := Parse(data)
	if err != nil {
		return nil, err
	}
	return []*Pipeline{p}, nil
}

func compile(rp rawPipeline) (*Pipeline, error) {
	p := &Pipeline{Name: rp.Name, Enabled: rp.IsEnabled != nil && *rp.IsEnabled}
	q := "*"
	if rp.Filter != nil && rp.Filter.Query != nil {
		q = *rp.Filter.Query
	}
	f, err := parseQuery(q)
	if err != nil {
		return nil, fmt.Errorf("emulator: pipeline %q filter: %w", rp.Name, err)
	}
	p.filter = f
	procs, err := compileProcessors(rp.Name, rp.Processors)
	if err != nil {
		return nil, err
	}
	p.processors = procs
	return p, nil
}

func compileProcessors(pipeline string, raws []json.RawMessage) ([]processor, error) {
	var out []processor
	for i, raw := range raws {
		var rp rawProcessor
		if err := json.Unmarshal(raw, &rp); err != nil {
			return nil, fmt.Errorf("emulator: pipeline %q processor %d: %w", pipeline, i, err)
		}
		if rp.IsEnabled == nil || !*rp.IsEnabled {
			continue // the API's default is disabled
		}
		where := fmt.Sprintf("pipeline %q processor %d (%s %q)", pipeline, i, rp.Type, rp.Name)
		var sources []string
		if len(rp.SourcesRaw) > 0 {
			if err := json.Unmarshal(rp.SourcesRaw, &sources); err != nil {
				return nil, fmt.Errorf("emulator: %s: sources: %w", where, err)
			}
		}
		switch rp.Type {
		case "grok-parser":
			if rp.Grok == nil {
				return nil, fmt.Errorf("emulator: %s: no grok rules", where)
			}
			g, err := grok.Compile(rp.Grok.MatchRules, rp.Grok.SupportRules)
			if err != nil {
				return nil, fmt.Errorf("emulator: %s: %w", where, err)
			}
			src := rp.Source
			if src == "" {
				src = "message"
			}
			out = append(out, &grokProc{source: src, parser: g})
		case "lookup-processor":
			lp := &lookupProc{source: rp.Source, target: rp.Target, table: map[string]string{}}
			for _, row := range rp.LookupTable {
				k, v, ok := strings.Cut(row, ",")
				if !ok {
					return nil, fmt.Errorf("emulator: %s: lookup row %q has no comma", where, row)
				}
				lp.table[k] = v
			}
			if rp.DefaultLookup != nil {
				lp.def, lp.hasDef = *rp.DefaultLookup, true
			}
			out = append(out, lp)
		case "category-processor":
			cp := &categoryProc{target: rp.Target}
			for _, c := range rp.Categories {
				q := "*"
				if c.Filter != nil {
					q = c.Filter.Query
				}
				pq, err := parseQuery(q)
				if err != nil {
					return nil, fmt.Errorf("emulator: %s: category %q: %w", where, c.Name, err)
				}
				cp.cats = append(cp.cats, category{name: c.Name, q: pq})
			}
			out = append(out, cp)
		case "status-remapper":
			out = append(out, &statusProc{sources: sources})
		case "message-remapper":
			out = append(out, &messageProc{sources: sources})
		case "attribute-remapper":
			if rp.SourceType == "tag" || rp.TargetType == "tag" {
				return nil, fmt.Errorf("emulator: %s: tag sources and targets are not implemented", where)
			}
			out = append(out, &attrProc{sources: sources, target: rp.Target, preserve: rp.PreserveSource, override: rp.OverrideOnConfl})
		case "pipeline":
			var nested rawPipeline
			if err := json.Unmarshal(raw, &nested); err != nil {
				return nil, fmt.Errorf("emulator: %s: %w", where, err)
			}
			np, err := compile(nested)
			if err != nil {
				return nil, err
			}
			out = append(out, &nestedProc{p: np})
		default:
			return nil, fmt.Errorf("emulator: %s: processor type %q is not implemented", where, rp.Type)
		}
	}
	return out, nil
}

// Run passes l through the pipelines in order: JSON preprocessing first, then
// each enabled pipeline whose filter matches.
func Run(pipelines []*Pipeline, l *Log) {
	Preprocess(l)
	for _, p := range pipelines {
		p.run(l)
	}
}

func (p *Pipeline) run(l *Log) {
	if !p.Enabled || !p.filter.match(l) {
		return
	}
	for _, pr := range p.processors {
		pr.apply(l)
	}
}

// statusAttrs are the reserved attributes JSON preprocessing reads the status
// from, first present wins (Datadog's defaults).
var statusAttrs = []string{"status", "severity", "level", "syslog.severity"}

// Preprocess applies Datadog's JSON preprocessing: a message that is a JSON
// object becomes the log's attributes; its status comes from status,
// severity, level or syslog.severity (first present) and its message from
// message or msg. Preprocessing is not a status remapper: a pipeline's
// remapper may still set the status afterwards.
func Preprocess(l *Log) {
	if l.Attributes == nil {
		l.Attributes = map[string]any{}
	}
	s := strings.TrimSpace(l.Message)
	if !strings.HasPrefix(s, "{") {
		return
	}
	var obj map[string]any
	dec := json.NewDecoder(strings.NewReader(s))
	dec.UseNumber()
	if err := dec.Decode(&obj); err != nil || dec.More() {
		return
	}
	for k, v := range obj {
		l.Attributes[k] = v
	}
	for _, a := range statusAttrs {
		if v, ok := getPath(l.Attributes, a); ok {
			if st, ok := remapStatus(v); ok {
				l.Status = st
			}
			break
		}
	}
	for _, a := range []string{"message", "msg"} {
		if v, ok := l.Attributes[a].(string); ok {
			l.Message = v
			break
		}
	}
}

// remapStatus maps a value to Datadog's status word by the status remapper's
// current documented rules: integers 0–7 are syslog severities; otherwise
// case-insensitive prefixes, checked in order — emerg or f → emerg, a →
// alert, c → critical, err → error, w → warn, n → notice, i → info, d/t/v →
// debug, o/s or exactly OK/Success → ok — and anything else is info. A bare
// "E" is therefore info and "dpanic" debug, which is why relevel maps raw
// levels to canonical words before its remapper.
func remapStatus(v any) (string, bool) {
	var s string
	switch x := v.(type) {
	case string:
		s = x
	case json.Number:
		s = x.String()
	case float64:
		s = strconv.FormatFloat(x, 'f', -1, 64)
	case int:
		s = strconv.Itoa(x)
	case bool:
		s = strconv.FormatBool(x)
	default:
		return "", false
	}
	if n, err := strconv.Atoi(s); err == nil && n >= 0 && n <= 7 {
		return [...]string{"emerg", "alert", "critical", "error", "warn", "notice", "info", "debug"}[n], true
	}
	l := strings.ToLower(s)
	switch {
	case strings.HasPrefix(l, "emerg"), strings.HasPrefix(l, "f"):
		return "emerg", true
	case strings.HasPrefix(l, "a"):
		return "alert", true
	case strings.HasPrefix(l, "c"):
		return "critical", true
	case strings.HasPrefix(l, "err"):
		return "error", true
	case strings.HasPrefix(l, "w"):
		return "warn", true
	case strings.HasPrefix(l, "n"):
		return "notice", true
	case strings.HasPrefix(l, "i"):
		return "info", true
	case strings.HasPrefix(l, "d"), strings.HasPrefix(l, "t"), strings.HasPrefix(l, "v"):
		return "debug", true
	case strings.HasPrefix(l, "o"), strings.HasPrefix(l, "s"), l == "ok", l == "success":
		return "ok", true
	}
	return "info", true
}

// CanonicalStatus turns Datadog's status word into relevel's canonical word
// (DESIGN.md): warn → warning, emerg → emergency; the rest are the same.
func CanonicalStatus(s string) string {
	switch s {
	case "warn":
		return "warning"
	case "emerg":
		return "emergency"
	}
	return s
}

type grokProc struct {
	source string
	parser *grok.Parser
}

func (g *grokProc) apply(l *Log) {
	var text string
	if g.source == "message" {
		text = l.Message
	} else if v, ok := getPath(l.Attributes, g.source); ok {
		s, isStr := v.(string)
		if !isStr {
			return
		}
		text = s
	} else {
		return
	}
	attrs, _, ok := g.parser.Parse(text)
	if !ok {
		return
	}
	merge(l.Attributes, attrs)
}

type lookupProc struct {
	source, target string
	table          map[string]string
	def            string
	hasDef         bool
}

// apply: exact, case-sensitive keys; a missing source does nothing, even
// with a default (the documented first step checks that the source exists).
func (p *lookupProc) apply(l *Log) {
	v, ok := getPath(l.Attributes, p.source)
	if !ok {
		return
	}
	key := scalarString(v)
	if out, ok := p.table[key]; ok {
		setPath(l.Attributes, p.target, out)
	} else if p.hasDef {
		setPath(l.Attributes, p.target, p.def)
	}
}

type category struct {
	name string
	q    query
}

// categoryProc sets target to the name of the first category whose query
// matches the log.
type categoryProc struct {
	target string
	cats   []category
}

func (p *categoryProc) apply(l *Log) {
	for _, c := range p.cats {
		if c.q.match(l) {
			setPath(l.Attributes, p.target, c.name)
			return
		}
	}
}

type statusProc struct{ sources []string }

// apply: the first source present is used, and only the first status
// remapper to apply to a log counts, across all pipelines.
func (p *statusProc) apply(l *Log) {
	if l.statusRemapped {
		return
	}
	for _, s := range p.sources {
		if v, ok := getPath(l.Attributes, s); ok {
			if st, ok := remapStatus(v); ok {
				l.Status = st
				l.statusRemapped = true
			}
			return
		}
	}
}

type messageProc struct{ sources []string }

func (p *messageProc) apply(l *Log) {
	for _, s := range p.sources {
		if v, ok := getPath(l.Attributes, s); ok {
			l.Message = scalarString(v)
			return
		}
	}
}

type attrProc struct {
	sources            []string
	target             string
	preserve, override bool
}

func (p *attrProc) apply(l *Log) {
	for _, s := range p.sources {
		v, ok := getPath(l.Attributes, s)
		if !ok {
			continue
		}
		if _, exists := getPath(l.Attributes, p.target); exists && !p.override {
			return
		}
		setPath(l.Attributes, p.target, v)
		if !p.preserve {
			deletePath(l.Attributes, s)
		}
		return
	}
}

type nestedProc struct{ p *Pipeline }

func (n *nestedProc) apply(l *Log) { n.p.run(l) }

func scalarString(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case json.Number:
		return x.String()
	case float64:
		return strconv.FormatFloat(x, 'f', -1, 64)
	case bool:
		return strconv.FormatBool(x)
	case nil:
		return ""
	}
	b, _ := json.Marshal(v)
	return string(b)
}

// getPath reads a dotted attribute path ("klog.level"); a key that itself
// contains dots is found too.
func getPath(m map[string]any, path string) (any, bool) {
	if v, ok := m[path]; ok {
		return v, true
	}
	head, rest, ok := strings.Cut(path, ".")
	if !ok {
		return nil, false
	}
	sub, isMap := m[head].(map[string]any)
	if !isMap {
		return nil, false
	}
	return getPath(sub, rest)
}

func setPath(m map[string]any, path string, v any) {
	head, rest, ok := strings.Cut(path, ".")
	if !ok {
		m[path] = v
		return
	}
	sub, isMap := m[head].(map[string]any)
	if !isMap {
		sub = map[string]any{}
		m[head] = sub
	}
	setPath(sub, rest, v)
}

func deletePath(m map[string]any, path string) {
	if _, ok := m[path]; ok {
		delete(m, path)
		return
	}
	head, rest, ok := strings.Cut(path, ".")
	if !ok {
		return
	}
	if sub, isMap := m[head].(map[string]any); isMap {
		deletePath(sub, rest)
	}
}

// merge copies src into dst, merging nested objects.
func merge(dst, src map[string]any) {
	keys := make([]string, 0, len(src))
	for k := range src {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		sv := src[k]
		if sm, ok := sv.(map[string]any); ok {
			if dm, ok := dst[k].(map[string]any); ok {
				merge(dm, sm)
				continue
			}
		}
		dst[k] = sv
	}
}
