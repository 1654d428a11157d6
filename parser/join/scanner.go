package join

import (
	"bytes"
	"errors"
	"io"
	"iter"
	"sync"
	"time"

	"github.com/relevel/relevel/parser"
)

// FlushAfter completes a pending record when the input has been idle for d,
// for streaming input (a pipe from `kubectl logs -f`): without it the last
// record would wait for the next line, which may never come. The Scanner then
// reads in a goroutine of its own. Zero (the default) means read synchronously
// and complete the last record only at the end of the input.
func FlushAfter(d time.Duration) Option {
	return optionFunc(func(c *config) {
		if d > 0 {
			c.flush = d
		}
	})
}

// Scanner reads a stream and yields its records, in the manner of
// bufio.Scanner:
//
//	s := join.New(os.Stdin)
//	for s.Next() {
//		rec := s.Record()
//		…
//	}
//	if err := s.Err(); err != nil { … }
type Scanner struct {
	j   *Joiner
	src io.Reader

	buf        []byte
	start, end int
	eof        bool
	err        error
	done       bool

	chunks chan chunk // FlushAfter mode
	timer  *time.Timer
}

type chunk struct {
	data []byte
	err  error
}

// New returns a Scanner over r.
func New(r io.Reader, opts ...Option) *Scanner {
	j := NewJoiner(opts...)
	j.borrow = true // fill calls own before it reads
	s := &Scanner{j: j, src: r, buf: bufPool.Get().(*[bufSize]byte)[:]}
	if j.cfg.flush > 0 {
		s.chunks = make(chan chunk, 4)
		go s.readLoop()
	}
	return s
}

// bufSize is a Scanner's first buffer; longer lines grow it.
const bufSize = 64 << 10

// bufPool keeps the first buffers of finished Scanners: a program that scans
// many short inputs (a file per container, a rotation's remainder) would
// otherwise allocate and clear 64 KiB for each.
var bufPool = sync.Pool{New: func() any { return new([bufSize]byte) }}

// release hands the buffer back once no record can point into it: after Next
// reported the end, the last record is no longer valid.
func (s *Scanner) release() {
	if len(s.buf) == bufSize {
		bufPool.Put((*[bufSize]byte)(s.buf))
	}
	s.buf = nil
}

// readLoop feeds the scanner from its own goroutine so that Next can notice
// idleness. It ends at the first read error (io.EOF included).
func (s *Scanner) readLoop() {
	for {
		b := make([]byte, 32<<10)
		n, err := s.src.Read(b)
		if n > 0 {
			s.chunks <- chunk{data: b[:n]}
		}
		if err != nil {
			s.chunks <- chunk{err: err}
			close(s.chunks)
			return
		}
	}
}

// Next advances to the next record, reporting false at the end of the input
// or on a read error (see Err). Once it has reported false, the Scanner's
// buffer goes back to a pool for the next Scanner, and the last Record and Raw
// are no longer valid.
func (s *Scanner) Next() bool {
	if s.done {
		s.release()
		return false
	}
	j := s.j
	for {
		// A complete line in the buffer?
		if s.start < s.end {
			rest := s.buf[s.start:s.end]
			if i := bytes.IndexByte(rest, '\n'); i >= 0 && i < j.cfg.maxBytes {
				s.start += i + 1
				if j.has && !j.curCont && !j.partial {
					// Add's path for a whole line after a record that
					// takes no continuation, most lines, written out: a
					// call fewer a line.
					j.start(rest[:i+1], parser.IsHeader(rest[:i], j.probe))
					return true
				}
				if j.Add(rest[:i+1]) {
					return true
				}
				continue
			}
			// A line longer than the bound goes in pieces.
			if s.end-s.start > s.j.cfg.maxBytes {
				piece := s.buf[s.start : s.start+s.j.cfg.maxBytes]
				s.start += s.j.cfg.maxBytes
				if s.j.Add(piece) {
					return true
				}
				continue
			}
		}
		if s.eof {
			if s.start < s.end {
				line := s.buf[s.start:s.end]
				s.start = s.end
				if s.j.Add(line) {
					return true
				}
			}
			s.done = true
			return s.j.Flush()
		}
		if !s.fill() {
			// Idle: complete the pending record.
			if s.j.Flush() {
				return true
			}
		}
	}
}

// fill reads more input. It returns false when the FlushAfter interval
// passed with a pending record and no new input.
func (s *Scanner) fill() bool {
	// The pending record may be a window of buf (Joiner.borrow).
	s.j.own()
	if s.start > 0 {
		s.end = copy(s.buf, s.buf[s.start:s.end])
		s.start = 0
	}
	if need := s.j.cfg.maxBytes + 1; s.end == len(s.buf) || len(s.buf) < need && s.end > len(s.buf)/2 {
		nb := make([]byte, max(2*len(s.buf), 4096))
		copy(nb, s.buf[:s.end])
		s.buf = nb
	}
	if s.chunks == nil {
		n, err := s.src.Read(s.buf[s.end:])
		s.end += n
		s.setErr(err)
		return true
	}
	var c chunk
	var ok bool
	if s.j.Pending() {
		if s.timer == nil {
			s.timer = time.NewTimer(s.j.cfg.flush)
		} else {
			s.timer.Reset(s.j.cfg.flush)
		}
		select {
		case c, ok = <-s.chunks:
			s.timer.Stop()
		case <-s.timer.C:
			return false
		}
	} else {
		c, ok = <-s.chunks
	}
	if !ok {
		s.eof = true
		return true
	}
	if c.err != nil {
		s.setErr(c.err)
		return true
	}
	for s.end+len(c.data) > len(s.buf) {
		nb := make([]byte, 2*len(s.buf))
		copy(nb, s.buf[:s.end])
		s.buf = nb
	}
	s.end += copy(s.buf[s.end:], c.data)
	return true
}

func (s *Scanner) setErr(err error) {
	if err == nil {
		return
	}
	s.eof = true
	if !errors.Is(err, io.EOF) {
		s.err = err
	}
}

// Record returns the current record; valid until the next call to Next.
func (s *Scanner) Record() *parser.Record { return s.j.Record() }

// Raw returns the current record's exact input bytes, line endings included.
func (s *Scanner) Raw() []byte { return s.j.Raw() }

// Lines returns the number of input lines in the current record.
func (s *Scanner) Lines() int { return s.j.Lines() }

// Err returns the first read error other than io.EOF. The records read
// before it were all delivered.
func (s *Scanner) Err() error { return s.err }

// All yields the records of r with their raw bytes; both are valid only
// during the iteration step. A read error ends the sequence; check it with
// the returned function.
func All(r io.Reader, opts ...Option) (iter.Seq2[*parser.Record, []byte], func() error) {
	s := New(r, opts...)
	return func(yield func(*parser.Record, []byte) bool) {
		for s.Next() {
			if !yield(s.Record(), s.Raw()) {
				return
			}
		}
	}, s.Err
}

// Buffered reports whether input is already waiting to be processed, so that
// the next call to Next will not block on a read. Writers use it to flush
// their output only when the stream goes quiet.
func (s *Scanner) Buffered() bool {
	return s.start < s.end || len(s.chunks) > 0 // a nil channel has length 0
}
