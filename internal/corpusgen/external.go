package corpusgen

import (
	"bytes"
	"context"
	"embed"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// Loggers of other runtimes (CPython, the JVM, servers) are driven the way
// the child program is: a script of ours makes the calls, the program's
// own logger writes them to stderr or stdout, and for every call the script reports
// {"lines", "format", "level", "call"} as one JSON line (to the file named
// by $CORPUSGEN_REPORT, since servers write to stdout too). The level is the
// level of the call the script made. Lines after the last report (an
// uncaught exception's traceback) are covered by the run's tail record.
//
// These programs are not Go modules: a machine may lack them. A stream
// whose program is missing is skipped with the reason, and a committed copy
// of it is kept (see Generate), so the corpus does not shrink on machines
// without them; `make corpus-external` regenerates only these streams.

//go:embed ext
var extScripts embed.FS

// extRun describes a stream written by a program outside Go.
type extRun struct {
	prog    string   // the program, looked up on PATH
	install string   // how to get it, for the skip message
	args    []string // its arguments; "{dir}" is replaced by the work directory
	files   []string // files of ext/ copied into the work directory
	version []string // a command whose output's first line names the version
	needs   []string // a command that must succeed, or the stream is skipped (a module installed)
	// setup, when set, prepares the work directory after the files are
	// copied (installs the packages the script requires); its failure
	// skips the stream as a missing program does.
	setup func(dir string) error
	exit  int     // expected exit status
	tail  *Record // covers the lines after the last report, or nil
	// drive, when set, runs the program itself in dir instead of args,
	// for a program no script of ours can run inside (a server written
	// in C), and returns its log and the records covering it.
	drive func(prog, dir string) ([]byte, []Record, error)
}

// runExternal runs an external stream, or reports it skipped when its
// program is missing.
func runExternal(s *stream) (*result, error) {
	x := s.ext
	res := &result{stream: s}
	prog, err := exec.LookPath(x.prog)
	if err != nil {
		res.skipped = fmt.Sprintf("%s not found on PATH (%s)", x.prog, x.install)
		return res, nil
	}
	if len(x.needs) > 0 {
		if out, err := exec.Command(x.needs[0], x.needs[1:]...).CombinedOutput(); err != nil {
			res.skipped = fmt.Sprintf("%s failed (%s): %s", strings.Join(x.needs, " "), x.install, bytes.TrimSpace(out))
			return res, nil
		}
	}
	// A directory of its own: two generators may run at once.
	tmp, err := os.MkdirTemp("", "relevel-corpusgen-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	dir := filepath.Join(tmp, "app")
	if err := os.Mkdir(dir, 0o755); err != nil {
		return nil, err
	}
	for _, f := range x.files {
		b, err := extScripts.ReadFile("ext/" + f)
		if err != nil {
			return nil, err
		}
		if err := os.WriteFile(filepath.Join(dir, filepath.Base(f)), b, 0o644); err != nil {
			return nil, err
		}
	}
	if x.setup != nil {
		// A package that cannot be installed here (no registry) is a
		// missing program: the committed stream is kept.
		if err := x.setup(dir); err != nil {
			res.skipped = fmt.Sprintf("setup failed (%s): %v", x.install, err)
			return res, nil
		}
	}
	version, err := extVersion(x.version)
	if err != nil {
		return nil, err
	}
	if x.drive != nil {
		ref := time.Now().UTC()
		log, recs, err := x.drive(prog, dir)
		if err != nil {
			return nil, err
		}
		res.log = log
		res.truth = Truth{Origin: fmt.Sprintf("%s; internal/corpusgen (%s)", version, s.desc), ReferenceTime: ref.Format(time.RFC3339), Records: recs}
		return res, nil
	}
	report := filepath.Join(tmp, "report.jsonl")
	args := make([]string, len(x.args))
	for i, a := range x.args {
		args[i] = strings.ReplaceAll(a, "{dir}", dir)
	}
	ref := time.Now().UTC()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, prog, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "CORPUSGEN_REPORT="+report, "PYTHONDONTWRITEBYTECODE=1", "TZ=UTC")
	// stdout and stderr share one pipe, so the log keeps the order the
	// program wrote in: a container's log has both (log4j2's console
	// appender writes to stdout).
	var stderr bytes.Buffer
	cmd.Stdout = &stderr
	cmd.Stderr = &stderr
	code, err := exitCode(cmd.Run())
	if err != nil {
		return nil, fmt.Errorf("running %s: %w", x.prog, err)
	}
	if code != x.exit {
		return nil, fmt.Errorf("%s exited %d, want %d\nstderr:\n%s", x.prog, code, x.exit, stderr.Bytes())
	}
	reports, err := os.ReadFile(report)
	if err != nil {
		return nil, err
	}
	log := stderr.Bytes()
	recs, line, err := readReports(reports)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", x.prog, err)
	}
	total := CountLines(log)
	if x.tail != nil {
		if line > total {
			return nil, fmt.Errorf("%s: no lines left for the final %s record (reported %d of %d)", x.prog, x.tail.Call, line-1, total)
		}
		tail := *x.tail
		tail.Line, tail.Lines = line, total-(line-1)
		recs = append(recs, tail)
	}
	res.log = log
	res.truth = Truth{
		Origin:        fmt.Sprintf("%s; internal/corpusgen %s (%s)", version, strings.Join(x.files, ", "), s.desc),
		ReferenceTime: ref.Format(time.RFC3339),
		Records:       recs,
	}
	return res, nil
}

// extVersion runs a version command and returns its first non-empty line.
func extVersion(argv []string) (string, error) {
	out, err := exec.Command(argv[0], argv[1:]...).CombinedOutput()
	if err != nil {
		return "", fmt.Errorf("%s: %v\n%s", strings.Join(argv, " "), err, out)
	}
	for _, l := range strings.Split(string(out), "\n") {
		if l = strings.TrimSpace(l); l != "" {
			return l, nil
		}
	}
	return "", fmt.Errorf("%s printed nothing", strings.Join(argv, " "))
}

// loadCommitted reads a stream's committed files from dir, for streams this
// run does not regenerate; ok is false when there are none.
func loadCommitted(dir string, s *stream, why string) (*result, bool, error) {
	base := filepath.Join(dir, s.logger, s.name)
	log, err := os.ReadFile(base + ".log")
	if errors.Is(err, os.ErrNotExist) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, err
	}
	t, err := ReadTruth(base + ".truth.json")
	if err != nil {
		return nil, false, err
	}
	return &result{stream: s, log: log, truth: *t, kept: why}, true, nil
}
