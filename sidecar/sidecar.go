// Package sidecar is relevel's forwarder: it follows container log files,
// decodes the runtime's wrapper (CRI or Docker json-file), joins multi-line
// records per stream, recovers each record's level with package parser, and
// writes one JSON object per record to a sink. File offsets are saved only
// after the sink has accepted the records before them, so a crash repeats
// records but never skips one.
//
// Data flows one way: tail → container decoder → joiner → parser → sink.
package sidecar

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/relevel/relevel/ndjson"
	"github.com/relevel/relevel/parser"
	"github.com/relevel/relevel/parser/join"
	"github.com/relevel/relevel/sidecar/checkpoint"
	"github.com/relevel/relevel/sidecar/container"
	"github.com/relevel/relevel/sidecar/tail"
)

// Config is the forwarder's configuration. The zero value of each field
// means its documented default.
type Config struct {
	Include, Exclude []string         // globs; default /var/log/pods/*/*/*.log
	StateDir         string           // checkpoints; default /var/lib/relevel
	Input            container.Format // default Auto
	// StdoutLevel and StderrLevel are the status of records whose format is
	// not recognised (default info and error, as the Datadog Agent gives).
	StdoutLevel, StderrLevel parser.Level
	FlushInterval            time.Duration // emit a pending multi-line record after this idle time, and end it before a line the runtime stamped this much later (default 1s)
	// CheckpointInterval is how often checkpoints are saved and expired
	// even when nothing is acknowledged (default 5s). Offsets the sink
	// acknowledges are saved at once besides, one save at a time: what a
	// crash repeats is bounded by what was in flight, not by this period.
	CheckpointInterval time.Duration
	// CheckpointExpiry drops the checkpoint of a file that has been gone
	// this long (default checkpoint.DefaultExpireAfter, 7 days).
	CheckpointExpiry time.Duration
	// ShutdownTimeout bounds how long Run spends, once ctx is done,
	// finishing what was read and waiting for the sink to deliver it
	// (default 10s). What is not delivered by then stays unacknowledged in
	// the files and is read again after a restart.
	ShutdownTimeout time.Duration
	MaxRecordBytes  int // bound of one record (default join.DefaultMaxBytes)
	// Skip is asked about each candidate file; true means never read it.
	// Run always skips its own pod's files when POD_NAMESPACE and POD_NAME
	// are set (with a stdout sink in a DaemonSet, reading itself would
	// multiply every line forever).
	Skip    func(path string) bool
	Sink    Sink         // where records go; required (NewWriterSink for JSON lines)
	Logger  *slog.Logger // default: discarded
	Metrics *Metrics     // filled while running, if set
}

func (c *Config) defaults() {
	if len(c.Include) == 0 {
		c.Include = []string{"/var/log/pods/*/*/*.log"}
	}
	if c.StateDir == "" {
		c.StateDir = "/var/lib/relevel"
	}
	if c.StdoutLevel == parser.LevelUnknown {
		c.StdoutLevel = parser.LevelInfo
	}
	if c.StderrLevel == parser.LevelUnknown {
		c.StderrLevel = parser.LevelError
	}
	if c.FlushInterval <= 0 {
		c.FlushInterval = time.Second
	}
	if c.CheckpointInterval <= 0 {
		c.CheckpointInterval = 5 * time.Second
	}
	if c.CheckpointExpiry <= 0 {
		c.CheckpointExpiry = checkpoint.DefaultExpireAfter
	}
	if c.ShutdownTimeout <= 0 {
		c.ShutdownTimeout = 10 * time.Second
	}
	if c.MaxRecordBytes <= 0 {
		c.MaxRecordBytes = join.DefaultMaxBytes
	}
	if c.Logger == nil {
		c.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
}

// PodMeta is what the kubelet's path says about a file:
// /var/log/pods/<namespace>_<pod>_<uid>/<container>/<restart>.log.
type PodMeta struct {
	Namespace, Pod, UID, Container, Restart string
}

// MetaFromPath reads PodMeta from a kubelet log path; ok is false for other paths.
func MetaFromPath(path string) (PodMeta, bool) {
	dir, file := filepath.Split(path)
	cdir := filepath.Dir(dir)
	pdir := filepath.Base(filepath.Dir(cdir))
	parts := strings.Split(pdir, "_")
	restart, isLog := strings.CutSuffix(file, ".log")
	if len(parts) != 3 || !isLog {
		return PodMeta{}, false
	}
	return PodMeta{Namespace: parts[0], Pod: parts[1], UID: parts[2], Container: filepath.Base(cdir), Restart: restart}, true
}

// metaJSON renders the Datadog-shaped metadata members for a file.
func metaJSON(path string) []byte {
	m, ok := MetaFromPath(path)
	if !ok {
		return nil
	}
	var b []byte
	for _, kv := range [][2]string{{"kube_namespace", m.Namespace}, {"pod_name", m.Pod}, {"kube_container_name", m.Container}, {"container_name", m.Container}} {
		b = append(b, ',', '"')
		b = append(b, kv[0]...)
		b = append(b, '"', ':')
		b = ndjson.AppendString(b, []byte(kv[1]))
	}
	return b
}

// stream is one stream of one file: its joiner and the offset from which
// re-reading reproduces its pending record.
type stream struct {
	j          *join.Joiner
	level      parser.Level // status of records of unknown format
	id         container.Stream
	pendingAt  int64     // file offset at which the pending record starts (valid while j.Pending())
	pendingT   time.Time // the runtime's timestamp of the pending record's first line
	lastT      time.Time // the runtime's timestamp of the last line added
	lastPiece  bool      // the last line added goes on in the next entry (CRI "P")
	lastActive time.Time
}

// file is the per-file processing state.
type file struct {
	src     *Source
	dec     *container.Decoder
	streams [2]*stream
	resume  int64 // decoder's resume offset after the last fed record
	ids     map[int64]checkpoint.Identity
	id      checkpoint.Identity // identity at the latest line
	active  time.Time           // last line read
	// cutAt, when cut is set, is the offset before a record the sink did
	// not take (a Write interrupted by the stop): no mark may pass it.
	cutAt  int64
	cut    bool
	warned uint8 // kinds of malformed line logged for this file (hostile.go)
}

// idleEvict is how long a file's state is kept after its last line. Pods
// come and go; without eviction the state of every file ever read would
// stay in memory.
const idleEvict = 5 * time.Minute

// Run forwards until ctx is done, then finishes what was read, waits (up
// to ShutdownTimeout) for the sink to deliver it, saves checkpoints and
// returns nil, or the first sink or state error.
func Run(ctx context.Context, cfg Config) error {
	cfg.defaults()
	if cfg.Sink == nil {
		return errors.New("sidecar: no sink")
	}
	if err := os.MkdirAll(cfg.StateDir, 0o755); err != nil {
		return fmt.Errorf("sidecar: state dir: %w", err)
	}
	lock, err := lockState(cfg)
	if err != nil {
		return err
	}
	defer lock.Unlock()
	store, err := checkpoint.Open(cfg.StateDir, checkpoint.ExpireAfter(cfg.CheckpointExpiry))
	if err != nil {
		if !errors.Is(err, checkpoint.ErrCorrupt) {
			return fmt.Errorf("sidecar: %w", err)
		}
		cfg.Metrics.checkpointCorrupt(cfg.Logger, err)
	}
	self := selfPodDir()
	skip := func(p string) bool {
		if self != "" && strings.Contains(p, self) {
			return true
		}
		return cfg.Skip != nil && cfg.Skip(p)
	}
	t, err := tail.New(tail.Config{Include: cfg.Include, Exclude: cfg.Exclude, Offsets: store, Skip: skip, Logger: cfg.Logger})
	if err != nil {
		return fmt.Errorf("sidecar: %w", err)
	}
	lines := make(chan tail.Line, 1024)
	tctx, stopTail := context.WithCancel(context.Background())
	tailDone := make(chan error, 1)
	go func() { tailDone <- t.Run(tctx, lines) }()

	m := cfg.Metrics
	if m == nil {
		m = &Metrics{}
	}
	m.tailStats = t.Stats
	m.queueDepth = func() int64 { return int64(len(lines)) }
	m.attachSink(cfg.Sink)
	m.ready.Store(true)
	defer m.ready.Store(false)

	// Checkpoints are saved on their own clock: acks arrive from the sink
	// while the loop below may be blocked on a full sink.
	saveCtx, stopSaving := context.WithCancel(context.Background())
	saverDone := make(chan struct{})
	acked := make(chan struct{}, 1)
	go func() {
		defer close(saverDone)
		saveLoop(saveCtx, store, cfg, m, acked)
	}()

	p := &processor{cfg: cfg, ctx: ctx, store: store, acked: acked, files: map[string]*file{}, sink: cfg.Sink, m: m}
	flushTick := time.NewTicker(cfg.FlushInterval / 2)
	defer flushTick.Stop()
	var runErr error
loop:
	for {
		select {
		case <-ctx.Done():
			break loop
		case l := <-lines:
			// One clock read per batch of lines: idle flushing needs no
			// finer time, and the clock showed in profiles.
			p.now = time.Now()
			if err := p.line(l); err != nil {
				runErr = err
				break loop
			}
			// Drain what is already queued before marking, so that the
			// sink sees records in batches.
			for drained := false; !drained; {
				select {
				case l := <-lines:
					if err := p.line(l); err != nil {
						runErr = err
						break loop
					}
				default:
					drained = true
				}
			}
			if err := p.commit(); err != nil {
				runErr = err
				break loop
			}
		case now := <-flushTick.C:
			if err := p.idle(now); err != nil {
				runErr = err
				break loop
			}
		}
	}
	// Stop reading, finish what was read, hand the sink the last mark.
	stopTail()
	<-tailDone
	sctx, cancel := context.WithTimeout(context.Background(), cfg.ShutdownTimeout)
	defer cancel()
	p.ctx = sctx
	if errors.Is(runErr, context.Canceled) && ctx.Err() != nil {
		// A Write blocked on a full sink was interrupted by the stop: the
		// record it held is not acknowledged, so its offset is never
		// checkpointed. Deliver what came before it.
		runErr = nil
		p.broken = true
	}
	if p.broken {
		// Nothing more is written; what the sink took before the
		// interrupted record is marked (fileMark stops before it), so a
		// clean stop does not repeat it.
		runErr = p.commit()
	} else if runErr == nil {
		p.now = time.Now()
		for drained := false; !drained && runErr == nil; {
			select {
			case l := <-lines:
				runErr = p.line(l)
			default:
				drained = true
			}
		}
		if runErr == nil {
			runErr = p.flushAll()
		}
		if runErr == nil {
			runErr = p.commit()
		}
	}
	if err := cfg.Sink.Close(sctx); err != nil {
		if runErr == nil && !errors.Is(err, context.DeadlineExceeded) {
			runErr = fmt.Errorf("sidecar: %w", err)
		} else {
			cfg.Logger.Warn("stopping before the sink delivered everything; the rest is read again after a restart", "err", err.Error())
		}
	}
	stopSaving()
	<-saverDone
	t.Finish()
	if err := store.Save(); err != nil && runErr == nil {
		runErr = fmt.Errorf("sidecar: saving checkpoints: %w", err)
	}
	return runErr
}

// saveLoop saves the checkpoints whenever the sink acknowledged records
// (a signal on acked) and every CheckpointInterval, and expires those of
// files gone for longer than CheckpointExpiry on the interval. Saves are
// coalesced: acknowledgements that arrive during a save (a temporary file,
// two fsyncs and a rename) are written by the next one, so a busy node pays
// for one save at a time, however many batches are acknowledged.
// ackSaveGap is the least time between two saves that acknowledgements
// ask for: what a crash repeats is at most what was in flight plus this
// much, and saving costs at most ten saves a second.
const ackSaveGap = 100 * time.Millisecond

func saveLoop(ctx context.Context, store *checkpoint.Store, cfg Config, m *Metrics, acked <-chan struct{}) {
	tick := time.NewTicker(cfg.CheckpointInterval)
	defer tick.Stop()
	var last time.Time
	for {
		select {
		case <-ctx.Done():
			return
		case <-acked:
			// At most one save per ackSaveGap: a sink that acknowledges
			// every few milliseconds would otherwise keep a save (two
			// fsyncs) running back to back. Acknowledgements during the
			// wait are coalesced into the save after it.
			if wait := ackSaveGap - time.Since(last); wait > 0 {
				t := time.NewTimer(wait)
				select {
				case <-ctx.Done():
					t.Stop()
					return
				case <-t.C:
				}
			}
		case now := <-tick.C:
			store.Expire(now, entryAlive(store))
		}
		last = time.Now()
		if err := store.Save(); err != nil {
			m.saveFailed(cfg.Logger, err)
			continue
		}
		m.saveSucceeded(cfg.Logger)
	}
}

// entryAlive reports whether a checkpointed file still exists: at the path
// it was last seen under, or under a kubelet rotation name beside it.
func entryAlive(store *checkpoint.Store) func(checkpoint.Identity) bool {
	paths := map[checkpoint.Identity]string{}
	for _, e := range store.Entries() {
		paths[e.ID] = e.Path
	}
	return func(id checkpoint.Identity) bool {
		p, ok := paths[id]
		if !ok {
			return false
		}
		cands := []string{p}
		if more, err := filepath.Glob(p + ".*"); err == nil {
			cands = append(cands, more...)
		}
		for _, c := range cands {
			fi, err := os.Stat(c)
			if err != nil {
				continue
			}
			if dev, ino, ok := checkpoint.DevInode(fi); ok && dev == id.Dev && ino == id.Inode {
				return true
			}
		}
		return false
	}
}

// selfPodDir names this pod's log directory prefix from the downward API.
func selfPodDir() string {
	ns, pod := os.Getenv("POD_NAMESPACE"), os.Getenv("POD_NAME")
	if ns == "" || pod == "" {
		return ""
	}
	return "/" + ns + "_" + pod + "_"
}

type processor struct {
	cfg     Config
	ctx     context.Context // bounds a Write blocked on a full sink
	store   *checkpoint.Store
	acked   chan<- struct{} // wakes saveLoop after an acknowledgement
	files   map[string]*file
	sink    Sink
	rec     Record
	scratch []byte
	now     time.Time // when the lines being processed were received
	broken  bool      // a Write was interrupted by the stop: nothing more is written (marks stop before that record: file.cut)
	evicted []mark    // marks of files forgotten since the last commit
	m       *Metrics
}

func (p *processor) fileFor(l tail.Line) (*file, error) {
	f := p.files[l.Path]
	if f == nil || f.id.Dev != l.ID.Dev || f.id.Inode != l.ID.Inode {
		if f != nil {
			// A new file at the same path (rotation): finish the old one,
			// and keep its mark for the next commit, or its checkpoint
			// would stay at the last commit before the new file's first
			// line, and a restart would read that stretch again.
			if err := p.flushFile(f); err != nil {
				return nil, err
			}
			p.markFile(f)
		}
		f = &file{src: NewSource(l.Path), dec: container.NewDecoder(p.cfg.Input), ids: map[int64]checkpoint.Identity{}}
		for i, lvl := range []parser.Level{p.cfg.StdoutLevel, p.cfg.StderrLevel} {
			f.streams[i] = &stream{j: join.NewJoiner(join.MaxBytes(p.cfg.MaxRecordBytes)), level: lvl, id: container.Stream(i)}
		}
		p.files[l.Path] = f
	}
	return f, nil
}

func (p *processor) line(l tail.Line) error {
	f, err := p.fileFor(l)
	if err != nil {
		return err
	}
	f.id = l.ID
	if l.End <= checkpoint.FingerprintSize {
		f.ids[l.End] = l.ID
	}
	entries, err := f.dec.Feed(l.Data, l.End)
	if errors.Is(err, container.ErrOffset) {
		// Truncated and rewritten: start the file over. What was read of
		// the old content is written out first; from here on offsets and
		// identities are the new content's, or a checkpoint would pair
		// the new content's fingerprint with an offset in the old one (a
		// record of the new content pending at the old resume offset),
		// and a restart would resume the new content there.
		if err := p.flushFile(f); err != nil {
			return err
		}
		f.dec.Reset()
		f.resume = 0
		clear(f.ids)
		if l.End <= checkpoint.FingerprintSize {
			f.ids[l.End] = l.ID
		}
		entries, err = f.dec.Feed(l.Data, l.End)
	}
	if err != nil {
		return fmt.Errorf("sidecar: %s: %w", l.Path, err)
	}
	now := p.now
	f.active = now
	before := f.resume
	for _, e := range entries {
		p.noteEntry(f, e)
		s := f.streams[e.Stream]
		if err := p.gap(f, s, e.Time); err != nil {
			return err
		}
		s.lastT, s.lastPiece = e.Time, e.Partial
		p.scratch = append(p.scratch[:0], e.Line...)
		if !e.Partial {
			p.scratch = append(p.scratch, '\n')
		}
		began, err := p.add(f, s, p.scratch)
		if err != nil {
			return err
		}
		if began {
			// Re-reading from the offset before this entry reproduces
			// the pending record.
			s.pendingAt = before
			s.pendingT = e.Time
		}
		s.lastActive = now
		before = e.Resume
	}
	if len(entries) > 0 {
		f.resume = entries[len(entries)-1].Resume
	}
	return nil
}

// gap ends the pending record of s when the runtime stamped the next line
// at least FlushInterval after the last one. A logger writes a record in
// one write (a Go panic's dump in a quick burst), so its lines carry nearly
// the same time; a line that comes that much later is another write, which
// the idle flush would have separated had relevel been reading live. So a
// backlog read after a restart or a pause is joined exactly as it would
// have been live. The rest of a line cut in pieces always joins its start.
func (p *processor) gap(f *file, s *stream, t time.Time) error {
	if !s.j.Pending() || s.lastPiece || t.IsZero() || s.lastT.IsZero() || t.Sub(s.lastT) < p.cfg.FlushInterval {
		return nil
	}
	if s.j.Flush() {
		return p.emit(f, s)
	}
	return nil
}

// add gives one decoded line to its stream's joiner and emits the record
// the line completes; began reports that the line starts the record now
// pending.
func (p *processor) add(f *file, s *stream, line []byte) (began bool, err error) {
	wasPending := s.j.Pending()
	completed := s.j.Add(line)
	if completed {
		if err := p.emit(f, s); err != nil {
			return false, err
		}
	}
	return !wasPending || completed, nil
}

func (p *processor) emit(f *file, s *stream) error {
	rec := s.j.Record()
	status := rec.Level
	if status == parser.LevelUnknown {
		status = s.level
	}
	p.rec = Record{Record: rec, Status: status, Stream: s.id, Source: f.src, RuntimeTime: s.pendingT}
	if err := p.sink.Write(p.ctx, &p.rec); err != nil {
		if p.ctx.Err() != nil {
			// Stopping: the sink did not take this record. Marks of its
			// file stop before it, so what the sink took before it can
			// still be checkpointed; Run tells this from a sink failure.
			if !f.cut || s.pendingAt < f.cutAt {
				f.cut, f.cutAt = true, s.pendingAt
			}
			return err
		}
		return fmt.Errorf("sidecar: %w", err)
	}
	p.m.record(rec.Format, status)
	return nil
}

// idle emits records whose stream has been quiet for FlushInterval and
// forgets files that have been quiet for idleEvict.
func (p *processor) idle(now time.Time) error {
	for path, f := range p.files {
		for _, s := range f.streams {
			if s.j.Pending() && now.Sub(s.lastActive) >= p.cfg.FlushInterval {
				if s.j.Flush() {
					if err := p.emit(f, s); err != nil {
						return err
					}
				}
			}
		}
		if now.Sub(f.active) >= idleEvict {
			if err := p.flushFile(f); err != nil {
				return err
			}
			p.markFile(f)
			delete(p.files, path)
		}
	}
	return p.commit()
}

// flushFile writes out everything pending for f: partial pieces the decoder
// holds, then each stream's pending record. A sink error is returned, not
// dropped, so Run stops before any checkpoint passes the lost records.
func (p *processor) flushFile(f *file) error {
	for _, e := range f.dec.Flush() {
		s := f.streams[e.Stream]
		p.scratch = append(p.scratch[:0], e.Line...)
		began, err := p.add(f, s, p.scratch)
		if err != nil {
			return err
		}
		if began {
			s.pendingT = e.Time
		}
	}
	for _, s := range f.streams {
		if s.j.Flush() {
			if err := p.emit(f, s); err != nil {
				return err
			}
		}
	}
	return nil
}

func (p *processor) flushAll() error {
	for _, f := range p.files {
		if err := p.flushFile(f); err != nil {
			return err
		}
	}
	return nil
}

// mark is one file's checkpoint, applied when the sink acknowledges.
type mark struct {
	path string
	id   checkpoint.Identity
	off  int64
}

// markFile keeps f's mark for the next commit, before f is forgotten.
func (p *processor) markFile(f *file) {
	if m, ok := p.fileMark(f); ok {
		p.evicted = append(p.evicted, m)
	}
}

// fileMark returns the offset before f's oldest record not yet written.
func (p *processor) fileMark(f *file) (mark, bool) {
	safe := f.resume
	for _, s := range f.streams {
		if s.j.Pending() && s.pendingAt < safe {
			safe = s.pendingAt
		}
	}
	if f.cut && f.cutAt < safe {
		safe = f.cutAt
	}
	if safe <= 0 {
		return mark{}, false
	}
	id := f.id
	if safe <= checkpoint.FingerprintSize {
		var ok bool
		if id, ok = f.ids[safe]; !ok {
			return mark{}, false
		}
	}
	return mark{f.src.Path, id, safe}, true
}

// commit asks the sink to deliver what was written and, once it has, to
// checkpoint each file at the offset before its oldest record not yet
// written.
func (p *processor) commit() error {
	marks := p.evicted
	p.evicted = nil
	for _, f := range p.files {
		if m, ok := p.fileMark(f); ok {
			marks = append(marks, m)
		}
	}
	store, acked := p.store, p.acked
	if err := p.sink.Mark(func() {
		for _, m := range marks {
			store.Set(m.path, m.id, m.off)
		}
		select {
		case acked <- struct{}{}:
		default: // a save is due already; it will write these too
		}
	}); err != nil {
		return fmt.Errorf("sidecar: %w", err)
	}
	return nil
}
