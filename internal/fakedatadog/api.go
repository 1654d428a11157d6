package fakedatadog

// The API host: an in-memory fake of Datadog's Logs Pipelines API (v1; its
// Logs Search endpoint is in search.go)
// for tests. It keeps pipelines and the pipeline order, answers in the API's
// shapes (server-added id, type "pipeline", is_read_only and schema
// defaults), and validates every request against the OpenAPI document that
// ships inside github.com/DataDog/datadog-api-client-go/v2, so a test fails
// when a client sends something the real API would reject. Tests can inject
// failures (429, 403, 400, 500), edit the stored state "out of band" as a
// user in the web UI would, and inspect every request.
//
// Behaviour that the spec does not pin down follows what Datadog's recorded
// responses and the Terraform provider show: an unknown pipeline id answers
// 400, DELETE answers 200 with "{}", a new pipeline is appended to the end of
// the order, and an order update must list every pipeline exactly once
// (422 otherwise).

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"
)

// Operation IDs of the v1 endpoints the API implements, as the spec names them.
const (
	OpListPipelines   = "ListLogsPipelines"
	OpGetPipeline     = "GetLogsPipeline"
	OpCreatePipeline  = "CreateLogsPipeline"
	OpUpdatePipeline  = "UpdateLogsPipeline"
	OpDeletePipeline  = "DeleteLogsPipeline"
	OpGetOrder        = "GetLogsPipelineOrder"
	OpUpdateOrder     = "UpdateLogsPipelineOrder"
	OpValidateAPIKey  = "Validate" // GET /api/v1/validate: checks the API key only
	AnyOp             = "*"        // FailNext: whichever endpoint is called next
	PermReadConfig    = "logs_read_config"
	PermWritePipeline = "logs_write_pipelines"
	PermReadLogsData  = "logs_read_data" // Logs Search (OpListLogs)
)

// API is the fake API host. It is an http.Handler; NewAPI also serves it on
// a local httptest listener. All methods are safe for concurrent use.
type API struct {
	listener
	spec   *v1Spec
	v2     *v2Spec
	listOp *v2Op // Logs Search (ListLogs)

	mu         sync.Mutex
	pipelines  map[string]map[string]any
	order      []string
	hidden     map[string]bool // in the store but not (yet) in the order
	nextID     int
	failures   map[string][]Failure
	requests   []APIRequest
	violations []APIViolation
	apiKey     string // "" accepts any non-empty key
	appKey     string
	perms      map[string]bool // nil grants every permission
	logs       []Log           // the Logs Search store (AddLogs)
	nextLogID  int
}

// NewAPI loads the specs and starts the fake API on a local listener. Close
// stops it.
func NewAPI(opts ...Option) (*API, error) {
	return listen(NewAPIHandler(opts...))
}

// NewAPIHandler is NewAPI without a listener, for mounting the fake in
// another server.
func NewAPIHandler(opts ...Option) (*API, error) {
	o := collect(opts)
	sp, err := loadV1Spec(o.v1Spec)
	if err != nil {
		return nil, err
	}
	v2, err := loadV2Spec(o.v2Spec)
	if err != nil {
		return nil, err
	}
	search, err := v2.op(OpListLogs)
	if err != nil {
		return nil, err
	}
	s := &API{
		spec:      sp,
		v2:        v2,
		listOp:    search,
		pipelines: map[string]map[string]any{},
		hidden:    map[string]bool{},
		failures:  map[string][]Failure{},
		apiKey:    o.apiKey,
	}
	s.allowViolations = o.allowViolations
	return s, nil
}

// StartAPI is NewAPI for tests: it fails tb when a spec cannot be loaded,
// closes the server at the end of the test, and then reports every recorded
// violation as a test error, unless AllowViolations was given.
func StartAPI(tb testing.TB, opts ...Option) *API {
	tb.Helper()
	return start(tb, "API", func() (*API, error) { return NewAPI(opts...) })
}

// Close stops the listener.
func (s *API) Close() { s.closeListener() }

func (s *API) violationTexts() []string { return texts(s.Violations()) }

// SpecPath is the v1 OpenAPI document the server validates against.
func (s *API) SpecPath() string { return s.spec.path }

// V2SpecPath is the v2 OpenAPI document of the Logs Search endpoint.
func (s *API) V2SpecPath() string { return s.v2.path }

// APIViolation is a request the real API would reject for its shape (route,
// security headers, body), or a response of the fake that its own spec
// check rejected.
type APIViolation struct {
	Method, Path string
	Op           string // operationId, "" when no route matched
	Message      string
}

func (v APIViolation) String() string {
	op := v.Op
	if op == "" {
		op = "no route"
	}
	return fmt.Sprintf("%s %s (%s): %s", v.Method, v.Path, op, v.Message)
}

// Violations returns the violations recorded so far.
func (s *API) Violations() []APIViolation {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.violations)
}

// APIRequest is one recorded request. The key headers are recorded as
// Redacted when present.
type APIRequest struct {
	Method, Path string
	Op           string // operationId, "" when no route matched
	Header       http.Header
	Body         []byte // as received
	Status       int    // status the fake answered
}

// IsWrite reports whether the request could change state.
func (r APIRequest) IsWrite() bool {
	return r.Method != http.MethodGet && r.Method != http.MethodHead
}

// Requests returns every request recorded so far, oldest first.
func (s *API) Requests() []APIRequest {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.requests)
}

// Writes returns the recorded requests that could change state.
func (s *API) Writes() []APIRequest {
	var out []APIRequest
	for _, r := range s.Requests() {
		if r.IsWrite() {
			out = append(out, r)
		}
	}
	return out
}

// ResetRequests forgets the recorded requests (not the violations).
func (s *API) ResetRequests() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.requests = nil
}

// FailNext makes the next n calls of operation op (an Op… constant, or AnyOp)
// answer f instead of being served. Requests are still validated first.
func (s *API) FailNext(op string, n int, f Failure) {
	if op != AnyOp && op != OpListLogs {
		if _, ok := s.spec.ops[op]; !ok {
			panic(fmt.Sprintf("fakedatadog: FailNext: no operation %q in the spec", op))
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	for range n {
		s.failures[op] = append(s.failures[op], f)
	}
}

// SetKeys restricts the accepted keys: a request whose DD-API-KEY differs
// from apiKey, or whose DD-APPLICATION-KEY differs from appKey, gets a 403.
// An empty value accepts any key (the default).
func (s *API) SetKeys(apiKey, appKey string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.apiKey, s.appKey = apiKey, appKey
}

// SetPermissions sets the permissions of the application key's user; an
// operation whose x-permission lists none of them gets a 403. With no call,
// every permission is granted.
func (s *API) SetPermissions(perms ...string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.perms = map[string]bool{}
	for _, p := range perms {
		s.perms[p] = true
	}
}

// Permissions lists the permissions the spec's x-permission requires for op
// (any one suffices).
func (s *API) Permissions(op string) []string {
	return slices.Clone(s.permsFor(op))
}

func (s *API) permsFor(op string) []string {
	if op == OpListLogs {
		return s.listOp.perms
	}
	return s.spec.perms[op]
}

// ----- out-of-band access, as a user in the web UI -----

// ErrNoPipeline is returned by the out-of-band helpers for an unknown id.
var ErrNoPipeline = errors.New("fakedatadog: no such pipeline")

// AddPipeline stores a pipeline given as API JSON without going through the
// API (no validation, no violation), appends it to the order and returns its
// id. "is_read_only": true makes an integration-style pipeline.
func (s *API) AddPipeline(js string) (string, error) {
	var p map[string]any
	if err := json.Unmarshal([]byte(js), &p); err != nil {
		return "", fmt.Errorf("fakedatadog: AddPipeline: %w", err)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	readOnly, _ := p["is_read_only"].(bool)
	id := s.store("", p, readOnly)
	return id, nil
}

// Pipeline returns a copy of the stored pipeline as the API would return it.
func (s *API) Pipeline(id string) (map[string]any, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	p, ok := s.pipelines[id]
	if !ok {
		return nil, false
	}
	return deepCopy(p), true
}

// PipelineIDs returns the ids of all stored pipelines in order (pipelines
// hidden from the order come last).
func (s *API) PipelineIDs() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.allIDs()
}

// EditPipeline changes a stored pipeline in place; edit receives the API
// JSON as a map (changes to id, type and is_read_only are undone). edit runs
// under the server's lock and must not call the API.
func (s *API) EditPipeline(id string, edit func(p map[string]any)) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	p, ok := s.pipelines[id]
	if !ok {
		return fmt.Errorf("%w: %s", ErrNoPipeline, id)
	}
	readOnly, _ := p["is_read_only"].(bool)
	edit(p)
	p["id"], p["type"], p["is_read_only"] = id, "pipeline", readOnly
	return nil
}

// DeletePipeline removes a pipeline and its place in the order.
func (s *API) DeletePipeline(id string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.pipelines[id]; !ok {
		return fmt.Errorf("%w: %s", ErrNoPipeline, id)
	}
	s.remove(id)
	return nil
}

// Order returns the pipeline order as GET pipeline-order would.
func (s *API) Order() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.order)
}

// SetOrder replaces the order. Every stored pipeline that is not hidden must
// appear exactly once.
func (s *API) SetOrder(ids []string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if msg := s.orderProblem(ids); msg != "" {
		return errors.New("fakedatadog: SetOrder: " + msg)
	}
	s.order = slices.Clone(ids)
	for _, id := range ids {
		delete(s.hidden, id)
	}
	return nil
}

// MoveToFront moves a pipeline to the head of the order.
func (s *API) MoveToFront(id string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.pipelines[id]; !ok {
		return fmt.Errorf("%w: %s", ErrNoPipeline, id)
	}
	s.order = append([]string{id}, slices.DeleteFunc(s.order, func(x string) bool { return x == id })...)
	delete(s.hidden, id)
	return nil
}

// HideFromOrder keeps a pipeline but leaves it out of GET pipeline-order, as
// if Datadog had not yet added a new pipeline to the order. An order update
// may then include it or not.
func (s *API) HideFromOrder(id string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.pipelines[id]; !ok {
		return fmt.Errorf("%w: %s", ErrNoPipeline, id)
	}
	s.order = slices.DeleteFunc(s.order, func(x string) bool { return x == id })
	s.hidden[id] = true
	return nil
}

// ----- HTTP -----

// ServeHTTP validates the request against the spec, records it, and answers
// it: a 400/403/404/405 for an invalid request, a queued Failure, or the
// emulated API.
func (s *API) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.URL.Path == LogsSearchPath {
		s.serveSearch(w, r)
		return
	}
	c := s.spec.check(r)
	rec := APIRequest{Method: r.Method, Path: r.URL.Path, Op: c.op, Header: redactHeader(r.Header), Body: c.raw}

	var resp response
	if len(c.problems) > 0 {
		s.violate(r, c.op, c.problems...)
		resp = rejection(c)
	} else if f, ok := s.takeFailure(c.op); ok {
		if s.dropFor(w, rec, f) {
			return
		}
		resp = cannedResponse(f, apiStyle)
	} else {
		resp = s.serve(r, c)
	}
	if !resp.canned && len(c.problems) == 0 {
		if err := checkResponse(c.input, resp.status, resp.contentHeader(), resp.body); err != nil {
			s.violate(r, c.op, "fakedatadog API answered outside the spec: "+err.Error())
		}
	}
	rec.Status = resp.status
	s.record(rec)
	resp.write(w)
}

// dropFor records rec and drops the connection when f is a Disconnect.
func (s *API) dropFor(w http.ResponseWriter, rec APIRequest, f Failure) bool {
	if !f.Disconnect {
		return false
	}
	s.record(rec)
	drop(w)
	return true
}

// cannedResponse is the answer of a queued Failure, worded as st words it;
// it is not checked against the spec.
func cannedResponse(f Failure, st hostStyle) response {
	h, body := f.render(st)
	return response{status: f.Status, header: h, body: body, canned: true}
}

func (s *API) record(rec APIRequest) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.requests = append(s.requests, rec)
}

// apiStyle is how the API words a Failure: {"errors":["…"]}.
var apiStyle = hostStyle{
	errorBody:      func(_ int, detail string) string { return apiErrorsBody(detail) },
	rateLimitName:  "logs_config",
	rateLimitLimit: 60,
}

func (s *API) violate(r *http.Request, op string, msgs ...string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, m := range msgs {
		s.violations = append(s.violations, APIViolation{Method: r.Method, Path: r.URL.Path, Op: op, Message: m})
	}
}

func (s *API) takeFailure(op string) (Failure, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, k := range []string{op, AnyOp} {
		if q := s.failures[k]; len(q) > 0 {
			s.failures[k] = q[1:]
			return q[0], true
		}
	}
	return Failure{}, false
}

type response struct {
	status int
	header http.Header
	body   []byte
	canned bool // injected by FailNext or not implemented: not checked against the spec
}

func (r response) contentHeader() http.Header {
	h := r.header.Clone()
	if h == nil {
		h = http.Header{}
	}
	if h.Get("Content-Type") == "" {
		h.Set("Content-Type", "application/json")
	}
	return h
}

func (r response) write(w http.ResponseWriter) {
	for k, vs := range r.contentHeader() {
		for _, v := range vs {
			w.Header().Add(k, v)
		}
	}
	w.WriteHeader(r.status)
	_, _ = w.Write(r.body)
}

func jsonResponse(status int, v any) response {
	b, err := json.Marshal(v)
	if err != nil {
		return response{status: http.StatusInternalServerError, body: []byte(apiErrorsBody(err.Error()))}
	}
	return response{status: status, body: b}
}

func apiErrorsBody(messages ...string) string {
	if messages == nil {
		messages = []string{}
	}
	b, _ := json.Marshal(map[string]any{"errors": messages})
	return string(b)
}

func logsErrorBody(message string, details ...string) string {
	e := map[string]any{"code": "InvalidArgument", "message": message}
	if len(details) > 0 {
		var ds []map[string]any
		for _, d := range details {
			ds = append(ds, map[string]any{"code": "InvalidArgument", "message": d})
		}
		e["details"] = ds
	}
	b, _ := json.Marshal(map[string]any{"error": e})
	return string(b)
}

// rejection is the answer to an invalid request.
func rejection(c checked) response {
	switch c.status {
	case http.StatusForbidden:
		return response{status: c.status, body: []byte(apiErrorsBody("Forbidden"))}
	case http.StatusNotFound, http.StatusMethodNotAllowed:
		return response{status: c.status, body: []byte(apiErrorsBody(http.StatusText(c.status)))}
	}
	return response{status: http.StatusBadRequest, body: []byte(logsErrorBody("Invalid request", c.problems...))}
}

// serve answers a valid request.
func (s *API) serve(r *http.Request, c checked) response {
	if resp, ok := s.authorize(r, c.op); !ok {
		return resp
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	id := c.params["pipeline_id"]
	switch c.op {
	case OpValidateAPIKey:
		return jsonResponse(http.StatusOK, map[string]any{"valid": true})
	case OpListPipelines:
		out := []any{}
		for _, id := range s.allIDs() {
			out = append(out, s.pipelines[id])
		}
		return jsonResponse(http.StatusOK, out)
	case OpGetPipeline:
		p, ok := s.pipelines[id]
		if !ok {
			return notFound(id)
		}
		return jsonResponse(http.StatusOK, p)
	case OpCreatePipeline:
		var p map[string]any
		if err := json.Unmarshal(c.body, &p); err != nil {
			return response{status: http.StatusBadRequest, body: []byte(logsErrorBody(err.Error()))}
		}
		id := s.store("", p, false)
		return jsonResponse(http.StatusOK, s.pipelines[id])
	case OpUpdatePipeline:
		old, ok := s.pipelines[id]
		if !ok {
			return notFound(id)
		}
		if ro, _ := old["is_read_only"].(bool); ro {
			return response{status: http.StatusBadRequest, body: []byte(logsErrorBody("Pipeline " + id + " is read-only and cannot be updated"))}
		}
		var p map[string]any
		if err := json.Unmarshal(c.body, &p); err != nil {
			return response{status: http.StatusBadRequest, body: []byte(logsErrorBody(err.Error()))}
		}
		s.store(id, p, false)
		return jsonResponse(http.StatusOK, s.pipelines[id])
	case OpDeletePipeline:
		old, ok := s.pipelines[id]
		if !ok {
			return notFound(id)
		}
		if ro, _ := old["is_read_only"].(bool); ro {
			return response{status: http.StatusBadRequest, body: []byte(logsErrorBody("Pipeline " + id + " is read-only and cannot be deleted"))}
		}
		s.remove(id)
		return response{status: http.StatusOK, body: []byte("{}")}
	case OpGetOrder:
		return jsonResponse(http.StatusOK, map[string]any{"pipeline_ids": nonNil(s.order)})
	case OpUpdateOrder:
		var o struct {
			PipelineIDs []string `json:"pipeline_ids"`
		}
		if err := json.Unmarshal(c.body, &o); err != nil {
			return response{status: http.StatusBadRequest, body: []byte(logsErrorBody(err.Error()))}
		}
		if msg := s.orderProblem(o.PipelineIDs); msg != "" {
			return response{status: http.StatusUnprocessableEntity, body: []byte(logsErrorBody(msg))}
		}
		s.order = slices.Clone(o.PipelineIDs)
		for _, id := range o.PipelineIDs {
			delete(s.hidden, id)
		}
		return jsonResponse(http.StatusOK, map[string]any{"pipeline_ids": nonNil(s.order)})
	}
	msg := fmt.Sprintf("fakedatadog API does not implement %s", c.op)
	s.violations = append(s.violations, APIViolation{Method: r.Method, Path: r.URL.Path, Op: c.op, Message: msg})
	return response{status: http.StatusNotImplemented, body: []byte(apiErrorsBody(msg)), canned: true}
}

// authorize checks key values and permissions (their presence was checked
// against the spec already).
func (s *API) authorize(r *http.Request, op string) (response, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	forbidden := response{status: http.StatusForbidden, body: []byte(apiErrorsBody("Forbidden"))}
	if s.apiKey != "" && r.Header.Get(HeaderAPIKey) != s.apiKey {
		return forbidden, false
	}
	if op == OpValidateAPIKey {
		return response{}, true
	}
	if s.appKey != "" && r.Header.Get(HeaderAppKey) != s.appKey {
		return forbidden, false
	}
	need := s.permsFor(op)
	if s.perms == nil || len(need) == 0 {
		return response{}, true
	}
	for _, p := range need {
		if s.perms[p] {
			return response{}, true
		}
	}
	return forbidden, false
}

// notFound is what Datadog answers for an unknown pipeline id: a 400 (the
// Terraform provider relies on it), not a 404.
func notFound(id string) response {
	return response{status: http.StatusBadRequest, body: []byte(logsErrorBody("Pipeline " + id + " not found"))}
}

// store saves p under id (a new id when ""), adding the server-side fields.
// The caller holds s.mu.
func (s *API) store(id string, p map[string]any, readOnly bool) string {
	isNew := id == ""
	if isNew {
		s.nextID++
		id = fmt.Sprintf("fakedd%016d", s.nextID)
	}
	if _, ok := p["is_enabled"]; !ok {
		p["is_enabled"] = false // Datadog answers is_enabled even when not sent
	}
	p["id"], p["type"], p["is_read_only"] = id, "pipeline", readOnly
	s.pipelines[id] = p
	if isNew {
		s.order = append(s.order, id)
	}
	return id
}

// remove deletes id; the caller holds s.mu.
func (s *API) remove(id string) {
	delete(s.pipelines, id)
	delete(s.hidden, id)
	s.order = slices.DeleteFunc(s.order, func(x string) bool { return x == id })
}

// allIDs is the order followed by hidden pipelines; the caller holds s.mu.
func (s *API) allIDs() []string {
	ids := slices.Clone(s.order)
	var rest []string
	for id := range s.hidden {
		rest = append(rest, id)
	}
	slices.Sort(rest)
	return append(ids, rest...)
}

// orderProblem explains why ids is not a valid order, "" when it is. Hidden
// pipelines may be left out. The caller holds s.mu.
func (s *API) orderProblem(ids []string) string {
	seen := map[string]bool{}
	for _, id := range ids {
		if seen[id] {
			return fmt.Sprintf("Pipeline %s appears twice in the order", id)
		}
		seen[id] = true
		if _, ok := s.pipelines[id]; !ok {
			return fmt.Sprintf("Cannot map pipeline %s to an existing pipeline", id)
		}
	}
	var missing []string
	for id := range s.pipelines {
		if !seen[id] && !s.hidden[id] {
			missing = append(missing, id)
		}
	}
	if len(missing) > 0 {
		slices.Sort(missing)
		return "The order is missing pipelines " + strings.Join(missing, ", ")
	}
	return ""
}

func nonNil(ids []string) []string {
	if ids == nil {
		return []string{}
	}
	return ids
}

func deepCopy(p map[string]any) map[string]any {
	b, _ := json.Marshal(p)
	var out map[string]any
	_ = json.Unmarshal(b, &out)
	return out
}
