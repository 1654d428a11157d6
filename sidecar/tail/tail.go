// Package tail follows log files the way the Datadog Agent's file tailer and
// Fluent Bit's tail input do: it finds files by glob, reads each one from a
// checkpoint (or its beginning) to its end and keeps following it, survives
// kubelet's rename rotation and copytruncate, and hands out one Line per
// physical line, in file order, with the offset after it.
//
// Discovery. Files are found by the Include globs when Run starts, through
// fsnotify events on the directories the globs involve (so a new pod
// directory is watched as soon as it appears), and by a rescan every
// Config.Rescan as the fallback for missed events. Names of rotated files
// (*.log.YYYYMMDD-hhmmss, *.log.N, *.gz, *.tmp) are never opened by
// discovery; they are read as part of their live name's history.
//
// The rule. A followed file is never history. Before the first line of a
// file that has no checkpoint is handed out, the tailer records through
// Config.Offsets (Follower) that it follows that file from that offset, so
// the fact survives a crash before the sink acknowledged anything. Then:
//
//   - a file with a checkpoint, under its live name or a rotated one, is
//     read from the checkpoint to its end;
//   - an uncompressed rotated file without one is read from its start when
//     it was modified since a forwarder took charge (this Run's start, or
//     the previous run's last save: whatever was written since then was
//     written while a forwarder was responsible for it), or is newer than
//     a followed file of the same path; logrotate's copy of a truncated
//     file (copytruncate) is read from where the original was left;
//   - a live file without one is read from its start; with StartAtEnd, a
//     first scan starts it at its end, unless its path was followed or it
//     was modified since the previous run's last save (a pod created while
//     no forwarder ran);
//   - anything else is history: rotated files at a path nobody followed,
//     last written before any forwarder took charge, are left alone, like
//     the Datadog Agent does.
//
// So what is lost is only what was compressed or deleted before it was
// read. Rotated lines carry the live name. The details are in rotated.go.
//
// Identity. Open files are keyed by device and inode, so a rename does not
// look like a new file and a file seen under two included names is read
// once. Checkpoints add a fingerprint of the first bytes (see
// checkpoint.Identity), so an inode reused by a new file never resumes at
// the old file's offset.
//
// Rotation. When the path of an open file leads to another inode (kubelet
// renamed N.log to N.log.<timestamp> and the runtime created a new N.log),
// the old file is read to its end first, then the new file from offset 0.
// The old file stays open for Config.RotateWait after its last growth, for
// writes that land after the rename, then it is closed; a deleted file is
// handled the same way, and the unterminated rest of either is handed out
// as its last Line.
//
// Truncation (copytruncate). A file whose size drops below the read offset
// is read again from 0. So is a file whose first bytes (up to 1 KiB) are no
// longer the ones read: that check runs after every read that returned
// data, before any of it is handed out, and catches a truncate-and-rewrite
// that outgrew the old offset between two reads (reading blocked on a full
// channel during an outage gives it all the time it needs). Content rewritten identically at the start
// cannot be told from an append.
//
// Backpressure. Run sends on its channel and blocks when it is full: reading
// pauses and nothing is dropped. Offsets advance only through the caller's
// checkpoints, set after the sink accepted the lines (DESIGN.md).
package tail

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"sync/atomic"
	"time"

	"github.com/relevel/relevel/sidecar/checkpoint"
)

// Offsets is what the tailer needs from the checkpoint store: where to
// resume a file. checkpoint.Store implements it.
type Offsets interface {
	// Offset returns the accepted offset of the file id names, if known.
	Offset(id checkpoint.Identity) (int64, bool)
}

var _ Offsets = (*checkpoint.Store)(nil)

// Follower is the optional part of Config.Offsets that makes "this file is
// followed from this offset" durable (checkpoint.Store has it). The tailer
// calls Follow for every file it starts without a matching checkpoint, in
// one call per batch of such files, before it hands out the first line of
// any of them; see the package doc for the rule this serves.
type Follower interface {
	Follow(entries []checkpoint.Entry) error
}

var _ Follower = (*checkpoint.Store)(nil)

// Defaults for the zero fields of Config.
const (
	DefaultRescan      = 10 * time.Second
	DefaultPoll        = 250 * time.Millisecond
	DefaultRotateWait  = 5 * time.Second
	DefaultReadBuffer  = 64 << 10
	DefaultMaxLineSize = 256 << 10
)

// Config says which files to follow and how.
type Config struct {
	// Include and Exclude are filepath.Match globs such as
	// /var/log/pods/*/*/*.log; a path matching any Exclude is never read
	// (exclude wins). Include must not be empty.
	Include, Exclude []string
	// Rescan is the period of the glob rescan that backs up fsnotify
	// (default 10s).
	Rescan time.Duration
	// Poll is how often open files are checked for new data without an
	// event, and how often files that are gone are considered for closing
	// (default 250ms). Writes through symlinked paths, such as
	// /var/log/containers, produce no event on the watched directory and
	// are seen at this period.
	Poll time.Duration
	// RotateWait is how long a file that was rotated away or deleted stays
	// open after its last growth before it is closed (default 5s, Fluent
	// Bit's Rotate_Wait).
	RotateWait time.Duration
	// Offsets says where to resume a file; nil resumes nothing.
	Offsets Offsets
	// StartAtEnd makes files that the first scan finds without a matching
	// checkpoint start after their last complete line instead of at their
	// beginning (the default, like the Datadog Agent). Files that appear
	// later always start at their beginning.
	StartAtEnd bool
	// Skip, if set, is asked about every candidate path; true means never
	// read it (e.g. the tailer's own container's log).
	Skip func(path string) bool
	// ReadBuffer is the size of one read (default 64 KiB).
	ReadBuffer int
	// MaxLineSize bounds a Line: a longer line is handed out in pieces of
	// MaxLineSize bytes, only the last ending in "\n" (default 256 KiB).
	MaxLineSize int
	// Logger receives debug and warning messages (default: discarded).
	Logger *slog.Logger
}

// Line is one physical line of a file.
type Line struct {
	// Path is the name under which the file was found; it stays the same
	// after the file is rotated away.
	Path string
	// ID identifies the file for a checkpoint at End: Set(Path, ID, End)
	// after the sink accepted this line. Within the first
	// checkpoint.FingerprintSize bytes the fingerprint grows with End.
	ID checkpoint.Identity
	// Data is the line including its "\n"; without it for a piece of an
	// over-long line or for the unterminated rest of a file that was
	// rotated away, deleted or truncated. The receiver owns Data.
	Data []byte
	// End is the file offset just after Data.
	End int64
}

// Stats counts what a Tailer did since it was created.
type Stats struct {
	FilesTailed int64 // files open now
	FilesOpened int64
	FilesClosed int64
	BytesRead   int64
	Lines       int64
	// Rotations counts the times a path began to name a new file while
	// the old one was still open. A new file that appears more than
	// RotateWait after the old one went away counts as opened only: the
	// old one was read to its end and closed by then.
	Rotations   int64
	Truncations int64 // a file was read again from 0 (copytruncate)
	// RotatedRecovered counts rotated files that were not open under
	// their live name and were read when a new file appeared there: the
	// rest after a checkpoint, or a file rotated away unseen while the
	// tailer was blocked (see rotated.go for the rules).
	RotatedRecovered int64
	// RotatedLostBytes counts bytes known to have rotated away before
	// they were read: at the first scan, a checkpointed file that exists
	// neither at its path nor as an uncompressed sibling, but whose
	// compressed sibling (.gz) starts with the checkpointed bytes,
	// contributes its uncompressed size minus the checkpoint. It is a
	// lower bound: a file deleted outright, or one never checkpointed, is
	// not counted. A restart counts again the losses still on disk.
	RotatedLostBytes int64
	// FollowErrors counts failed Follow calls: while they fail, a crash
	// before the sink acknowledges a newly followed file can make a
	// restart take it for history (see the package doc). Reading goes on;
	// the entries are saved with the next successful save.
	FollowErrors int64
	// Skipped counts candidate files that could not be read, by reason
	// (SkipPermission, SkipSymlinkLoop, …), each once per reason while it
	// stays unreadable; see hostile.go.
	Skipped map[string]int64
}

// Tailer follows the files Config selects. Create it with New and start it
// with Run; Stats may be called from any goroutine.
type Tailer struct {
	cfg      Config
	log      *slog.Logger
	patterns []pattern
	running  atomic.Bool
	noWatch  bool       // tests: run on Poll and Rescan alone, as without fsnotify
	copies   []copyWait // left by Run for Finish

	tailed, opened, closed, bytes, lines, rotations, truncations atomic.Int64
	recovered, lostBytes, followErrors                           atomic.Int64

	skips skipCounts                     // unreadable files by reason (hostile.go)
	open  func(string) (*os.File, error) // tests: replaces os.Open
	// quietPolls counts read rounds after a poll that found nothing to
	// read in any file: tests wait on it to see that nothing more comes,
	// instead of sleeping a few poll periods.
	quietPolls atomic.Int64
}

// New checks cfg and fills in its defaults.
func New(cfg Config) (*Tailer, error) {
	if len(cfg.Include) == 0 {
		return nil, errors.New("tail: no Include globs")
	}
	for _, g := range append(append([]string(nil), cfg.Include...), cfg.Exclude...) {
		if _, err := filepath.Match(g, ""); err != nil {
			return nil, fmt.Errorf("tail: glob %q: %w", g, err)
		}
	}
	if cfg.Rescan <= 0 {
		cfg.Rescan = DefaultRescan
	}
	if cfg.Poll <= 0 {
		cfg.Poll = DefaultPoll
	}
	if cfg.RotateWait <= 0 {
		cfg.RotateWait = DefaultRotateWait
	}
	if cfg.ReadBuffer <= 0 {
		cfg.ReadBuffer = DefaultReadBuffer
	}
	if cfg.MaxLineSize <= 0 {
		cfg.MaxLineSize = DefaultMaxLineSize
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	t := &Tailer{cfg: cfg, log: cfg.Logger}
	for _, g := range cfg.Include {
		t.patterns = append(t.patterns, newPattern(g))
	}
	t.cfg.Exclude = nil
	for _, g := range cfg.Exclude {
		t.cfg.Exclude = append(t.cfg.Exclude, filepath.Clean(g))
	}
	return t, nil
}

// Stats returns the counters.
func (t *Tailer) Stats() Stats {
	return Stats{
		FilesTailed: t.tailed.Load(),
		FilesOpened: t.opened.Load(),
		FilesClosed: t.closed.Load(),
		BytesRead:   t.bytes.Load(),
		Lines:       t.lines.Load(),
		Rotations:   t.rotations.Load(),
		Truncations: t.truncations.Load(),

		RotatedRecovered: t.recovered.Load(),
		RotatedLostBytes: t.lostBytes.Load(),
		FollowErrors:     t.followErrors.Load(),
		Skipped:          t.skips.snapshot(),
	}
}

// Run follows the files and sends their lines on out until ctx is done,
// then closes every file and returns ctx.Err(). It blocks on a full out
// (reading pauses; nothing is dropped) and never closes out. Lines of one
// file arrive in file order; lines of different files interleave. If
// fsnotify is unavailable Run logs it and relies on Poll and Rescan.
// A Tailer runs once.
func (t *Tailer) Run(ctx context.Context, out chan<- Line) error {
	if !t.running.CompareAndSwap(false, true) {
		return errors.New("tail: Run called twice")
	}
	r := newRun(ctx, t, out)
	defer r.shutdown()
	return r.loop()
}
