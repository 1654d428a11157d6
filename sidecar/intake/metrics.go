package intake

import (
	"fmt"
	"io"
	"sort"
	"sync"
	"sync/atomic"
	"time"
)

// latencyBuckets are the upper bounds, in seconds, of the request latency
// histogram.
var latencyBuckets = []float64{0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30}

type metrics struct {
	batches, recordsSent, jsonBytes, wireBytes atomic.Int64
	dropped, truncated, inflight               atomic.Int64

	mu       sync.Mutex
	retries  map[string]int64 // status code or "network" → retries
	failures map[string]int64 // status code → batches refused (400, 401, 403, 413)
	buckets  []int64
	latSum   float64
	latCount int64
}

func (m *metrics) count(into *map[string]int64, key string) {
	m.mu.Lock()
	if *into == nil {
		*into = map[string]int64{}
	}
	(*into)[key]++
	m.mu.Unlock()
}

func (m *metrics) observe(d time.Duration) {
	sec := d.Seconds()
	m.mu.Lock()
	if m.buckets == nil {
		m.buckets = make([]int64, len(latencyBuckets))
	}
	for i, le := range latencyBuckets {
		if sec <= le {
			m.buckets[i]++
		}
	}
	m.latSum += sec
	m.latCount++
	m.mu.Unlock()
}

// WriteMetrics writes the sink's metrics in Prometheus's text format
// (sidecar.SinkMetrics).
func (s *Sink) WriteMetrics(w io.Writer) {
	m := &s.m
	head := func(name, typ, help string) {
		fmt.Fprintf(w, "# HELP %s %s\n# TYPE %s %s\n", name, help, name, typ)
	}
	s.mu.Lock()
	buffered, records := s.buffered, s.records
	s.mu.Unlock()
	auth := 0
	if s.authFailed.Load() {
		auth = 1
	}
	for _, c := range []struct {
		name, typ, help string
		v               int64
	}{
		{"relevel_intake_batches_total", "counter", "Requests the intake accepted.", m.batches.Load()},
		{"relevel_intake_records_total", "counter", "Records the intake accepted.", m.recordsSent.Load()},
		{"relevel_intake_bytes_total", "counter", "Uncompressed JSON bytes the intake accepted.", m.jsonBytes.Load()},
		{"relevel_intake_wire_bytes_total", "counter", "Request bytes sent (gzip), retries included.", m.wireBytes.Load()},
		{"relevel_intake_dropped_records_total", "counter", "Records the intake refused for good (400, or 413 for one record cut to 64 KiB).", m.dropped.Load()},
		{"relevel_intake_truncated_records_total", "counter", "Records cut to the intake's 1 MB limit (attribute relevel.truncated).", m.truncated.Load()},
		{"relevel_intake_queue_bytes", "gauge", "Bytes of records held in memory: batches filling, waiting and in flight.", buffered},
		{"relevel_intake_queue_records", "gauge", "Records held in memory, not yet accepted.", records},
		{"relevel_intake_inflight_requests", "gauge", "Batches being sent or retried.", m.inflight.Load()},
		{"relevel_intake_auth_failed", "gauge", "1 while the intake rejects the API key (401/403).", int64(auth)},
	} {
		head(c.name, c.typ, c.help)
		fmt.Fprintf(w, "%s %d\n", c.name, c.v)
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	labeled := func(name, help string, vals map[string]int64) {
		head(name, "counter", help)
		keys := make([]string, 0, len(vals))
		for k := range vals {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			fmt.Fprintf(w, "%s{code=%q} %d\n", name, k, vals[k])
		}
	}
	labeled("relevel_intake_retries_total", "Requests retried, by status code (\"network\" for transport errors; 413 counts splits).", m.retries)
	labeled("relevel_intake_failures_total", "Requests refused without retry, by status code (401/403 hold the batch until the key changes).", m.failures)
	head("relevel_intake_request_duration_seconds", "histogram", "Latency of intake requests.")
	for i, le := range latencyBuckets {
		var n int64
		if m.buckets != nil {
			n = m.buckets[i]
		}
		fmt.Fprintf(w, "relevel_intake_request_duration_seconds_bucket{le=\"%g\"} %d\n", le, n)
	}
	fmt.Fprintf(w, "relevel_intake_request_duration_seconds_bucket{le=\"+Inf\"} %d\n", m.latCount)
	fmt.Fprintf(w, "relevel_intake_request_duration_seconds_sum %g\n", m.latSum)
	fmt.Fprintf(w, "relevel_intake_request_duration_seconds_count %d\n", m.latCount)
}
