package ddapi

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"regexp"
	"strconv"
	"strings"

	"github.com/DataDog/datadog-api-client-go/v2/api/datadog"
	"github.com/DataDog/datadog-api-client-go/v2/api/datadogV1"
)

// APIError is a call Datadog answered with an error status.
type APIError struct {
	// Op is the API operation, e.g. "CreateLogsPipeline".
	Op string
	// Status is the HTTP status; 0 when no answer came (Err says why).
	Status int
	// Messages are Datadog's error messages, verbatim.
	Messages []string
	// Processor describes the processor a 400 is about, when it can be told
	// (e.g. `processor #1 "parse klog" (grok-parser)`).
	Processor string
	// Hint says what to check (for a 403: which key or permission).
	Hint string
	// Attempts is how many times the call was sent.
	Attempts int
	// Err is the underlying error of the official client or of the transport.
	Err error
}

// Error is "ddapi: <Op>: <status>: <processor>: <Datadog's messages> (<hint>)".
func (e *APIError) Error() string {
	var b strings.Builder
	b.WriteString("ddapi: ")
	b.WriteString(e.Op)
	b.WriteString(": ")
	if e.Status != 0 {
		fmt.Fprintf(&b, "%d %s", e.Status, http.StatusText(e.Status))
	} else if e.Err != nil {
		b.WriteString(e.Err.Error())
	}
	if e.Processor != "" {
		b.WriteString(": ")
		b.WriteString(e.Processor)
	}
	if len(e.Messages) > 0 {
		b.WriteString(": ")
		b.WriteString(strings.Join(e.Messages, "; "))
	}
	if e.Hint != "" {
		b.WriteString(" (")
		b.WriteString(e.Hint)
		b.WriteString(")")
	}
	if e.Attempts > 1 {
		fmt.Fprintf(&b, " after %d attempts", e.Attempts)
	}
	return b.String()
}

// Unwrap returns Err.
func (e *APIError) Unwrap() error { return e.Err }

// Is makes errors.Is(err, ErrNotFound) true for an unknown pipeline id:
// Datadog answers 400 (not 404) to GET and DELETE of a missing pipeline.
func (e *APIError) Is(target error) bool {
	if target != ErrNotFound {
		return false
	}
	return (e.Op == opGet || e.Op == opDelete) && (e.Status == http.StatusNotFound || e.Status == http.StatusBadRequest)
}

// apiError builds the error for a failed call.
func (c *Client) apiError(ctx context.Context, op string, pipeline *datadogV1.LogsPipeline, resp *http.Response, err error, attempts int) error {
	e := &APIError{Op: op, Attempts: attempts, Err: err}
	if resp == nil {
		if ctx.Err() == nil {
			e.Hint = "no answer from " + c.baseURL + ": check the site (DD_SITE) and the network"
		}
		return e
	}
	e.Status = resp.StatusCode
	var body []byte
	var oe datadog.GenericOpenAPIError
	if errors.As(err, &oe) {
		body = oe.Body()
		e.Err = nil // its text is only the status line
	}
	e.Messages = datadogMessages(body)
	switch e.Status {
	case http.StatusBadRequest, http.StatusUnprocessableEntity:
		if pipeline != nil {
			e.Processor = blameProcessor(e.Messages, pipeline)
		}
	case http.StatusUnauthorized:
		e.Hint = "Datadog did not accept the keys (DD_API_KEY, DD_APP_KEY) at " + c.baseURL + "; check them and DD_SITE"
	case http.StatusForbidden:
		e.Hint = c.forbiddenHint(ctx, op)
	case http.StatusTooManyRequests:
		e.Hint = "rate limited by Datadog; retry later"
		if r := resp.Header.Get("X-RateLimit-Reset"); r != "" {
			e.Hint += " (the limit resets in " + r + " s)"
		}
	}
	return e
}

// datadogMessages extracts the messages of either error body Datadog uses:
// {"errors":["…"]} or {"error":{"message":"…","details":[{…}]}}.
func datadogMessages(body []byte) []string {
	body = []byte(strings.TrimSpace(string(body)))
	if len(body) == 0 {
		return nil
	}
	var generic struct {
		Errors []json.RawMessage `json:"errors"`
	}
	if json.Unmarshal(body, &generic) == nil && len(generic.Errors) > 0 {
		var out []string
		for _, raw := range generic.Errors {
			var s string
			if json.Unmarshal(raw, &s) == nil {
				out = append(out, s)
				continue
			}
			// v2-style {"status","title","detail"}.
			var o struct{ Title, Detail string }
			if json.Unmarshal(raw, &o) == nil && (o.Title != "" || o.Detail != "") {
				out = append(out, strings.TrimSpace(strings.Join(nonEmpty(o.Title, o.Detail), ": ")))
				continue
			}
			out = append(out, string(raw))
		}
		return out
	}
	var logs struct {
		Error *logsError `json:"error"`
	}
	if json.Unmarshal(body, &logs) == nil && logs.Error != nil {
		if m := logs.Error.text(); m != "" {
			return []string{m}
		}
	}
	s := string(body)
	if len(s) > 500 {
		s = s[:500] + "…"
	}
	return []string{s}
}

type logsError struct {
	Code    string      `json:"code"`
	Message string      `json:"message"`
	Details []logsError `json:"details"`
}

// text renders a Logs API error: the message, then its details after ": "
// (siblings separated by "; ").
func (l logsError) text() string {
	msg := l.Message
	if msg == "" {
		msg = l.Code
	}
	var ds []string
	for _, d := range l.Details {
		if t := d.text(); t != "" {
			ds = append(ds, t)
		}
	}
	if len(ds) == 0 {
		return msg
	}
	if msg == "" {
		return strings.Join(ds, "; ")
	}
	return msg + ": " + strings.Join(ds, "; ")
}

func nonEmpty(ss ...string) []string {
	var out []string
	for _, s := range ss {
		if s != "" {
			out = append(out, s)
		}
	}
	return out
}

// forbiddenHint tells which credential a 403 points at. Datadog's 403 body
// says only "Forbidden", so the API key is checked on its own with
// GET /api/v1/validate, and a write that fails after reads succeeded points
// at the permission.
func (c *Client) forbiddenHint(ctx context.Context, op string) string {
	perm := permission(op)
	_, resp, err := c.auth.Validate(c.authContext(ctx))
	switch {
	case err == nil:
		if !isRead(op) && c.readOK.Load() {
			return "the API key is valid and the application key can read pipelines, so its user lacks the " +
				perm + " permission"
		}
		if op == opListLogs {
			return "the API key is valid, so the application key (DD_APP_KEY) is invalid or revoked, or its user (or its scopes) lacks the " +
				perm + " permission"
		}
		return "the API key is valid, so the application key (DD_APP_KEY) is invalid or revoked, or its user lacks the " +
			perm + " permission (the Logs Pipelines endpoints need a key created by an admin)"
	case resp != nil && resp.StatusCode == http.StatusForbidden:
		return "Datadog rejected the API key (DD_API_KEY): it is invalid or revoked, or belongs to another site than " + c.baseURL
	}
	return "either the API key (DD_API_KEY) or the application key (DD_APP_KEY) is invalid, or the application key's user lacks the " + perm + " permission"
}

// procInfo is what blameProcessor needs of one processor.
type procInfo struct {
	index      int
	name, kind string
	ruleNames  []string // grok rule names (match and support rules)
}

func (p procInfo) String() string {
	if p.name == "" {
		return fmt.Sprintf("processor #%d (%s)", p.index, p.kind)
	}
	return fmt.Sprintf("processor #%d %q (%s)", p.index, p.name, p.kind)
}

func processorInfos(p *datadogV1.LogsPipeline) []procInfo {
	var out []procInfo
	for i, proc := range p.Processors {
		raw, err := json.Marshal(proc)
		if err != nil {
			continue
		}
		var m struct {
			Name string `json:"name"`
			Type string `json:"type"`
			Grok struct {
				MatchRules   string `json:"match_rules"`
				SupportRules string `json:"support_rules"`
			} `json:"grok"`
		}
		_ = json.Unmarshal(raw, &m)
		info := procInfo{index: i, name: m.Name, kind: m.Type}
		for _, rules := range []string{m.Grok.MatchRules, m.Grok.SupportRules} {
			for _, line := range strings.Split(rules, "\n") {
				if f := strings.Fields(line); len(f) > 0 {
					info.ruleNames = append(info.ruleNames, f[0])
				}
			}
		}
		out = append(out, info)
	}
	return out
}

var (
	indexRef = regexp.MustCompile(`processors?\s*(?:\[|/|#|\s)\s*(\d+)`)
	grokWord = regexp.MustCompile(`(?i)\b(grok|parser|parsing|match rule|support rule|matcher|pattern)`)
)

// blameProcessor names the processor a 400's messages are about, or "".
// In order: a quoted processor name, a processor index ("processors[2]",
// "processors/2"), a grok rule name that only one parser has, a bare
// processor name, and a grok-sounding message when only one grok parser
// exists.
func blameProcessor(messages []string, p *datadogV1.LogsPipeline) string {
	text := strings.Join(messages, "\n")
	if text == "" {
		return ""
	}
	infos := processorInfos(p)
	unique := func(match func(procInfo) bool) string {
		var found []procInfo
		for _, in := range infos {
			if match(in) {
				found = append(found, in)
			}
		}
		if len(found) == 1 {
			return found[0].String()
		}
		return ""
	}
	if s := unique(func(in procInfo) bool {
		return in.name != "" && (strings.Contains(text, `"`+in.name+`"`) || strings.Contains(text, `'`+in.name+`'`))
	}); s != "" {
		return s
	}
	if m := indexRef.FindStringSubmatch(text); m != nil {
		if i, err := strconv.Atoi(m[1]); err == nil && i >= 0 && i < len(infos) {
			return infos[i].String()
		}
	}
	if s := unique(func(in procInfo) bool {
		for _, r := range in.ruleNames {
			if len(r) >= 3 && containsWord(text, r) {
				return true
			}
		}
		return false
	}); s != "" {
		return s
	}
	if s := unique(func(in procInfo) bool { return len(in.name) >= 4 && strings.Contains(text, in.name) }); s != "" {
		return s
	}
	if grokWord.MatchString(text) {
		return unique(func(in procInfo) bool { return in.kind == string(datadogV1.LOGSGROKPARSERTYPE_GROK_PARSER) })
	}
	return ""
}

// containsWord reports whether w occurs in s not inside a longer identifier.
func containsWord(s, w string) bool {
	for i := 0; ; {
		j := strings.Index(s[i:], w)
		if j < 0 {
			return false
		}
		start, end := i+j, i+j+len(w)
		if (start == 0 || !identByte(s[start-1])) && (end == len(s) || !identByte(s[end])) {
			return true
		}
		i = start + 1
	}
}

func identByte(b byte) bool {
	return b == '_' || b == '.' || b >= '0' && b <= '9' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z'
}
