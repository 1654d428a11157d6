package fakedatadog

// The v2 document is 8.9 MB of YAML. Parsing all of it costs about 1.2 s
// with go.yaml.in/yaml/v4 and about 2.3 s with kin-openapi's loader (on a
// shared 2-core machine), and the fake needs a handful of its 250,000 lines.
// So the loader reads the file once and slices out just the YAML blocks it
// needs, by key path and indentation: paths → /api/v2/logs → post, then each
// $ref'd component (#/components/schemas/HTTPLog, HTTPLogItem,
// ContentEncoding, HTTPLogErrors, …, #/components/securitySchemes/apiKeyAuth).
// Only those blocks go through the YAML parser; $refs are inlined and the
// resulting schemas are handed to kin-openapi (openapi3.Schema.VisitJSON) for
// validation. Slicing relies only on YAML's block-indentation rule, but if it
// fails (flow style, anchors, an unexpected layout) the loader falls back to
// parsing the whole document.

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"mime"
	"net/http"
	"os"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/getkin/kin-openapi/openapi3"
	yaml "go.yaml.in/yaml/v4"
)

// The v2 operations the fakes serve, as the spec names them.
const (
	// LogsPath and OperationID: the intake's POST /api/v2/logs.
	LogsPath    = "/api/v2/logs"
	OperationID = "SubmitLog"
	// LogsSearchPath and OpListLogs: the API's Logs Search, POST
	// /api/v2/logs/events/search.
	LogsSearchPath = "/api/v2/logs/events/search"
	OpListLogs     = "ListLogs"
)

// v2Ops are the operations read from the v2 document: route → (method, id).
var v2Ops = []struct{ route, method, id string }{
	{LogsPath, "post", OperationID},
	{LogsSearchPath, "post", OpListLogs},
}

// v2Spec is what the fakes take from the v2 document: the operations of
// v2Ops that it has.
type v2Spec struct {
	path     string
	loadTime time.Duration
	ops      map[string]*v2Op
	// missing says why an operation of v2Ops is not in ops.
	missing map[string]error
}

// op returns the operation id, or why the document does not give it.
func (d *v2Spec) op(id string) (*v2Op, error) {
	if o := d.ops[id]; o != nil {
		return o, nil
	}
	return nil, fmt.Errorf("fakedatadog: %s: %w", d.path, d.missing[id])
}

// v2Op is what a fake takes from the document for one operation.
type v2Op struct {
	path   string // the document's file
	method string // "POST"
	route  string // "/api/v2/logs"
	opID   string
	sliced bool // false when the whole document had to be parsed

	params []param
	// security lists the alternatives of the operation's security
	// requirement; each alternative is a set of headers that must all be
	// present (apiKeyAuth → DD-API-KEY).
	security [][]string
	// bodyRequired is requestBody.required.
	bodyRequired bool
	// content maps each media type of requestBody.content to its schema
	// (nil for a media type without one).
	content map[string]*openapi3.Schema
	// item is the schema of one element when the JSON body is an array (for
	// SubmitLog: HTTPLog's items, HTTPLogItem).
	item *openapi3.Schema
	// responses maps a status code to the schema of its JSON body.
	responses map[int]*openapi3.Schema
	// perms are the permissions its x-permission lists (any one suffices).
	perms []string
}

type param struct {
	in, name string
	required bool
	schema   *openapi3.Schema
}

// loadV2Spec loads the document at path (V2SpecPath() when "") once per
// process.
func loadV2Spec(path string) (*v2Spec, error) {
	if path == "" {
		p, err := V2SpecPath()
		if err != nil {
			return nil, err
		}
		path = p
	}
	return cached("v2", path, func() (*v2Spec, error) {
		start := time.Now()
		d, err := readV2Spec(path, false)
		if d != nil {
			d.loadTime = time.Since(start)
		}
		return d, err
	})
}

// readV2Spec reads path and extracts the operations of v2Ops; full forces
// parsing the whole document instead of slicing it. An operation the sliced
// document cannot give is looked up in the whole document; one the document
// lacks altogether is recorded in missing (a fake that needs it fails).
func readV2Spec(path string, full bool) (*v2Spec, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("fakedatadog: %w", err)
	}
	d := &v2Spec{path: path, ops: map[string]*v2Op{}, missing: map[string]error{}}
	if !full {
		sliced := &slicedDoc{data: data}
		for _, o := range v2Ops {
			if op, err := extract(sliced, o.route, o.method, o.id); err == nil {
				op.sliced = true
				d.ops[o.id] = op
			}
		}
		if len(d.ops) == len(v2Ops) {
			return d, nil
		}
	}
	var root any
	if err := yaml.Unmarshal(data, &root); err != nil {
		return nil, fmt.Errorf("fakedatadog: parse %s: %w", path, err)
	}
	tree := treeDoc{root: normalize(root)}
	for _, o := range v2Ops {
		if d.ops[o.id] != nil {
			continue
		}
		op, err := extract(tree, o.route, o.method, o.id)
		if err != nil {
			d.missing[o.id] = err
			continue
		}
		d.ops[o.id] = op
	}
	for _, op := range d.ops {
		op.path = path
	}
	return d, nil
}

// document looks up the value at a key path, e.g. components/schemas/X.
type document interface {
	lookup(keys []string) (any, error)
}

// treeDoc is a fully parsed document.
type treeDoc struct{ root any }

func (d treeDoc) lookup(keys []string) (any, error) {
	v := d.root
	for i, k := range keys {
		m, ok := v.(map[string]any)
		if !ok {
			return nil, fmt.Errorf("%s is not a mapping", strings.Join(keys[:i], "/"))
		}
		if v, ok = m[k]; !ok {
			return nil, fmt.Errorf("no %s", strings.Join(keys[:i+1], "/"))
		}
	}
	return v, nil
}

// slicedDoc finds a block by indentation and parses only that block.
type slicedDoc struct {
	data  []byte
	lines []line // built on first use
	cache map[string]any
}

// line is one line of the document: its bytes are data[start:end] (no
// newline), the first indent of them spaces. skip marks a blank or comment
// line, which does not end a block.
type line struct {
	start, end, indent int
	skip               bool
}

func (d *slicedDoc) lookup(keys []string) (any, error) {
	id := strings.Join(keys, "\x00")
	if v, ok := d.cache[id]; ok {
		return v, nil
	}
	if d.lines == nil {
		d.lines = indexLines(d.data)
	}
	block, err := d.slice(keys)
	if err != nil {
		return nil, err
	}
	var m map[string]any
	if err := yaml.Unmarshal(block, &m); err != nil {
		return nil, fmt.Errorf("%s: %w", strings.Join(keys, "/"), err)
	}
	v, ok := normalize(m).(map[string]any)[keys[len(keys)-1]]
	if !ok {
		return nil, fmt.Errorf("%s: sliced block lost its key", strings.Join(keys, "/"))
	}
	if d.cache == nil {
		d.cache = map[string]any{}
	}
	d.cache[id] = v
	return v, nil
}

// indexLines splits data into lines in one pass.
func indexLines(data []byte) []line {
	lines := make([]line, 0, bytes.Count(data, []byte{'\n'})+1)
	for pos := 0; pos < len(data); {
		end := len(data)
		next := end
		if i := bytes.IndexByte(data[pos:], '\n'); i >= 0 {
			end, next = pos+i, pos+i+1
		}
		if end > pos && data[end-1] == '\r' {
			end--
		}
		n := pos
		for n < end && data[n] == ' ' {
			n++
		}
		lines = append(lines, line{start: pos, end: end, indent: n - pos, skip: n == end || data[n] == '#'})
		pos = next
	}
	return lines
}

// slice returns the dedented lines "key: …" plus the block below it for the
// mapping key path keys. In block-style YAML, a key's value is every
// following line indented deeper than the key (or, for a sequence, starting
// with "-" at the key's own indentation).
func (d *slicedDoc) slice(keys []string) ([]byte, error) {
	lo, hi, indent := 0, len(d.lines), -1 // the lines holding the children
	keyLine := -1
	for depth, key := range keys {
		childIndent, found := -1, -1
		for i := lo; i < hi; i++ {
			l := d.lines[i]
			if l.skip {
				continue
			}
			if childIndent < 0 {
				childIndent = l.indent
				if childIndent <= indent {
					return nil, fmt.Errorf("%s: empty block", strings.Join(keys[:depth], "/"))
				}
			}
			if l.indent == childIndent && isKey(d.data[l.start+l.indent:l.end], key) {
				found = i
				break
			}
		}
		if found < 0 {
			return nil, fmt.Errorf("no %s", strings.Join(keys[:depth+1], "/"))
		}
		keyLine, indent, lo = found, childIndent, found+1
		// The block ends at the first non-blank line at or left of indent,
		// unless it is a "- " item at exactly indent.
		end := hi
		for i := lo; i < hi; i++ {
			l := d.lines[i]
			if !l.skip && (l.indent < indent || l.indent == indent && !isSeqItem(d.data[l.start+l.indent:l.end])) {
				end = i
				break
			}
		}
		hi = end
	}
	// Dedent so the key starts in column 0.
	var out bytes.Buffer
	for _, l := range d.lines[keyLine:hi] {
		out.Write(d.data[l.start+min(l.indent, indent) : l.end])
		out.WriteByte('\n')
	}
	return out.Bytes(), nil
}

func isSeqItem(content []byte) bool {
	return content[0] == '-' && (len(content) == 1 || content[1] == ' ')
}

// isKey reports whether content starts with key: in plain, single- or
// double-quoted form.
func isKey(content []byte, key string) bool {
	for _, form := range []string{key, `"` + key + `"`, `'` + key + `'`} {
		if rest, ok := bytes.CutPrefix(content, []byte(form)); ok && len(rest) > 0 && rest[0] == ':' &&
			(len(rest) == 1 || rest[1] == ' ') {
			return true
		}
	}
	return false
}

// normalize turns map[any]any (non-string YAML keys) into map[string]any.
func normalize(v any) any {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			x[k] = normalize(e)
		}
		return x
	case map[any]any:
		m := make(map[string]any, len(x))
		for k, e := range x {
			m[fmt.Sprint(k)] = normalize(e)
		}
		return m
	case []any:
		for i, e := range x {
			x[i] = normalize(e)
		}
	}
	return v
}

// resolve returns v with every local $ref replaced by its target.
func resolve(d document, v any, depth int) (any, error) {
	if depth > 32 {
		return nil, errors.New("$ref nesting too deep (a cycle?)")
	}
	switch x := v.(type) {
	case map[string]any:
		if ref, ok := x["$ref"].(string); ok {
			keys, err := pointer(ref)
			if err != nil {
				return nil, err
			}
			t, err := d.lookup(keys)
			if err != nil {
				return nil, fmt.Errorf("$ref %s: %w", ref, err)
			}
			return resolve(d, t, depth+1)
		}
		out := make(map[string]any, len(x))
		for k, e := range x {
			r, err := resolve(d, e, depth)
			if err != nil {
				return nil, err
			}
			out[k] = r
		}
		return out, nil
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			r, err := resolve(d, e, depth)
			if err != nil {
				return nil, err
			}
			out[i] = r
		}
		return out, nil
	}
	return v, nil
}

// pointer splits a local JSON pointer "#/a/b~1c" into keys.
func pointer(ref string) ([]string, error) {
	rest, ok := strings.CutPrefix(ref, "#/")
	if !ok {
		return nil, fmt.Errorf("$ref %s: only local references are supported", ref)
	}
	keys := strings.Split(rest, "/")
	for i, k := range keys {
		keys[i] = strings.NewReplacer("~1", "/", "~0", "~").Replace(k)
	}
	return keys, nil
}

// toSchema converts a resolved schema tree to kin-openapi's type.
func toSchema(v any) (*openapi3.Schema, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	s := &openapi3.Schema{}
	if err := json.Unmarshal(b, s); err != nil {
		return nil, err
	}
	return s, nil
}

// extract reads what a fake needs about one operation: method (lower case,
// as the document spells it) on route, whose operationId must be opID.
func extract(d document, route, method, opID string) (*v2Op, error) {
	raw, err := d.lookup([]string{"paths", route, method})
	if err != nil {
		return nil, err
	}
	opv, err := resolve(d, raw, 0)
	if err != nil {
		return nil, err
	}
	op, _ := opv.(map[string]any)
	sp := &v2Op{method: strings.ToUpper(method), route: route, content: map[string]*openapi3.Schema{}, responses: map[int]*openapi3.Schema{}}
	sp.opID, _ = op["operationId"].(string)
	if sp.opID != opID {
		return nil, fmt.Errorf("%s %s has operationId %q, want %q", sp.method, route, sp.opID, opID)
	}
	sp.perms = permissionsOf(op["x-permission"])

	params, _ := op["parameters"].([]any)
	for _, pv := range params {
		p, _ := pv.(map[string]any)
		in, _ := p["in"].(string)
		name, _ := p["name"].(string)
		req, _ := p["required"].(bool)
		sch, err := toSchema(p["schema"])
		if err != nil {
			return nil, fmt.Errorf("parameter %s: %w", name, err)
		}
		sp.params = append(sp.params, param{in: in, name: name, required: req, schema: sch})
	}

	secs, _ := op["security"].([]any)
	if secs == nil {
		top, err := d.lookup([]string{"security"})
		if err == nil {
			secs, _ = top.([]any)
		}
	}
alternatives:
	for _, alt := range secs {
		m, _ := alt.(map[string]any)
		var headers []string
		for name := range m {
			v, err := d.lookup([]string{"components", "securitySchemes", name})
			if err != nil {
				return nil, err
			}
			scheme, _ := v.(map[string]any)
			if scheme["type"] != "apiKey" || scheme["in"] != "header" {
				// OAuth (ListLogs' AuthZ alternative) is not emulated: the
				// alternative cannot be met, so it must not count as one
				// that needs no header.
				continue alternatives
			}
			h, _ := scheme["name"].(string)
			headers = append(headers, h)
		}
		sort.Strings(headers)
		sp.security = append(sp.security, headers)
	}

	body, _ := op["requestBody"].(map[string]any)
	sp.bodyRequired, _ = body["required"].(bool)
	content, _ := body["content"].(map[string]any)
	for mt, cv := range content {
		c, _ := cv.(map[string]any)
		if c["schema"] == nil {
			sp.content[mt] = nil
			continue
		}
		sch, err := toSchema(c["schema"])
		if err != nil {
			return nil, fmt.Errorf("requestBody %s: %w", mt, err)
		}
		sp.content[mt] = sch
	}
	if js := sp.content["application/json"]; js != nil && js.Items != nil {
		sp.item = js.Items.Value
	}
	if opID == OperationID && sp.item == nil {
		return nil, fmt.Errorf("POST %s: application/json body is not an array of items", route)
	}

	resps, _ := op["responses"].(map[string]any)
	for code, rv := range resps {
		status, err := strconv.Atoi(code)
		if err != nil {
			continue
		}
		r, _ := rv.(map[string]any)
		c, _ := r["content"].(map[string]any)
		j, _ := c["application/json"].(map[string]any)
		if j == nil || j["schema"] == nil {
			continue
		}
		sch, err := toSchema(j["schema"])
		if err != nil {
			return nil, fmt.Errorf("response %s: %w", code, err)
		}
		sp.responses[status] = sch
	}
	return sp, nil
}

func (sp *v2Op) mediaTypes() []string {
	var mts []string
	for mt := range sp.content {
		mts = append(mts, mt)
	}
	sort.Strings(mts)
	return mts
}

// checkResponse validates one of the fake's own answers against the spec.
func (sp *v2Op) checkResponse(status int, body []byte) error {
	sch, ok := sp.responses[status]
	if !ok {
		return nil
	}
	var v any
	if err := json.Unmarshal(body, &v); err != nil {
		return err
	}
	return sch.VisitJSON(v)
}

// missingKey says which header r lacks when it meets none of the
// operation's security alternatives (each a set of headers that must all be
// present), "" when it meets one.
func (sp *v2Op) missingKey(r *http.Request) string {
	if len(sp.security) == 0 || slices.ContainsFunc(sp.security, func(hs []string) bool {
		return !slices.ContainsFunc(hs, func(h string) bool { return r.Header.Get(h) == "" })
	}) {
		return ""
	}
	return "missing API key: the request has no " + strings.Join(sp.security[0], ", ") + " header"
}

// paramProblems checks r's header and query parameters against the spec.
func (sp *v2Op) paramProblems(r *http.Request) []string {
	var problems []string
	for _, p := range sp.params {
		var v string
		var present bool
		switch p.in {
		case "header":
			vs := r.Header.Values(p.name)
			present = len(vs) > 0
			v = strings.Join(vs, ",")
		case "query":
			vs, ok := r.URL.Query()[p.name]
			present = ok
			v = strings.Join(vs, ",")
		default:
			continue
		}
		if !present {
			if p.required {
				problems = append(problems, fmt.Sprintf("%s parameter %s is required", p.in, p.name))
			}
			continue
		}
		if err := p.schema.VisitJSON(v); err != nil {
			problems = append(problems, fmt.Sprintf("%s parameter %s=%q: %s", p.in, p.name, v, errText(err)))
		}
	}
	return problems
}

// mediaType returns r's media type, or why the operation does not take it.
func (sp *v2Op) mediaType(r *http.Request) (string, string) {
	mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if err != nil {
		mt = ""
	}
	if _, ok := sp.content[mt]; !ok {
		return "", fmt.Sprintf("Content-Type %q is not one of %s", r.Header.Get("Content-Type"), strings.Join(sp.mediaTypes(), ", "))
	}
	return mt, ""
}
