// Package intake is the forwarder's Datadog sink: it sends records to the
// Datadog logs intake (POST /api/v2/logs) through the official client,
// datadog-api-client-go's datadogV2.LogsApi.SubmitLog, gzip-compressed, in
// batches of at most 1000 records and 5 MB, and acknowledges a mark only
// when the intake has accepted every record written before it. Together
// with the forwarder's checkpoints that makes delivery at-least-once
// through intake outages, restarts and rotations.
//
// Responses are handled as Datadog documents them: 2xx is accepted; 408,
// 429, 5xx, other unexpected codes and network errors are retried with
// exponential backoff and jitter (honouring Retry-After and
// X-RateLimit-Reset) for as long as the process lives; 413 splits the batch
// and sends the halves; 400 gives the batch up (counted, logged). 401 and
// 403 make the sink not ready and hold the batch — nothing is thrown away
// for a key problem: the batch is tried again when the key file changes or
// after AuthRetryInterval, and reading pauses once the buffer is full.
package intake

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"os"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/DataDog/datadog-api-client-go/v2/api/datadog"
	"github.com/DataDog/datadog-api-client-go/v2/api/datadogV2"

	"github.com/relevel/relevel/sidecar"
)

// Limits of the intake (Datadog's documentation of POST /api/v2/logs).
const (
	MaxBatchRecords = 1000
	// MaxBatchBytes is the payload limit before compression. Datadog says
	// "5 MB"; 5,000,000 bytes stays under it however a megabyte is counted.
	MaxBatchBytes = 5_000_000
	// MaxRecordBytes is the limit of one log; the intake would truncate a
	// longer one, so the sink truncates it first and says so.
	MaxRecordBytes = 1_000_000
)

// Config configures a Sink. The zero value of each field means its default.
type Config struct {
	// APIKey authenticates (the DD-API-KEY header). APIKeyFile, if set,
	// is read instead and read again while the intake rejects the key, so
	// a rotated Kubernetes Secret takes effect without a restart. The key
	// is never logged.
	APIKey, APIKeyFile string
	// Site is the Datadog site (default datadoghq.com); records go to
	// https://http-intake.logs.<Site>. URL, if set, replaces that base
	// (a proxy, or a fake intake in tests); /api/v2/logs is appended.
	Site, URL string

	// Source and Service are the ddsource and service of every record;
	// empty means the record's container name.
	Source, Service string
	// Hostname is the hostname of every record (default $NODE_NAME, else
	// os.Hostname()).
	Hostname string
	// ClusterName adds the tag kube_cluster_name:<ClusterName>.
	ClusterName string
	// Tags are added to every record's ddtags ("key:value").
	Tags []string

	MaxBatchRecords int           // default and upper bound MaxBatchRecords
	MaxBatchBytes   int           // default and upper bound MaxBatchBytes
	MaxRecordBytes  int           // default and upper bound MaxRecordBytes
	BatchWait       time.Duration // send a batch at most this long after its first record (default 1s)
	// MaxBufferBytes bounds the records held in memory (batches being
	// filled, waiting and in flight; default 64 MiB). When it is reached,
	// Write blocks: reading pauses and the lines wait in their files.
	MaxBufferBytes int64
	Concurrency    int // requests in flight at most (default 2)

	MinBackoff time.Duration // first retry delay (default 500ms)
	MaxBackoff time.Duration // longest retry delay (default 30s)
	// AuthRetryInterval is how long a batch rejected with 401 or 403 waits
	// before it is tried again with an unchanged key (default 5m).
	AuthRetryInterval time.Duration
	// RequestTimeout bounds one HTTP request (default 30s).
	RequestTimeout time.Duration
	HTTPClient     *http.Client // default: a client with RequestTimeout

	Logger *slog.Logger // default: discarded
	// Dropped counts records given up for good (400 Bad Request), by
	// reason; sidecar.Metrics.Dropped fits.
	Dropped func(reason string, n int)
}

func (c *Config) defaults() error {
	if c.APIKey == "" && c.APIKeyFile == "" {
		return errors.New("intake: no API key (set DD_API_KEY or --api-key-file)")
	}
	if c.Site == "" {
		c.Site = "datadoghq.com"
	}
	if c.Hostname == "" {
		c.Hostname = os.Getenv("NODE_NAME")
	}
	if c.Hostname == "" {
		c.Hostname, _ = os.Hostname()
	}
	bound := func(v *int, max int) {
		if *v <= 0 || *v > max {
			*v = max
		}
	}
	bound(&c.MaxBatchRecords, MaxBatchRecords)
	bound(&c.MaxBatchBytes, MaxBatchBytes)
	bound(&c.MaxRecordBytes, MaxRecordBytes)
	if c.BatchWait <= 0 {
		c.BatchWait = time.Second
	}
	if c.MaxBufferBytes <= 0 {
		c.MaxBufferBytes = 64 << 20
	}
	if c.MaxBufferBytes < int64(c.MaxBatchBytes) {
		// One full batch must fit, or a batch could never be sealed.
		c.MaxBufferBytes = int64(c.MaxBatchBytes)
	}
	if c.Concurrency <= 0 {
		c.Concurrency = 2
	}
	if c.MinBackoff <= 0 {
		c.MinBackoff = 500 * time.Millisecond
	}
	if c.MaxBackoff <= 0 {
		c.MaxBackoff = 30 * time.Second
	}
	if c.MaxBackoff < c.MinBackoff {
		c.MaxBackoff = c.MinBackoff
	}
	if c.AuthRetryInterval <= 0 {
		c.AuthRetryInterval = 5 * time.Minute
	}
	if c.RequestTimeout <= 0 {
		c.RequestTimeout = 30 * time.Second
	}
	if c.Logger == nil {
		c.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	if c.Dropped == nil {
		c.Dropped = func(string, int) {}
	}
	return nil
}

// BaseURL is the intake base URL a Config sends to.
func (c *Config) BaseURL() string {
	if c.URL != "" {
		return strings.TrimRight(c.URL, "/")
	}
	site := c.Site
	if site == "" {
		site = "datadoghq.com"
	}
	return "https://http-intake.logs." + site
}

// batch is a run of records sent in one request (or, after a 413, in
// several).
type batch struct {
	items []datadogV2.HTTPLogItem
	bytes int // JSON size of the items, as the client will encode them
	acks  []func()
	done  bool
}

// Sink is a sidecar.Sink that ships records to the Datadog logs intake.
type Sink struct {
	cfg  Config
	api  *datadogV2.LogsApi
	key  atomic.Pointer[string]
	opts datadogV2.SubmitLogOptionalParameters

	mu       sync.Mutex
	work     *sync.Cond // senders wait here for queued batches
	cur      *batch     // being filled
	queue    []*batch   // sealed, waiting for a sender
	order    []*batch   // every batch not yet acknowledged, oldest first
	buffered int64      // bytes of cur, queue and batches in flight
	records  int64      // records in them
	closing  bool
	space    chan struct{} // a batch finished: Write may find room

	sendCtx    context.Context // cancelled when Close gives up
	stopSend   context.CancelFunc
	senders    sync.WaitGroup
	authFailed atomic.Bool

	sources map[*sidecar.Source]*sourceInfo
	item    itemBuilder

	m metrics
}

var _ sidecar.Sink = (*Sink)(nil)

// New returns a Sink and starts its senders; Close stops them.
func New(cfg Config) (*Sink, error) {
	if err := cfg.defaults(); err != nil {
		return nil, err
	}
	s := &Sink{cfg: cfg, space: make(chan struct{}, 1), sources: map[*sidecar.Source]*sourceInfo{}}
	if cfg.APIKeyFile != "" {
		k, err := readKey(cfg.APIKeyFile)
		if err != nil {
			return nil, err
		}
		s.key.Store(&k)
	} else {
		k := cfg.APIKey
		s.key.Store(&k)
	}
	hc := cfg.HTTPClient
	if hc == nil {
		hc = &http.Client{Timeout: cfg.RequestTimeout}
	}
	// Count what goes on the wire (after the client's gzip).
	wire := *hc
	base := wire.Transport
	if base == nil {
		base = http.DefaultTransport
	}
	wire.Transport = countingTransport{base: base, bytes: &s.m.wireBytes}
	dc := datadog.NewConfiguration()
	dc.HTTPClient = &wire
	dc.UserAgent = "relevel (" + dc.UserAgent + ")"
	// One fixed server: the site's intake host or the URL given. The
	// client's own retries stay off; the sink retries without limit.
	dc.OperationServers["v2.LogsApi.SubmitLog"] = datadog.ServerConfigurations{{URL: cfg.BaseURL()}}
	s.api = datadogV2.NewLogsApi(datadog.NewAPIClient(dc))
	s.opts = *datadogV2.NewSubmitLogOptionalParameters().WithContentEncoding(datadogV2.CONTENTENCODING_GZIP)
	s.work = sync.NewCond(&s.mu)
	s.sendCtx, s.stopSend = context.WithCancel(context.Background())
	s.item.maxRecord = cfg.MaxRecordBytes
	for range cfg.Concurrency {
		s.senders.Add(1)
		go s.sender()
	}
	return s, nil
}

func readKey(path string) (string, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return "", fmt.Errorf("intake: API key file: %w", err)
	}
	k := strings.TrimSpace(string(b))
	if k == "" {
		return "", fmt.Errorf("intake: API key file %s is empty", path)
	}
	return k, nil
}

// Write adds r to the current batch. It blocks while MaxBufferBytes are
// held, until a batch is delivered or ctx ends.
func (s *Sink) Write(ctx context.Context, r *sidecar.Record) error {
	it, size := s.item.build(r, s.source(r.Source))
	if it.truncated {
		s.m.truncated.Add(1)
	}
	s.mu.Lock()
	for s.buffered > 0 && s.buffered+int64(size) > s.cfg.MaxBufferBytes {
		// Full: what is being filled must be sendable, or nothing frees room.
		s.seal()
		s.mu.Unlock()
		select {
		case <-s.space:
		case <-ctx.Done():
			return ctx.Err()
		}
		s.mu.Lock()
	}
	defer s.mu.Unlock()
	if s.closing {
		return errors.New("intake: write after Close")
	}
	if s.cur != nil && (len(s.cur.items) >= s.cfg.MaxBatchRecords || s.cur.bytes+size+1 > s.cfg.MaxBatchBytes-2) {
		s.seal()
	}
	if s.cur == nil {
		b := &batch{}
		s.cur = b
		s.order = append(s.order, b)
		time.AfterFunc(s.cfg.BatchWait, func() {
			s.mu.Lock()
			if s.cur == b {
				s.seal()
			}
			s.mu.Unlock()
		})
	}
	if len(s.cur.items) > 0 {
		s.cur.bytes++ // the comma
	} else {
		s.cur.bytes += 2 // the brackets
	}
	s.cur.items = append(s.cur.items, it.HTTPLogItem)
	s.cur.bytes += size
	s.buffered += int64(size)
	s.records++
	return nil
}

// seal queues the current batch for sending. s.mu is held.
func (s *Sink) seal() {
	if s.cur == nil {
		return
	}
	s.queue = append(s.queue, s.cur)
	s.cur = nil
	s.work.Signal()
}

// Mark calls ack once every record written so far has been accepted.
func (s *Sink) Mark(ack func()) error {
	s.mu.Lock()
	if n := len(s.order); n > 0 {
		last := s.order[n-1]
		last.acks = append(last.acks, ack)
		s.mu.Unlock()
		return nil
	}
	s.mu.Unlock()
	ack()
	return nil
}

// Close sends what was written and waits until all of it is accepted or
// ctx is done; then it stops the senders. The error counts the records
// not delivered (they were never acknowledged, so they are read again
// after a restart).
func (s *Sink) Close(ctx context.Context) error {
	s.mu.Lock()
	s.closing = true
	s.seal()
	s.mu.Unlock()
	var err error
	for {
		s.mu.Lock()
		left, recs := len(s.order), s.records
		s.mu.Unlock()
		if left == 0 {
			break
		}
		select {
		case <-s.space:
			continue
		case <-ctx.Done():
			err = fmt.Errorf("intake: %d records not delivered: %w", recs, ctx.Err())
		case <-time.After(50 * time.Millisecond):
			continue
		}
		break
	}
	s.stopSend()
	s.mu.Lock()
	s.work.Broadcast()
	s.mu.Unlock()
	s.senders.Wait()
	return err
}

// Ready is false while the intake rejects the API key (401 or 403).
func (s *Sink) Ready() bool { return !s.authFailed.Load() }

// sender sends queued batches until Close gives up.
func (s *Sink) sender() {
	defer s.senders.Done()
	for {
		s.mu.Lock()
		for len(s.queue) == 0 && s.sendCtx.Err() == nil {
			s.work.Wait()
		}
		if s.sendCtx.Err() != nil {
			s.mu.Unlock()
			return
		}
		b := s.queue[0]
		s.queue = s.queue[1:]
		s.mu.Unlock()
		s.m.inflight.Add(1)
		ok := s.deliver(b.items)
		s.m.inflight.Add(-1)
		if !ok {
			return // stopping; b stays unacknowledged
		}
		s.finish(b)
	}
}

// finish releases a delivered batch and calls, in order, the acks of every
// leading batch that is done.
func (s *Sink) finish(b *batch) {
	s.mu.Lock()
	b.done = true
	s.buffered -= int64(b.bytes)
	s.records -= int64(len(b.items))
	b.items = nil
	var acks []func()
	for len(s.order) > 0 && s.order[0].done {
		acks = append(acks, s.order[0].acks...)
		s.order[0] = nil
		s.order = s.order[1:]
	}
	s.mu.Unlock()
	for _, a := range acks {
		a()
	}
	select {
	case s.space <- struct{}{}:
	default:
	}
}

// deliver sends items until the intake accepts them (or gives them up for
// good); false means the sink is stopping and they were not delivered.
func (s *Sink) deliver(items []datadogV2.HTTPLogItem) bool {
	for attempt := 0; ; attempt++ {
		if s.sendCtx.Err() != nil {
			return false
		}
		code, hdr, body, err := s.post(items)
		switch {
		case err == nil && code/100 == 2:
			if s.authFailed.Swap(false) {
				s.cfg.Logger.Info("intake: the API key is accepted again")
			}
			return true
		case code == http.StatusRequestEntityTooLarge:
			s.m.count(&s.m.retries, "413")
			if len(items) > 1 {
				h := len(items) / 2
				return s.deliver(items[:h]) && s.deliver(items[h:])
			}
			if shrunk, ok := s.item.shrink(items[0]); ok {
				s.cfg.Logger.Warn("intake: a single record was too large (413); sending it cut to 64 KiB")
				return s.deliver([]datadogV2.HTTPLogItem{shrunk})
			}
			s.giveUp(items, "intake_413", code, body)
			return true
		case code == http.StatusBadRequest:
			s.giveUp(items, "intake_400", code, body)
			return true
		case code == http.StatusUnauthorized || code == http.StatusForbidden:
			s.m.count(&s.m.failures, strconv.Itoa(code))
			if !s.authFailed.Swap(true) {
				s.cfg.Logger.Error("intake: the API key was rejected; sending is paused and the process is not ready until the key is fixed",
					"status", code, "detail", detail(body), "retry_in", s.cfg.AuthRetryInterval.String())
			}
			if !s.waitForKey() {
				return false
			}
		default:
			reason := "network"
			if err == nil || code != 0 {
				reason = strconv.Itoa(code)
			}
			s.m.count(&s.m.retries, reason)
			d := s.backoff(attempt, hdr)
			if attempt == 0 || attempt%10 == 0 {
				msg := ""
				if err != nil {
					msg = err.Error()
				}
				s.cfg.Logger.Warn("intake: sending failed; retrying", "status", reason, "err", msg, "detail", detail(body), "records", len(items), "attempt", attempt+1, "retry_in", d.String())
			}
			if !s.sleep(d) {
				return false
			}
		}
	}
}

// giveUp counts and logs items the intake will never accept.
func (s *Sink) giveUp(items []datadogV2.HTTPLogItem, reason string, code int, body []byte) {
	s.m.count(&s.m.failures, strconv.Itoa(code))
	s.m.dropped.Add(int64(len(items)))
	s.cfg.Dropped(reason, len(items))
	s.cfg.Logger.Error("intake: records rejected for good; they are dropped", "status", code, "detail", detail(body), "records", len(items))
}

// post sends one request. code is 0 for a network error.
func (s *Sink) post(items []datadogV2.HTTPLogItem) (code int, hdr http.Header, body []byte, err error) {
	ctx := context.WithValue(s.sendCtx, datadog.ContextAPIKeys, map[string]datadog.APIKey{"apiKeyAuth": {Key: *s.key.Load()}})
	start := time.Now()
	_, resp, err := s.api.SubmitLog(ctx, items, s.opts)
	s.m.observe(time.Since(start))
	if resp != nil {
		code, hdr = resp.StatusCode, resp.Header
	}
	var oe datadog.GenericOpenAPIError
	if errors.As(err, &oe) {
		body = oe.ErrorBody
		if code != 0 {
			err = nil // an HTTP answer, judged by its code
		}
	}
	if err == nil && code/100 == 2 {
		s.m.batches.Add(1)
		s.m.recordsSent.Add(int64(len(items)))
		n := 2 + len(items) - 1
		for i := range items {
			n += itemSize(&items[i])
		}
		s.m.jsonBytes.Add(int64(n))
	}
	return code, hdr, body, err
}

// backoff is the delay before retry attempt+1: what the intake asked for
// (Retry-After, X-RateLimit-Reset), else exponential with full jitter.
func (s *Sink) backoff(attempt int, hdr http.Header) time.Duration {
	if d, ok := told(hdr, time.Now()); ok {
		return min(d, time.Hour)
	}
	d := s.cfg.MinBackoff << min(attempt, 20)
	if d <= 0 || d > s.cfg.MaxBackoff {
		d = s.cfg.MaxBackoff
	}
	// Full jitter, but never less than half the step: senders spread out
	// without hammering a recovering intake.
	return d/2 + rand.N(d/2+1)
}

// told reads the delay a response asks for.
func told(hdr http.Header, now time.Time) (time.Duration, bool) {
	if hdr == nil {
		return 0, false
	}
	if v := hdr.Get("Retry-After"); v != "" {
		if n, err := strconv.Atoi(strings.TrimSpace(v)); err == nil && n >= 0 {
			return time.Duration(n) * time.Second, true
		}
		if t, err := http.ParseTime(v); err == nil {
			return max(t.Sub(now), 0), true
		}
	}
	if v := hdr.Get("X-RateLimit-Reset"); v != "" {
		if n, err := strconv.ParseFloat(strings.TrimSpace(v), 64); err == nil && n >= 0 {
			return time.Duration(n * float64(time.Second)), true
		}
	}
	return 0, false
}

// sleep waits d; false if the sink is stopping.
func (s *Sink) sleep(d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-s.sendCtx.Done():
		return false
	}
}

// waitForKey holds a batch after 401/403 until the key file holds another
// key or AuthRetryInterval has passed; false if the sink is stopping.
func (s *Sink) waitForKey() bool {
	deadline := time.Now().Add(s.cfg.AuthRetryInterval)
	for time.Now().Before(deadline) {
		if !s.sleep(min(10*time.Second, time.Until(deadline))) {
			return false
		}
		if s.cfg.APIKeyFile == "" {
			continue
		}
		k, err := readKey(s.cfg.APIKeyFile)
		if err == nil && k != *s.key.Load() {
			s.key.Store(&k)
			s.cfg.Logger.Info("intake: the API key file changed; sending again")
			return true
		}
	}
	return true
}

// detail is an intake error body, trimmed, for logs.
func detail(body []byte) string {
	body = bytes.TrimSpace(body)
	if len(body) > 300 {
		body = body[:300]
	}
	return string(body)
}

// countingTransport counts request bytes as sent (compressed).
type countingTransport struct {
	base  http.RoundTripper
	bytes *atomic.Int64
}

func (t countingTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	if r.ContentLength > 0 {
		t.bytes.Add(r.ContentLength)
	}
	return t.base.RoundTrip(r)
}
