// Package ddapi applies a Datadog Logs pipeline through the official Go client
// (datadog-api-client-go, LogsPipelinesApi): it finds the pipeline by name,
// plans a create, an in-place update or nothing by comparing normalised JSON
// (server-added fields and API defaults do not count as differences), shows a
// unified diff, and keeps the pipeline first in the pipeline order, because
// only the first status remapper that touches a log takes effect.
//
// Errors keep Datadog's own message, name the processor a 400 is about when it
// can be told, say which key or permission a 403 points at, and never contain
// the API or application key. 429 answers are retried after the
// X-RateLimit-Reset delay.
package ddapi

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/DataDog/datadog-api-client-go/v2/api/datadog"
	"github.com/DataDog/datadog-api-client-go/v2/api/datadogV1"
	"github.com/DataDog/datadog-api-client-go/v2/api/datadogV2"
)

// Defaults for Config.
const (
	DefaultSite       = "datadoghq.com"
	DefaultMaxRetries = 3
	// DefaultTimeout bounds one HTTP request when Config.HTTPClient is nil.
	DefaultTimeout = 60 * time.Second
)

// Permissions the Logs Pipelines endpoints require (the spec's x-permission).
const (
	PermReadConfig     = "logs_read_config"
	PermWritePipelines = "logs_write_pipelines"
	// PermReadLogsData is what Logs Search (SearchLogs) needs.
	PermReadLogsData = "logs_read_data"
)

// Config configures a Client. The zero value of every field but the keys is
// usable.
type Config struct {
	// APIKey and AppKey authenticate every call (DD-API-KEY and
	// DD-APPLICATION-KEY). They are never printed, logged or put in errors.
	APIKey, AppKey string
	// Site is the Datadog site as DD_SITE spells it: "datadoghq.com"
	// (default), "datadoghq.eu", "us3.datadoghq.com", "us5.datadoghq.com",
	// "ap1.datadoghq.com", "ddog-gov.com"… The API is at https://api.<Site>.
	Site string
	// APIURL, when set, is the API endpoint instead (e.g. a test server).
	APIURL string
	// HTTPClient sends the requests; nil means a client with DefaultTimeout.
	HTTPClient *http.Client
	// MaxRetries bounds the retries of a call answered 429 (and, for calls
	// that are safe to repeat, 5xx). 0 means DefaultMaxRetries; negative
	// means no retry.
	MaxRetries int
}

// ConfigFromEnv reads Datadog's own variables: DD_API_KEY, DD_APP_KEY (or
// DD_APPLICATION_KEY) and DD_SITE.
func ConfigFromEnv() Config {
	app := os.Getenv("DD_APP_KEY")
	if app == "" {
		app = os.Getenv("DD_APPLICATION_KEY")
	}
	return Config{APIKey: os.Getenv("DD_API_KEY"), AppKey: app, Site: os.Getenv("DD_SITE")}
}

// String describes the configuration without the keys.
func (c Config) String() string {
	return fmt.Sprintf("ddapi.Config{APIKey:%s AppKey:%s Site:%q APIURL:%q MaxRetries:%d}",
		redactedMark(c.APIKey), redactedMark(c.AppKey), c.Site, c.APIURL, c.MaxRetries)
}

// GoString is String, so that %#v does not print the keys either.
func (c Config) GoString() string { return c.String() }

func redactedMark(k string) string {
	if k == "" {
		return "unset"
	}
	return "set"
}

// Errors a caller can test with errors.Is.
var (
	// ErrNoAPIKey and ErrNoAppKey: NewClient was given an empty key.
	ErrNoAPIKey = errors.New("ddapi: no API key (DD_API_KEY)")
	ErrNoAppKey = errors.New("ddapi: no application key (DD_APP_KEY)")
	// ErrNotFound: no pipeline has that id or name.
	ErrNotFound = errors.New("ddapi: pipeline not found")
	// ErrAmbiguous: several pipelines have the desired name.
	ErrAmbiguous = errors.New("ddapi: several pipelines have this name")
	// ErrReadOnly: the pipeline with the desired name is read-only (an
	// integration pipeline); Datadog lets you clone it, not edit it.
	ErrReadOnly = errors.New("ddapi: pipeline is read-only")
)

// Client talks to one Datadog organisation. It is safe for concurrent use.
type Client struct {
	pipelines  *datadogV1.LogsPipelinesApi
	auth       *datadogV1.AuthenticationApi
	logs       *datadogV2.LogsApi
	apiKey     string
	appKey     string
	baseURL    string
	maxRetries int
	// sleep waits before a retry; tests replace it.
	sleep func(context.Context, time.Duration) error
	// readOK is set once an authenticated read succeeded, which tells a 403
	// on a write apart from a bad application key.
	readOK atomic.Bool
}

// NewClient checks cfg and builds a Client.
func NewClient(cfg Config) (*Client, error) {
	if cfg.APIKey == "" {
		return nil, ErrNoAPIKey
	}
	if cfg.AppKey == "" {
		return nil, ErrNoAppKey
	}
	base, err := baseURL(cfg)
	if err != nil {
		return nil, err
	}
	dc := datadog.NewConfiguration()
	// One fixed server: any site or test URL, no enum of known sites.
	dc.Servers = datadog.ServerConfigurations{{URL: base, Description: "relevel"}}
	dc.OperationServers = map[string]datadog.ServerConfigurations{}
	dc.Debug = false                          // Debug dumps requests to the log
	dc.RetryConfiguration.EnableRetry = false // retries are ours (context-aware, per-call policy)
	dc.HTTPClient = cfg.HTTPClient
	if dc.HTTPClient == nil {
		dc.HTTPClient = &http.Client{Timeout: DefaultTimeout}
	}
	dc.UserAgent = "relevel/ddapi " + dc.UserAgent
	api := datadog.NewAPIClient(dc)
	retries := cfg.MaxRetries
	switch {
	case retries == 0:
		retries = DefaultMaxRetries
	case retries < 0:
		retries = 0
	}
	return &Client{
		pipelines:  datadogV1.NewLogsPipelinesApi(api),
		auth:       datadogV1.NewAuthenticationApi(api),
		logs:       datadogV2.NewLogsApi(api),
		apiKey:     cfg.APIKey,
		appKey:     cfg.AppKey,
		baseURL:    base,
		maxRetries: retries,
		sleep:      sleepContext,
	}, nil
}

// BaseURL is the API endpoint the client calls, e.g. "https://api.datadoghq.eu".
func (c *Client) BaseURL() string { return c.baseURL }

func baseURL(cfg Config) (string, error) {
	if cfg.APIURL != "" {
		u, err := url.Parse(strings.TrimRight(strings.TrimSpace(cfg.APIURL), "/"))
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return "", fmt.Errorf("ddapi: APIURL %q is not an http(s) URL", cfg.APIURL)
		}
		return u.String(), nil
	}
	site := strings.ToLower(strings.TrimSpace(cfg.Site))
	if site == "" {
		site = DefaultSite
	}
	site = strings.TrimPrefix(strings.TrimPrefix(site, "https://"), "http://")
	site = strings.TrimRight(site, "/")
	// DD_SITE never carries the web ("app.") or API ("api.") host; accept
	// them anyway since people paste URLs.
	site = strings.TrimPrefix(strings.TrimPrefix(site, "app."), "api.")
	if site == "" || !strings.Contains(site, ".") || strings.ContainsAny(site, "/ @?#") {
		return "", fmt.Errorf("ddapi: Site %q is not a Datadog site such as %q or %q", cfg.Site, DefaultSite, "datadoghq.eu")
	}
	return "https://api." + site, nil
}

// authContext carries the keys the way the official client expects them.
func (c *Client) authContext(ctx context.Context) context.Context {
	return context.WithValue(ctx, datadog.ContextAPIKeys, map[string]datadog.APIKey{
		"apiKeyAuth": {Key: c.apiKey},
		"appKeyAuth": {Key: c.appKey},
	})
}

// Operation names, as the spec's operationId.
const (
	opList        = "ListLogsPipelines"
	opGet         = "GetLogsPipeline"
	opCreate      = "CreateLogsPipeline"
	opUpdate      = "UpdateLogsPipeline"
	opDelete      = "DeleteLogsPipeline"
	opGetOrder    = "GetLogsPipelineOrder"
	opUpdateOrder = "UpdateLogsPipelineOrder"
	opListLogs    = "ListLogs"
)

func isRead(op string) bool {
	return op == opList || op == opGet || op == opGetOrder || op == opListLogs
}

// permission is the x-permission of op.
func permission(op string) string {
	if op == opListLogs {
		return PermReadLogsData
	}
	if isRead(op) {
		return PermReadConfig
	}
	return PermWritePipelines
}

// call runs f (one official-client call) with the keys in the context,
// retrying 429 (any call) and 5xx (calls safe to repeat: all but create).
// pipeline, when not nil, helps name the processor a 400 is about.
func (c *Client) call(ctx context.Context, op string, pipeline *datadogV1.LogsPipeline, f func(context.Context) (*http.Response, error)) error {
	actx := c.authContext(ctx)
	for attempt := 0; ; attempt++ {
		resp, err := f(actx)
		if err == nil {
			if isRead(op) {
				c.readOK.Store(true)
			}
			return nil
		}
		status := 0
		if resp != nil {
			status = resp.StatusCode
		}
		if attempt < c.maxRetries && retryable(op, status) {
			wait := retryDelay(resp, attempt)
			if serr := c.sleep(ctx, wait); serr != nil {
				return c.redact(fmt.Errorf("ddapi: %s: gave up waiting %s to retry after %d: %w", op, wait, status, serr))
			}
			continue
		}
		return c.redact(c.apiError(ctx, op, pipeline, resp, err, attempt+1))
	}
}

func retryable(op string, status int) bool {
	switch {
	case status == http.StatusTooManyRequests:
		return true // rejected before any work: safe for every call
	case status >= 500 && status != http.StatusNotImplemented:
		return op != opCreate // a failed create may have happened; do not duplicate it
	}
	return false
}

// retryDelay honours X-RateLimit-Reset (seconds until the window resets);
// without it, it backs off exponentially from 1 s, capped at 30 s.
func retryDelay(resp *http.Response, attempt int) time.Duration {
	if resp != nil {
		if s, err := strconv.Atoi(strings.TrimSpace(resp.Header.Get("X-RateLimit-Reset"))); err == nil && s >= 0 {
			if s == 0 {
				return 100 * time.Millisecond
			}
			return time.Duration(s) * time.Second
		}
	}
	d := time.Second << attempt
	if d > 30*time.Second || d <= 0 {
		d = 30 * time.Second
	}
	return d
}

func sleepContext(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// redact removes the keys from err's text, should any part of the stack
// ever put them there. The error chain stays available to errors.Is/As.
func (c *Client) redact(err error) error {
	if err == nil {
		return nil
	}
	msg := err.Error()
	clean := msg
	for _, k := range []string{c.apiKey, c.appKey} {
		if k != "" {
			clean = strings.ReplaceAll(clean, k, "[REDACTED]")
		}
	}
	if clean == msg {
		return err
	}
	return &redactedError{msg: clean, err: err}
}

type redactedError struct {
	msg string
	err error
}

func (e *redactedError) Error() string { return e.msg }
func (e *redactedError) Unwrap() error { return e.err }
