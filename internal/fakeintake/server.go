// Package fakeintake is a fake of Datadog's HTTP logs intake,
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
package fakeintake

import (
	"bytes"
	"compress/flate"
	"compress/gzip"
	"compress/zlib"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"sort"
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

// HeaderAPIKey is the header the intake's security scheme (apiKeyAuth) names.
// Recorded requests show it as "REDACTED".
const HeaderAPIKey = "DD-API-KEY"

// Redacted replaces the API key wherever a request is recorded.
const Redacted = "REDACTED"

// Server is the fake intake. It is an http.Handler; New and Start also serve
// it on 127.0.0.1. All methods are safe for concurrent use.
type Server struct {
	spec *spec
	ts   *httptest.Server

	closed    chan struct{}
	closeOnce sync.Once
	inFlight  atomic.Int64

	mu              sync.Mutex
	apiKey          string
	allowViolations bool
	delay           time.Duration
	next            []Failure
	standing        *Failure
	windows         []timedFailure
	conds           []condFailure
	requests        []Request
	items           []Item
	itemHook        func(Item) // when set, accepted items go here instead of items
	violations      []Violation
}

type timedFailure struct {
	until time.Time
	f     Failure
}

type condFailure struct {
	cond func() bool
	f    Failure
}

// Option configures New, NewHandler and Start.
type Option interface{ apply(*Server) error }

type optionFunc func(*Server) error

func (f optionFunc) apply(s *Server) error { return f(s) }

// WithAPIKey makes the fake answer 403 to a request whose DD-API-KEY is not
// key. Without it any non-empty key is accepted.
func WithAPIKey(key string) Option {
	return optionFunc(func(s *Server) error { s.apiKey = key; return nil })
}

// WithSpecFile validates against the v2 openapi.yaml at path instead of the
// one SpecPath finds.
func WithSpecFile(path string) Option {
	return optionFunc(func(s *Server) error {
		sp, err := loadSpec(path)
		s.spec = sp
		return err
	})
}

// WithItemHook gives each accepted item to fn, under the fake's lock and in
// the order accepted, instead of keeping it (Accepted then returns none):
// for tests that push more logs through than the test process should hold.
// Requests are still recorded.
func WithItemHook(fn func(Item)) Option {
	return optionFunc(func(s *Server) error { s.itemHook = fn; return nil })
}

// AllowViolations stops Start from failing the test for the violations
// recorded by the time the test ends.
func AllowViolations() Option {
	return optionFunc(func(s *Server) error { s.allowViolations = true; return nil })
}

// NewHandler loads the spec (once per process) and returns the fake without
// a listener, for mounting in another server; URL is then "".
func NewHandler(opts ...Option) (*Server, error) {
	s := &Server{closed: make(chan struct{})}
	for _, o := range opts {
		if err := o.apply(s); err != nil {
			return nil, err
		}
	}
	if s.spec == nil {
		sp, err := loadSpec("")
		if err != nil {
			return nil, err
		}
		s.spec = sp
	}
	return s, nil
}

// New is NewHandler plus a listener on 127.0.0.1; Close stops it.
func New(opts ...Option) (*Server, error) {
	s, err := NewHandler(opts...)
	if err != nil {
		return nil, err
	}
	s.ts = httptest.NewServer(s)
	return s, nil
}

// Start is New for tests: it fails tb when the spec cannot be loaded, closes
// the server when the test ends and then reports every violation still
// recorded as a test error, unless AllowViolations was given.
func Start(tb testing.TB, opts ...Option) *Server {
	tb.Helper()
	s, err := New(opts...)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() {
		s.Close()
		s.mu.Lock()
		allow := s.allowViolations
		s.mu.Unlock()
		if allow {
			return
		}
		for _, v := range s.Violations() {
			tb.Errorf("fakeintake: %s", v)
		}
	})
	return s
}

// URL is the base URL of the listener, e.g. "http://127.0.0.1:41234"; the
// intake is at URL()+"/api/v2/logs".
func (s *Server) URL() string {
	if s.ts == nil {
		return ""
	}
	return s.ts.URL
}

// Host is URL without the scheme, e.g. "127.0.0.1:41234": the "name" server
// variable of the Datadog client.
func (s *Server) Host() string {
	return strings.TrimPrefix(s.URL(), "http://")
}

// Close releases held responses (SetDelay) and stops the listener. It is
// safe to call more than once.
func (s *Server) Close() {
	s.closeOnce.Do(func() { close(s.closed) })
	if s.ts != nil {
		s.ts.Close()
	}
}

// SpecPath is the OpenAPI document the server validates against.
func (s *Server) SpecPath() string { return s.spec.path }

// SpecLoadTime is how long loading the spec took (once per process and path).
func (s *Server) SpecLoadTime() time.Duration { return s.spec.loadTime }

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

// Request is one recorded request.
type Request struct {
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

// Violation is a request the real intake would reject.
type Violation struct {
	Time    time.Time
	Status  int // what the fake answered
	Item    int // index of the offending log in the payload; -1 for the request
	Message string
}

// String is the status, the item index if any, and the message.
func (v Violation) String() string {
	if v.Item >= 0 {
		return fmt.Sprintf("%d: item %d: %s", v.Status, v.Item, v.Message)
	}
	return fmt.Sprintf("%d: %s", v.Status, v.Message)
}

// Accepted returns the logs accepted so far, oldest first.
func (s *Server) Accepted() []Item {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.items)
}

// Requests returns the requests answered so far, oldest first.
func (s *Server) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.requests)
}

// Violations returns the violations recorded so far.
func (s *Server) Violations() []Violation {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.violations)
}

// TakeViolations returns the violations recorded so far and forgets them,
// for a test that provokes them on purpose.
func (s *Server) TakeViolations() []Violation {
	s.mu.Lock()
	defer s.mu.Unlock()
	v := s.violations
	s.violations = nil
	return v
}

// Reset forgets the recorded requests, logs and violations.
func (s *Server) Reset() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.requests, s.items, s.violations = nil, nil, nil
}

// InFlight is the number of requests being handled, including those held by
// SetDelay.
func (s *Server) InFlight() int { return int(s.inFlight.Load()) }

// ----- failure injection -----

// Failure is a canned answer that replaces the intake's. Requests are still
// checked first: one with a missing or wrong key or an invalid payload gets
// its 4xx, not the Failure, and does not use up a FailNext.
type Failure struct {
	Status int
	Header http.Header
	Body   string // JSON; HTTPLogErrors for the canned failures
	// Disconnect closes the connection without answering (Status and Body
	// are ignored), as a crashed proxy would.
	Disconnect bool
}

func canned(status int, detail string) Failure {
	return Failure{Status: status, Body: string(errorsBody(status, detail))}
}

// ServiceUnavailable is a 503; clients should retry after a delay.
func ServiceUnavailable() Failure {
	return canned(http.StatusServiceUnavailable, "the server is not ready to handle the request")
}

// RateLimited is a 429 with Datadog's rate-limit headers; resetSeconds is
// X-RateLimit-Reset, the seconds until the window resets (the official
// client waits that long when retries are enabled). The other header values
// are illustrative.
func RateLimited(resetSeconds int) Failure {
	f := canned(http.StatusTooManyRequests, "Too many requests")
	f.Header = http.Header{}
	f.Header.Set("X-RateLimit-Limit", "1000")
	f.Header.Set("X-RateLimit-Period", "60")
	f.Header.Set("X-RateLimit-Remaining", "0")
	f.Header.Set("X-RateLimit-Reset", fmt.Sprint(resetSeconds))
	f.Header.Set("X-RateLimit-Name", "logs_intake")
	return f
}

// TooManyRequestsRetryAfter is a 429 with a Retry-After header instead of
// the X-RateLimit set.
func TooManyRequestsRetryAfter(seconds int) Failure {
	f := canned(http.StatusTooManyRequests, "Too many requests")
	f.Header = http.Header{"Retry-After": {fmt.Sprint(seconds)}}
	return f
}

// Forbidden is the 403 of an invalid API key.
func Forbidden() Failure { return canned(http.StatusForbidden, "Forbidden") }

// Unauthorized is the 401 of a missing API key.
func Unauthorized() Failure { return canned(http.StatusUnauthorized, "Unauthorized") }

// RequestTimeout is a 408; clients should retry after a delay.
func RequestTimeout() Failure { return canned(http.StatusRequestTimeout, "Request Timeout") }

// InternalError is a 500; clients should retry after a delay.
func InternalError() Failure { return canned(http.StatusInternalServerError, "Internal Server Error") }

// BadGateway is a 502, as a proxy in front of the intake would answer.
func BadGateway() Failure { return canned(http.StatusBadGateway, "Bad Gateway") }

// GatewayTimeout is a 504, as a proxy in front of the intake would answer.
func GatewayTimeout() Failure { return canned(http.StatusGatewayTimeout, "Gateway Timeout") }

// Disconnect closes the connection without an answer; the client sees an
// EOF or a connection reset. Where the ResponseWriter cannot be hijacked
// (NewHandler under another server), the handler panics with
// http.ErrAbortHandler, which net/http also turns into a dropped connection.
func Disconnect() Failure { return Failure{Disconnect: true} }

// FailNext answers the next n valid requests with f. Queued failures are
// used before any other injected failure.
func (s *Server) FailNext(n int, f Failure) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for range n {
		s.next = append(s.next, f)
	}
}

// FailFor answers every valid request with f until d has passed since the
// call.
func (s *Server) FailFor(d time.Duration, f Failure) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.windows = append(s.windows, timedFailure{until: time.Now().Add(d), f: f})
}

// FailWhile answers a valid request with f whenever cond returns true. cond
// is called for each request, outside the server's lock, and may be called
// concurrently. It stays registered until ClearFailures.
func (s *Server) FailWhile(cond func() bool, f Failure) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.conds = append(s.conds, condFailure{cond: cond, f: f})
}

// SetFailure answers every valid request with f until ClearFailure (nil
// clears it too).
func (s *Server) SetFailure(f *Failure) {
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
func (s *Server) ClearFailure() { s.SetFailure(nil) }

// ClearFailures removes every injected failure: queued, standing, timed and
// conditional.
func (s *Server) ClearFailures() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.next, s.standing, s.windows, s.conds = nil, nil, nil, nil
}

// SetDelay holds each response for d before writing it (0 to stop), to
// simulate a slow intake or a request in flight. A held response is
// released early when the client goes away or the server closes.
func (s *Server) SetDelay(d time.Duration) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.delay = d
}

// failure picks the injected failure for a valid request, if any.
func (s *Server) failure() (Failure, bool) {
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
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.inFlight.Add(1)
	defer s.inFlight.Add(-1)
	rec := Request{
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
		if err := s.spec.checkResponse(a.status, a.body); err != nil {
			a.problems = append(a.problems, "fakeintake answered outside the spec: "+err.Error())
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
		s.violations = append(s.violations, Violation{Time: rec.Time, Status: a.status, Item: -1, Message: p})
	}
	for _, p := range a.itemErrs {
		s.violations = append(s.violations, Violation{Time: rec.Time, Status: a.status, Item: p.index, Message: p.msg})
	}
	s.mu.Unlock()

	if a.drop {
		if hj, ok := w.(http.Hijacker); ok {
			if conn, _, err := hj.Hijack(); err == nil {
				_ = conn.Close()
				return
			}
		}
		panic(http.ErrAbortHandler) // closes the connection without a response
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
	return answer{status: status, body: errorsBody(status, problems...), problems: problems}
}

func (s *Server) handle(r *http.Request, rec *Request) answer {
	sp := s.spec
	if r.URL.Path != sp.route {
		return reject(http.StatusNotFound, fmt.Sprintf("%s %s: no such route (the intake serves %s %s)", r.Method, r.URL.Path, sp.method, sp.route))
	}
	if r.Method != sp.method {
		a := reject(http.StatusMethodNotAllowed, fmt.Sprintf("method %s not allowed on %s (the spec has %s)", r.Method, sp.route, sp.method))
		a.header = http.Header{"Allow": {sp.method}}
		return a
	}

	// Security: one alternative must have all its headers.
	if len(sp.security) > 0 && !slices.ContainsFunc(sp.security, func(hs []string) bool {
		return !slices.ContainsFunc(hs, func(h string) bool { return r.Header.Get(h) == "" })
	}) {
		return reject(http.StatusUnauthorized, "missing API key: the request has no "+strings.Join(sp.security[0], ", ")+" header")
	}
	s.mu.Lock()
	want := s.apiKey
	s.mu.Unlock()
	if want != "" && r.Header.Get(HeaderAPIKey) != want {
		return answer{status: http.StatusForbidden, body: errorsBody(http.StatusForbidden, "invalid API key")}
	}

	// Parameters.
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
	if len(problems) > 0 {
		return reject(http.StatusBadRequest, problems...)
	}

	// Content-Type.
	mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if err != nil {
		mt = ""
	}
	if _, ok := sp.content[mt]; !ok {
		return reject(http.StatusBadRequest, fmt.Sprintf("Content-Type %q is not one of %s", r.Header.Get("Content-Type"), strings.Join(sp.mediaTypes(), ", ")))
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
		return answer{status: http.StatusBadRequest, body: errorsBody(http.StatusBadRequest, details...), itemErrs: itemErrs}
	}

	if f, ok := s.failure(); ok {
		return answer{status: f.Status, header: f.Header, body: []byte(f.Body), injected: true, drop: f.Disconnect}
	}
	return answer{status: http.StatusAccepted, body: []byte("{}"), items: items}
}

// ValidateItem checks one log, as JSON, against the spec's HTTPLogItem
// schema, as the fake checks each log of a request: for tests of code that
// encodes items itself.
func (s *Server) ValidateItem(item []byte) error {
	var v any
	if err := json.Unmarshal(item, &v); err != nil {
		return err
	}
	if err := s.spec.item.VisitJSON(v, openapi3.MultiErrors()); err != nil {
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

func (sp *spec) mediaTypes() []string {
	var mts []string
	for mt := range sp.content {
		mts = append(mts, mt)
	}
	sort.Strings(mts)
	return mts
}

// checkResponse validates one of the fake's own answers against the spec.
func (sp *spec) checkResponse(status int, body []byte) error {
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

// errorsBody is Datadog's HTTPLogErrors body, one error per detail.
func errorsBody(status int, details ...string) []byte {
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

func redactHeader(h http.Header) http.Header {
	out := h.Clone()
	for k := range out {
		if strings.EqualFold(k, HeaderAPIKey) {
			out[k] = []string{Redacted}
		}
	}
	return out
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
