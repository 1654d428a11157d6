package intake_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/relevel/relevel/internal/fakedatadog"
	"github.com/relevel/relevel/parser"
	"github.com/relevel/relevel/sidecar"
	"github.com/relevel/relevel/sidecar/intake"
)

const testKey = "0123456789abcdef0123456789abcdef"

var src = sidecar.NewSource("/var/log/pods/payments_api-7d4f_0a1b/api/0.log")

// record parses line as the forwarder would hand it to a sink.
func record(line string, status parser.Level) *sidecar.Record {
	var r parser.Record
	parser.ParseLine([]byte(line), &r)
	if r.Level != parser.LevelUnknown {
		status = r.Level
	}
	return &sidecar.Record{Record: &r, Status: status, Source: src}
}

func klogLine(i int) string {
	return fmt.Sprintf(`I1130 04:40:14.476718       1 main.go:25] "line" n=%d`, i)
}

// syncLog is a log destination safe for concurrent writes.
type syncLog struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *syncLog) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *syncLog) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

func newSink(t *testing.T, fake *fakedatadog.Intake, mod func(*intake.Config)) (*intake.Sink, *syncLog) {
	t.Helper()
	logs := &syncLog{}
	cfg := intake.Config{
		APIKey: testKey, URL: fake.URL(), Hostname: "node-1", ClusterName: "prod", Tags: []string{"team:pay"},
		BatchWait: 50 * time.Millisecond, MinBackoff: 20 * time.Millisecond, MaxBackoff: 200 * time.Millisecond,
		Logger: slog.New(slog.NewJSONHandler(logs, nil)),
	}
	if mod != nil {
		mod(&cfg)
	}
	s, err := intake.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
		defer cancel()
		_ = s.Close(ctx)
		if strings.Contains(logs.String(), testKey) {
			t.Errorf("the API key appears in the sink's logs")
		}
	})
	return s, logs
}

// oneBatch is a newSink mod for tests whose records must all go in one
// batch: with newSink's 50ms BatchWait, a writer descheduled mid-loop on a
// loaded machine lets the timer seal a partial batch.
func oneBatch(c *intake.Config) { c.BatchWait = time.Second }

// waitUntil polls cond for up to 10s, failing the test with what if it
// never holds: a bound that a loaded machine does not outlast, where a
// fixed sleep would.
func waitUntil(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out after 10s waiting for %s", what)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// markAndWait writes lines, marks, and waits (up to 20s) for the ack.
func markAndWait(t *testing.T, s *intake.Sink, recs []*sidecar.Record) {
	t.Helper()
	acked := write(t, s, recs)
	select {
	case <-acked:
	case <-time.After(20 * time.Second):
		t.Fatal("no ack within 20s")
	}
}

func write(t *testing.T, s *intake.Sink, recs []*sidecar.Record) chan struct{} {
	t.Helper()
	for _, r := range recs {
		if err := s.Write(context.Background(), r); err != nil {
			t.Fatal(err)
		}
	}
	acked := make(chan struct{})
	if err := s.Mark(func() { close(acked) }); err != nil {
		t.Fatal(err)
	}
	return acked
}

func lines(n int) []*sidecar.Record {
	var out []*sidecar.Record
	for i := range n {
		out = append(out, record(klogLine(i), parser.LevelError))
	}
	return out
}

// Every record arrives with the item shape the issue asks for, gzip-compressed,
// valid against the HTTPLogItem schema (the fake checks each request).
func TestItems(t *testing.T) {
	fake := fakedatadog.StartIntake(t, fakedatadog.WithAPIKey(testKey))
	// One batch: two would go out on two senders and could arrive out of
	// the order the checks below expect.
	s, _ := newSink(t, fake, oneBatch)
	recs := []*sidecar.Record{
		record(`I1130 04:40:14.476718       1 main.go:25] "Starting" version="1.2.3"`, parser.LevelError),
		record(`E1130 04:40:15.000001       1 main.go:30] "Failed" err="boom"`, parser.LevelError),
		record("plain text on stderr", parser.LevelError),
		record("binary \xff\xfe text", parser.LevelInfo),
	}
	recs[2].RuntimeTime = time.Date(2026, 11, 30, 6, 0, 0, 500_000_000, time.UTC)
	recs[1].RuntimeTime = recs[2].RuntimeTime // the line's own time wins
	markAndWait(t, s, recs)
	got := fake.Accepted()
	if len(got) != 4 {
		t.Fatalf("%d items accepted, want 4", len(got))
	}
	want := []struct{ status, message, format string }{
		{"info", "Starting", "klog"}, {"error", "Failed", "klog"}, {"error", "plain text on stderr", ""}, {"info", `binary \xff\xfe text`, ""},
	}
	for i, it := range got {
		if it.Attr("status") != want[i].status || it.Message() != want[i].message || it.Attr("format") != want[i].format {
			t.Errorf("item %d: %s", i, it.Raw)
		}
		if it.Attr("ddsource") != "api" || it.Attr("service") != "api" || it.Attr("hostname") != "node-1" {
			t.Errorf("item %d: source/service/hostname: %s", i, it.Raw)
		}
		if tags := it.Attr("ddtags"); tags != "kube_namespace:payments,pod_name:api-7d4f,kube_container_name:api,kube_cluster_name:prod,team:pay" {
			t.Errorf("item %d: ddtags %q", i, tags)
		}
		for _, k := range []string{"stream", "kube_namespace"} {
			if _, ok := it.Fields[k]; ok {
				t.Errorf("item %d has %q as an attribute: %s", i, k, it.Raw)
			}
		}
	}
	if ts := got[0].Attr("timestamp"); !strings.HasSuffix(ts, "-11-30T04:40:14.476718Z") {
		t.Errorf("timestamp %q", ts)
	}
	if ts := got[1].Attr("timestamp"); !strings.HasSuffix(ts, "-11-30T04:40:15.000001Z") {
		t.Errorf("timestamp %q, want the line's own", ts)
	}
	if ts := got[2].Attr("timestamp"); ts != "2026-11-30T06:00:00.5Z" {
		t.Errorf("plain line: timestamp %q, want the runtime's", ts)
	}
	if _, ok := got[3].Fields["timestamp"]; ok {
		t.Errorf("a record with no time at all got one: %s", got[3].Raw)
	}
	if a, _ := got[0].Fields["attributes"].(map[string]any); a["version"] != "1.2.3" {
		t.Errorf("attributes: %s", got[0].Raw)
	}
	if l, _ := got[0].Fields["logger"].(map[string]any); l["caller"] != "main.go:25" {
		t.Errorf("logger: %s", got[0].Raw)
	}
	for _, r := range fake.Requests() {
		if r.ContentEncoding != "gzip" || r.Status != http.StatusAccepted {
			t.Errorf("request %+v", r)
		}
	}
}

// Batches hold at most 1000 records and 5 MB.
func TestBatchLimits(t *testing.T) {
	fake := fakedatadog.StartIntake(t)
	s, _ := newSink(t, fake, nil)
	markAndWait(t, s, lines(2500))
	big := strings.Repeat("x", 700_000)
	var bigs []*sidecar.Record
	for range 20 {
		bigs = append(bigs, record(big, parser.LevelInfo))
	}
	markAndWait(t, s, bigs)
	if n := len(fake.Accepted()); n != 2520 {
		t.Fatalf("%d accepted, want 2520", n)
	}
	for _, r := range fake.Requests() {
		if r.Items > intake.MaxBatchRecords || r.UncompressedBytes > intake.MaxBatchBytes || r.Status != http.StatusAccepted {
			t.Errorf("request of %d items, %d bytes: %d", r.Items, r.UncompressedBytes, r.Status)
		}
	}
}

// A record over 1 MB is cut to fit, with an attribute saying so.
func TestTruncate(t *testing.T) {
	fake := fakedatadog.StartIntake(t)
	s, _ := newSink(t, fake, nil)
	long := `I1130 04:40:14.476718       1 main.go:25] "big" data="` + strings.Repeat("<&>", 700_000) + `"`
	markAndWait(t, s, []*sidecar.Record{record(long, parser.LevelError)})
	got := fake.Accepted()
	if len(got) != 1 {
		t.Fatalf("%d accepted", len(got))
	}
	it := got[0]
	if it.Truncated || len(it.Raw) > intake.MaxRecordBytes {
		t.Errorf("item of %d bytes reached the intake's limit (fake truncated: %v)", len(it.Raw), it.Truncated)
	}
	rel, _ := it.Fields["relevel"].(map[string]any)
	if rel["truncated"] != true || rel["original_bytes"].(float64) < 2_100_000 {
		t.Errorf("relevel attribute %v", rel)
	}
	if !strings.HasPrefix(it.Message(), "big\nlogger: {\"caller\":\"main.go:25\",\"thread_id\":1}\nattributes: {\"data\":\"<&><&>") {
		t.Errorf("message starts %q", it.Message()[:40])
	}
}

// 503 for a while, then recovery: everything arrives, and the ack comes
// only after the intake accepted.
func TestRetryUntilAccepted(t *testing.T) {
	for _, f := range []fakedatadog.Failure{fakedatadog.ServiceUnavailable(), fakedatadog.RequestTimeout(), fakedatadog.InternalError(),
		fakedatadog.BadGateway(), fakedatadog.GatewayTimeout(), fakedatadog.Disconnect(), {Status: http.StatusNotFound}} {
		t.Run(fmt.Sprint(f.Status), func(t *testing.T) {
			fake := fakedatadog.StartIntake(t)
			s, _ := newSink(t, fake, nil)
			var down atomic.Bool
			down.Store(true)
			fake.FailWhile(down.Load, f)
			acked := write(t, s, lines(50))
			// Wait for a refused request and a refused retry (the fake
			// records both) rather than a fixed time: on a loaded machine
			// the first send may not even have happened after 300ms.
			waitUntil(t, "a refused request and its retry", func() bool { return len(fake.Requests()) >= 2 })
			select {
			case <-acked:
				t.Fatal("acknowledged while the intake refused")
			default:
			}
			down.Store(false)
			select {
			case <-acked:
			case <-time.After(10 * time.Second):
				t.Fatal("not delivered after recovery")
			}
			if n := len(fake.Accepted()); n != 50 {
				t.Errorf("%d accepted", n)
			}
			if len(fake.Requests()) < 3 {
				t.Errorf("only %d requests: no retries?", len(fake.Requests()))
			}
		})
	}
}

// 429 with X-RateLimit-Reset, or Retry-After: the next try waits as told.
func TestRateLimitWaitsAsTold(t *testing.T) {
	for name, f := range map[string]fakedatadog.Failure{"reset": fakedatadog.RateLimited(2), "retry-after": fakedatadog.TooManyRequestsRetryAfter(2)} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			fake := fakedatadog.StartIntake(t)
			s, _ := newSink(t, fake, oneBatch) // the 10 records are the one batch refused once
			fake.FailNext(1, f)
			markAndWait(t, s, lines(10))
			reqs := fake.Requests()
			if len(reqs) != 2 || reqs[0].Status != http.StatusTooManyRequests {
				t.Fatalf("requests %+v", reqs)
			}
			if gap := reqs[1].Time.Sub(reqs[0].Time); gap < 2*time.Second {
				t.Errorf("retried after %v; the intake said 2s", gap)
			}
		})
	}
}

// 413: the batch is split and the halves delivered.
func TestTooLargeSplits(t *testing.T) {
	fake := fakedatadog.StartIntake(t)
	s, _ := newSink(t, fake, nil)
	fake.FailNext(3, fakedatadog.Failure{Status: http.StatusRequestEntityTooLarge, Body: `{"errors":[{"status":"413","title":"Payload Too Large"}]}`})
	markAndWait(t, s, lines(400))
	if n := len(fake.Accepted()); n != 400 {
		t.Errorf("%d accepted, want 400", n)
	}
	seen := map[string]int{}
	for _, it := range fake.Accepted() {
		seen[fmt.Sprint(it.Fields["attributes"])]++
	}
	if len(seen) != 400 {
		t.Errorf("%d distinct records accepted, want 400", len(seen))
	}
}

// 400: the batch is given up, counted and logged; the ack still comes, so
// checkpoints move on rather than stall on a payload that can never pass.
func TestBadRequestGivesUp(t *testing.T) {
	fake := fakedatadog.StartIntake(t)
	var dropped atomic.Int64
	s, logs := newSink(t, fake, func(c *intake.Config) {
		oneBatch(c) // the 10 records are the one batch given up
		c.Dropped = func(_ string, n int) { dropped.Add(int64(n)) }
	})
	fake.FailNext(1, fakedatadog.Failure{Status: http.StatusBadRequest, Body: `{"errors":[{"status":"400","title":"Bad Request","detail":"bad payload"}]}`})
	markAndWait(t, s, lines(10))
	markAndWait(t, s, lines(5))
	if dropped.Load() != 10 || len(fake.Accepted()) != 5 {
		t.Errorf("dropped %d, accepted %d", dropped.Load(), len(fake.Accepted()))
	}
	if !strings.Contains(logs.String(), "bad payload") {
		t.Errorf("the reason is not logged: %s", logs.String())
	}
	var m bytes.Buffer
	s.WriteMetrics(&m)
	if !strings.Contains(m.String(), `relevel_intake_failures_total{code="400"} 1`) {
		t.Errorf("metrics:\n%s", m.String())
	}
}

// 403: no retry storm, not ready, the key never logged; a new key in the
// key file resumes delivery with nothing lost.
func TestForbiddenHolds(t *testing.T) {
	const newKey = "fedcba9876543210fedcba9876543210"
	fake := fakedatadog.StartIntake(t, fakedatadog.WithAPIKey(newKey))
	keyFile := filepath.Join(t.TempDir(), "api-key")
	os.WriteFile(keyFile, []byte(testKey+"\n"), 0o600)
	s, logs := newSink(t, fake, func(c *intake.Config) { c.APIKey, c.APIKeyFile = "", keyFile })
	acked := write(t, s, lines(20))
	// Wait for the first 403 before timing the quiet: on a loaded machine
	// the first send may come later than 1.5s after the write.
	waitUntil(t, "not ready after writing with a rejected key", func() bool { return !s.Ready() })
	time.Sleep(1500 * time.Millisecond)
	if s.Ready() {
		t.Error("ready again while the intake rejects the key")
	}
	if n := len(fake.Requests()); n > 2 {
		t.Errorf("%d requests within 1.5s of the first 403 (one per sender at most)", n)
	}
	select {
	case <-acked:
		t.Fatal("acknowledged records the intake refused")
	default:
	}
	if strings.Contains(logs.String(), testKey) || !strings.Contains(logs.String(), "API key was rejected") {
		t.Errorf("logs: %s", logs.String())
	}
	os.WriteFile(keyFile, []byte(newKey), 0o600)
	select {
	case <-acked:
	case <-time.After(20 * time.Second):
		t.Fatal("not delivered after the key file changed")
	}
	if !s.Ready() || len(fake.Accepted()) != 20 {
		t.Errorf("ready %v, accepted %d", s.Ready(), len(fake.Accepted()))
	}
}

// While the intake is down, Write blocks once MaxBufferBytes are held:
// memory stays bounded and reading (the caller) pauses.
func TestBackpressureBoundsMemory(t *testing.T) {
	fake := fakedatadog.StartIntake(t)
	fake.SetFailure(ptr(fakedatadog.ServiceUnavailable()))
	s, _ := newSink(t, fake, func(c *intake.Config) { c.MaxBufferBytes = intake.MaxBatchBytes })
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	line := record(strings.Repeat("y", 10_000), parser.LevelInfo)
	n := 0
	var err error
	for ; n < 10_000; n++ {
		if err = s.Write(ctx, line); err != nil {
			break
		}
	}
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("Write never blocked: %d records, err %v", n, err)
	}
	if n*10_000 > intake.MaxBatchBytes+20_000 {
		t.Errorf("%d records (%d bytes) held, over the %d-byte bound", n, n*10_000, intake.MaxBatchBytes)
	}
	var m bytes.Buffer
	s.WriteMetrics(&m)
	if !strings.Contains(m.String(), "relevel_intake_queue_records ") {
		t.Errorf("metrics:\n%s", m.String())
	}
	fake.ClearFailure()
	acked := make(chan struct{})
	s.Mark(func() { close(acked) })
	select {
	case <-acked:
	case <-time.After(20 * time.Second):
		t.Fatal("not delivered after recovery")
	}
	if got := len(fake.Accepted()); got != n {
		t.Errorf("%d accepted, want %d", got, n)
	}
}

// Close waits for delivery up to its deadline, then reports what was not
// delivered; those records are never acknowledged.
func TestCloseDeadline(t *testing.T) {
	fake := fakedatadog.StartIntake(t)
	fake.SetFailure(ptr(fakedatadog.ServiceUnavailable()))
	s, _ := newSink(t, fake, nil)
	acked := write(t, s, lines(7))
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	err := s.Close(ctx)
	if err == nil || !strings.Contains(err.Error(), "7 records not delivered") {
		t.Errorf("Close = %v", err)
	}
	select {
	case <-acked:
		t.Error("acknowledged undelivered records")
	default:
	}
}

func TestNoKey(t *testing.T) {
	if _, err := intake.New(intake.Config{}); err == nil || !strings.Contains(err.Error(), "DD_API_KEY") {
		t.Errorf("New without a key: %v", err)
	}
	c := intake.Config{Site: "datadoghq.eu"}
	if got := c.BaseURL(); got != "https://http-intake.logs.datadoghq.eu" {
		t.Errorf("BaseURL %q", got)
	}
}

func ptr[T any](v T) *T { return &v }

// holdingSink is a sink with cfg's settings shipping to an intake that
// holds every request until the test ends: nothing is delivered, so no
// batch buffer comes back as a spare. The test's end closes it without
// waiting for the held batches.
func holdingSink(t *testing.T, cfg intake.Config) *intake.Sink {
	t.Helper()
	hold := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		<-hold
		w.WriteHeader(http.StatusServiceUnavailable)
	}))
	t.Cleanup(srv.Close)
	t.Cleanup(func() { close(hold) }) // runs first: srv.Close waits for the handlers
	cfg.APIKey, cfg.URL = testKey, srv.URL
	s, err := intake.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
		defer cancel()
		s.Close(ctx)
	})
	return s
}

// In a backlog the next batch's buffer is allocated at the size of the
// full batch before it, not grown from empty by doubling (each batch copied
// about twice); after a batch the timer sealed part-full, a new buffer
// starts empty again, so that slow sources during an outage do not each
// hold a full batch's memory.
func TestBatchBufferSizing(t *testing.T) {
	const perBatch = 50
	wait := 300 * time.Millisecond
	s := holdingSink(t, intake.Config{MaxBatchRecords: perBatch, BatchWait: wait, Concurrency: 1})
	rec := record(`level=info msg="`+strings.Repeat("x", 300)+`"`, parser.LevelInfo)
	ctx := context.Background()
	for range perBatch {
		if err := s.Write(ctx, rec); err != nil {
			t.Fatal(err)
		}
	}
	full, _, _ := s.CurrentBatch()
	// The next record seals the full batch and opens one sized for it.
	if err := s.Write(ctx, rec); err != nil {
		t.Fatal(err)
	}
	n, c, ok := s.CurrentBatch()
	if !ok || c < full || c > full+full/8+8192 {
		t.Fatalf("after a full batch of %d bytes, the next has %d of %d bytes: want room for one like it, no more", full, n, c)
	}
	for range perBatch - 1 {
		if err := s.Write(ctx, rec); err != nil {
			t.Fatal(err)
		}
	}
	if _, c2, _ := s.CurrentBatch(); c2 != c {
		t.Errorf("the sized batch grew from %d to %d bytes while filling", c, c2)
	}
	// Seal it full, write a few records, and let the timer seal that batch.
	for range 3 {
		if err := s.Write(ctx, rec); err != nil {
			t.Fatal(err)
		}
	}
	for _, _, ok := s.CurrentBatch(); ok; _, _, ok = s.CurrentBatch() {
		time.Sleep(wait / 10) // polls for the timer's seal, the condition itself
	}
	if err := s.Write(ctx, rec); err != nil {
		t.Fatal(err)
	}
	if n, c, _ := s.CurrentBatch(); c >= full {
		t.Errorf("after a part-full batch, a new batch of %d bytes holds %d: a full batch's room for a slow source", n, c)
	}
}

// A batch the timer seals at half a full one or more came from a fast
// stream whose writer was held up (on one core, by the senders'
// compression): the buffers after it stay sized for full batches rather
// than grow from empty again.
func TestBatchBufferSizingAfterBusyTimerSeal(t *testing.T) {
	const perBatch = 40
	wait := 300 * time.Millisecond
	s := holdingSink(t, intake.Config{MaxBatchRecords: perBatch, BatchWait: wait, Concurrency: 1})
	rec := record(`level=info msg="`+strings.Repeat("x", 300)+`"`, parser.LevelInfo)
	ctx := context.Background()
	write := func(n int) {
		t.Helper()
		for range n {
			if err := s.Write(ctx, rec); err != nil {
				t.Fatal(err)
			}
		}
	}
	write(perBatch)
	full, _, _ := s.CurrentBatch()
	write(perBatch * 3 / 4) // the first seals the full batch; the timer seals this one
	for _, _, ok := s.CurrentBatch(); ok; _, _, ok = s.CurrentBatch() {
		time.Sleep(wait / 10) // polls for the timer's seal, the condition itself
	}
	write(1)
	if n, c, _ := s.CurrentBatch(); c < full {
		t.Errorf("after a batch the timer sealed three quarters full, a new batch of %d bytes has room for %d: want a full batch's %d", n, c, full)
	}
}

// An item is encoded into the batch before the sink knows whether it fits.
// One that does not may grow the buffer on its way; it is moved to the next
// batch, and the buffer left behind is no bigger than a batch needs, as
// buffers are kept as spares for later batches.
func TestNoFitItemLeavesNoGrownBuffer(t *testing.T) {
	const batchBytes = 64 << 10
	s := holdingSink(t, intake.Config{MaxBatchBytes: batchBytes, MaxRecordBytes: 60 << 10, BatchWait: time.Hour, Concurrency: 1})
	ctx := context.Background()
	small := record(`level=info msg="`+strings.Repeat("s", 200)+`"`, parser.LevelInfo)
	big := record(`level=info msg="`+strings.Repeat("b", 50<<10)+`"`, parser.LevelInfo)
	for {
		n, _, _ := s.CurrentBatch()
		if n > batchBytes-(20<<10) {
			break
		}
		if err := s.Write(ctx, small); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Write(ctx, big); err != nil { // does not fit: seals the batch
		t.Fatal(err)
	}
	caps, limit := s.HeldCapacities()
	if len(caps) < 2 {
		t.Fatalf("%d batches held, want the sealed one and the one holding the big record", len(caps))
	}
	for i, c := range caps {
		if c > limit {
			t.Errorf("batch %d has a %d-byte buffer, more than the %d a batch of %d bytes needs", i, c, limit, batchBytes)
		}
	}
}
