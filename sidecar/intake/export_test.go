package intake

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/relevel/relevel/parser"
	"github.com/relevel/relevel/parser/join"
	"github.com/relevel/relevel/sidecar"
)

// ClientShipper is the former SubmitLog path, for the external benchmark.
type ClientShipper struct{ c *clientShipper }

// NewClientShipper returns the former path sending as cfg says.
func NewClientShipper(cfg Config) ClientShipper { return ClientShipper{newClientShipper(cfg)} }

// Ship sends recs through LogsApi.SubmitLog.
func (c ClientShipper) Ship(recs []*sidecar.Record) error { return c.c.ship(recs) }

// CorpusRecords parses the golden corpus (every logger's streams) into
// records of src, as the forwarder hands them to a sink, and returns their
// bytes.
func CorpusRecords(tb testing.TB, src *sidecar.Source) ([]*sidecar.Record, int64) {
	paths, _ := filepath.Glob("../../testdata/corpus/*/*.log")
	if len(paths) == 0 {
		tb.Fatal("no corpus")
	}
	var recs []*sidecar.Record
	var n int64
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			tb.Fatal(err)
		}
		n += int64(len(data))
		seq, errf := join.All(bytes.NewReader(data))
		for _, raw := range seq {
			// Each record keeps its own copy: the scanner reuses its buffer.
			r := &parser.Record{}
			parser.Parse(bytes.Clone(raw), r)
			recs = append(recs, &sidecar.Record{Record: r, Status: parser.LevelError, Source: src})
		}
		if err := errf(); err != nil {
			tb.Fatal(err)
		}
	}
	return recs, n
}

// CurrentBatch is the length and capacity of the batch being filled, and
// ok false when there is none.
func (s *Sink) CurrentBatch() (length, capacity int, ok bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.cur == nil {
		return 0, 0, false
	}
	return len(s.cur.buf), cap(s.cur.buf), true
}

// HeldCapacities returns the capacity of every batch buffer the sink holds
// (being filled, queued, in flight, and spare), and the most any may have.
func (s *Sink) HeldCapacities() (caps []int, limit int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, b := range s.order {
		caps = append(caps, cap(b.buf))
	}
	for _, b := range s.spare {
		caps = append(caps, cap(b.buf))
	}
	return caps, batchCap(s.cfg.MaxBatchBytes)
}
