package corpusgen

import (
	"bytes"
	"fmt"
	"sync"
)

// recorder is the io.Writer (and zapcore.WriteSyncer) handed to the loggers.
// It keeps every byte and measures the line span of each logging call.
type recorder struct {
	mu      sync.Mutex
	buf     bytes.Buffer
	lines   int
	records []Record
	err     error
}

func (r *recorder) Write(p []byte) (int, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.buf.Write(p)
	r.lines += bytes.Count(p, []byte{'\n'})
	return len(p), nil
}

// Sync implements zapcore.WriteSyncer; writes are never buffered.
func (r *recorder) Sync() error { return nil }

func (r *recorder) state() (lines int, endsInNewline bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	b := r.buf.Bytes()
	return r.lines, len(b) == 0 || b[len(b)-1] == '\n'
}

// call runs fn, which must make exactly one logging call that writes
// synchronously to r, and records the lines it wrote as one record.
func (r *recorder) call(format, level, call string, fn func()) {
	if r.err != nil {
		return
	}
	before, _ := r.state()
	fn()
	after, nl := r.state()
	switch {
	case after == before:
		r.err = fmt.Errorf("call %q (%s/%s) wrote no complete line", call, format, level)
	case !nl:
		r.err = fmt.Errorf("call %q (%s/%s) left an unterminated line", call, format, level)
	default:
		r.records = append(r.records, Record{
			Line:   before + 1,
			Lines:  after - before,
			Format: format,
			Level:  level,
			Call:   call,
		})
	}
}

// plain writes lines that no logger wrote (format and level "").
func (r *recorder) plain(s string) {
	r.call(FormatNone, LevelNone, "fmt.Fprintln", func() { fmt.Fprintln(r, s) })
}
