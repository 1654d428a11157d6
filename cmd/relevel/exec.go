package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"sync"
	"syscall"
	"time"

	"github.com/relevel/relevel/ndjson"
	"github.com/relevel/relevel/parser"
	"github.com/relevel/relevel/parser/join"
)

const execUsage = `Usage: relevel exec [flags] -- COMMAND [ARGS…]

Runs COMMAND, reads its stdout and stderr, and writes one JSON record per log
record on relevel's own stdout, with the true level as "status" — the
zero-infrastructure way to fix one container: make it the container's
entrypoint (command: ["relevel", "exec", "--", "/manager"]) and the Datadog
Agent reads the JSON lines it prints.

Records whose format is not recognised take the stream's status, as the Agent
would give them (stdout → info, stderr → error; see --stdout-level and
--stderr-level). Signals (SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2)
are forwarded to COMMAND; relevel exits with COMMAND's exit code (128+N when
it was killed by signal N) after writing every record.

Flags:
`

func runExec(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("exec", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprint(stderr, execUsage)
		fs.PrintDefaults()
	}
	outLevel := fs.String("stdout-level", "info", "status of unrecognised records on COMMAND's stdout")
	errLevel := fs.String("stderr-level", "error", "status of unrecognised records on COMMAND's stderr")
	flushAfter := fs.Duration("flush-interval", time.Second, "emit a pending multi-line record after the stream has been idle this long")
	maxBytes := fs.Int("max-bytes", join.DefaultMaxBytes, "most bytes in one record; the rest continues in another record")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	cmdArgs := fs.Args()
	if len(cmdArgs) == 0 {
		fmt.Fprintln(stderr, "relevel exec: no command given (relevel exec [flags] -- COMMAND [ARGS…])")
		return 2
	}
	levels := [2]parser.Level{}
	for i, s := range []string{*outLevel, *errLevel} {
		l, ok := parser.ParseLevel(s)
		if !ok {
			fmt.Fprintf(stderr, "relevel exec: level %q is not one of debug, info, notice, warning, error, critical, alert, emergency\n", s)
			return 2
		}
		levels[i] = l
	}
	cmd := exec.Command(cmdArgs[0], cmdArgs[1:]...)
	cmd.Stdin = os.Stdin
	outPipe, err := cmd.StdoutPipe()
	if err != nil {
		fmt.Fprintln(stderr, "relevel exec:", err)
		return 1
	}
	errPipe, err := cmd.StderrPipe()
	if err != nil {
		fmt.Fprintln(stderr, "relevel exec:", err)
		return 1
	}
	if err := cmd.Start(); err != nil {
		fmt.Fprintf(stderr, "relevel exec: %v\n", err)
		return 127
	}
	sigs := make(chan os.Signal, 8)
	signal.Notify(sigs, syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGQUIT, syscall.SIGUSR1, syscall.SIGUSR2)
	defer signal.Stop(sigs)
	go func() {
		for s := range sigs {
			_ = cmd.Process.Signal(s)
		}
	}()

	// One writer for both streams: each record is written whole.
	var mu sync.Mutex
	w := bufio.NewWriterSize(stdout, 64<<10)
	var writeErr error
	var wg sync.WaitGroup
	for i, r := range []io.Reader{outPipe, errPipe} {
		wg.Add(1)
		go func(r io.Reader, def parser.Level) {
			defer wg.Done()
			enc := ndjson.Encoder{Options: ndjson.Options{DefaultLevel: def}}
			s := join.New(r, join.FlushAfter(*flushAfter), join.MaxBytes(*maxBytes))
			var buf []byte
			for s.Next() {
				buf = enc.Append(buf[:0], s.Record())
				mu.Lock()
				if _, err := w.Write(buf); err != nil && writeErr == nil {
					writeErr = err
				}
				if !s.Buffered() {
					if err := w.Flush(); err != nil && writeErr == nil {
						writeErr = err
					}
				}
				mu.Unlock()
			}
			// Keep draining on a write error so the child never blocks.
			if err := s.Err(); err != nil {
				mu.Lock()
				fmt.Fprintf(stderr, "relevel exec: reading the command's output: %v\n", err)
				mu.Unlock()
			}
		}(r, levels[i])
	}
	wg.Wait() // both pipes at EOF: every record written
	waitErr := cmd.Wait()
	mu.Lock()
	if err := w.Flush(); err != nil && writeErr == nil {
		writeErr = err
	}
	mu.Unlock()
	if writeErr != nil {
		fmt.Fprintf(stderr, "relevel exec: writing stdout: %v\n", writeErr)
	}
	return exitCode(cmd, waitErr, stderr)
}

func exitCode(cmd *exec.Cmd, err error, stderr io.Writer) int {
	if err == nil {
		return 0
	}
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		if st, ok := ee.Sys().(syscall.WaitStatus); ok && st.Signaled() {
			return 128 + int(st.Signal())
		}
		return ee.ExitCode()
	}
	fmt.Fprintf(stderr, "relevel exec: %v\n", err)
	return 1
}
