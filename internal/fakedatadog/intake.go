package fakedatadog

// The intake host: a fake of Datadog's HTTP logs intake,
// POST /api/v2/logs, for tests of code that ships logs.
//
// Every request is checked against Datadog's own v2 OpenAPI document, the one
// that ships inside github.com/DataDog/datadog-api-client-go/v2
// (.generator/schemas/v2/openapi.yaml, found with `go list -m` or
// $RELEVEL_DD_OPENAPI_V2): the method and path, the DD-API-KEY header its
// security scheme names, the Content-Encoding header against the
// ContentEncoding enum (identity, gzip, deflate; none is identity too), the
// Content-Type against requestBody.content, and, after decompression, each log
// of the JSON array (or the single JSON object the intake also takes) against
// the HTTPLogItem schema: message is a required string; ddsource, ddtags,
// hostname and service are strings; other attributes are free.
//
// On top of the schema the fake applies the limits the operation's
// description states: a payload over MaxPayloadBytes uncompressed is answered
// 413, an array of more than MaxItems logs 400, and a log over MaxItemBytes
// is accepted with its message truncated (Item.Truncated).
//
// Answers follow the spec: 202 with "{}" when accepted; 400, 401 (no key),
// 403 (wrong key, see WithAPIKey) and 413 with the HTTPLogErrors body
// {"errors":[{"status":"400","title":"Bad Request","detail":"…"}]}. A request
// the real intake would reject is also recorded as a Violation; Start fails
// the test for any violation left at cleanup (see TakeViolations and
// AllowViolations).
//
// Tests inject failures with FailNext, FailFor, FailWhile and SetFailure
// (canned: ServiceUnavailable, RateLimited, TooManyRequestsRetryAfter,
// Forbidden, Unauthorized, RequestTimeout, InternalError, BadGateway,
// GatewayTimeout, Disconnect), hold responses with SetDelay, and inspect
// Accepted, Requests and Violations. The API key is never recorded.

import (
	"bytes"
	"compress/flate"
	"compress/gzip"
	"compress/zlib"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/getkin/kin-openapi/openapi3"
)

// Limits of the intake, from the SubmitLog description in the spec ("5MB",
// "1MB", "1000 entries"). The spec does not say whether MB means 10^6 or
// 2^20 bytes; the fake takes the binary reading, the larger one, so it never
// rejects a payload the real intake would take.
const (
	MaxPayloadBytes = 5 * 1024 * 1024 // uncompressed body; more → 413
	MaxItemBytes    = 1024 * 1024     // one log's JSON; more → message truncated
	MaxItems        = 1000            // logs per array; more → 400
)

// Intake is the fake intake. It is an http.Handler; New and Start also serve
// it on 127.0.0.1. All methods are safe for concurrent use.
type Intake struct {
	listener
	spec *v2Spec
	op   *v2Op // SubmitLog

	closed    chan struct{}
	closeOnce sync.Once
	inFlight  atomic.Int64

	mu         sync.Mutex
	apiKey     string
	delay      time.Duration
	next       []Failure
	standing   *Failure
	windows    []timedFailure
	conds      []condFailure
	requests   []IntakeRequest
	items      []Item
	itemHook   func(Item) // when set, accepted items go here instead of items
	violations []IntakeViolation
}

type timedFailure struct {
	until time.Time
	f     Failure
}

type condFailure struct {
	cond func() bool
	f    Failure
}

// NewIntakeHandler loads the spec (once per process) and returns the fake
// intake without a listener, for mounting in another server; URL is then "".
func NewIntakeHandler(opts ...Option) (*Intake, error) {
	o := collect(opts)
	d, err := loadV2Spec(o.v2Spec)
	if err != nil {
		return nil, err
	}
	op, err := d.op(OperationID)
	if err != nil {
		return nil, err
	}
	s := &Intake{spec: d, op: op, closed: make(chan struct{}), apiKey: o.apiKey, itemHook: o.itemHook}
	s.allowViolations = o.allowViolations
	return s, nil
}

// NewIntake is NewIntakeHandler plus a listener on 127.0.0.1; Close stops
// it.
func NewIntake(opts ...Option) (*Intake, error) {
	return listen(NewIntakeHandler(opts...))
}

// StartIntake is NewIntake for tests: it fails tb when the spec cannot be
// loaded, closes the server when the test ends and then reports every
// violation still recorded as a test error, unless AllowViolations was
// given.
func StartIntake(tb testing.TB, opts ...Option) *Intake {
	tb.Helper()
	return start(tb, "intake", func() (*Intake, error) { return NewIntake(opts...) })
}

// Close releases held responses (SetDelay) and stops the listener. It is
// safe to call more than once.
func (s *Intake) Close() {
	s.closeOnce.Do(func() { close(s.closed) })
	s.closeListener()
}

func (s *Intake) violationTexts() []string { return texts(s.Violations()) }

// SpecPath is the OpenAPI document the server validates against.
func (s *Intake) SpecPath() string { return s.spec.path }

// SpecLoadTime is how long loading the spec took (once per process and path).
func (s *Intake) SpecLoadTime() time.Duration { return s.spec.loadTime }

// ----- records -----

// Item is one log the fake accepted.
type Item struct {
	// Fields is the decoded log, with its message truncated when Truncated.
	Fields map[string]any
	// Raw is the log's JSON as received (not truncated).
	Raw json.RawMessage
	// Truncated reports that the log was over MaxItemBytes and its message
	// was cut, as the real intake does.
	Truncated bool
	// Request is the index in Requests of the request that carried it.
	Request int
}

// Message is Fields["message"] ("" when it is not a string).
func (it Item) Message() string {
	m, _ := it.Fields["message"].(string)
	return m
}

// Attr is Fields[key] when it is a string, else "".
func (it Item) Attr(key string) string {
	v, _ := it.Fields[key].(string)
	return v
}

// IntakeRequest is one recorded request.
type IntakeRequest struct {
	Time     time.Time // when it arrived
	Method   string
	Path     string
	RawQuery string      // dd-api-key, if sent as a parameter, is redacted
	Header   http.Header // DD-API-KEY is redacted
	// ContentEncoding and ContentType are the request's headers.
	ContentEncoding, ContentType string
	// CompressedBytes is the body's size as received; UncompressedBytes its
	// size after decoding (at most MaxPayloadBytes+1: reading stops there).
	CompressedBytes, UncompressedBytes int
	// Items is how many logs the body held (0 when it did not parse).
	Items int
	// Status is what the fake answered; Injected reports that it came from
	// an injected Failure.
	Status   int
	Injected bool
	// ClientGone reports that the client went away (or the server closed)
	// while the response was held by SetDelay. The logs were still accepted,
	// as a real server may accept what its client never hears about.
	ClientGone bool
}

// IntakeViolation is a request the real intake would reject.
type IntakeViolation struct {
	Time    time.Time
	Status  int // what the fake answered
	Item    int // index of the offending log in the payload; -1 for the request
	Message string
}

// String is the status, the item index if any, and the message.
func (v IntakeViolation) String() string {
	if v.Item >= 0 {
		return fmt.Sprintf("%d: item %d: %s", v.Status, v.Item, v.Message)
	}
	return fmt.Sprintf("%d: %s", v.Status, v.Message)
}

// Accepted returns the logs accepted so far, oldest first.
func (s *Intake) Accepted() []Item {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.items)
}

// Requests returns the requests answered so far, oldest first.
func (s *Intake) Requests() []IntakeRequest {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.requests)
}

// Violations returns the violations recorded so far.
func (s *Intake) Violations() []IntakeViolation {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.violations)
}

// TakeViolations returns the violations recorded so far and forgets them,
// for a test that provokes them on purpose.
func (s *Intake) TakeViolations() []IntakeViolation {
	s.mu.Lock()
	defer s.mu.Unlock()
	v := s.violations
	s.violations = nil
	return v
}

// Reset forgets the recorded requests, logs and violations.
func (s *Intake) Reset() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.requests, s.items, s.violations = nil, nil, nil
}

// InFlight is the number of requests being handled, including those held by
// SetDelay.
func (s *Intake) InFlight() int { return int(s.inFlight.Load()) }

// ----- failure injection -----

// FailNext answers the next n valid requests with f. Queued failures are
// used before any other injected failure.
func (s *Intake) FailNext(n int, f Failure) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for range n {
		s.next = append(s.next, f)
	}
}

// FailFor answers every valid request with f until d has passed since the
// call.
func (s *Intake) FailFor(d time.Duration, f Failure) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.windows = append(s.windows, timedFailure{until: time.Now().Add(d), f: f})
}

// FailWhile answers a valid request with f whenever cond returns true. cond
// is called for each request, outside the server's lock, and may be called
// concurrently. It stays registered until ClearFailures.
func (s *Intake) FailWhile(cond func() bool, f Failure) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.conds = append(s.conds, condFailure{cond: cond, f: f})
}

// SetFailure answers every valid request with f until ClearFailure (nil
// clears it too).
func (s *Intake) SetFailure(f *Failure) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if f == nil {
		s.standing = nil
		return
	}
	c := *f
	s.standing = &c
}

// ClearFailure undoes SetFailure.
func (s *Intake) ClearFailure() { s.SetFailure(nil) }

// ClearFailures removes every injected failure: queued, standing, timed and
// conditional.
func (s *Intake) ClearFailures() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.next, s.standing, s.windows, s.conds = nil, nil, nil, nil
}

// SetDelay holds each response for d before writing it (0 to stop), to
// simulate a slow intake or a request in flight. A held response is
// released early when the client goes away or the server closes.
func (s *Intake) SetDelay(d time.Duration) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.delay = d
}

// failure picks the injected failure for a valid request, if any.
func (s *Intake) failure() (Failure, bool) {
	s.mu.Lock()
	if len(s.next) > 0 {
		f := s.next[0]
		s.next = s.next[1:]
		s.mu.Unlock()
		return f, true
	}
	if s.standing != nil {
		f := *s.standing
		s.mu.Unlock()
		return f, true
	}
	now := time.Now()
	s.windows = slices.DeleteFunc(s.windows, func(w timedFailure) bool { return !now.Before(w.until) })
	if len(s.windows) > 0 {
		f := s.windows[0].f
		s.mu.Unlock()
		return f, true
	}
	conds := slices.Clone(s.conds)
	s.mu.Unlock()
	for _, c := range conds {
		if c.cond() {
			return c.f, true
		}
	}
	return Failure{}, false
}

// ----- HTTP -----

// answer is the outcome of handling one request.
type answer struct {
	status   int
	header   http.Header
	body     []byte
	injected bool
	drop     bool     // Disconnect
	problems []string // violations, each for the whole request
	itemErrs []itemProblem
	items    []Item
}

type itemProblem struct {
	index int
	msg   string
}

// ServeHTTP checks the request in the order the intake would: route (404,
// 405), key present (401), key value (403, see WithAPIKey), parameters and
// Content-Type (400), uncompressed size (413), JSON, number of logs and
// HTTPLogItem schema (400). It answers the first failed check, else an
// injected Failure, else 202 "{}"; it records the request once answered.
func (s *Intake) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.inFlight.Add(1)
	defer s.inFlight.Add(-1)
	rec := IntakeRequest{
		Time:            time.Now(),
		Method:          r.Method,
		Path:            r.URL.Path,
		RawQuery:        redactQuery(r.URL.RawQuery),
		Header:          redactHeader(r.Header),
		ContentEncoding: r.Header.Get("Content-Encoding"),
		ContentType:     r.Header.Get("Content-Type"),
	}
	a := s.handle(r, &rec)
	if !a.injected {
		if err := s.op.checkResponse(a.status, a.body); err != nil {
			a.problems = append(a.problems, "fakedatadog intake answered outside the spec: "+err.Error())
		}
	}

	s.mu.Lock()
	delay := s.delay
	s.mu.Unlock()
	if delay > 0 {
		t := time.NewTimer(delay)
		select {
		case <-t.C:
		case <-r.Context().Done():
			rec.ClientGone = true
		case <-s.closed:
			rec.ClientGone = true
		}
		t.Stop()
	}

	rec.Status, rec.Injected = a.status, a.injected
	s.mu.Lock()
	idx := len(s.requests)
	s.requests = append(s.requests, rec)
	for _, it := range a.items {
		it.Request = idx
		if s.itemHook != nil {
			s.itemHook(it)
			continue
		}
		s.items = append(s.items, it)
	}
	for _, p := range a.problems {
		s.violations = append(s.violations, IntakeViolation{Time: rec.Time, Status: a.status, Item: -1, Message: p})
	}
	for _, p := range a.itemErrs {
		s.violations = append(s.violations, IntakeViolation{Time: rec.Time, Status: a.status, Item: p.index, Message: p.msg})
	}
	s.mu.Unlock()

	if a.drop {
		drop(w)
		return
	}
	if rec.ClientGone {
		return
	}
	for k, vs := range a.header {
		w.Header()[k] = slices.Clone(vs)
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(a.status)
	_, _ = w.Write(a.body)
}

// reject is an answer for a request the real intake would refuse.
func reject(status int, problems ...string) answer {
	return answer{status: status, body: intakeErrorsBody(status, problems...), problems: problems}
}

func (s *Intake) handle(r *http.Request, rec *IntakeRequest) answer {
	sp := s.op
	if r.URL.Path != sp.route {
		return reject(http.StatusNotFound, fmt.Sprintf("%s %s: no such route (the intake serves %s %s)", r.Method, r.URL.Path, sp.method, sp.route))
	}
	if r.Method != sp.method {
		a := reject(http.StatusMethodNotAllowed, fmt.Sprintf("method %s not allowed on %s (the spec has %s)", r.Method, sp.route, sp.method))
		a.header = http.Header{"Allow": {sp.method}}
		return a
	}

	// Security: one alternative must have all its headers.
	if msg := sp.missingKey(r); msg != "" {
		return reject(http.StatusUnauthorized, msg)
	}
	s.mu.Lock()
	want := s.apiKey
	s.mu.Unlock()
	if want != "" && r.Header.Get(HeaderAPIKey) != want {
		return answer{status: http.StatusForbidden, body: intakeErrorsBody(http.StatusForbidden, "invalid API key")}
	}

	// Parameters.
	if problems := sp.paramProblems(r); len(problems) > 0 {
		return reject(http.StatusBadRequest, problems...)
	}

	// Content-Type.
	mt, problem := sp.mediaType(r)
	if problem != "" {
		return reject(http.StatusBadRequest, problem)
	}

	// Body: read (bounded), decode, bound the decoded size.
	raw, err := io.ReadAll(io.LimitReader(r.Body, 2*MaxPayloadBytes+1))
	rec.CompressedBytes = len(raw)
	if err != nil {
		return reject(http.StatusBadRequest, "reading the body: "+err.Error())
	}
	body, err := decode(r.Header.Get("Content-Encoding"), raw, len(raw) > 2*MaxPayloadBytes)
	rec.UncompressedBytes = len(body)
	if errors.Is(err, errTooLarge) || len(body) > MaxPayloadBytes {
		return reject(http.StatusRequestEntityTooLarge, fmt.Sprintf("payload is over %d bytes uncompressed", MaxPayloadBytes))
	}
	if err != nil {
		return reject(http.StatusBadRequest, err.Error())
	}
	if len(bytes.TrimSpace(body)) == 0 {
		if sp.bodyRequired {
			return reject(http.StatusBadRequest, "the request body is required")
		}
	}

	var raws []json.RawMessage
	if mt == "application/json" {
		raws, err = splitJSON(body)
		if err != nil {
			return reject(http.StatusBadRequest, err.Error())
		}
	} else {
		// text/plain and application/logplex-1: one log per line.
		if sch := sp.content[mt]; sch != nil {
			if err := sch.VisitJSON(string(body)); err != nil {
				return reject(http.StatusBadRequest, errText(err))
			}
		}
		for line := range strings.SplitSeq(string(body), "\n") {
			if line = strings.TrimRight(line, "\r"); strings.TrimSpace(line) != "" {
				b, _ := json.Marshal(map[string]string{"message": line})
				raws = append(raws, b)
			}
		}
	}
	rec.Items = len(raws)
	if len(raws) > MaxItems {
		return reject(http.StatusBadRequest, fmt.Sprintf("the payload has %d logs, more than %d", len(raws), MaxItems))
	}

	items := make([]Item, 0, len(raws))
	var itemErrs []itemProblem
	for i, rm := range raws {
		var v any
		if err := json.Unmarshal(rm, &v); err != nil {
			itemErrs = append(itemErrs, itemProblem{i, err.Error()})
			continue
		}
		if err := sp.item.VisitJSON(v, openapi3.MultiErrors()); err != nil {
			for _, m := range errTexts(err) {
				itemErrs = append(itemErrs, itemProblem{i, m})
			}
			continue
		}
		fields, _ := v.(map[string]any)
		it := Item{Fields: fields, Raw: rm}
		if len(rm) > MaxItemBytes {
			it.Truncated = true
			if msg, ok := fields["message"].(string); ok {
				fields["message"] = truncate(msg, len(msg)-(len(rm)-MaxItemBytes))
			}
		}
		items = append(items, it)
	}
	if len(itemErrs) > 0 {
		details := make([]string, len(itemErrs))
		for i, p := range itemErrs {
			details[i] = fmt.Sprintf("item %d: %s", p.index, p.msg)
		}
		return answer{status: http.StatusBadRequest, body: intakeErrorsBody(http.StatusBadRequest, details...), itemErrs: itemErrs}
	}

	if f, ok := s.failure(); ok {
		h, body := f.render(intakeStyle)
		return answer{status: f.Status, header: h, body: body, injected: true, drop: f.Disconnect}
	}
	return answer{status: http.StatusAccepted, body: []byte("{}"), items: items}
}

// ValidateItem checks one log, as JSON, against the spec's HTTPLogItem
// schema, as the fake checks each log of a request: for tests of code that
// encodes items itself.
func (s *Intake) ValidateItem(item []byte) error {
	var v any
	if err := json.Unmarshal(item, &v); err != nil {
		return err
	}
	if err := s.op.item.VisitJSON(v, openapi3.MultiErrors()); err != nil {
		return errors.New(strings.Join(errTexts(err), "; "))
	}
	return nil
}

var errTooLarge = errors.New("too large")

// decode undoes Content-Encoding, reading at most MaxPayloadBytes+1 bytes.
func decode(encoding string, raw []byte, truncated bool) ([]byte, error) {
	var rd io.Reader
	switch strings.ToLower(strings.TrimSpace(encoding)) {
	case "", "identity":
		if truncated || len(raw) > MaxPayloadBytes {
			return raw[:MaxPayloadBytes+1], errTooLarge
		}
		return raw, nil
	case "gzip":
		zr, err := gzip.NewReader(bytes.NewReader(raw))
		if err != nil {
			return nil, fmt.Errorf("Content-Encoding gzip: %w", err)
		}
		rd = zr
	case "deflate":
		// HTTP's deflate is zlib (RFC 1950), which the official client
		// sends; some clients send raw DEFLATE (RFC 1951): take both.
		if zr, err := zlib.NewReader(bytes.NewReader(raw)); err == nil {
			rd = zr
		} else {
			rd = flate.NewReader(bytes.NewReader(raw))
		}
	default: // the spec check rejected it already
		return nil, fmt.Errorf("unsupported Content-Encoding %q", encoding)
	}
	out, err := io.ReadAll(io.LimitReader(rd, MaxPayloadBytes+1))
	if len(out) > MaxPayloadBytes || truncated {
		return out, errTooLarge
	}
	if err != nil {
		return out, fmt.Errorf("Content-Encoding %s: %w", encoding, err)
	}
	return out, nil
}

// splitJSON returns the logs of a JSON body: the elements of an array, or
// the body itself when it is one object. (The spec's HTTPLog schema is an
// array only, but its own default example, the description and the real
// intake take a single object too.)
func splitJSON(body []byte) ([]json.RawMessage, error) {
	body = bytes.TrimSpace(body)
	if !json.Valid(body) {
		var v any
		err := json.Unmarshal(body, &v)
		return nil, fmt.Errorf("malformed JSON: %w", err)
	}
	switch body[0] {
	case '[':
		var raws []json.RawMessage
		if err := json.Unmarshal(body, &raws); err != nil {
			return nil, fmt.Errorf("malformed JSON: %w", err)
		}
		return raws, nil
	case '{':
		return []json.RawMessage{slices.Clone(body)}, nil
	}
	return nil, fmt.Errorf("the body is %s, not a JSON array of logs or one log object", kindOf(body))
}

func kindOf(b []byte) string {
	switch b[0] {
	case 'n':
		return "null"
	case '"':
		return "a string"
	case 't', 'f':
		return "a boolean"
	}
	return "a number"
}

// truncate cuts s to at most n bytes on a rune boundary.
func truncate(s string, n int) string {
	if n <= 0 {
		return ""
	}
	if n >= len(s) {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

// intakeStyle is how the intake words a Failure: HTTPLogErrors.
var intakeStyle = hostStyle{
	errorBody:      func(status int, detail string) string { return string(intakeErrorsBody(status, detail)) },
	rateLimitName:  "logs_intake",
	rateLimitLimit: 1000,
}

// intakeErrorsBody is Datadog's HTTPLogErrors body, one error per detail.
func intakeErrorsBody(status int, details ...string) []byte {
	type e struct {
		Status string `json:"status"`
		Title  string `json:"title"`
		Detail string `json:"detail,omitempty"`
	}
	errs := []e{}
	if len(details) == 0 {
		details = []string{""}
	}
	for _, d := range details {
		errs = append(errs, e{Status: fmt.Sprint(status), Title: http.StatusText(status), Detail: d})
	}
	b, _ := json.Marshal(map[string]any{"errors": errs})
	return b
}

// errTexts flattens kin-openapi's MultiError into one message per failure.
func errTexts(err error) []string {
	var me openapi3.MultiError
	if errors.As(err, &me) {
		var out []string
		for _, e := range me {
			out = append(out, errTexts(e)...)
		}
		return out
	}
	return []string{errText(err)}
}

// errText is the first line of a schema error: kin-openapi appends the
// schema and the value, which would repeat a whole 1 MB message.
func errText(err error) string {
	var se *openapi3.SchemaError
	if errors.As(err, &se) {
		where := strings.Join(se.JSONPointer(), "/")
		if where != "" && !strings.Contains(se.Reason, fmt.Sprintf("%q", where)) {
			return fmt.Sprintf("%s: %s", where, se.Reason)
		}
		return se.Reason
	}
	msg, _, _ := strings.Cut(err.Error(), "\n")
	return msg
}

func redactQuery(q string) string {
	if q == "" || !strings.Contains(strings.ToLower(q), "api") {
		return q
	}
	v, err := url.ParseQuery(q)
	if err != nil {
		return "unparseable query (" + Redacted + ")"
	}
	for k := range v {
		if strings.EqualFold(k, "dd-api-key") || strings.EqualFold(k, "api_key") {
			v[k] = []string{Redacted}
		}
	}
	return v.Encode()
}
