package sidecar

import (
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/relevel/relevel/sidecar/checkpoint"
)

// The health of the state directory. Delivery is promised only while
// offsets can be saved: a forwarder that cannot save them still delivers,
// but after a restart it would repeat everything since the last save, and
// rotated files it read would have no checkpoint. So a failing save makes
// /readyz fail (the process keeps running and keeps retrying at each
// checkpoint interval; a restart would not help and would lose the
// offsets held in memory), is counted at each attempt and logged at the
// first failure and at recovery, not at every retry.

// lockState takes the state directory's lock (checkpoint.Lock). Another
// holder is an error: two forwarders on one directory would overwrite each
// other's offsets, so the second one stops at start with an error naming
// the directory and the holder's PID (the first keeps delivering). A lock
// file that cannot be created (a read-only state directory) is logged and
// the forwarder runs without the lock: its saves fail too, which /readyz
// shows, and stopping would only turn that into a crash loop.
func lockState(cfg Config) (*checkpoint.DirLock, error) {
	l, err := checkpoint.Lock(cfg.StateDir)
	if errors.Is(err, checkpoint.ErrLocked) {
		return nil, fmt.Errorf("sidecar: %w", err)
	}
	if err != nil {
		cfg.Logger.Error("cannot lock the state directory; running without the lock (another forwarder could share it)", "dir", cfg.StateDir, "err", err.Error())
	}
	return l, nil
}

// checkpointCorrupt counts a checkpoint file that Open set aside and logs
// what that means. m may be nil.
func (m *Metrics) checkpointCorrupt(log *slog.Logger, err error) {
	log.Error("checkpoint file unreadable: set aside, starting without checkpoints (files are read from their beginning, so lines may repeat; rotated files are not read)", "err", err.Error())
	if m != nil {
		m.corrupt.Add(1)
	}
}

// saveFailed counts a failed checkpoint save and makes /readyz fail until
// a save succeeds. Only the first failure of a run of failures is logged.
func (m *Metrics) saveFailed(log *slog.Logger, err error) {
	m.saveErrors.Add(1)
	if !m.saveFailing.Swap(true) {
		log.Error("cannot save checkpoints: not ready until a save succeeds (delivery goes on; a restart now would repeat lines, or skip files first followed since); retrying after each acknowledgement and every checkpoint interval", "err", err.Error())
	}
}

// saveSucceeded records a successful save, ending a run of failures.
func (m *Metrics) saveSucceeded(log *slog.Logger) {
	m.lastSave.Store(time.Now().UnixNano())
	if m.saveFailing.Swap(false) {
		log.Warn("checkpoints saved again: ready", "failed_saves", m.saveErrors.Load())
	}
}
