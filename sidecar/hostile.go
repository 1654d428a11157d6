package sidecar

import (
	"fmt"
	"io"

	"github.com/relevel/relevel/sidecar/container"
	"github.com/relevel/relevel/sidecar/tail"
)

// Hostile input. Bytes in a container log file that are not what its
// runtime writes are never dropped and never stop the forwarder: a record
// that is not in the file's format (binary garbage, a CRI line with a
// broken stream name or tag) is passed through as a stdout line of unknown
// format, and a CRI line whose timestamp does not parse keeps its content
// and goes out without the runtime's time. Each is counted in
// relevel_malformed_records_total{reason} and the first of each kind is
// logged once per file (again only after the file was idle long enough to
// be forgotten). Files that cannot be read at all are the tailer's
// business (tail.Stats.Skipped, relevel_files_skipped_total{reason}).

// Reasons of relevel_malformed_records_total.
const (
	malformedFormat = iota // not in the file's container format: passed through as a raw stdout line
	malformedTime          // CRI line whose timestamp does not parse: sent without the runtime's time
	malformedReasons
)

var malformedNames = [malformedReasons]string{"not_container_format", "bad_timestamp"}

// noteEntry counts a decoded line of f that was not well formed, logging
// the first of each kind for f. A line cut into pieces counts once, at its
// last piece.
func (p *processor) noteEntry(f *file, e container.Entry) {
	if e.Partial {
		return
	}
	reason := -1
	switch {
	case e.Malformed:
		reason = malformedFormat
	case e.Time.IsZero() && f.dec.Format() == container.CRI:
		reason = malformedTime
	default:
		return
	}
	p.m.malformed[reason].Add(1)
	if f.warned&(1<<reason) == 0 {
		f.warned |= 1 << reason
		p.cfg.Logger.Warn("malformed container log line, forwarded as it is (logged once per file and kind)",
			"path", f.src.Path, "reason", malformedNames[reason], "end", e.End)
	}
}

// writeHostile writes the counters of malformed records and skipped files.
func (m *Metrics) writeHostile(w io.Writer, st tail.Stats) {
	fmt.Fprintf(w, "# HELP relevel_malformed_records_total Lines not well formed for their container format, forwarded anyway, by reason (not_container_format: passed through as raw stdout lines; bad_timestamp: sent without the runtime's time).\n# TYPE relevel_malformed_records_total counter\n")
	for r, name := range malformedNames {
		fmt.Fprintf(w, "relevel_malformed_records_total{reason=%q} %d\n", name, m.malformed[r].Load())
	}
	fmt.Fprintf(w, "# HELP relevel_files_skipped_total Files matching --include that cannot be read, by reason (permission, symlink_loop, not_regular, open_error); each counted once while it stays unreadable.\n# TYPE relevel_files_skipped_total counter\n")
	reasons := st.SkipReasons()
	for _, r := range reasons {
		fmt.Fprintf(w, "relevel_files_skipped_total{reason=%q} %d\n", r, st.Skipped[r])
	}
	if len(reasons) == 0 {
		fmt.Fprintf(w, "relevel_files_skipped_total 0\n")
	}
}
