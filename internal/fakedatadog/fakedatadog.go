// Package fakedatadog is an in-memory fake of Datadog for tests, serving its
// two hosts the way the real site splits them:
//
//   - API (api.datadoghq.com; StartAPI, NewAPI): the Logs Pipelines API (v1:
//     pipelines and the pipeline order, GET /api/v1/validate) and the Logs
//     Search API (v2: POST /api/v2/logs/events/search, over a store of logs
//     the test seeds with AddLogs).
//   - Intake (http-intake.logs.datadoghq.com; StartIntake, NewIntake): the
//     HTTP logs intake, POST /api/v2/logs.
//
// Both check every request, and their own answers, against Datadog's own
// OpenAPI documents, the ones that ship inside
// github.com/DataDog/datadog-api-client-go/v2 (.generator/schemas/v1 and v2,
// found with `go list -m`, or $RELEVEL_DD_OPENAPI_V1 and
// $RELEVEL_DD_OPENAPI_V2): the v1 document through kin-openapi's router, the
// 8.9 MB v2 document by slicing out only the operations the fakes serve (see
// v2spec.go). A request the real site would reject is answered as it would
// be and recorded as a violation; Start fails the test for any violation
// left at its end.
//
// Tests inject failures (Failure: RateLimited, Forbidden, InternalError, …,
// queued with FailNext), restrict keys and permissions, and inspect every
// request. The keys are never recorded: DD-API-KEY and DD-APPLICATION-KEY
// show as Redacted.
package fakedatadog

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// Header names the hosts check for and redact when recording.
const (
	HeaderAPIKey = "DD-API-KEY"
	HeaderAppKey = "DD-APPLICATION-KEY"
)

// Redacted replaces the keys wherever a request is recorded.
const Redacted = "REDACTED"

// Option configures either host (StartAPI, StartIntake, …). An option that
// means nothing to a host is ignored by it, as its doc says.
type Option interface{ apply(*options) }

type optionFunc func(*options)

func (f optionFunc) apply(o *options) { f(o) }

type options struct {
	v1Spec, v2Spec  string
	apiKey          string
	itemHook        func(Item)
	allowViolations bool
}

func collect(opts []Option) options {
	var o options
	for _, opt := range opts {
		opt.apply(&o)
	}
	return o
}

// WithV1Spec validates the API's v1 endpoints against the openapi.yaml at
// path instead of the one V1SpecPath finds. The intake ignores it.
func WithV1Spec(path string) Option { return optionFunc(func(o *options) { o.v1Spec = path }) }

// WithV2Spec validates the intake, and the API's v2 endpoints, against the
// openapi.yaml at path instead of the one V2SpecPath finds.
func WithV2Spec(path string) Option { return optionFunc(func(o *options) { o.v2Spec = path }) }

// WithAPIKey makes the host answer 403 to a request whose DD-API-KEY is not
// key. Without it any non-empty key is accepted. (The API's SetKeys sets
// the application key too.)
func WithAPIKey(key string) Option { return optionFunc(func(o *options) { o.apiKey = key }) }

// WithItemHook gives each log the intake accepts to fn, under the intake's
// lock and in the order accepted, instead of keeping it (Accepted then
// returns none): for tests that push more logs through than the test
// process should hold. Requests are still recorded. The API ignores it.
func WithItemHook(fn func(Item)) Option { return optionFunc(func(o *options) { o.itemHook = fn }) }

// AllowViolations stops Start from failing the test for the violations
// recorded by the time the test ends.
func AllowViolations() Option { return optionFunc(func(o *options) { o.allowViolations = true }) }

// ----- failures -----

// Failure is a canned answer that replaces a host's. Requests are still
// checked first: one with a missing key or an invalid body gets its 4xx, not
// the Failure, and does not use it up.
type Failure struct {
	Status int
	Header http.Header
	// Body is the JSON answered; "" answers the host's own error body for
	// Status (the API's {"errors":["…"]}, the intake's HTTPLogErrors).
	Body string
	// Disconnect closes the connection without answering (Status and Body
	// are ignored), as a crashed proxy would.
	Disconnect bool

	detail    string // the message of the host's error body
	rateLimit bool   // the host adds its X-RateLimit-Limit and -Name
}

func canned(status int, detail string) Failure { return Failure{Status: status, detail: detail} }

// hostStyle is how a host words the parts of a Failure it fills in.
type hostStyle struct {
	errorBody func(status int, detail string) string
	// rateLimitName and rateLimitLimit are the X-RateLimit-Name and
	// -Limit of a RateLimited answer (illustrative values).
	rateLimitName  string
	rateLimitLimit int
}

// render returns the header and body f answers on a host of style st.
func (f Failure) render(st hostStyle) (http.Header, []byte) {
	h := f.Header.Clone()
	if f.rateLimit {
		if h == nil {
			h = http.Header{}
		}
		if h.Get("X-RateLimit-Limit") == "" {
			h.Set("X-RateLimit-Limit", fmt.Sprint(st.rateLimitLimit))
		}
		if h.Get("X-RateLimit-Name") == "" {
			h.Set("X-RateLimit-Name", st.rateLimitName)
		}
	}
	body := f.Body
	if body == "" && !f.Disconnect {
		body = st.errorBody(f.Status, f.detail)
	}
	return h, []byte(body)
}

// RateLimited is a 429 with Datadog's rate-limit headers; resetSeconds is
// X-RateLimit-Reset, the seconds until the window resets (the official
// client, and relevel's, wait that long before retrying). The host adds an
// X-RateLimit-Limit and -Name of its own; the values are illustrative.
func RateLimited(resetSeconds int) Failure {
	f := canned(http.StatusTooManyRequests, "Too many requests")
	f.rateLimit = true
	f.Header = http.Header{}
	f.Header.Set("X-RateLimit-Period", "60")
	f.Header.Set("X-RateLimit-Remaining", "0")
	f.Header.Set("X-RateLimit-Reset", fmt.Sprint(resetSeconds))
	return f
}

// TooManyRequestsRetryAfter is a 429 with a Retry-After header instead of
// the X-RateLimit set.
func TooManyRequestsRetryAfter(seconds int) Failure {
	f := canned(http.StatusTooManyRequests, "Too many requests")
	f.Header = http.Header{"Retry-After": {fmt.Sprint(seconds)}}
	return f
}

// Forbidden is the 403 Datadog gives for a bad key or a missing permission.
func Forbidden() Failure { return canned(http.StatusForbidden, "Forbidden") }

// Unauthorized is the 401 of a missing API key.
func Unauthorized() Failure { return canned(http.StatusUnauthorized, "Unauthorized") }

// InternalError is a 500; clients should retry after a delay.
func InternalError() Failure { return canned(http.StatusInternalServerError, "Internal Server Error") }

// ServiceUnavailable is a 503; clients should retry after a delay.
func ServiceUnavailable() Failure {
	return canned(http.StatusServiceUnavailable, "the server is not ready to handle the request")
}

// RequestTimeout is a 408; clients should retry after a delay.
func RequestTimeout() Failure { return canned(http.StatusRequestTimeout, "Request Timeout") }

// BadGateway is a 502, as a proxy in front of Datadog would answer.
func BadGateway() Failure { return canned(http.StatusBadGateway, "Bad Gateway") }

// GatewayTimeout is a 504, as a proxy in front of Datadog would answer.
func GatewayTimeout() Failure { return canned(http.StatusGatewayTimeout, "Gateway Timeout") }

// Disconnect closes the connection without an answer; the client sees an
// EOF or a connection reset. Where the ResponseWriter cannot be hijacked
// (a handler mounted under another server), the handler panics with
// http.ErrAbortHandler, which net/http also turns into a dropped connection.
func Disconnect() Failure { return Failure{Disconnect: true} }

// BadRequest is a 400 with the API's generic body {"errors":[messages…]}.
func BadRequest(messages ...string) Failure {
	return Failure{Status: http.StatusBadRequest, Body: apiErrorsBody(messages...)}
}

// LogsBadRequest is a 400 with the Logs Pipelines API's body
// {"error":{"code":"InvalidArgument","message":…,"details":[…]}}.
func LogsBadRequest(message string, details ...string) Failure {
	return Failure{Status: http.StatusBadRequest, Body: logsErrorBody(message, details...)}
}

// drop closes the connection of w without an answer (Failure.Disconnect).
func drop(w http.ResponseWriter) {
	if hj, ok := w.(http.Hijacker); ok {
		if conn, _, err := hj.Hijack(); err == nil {
			_ = conn.Close()
			return
		}
	}
	panic(http.ErrAbortHandler) // closes the connection without a response
}

// redactHeader is h with the key headers' values replaced by Redacted.
func redactHeader(h http.Header) http.Header {
	out := h.Clone()
	for k := range out {
		if strings.EqualFold(k, HeaderAPIKey) || strings.EqualFold(k, HeaderAppKey) {
			out[k] = []string{Redacted}
		}
	}
	return out
}

// ----- the listener and the test helpers both hosts share -----

// listener is a host's httptest listener and its violation policy.
type listener struct {
	ts *httptest.Server
	// allowViolations is set once, at construction.
	allowViolations bool
}

// URL is the base URL of the listener, e.g. "http://127.0.0.1:41234"; ""
// for a handler without one.
func (l *listener) URL() string {
	if l.ts == nil {
		return ""
	}
	return l.ts.URL
}

// Host is URL without the scheme, e.g. "127.0.0.1:41234": the "name" server
// variable of the Datadog client.
func (l *listener) Host() string { return strings.TrimPrefix(l.URL(), "http://") }

func (l *listener) closeListener() {
	if l.ts != nil {
		l.ts.Close()
	}
}

// host is what listen and start need of a host.
type host interface {
	http.Handler
	setListener(*httptest.Server)
	Close()
	allowsViolations() bool
	violationTexts() []string
}

func (l *listener) setListener(ts *httptest.Server) { l.ts = ts }
func (l *listener) allowsViolations() bool          { return l.allowViolations }

// listen serves h on a local listener (the New… constructors).
func listen[H host](h H, err error) (H, error) {
	if err != nil {
		return h, err
	}
	h.setListener(httptest.NewServer(h))
	return h, nil
}

// start is the Start… helpers: newHost or fail tb; at the end of the test,
// close the host and report its violations unless they are allowed.
func start[H host](tb testing.TB, name string, newHost func() (H, error)) H {
	tb.Helper()
	h, err := newHost()
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() {
		h.Close()
		if h.allowsViolations() {
			return
		}
		for _, v := range h.violationTexts() {
			tb.Errorf("fakedatadog %s: %s", name, v)
		}
	})
	return h
}

// texts is the String of each violation.
func texts[V fmt.Stringer](vs []V) []string {
	out := make([]string, len(vs))
	for i, v := range vs {
		out[i] = v.String()
	}
	return out
}
