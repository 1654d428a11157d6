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
	// fragments allows writes that do not end in a newline (go-hclog with
	// forced colour writes "ESC[..m" + text + "\n" + "ESC[0m"). A call's
	// record then starts on the line holding the previous call's fragment,
	// and a fragment left at the very end counts as one more line of the
	// last record (see finish).
	fragments bool
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
	case !nl && !r.fragments:
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

// finish accounts for a final unterminated fragment (only allowed with
// fragments): it is one more line of the last record.
func (r *recorder) finish() {
	if r.err != nil {
		return
	}
	if _, nl := r.state(); nl {
		return
	}
	if !r.fragments || len(r.records) == 0 {
		r.err = fmt.Errorf("output ends in an unterminated line")
		return
	}
	r.records[len(r.records)-1].Lines++
}

// plain writes lines that no logger wrote (format and level "").
func (r *recorder) plain(s string) {
	r.call(FormatNone, LevelNone, "fmt.Fprintln", func() { fmt.Fprintln(r, s) })
}
