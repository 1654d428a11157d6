package fakedatadog

// The API host's Logs Search endpoint, POST /api/v2/logs/events/search
// (operationId ListLogs), over a store of logs the test seeds with AddLogs.
//
// The request is checked against the v2 document like every other endpoint:
// the DD-API-KEY and DD-APPLICATION-KEY headers, the Content-Type and the
// LogsListRequest body (types, enums, page.limit ≤ 1000, no undeclared
// property); the answer against LogsListResponse. The x-permission of the
// operation, logs_read_data, is enforced by SetPermissions: a key whose user
// lacks it gets Datadog's 403.
//
// Filtering emulates a subset of Datadog's search syntax, enough for the
// queries relevel sends:
//
//   - terms separated by spaces or AND, all of which must match;
//   - key:value, where key is status, service, source or host (the log's
//     fields, compared without case) or any tag key (matching a tag
//     "key:value" of the log); a value ending in * matches by prefix;
//     key:(a OR b) matches either; "quoted" values are unquoted;
//   - -key:value (or NOT key:value) negates a term; * matches every log.
//
// Anything else (free text, @attributes, OR between terms, ranges) is not
// emulated: the fake answers 400 and records a violation, so a test learns
// its query needs more of the fake rather than getting a wrong answer.
// filter.from and filter.to take what Datadog takes: now, now-15m (s, m, h,
// d, w units), RFC 3339 times and epoch milliseconds; a log matches when
// from ≤ timestamp < to. Results are sorted by sort (-timestamp, newest
// first, unless "timestamp") and paged by page.limit (default 10) with an
// opaque cursor in meta.page.after that is only valid for the same filter
// and sort.

import (
	"bytes"
	"cmp"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"io"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/getkin/kin-openapi/openapi3"
)

// Log is one log in the API's Logs Search store, as AddLogs takes it and
// Logs Search returns it.
type Log struct {
	// ID is the log's id; AddLogs assigns one when it is "".
	ID        string
	Timestamp time.Time
	Message   string
	// Status is what Datadog stores: "error", "info", "warn", …
	Status  string
	Service string
	// Source is the log's source (ddsource); the answer carries it as the
	// tag source:<Source>, as Datadog does.
	Source string
	Host   string
	Tags   []string
	// Attributes are the log's other attributes (the answer's
	// attributes.attributes).
	Attributes map[string]any
}

// AddLogs stores logs for Logs Search, as if Datadog had ingested them.
func (s *API) AddLogs(logs ...Log) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, l := range logs {
		if l.ID == "" {
			s.nextLogID++
			l.ID = fmt.Sprintf("AAAAAWZha2VkYXRhZG9n%010d", s.nextLogID)
		}
		l.Tags = slices.Clone(l.Tags)
		s.logs = append(s.logs, l)
	}
}

// ClearLogs empties the Logs Search store.
func (s *API) ClearLogs() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.logs = nil
}

// searchStyle is how the Logs Search endpoint words a Failure.
var searchStyle = hostStyle{
	errorBody:      apiStyle.errorBody,
	rateLimitName:  "logs_list_query",
	rateLimitLimit: 300,
}

// serveSearch checks, records and answers one Logs Search request: a
// 403/405/400 for an invalid request, a queued Failure (FailNext with
// OpListLogs or AnyOp), a 403 for keys or permissions SetKeys and
// SetPermissions rule out, or a page of the store.
func (s *API) serveSearch(w http.ResponseWriter, r *http.Request) {
	raw, _ := io.ReadAll(io.LimitReader(r.Body, 4<<20))
	rec := APIRequest{Method: r.Method, Path: r.URL.Path, Op: OpListLogs, Header: redactHeader(r.Header), Body: raw}
	op := s.listOp
	status, problems, body := op.checkJSONRequest(r, raw)
	var resp response
	switch {
	case len(problems) > 0:
		s.violate(r, OpListLogs, problems...)
		resp = response{status: status, body: []byte(apiErrorsBody(problems...))}
	default:
		if f, ok := s.takeFailure(OpListLogs); ok {
			if s.dropFor(w, rec, f) {
				return
			}
			resp = cannedResponse(f, searchStyle)
		} else if denied, ok := s.authorize(r, OpListLogs); !ok {
			resp = denied
		} else {
			resp = s.search(r, body)
		}
	}
	if !resp.canned && len(problems) == 0 {
		if err := op.checkResponse(resp.status, resp.body); err != nil {
			s.violate(r, OpListLogs, "fakedatadog API answered outside the spec: "+err.Error())
		}
	}
	rec.Status = resp.status
	s.record(rec)
	resp.write(w)
}

// checkJSONRequest checks a request with a JSON body against the operation:
// method (405), security headers (403, as the API host answers a missing
// key), parameters, Content-Type and body schema (400), and properties the
// schema does not declare (400; Datadog would ignore them, so a misspelt
// field would pass unnoticed). It returns the decoded body when valid.
func (sp *v2Op) checkJSONRequest(r *http.Request, raw []byte) (int, []string, any) {
	if r.Method != sp.method {
		return http.StatusMethodNotAllowed, []string{fmt.Sprintf("method %s not allowed on %s (the spec has %s)", r.Method, sp.route, sp.method)}, nil
	}
	if msg := sp.missingKey(r); msg != "" {
		return http.StatusForbidden, []string{msg}, nil
	}
	if p := sp.paramProblems(r); len(p) > 0 {
		return http.StatusBadRequest, p, nil
	}
	if len(bytes.TrimSpace(raw)) == 0 {
		if sp.bodyRequired {
			return http.StatusBadRequest, []string{"the request body is required"}, nil
		}
		return 0, nil, nil
	}
	mt, problem := sp.mediaType(r)
	if problem != "" {
		return http.StatusBadRequest, []string{problem}, nil
	}
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		return http.StatusBadRequest, []string{"malformed JSON: " + err.Error()}, nil
	}
	sch := sp.content[mt]
	if sch == nil {
		return 0, nil, v
	}
	if err := sch.VisitJSON(v, openapi3.VisitAsRequest(), openapi3.MultiErrors()); err != nil {
		return http.StatusBadRequest, errTexts(err), nil
	}
	var unknown []string
	unknownFields(sch, v, "", &unknown)
	if len(unknown) > 0 {
		return http.StatusBadRequest, unknown, nil
	}
	return 0, nil, v
}

// listRequest is the part of LogsListRequest the fake acts on.
type listRequest struct {
	Filter struct {
		From  string `json:"from"`
		To    string `json:"to"`
		Query string `json:"query"`
	} `json:"filter"`
	Page struct {
		Cursor string `json:"cursor"`
		Limit  *int   `json:"limit"`
	} `json:"page"`
	Sort string `json:"sort"`
}

// search answers a valid request from the store.
func (s *API) search(r *http.Request, body any) response {
	var q listRequest
	b, _ := json.Marshal(body)
	_ = json.Unmarshal(b, &q) // the schema check passed: the types are right
	// The spec's defaults.
	from, to, query := cmp.Or(q.Filter.From, "now-15m"), cmp.Or(q.Filter.To, "now"), cmp.Or(q.Filter.Query, "*")
	limit := 10
	if q.Page.Limit != nil {
		limit = *q.Page.Limit
	}
	desc := q.Sort != "timestamp"

	now := time.Now()
	start, err := parseSearchTime(from, now)
	if err != nil {
		return jsonResponse(http.StatusBadRequest, map[string]any{"errors": []string{"invalid filter.from: " + err.Error()}})
	}
	end, err := parseSearchTime(to, now)
	if err != nil {
		return jsonResponse(http.StatusBadRequest, map[string]any{"errors": []string{"invalid filter.to: " + err.Error()}})
	}
	match, err := parseSearchQuery(query)
	if err != nil {
		msg := fmt.Sprintf("fakedatadog does not emulate the query %q: %v", query, err)
		s.violate(r, OpListLogs, msg)
		return jsonResponse(http.StatusBadRequest, map[string]any{"errors": []string{msg}})
	}
	// A cursor is only good for the filter and sort it came from (the
	// window as sent: "now-1h" pages stay consistent as now moves on).
	h := fnv.New64a()
	fmt.Fprintf(h, "%s\x00%s\x00%s\x00%v", from, to, query, desc)
	key := strconv.FormatUint(h.Sum64(), 36)
	offset := 0
	if q.Page.Cursor != "" {
		offset, err = decodeCursor(q.Page.Cursor, key)
		if err != nil {
			return jsonResponse(http.StatusBadRequest, map[string]any{"errors": []string{"invalid page.cursor: " + err.Error()}})
		}
	}

	s.mu.Lock()
	var hits []Log
	for _, l := range s.logs {
		if !l.Timestamp.Before(start) && l.Timestamp.Before(end) && match(l) {
			hits = append(hits, l)
		}
	}
	s.mu.Unlock()
	slices.SortStableFunc(hits, func(a, b Log) int {
		c := cmp.Or(a.Timestamp.Compare(b.Timestamp), cmp.Compare(a.ID, b.ID))
		if desc {
			return -c
		}
		return c
	})

	page := hits[min(offset, len(hits)):min(offset+limit, len(hits))]
	data := make([]map[string]any, 0, len(page))
	for _, l := range page {
		data = append(data, logJSON(l))
	}
	meta := map[string]any{"elapsed": 1, "request_id": "fakedatadog-" + key, "status": "done"}
	out := map[string]any{"data": data, "meta": meta}
	if next := offset + len(page); next < len(hits) {
		cursor := encodeCursor(next, key)
		meta["page"] = map[string]any{"after": cursor}
		out["links"] = map[string]any{"next": s.URL() + "/api/v2/logs/events?page%5Bcursor%5D=" + url.QueryEscape(cursor)}
	}
	return jsonResponse(http.StatusOK, out)
}

// logJSON is a Log in the answer's shape (Log, LogAttributes).
func logJSON(l Log) map[string]any {
	tags := slices.Clone(l.Tags)
	if l.Source != "" && !slices.Contains(tags, "source:"+l.Source) {
		tags = append(tags, "source:"+l.Source)
	}
	if tags == nil {
		tags = []string{}
	}
	attrs := map[string]any{
		"message":   l.Message,
		"status":    l.Status,
		"tags":      tags,
		"timestamp": l.Timestamp.UTC().Format(time.RFC3339Nano),
	}
	for k, v := range map[string]string{"service": l.Service, "host": l.Host} {
		if v != "" {
			attrs[k] = v
		}
	}
	if len(l.Attributes) > 0 {
		attrs["attributes"] = l.Attributes
	}
	return map[string]any{"id": l.ID, "type": "log", "attributes": attrs}
}

func encodeCursor(offset int, key string) string {
	return base64.RawURLEncoding.EncodeToString([]byte(key + ":" + strconv.Itoa(offset)))
}

func decodeCursor(c, key string) (int, error) {
	b, err := base64.RawURLEncoding.DecodeString(c)
	if err != nil {
		return 0, fmt.Errorf("not a cursor this API gave")
	}
	k, off, ok := strings.Cut(string(b), ":")
	n, err := strconv.Atoi(off)
	if !ok || err != nil || n < 0 {
		return 0, fmt.Errorf("not a cursor this API gave")
	}
	if k != key {
		return 0, fmt.Errorf("the cursor belongs to another query, window or sort")
	}
	return n, nil
}

var relativeTime = regexp.MustCompile(`^now(?:([+-])(\d+)([smhdw]))?$`)

// parseSearchTime reads a filter.from or filter.to value: now, now±N<unit>,
// RFC 3339 or epoch milliseconds.
func parseSearchTime(v string, now time.Time) (time.Time, error) {
	v = strings.TrimSpace(v)
	if m := relativeTime.FindStringSubmatch(v); m != nil {
		if m[1] == "" {
			return now, nil
		}
		n, _ := strconv.Atoi(m[2])
		unit := map[string]time.Duration{"s": time.Second, "m": time.Minute, "h": time.Hour, "d": 24 * time.Hour, "w": 7 * 24 * time.Hour}[m[3]]
		d := time.Duration(n) * unit
		if m[1] == "-" {
			d = -d
		}
		return now.Add(d), nil
	}
	if t, err := time.Parse(time.RFC3339Nano, v); err == nil {
		return t, nil
	}
	if ms, err := strconv.ParseInt(v, 10, 64); err == nil {
		return time.UnixMilli(ms), nil
	}
	return time.Time{}, fmt.Errorf("%q is not now, now-<n><s|m|h|d|w>, an RFC 3339 time or epoch milliseconds", v)
}

var searchKey = regexp.MustCompile(`^[A-Za-z0-9_.\-/]+$`)

// parseSearchQuery compiles the supported subset of the search syntax (see
// the top of this file) into a predicate.
func parseSearchQuery(q string) (func(Log) bool, error) {
	var terms []func(Log) bool
	tokens, err := searchTokens(q)
	if err != nil {
		return nil, err
	}
	negateNext := false
	for _, tok := range tokens {
		switch tok {
		case "AND":
			continue
		case "NOT":
			negateNext = true
			continue
		case "OR":
			return nil, fmt.Errorf("OR between terms")
		}
		neg := negateNext
		negateNext = false
		if rest, ok := strings.CutPrefix(tok, "-"); ok {
			neg, tok = !neg, rest
		}
		if tok == "*" {
			terms = append(terms, func(Log) bool { return !neg })
			continue
		}
		key, value, ok := strings.Cut(tok, ":")
		if !ok || !searchKey.MatchString(key) || value == "" {
			return nil, fmt.Errorf("term %q is not key:value", tok)
		}
		var values []string
		if inner, ok := strings.CutPrefix(value, "("); ok {
			inner, ok = strings.CutSuffix(inner, ")")
			if !ok {
				return nil, fmt.Errorf("term %q: unbalanced parentheses", tok)
			}
			for _, alt := range strings.Fields(inner) {
				if alt != "OR" {
					values = append(values, strings.Trim(alt, `"`))
				}
			}
		} else {
			values = []string{strings.Trim(value, `"`)}
		}
		terms = append(terms, func(l Log) bool { return termMatches(l, key, values) != neg })
	}
	return func(l Log) bool {
		for _, t := range terms {
			if !t(l) {
				return false
			}
		}
		return true
	}, nil
}

// searchTokens splits a query at spaces outside parentheses and quotes.
func searchTokens(q string) ([]string, error) {
	var out []string
	var cur strings.Builder
	depth, quoted := 0, false
	for _, c := range q {
		switch {
		case c == '"':
			quoted = !quoted
		case quoted:
		case c == '(':
			depth++
		case c == ')':
			depth--
		case (c == ' ' || c == '\t') && depth == 0:
			if cur.Len() > 0 {
				out = append(out, cur.String())
				cur.Reset()
			}
			continue
		}
		cur.WriteRune(c)
	}
	if depth != 0 || quoted {
		return nil, fmt.Errorf("unbalanced parentheses or quotes")
	}
	if cur.Len() > 0 {
		out = append(out, cur.String())
	}
	return out, nil
}

func termMatches(l Log, key string, values []string) bool {
	var have []string
	switch strings.ToLower(key) {
	case "status":
		have = []string{l.Status}
	case "service":
		have = []string{l.Service}
	case "source":
		have = []string{l.Source}
	case "host":
		have = []string{l.Host}
	default:
		for _, t := range l.Tags {
			if k, v, ok := strings.Cut(t, ":"); ok && k == key {
				have = append(have, v)
			}
		}
	}
	for _, h := range have {
		for _, v := range values {
			if p, ok := strings.CutSuffix(v, "*"); ok && len(h) >= len(p) && strings.EqualFold(h[:len(p)], p) || strings.EqualFold(h, v) {
				return true
			}
		}
	}
	return false
}
