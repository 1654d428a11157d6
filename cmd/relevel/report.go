package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"github.com/relevel/relevel/parser/join"
	"github.com/relevel/relevel/report"
	"github.com/relevel/relevel/sidecar"
	"github.com/relevel/relevel/sidecar/container"
)

const reportUsage = `Usage: relevel report [flags] [FILE|DIR|-]...
       relevel report --datadog [--from now-1h] [--to now] [--query Q] [flags]

Shows how far the status Datadog gives your container logs is from their true
level, per container and in total: records by format, false errors (shown as
error, truly warning or less), hidden errors (shown below error, truly error or
worse), records no format claims, and the lines of multi-line records that the
Agent ships as logs of their own unless a multi-line rule joins them.

"Shown" is what Datadog does today: the Agent gives a container line the status
of its stream (stderr → error, stdout → info), and Datadog's JSON preprocessing
reads a status, severity, level or syslog.severity key of a JSON line. "True" is
the level relevel recovers from the logger's own output.

Inputs are files (CRI or Docker json-file container logs, or raw log text: the
format is detected per file), directories (every *.log file below, rotated ones
included, so /var/log/pods works as a whole), or - for stdin (kubectl logs
output; the default when no input is named). The container is taken from the
path (/var/log/pods/<ns>_<pod>_<uid>/<container>/N.log, or
/var/log/containers/<pod>_<ns>_<container>-<id>.log); other files and stdin
count under their own name. Raw text has no stream: --stream says which one the
Agent would have seen.

With --datadog, the records are instead a sample of the logs your Datadog org
stores as status:error in a window (--from, --to; now-1h to now by default,
relative like now-15m or RFC 3339; --query narrows it, e.g. "service:web";
--limit bounds the sample, newest first). Each log's message is run through the
same parser, and the tables are grouped by service/source/container (from the
kube_container_name or container_name tag): how many of the org's "errors" are
not errors, and, by format, which share relevel's pipeline would fix (run
offline through relevel's emulator of Datadog's processors). Run it on a window
that starts after "relevel pipeline apply" to see whether the pipeline works:
logs still stored as error that are not errors are listed with a hint at the
likely cause (a pipeline placed after another status remapper, a filter that
misses them, a format the rules do not match).

It uses Datadog's Logs Search API with DD_API_KEY, DD_APP_KEY (an application
key whose user, and scopes if it has any, include logs_read_data) and DD_SITE
(datadoghq.eu, us3.datadoghq.com, …; default datadoghq.com). Keys are never
printed. A 429 is retried after the X-RateLimit-Reset delay (a few times).

Examples:
  relevel report /var/log/pods
  kubectl logs -n cert-manager deploy/cert-manager | relevel report
  relevel report --html report.html testdata/pods
  DD_SITE=datadoghq.eu relevel report --datadog --from now-4h --query "kube_namespace:shop"

Flags:
`

func runReport(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("report", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprint(stderr, reportUsage)
		fs.PrintDefaults()
	}
	htmlOut := fs.String("html", "", "also write the report as one self-contained HTML page (charts, no network) to this file")
	asJSON := fs.Bool("json", false, "write the report as JSON instead of tables")
	stream := fs.String("stream", "stderr", "stream of raw text input (no container runtime format): stderr or stdout")
	maxLines := fs.Int("max-lines", join.DefaultMaxLines, "most lines in one record")
	maxBytes := fs.Int("max-bytes", join.DefaultMaxBytes, "most bytes in one record (and one line)")
	var dd datadogFlags
	dd.register(fs)
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if dd.on {
		if fs.NArg() > 0 {
			fmt.Fprintf(stderr, "relevel report: --datadog reads your org, not files (%s)\n", strings.Join(fs.Args(), ", "))
			return 2
		}
		rep, code := dd.run(stderr)
		if rep == nil {
			return code
		}
		return writeReport(rep, *asJSON, *htmlOut, stdout, stderr)
	}
	var rawStream container.Stream
	switch *stream {
	case "stderr":
		rawStream = container.Stderr
	case "stdout":
		rawStream = container.Stdout
	default:
		fmt.Fprintf(stderr, "relevel report: --stream %q is not stderr or stdout\n", *stream)
		return 2
	}
	inputs := fs.Args()
	if len(inputs) == 0 {
		inputs = []string{"-"}
	}
	rd := &reportReader{rep: report.New(), rawStream: rawStream,
		opts: []join.Option{join.MaxLines(*maxLines), join.MaxBytes(*maxBytes)}}
	if f, ok := stderr.(*os.File); ok && isTerminal(f) {
		rd.progress = stderr
	}
	for _, in := range inputs {
		if err := rd.input(in, stdin); err != nil {
			rd.endProgress()
			fmt.Fprintf(stderr, "relevel report: %v\n", err)
			return 1
		}
	}
	rd.endProgress()
	if rd.files == 0 {
		fmt.Fprintf(stderr, "relevel report: no log files in %s\n", strings.Join(inputs, ", "))
		return 1
	}
	return writeReport(rd.rep, *asJSON, *htmlOut, stdout, stderr)
}

// writeReport writes rep as JSON or tables to stdout, and as a page to
// htmlOut when set.
func writeReport(rep *report.Report, asJSON bool, htmlOut string, stdout, stderr io.Writer) int {
	var err error
	if asJSON {
		err = rep.WriteJSON(stdout)
	} else {
		err = rep.WriteText(stdout)
	}
	if err != nil {
		fmt.Fprintf(stderr, "relevel report: writing stdout: %v\n", err)
		return 1
	}
	if htmlOut != "" {
		if err := writeHTML(rep, htmlOut); err != nil {
			fmt.Fprintf(stderr, "relevel report: %v\n", err)
			return 1
		}
	}
	return 0
}

func writeHTML(rep *report.Report, path string) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := rep.WriteHTML(f); err != nil {
		f.Close()
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return f.Close()
}

func isTerminal(f *os.File) bool {
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// reportReader feeds inputs to the report.
type reportReader struct {
	rep       *report.Report
	rawStream container.Stream
	opts      []join.Option
	files     int

	progress  io.Writer // a terminal, or nil
	bytes     int64
	lastPrint time.Time
}

// logName matches the files a directory walk reads: live container logs and
// their uncompressed rotated copies.
var logName = regexp.MustCompile(`\.log(\.(\d{8}-\d{6}|\d+))?$`)

func (rd *reportReader) input(in string, stdin io.Reader) error {
	if in == "-" {
		return rd.read("stdin", stdin)
	}
	st, err := os.Stat(in)
	if err != nil {
		return err
	}
	if !st.IsDir() {
		return rd.file(in)
	}
	return filepath.WalkDir(in, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.Type().IsRegular() && logName.MatchString(d.Name()) {
			return rd.file(p)
		}
		return nil
	})
}

func (rd *reportReader) file(p string) error {
	f, err := os.Open(p)
	if err != nil {
		return err
	}
	defer f.Close()
	return rd.read(containerOf(p), f)
}

// containerOf names the container a log file belongs to.
func containerOf(p string) string {
	live := logName.ReplaceAllString(p, ".log")
	if m, ok := sidecar.MetaFromPath(live); ok {
		return m.Namespace + "/" + m.Pod + "/" + m.Container
	}
	// /var/log/containers/<pod>_<ns>_<container>-<64 hex id>.log
	base := strings.TrimSuffix(filepath.Base(live), ".log")
	if parts := strings.Split(base, "_"); len(parts) == 3 {
		if i := strings.LastIndexByte(parts[2], '-'); i > 0 && len(parts[2])-i-1 == 64 {
			return parts[1] + "/" + parts[0] + "/" + parts[2][:i]
		}
	}
	return p
}

// read decodes one input (its container format detected from its first
// line), joins each stream's records and counts them.
func (rd *reportReader) read(name string, r io.Reader) error {
	rd.files++
	dec := container.NewDecoder(container.Auto)
	joiners := [2]*join.Joiner{join.NewJoiner(rd.opts...), join.NewJoiner(rd.opts...)}
	status := func(s container.Stream) string {
		if dec.Format() == container.Raw {
			s = rd.rawStream
		}
		if s == container.Stderr {
			return "error"
		}
		return "info"
	}
	var line []byte
	for e, err := range dec.All(r) {
		if err != nil {
			return fmt.Errorf("reading %s: %w", name, err)
		}
		j := joiners[e.Stream]
		line = append(line[:0], e.Line...)
		if !e.Partial {
			line = append(line, '\n')
		}
		if j.Add(line) {
			rd.rep.Add(name, status(e.Stream), j.Raw(), j.Record())
		}
		rd.tick(int64(len(e.Line)))
	}
	for s, j := range joiners {
		if j.Flush() {
			rd.rep.Add(name, status(container.Stream(s)), j.Raw(), j.Record())
		}
	}
	return nil
}

// tick prints a progress line on a terminal, at most twice a second.
func (rd *reportReader) tick(n int64) {
	rd.bytes += n
	if rd.progress == nil {
		return
	}
	if now := time.Now(); now.Sub(rd.lastPrint) >= 500*time.Millisecond {
		rd.lastPrint = now
		fmt.Fprintf(rd.progress, "\rrelevel report: %d files, %.1f MB, %d records…", rd.files, float64(rd.bytes)/1e6, rd.rep.Total.Records)
	}
}

func (rd *reportReader) endProgress() {
	if rd.progress != nil && !rd.lastPrint.IsZero() {
		fmt.Fprint(rd.progress, "\r\033[K")
	}
}
