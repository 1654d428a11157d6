package sidecar

import (
	"fmt"
	"io"
	"net"
	"net/http"
	"sort"
	"sync"
	"sync/atomic"
	"time"

	"github.com/relevel/relevel/parser"
	"github.com/relevel/relevel/sidecar/tail"
)

// Metrics counts what the forwarder does, for Prometheus (text exposition
// format, metric names prefixed relevel_). The zero value is ready to use;
// Run fills it when Config.Metrics is set.
type Metrics struct {
	// records counts records written by format and status; an array of
	// atomics, because it is bumped once per record on the hot path.
	records [256][int(parser.LevelEmergency) + 1]atomic.Int64

	unrecognised atomic.Int64
	ready        atomic.Bool
	lastSave     atomic.Int64 // unix nanos of the last checkpoint save

	saveErrors  atomic.Int64 // failed checkpoint saves (state.go)
	saveFailing atomic.Bool  // the last save failed: not ready
	corrupt     atomic.Int64 // checkpoint files set aside as unreadable

	malformed [malformedReasons]atomic.Int64 // by reason (hostile.go)

	dropMu  sync.Mutex
	dropped map[string]int64 // reason → records

	tailStats  func() tail.Stats
	queueDepth func() int64
	sinkReady  func() bool
	sinkWrite  func(io.Writer)
}

// SinkReadiness is implemented by sinks that can become unable to deliver
// (a rejected API key): /readyz then fails.
type SinkReadiness interface{ Ready() bool }

// SinkMetrics is implemented by sinks with metrics of their own, written
// after the forwarder's in Prometheus's text format.
type SinkMetrics interface{ WriteMetrics(w io.Writer) }

func (m *Metrics) attachSink(s Sink) {
	if r, ok := s.(SinkReadiness); ok {
		m.sinkReady = r.Ready
	}
	if w, ok := s.(SinkMetrics); ok {
		m.sinkWrite = w.WriteMetrics
	}
}

// Dropped counts n records that will never be delivered, by reason. Sinks
// call it (and log the reason); relevel otherwise pauses reading instead
// of dropping.
func (m *Metrics) Dropped(reason string, n int) {
	m.dropMu.Lock()
	if m.dropped == nil {
		m.dropped = map[string]int64{}
	}
	m.dropped[reason] += int64(n)
	m.dropMu.Unlock()
}

func (m *Metrics) record(f parser.Format, status parser.Level) {
	if int(status) < len(m.records[f]) {
		m.records[f][status].Add(1)
	}
	if f == parser.FormatUnknown {
		m.unrecognised.Add(1)
	}
}

// Ready reports whether the forwarder is reading, its sink can deliver
// and its checkpoints can be saved.
func (m *Metrics) Ready() bool {
	return m.ready.Load() && !m.saveFailing.Load() && (m.sinkReady == nil || m.sinkReady())
}

// WriteTo writes the metrics in Prometheus's text format.
func (m *Metrics) WriteTo(w io.Writer) (int64, error) {
	cw := &countWriter{w: w}
	metric := func(name, typ, help string) {
		fmt.Fprintf(cw, "# HELP %s %s\n# TYPE %s %s\n", name, help, name, typ)
	}
	var st tail.Stats
	if m.tailStats != nil {
		st = m.tailStats()
	}
	var depth int64
	if m.queueDepth != nil {
		depth = m.queueDepth()
	}
	for _, c := range []struct {
		name, typ, help string
		v               int64
	}{
		{"relevel_files_tailed", "gauge", "Files being followed.", st.FilesTailed},
		{"relevel_files_opened_total", "counter", "Files opened.", st.FilesOpened},
		{"relevel_files_closed_total", "counter", "Files closed after rotation or deletion.", st.FilesClosed},
		{"relevel_read_bytes_total", "counter", "Bytes read from log files.", st.BytesRead},
		{"relevel_read_lines_total", "counter", "Physical lines read from log files.", st.Lines},
		{"relevel_rotations_total", "counter", "Rotations followed.", st.Rotations},
		{"relevel_truncations_total", "counter", "Files truncated in place (copytruncate) and read again from the start.", st.Truncations},
		{"relevel_rotated_recovered_files_total", "counter", "Rotated files read that had not been open under their live name (rotated while relevel was stopped or paused).", st.RotatedRecovered},
		{"relevel_rotated_unread_bytes_total", "counter", "Bytes known to have rotated away (compressed or deleted) before being read: the risk of a long outage or pause. A lower bound, counted at start.", st.RotatedLostBytes},
		{"relevel_unrecognised_records_total", "counter", "Records of no known format, written with their stream's status.", m.unrecognised.Load()},
		{"relevel_queue_depth", "gauge", "Lines read and waiting to be processed.", depth},
		{"relevel_checkpoint_save_errors_total", "counter", "Checkpoint saves that failed (full disk, read-only state directory); /readyz fails until one succeeds.", m.saveErrors.Load()},
		{"relevel_checkpoint_save_failing", "gauge", "1 while the last checkpoint save failed.", b2i(m.saveFailing.Load())},
		{"relevel_checkpoint_follow_errors_total", "counter", "Saves of which files are followed (before their first line goes out) that failed: while they fail, a crash before the sink acknowledges a new file's lines may skip the file once it is rotated away.", st.FollowErrors},
		{"relevel_checkpoint_corrupt_total", "counter", "Checkpoint files found unreadable at start and set aside as checkpoints.json.corrupt-<time>.", m.corrupt.Load()},
	} {
		metric(c.name, c.typ, c.help)
		fmt.Fprintf(cw, "%s %d\n", c.name, c.v)
	}
	metric("relevel_checkpoint_age_seconds", "gauge", "Seconds since offsets were last saved.")
	age := 0.0
	if t := m.lastSave.Load(); t > 0 {
		age = time.Since(time.Unix(0, t)).Seconds()
	}
	fmt.Fprintf(cw, "relevel_checkpoint_age_seconds %.3f\n", age)
	m.writeHostile(cw, st)
	metric("relevel_records_total", "counter", "Records written, by format and status.")
	for f := range m.records {
		for l := range m.records[f] {
			if n := m.records[f][l].Load(); n > 0 {
				fmt.Fprintf(cw, "relevel_records_total{format=%q,status=%q} %d\n", parser.Format(f).String(), parser.Level(l).String(), n)
			}
		}
	}
	metric("relevel_dropped_records_total", "counter", "Records that will never be delivered, by reason (relevel pauses reading rather than drop; only a sink's permanent rejection counts here).")
	m.dropMu.Lock()
	reasons := make([]string, 0, len(m.dropped))
	for r := range m.dropped {
		reasons = append(reasons, r)
	}
	sort.Strings(reasons)
	for _, r := range reasons {
		fmt.Fprintf(cw, "relevel_dropped_records_total{reason=%q} %d\n", r, m.dropped[r])
	}
	if len(reasons) == 0 {
		fmt.Fprintf(cw, "relevel_dropped_records_total 0\n")
	}
	m.dropMu.Unlock()
	if m.sinkWrite != nil {
		m.sinkWrite(cw)
	}
	return cw.n, cw.err
}

func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

type countWriter struct {
	w   io.Writer
	n   int64
	err error
}

func (c *countWriter) Write(p []byte) (int, error) {
	if c.err != nil {
		return 0, c.err
	}
	n, err := c.w.Write(p)
	c.n += int64(n)
	c.err = err
	return n, err
}

// Handler serves /metrics, /healthz (the process is alive) and /readyz
// (the forwarder is reading, its sink can deliver and its checkpoints can
// be saved).
func (m *Metrics) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("/metrics", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/plain; version=0.0.4")
		_, _ = m.WriteTo(w)
	})
	mux.HandleFunc("/healthz", func(w http.ResponseWriter, _ *http.Request) {
		_, _ = io.WriteString(w, "ok\n")
	})
	mux.HandleFunc("/readyz", func(w http.ResponseWriter, _ *http.Request) {
		if !m.Ready() {
			http.Error(w, "not ready", http.StatusServiceUnavailable)
			return
		}
		_, _ = io.WriteString(w, "ready\n")
	})
	return mux
}

// Serve serves Handler on ln until it is closed.
func (m *Metrics) Serve(ln net.Listener) error {
	srv := &http.Server{Handler: m.Handler(), ReadHeaderTimeout: 5 * time.Second}
	err := srv.Serve(ln)
	if err == http.ErrServerClosed || isClosed(err) {
		return nil
	}
	return err
}

func isClosed(err error) bool {
	ne, ok := err.(*net.OpError)
	return ok && ne.Err != nil && ne.Err.Error() == "use of closed network connection"
}
