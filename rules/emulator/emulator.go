// Package emulator runs Datadog Logs pipelines offline: the JSON
// preprocessing Datadog applies to every log, then each pipeline whose filter
// matches, processor by processor, with the semantics of Datadog's grok parser
// (through rules/grok), lookup processor and remappers. It exists so that a
// pipeline — relevel's generated one or any exported from the API — is tested
// on local samples before it ships.
//
// Processors: grok parser, lookup, category, status, date, message and
// attribute remappers, URL and User-Agent parsers, nested pipelines, and the
// GeoIP parser without a database (its target set to {}, with a warning).
// What it does not implement is an error naming the processor type or the
// query construct, never a silent pass; what compiles but may mean something
// else in Datadog is a warning (Pipeline.Warnings), an error under Strict.
// Datadog's published integration pipelines for the programs relevel covers
// run as fixtures against the results Datadog's own tests record
// (testdata/integrations).
package emulator

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"time"

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
	// Date is the log's official date in epoch milliseconds once a date
	// remapper set it, else 0.
	Date int64

	statusRemapped bool // only the first status remapper to touch a log counts
	dateRemapped   bool // likewise for date remappers
}

// Option configures Parse and ParseList.
type Option interface{ apply(*config) }

type config struct {
	strict bool
	now    func() time.Time
}

type optionFunc func(*config)

func (f optionFunc) apply(c *config) { f(c) }

// Strict makes every warning (see Pipeline.Warnings) an error: a pipeline
// whose meaning depends on a reading Datadog does not document, or that the
// emulator runs only in part, does not compile.
func Strict() Option { return optionFunc(func(c *config) { c.strict = true }) }

// WithNow sets the clock grok's date matcher reads for dates without a year
// (Datadog uses the current year). The default is time.Now.
func WithNow(now func() time.Time) Option {
	return optionFunc(func(c *config) {
		if now != nil {
			c.now = now
		}
	})
}

func newConfig(opts []Option) *config {
	c := &config{now: time.Now}
	for _, o := range opts {
		o.apply(c)
	}
	return c
}

// Pipeline is a Datadog Logs pipeline in API JSON form, compiled.
type Pipeline struct {
	Name       string
	Enabled    bool
	filter     query
	processors []processor
	warnings   []string
}

// Warnings lists what compiled but may not mean in Datadog what it means in
// the emulator, each prefixed with the pipeline and processor it is in:
// ambiguous backslash escapes in grok's quoted arguments (grok.Warning), and
// processors the emulator runs only in part (a GeoIP parser has no database
// offline). Nested pipelines' warnings are included.
func (p *Pipeline) Warnings() []string { return p.warnings }

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
	Encoded          bool            `json:"encoded"`
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
func Parse(data []byte, opts ...Option) (*Pipeline, error) {
	var rp rawPipeline
	if err := json.Unmarshal(data, &rp); err != nil {
		return nil, fmt.Errorf("emulator: pipeline JSON: %w", err)
	}
	return compile(newConfig(opts), rp)
}

// ParseList compiles a JSON array of pipelines, or a single pipeline object,
// in the order they run.
func ParseList(data []byte, opts ...Option) ([]*Pipeline, error) {
	trimmed := strings.TrimSpace(string(data))
	if strings.HasPrefix(trimmed, "[") {
		var list []json.RawMessage
		if err := json.Unmarshal(data, &list); err != nil {
			return nil, fmt.Errorf("emulator: pipeline list JSON: %w", err)
		}
		var out []*Pipeline
		for i, raw := range list {
			p, err := Parse(raw, opts...)
			if err != nil {
				return nil, fmt.Errorf("pipeline %d: %w", i, err)
			}
			out = append(out, p)
		}
		return out, nil
	}
	p, err := Parse(data, opts...)
	if err != nil {
		return nil, err
	}
	return []*Pipeline{p}, nil
}

// ErrStrict is wrapped by the error Parse returns in strict mode for a
// pipeline that only warnings keep from compiling.
var ErrStrict = errors.New("strict mode")

func compile(cfg *config, rp rawPipeline) (*Pipeline, error) {
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
	procs, warnings, err := compileProcessors(cfg, rp.Name, rp.Processors)
	if err != nil {
		return nil, err
	}
	if cfg.strict && len(warnings) > 0 {
		return nil, fmt.Errorf("emulator: %w: %s", ErrStrict, warnings[0])
	}
	p.processors = procs
	p.warnings = warnings
	return p, nil
}

func compileProcessors(cfg *config, pipeline string, raws []json.RawMessage) (out []processor, warnings []string, err error) {
	for i, raw := range raws {
		var rp rawProcessor
		if err := json.Unmarshal(raw, &rp); err != nil {
			return nil, nil, fmt.Errorf("emulator: pipeline %q processor %d: %w", pipeline, i, err)
		}
		if rp.IsEnabled == nil || !*rp.IsEnabled {
			continue // the API's default is disabled
		}
		where := fmt.Sprintf("pipeline %q processor %d (%s %q)", pipeline, i, rp.Type, rp.Name)
		var sources []string
		if len(rp.SourcesRaw) > 0 {
			if err := json.Unmarshal(rp.SourcesRaw, &sources); err != nil {
				return nil, nil, fmt.Errorf("emulator: %s: sources: %w", where, err)
			}
		}
		switch rp.Type {
		case "grok-parser":
			if rp.Grok == nil {
				return nil, nil, fmt.Errorf("emulator: %s: no grok rules", where)
			}
			g, err := grok.Compile(rp.Grok.MatchRules, rp.Grok.SupportRules, grok.WithNow(cfg.now))
			if err != nil {
				return nil, nil, fmt.Errorf("emulator: %s: %w", where, err)
			}
			for _, w := range g.Warnings() {
				warnings = append(warnings, where+": "+w.String())
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
					return nil, nil, fmt.Errorf("emulator: %s: lookup row %q has no comma", where, row)
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
					return nil, nil, fmt.Errorf("emulator: %s: category %q: %w", where, c.Name, err)
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
				return nil, nil, fmt.Errorf("emulator: %s: tag sources and targets are not implemented", where)
			}
			out = append(out, &attrProc{sources: sources, target: rp.Target, preserve: rp.PreserveSource, override: rp.OverrideOnConfl})
		case "pipeline":
			var nested rawPipeline
			if err := json.Unmarshal(raw, &nested); err != nil {
				return nil, nil, fmt.Errorf("emulator: %s: %w", where, err)
			}
			np, err := compile(cfg, nested)
			if err != nil {
				return nil, nil, err
			}
			warnings = append(warnings, np.warnings...)
			out = append(out, &nestedProc{p: np})
		case "date-remapper":
			out = append(out, &dateProc{sources: sources})
		case "url-parser":
			if len(sources) == 0 || rp.Target == "" {
				return nil, nil, fmt.Errorf("emulator: %s: needs sources and a target", where)
			}
			out = append(out, &urlProc{source: sources[0], target: rp.Target})
		case "user-agent-parser":
			if len(sources) == 0 || rp.Target == "" {
				return nil, nil, fmt.Errorf("emulator: %s: needs sources and a target", where)
			}
			out = append(out, &userAgentProc{source: sources[0], target: rp.Target, encoded: rp.Encoded})
		case "geo-ip-parser":
			// Datadog looks the address up in its GeoIP database and sets
			// the target to what it finds: an empty object for a private or
			// loopback address (its recorded result for Vault's pipeline).
			// Offline there is no database, so every address gets the empty
			// object, and the pipeline says so rather than passing silently.
			if len(sources) == 0 || rp.Target == "" {
				return nil, nil, fmt.Errorf("emulator: %s: needs sources and a target", where)
			}
			out = append(out, &geoIPProc{source: sources[0], target: rp.Target})
			warnings = append(warnings, where+": no GeoIP database offline: "+rp.Target+" is set to {} for every address, as Datadog sets it for private ones")
		default:
			return nil, nil, fmt.Errorf("emulator: %s: processor type %q is not implemented", where, rp.Type)
		}
	}
	return out, warnings, nil
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
	text := l.Message
	if g.source != "message" {
		var ok bool
		if text, ok = getString(l.Attributes, g.source); !ok {
			return
		}
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

// apply: the first source present becomes the message, and the attribute
// is removed, as Datadog's recorded results for its integration pipelines
// show (kube-scheduler's msg, etcd's and Vault's message are gone from the
// attributes after their message remappers).
func (p *messageProc) apply(l *Log) {
	for _, s := range p.sources {
		if v, ok := getPath(l.Attributes, s); ok {
			l.Message = scalarString(v)
			deletePath(l.Attributes, s)
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

type dateProc struct{ sources []string }

// apply: the first source present that holds a date Datadog recognises
// (epoch milliseconds, or an ISO 8601 string) becomes the official date, and
// only the first date remapper to apply to a log counts, as the API
// reference says ("only the first one (according to the pipelines order) is
// taken into account"; the processor page says the last one within a
// pipeline: the two disagree).
func (p *dateProc) apply(l *Log) {
	if l.dateRemapped {
		return
	}
	for _, s := range p.sources {
		v, ok := getPath(l.Attributes, s)
		if !ok {
			continue
		}
		if ms, ok := epochMillis(v); ok {
			l.Date, l.dateRemapped = ms, true
		}
		return
	}
}

// epochMillis reads a date remapper's value: a number of milliseconds, or
// an ISO 8601 / RFC 3339 string.
func epochMillis(v any) (int64, bool) {
	switch x := v.(type) {
	case json.Number:
		f, err := x.Float64()
		return int64(f), err == nil
	case float64:
		return int64(x), true
	case int64:
		return x, true
	case string:
		if n, err := strconv.ParseInt(x, 10, 64); err == nil {
			return n, true
		}
		for _, layout := range []string{time.RFC3339Nano, "2006-01-02T15:04:05.999999999Z0700", "2006-01-02 15:04:05.999999999Z07:00", "2006-01-02T15:04:05.999999999"} {
			if t, err := time.Parse(layout, x); err == nil {
				return t.UnixMilli(), true
			}
		}
	}
	return 0, false
}

// urlProc is Datadog's URL Parser processor: the URL in source, split into
// target (see grok.ParseURL).
type urlProc struct{ source, target string }

func (p *urlProc) apply(l *Log) {
	s, ok := getString(l.Attributes, p.source)
	if !ok {
		return
	}
	if u, ok := grok.ParseURL(s); ok {
		setPath(l.Attributes, p.target, u)
	}
}

// userAgentProc is Datadog's User-Agent Parser processor; encoded URL-decodes
// the value first.
type userAgentProc struct {
	source, target string
	encoded        bool
}

func (p *userAgentProc) apply(l *Log) {
	s, ok := getString(l.Attributes, p.source)
	if !ok {
		return
	}
	if p.encoded {
		d, err := url.PathUnescape(s)
		if err != nil {
			return
		}
		s = d
	}
	setPath(l.Attributes, p.target, grok.ParseUserAgent(s))
}

// geoIPProc sets target to an empty object when source holds an address.
type geoIPProc struct{ source, target string }

func (p *geoIPProc) apply(l *Log) {
	if _, ok := getPath(l.Attributes, p.source); ok {
		setPath(l.Attributes, p.target, map[string]any{})
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

// getString reads a dotted attribute path that holds a string.
func getString(m map[string]any, path string) (string, bool) {
	v, ok := getPath(m, path)
	s, isStr := v.(string)
	return s, ok && isStr
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
