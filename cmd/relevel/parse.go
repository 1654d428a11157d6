package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/relevel/relevel/ndjson"
	"github.com/relevel/relevel/parser"
	"github.com/relevel/relevel/parser/join"
	"github.com/relevel/relevel/sidecar/container"
)

const parseUsage = `Usage: relevel parse [flags] < LOG

Reads log text on stdin and writes one JSON object per record on stdout:

  {"status":"info","format":"klog","message":"Successfully synced",
   "timestamp":"2026-09-11T07:22:25.408586Z",
   "logger":{"caller":"cni_writer.go:930","thread_id":1},"attributes":{"pod":"x"}}

status is one of debug, info, notice, warning, error, critical, alert, emergency;
format is the logger that wrote the record (klog, zap, logrus, gopanic, …) or ""
when none was recognised, in which case status is --default-level and message is
the line as it was. Multi-line records (klog key=< values, zap stack traces, Go
panics, raw multi-line messages) come out as one record. Bad input never stops
the command: binary or unrecognised lines pass through as records of format "".

Flags:
`

func runParse(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("parse", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprint(stderr, parseUsage)
		fs.PrintDefaults()
	}
	defLevel := fs.String("default-level", "info", "status of records whose format is not recognised")
	refTime := fs.String("reference-time", "", "RFC3339 time standing in for what timestamps leave out: the year of klog and of\nlog15/go-ethereum terminal lines (a month later than this one means last year) and\nthe zone (they write local time). Default: now, in UTC")
	maxLines := fs.Int("max-lines", join.DefaultMaxLines, "most lines in one record; the rest continues in another record")
	maxBytes := fs.Int("max-bytes", join.DefaultMaxBytes, "most bytes in one record (and one line); the rest continues in another record")
	flushAfter := fs.Duration("flush-interval", time.Second, "emit a pending multi-line record after the input has been idle this long\n(raw input from a pipe; files and container formats are read to their end)")
	input := fs.String("input", "raw", "input format: raw (log lines), cri (containerd/CRI-O files under /var/log/pods),\ndocker (json-file), kubectl (kubectl logs --timestamps: each line behind its time),\nor auto (decide from the first line among cri, docker and raw)")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "relevel parse: unexpected argument %q (input is read from stdin)\n", fs.Arg(0))
		return 2
	}
	lvl, ok := parser.ParseLevel(*defLevel)
	if !ok {
		fmt.Fprintf(stderr, "relevel parse: --default-level %q is not one of debug, info, notice, warning, error, critical, alert, emergency\n", *defLevel)
		return 2
	}
	enc := ndjson.Encoder{Options: ndjson.Options{DefaultLevel: lvl}}
	if *refTime != "" {
		t, err := time.Parse(time.RFC3339Nano, *refTime)
		if err != nil {
			fmt.Fprintf(stderr, "relevel parse: --reference-time: %v\n", err)
			return 2
		}
		enc.Reference = t
	}
	opts := []join.Option{join.MaxLines(*maxLines), join.MaxBytes(*maxBytes)}
	format, err := container.ParseFormat(*input)
	if err != nil {
		fmt.Fprintf(stderr, "relevel parse: --input: %v\n", err)
		return 2
	}
	if format != container.Raw {
		return parseContainer(stdin, stdout, stderr, format, enc, opts)
	}
	if !isRegularFile(stdin) {
		opts = append(opts, join.FlushAfter(*flushAfter))
	}
	s := join.New(stdin, opts...)
	w := bufio.NewWriterSize(stdout, 64<<10)
	var buf []byte
	for s.Next() {
		buf = enc.Append(buf[:0], s.Record())
		if _, err := w.Write(buf); err != nil {
			return writeFailed(stderr, err)
		}
		if !s.Buffered() {
			if err := w.Flush(); err != nil {
				return writeFailed(stderr, err)
			}
		}
	}
	if err := w.Flush(); err != nil {
		return writeFailed(stderr, err)
	}
	if err := s.Err(); err != nil {
		fmt.Fprintf(stderr, "relevel parse: reading stdin: %v\n", err)
		return 1
	}
	return 0
}

// parseContainer decodes a container log file (CRI or Docker json-file),
// merging partial pieces, and joins and parses each stream on its own.
func parseContainer(stdin io.Reader, stdout, stderr io.Writer, format container.Format, enc ndjson.Encoder, opts []join.Option) int {
	dec := container.NewDecoder(format)
	joiners := map[container.Stream]*join.Joiner{
		container.Stdout: join.NewJoiner(opts...),
		container.Stderr: join.NewJoiner(opts...),
	}
	w := bufio.NewWriterSize(stdout, 64<<10)
	var buf, line []byte
	emit := func(j *join.Joiner) error {
		buf = enc.Append(buf[:0], j.Record())
		_, err := w.Write(buf)
		return err
	}
	for e, err := range dec.All(stdin) {
		if err != nil {
			fmt.Fprintf(stderr, "relevel parse: reading stdin: %v\n", err)
			w.Flush()
			return 1
		}
		j := joiners[e.Stream]
		line = append(line[:0], e.Line...)
		if !e.Partial {
			line = append(line, '\n')
		}
		if j.Add(line) {
			if err := emit(j); err != nil {
				return writeFailed(stderr, err)
			}
		}
	}
	for _, s := range []container.Stream{container.Stdout, container.Stderr} {
		if joiners[s].Flush() {
			if err := emit(joiners[s]); err != nil {
				return writeFailed(stderr, err)
			}
		}
	}
	if err := w.Flush(); err != nil {
		return writeFailed(stderr, err)
	}
	return 0
}

func writeFailed(stderr io.Writer, err error) int {
	fmt.Fprintf(stderr, "relevel parse: writing stdout: %v\n", err)
	return 1
}

func isRegularFile(r io.Reader) bool {
	f, ok := r.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode().IsRegular()
}
