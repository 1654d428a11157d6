// Package intake is the forwarder's Datadog sink: it sends records to the
// Datadog logs intake (POST /api/v2/logs) through the official client,
// datadog-api-client-go, gzip-compressed, in batches of at most 1000 records
// and 5 MB, and acknowledges a mark only when the intake has accepted every
// record written before it. Together with the forwarder's checkpoints that
// makes delivery at-least-once through intake outages, restarts and
// rotations.
//
// Each record is encoded once, as HTTPLogItem JSON appended to its batch's
// buffer (item.go), and each batch is compressed once by a pooled writer
// (compress.go). The client still does what it is for: the site's URL,
// the DD-API-KEY header and the request (PrepareRequest), sent by the
// client's HTTP client; only the body is handed to it ready, because
// SubmitLog would re-encode every item through a map and reflection, which
// cost about 40% of shipping.
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
	"net/url"
	"os"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/DataDog/datadog-api-client-go/v2/api/datadog"

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
	// HTTPClient sends the requests, its Transport as given. The default is
	// a client with RequestTimeout, and without a Transport of its own
	// (here or in HTTPClient) the sink uses http.DefaultTransport's
	// settings with a write buffer that holds a request.
	HTTPClient *http.Client

	// ContentEncoding is how request bodies are compressed: EncodingGzip
	// (the default), EncodingDeflate or EncodingIdentity.
	ContentEncoding string
	// CompressionLevel is the gzip or deflate level, 1 (fastest) to 9
	// (smallest); 0 means DefaultCompressionLevel.
	CompressionLevel int

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
	if c.ContentEncoding == "" {
		c.ContentEncoding = EncodingGzip
	}
	if c.CompressionLevel == 0 {
		c.CompressionLevel = DefaultCompressionLevel
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
// several), held as the request's JSON: buf is '[', the items separated by
// commas, and, once sealed, ']'; ends[i] is the offset just past item i.
// Its size is known at every append, so the limits need no second pass.
type batch struct {
	buf  []byte
	ends []int
	acks []func()
	done bool
}

// start is the offset of item i.
func (b *batch) start(i int) int {
	if i == 0 {
		return 1 // after '['
	}
	return b.ends[i-1] + 1 // after ','
}

// item returns the JSON of item i.
func (b *batch) item(i int) []byte { return b.buf[b.start(i):b.ends[i]] }

// Sink is a sidecar.Sink that ships records to the Datadog logs intake.
type Sink struct {
	cfg    Config
	client *datadog.APIClient
	key    atomic.Pointer[string]

	mu       sync.Mutex
	work     *sync.Cond // senders wait here for queued batches
	cur      *batch     // being filled
	queue    []*batch   // sealed, waiting for a sender
	order    []*batch   // every batch not yet acknowledged, oldest first
	buffered int64      // bytes of cur, queue and batches in flight
	records  int64      // records in them
	closing  bool
	space    chan struct{} // a batch finished: Write may find room
	// spare holds the buffers of delivered batches for new ones, at most
	// Concurrency+1 of them: steady state allocates no batch memory, and
	// a buffer grown to a full batch is not kept for every small one.
	spare []*batch
	// lastFull is the size of the last batch sealed because it was full,
	// 0 when the last one sealed was not: the size new buffers take.
	lastFull int

	sendCtx    context.Context // cancelled when Close gives up
	stopSend   context.CancelFunc
	senders    sync.WaitGroup
	authFailed atomic.Bool

	sources    map[*sidecar.Source]*sourceInfo
	lastSource *sidecar.Source // the last looked up, and its entry
	lastInfo   *sourceInfo
	item       itemEncoder
	scratch    []byte // the item being written, before it joins a batch

	m metrics
}

var _ sidecar.Sink = (*Sink)(nil)

// New returns a Sink and starts its senders; Close stops them.
func New(cfg Config) (*Sink, error) {
	if err := cfg.defaults(); err != nil {
		return nil, err
	}
	// Fail now on a bad encoding or level rather than in every sender.
	if _, err := newCompressor(cfg.ContentEncoding, cfg.CompressionLevel); err != nil {
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
	// Count what goes on the wire (compressed).
	wire := *hc
	base := wire.Transport
	if base == nil {
		base = defaultTransport()
	}
	wire.Transport = countingTransport{base: base, bytes: &s.m.wireBytes}
	dc := datadog.NewConfiguration()
	dc.HTTPClient = &wire
	dc.UserAgent = "relevel (" + dc.UserAgent + ")"
	// One fixed server: the site's intake host or the URL given. The
	// client's own retries stay off; the sink retries without limit.
	dc.OperationServers[submitLog] = datadog.ServerConfigurations{{URL: cfg.BaseURL()}}
	s.client = datadog.NewAPIClient(dc)
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
// held, until a batch is delivered or ctx ends. Write is called from one
// goroutine at a time (the forwarder's), as sidecar.Sink says.
func (s *Sink) Write(ctx context.Context, r *sidecar.Record) error {
	si := s.source(r.Source)
	var truncated bool
	s.mu.Lock()
	if b := s.cur; b != nil && !s.closing && len(b.ends) < s.cfg.MaxBatchRecords {
		// The common case: the item is encoded straight into the batch,
		// under the lock (the timer and the senders take it only briefly
		// between batches, and an item takes a microsecond), and undone
		// if it does not fit. Encoding into scratch and copying it in
		// cost a memmove of every item.
		n := len(b.buf)
		b.buf = append(b.buf, sep(b))
		b.buf, truncated = s.item.appendItem(b.buf, r, si)
		size := int64(len(b.buf) - n)
		if len(b.buf)+1 <= s.cfg.MaxBatchBytes && s.buffered+size <= s.cfg.MaxBufferBytes { // +1 for the ']'
			b.ends = append(b.ends, len(b.buf))
			s.buffered += size
			s.records++
			s.mu.Unlock()
			if truncated {
				s.m.truncated.Add(1)
			}
			return nil
		}
		s.scratch = append(s.scratch[:0], b.buf[n+1:]...)
		b.buf = b.buf[:n]
		if limit := batchCap(s.cfg.MaxBatchBytes); cap(b.buf) > limit {
			// The item that did not fit grew the buffer past what a
			// batch can use; a spare buffer keeps its capacity, so
			// give the batch one of the size it needs.
			b.buf = append(make([]byte, 0, limit), b.buf...)
		}
	} else {
		s.mu.Unlock()
		s.scratch, truncated = s.item.appendItem(s.scratch[:0], r, si)
		s.mu.Lock()
	}
	if truncated {
		s.m.truncated.Add(1)
	}
	return s.add(ctx)
}

// sep is what goes before a batch's next item: '[' opens the array.
func sep(b *batch) byte {
	if len(b.ends) == 0 {
		return '['
	}
	return ','
}

// add puts the item in scratch into the current batch, or a new one, once
// there is room for it. s.mu is held, and released on return.
func (s *Sink) add(ctx context.Context) error {
	size := int64(len(s.scratch)) + 1 // the item and its ',' or '['
	for s.buffered > 0 && s.buffered+size > s.cfg.MaxBufferBytes {
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
	// +1 for the ']' that sealing adds.
	if s.cur != nil && (len(s.cur.ends) >= s.cfg.MaxBatchRecords || int64(len(s.cur.buf))+size+1 > int64(s.cfg.MaxBatchBytes)) {
		full := len(s.cur.buf)
		s.seal()
		s.lastFull = full
	}
	if s.cur == nil {
		b := s.newBatch()
		s.cur = b
		s.order = append(s.order, b)
		time.AfterFunc(s.cfg.BatchWait, func() {
			s.mu.Lock()
			if s.cur == b {
				full, n := s.lastFull, len(b.buf)
				s.seal()
				if n >= full/2 {
					// Half a full batch or more in BatchWait: records
					// still come fast (the writer was only held up), so
					// new buffers stay sized for full batches.
					s.lastFull = full
				}
			}
			s.mu.Unlock()
		})
	}
	b := s.cur
	b.buf = append(b.buf, sep(b))
	b.buf = append(b.buf, s.scratch...)
	b.ends = append(b.ends, len(b.buf))
	s.buffered += size
	s.records++
	return nil
}

// newBatch returns an empty batch, on a spare buffer if there is one.
// Without one, when the batch before was sealed full, records are coming
// fast (a backlog, an outage's refill): the buffer is sized for a batch
// like that one, rather than grown by doubling from empty, which copied
// each batch about twice and left as much garbage. After a batch the timer
// sealed at less than half of that size, buffers start small again, so
// that slow sources in an outage do not hold a full batch's memory each.
// s.mu is held.
func (s *Sink) newBatch() *batch {
	if n := len(s.spare); n > 0 {
		b := s.spare[n-1]
		s.spare[n-1] = nil
		s.spare = s.spare[:n-1]
		return b
	}
	if s.lastFull > 0 {
		return &batch{buf: make([]byte, 0, batchCap(s.lastFull))}
	}
	return &batch{}
}

// batchCap is the capacity given to a buffer for batches of n bytes: room
// for the closing ']' and for the item that does not fit, which is
// encoded into the buffer before the sink knows.
func batchCap(n int) int { return n + n/16 + 4096 }

// seal closes the current batch's array and queues it for sending. s.mu
// is held. The caller that seals a full batch sets lastFull after it.
func (s *Sink) seal() {
	if s.cur == nil {
		return
	}
	s.lastFull = 0
	s.cur.buf = append(s.cur.buf, ']')
	s.buffered++
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

// sender sends queued batches until Close gives up. Each sender owns a
// compressor and a scratch buffer, reused for every request it makes.
func (s *Sink) sender() {
	defer s.senders.Done()
	z, _ := newCompressor(s.cfg.ContentEncoding, s.cfg.CompressionLevel) // checked in New
	snd := &sending{z: z}
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
		s.queue[0] = nil
		s.queue = s.queue[1:]
		s.mu.Unlock()
		s.m.inflight.Add(1)
		ok := s.deliver(snd, b, 0, len(b.ends), nil)
		s.m.inflight.Add(-1)
		if !ok {
			return // stopping; b stays unacknowledged
		}
		s.finish(b)
	}
}

// sending is one sender's reusable state.
type sending struct {
	z    *compressor
	part []byte // the JSON of part of a batch, after a 413
}

// finish releases a delivered batch and calls, in order, the acks of every
// leading batch that is done.
func (s *Sink) finish(b *batch) {
	s.mu.Lock()
	b.done = true
	s.buffered -= int64(len(b.buf))
	s.records -= int64(len(b.ends))
	var acks []func()
	for len(s.order) > 0 && s.order[0].done {
		o := s.order[0]
		acks = append(acks, o.acks...)
		s.order[0] = nil
		s.order = s.order[1:]
		if len(s.spare) <= s.cfg.Concurrency {
			s.spare = append(s.spare, &batch{buf: o.buf[:0], ends: o.ends[:0], acks: o.acks[:0]})
		}
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

// deliver sends items [lo, hi) of b until the intake accepts them (or
// gives them up for good); false means the sink is stopping and they were
// not delivered. one, if not nil, replaces the single item lo (a record
// cut after a 413).
func (s *Sink) deliver(snd *sending, b *batch, lo, hi int, one []byte) bool {
	var payload []byte
	switch {
	case one != nil:
		payload = append(append(append(snd.part[:0], '['), one...), ']')
		snd.part = payload
	case lo == 0 && hi == len(b.ends):
		payload = b.buf
	default:
		// Part of a batch, after a 413: rare, so copied.
		payload = append(snd.part[:0], '[')
		payload = append(payload, b.buf[b.start(lo):b.ends[hi-1]]...)
		payload = append(payload, ']')
		snd.part = payload
	}
	// Compressed once, whatever the retries.
	body := snd.z.compress(payload)
	for attempt := 0; ; attempt++ {
		if s.sendCtx.Err() != nil {
			return false
		}
		code, hdr, resp, err := s.post(body)
		switch {
		case err == nil && code/100 == 2:
			if s.authFailed.Swap(false) {
				s.cfg.Logger.Info("intake: the API key is accepted again")
			}
			s.m.batches.Add(1)
			s.m.recordsSent.Add(int64(hi - lo))
			s.m.jsonBytes.Add(int64(len(payload)))
			return true
		case code == http.StatusRequestEntityTooLarge:
			s.m.count(&s.m.retries, "413")
			if hi-lo > 1 {
				h := lo + (hi-lo)/2
				return s.deliver(snd, b, lo, h, nil) && s.deliver(snd, b, h, hi, nil)
			}
			item := one
			if item == nil {
				item = b.item(lo)
			}
			if len(item) > shrinkTo {
				s.cfg.Logger.Warn("intake: a single record was too large (413); sending it cut to 64 KiB")
				return s.deliver(snd, b, lo, hi, cutItem(nil, item, shrinkTo))
			}
			s.giveUp(hi-lo, "intake_413", code, resp)
			return true
		case code == http.StatusBadRequest:
			s.giveUp(hi-lo, "intake_400", code, resp)
			return true
		case code == http.StatusUnauthorized || code == http.StatusForbidden:
			s.m.count(&s.m.failures, strconv.Itoa(code))
			if !s.authFailed.Swap(true) {
				s.cfg.Logger.Error("intake: the API key was rejected; sending is paused and the process is not ready until the key is fixed",
					"status", code, "detail", detail(resp), "retry_in", s.cfg.AuthRetryInterval.String())
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
				s.cfg.Logger.Warn("intake: sending failed; retrying", "status", reason, "err", msg, "detail", detail(resp), "records", hi-lo, "attempt", attempt+1, "retry_in", d.String())
			}
			if !s.sleep(d) {
				return false
			}
		}
	}
}

// shrinkTo is what a single record that still drew a 413 is cut to.
const shrinkTo = 64 << 10

// giveUp counts and logs n records the intake will never accept.
func (s *Sink) giveUp(n int, reason string, code int, body []byte) {
	s.m.count(&s.m.failures, strconv.Itoa(code))
	s.m.dropped.Add(int64(n))
	s.cfg.Dropped(reason, n)
	s.cfg.Logger.Error("intake: records rejected for good; they are dropped", "status", code, "detail", detail(body), "records", n)
}

// submitLog is the client's name of POST /api/v2/logs, which keys its
// server configuration.
const submitLog = "v2.LogsApi.SubmitLog"

// post sends one encoded, compressed body as datadogV2.LogsApi.SubmitLog
// would, minus its encoding: the URL from the client's configuration for
// the operation, its headers and DD-API-KEY, the client's PrepareRequest,
// then its HTTP client (not CallAPI, which copies the body to retry it:
// the sink retries itself). code is 0 for a network error.
func (s *Sink) post(body []byte) (code int, hdr http.Header, resp []byte, err error) {
	ctx := context.WithValue(s.sendCtx, datadog.ContextAPIKeys, map[string]datadog.APIKey{"apiKeyAuth": {Key: *s.key.Load()}})
	base, err := s.client.Cfg.ServerURLWithContext(ctx, submitLog)
	if err != nil {
		return 0, nil, nil, err
	}
	headers := map[string]string{"Content-Type": "application/json", "Accept": "application/json"}
	if s.cfg.ContentEncoding != EncodingIdentity {
		headers["Content-Encoding"] = s.cfg.ContentEncoding
	}
	datadog.SetAuthKeys(ctx, &headers, [2]string{"apiKeyAuth", HeaderAPIKey})
	// No body for PrepareRequest: given one, it would encode and compress
	// it again. The ready body goes in after.
	req, err := s.client.PrepareRequest(ctx, base+"/api/v2/logs", http.MethodPost, nil, headers, url.Values{}, url.Values{}, nil)
	if err != nil {
		return 0, nil, nil, err
	}
	req.Body = io.NopCloser(bytes.NewReader(body))
	req.GetBody = func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(body)), nil }
	req.ContentLength = int64(len(body))
	start := time.Now()
	// The request goes to the client's HTTP client directly, not through
	// CallAPI: CallAPI first copies the whole body with io.ReadAll (from
	// 512 bytes, doubling) so that its own retry loop can resend it. The
	// sink retries itself (backoff, Retry-After, 413 splits) and holds the
	// body already; the copy was 5% of the sink's CPU in BenchmarkShip and
	// two or three garbage buffers per request. Everything else the client
	// gives — server URL, API key header, user agent — came from
	// PrepareRequest above.
	r, err := s.client.Cfg.HTTPClient.Do(req)
	s.m.observe(time.Since(start))
	if err != nil || r == nil {
		return 0, nil, nil, err
	}
	// An answer is judged by its code, even if its body was cut short.
	resp, _ = datadog.ReadBody(r)
	return r.StatusCode, r.Header, resp, nil
}

// HeaderAPIKey is the header of the intake's apiKeyAuth security scheme.
const HeaderAPIKey = "DD-API-KEY"

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

// requestWriteBuffer is the size of the buffer each connection writes a
// request through over HTTP/1.1 (HTTP/2 frames the body itself): a
// compressed batch (tens of KiB) and its headers fit in it and leave in one
// write. With net/http's default of 4 KiB, a body went out as a 4 KiB write
// and then the rest through a 32 KiB copy buffer that net.TCPConn.ReadFrom
// allocated for every request.
const requestWriteBuffer = 128 << 10

// defaultTransport is http.DefaultTransport's settings (proxy from the
// environment, timeouts, keep-alives) with requestWriteBuffer. A Config's
// own HTTPClient and Transport are used as given.
func defaultTransport() http.RoundTripper {
	t, ok := http.DefaultTransport.(*http.Transport)
	if !ok {
		return http.DefaultTransport
	}
	t = t.Clone()
	t.WriteBufferSize = requestWriteBuffer
	return t
}
