package container

import (
	"bufio"
	"bytes"
	"io"
	"iter"
	"time"
)

// keepCap is the largest buffer a Decoder keeps for reuse once its line is
// emitted; a larger one (a rare very long line) is left to the garbage
// collector so an idle decoder does not pin MaxLineBytes per stream.
const keepCap = 64 << 10

// pending is the unfinished line of one stream: the content of its P pieces
// so far.
type pending struct {
	buf   []byte
	spare []byte // the other buffer, for when buf is emitted mid-Feed
	time  time.Time
	start int64 // offset of the first record still pending
	end   int64 // offset after the last record that added to buf
	has   bool
}

// Decoder turns the physical records of one container log file into the
// lines the container wrote. It is not safe for concurrent use.
type Decoder struct {
	cfg      config
	format   Format // as configured
	detected Format // as in use: equal to format unless format is Auto
	pend     [2]pending
	out      []Entry
	scratch  []byte // unescaped Docker log value
	last     int64  // offset after the last record fed

	zoneOff int // cache of the last numeric UTC offset seen, and its zone
	zone    *time.Location
	sec     secondCache // the last timestamp's second
}

// NewDecoder returns a Decoder for the given format.
func NewDecoder(f Format, opts ...Option) *Decoder {
	c := config{maxLine: DefaultMaxLineBytes}
	for _, o := range opts {
		o.apply(&c)
	}
	if f > Kubectl {
		f = Auto
	}
	return &Decoder{cfg: c, format: f, detected: f}
}

// Format returns the format in use: the one given to NewDecoder, or, for
// Auto, the one detected on the first non-empty record (Auto until then).
func (d *Decoder) Format() Format { return d.detected }

// Offset returns the offset after the last record fed (zero for a new or
// reset Decoder).
func (d *Decoder) Offset() int64 { return d.last }

// Reset makes d ready for a new file, as NewDecoder left it: pending pieces
// are dropped (Flush first to keep them), offsets start again at zero and an
// Auto decoder detects the format again. Buffers are kept for reuse.
func (d *Decoder) Reset() {
	for i := range d.pend {
		p := &d.pend[i]
		p.has = false
		p.buf = p.buf[:0]
	}
	d.out = d.out[:0]
	d.detected = d.format
	d.last = 0
}

// Feed decodes one physical record: one line of the file including its
// "\n" (the file's last line may lack it), whose end offset in the file is
// end. It returns the Entries the record completed, in order: none for a P
// piece, one for a line, several when a line is longer than MaxLineBytes.
// stdout and stderr are merged independently, so a stderr line can complete
// while a stdout line is pending.
//
// The returned slice and the Lines in it are valid until the next call to
// Feed, Flush or Reset, and the Lines only while record is unchanged.
//
// Records must come in file order without overlap: the only error is
// ErrOffset, when end-len(record) is negative or before the end of the
// previous record; the record is then ignored and the Decoder is unchanged.
// It means the file was truncated or replaced: Flush, Reset, and feed the
// record again. Gaps are allowed (bytes skipped by the caller).
func (d *Decoder) Feed(record []byte, end int64) ([]Entry, error) {
	n := int64(len(record))
	if end < n || end-n < d.last {
		return nil, ErrOffset
	}
	start := end - n
	d.out = d.out[:0]
	d.last = end

	body, term := record, false
	if len(body) > 0 && body[len(body)-1] == '\n' {
		body, term = body[:len(body)-1], true
	}
	if d.detected == Auto {
		if len(body) == 0 || len(body) == 1 && body[0] == '\r' {
			d.emitRecord(body, term, false, start, end)
			return d.out, nil
		}
		d.detected = detect(body)
	}
	switch d.detected {
	case CRI:
		d.feedCRI(body, term, start, end)
	case Docker:
		d.feedDocker(body, term, start, end)
	case Kubectl:
		d.feedKubectl(body, term, start, end)
	default:
		d.emitRecord(body, term, false, start, end)
	}
	return d.out, nil
}

// detect chooses the format of a file from its first non-empty record.
func detect(body []byte) Format {
	if len(body) > 0 && body[0] == '{' {
		if _, ok := parseDocker(body); ok {
			return Docker
		}
	}
	if _, ok := parseCRI(body); ok {
		return CRI
	}
	return Raw
}

func (d *Decoder) feedCRI(body []byte, term bool, start, end int64) {
	r, ok := parseCRI(body)
	if !ok {
		d.emitRecord(body, term, true, start, end)
		return
	}
	d.piece(r.stream, r.content, r.full, r.time, start, end)
}

// feedKubectl reads a line of `kubectl logs --timestamps`: "<RFC 3339
// time> <line>", a line that was empty with the space or without it.
func (d *Decoder) feedKubectl(body []byte, term bool, start, end int64) {
	ts, content := body, []byte(nil)
	if sp := bytes.IndexByte(body, ' '); sp >= 0 {
		ts, content = body[:sp], body[sp+1:]
	}
	if d.parseTime(ts).IsZero() {
		// No time: another writer's line, passed through whole.
		d.emitRecord(body, term, true, start, end)
		return
	}
	d.piece(Stdout, content, term, ts, start, end)
}

func (d *Decoder) feedDocker(body []byte, term bool, start, end int64) {
	r, ok := parseDocker(body)
	if !ok {
		d.emitRecord(body, term, true, start, end)
		return
	}
	log := r.log
	if r.esc {
		d.scratch, ok = unescape(recycle(d.scratch), log)
		if !ok {
			d.emitRecord(body, term, true, start, end)
			return
		}
		log = d.scratch
	}
	full := len(log) > 0 && log[len(log)-1] == '\n'
	if full {
		log = log[:len(log)-1]
	}
	d.piece(r.stream, log, full, r.time, start, end)
}

// piece adds one CRI or Docker piece of stream s, read from the record at
// [start, end), to the stream's pending line, and emits what it completes.
// ts is the piece's raw timestamp, parsed only when the piece starts an
// Entry.
func (d *Decoder) piece(s Stream, content []byte, full bool, ts []byte, start, end int64) {
	p := &d.pend[s&1]
	maxLine := d.cfg.maxLine
	if full {
		// One "\r" before the line end: kept by CRI-O and Docker for a tty.
		if n := len(content); n > 0 {
			if content[n-1] == '\r' {
				content = content[:n-1]
			}
		} else if n := len(p.buf); p.has && n > 0 && p.buf[n-1] == '\r' {
			p.buf = p.buf[:n-1]
		}
	}

	if p.has {
		room := maxLine - len(p.buf)
		if len(content) <= room {
			p.buf = append(p.buf, content...)
			p.end = end
			if full {
				p.has = false
				d.emit(Entry{Stream: s, Time: p.time, Line: p.buf, End: end, Resume: d.resume(end)})
				p.buf = recycle(p.buf)
			}
			return
		}
		// The line overflows MaxLineBytes: emit the pending part, filled up,
		// and go on with the rest of this record as a new Entry.
		p.buf = append(p.buf, content[:room]...)
		content = content[room:]
		if room > 0 {
			p.end = end
		}
		p.has = false
		d.emit(Entry{Stream: s, Time: p.time, Line: p.buf, Partial: true, End: p.end, Resume: d.resume(start)})
		p.swap()
	}
	t := d.parseTime(ts)
	for len(content) > maxLine {
		d.emit(Entry{Stream: s, Time: t, Line: content[:maxLine], Partial: true, End: end, Resume: d.resume(start)})
		content = content[maxLine:]
	}
	if full {
		d.emit(Entry{Stream: s, Time: t, Line: content, End: end, Resume: d.resume(end)})
		return
	}
	p.buf = append(p.buf[:0], content...)
	p.has, p.time, p.start, p.end = true, t, start, end
}

// emitRecord emits a whole record body (Raw, Malformed, or an empty record
// before detection) as stdout Entries.
func (d *Decoder) emitRecord(body []byte, term, malformed bool, start, end int64) {
	if term {
		if n := len(body); n > 0 && body[n-1] == '\r' {
			body = body[:n-1]
		}
	}
	maxLine := d.cfg.maxLine
	for len(body) > maxLine {
		d.emit(Entry{Stream: Stdout, Line: body[:maxLine], Partial: true, Malformed: malformed, End: end, Resume: d.resume(start)})
		body = body[maxLine:]
	}
	d.emit(Entry{Stream: Stdout, Line: body, Partial: !term, Malformed: malformed, End: end, Resume: d.resume(end)})
}

func (d *Decoder) emit(e Entry) { d.out = append(d.out, e) }

// resume returns the checkpoint offset: at is the position the caller has
// reached (the end of the record, or its start when part of it is still to
// be emitted), pulled back to the first record still pending on a stream.
func (d *Decoder) resume(at int64) int64 {
	for i := range d.pend {
		if p := &d.pend[i]; p.has && p.start < at {
			at = p.start
		}
	}
	return at
}

// swap moves to the spare buffer after buf was emitted in the middle of a
// Feed, when buf must stay intact until the next call but the rest of the
// record still needs a buffer.
func (p *pending) swap() {
	emitted := p.buf
	p.buf = recycle(p.spare)
	p.spare = recycle(emitted) // reused from the next call on
}

// recycle empties a buffer for reuse, or drops it when it grew large.
func recycle(b []byte) []byte {
	if cap(b) > keepCap {
		return nil
	}
	return b[:0]
}

// Flush emits the pending pieces of both streams, oldest first, each as an
// Entry with Partial set: call it at the end of a file, when the file has
// been idle for a while, or before a rotation. A piece that arrives later
// starts a new Entry. The returned slice follows Feed's lifetime rules.
func (d *Decoder) Flush() []Entry {
	d.out = d.out[:0]
	first := Stdout
	if o, e := &d.pend[Stdout], &d.pend[Stderr]; e.has && (!o.has || e.start < o.start) {
		first = Stderr
	}
	for _, s := range [2]Stream{first, first ^ 1} {
		p := &d.pend[s]
		if !p.has {
			continue
		}
		p.has = false
		d.emit(Entry{Stream: s, Time: p.time, Line: p.buf, Partial: true, End: p.end, Resume: d.resume(d.last)})
		p.buf = recycle(p.buf)
	}
	return d.out
}

// All reads r to its end, feeding each line to d, and yields the Entries;
// at the end it yields what Flush emits, then the read error if it is not
// io.EOF. Offsets count from d.Offset() (zero for a new Decoder), so r
// should start there. A physical line longer than max(MaxLineBytes, 256 KiB)
// plus 4 KiB is fed in parts: for CRI and Docker the parts after the first
// then come out Malformed, but no byte is lost. An Entry and its Line are
// valid only until the loop body returns.
func (d *Decoder) All(r io.Reader) iter.Seq2[Entry, error] {
	return func(yield func(Entry, error) bool) {
		limit := max(d.cfg.maxLine, 256<<10) + 4<<10
		br := bufio.NewReaderSize(r, 64<<10)
		var long []byte // a record longer than br's buffer
		for {
			chunk, err := br.ReadSlice('\n')
			record := chunk
			if len(long) > 0 || err == bufio.ErrBufferFull {
				long = append(long, chunk...)
				record = long
				if err == bufio.ErrBufferFull && len(long) < limit {
					continue
				}
			}
			if len(record) > 0 {
				entries, ferr := d.Feed(record, d.last+int64(len(record)))
				if ferr != nil {
					yield(Entry{}, ferr)
					return
				}
				for _, e := range entries {
					if !yield(e, nil) {
						return
					}
				}
			}
			long = long[:0]
			if err != nil && err != bufio.ErrBufferFull {
				for _, e := range d.Flush() {
					if !yield(e, nil) {
						return
					}
				}
				if err != io.EOF {
					yield(Entry{}, err)
				}
				return
			}
		}
	}
}
