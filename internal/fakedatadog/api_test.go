package fakedatadog

import (
	"encoding/json"
	"io"
	"net/http"
	"os"
	"slices"
	"strings"
	"testing"
)

const validPipeline = `{
  "name": "relevel",
  "is_enabled": true,
  "filter": {"query": "*"},
  "processors": [
    {"type": "grok-parser", "name": "klog", "is_enabled": true, "source": "message",
     "grok": {"match_rules": "klog %{regex(\"[IWEF]\"):klog.level_raw}%{data}"}},
    {"type": "lookup-processor", "name": "levels", "source": "klog.level_raw", "target": "relevel.level",
     "lookup_table": ["I,info", "E,error"]},
    {"type": "status-remapper", "name": "status", "is_enabled": true, "sources": ["relevel.level"]}
  ]
}`

type call struct {
	method, path, body string
	noAPIKey, noAppKey bool
	contentType        string
	apiKey, appKey     string
}

func do(t *testing.T, s *API, c call) (int, http.Header, map[string]any, []byte) {
	t.Helper()
	var body io.Reader
	if c.body != "" {
		body = strings.NewReader(c.body)
	}
	req, err := http.NewRequest(c.method, s.URL()+c.path, body)
	if err != nil {
		t.Fatal(err)
	}
	if c.body != "" {
		ct := c.contentType
		if ct == "" {
			ct = "application/json"
		}
		req.Header.Set("Content-Type", ct)
	}
	if !c.noAPIKey {
		k := c.apiKey
		if k == "" {
			k = "api-key"
		}
		req.Header.Set(HeaderAPIKey, k)
	}
	if !c.noAppKey {
		k := c.appKey
		if k == "" {
			k = "app-key"
		}
		req.Header.Set(HeaderAppKey, k)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	var m map[string]any
	_ = json.Unmarshal(raw, &m)
	return resp.StatusCode, resp.Header, m, raw
}

func TestV1SpecPath(t *testing.T) {
	p, err := V1SpecPath()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(p); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(p, "datadog-api-client-go") {
		t.Errorf("V1SpecPath() = %s, want a path inside the client module", p)
	}
}

func TestCreateAnswersLikeDatadog(t *testing.T) {
	s := StartAPI(t)
	status, _, p, raw := do(t, s, call{method: "POST", path: "/api/v1/logs/config/pipelines", body: validPipeline})
	if status != 200 {
		t.Fatalf("create: %d %s", status, raw)
	}
	id, _ := p["id"].(string)
	if id == "" || p["type"] != "pipeline" || p["is_read_only"] != false {
		t.Errorf("server-side fields missing: %s", raw)
	}
	procs := p["processors"].([]any)
	lookup := procs[1].(map[string]any)
	if lookup["is_enabled"] != false {
		t.Errorf("lookup without is_enabled: got %v, want the schema default false", lookup["is_enabled"])
	}
	grok := procs[0].(map[string]any)["grok"].(map[string]any)
	if grok["support_rules"] != "" {
		t.Errorf("support_rules default missing: %s", raw)
	}
	if procs[2].(map[string]any)["type"] != "status-remapper" {
		t.Errorf("processor type not kept: %s", raw)
	}
	if got := s.Order(); !slices.Equal(got, []string{id}) {
		t.Errorf("order = %v, want [%s]", got, id)
	}

	status, _, got, _ := do(t, s, call{method: "GET", path: "/api/v1/logs/config/pipelines/" + id})
	if status != 200 || got["name"] != "relevel" {
		t.Errorf("get: %d %v", status, got)
	}
	status, _, _, raw = do(t, s, call{method: "GET", path: "/api/v1/logs/config/pipelines"})
	var list []map[string]any
	if err := json.Unmarshal(raw, &list); status != 200 || err != nil || len(list) != 1 {
		t.Errorf("list: %d %s", status, raw)
	}
	status, _, o, _ := do(t, s, call{method: "GET", path: "/api/v1/logs/config/pipeline-order"})
	if status != 200 || len(o["pipeline_ids"].([]any)) != 1 {
		t.Errorf("order: %d %v", status, o)
	}

	// PUT replaces the whole pipeline.
	status, _, p, raw = do(t, s, call{method: "PUT", path: "/api/v1/logs/config/pipelines/" + id, body: `{"name":"renamed"}`})
	if status != 200 || p["name"] != "renamed" || p["processors"] != nil || p["is_enabled"] != false {
		t.Errorf("update: %d %s", status, raw)
	}
	status, _, _, raw = do(t, s, call{method: "DELETE", path: "/api/v1/logs/config/pipelines/" + id})
	if status != 200 || string(raw) != "{}" {
		t.Errorf("delete: %d %s", status, raw)
	}
	if len(s.Order()) != 0 || len(s.PipelineIDs()) != 0 {
		t.Errorf("delete left %v / %v", s.Order(), s.PipelineIDs())
	}
	if w := s.Writes(); len(w) != 3 || w[0].Op != OpCreatePipeline || w[1].Op != OpUpdatePipeline || w[2].Op != OpDeletePipeline {
		t.Errorf("writes = %+v", w)
	}
	for _, r := range s.Requests() {
		if r.Header.Get(HeaderAPIKey) != "REDACTED" || r.Header.Get(HeaderAppKey) != "REDACTED" {
			t.Errorf("keys not redacted in the record: %v", r.Header)
		}
	}
}

func TestViolations(t *testing.T) {
	cases := []struct {
		name   string
		call   call
		status int
		want   string // in the violation message
	}{
		{"no app key", call{method: "GET", path: "/api/v1/logs/config/pipelines", noAppKey: true}, 403, "missing DD-APPLICATION-KEY header"},
		{"no api key", call{method: "GET", path: "/api/v1/logs/config/pipeline-order", noAPIKey: true}, 403, "missing DD-API-KEY header"},
		{"unknown path", call{method: "GET", path: "/api/v1/logs/config/pipeline"}, 404, "no matching operation"},
		{"wrong method", call{method: "PATCH", path: "/api/v1/logs/config/pipelines/x", body: `{}`}, 405, "method PATCH not allowed"},
		{"missing name", call{method: "POST", path: "/api/v1/logs/config/pipelines", body: `{"is_enabled":true}`}, 400, `property "name" is missing`},
		{"wrong type", call{method: "POST", path: "/api/v1/logs/config/pipelines", body: `{"name":1}`}, 400, "/name: value must be a string"},
		{"remapper without sources", call{method: "POST", path: "/api/v1/logs/config/pipelines",
			body: `{"name":"x","processors":[{"type":"status-remapper","name":"s"}]}`}, 400, `/processors/0/sources: property "sources" is missing`},
		{"grok without match_rules", call{method: "POST", path: "/api/v1/logs/config/pipelines",
			body: `{"name":"x","processors":[{"type":"grok-parser","source":"message","grok":{}}]}`}, 400, `/processors/0/grok/match_rules: property "match_rules" is missing`},
		{"unknown processor type", call{method: "POST", path: "/api/v1/logs/config/pipelines",
			body: `{"name":"x","processors":[{"type":"status-remaper","sources":["a"]}]}`}, 400, `/processors/0: unknown type "status-remaper"`},
		{"too many samples", call{method: "POST", path: "/api/v1/logs/config/pipelines",
			body: `{"name":"x","processors":[{"type":"grok-parser","source":"message","grok":{"match_rules":"r %{data}"},"samples":["a","b","c","d","e","f"]}]}`}, 400, "/processors/0/samples: maximum number of items is 5"},
		{"read-only field", call{method: "POST", path: "/api/v1/logs/config/pipelines", body: `{"name":"x","id":"abc"}`}, 400, `readOnly property "id"`},
		{"misspelt field", call{method: "POST", path: "/api/v1/logs/config/pipelines",
			body: `{"name":"x","processors":[{"type":"status-remapper","sources":["a"],"is_enable":true}]}`}, 400, `/processors/0/is_enable: property "is_enable" is not in the schema`},
		{"order without ids", call{method: "PUT", path: "/api/v1/logs/config/pipeline-order", body: `{}`}, 400, `property "pipeline_ids" is missing`},
		{"not json", call{method: "POST", path: "/api/v1/logs/config/pipelines", body: `{`}, 400, "request body"},
		{"wrong content type", call{method: "POST", path: "/api/v1/logs/config/pipelines", body: `{"name":"x"}`, contentType: "text/plain"}, 400, "Content-Type"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s, err := NewAPI()
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			status, _, _, raw := do(t, s, tc.call)
			if status != tc.status {
				t.Errorf("status = %d, want %d (%s)", status, tc.status, raw)
			}
			vs := s.Violations()
			if len(vs) == 0 {
				t.Fatalf("no violation recorded")
			}
			var msgs []string
			for _, v := range vs {
				msgs = append(msgs, v.String())
			}
			all := strings.Join(msgs, "\n")
			if !strings.Contains(all, tc.want) {
				t.Errorf("violations:\n%s\nwant one containing %q", all, tc.want)
			}
			if tc.status == 400 && !strings.Contains(bodyMessages(raw), tc.want) {
				t.Errorf("400 body %s does not carry the message %q", raw, tc.want)
			}
			if len(s.PipelineIDs()) != 0 {
				t.Errorf("an invalid request changed state")
			}
		})
	}
}

func TestAPIFailNext(t *testing.T) {
	s := StartAPI(t)
	s.FailNext(OpListPipelines, 2, RateLimited(3))
	s.FailNext(AnyOp, 1, InternalError())
	list := call{method: "GET", path: "/api/v1/logs/config/pipelines"}
	for i := range 2 {
		status, h, m, _ := do(t, s, list)
		if status != 429 || h.Get("X-RateLimit-Reset") != "3" || m["errors"] == nil {
			t.Errorf("call %d: %d %v %v", i, status, h, m)
		}
	}
	if status, _, _, _ := do(t, s, list); status != 500 {
		t.Errorf("AnyOp failure: status %d", status)
	}
	if status, _, _, _ := do(t, s, list); status != 200 {
		t.Errorf("after failures: status %d", status)
	}

	s.FailNext(OpCreatePipeline, 1, LogsBadRequest("Invalid Pipeline", "Invalid parser"))
	status, _, m, _ := do(t, s, call{method: "POST", path: "/api/v1/logs/config/pipelines", body: validPipeline})
	if status != 400 || m["error"].(map[string]any)["message"] != "Invalid Pipeline" {
		t.Errorf("injected 400: %d %v", status, m)
	}
	if len(s.PipelineIDs()) != 0 {
		t.Errorf("a failed create stored a pipeline")
	}
	s.FailNext(OpCreatePipeline, 1, BadRequest("Error parsing grok rule"))
	_, _, m, _ = do(t, s, call{method: "POST", path: "/api/v1/logs/config/pipelines", body: validPipeline})
	if errs, _ := m["errors"].([]any); len(errs) != 1 || errs[0] != "Error parsing grok rule" {
		t.Errorf("injected errors body: %v", m)
	}
	s.FailNext(OpGetOrder, 1, Forbidden())
	if status, _, _, _ := do(t, s, call{method: "GET", path: "/api/v1/logs/config/pipeline-order"}); status != 403 {
		t.Errorf("injected 403: %d", status)
	}
}

func TestFailNextUnknownOpPanics(t *testing.T) {
	s := StartAPI(t)
	defer func() {
		if recover() == nil {
			t.Error("FailNext with an unknown operation did not panic")
		}
	}()
	s.FailNext("CreatePipeline", 1, Forbidden())
}

func TestOutOfBand(t *testing.T) {
	s := StartAPI(t)
	integ, err := s.AddPipeline(`{"name":"Nginx","is_read_only":true,"filter":{"query":"source:nginx"}}`)
	if err != nil {
		t.Fatal(err)
	}
	_, _, p, _ := do(t, s, call{method: "POST", path: "/api/v1/logs/config/pipelines", body: validPipeline})
	ours := p["id"].(string)
	if got := s.Order(); !slices.Equal(got, []string{integ, ours}) {
		t.Fatalf("order = %v", got)
	}

	if err := s.EditPipeline(ours, func(p map[string]any) {
		p["name"] = "edited in the UI"
		p["id"] = "tampered"
	}); err != nil {
		t.Fatal(err)
	}
	_, _, got, _ := do(t, s, call{method: "GET", path: "/api/v1/logs/config/pipelines/" + ours})
	if got["name"] != "edited in the UI" || got["id"] != ours {
		t.Errorf("after edit: %v", got)
	}

	if err := s.MoveToFront(ours); err != nil {
		t.Fatal(err)
	}
	if got := s.Order(); !slices.Equal(got, []string{ours, integ}) {
		t.Errorf("after MoveToFront: %v", got)
	}
	if err := s.HideFromOrder(ours); err != nil {
		t.Fatal(err)
	}
	_, _, o, _ := do(t, s, call{method: "GET", path: "/api/v1/logs/config/pipeline-order"})
	if ids := o["pipeline_ids"].([]any); len(ids) != 1 || ids[0] != integ {
		t.Errorf("hidden pipeline still in order: %v", o)
	}
	// An order that includes the hidden pipeline, or leaves it out, is valid.
	for _, body := range []string{`{"pipeline_ids":["` + integ + `"]}`, `{"pipeline_ids":["` + ours + `","` + integ + `"]}`} {
		if status, _, _, raw := do(t, s, call{method: "PUT", path: "/api/v1/logs/config/pipeline-order", body: body}); status != 200 {
			t.Errorf("PUT order %s: %d %s", body, status, raw)
		}
	}
	if got := s.Order(); !slices.Equal(got, []string{ours, integ}) {
		t.Errorf("order = %v", got)
	}

	// Read-only pipelines cannot be changed through the API.
	status, _, _, _ := do(t, s, call{method: "PUT", path: "/api/v1/logs/config/pipelines/" + integ, body: `{"name":"mine now"}`})
	if status != 400 {
		t.Errorf("PUT read-only: %d", status)
	}
	if status, _, _, _ := do(t, s, call{method: "DELETE", path: "/api/v1/logs/config/pipelines/" + integ}); status != 400 {
		t.Errorf("DELETE read-only: %d", status)
	}

	if err := s.DeletePipeline(ours); err != nil {
		t.Fatal(err)
	}
	if status, _, _, _ := do(t, s, call{method: "GET", path: "/api/v1/logs/config/pipelines/" + ours}); status != 400 {
		t.Errorf("GET deleted: %d, want Datadog's 400", status)
	}
	if err := s.DeletePipeline(ours); err == nil {
		t.Error("second DeletePipeline succeeded")
	}
	if err := s.SetOrder([]string{"nope"}); err == nil {
		t.Error("SetOrder accepted an unknown id")
	}
}

func TestOrderUpdateMustListEveryPipeline(t *testing.T) {
	s := StartAPI(t)
	a, _ := s.AddPipeline(`{"name":"a"}`)
	b, _ := s.AddPipeline(`{"name":"b"}`)
	put := func(ids ...string) int {
		body, _ := json.Marshal(map[string]any{"pipeline_ids": ids})
		status, _, _, _ := do(t, s, call{method: "PUT", path: "/api/v1/logs/config/pipeline-order", body: string(body)})
		return status
	}
	for _, ids := range [][]string{{a}, {a, b, "zzz"}, {a, a, b}} {
		if got := put(ids...); got != 422 {
			t.Errorf("PUT order %v: %d, want 422", ids, got)
		}
	}
	if got := put(b, a); got != 200 {
		t.Errorf("PUT order [b a]: %d", got)
	}
	if got := s.Order(); !slices.Equal(got, []string{b, a}) {
		t.Errorf("order = %v", got)
	}
}

func TestKeysAndPermissions(t *testing.T) {
	s := StartAPI(t)
	s.SetKeys("good-api", "good-app")
	list := call{method: "GET", path: "/api/v1/logs/config/pipelines", apiKey: "good-api", appKey: "good-app"}
	if status, _, _, _ := do(t, s, list); status != 200 {
		t.Errorf("good keys: %d", status)
	}
	bad := list
	bad.appKey = "bad"
	if status, _, m, _ := do(t, s, bad); status != 403 || m["errors"] == nil {
		t.Errorf("bad app key: %d %v", status, m)
	}
	// The validate endpoint checks the API key only.
	validate := call{method: "GET", path: "/api/v1/validate", apiKey: "good-api", noAppKey: true}
	if status, _, m, _ := do(t, s, validate); status != 200 || m["valid"] != true {
		t.Errorf("validate: %d %v", status, m)
	}
	validate.apiKey = "bad"
	if status, _, _, _ := do(t, s, validate); status != 403 {
		t.Errorf("validate with a bad API key: %d", status)
	}

	if got := s.Permissions(OpCreatePipeline); !slices.Equal(got, []string{PermWritePipeline}) {
		t.Errorf("Permissions(create) = %v", got)
	}
	s.SetPermissions(PermReadConfig)
	if status, _, _, _ := do(t, s, list); status != 200 {
		t.Errorf("read with logs_read_config: %d", status)
	}
	create := call{method: "POST", path: "/api/v1/logs/config/pipelines", body: validPipeline, apiKey: "good-api", appKey: "good-app"}
	if status, _, _, _ := do(t, s, create); status != 403 {
		t.Errorf("create without logs_write_pipelines: %d", status)
	}
}

func TestNotImplementedIsAViolation(t *testing.T) {
	s, err := NewAPI()
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	status, _, _, _ := do(t, s, call{method: "GET", path: "/api/v1/logs/config/indexes"})
	if status != 501 || len(s.Violations()) != 1 {
		t.Errorf("status %d, violations %v", status, s.Violations())
	}
}

// bodyMessages joins the messages of a Logs API error body.
func bodyMessages(raw []byte) string {
	var b struct {
		Error struct {
			Message string
			Details []struct{ Message string }
		}
	}
	_ = json.Unmarshal(raw, &b)
	msgs := []string{b.Error.Message}
	for _, d := range b.Error.Details {
		msgs = append(msgs, d.Message)
	}
	return strings.Join(msgs, "\n")
}

// TestResponsesAreChecked proves the fake's own answers go through the spec:
// a malformed order answer is rejected.
func TestResponsesAreChecked(t *testing.T) {
	sp, err := loadV1Spec("")
	if err != nil {
		t.Fatal(err)
	}
	req, _ := http.NewRequest("GET", "http://fake/api/v1/logs/config/pipeline-order", nil)
	req.Header.Set(HeaderAPIKey, "a")
	req.Header.Set(HeaderAppKey, "b")
	c := sp.check(req)
	if len(c.problems) > 0 {
		t.Fatal(c.problems)
	}
	h := http.Header{"Content-Type": {"application/json"}}
	if err := checkResponse(c.input, 200, h, []byte(`{"pipeline_ids":["a"]}`)); err != nil {
		t.Errorf("good answer rejected: %v", err)
	}
	if err := checkResponse(c.input, 200, h, []byte(`{"pipeline_ids":"a"}`)); err == nil {
		t.Error("bad answer accepted")
	}
}

func TestModCacheFallback(t *testing.T) {
	p, err := modCacheFile(v1SpecRelPath)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(p); err != nil {
		t.Fatal(err)
	}
	if !semverLess("x/v2@v2.9.0/a", "x/v2@v2.67.0/a") || semverLess("x/v2@v2.67.0/a", "x/v2@v2.9.0/a") {
		t.Error("semverLess orders 2.9.0 and 2.67.0 wrongly")
	}
}
