// Package corpusgen writes a golden-test corpus of log streams produced by the
// real logging libraries (k8s.io/klog/v2, k8s.io/component-base/logs/json,
// go.uber.org/zap, go-logr/zapr, github.com/sirupsen/logrus, log/slog and
// log, github.com/rs/zerolog, github.com/go-kit/log,
// github.com/hashicorp/go-hclog, github.com/hashicorp/logutils,
// github.com/inconshreveable/log15, go-ethereum's log package,
// github.com/coreos/pkg/capnslog) and by the Go runtime (panics and fatal
// errors), together with the ground truth for every record. Loggers that
// cannot be built here (Calico's, Weave Net's) are represented by lines
// typed from their formatters' source, marked HAND-WRITTEN.
//
// Layout written by [Generate]:
//
//	<dir>/MANIFEST.md
//	<dir>/<logger>/<stream>.log         exact bytes the logger(s) wrote
//	<dir>/<logger>/<stream>.truth.json  ground truth, see [Truth]
//
// where <logger> is one of [LoggerDirs].
//
// The ground truth is never derived from the output: every record's level is
// the level of the call the generator made, and its line span is measured by
// counting the newlines written to the logger's writer before and after the
// call. (go-hclog with forced colour is the one producer whose writes do not
// end in a newline: see [recorder.fragments].) Calls that end the process (panics, Fatal, Exit) run in a small child
// program (./child) that is built with "go build" at generation time; the
// child reports the line counts of its calls on stdout and the parent covers
// the remaining stderr lines with one final record.
package corpusgen

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"runtime/debug"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"
)

// Formats that can appear in [Record.Format]. The empty string marks a line
// that no logger wrote (for example a plain fmt.Fprintln to stderr).
const (
	FormatKlog         = "klog"
	FormatKlogJSON     = "klog-json"    // k8s.io/component-base/logs/json (--logging-format=json)
	FormatZap          = "zap"          // zap console encoder
	FormatLogrus       = "logrus"       // logrus TextFormatter (both layouts)
	FormatSlog         = "slog"         // slog TextHandler and the default handler through package log
	FormatZerolog      = "zerolog"      // zerolog ConsoleWriter
	FormatGokit        = "gokit"        // go-kit logfmt
	FormatHclog        = "hclog"        // go-hclog text
	FormatBracket      = "bracket"      // "[INFO] msg" (CoreDNS plugin/pkg/log)
	FormatLogutils     = "logutils"     // package log's date, then "[LEVEL] " (hashicorp/logutils, serf, memberlist)
	FormatLog15        = "log15"        // log15 TerminalFormat and go-ethereum's terminal handler
	FormatCapnslog     = "capnslog"     // coreos/pkg capnslog PrettyFormatter (etcd before 3.5)
	FormatCalico       = "calico"       // libcalico-go logutils.Formatter (felix, calico-node)
	FormatWeave        = "weave"        // Weave Net's logrus textFormatter
	FormatPython       = "python"       // CPython's logging (default and basicConfig layouts), uvicorn, gunicorn, tracebacks
	FormatJava         = "java"         // java.util.logging, logback, log4j2, Spring Boot, uncaught exceptions
	FormatNginx        = "nginx"        // nginx's error log
	FormatPostgres     = "postgres"     // PostgreSQL's server log, default log_line_prefix
	FormatEnvoy        = "envoy"        // Envoy's default log format and Istio's for its sidecars
	FormatFluentBit    = "fluentbit"    // Fluent Bit's own log
	FormatDotnet       = "dotnet"       // .NET's console logger, SimpleConsoleFormatter
	FormatBitnami      = "bitnami"      // Bitnami images' liblog.sh
	FormatPHPFPM       = "phpfpm"       // PHP-FPM's own log
	FormatApache       = "apache"       // the Apache HTTP Server's error log
	FormatRabbitMQ     = "rabbitmq"     // RabbitMQ's log (3.9 on, and lager's before)
	FormatFluentd      = "fluentd"      // Fluentd's own log
	FormatNest         = "nestjs"       // NestJS's ConsoleLogger
	FormatClickHouse   = "clickhouse"   // ClickHouse's server log
	FormatDDAgent      = "ddagent"      // the Datadog Agent's own log
	FormatKibana       = "kibana"       // Kibana's console log (8.0 on)
	FormatGitea        = "gitea"        // Gitea's log
	FormatGitLabRunner = "gitlabrunner" // GitLab Runner's log
	FormatMinIO        = "minio"        // MinIO's console error report
	FormatBeego        = "beego"        // beego's logger (Harbor's core)
	FormatCeph         = "ceph"         // Ceph's daemons (in Rook)
	FormatMongoDB      = "mongodb"      // MongoDB's text log, 4.2 and before
	FormatNATS         = "nats"         // NATS server's log
	FormatPingCAP      = "pingcap"      // pingcap/log's text layout (TiDB, PD, TiKV, Milvus)
	FormatRuby         = "ruby"         // Ruby's Logger (Rails' too), uncaught exceptions
	FormatRedis        = "redis"        // Redis's log
	FormatMySQL        = "mysql"        // MySQL's and MariaDB's error log
	FormatRust         = "rust"         // Rust's env_logger and tracing-subscriber, panics
	FormatWinston      = "winston"      // winston's text formats (simple, cli, colorize)
	FormatNode         = "node"         // Node's own report of an uncaught exception
	FormatGoPanic      = "gopanic"
	FormatJSON         = "json" // any one-object-per-record JSON logger with a level key
	FormatNone         = ""
)

// Canonical levels that can appear in [Record.Level]. The empty string is
// used together with [FormatNone].
const (
	LevelDebug     = "debug"
	LevelInfo      = "info"
	LevelNotice    = "notice" // capnslog's N
	LevelWarning   = "warning"
	LevelError     = "error"
	LevelCritical  = "critical"
	LevelAlert     = "alert"     // nginx's alert
	LevelEmergency = "emergency" // nginx's emerg
	LevelNone      = ""
)

// LoggerDirs are the subdirectories of the corpus, one per producer.
var LoggerDirs = []string{"klog", "klog-json", "zap", "logrus", "slog", "zerolog", "gokit", "hclog", "json", "bracket", "logutils", "log15", "capnslog", "calico", "weave", "python", "java", "nginx", "postgres", "envoy", "fluentbit", "fluentd", "nestjs", "clickhouse", "ddagent", "kibana", "gitea", "gitlabrunner", "minio", "beego", "ceph", "mongodb", "nats", "pingcap", "dotnet", "bitnami", "phpfpm", "apache", "rabbitmq", "ruby", "redis", "mysql", "rust", "node", "gopanic", "mixed"}

// Record is the ground truth for one log record: a header line plus any
// continuation lines (stack traces, klog "key=<" blocks, raw continuation
// lines of a multi-line message, a whole Go panic block).
type Record struct {
	// Line is the 1-based number of the record's first line in the .log file.
	Line int `json:"line"`
	// Lines is the number of lines the record spans (at least 1).
	Lines int `json:"lines"`
	// Format is the producer: one of the Format* constants.
	Format string `json:"format"`
	// Level is the canonical level the generator logged at: one of the
	// Level* constants.
	Level string `json:"level"`
	// Call describes the logging call that produced the record.
	Call string `json:"call"`
}

// Truth is the content of a <stream>.truth.json file.
type Truth struct {
	// Origin names the library versions and the generator function.
	Origin string `json:"origin"`
	// ReferenceTime is the UTC wall-clock time (RFC 3339) at which the
	// stream was generated; klog lines carry no year, and this is the time a
	// parser should use to infer it.
	ReferenceTime string `json:"reference_time"`
	// Records cover every line of the .log file, in order, without gaps.
	Records []Record `json:"records"`
}

// ReadTruth reads and decodes a <stream>.truth.json file.
func ReadTruth(path string) (*Truth, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var t Truth
	if err := json.Unmarshal(b, &t); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return &t, nil
}

// CountLines returns the number of lines of a .log file's content: its
// newlines, plus one for a final fragment without a newline (go-hclog with
// forced colour ends its output with an unterminated "ESC[0m").
func CountLines(log []byte) int {
	n := bytes.Count(log, []byte{'\n'})
	if len(log) > 0 && log[len(log)-1] != '\n' {
		n++
	}
	return n
}

// Check verifies that the records cover exactly the lines of a .log file's
// content (as counted by [CountLines]): contiguous from line 1, no gaps or
// overlaps, each record at least one line, valid formats and levels.
func (t *Truth) Check(log []byte) error {
	if len(log) == 0 {
		return errors.New("empty log")
	}
	total := CountLines(log)
	next := 1
	for i, r := range t.Records {
		if r.Line != next {
			return fmt.Errorf("record %d starts at line %d, want %d", i, r.Line, next)
		}
		if r.Lines < 1 {
			return fmt.Errorf("record %d (line %d) spans %d lines", i, r.Line, r.Lines)
		}
		if !validFormatLevel(r.Format, r.Level) {
			return fmt.Errorf("record %d (line %d): invalid format/level %q/%q", i, r.Line, r.Format, r.Level)
		}
		next += r.Lines
	}
	if next-1 != total {
		return fmt.Errorf("records cover %d lines, log has %d", next-1, total)
	}
	return nil
}

func validFormatLevel(format, level string) bool {
	switch format {
	case FormatNone:
		return level == LevelNone
	case FormatKlog, FormatKlogJSON, FormatZap, FormatLogrus, FormatSlog, FormatZerolog,
		FormatGokit, FormatHclog, FormatBracket, FormatLogutils, FormatGoPanic, FormatJSON,
		FormatLog15, FormatCapnslog, FormatCalico, FormatWeave, FormatPython, FormatJava, FormatNginx, FormatPostgres, FormatEnvoy, FormatRuby, FormatRedis, FormatMySQL, FormatRust,
		FormatWinston, FormatNode, FormatFluentBit, FormatFluentd, FormatNest, FormatClickHouse, FormatDDAgent, FormatKibana, FormatGitea, FormatGitLabRunner, FormatMinIO, FormatBeego, FormatCeph, FormatMongoDB, FormatNATS, FormatPingCAP, FormatDotnet, FormatBitnami, FormatPHPFPM, FormatApache, FormatRabbitMQ:
		switch level {
		case LevelDebug, LevelInfo, LevelWarning, LevelError, LevelCritical:
			return true
		case LevelNotice:
			return format == FormatCapnslog || format == FormatNginx || format == FormatPostgres || format == FormatRedis ||
				format == FormatWinston || format == FormatJSON || format == FormatPHPFPM || format == FormatApache || format == FormatRabbitMQ ||
				format == FormatClickHouse || format == FormatBeego
		case LevelAlert, LevelEmergency:
			return format == FormatNginx || format == FormatWinston || format == FormatJSON || format == FormatApache || format == FormatBeego || format == FormatPHPFPM && level == LevelAlert
		}
	}
	return false
}

// stream describes one generated .log file.
type stream struct {
	logger  string          // output subdirectory (one of LoggerDirs)
	name    string          // file name without extension
	modules []string        // module paths whose versions go into origin
	desc    string          // short description for origin
	run     func(*recorder) // in-process generator, or nil
	child   *childRun       // child-process generator, or nil
	ext     *extRun         // a program outside Go (external.go), or nil
}

var generateMu sync.Mutex

// result is a generated stream.
type result struct {
	stream  *stream
	log     []byte
	truth   Truth
	skipped string // non-empty: the stream could not be produced here
	kept    string // non-empty: the committed copy was kept, for this reason
}

// Generate (re)writes the whole corpus under dir: it removes the .log and
// .truth.json files of the logger subdirectories ([LoggerDirs]), then
// writes every stream's .log and .truth.json file, MANIFEST.md and a
// .gitattributes that keeps git from altering the .log bytes. Other files
// in dir and its subdirectories are left alone.
//
// It needs the go command (to build the child program used for panics and
// Fatal calls) and works both from a normal program and from a test binary.
// A stream whose program is missing here (see external.go) keeps the copy
// committed in dir, if there is one.
func Generate(dir string) error { return GenerateOnly(dir, nil) }

// GenerateOnly is Generate for the streams of the given logger directories
// only (all of them when loggers is empty): the other streams' committed
// files are kept as they are, and MANIFEST.md still lists every stream.
// Regenerating one format's corpus so leaves the others' bytes alone.
func GenerateOnly(dir string, loggers []string) error {
	selected := func(s *stream) bool { return len(loggers) == 0 || slices.Contains(loggers, s.logger) }
	for _, l := range loggers {
		if !slices.Contains(LoggerDirs, l) {
			return fmt.Errorf("unknown logger directory %q", l)
		}
	}
	// The global klog is reconfigured while generating: one at a time.
	generateMu.Lock()
	defer generateMu.Unlock()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	tmp, err := os.MkdirTemp("", "corpusgen-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)

	// Build the child while the in-process streams are generated.
	var (
		childBin string
		buildErr error
		buildWG  sync.WaitGroup
	)
	buildWG.Add(1)
	go func() {
		defer buildWG.Done()
		childBin, buildErr = buildChild(tmp)
	}()

	var results []*result
	for _, s := range allStreams() {
		if selected(s) {
			continue
		}
		res, ok, err := loadCommitted(dir, s, "")
		if err != nil {
			buildWG.Wait()
			return err
		}
		if ok {
			results = append(results, res)
		}
	}
	restore := captureKlog()
	for _, s := range allStreams() {
		if s.run == nil || !selected(s) {
			continue
		}
		res, err := runInProcess(s)
		if err != nil {
			restore()
			buildWG.Wait()
			return fmt.Errorf("%s/%s: %w", s.logger, s.name, err)
		}
		results = append(results, res)
	}
	restore()

	buildWG.Wait()
	if buildErr != nil {
		return buildErr
	}
	for _, s := range allStreams() {
		if s.child == nil || !selected(s) {
			continue
		}
		res, err := runChild(childBin, s)
		if err != nil {
			return fmt.Errorf("%s/%s: %w", s.logger, s.name, err)
		}
		results = append(results, res)
	}
	for _, s := range allStreams() {
		if s.ext == nil || !selected(s) {
			continue
		}
		res, err := runExternal(s)
		if err != nil {
			return fmt.Errorf("%s/%s: %w", s.logger, s.name, err)
		}
		if res.skipped != "" {
			fmt.Fprintf(os.Stderr, "corpusgen: skipping %s/%s: %s\n", s.logger, s.name, res.skipped)
			if old, ok, err := loadCommitted(dir, s, res.skipped); err != nil {
				return err
			} else if ok {
				res = old
			}
		}
		results = append(results, res)
	}

	sort.SliceStable(results, func(i, j int) bool {
		a, b := results[i].stream, results[j].stream
		if a.logger != b.logger {
			return loggerIndex(a.logger) < loggerIndex(b.logger)
		}
		return a.name < b.name
	})
	for _, res := range results {
		if res.skipped != "" {
			continue
		}
		if err := res.truth.Check(res.log); err != nil {
			return fmt.Errorf("%s/%s: internal error: %w", res.stream.logger, res.stream.name, err)
		}
	}

	// Everything was generated: only now replace the old corpus. Only the
	// files the generator owns (*.log, *.truth.json) are removed; other
	// files in the logger directories (the parser's *.golden.json) stay.
	for _, l := range LoggerDirs {
		if err := os.MkdirAll(filepath.Join(dir, l), 0o755); err != nil {
			return err
		}
		for _, pat := range []string{"*.log", "*.truth.json"} {
			old, err := filepath.Glob(filepath.Join(dir, l, pat))
			if err != nil {
				return err
			}
			for _, f := range old {
				if err := os.Remove(f); err != nil {
					return err
				}
			}
		}
	}
	for _, res := range results {
		if res.skipped != "" {
			continue
		}
		base := filepath.Join(dir, res.stream.logger, res.stream.name)
		if err := os.WriteFile(base+".log", res.log, 0o644); err != nil {
			return err
		}
		if err := os.WriteFile(base+".truth.json", encodeTruth(&res.truth), 0o644); err != nil {
			return err
		}
	}
	// Keep git from touching line ends or whitespace of the exact bytes.
	if err := os.WriteFile(filepath.Join(dir, ".gitattributes"), []byte("*.log -text whitespace=-blank-at-eol,-space-before-tab,-blank-at-eof\n"), 0o644); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "MANIFEST.md"), manifest(results), 0o644)
}

func loggerIndex(l string) int {
	for i, d := range LoggerDirs {
		if d == l {
			return i
		}
	}
	return len(LoggerDirs)
}

// runInProcess runs an in-process generator on a fresh goroutine, so that the
// stack traces zap captures look the same whether Generate is called from the
// corpusgen command or from a test binary.
func runInProcess(s *stream) (*result, error) {
	r := &recorder{}
	ref := time.Now().UTC()
	var perr any
	done := make(chan struct{})
	go func() {
		defer close(done)
		defer func() { perr = recover() }()
		s.run(r)
		r.finish()
	}()
	<-done
	if perr != nil {
		return nil, fmt.Errorf("generator panicked: %v", perr)
	}
	if r.err != nil {
		return nil, r.err
	}
	return &result{
		stream: s,
		log:    r.buf.Bytes(),
		truth: Truth{
			Origin:        origin(s, funcLocation(s.run)),
			ReferenceTime: ref.Format(time.RFC3339),
			Records:       r.records,
		},
	}, nil
}

// funcLocation returns "file.go (funcName)" for a generator function.
func funcLocation(fn any) string {
	pc := reflect.ValueOf(fn).Pointer()
	f := runtime.FuncForPC(pc)
	if f == nil {
		return "?"
	}
	file, _ := f.FileLine(pc)
	name := f.Name()
	if i := strings.LastIndex(name, "."); i >= 0 {
		name = name[i+1:]
	}
	return fmt.Sprintf("%s %s", filepath.Base(file), name)
}

func origin(s *stream, where string) string {
	var parts []string
	for _, m := range s.modules {
		switch m {
		case "go":
			parts = append(parts, "Go runtime "+runtime.Version())
			continue
		case modStd:
			parts = append(parts, "Go standard library "+runtime.Version())
			continue
		}
		parts = append(parts, m+" "+moduleVersion(m))
	}
	loc := "internal/corpusgen " + where
	if s.child != nil {
		loc = "internal/corpusgen/child " + where
	}
	parts = append(parts, fmt.Sprintf("%s (%s)", loc, s.desc))
	return strings.Join(parts, "; ")
}

// Versions of the modules in go.mod, used when the running binary carries no
// module information (for example when built without module support).
var fallbackVersions = map[string]string{
	"k8s.io/klog/v2":             "v2.140.0",
	"go.uber.org/zap":            "v1.28.0",
	"github.com/sirupsen/logrus": "v1.10.2",
	"github.com/go-logr/zapr":    "v1.3.0",
	"github.com/go-logr/logr":    "v1.4.4",
	modZerolog:                   "v1.35.1",
	modGokit:                     "v0.2.1",
	modHclog:                     "v1.6.3",
	modLogutils:                  "v1.0.0",
	modMultierror:                "v1.1.1",
	modCli:                       "v1.1.5",
	modComponentBase:             "v0.37.2",
	modLog15:                     "v2.16.0+incompatible",
	modGeth:                      "v1.14.13",
	modCapnslog:                  "v0.0.0-20240122114842-bbd7aa9bf6fb",
}

// moduleVersion returns the version of a dependency as linked into the
// running binary.
func moduleVersion(path string) string {
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, d := range bi.Deps {
			if d.Path == path {
				if d.Replace != nil {
					d = d.Replace
				}
				return d.Version
			}
		}
	}
	if v, ok := fallbackVersions[path]; ok {
		return v
	}
	return "(unknown version)"
}

// encodeTruth renders a Truth with one record per line.
func encodeTruth(t *Truth) []byte {
	var b bytes.Buffer
	b.WriteString("{\n")
	fmt.Fprintf(&b, " %s: %s,\n", jsonString("origin"), jsonString(t.Origin))
	fmt.Fprintf(&b, " %s: %s,\n", jsonString("reference_time"), jsonString(t.ReferenceTime))
	fmt.Fprintf(&b, " %s: [\n", jsonString("records"))
	for i, r := range t.Records {
		fmt.Fprintf(&b, "  {\"line\": %d, \"lines\": %d, \"format\": %s, \"level\": %s, \"call\": %s}",
			r.Line, r.Lines, jsonString(r.Format), jsonString(r.Level), jsonString(r.Call))
		if i < len(t.Records)-1 {
			b.WriteByte(',')
		}
		b.WriteByte('\n')
	}
	b.WriteString(" ]\n}\n")
	return b.Bytes()
}

func jsonString(s string) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(s); err != nil {
		panic(err) // cannot happen for a string
	}
	return strings.TrimSuffix(b.String(), "\n")
}

func manifest(results []*result) []byte {
	var b bytes.Buffer
	b.WriteString("# Log parser corpus\n\n")
	b.WriteString("Generated by `go run ./internal/corpusgen/cmd/corpusgen -out testdata/corpus` (package `internal/corpusgen`).\n")
	b.WriteString("Do not edit by hand; regenerate instead.\n\n")
	b.WriteString("Each `<logger>/<stream>.log` holds the exact bytes the real library (or the Go runtime) wrote to its writer or\n")
	b.WriteString("stderr. Beside it, `<stream>.truth.json` lists one record per log record: `line` (1-based first line),\n")
	b.WriteString("`lines` (line count), `format`, `level` (canonical `debug`/`info`/`warning`/`error`/`critical`, taken from the\n")
	b.WriteString("call that was made, never parsed from the output) and `call`. `reference_time` is the UTC wall-clock time of\n")
	b.WriteString("generation (use it to infer klog's missing year). Records cover every line of the .log file in order.\n\n")
	b.WriteString("Formats: `klog` (klog text), `klog-json` (k8s.io/component-base/logs/json: no level key, so `error` when the\n")
	b.WriteString("line has an `err` key and `info` otherwise; a klog Warning is `info`), `zap` (console encoder), `logrus`\n")
	b.WriteString("(TextFormatter, both layouts), `slog` (TextHandler and the default handler through package `log`), `zerolog`\n")
	b.WriteString("(ConsoleWriter), `gokit` (go-kit logfmt), `hclog` (go-hclog text), `bracket` (`[INFO] msg`, package `log`\n")
	b.WriteString("with flags 0 as CoreDNS's plugin/pkg/log writes it), `logutils` (package `log`'s date, then `[LEVEL] ` as\n")
	b.WriteString("hashicorp/logutils filters it), `log15` (log15's TerminalFormat and go-ethereum's terminal handler:\n")
	b.WriteString("`INFO [11-30|04:41:36.123] msg k=v`; the year is not written), `capnslog` (etcd before 3.5:\n")
	b.WriteString("`2019-04-02 17:47:28.661134 I | etcdserver: msg`; its `N` is level `notice`), `calico` (libcalico-go's\n")
	b.WriteString("logutils.Formatter: `2024-03-15 00:46:36.132 [INFO][68] felix/x.go 12: msg k=\"v\"`), `weave` (Weave\n")
	b.WriteString("Net: `INFO: 2016/04/06 20:53:30.071220 msg`), `python` (CPython's logging in its default and basicConfig\n")
	b.WriteString("layouts, uvicorn, gunicorn, and an uncaught exception's traceback, `critical`), `java` (java.util.logging,\n")
	b.WriteString("logback, log4j2, Spring Boot's console pattern, an uncaught exception), `nginx` (nginx's error log and its\n")
	b.WriteString("`nginx: [emerg]` lines; levels `notice`, `alert` and `emergency` too), `postgres` (PostgreSQL's server log; a\n")
	b.WriteString("report with its DETAIL, HINT, CONTEXT and STATEMENT lines is one record), `envoy` (Envoy's default log format and\n")
	b.WriteString("Istio's for its sidecars), `ruby` (Ruby's Logger, Rails' production logger, an exception nobody rescued),\n")
	b.WriteString("`redis` (Redis's log: `.` and `-` debug, `*` notice, `#` warning), `mysql` (MariaDB's and MySQL's error log; a crash\n")
	b.WriteString("report after `got signal` is one record), `rust` (env_logger, tracing-subscriber's fmt subscriber, a panic\n")
	b.WriteString("with its backtrace), `winston` (winston's text formats:\n")
	b.WriteString("`format.simple()`, `format.cli()`, colorize; npm and syslog levels), `node` (Node's own report of an exception\n")
	b.WriteString("nobody caught, `critical`), `fluentbit` (Fluent Bit's own log; its signal handler's line is `critical`\n")
	b.WriteString("for a crash, with the backtrace after it, `info` for a stop), `fluentd` (Fluentd's own log; a backtrace's\n")
	b.WriteString("indented frames continue their record), `nestjs` (NestJS's ConsoleLogger, coloured or not; an\n")
	b.WriteString("error's stack continues its record), `clickhouse` (ClickHouse's server log; `notice` too; a stack\n")
	b.WriteString("trace continues its record), `ddagent` (the Datadog Agent's own log; a message of several lines\n")
	b.WriteString("continues its record), `kibana` (Kibana's console log, 8.0 on; a fatal error's stack continues\n")
	b.WriteString("its record), `gitea` (Gitea's log; a message of several lines continues its record),\n")
	b.WriteString("`gitlabrunner` (GitLab Runner's log, coloured as it always writes it; a message of several lines continues its record),\n")
	b.WriteString("`minio` (MinIO's console error report: its lines, to the first outside its grammar; `error`),\n")
	b.WriteString("`beego` (beego's logger, Harbor's core; `notice`, `alert` and `emergency` too; a message of several lines continues its record),\n")
	b.WriteString("`ceph` (Ceph's daemons, Rook's prefix or none; a crash's report continues its record),\n")
	b.WriteString("`mongodb` (MongoDB's text log before 4.4; the shell's error stack continues its record),\n")
	b.WriteString("`nats` (NATS server's log, coloured or not; a message of several lines continues its record),\n")
	b.WriteString("`pingcap` (pingcap/log's text layout: TiDB, PD, TiKV, Milvus; a record is one line),\n")
	b.WriteString("`dotnet` (.NET's console logger), `bitnami`\n")
	b.WriteString("(the set-up scripts of Bitnami's images), `phpfpm` (PHP-FPM's own log; `notice` and `alert` too),\n")
	b.WriteString("`apache` (Apache httpd's error log; `notice`, `alert` and `emergency` too), `rabbitmq` (RabbitMQ's log;\n")
	b.WriteString("`notice` too), `gopanic` (Go runtime panic/fatal error to the end of\n")
	b.WriteString("the output), `json` (one JSON object per record with a level key, from any library; logrus PrettyPrint\n")
	b.WriteString("spreads one object over several lines), and `\"\"` with level `\"\"` for lines that carry no level (plain\n")
	b.WriteString("stderr lines, `log.Printf`, zerolog `Log()` (`???`), go-kit lines without the level wrapper).\n\n")
	b.WriteString("`hclog/color-forced.log` does not end in a newline: go-hclog wraps each record, newline included, in colour\n")
	b.WriteString("codes, so every line after the first starts with the previous record's reset `ESC[0m` (that line belongs to\n")
	b.WriteString("the record it introduces) and the file ends with an unterminated `ESC[0m`, counted as one more line of the\n")
	b.WriteString("last record.\n\n")
	b.WriteString("Streams of programs outside Go (`python/`, `java/`, `nginx/`, `postgres/`, `ruby/`, `redis/`, `mysql/`, `rust/`, `node/`) are written by the real program, driven by a script of\n")
	b.WriteString("`internal/corpusgen/ext` that reports each logging call's level and line count (the level of the call, or\n")
	b.WriteString("for a server the `levelno` of the record its handler wrote); their origin names the program's version.\n")
	b.WriteString("nginx, a C program, runs no script of ours: the generator provokes events (a failing configuration test, a\n")
	b.WriteString("start, requests that fail, a second server that cannot bind, SIGQUIT) and each line's level is the level\n")
	b.WriteString("nginx's source logs that message at (the table in `internal/corpusgen/nginx.go`, each row naming the source\n")
	b.WriteString("function, in the record's `call`), never the bracketed word; a message not in the table stops the generation.\n")
	b.WriteString("Redis is generated the same way (`internal/corpusgen/redis.go`), never reading its level character.\n")
	b.WriteString("So is MariaDB (`internal/corpusgen/mysql.go`): each message's row names the call MariaDB's source makes for it, as we\n")
	b.WriteString("know that source (no copy of it is on the generating machine to check each row against); a row whose call we do\n")
	b.WriteString("not know says so in its `call` and takes the printed word. `mysql/mysql8.log` is HAND-WRITTEN (MySQL 8.0 and 5.7\n")
	b.WriteString("cannot be installed here), typed from MySQL's documented error log layout.\n")
	b.WriteString("The Rust program (`ext/rust_logging.rs`) is built offline against Debian's packaged crates (cargo's source\n")
	b.WriteString("replacement to `/usr/share/cargo/registry`); std's panic hook opens with a blank line, which the truth counts\n")
	b.WriteString("with the record before it (a blank line continues a record; nothing tells whose it is).\n")
	b.WriteString("Node's loggers (pino, bunyan, winston) come from the npm registry at the exact versions of\n")
	b.WriteString("`internal/corpusgen/ext/node/package-lock.json`, installed by the generator with `npm ci` into the user's cache\n")
	b.WriteString("directory; winston's uncoloured `error: msg` and `http: msg` without the JSON of the record's properties are\n")
	b.WriteString("reported without a format by the script's call (the shape of any program's plain line, left unclaimed).\n")
	b.WriteString("PostgreSQL runs a throwaway cluster (as the user `postgres` when the generator is root): the SQL the generator\n")
	b.WriteString("sends raises each level from PL/pgSQL and makes statements fail; each report's level is the one raised or the\n")
	b.WriteString("one the server's source reports that message at (`internal/corpusgen/postgres.go`), not the printed severity.\n")
	b.WriteString("`make corpus-external` regenerates only them (`make corpus-tools` installs the programs from Debian's packages); a\n")
	b.WriteString("machine without a program skips its streams and keeps\n")
	b.WriteString("their committed copies (listed below when that happened). Tracebacks name the temporary directory the\n")
	b.WriteString("scripts ran in.\n\n")
	b.WriteString("Lines a stream holds that no library wrote are the generator's own, each named in its record's `call`:\n")
	b.WriteString("`fmt` banners and plain lines, the Gin-style `[GIN-debug]` route lines of `mixed/stdlog-plain-lines` (Gin not\n")
	b.WriteString("imported), and in `gopanic/panic-supervised` the `exit status N` and restart message a supervisor loop around\n")
	b.WriteString("`go run` writes after the child's real panic. Streams whose description starts HAND-WRITTEN hold lines typed\n")
	b.WriteString("from a logger's documented layout or its formatter's source, or copied from logs pasted into public issues\n")
	b.WriteString("(each record's `call` says `hand-written: <writer>`, naming the issue a line comes from), for loggers not\n")
	b.WriteString("built here: log15/go-ethereum logfmt, OpenTelemetry severity names, Elastic ECS (go.elastic.co/ecszap cannot\n")
	b.WriteString("be fetched through the module proxy), Calico (github.com/projectcalico/calico replaces a module of its own\n")
	b.WriteString("with a local directory, so a module requiring it cannot `go mod tidy`), Weave Net (github.com/weaveworks/weave\n")
	b.WriteString("is not served by the module proxy), geth versions older than the one built here, and Envoy (a C++ server\n")
	b.WriteString("neither Debian nor the module proxy has).\n\n")
	b.WriteString("`log15/terminal-format-stripped.log` holds what log15 wrote with its colour sequences removed by the\n")
	b.WriteString("generator (log15's TerminalFormat always colours), as logs copied from a terminal show it. capnslog runs\n")
	b.WriteString("in the child program: its init takes over package `log` for the whole process.\n\n")
	fmt.Fprintf(&b, "Toolchain: %s %s/%s.\n\n", runtime.Version(), runtime.GOOS, runtime.GOARCH)
	b.WriteString("| stream | records | lines | origin |\n|---|---:|---:|---|\n")
	var skipped []string
	for _, res := range results {
		name := res.stream.logger + "/" + res.stream.name + ".log"
		if res.skipped != "" {
			skipped = append(skipped, fmt.Sprintf("- `%s`: %s", name, res.skipped))
			continue
		}
		lines := CountLines(res.log)
		fmt.Fprintf(&b, "| `%s` | %d | %d | %s |\n", name, len(res.truth.Records), lines,
			strings.ReplaceAll(res.truth.Origin, "|", "\\|"))
	}
	var kept []string
	for _, res := range results {
		if res.kept != "" {
			kept = append(kept, fmt.Sprintf("- `%s/%s.log`: %s", res.stream.logger, res.stream.name, res.kept))
		}
	}
	if len(kept) > 0 {
		b.WriteString("\nKept from an earlier generation, their program missing on the machine that generated this one:\n\n")
		for _, s := range kept {
			b.WriteString(s + "\n")
		}
	}
	if len(skipped) > 0 {
		b.WriteString("\nSkipped on this machine:\n\n")
		for _, s := range skipped {
			b.WriteString(s + "\n")
		}
	}
	return b.Bytes()
}
