package sidecar

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"time"

	"github.com/relevel/relevel/ndjson"
	"github.com/relevel/relevel/parser"
	"github.com/relevel/relevel/sidecar/container"
)

// A Sink delivers records. Run calls Write and Mark from one goroutine; the
// acknowledgements Mark asks for may come from any goroutine.
//
// The contract that makes the forwarder at-least-once: a file offset is
// checkpointed only from an ack, and an ack covers only records that the
// sink has delivered (written, or accepted by a remote intake).
type Sink interface {
	// Write takes one record. It may block while the sink is full
	// (backpressure: reading pauses, nothing is dropped) and then returns
	// ctx.Err() when ctx ends first. r and the memory it points to are
	// reused after Write returns.
	Write(ctx context.Context, r *Record) error
	// Mark asks that every record written so far be delivered. ack is
	// called exactly once, after all of them have been, and acks are called
	// in the order of their Marks. An error means the sink cannot go on.
	Mark(ack func()) error
	// Close delivers what was written, waiting at most until ctx is done,
	// and releases the sink. It reports records it could not deliver.
	Close(ctx context.Context) error
}

// Record is one record on its way to a sink.
type Record struct {
	*parser.Record
	// Status is the record's level, or its stream's default when the
	// format was not recognised (stdout → info, stderr → error by default).
	Status parser.Level
	Stream container.Stream
	Source *Source
	// RuntimeTime is the container runtime's timestamp of the record's
	// first line (zero for raw files): sinks use it when the log line
	// carries no time of its own (plain lines, Go panics), and as the
	// reference for what the line's time leaves out (see Reference).
	RuntimeTime time.Time
}

// Reference is the time that stands in for what the record's own timestamp
// leaves out — the year and zone of klog and of log15's terminal form — as
// parser.Record.Timestamp takes it:
// the runtime's timestamp of the record's first line, written when the
// line was, so that a file from 2024 read in 2026 still gives 2024; the
// record's ClockReference only for raw files, which carry no such time.
func (r *Record) Reference() time.Time {
	if !r.RuntimeTime.IsZero() {
		return r.RuntimeTime
	}
	return r.ClockReference()
}

// Source is the file a record was read from. One Source is shared by
// every record of a file, so sinks may cache per-Source work in a map
// keyed by the pointer.
type Source struct {
	Path string
	// Pod is what the kubelet's path says; HasPod is false for files
	// outside /var/log/pods/<namespace>_<pod>_<uid>/<container>/.
	Pod    PodMeta
	HasPod bool
	meta   []byte // Pod as rendered JSON members, for WriterSink
}

// NewSource describes the file at path, reading pod metadata from a
// kubelet path (see MetaFromPath).
func NewSource(path string) *Source {
	s := &Source{Path: path}
	s.Pod, s.HasPod = MetaFromPath(path)
	s.meta = metaJSON(path)
	return s
}

// WriterSink writes each record as one JSON line (package ndjson's shape
// plus kube_namespace, pod_name, kube_container_name and container_name) to
// an io.Writer, buffered; Mark flushes the buffer and acknowledges at once.
// A record whose line has no time of its own gets the runtime's timestamp.
type WriterSink struct {
	w     *bufio.Writer
	enc   ndjson.Encoder
	buf   []byte
	extra []byte
	dirty bool
}

// NewWriterSink returns a WriterSink on w.
func NewWriterSink(w io.Writer) *WriterSink {
	return &WriterSink{w: bufio.NewWriterSize(w, 256<<10)}
}

// Write encodes r into the buffer, which is flushed when full. A write
// error is returned, so Run stops before any checkpoint passes r.
func (s *WriterSink) Write(_ context.Context, r *Record) error {
	s.enc.DefaultLevel = r.Status
	// The runtime's time, not the clock (see Record.Reference); zero for
	// raw files, where the encoder reads the clock itself.
	s.enc.Reference = r.RuntimeTime
	extra := r.Source.meta
	if r.RawTime() == nil && !r.RuntimeTime.IsZero() {
		s.extra = append(s.extra[:0], `,"timestamp":"`...)
		s.extra = r.RuntimeTime.UTC().AppendFormat(s.extra, time.RFC3339Nano)
		s.extra = append(append(s.extra, '"'), extra...)
		extra = s.extra
	}
	s.buf = s.enc.AppendWith(s.buf[:0], r.Record, extra)
	if _, err := s.w.Write(s.buf); err != nil {
		return fmt.Errorf("sink: %w", err)
	}
	s.dirty = true
	return nil
}

// Mark flushes what was written and calls ack.
func (s *WriterSink) Mark(ack func()) error {
	if s.dirty {
		if err := s.w.Flush(); err != nil {
			return fmt.Errorf("sink: %w", err)
		}
		s.dirty = false
	}
	ack()
	return nil
}

// Close flushes what was written.
func (s *WriterSink) Close(context.Context) error {
	if err := s.w.Flush(); err != nil {
		return fmt.Errorf("sink: %w", err)
	}
	return nil
}
