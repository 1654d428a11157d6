package corpusgen

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"time"
)

// childRun describes a stream produced by the child program (./child).
type childRun struct {
	mode string   // first argument of the child
	env  []string // extra environment (e.g. GOTRACEBACK=all)
	exit int      // expected exit status
	// tail is the record (Format, Level, Call) that covers all stderr lines
	// after the last call the child reported (the panic block, Fatal line...).
	tail Record
	// skipExit, if non-zero, is an exit status meaning "could not be
	// produced on this machine"; the stream is then left out.
	skipExit int
	// supervised: after the child exits, the generator writes what a
	// supervisor loop around it writes to the same stream (as
	// `while :; do go run .; echo "…restarting"; done` would): "exit
	// status N" as go run reports the exit (part of the panic record: the
	// runtime dump's grammar includes it), then a plain restart message,
	// a record of its own that the panic must not swallow.
	supervised bool
}

// supervisorRestart is the plain line a supervised child's stream ends with.
const supervisorRestart = "supervisor: worker exited, restarting in 5s (attempt 2 of 5)"

const childImportPath = "github.com/relevel/relevel/internal/corpusgen/child"

// buildChild compiles ./child into dir and returns the binary's path.
func buildChild(dir string) (string, error) {
	bin := filepath.Join(dir, "corpusgen-child")
	if runtime.GOOS == "windows" {
		bin += ".exe"
	}
	goCmd, err := exec.LookPath("go")
	if err != nil {
		goCmd = filepath.Join(runtime.GOROOT(), "bin", "go")
	}
	// Prefer the source directory next to this file (works from any working
	// directory); fall back to the import path, resolved from the working
	// directory's module.
	target := childImportPath
	workDir := ""
	if _, file, _, ok := runtime.Caller(0); ok {
		src := filepath.Join(filepath.Dir(file), "child")
		if st, err := os.Stat(filepath.Join(src, "main.go")); err == nil && !st.IsDir() {
			workDir, target = src, "."
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, goCmd, "build", "-o", bin, target)
	cmd.Dir = workDir
	// CGO_ENABLED=0: with cgo linked in (klog imports os/user) the runtime
	// cannot detect "all goroutines are asleep - deadlock!".
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
	out, err := cmd.CombinedOutput()
	if err != nil {
		return "", fmt.Errorf("building child program: %v\n%s", err, out)
	}
	return bin, nil
}

// childEnv is the environment for child processes: the parent's, minus
// anything that changes the runtime's or klog's output.
func childEnv(extra []string) []string {
	var env []string
	for _, kv := range os.Environ() {
		k, _, _ := strings.Cut(kv, "=")
		switch k {
		case "GOTRACEBACK", "GODEBUG", "GOMAXPROCS":
			continue
		}
		env = append(env, kv)
	}
	return append(env, extra...)
}

// exitCode is the exit status of a command that ran, from cmd.Run's error;
// err is an error that kept it from running.
func exitCode(runErr error) (code int, err error) {
	if runErr == nil {
		return 0, nil
	}
	var ee *exec.ExitError
	if !errors.As(runErr, &ee) {
		return 0, runErr
	}
	return ee.ExitCode(), nil
}

// readReports decodes the reports a child or a script wrote, one JSON
// object a line, into consecutive records from line 1; line is the line
// after the last.
func readReports(b []byte) (recs []Record, line int, err error) {
	line = 1
	sc := bufio.NewScanner(bytes.NewReader(b))
	for sc.Scan() {
		var cr struct {
			Lines  int    `json:"lines"`
			Format string `json:"format"`
			Level  string `json:"level"`
			Call   string `json:"call"`
		}
		if err := json.Unmarshal(sc.Bytes(), &cr); err != nil {
			return nil, 0, fmt.Errorf("bad report %q: %w", sc.Text(), err)
		}
		if cr.Lines < 1 {
			return nil, 0, fmt.Errorf("call %q wrote %d lines", cr.Call, cr.Lines)
		}
		recs = append(recs, Record{Line: line, Lines: cr.Lines, Format: cr.Format, Level: cr.Level, Call: cr.Call})
		line += cr.Lines
	}
	return recs, line, sc.Err()
}

func runChild(bin string, s *stream) (*result, error) {
	c := s.child
	ref := time.Now().UTC()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, c.mode)
	cmd.Env = childEnv(c.env)
	var stdout, stderr bytes.Buffer
	cmd.Stdout = &stdout
	cmd.Stderr = &stderr
	code, err := exitCode(cmd.Run())
	if err != nil {
		return nil, fmt.Errorf("running child %s: %w", c.mode, err)
	}
	res := &result{
		stream: s,
		truth: Truth{
			Origin:        origin(s, "main.go mode "+c.mode),
			ReferenceTime: ref.Format(time.RFC3339),
		},
	}
	if c.skipExit != 0 && code == c.skipExit {
		res.skipped = fmt.Sprintf("child mode %s exited %d (not reproducible here)", c.mode, code)
		return res, nil
	}
	if code != c.exit {
		return nil, fmt.Errorf("child %s exited %d, want %d\nstderr:\n%s", c.mode, code, c.exit, stderr.Bytes())
	}
	log := stderr.Bytes()
	if len(log) == 0 || log[len(log)-1] != '\n' {
		return nil, fmt.Errorf("child %s: stderr does not end with a newline", c.mode)
	}
	total := bytes.Count(log, []byte{'\n'})
	recs, line, err := readReports(stdout.Bytes())
	if err != nil {
		return nil, fmt.Errorf("child %s: %w", c.mode, err)
	}
	res.truth.Records = recs
	rest := total - (line - 1)
	if rest < 1 {
		return nil, fmt.Errorf("child %s: no lines left for the final %s record (reported %d of %d)",
			c.mode, c.tail.Call, line-1, total)
	}
	tail := c.tail
	tail.Line, tail.Lines = line, rest
	if c.supervised {
		log = fmt.Appendf(log, "exit status %d\n%s\n", code, supervisorRestart)
		tail.Lines++
		tail.Call += ` (then "exit status N" as go run reports it)`
		res.truth.Records = append(res.truth.Records, tail,
			Record{Line: line + tail.Lines, Lines: 1, Format: FormatNone, Level: LevelNone, Call: "supervisor restart message (fmt, no level)"})
	} else {
		res.truth.Records = append(res.truth.Records, tail)
	}
	res.log = log
	return res, nil
}
