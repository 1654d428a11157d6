// Package corpusgen writes a golden-test corpus of log streams produced by the
// real logging libraries (k8s.io/klog/v2, go.uber.org/zap, go-logr/zapr,
// github.com/sirupsen/logrus) and by the Go runtime (panics and fatal
// errors), together with the ground truth for every record.
//
// Layout written by [Generate]:
//
//	<dir>/MANIFEST.md
//	<dir>/<logger>/<stream>.log         exact bytes the logger(s) wrote
//	<dir>/<logger>/<stream>.truth.json  ground truth, see [Truth]
//
// where <logger> is one of klog, zap, logrus, gopanic and mixed.
//
// The ground truth is never derived from the output: every record's level is
// the level of the call the generator made, and its line span is measured by
// counting the newlines written to the logger's writer before and after the
// call. Calls that end the process (panics, Fatal, Exit) run in a small child
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
	"sort"
	"strings"
	"sync"
	"time"
)

// Formats that can appear in [Record.Format]. The empty string marks a line
// that no logger wrote (for example a plain fmt.Fprintln to stderr).
const (
	FormatKlog    = "klog"
	FormatZap     = "zap"
	FormatLogrus  = "logrus"
	FormatGoPanic = "gopanic"
	FormatNone    = ""
)

// Canonical levels that can appear in [Record.Level]. The empty string is
// used together with [FormatNone].
const (
	LevelDebug    = "debug"
	LevelInfo     = "info"
	LevelWarning  = "warning"
	LevelError    = "error"
	LevelCritical = "critical"
	LevelNone     = ""
)

// LoggerDirs are the subdirectories of the corpus, one per producer.
var LoggerDirs = []string{"klog", "zap", "logrus", "gopanic", "mixed"}

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

// Check verifies that the records cover exactly the lines of a .log file's
// content: contiguous from line 1, no gaps or overlaps, each record at least
// one line, valid formats and levels, and the content ending in a newline.
func (t *Truth) Check(log []byte) error {
	if len(log) == 0 {
		return errors.New("empty log")
	}
	if log[len(log)-1] != '\n' {
		return errors.New("log does not end with a newline")
	}
	total := bytes.Count(log, []byte{'\n'})
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
	case FormatKlog, FormatZap, FormatLogrus, FormatGoPanic:
		switch level {
		case LevelDebug, LevelInfo, LevelWarning, LevelError, LevelCritical:
			return true
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
}

var generateMu sync.Mutex

// result is a generated stream.
type result struct {
	stream  *stream
	log     []byte
	truth   Truth
	skipped string // non-empty: the stream could not be produced here
}

// Generate (re)writes the whole corpus under dir: it replaces the logger
// subdirectories (klog, zap, logrus, gopanic, mixed), then writes every
// stream's .log and .truth.json file, MANIFEST.md and a .gitattributes that
// keeps git from altering the .log bytes. Other files in dir are left alone.
//
// It needs the go command (to build the child program used for panics and
// Fatal calls) and works both from a normal program and from a test binary.
func Generate(dir string) error {
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
	restore := captureKlog()
	for _, s := range allStreams() {
		if s.run == nil {
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
		if s.child == nil {
			continue
		}
		res, err := runChild(childBin, s)
		if err != nil {
			return fmt.Errorf("%s/%s: %w", s.logger, s.name, err)
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

	// Everything was generated: only now replace the old corpus.
	for _, l := range LoggerDirs {
		if err := os.RemoveAll(filepath.Join(dir, l)); err != nil {
			return err
		}
		if err := os.MkdirAll(filepath.Join(dir, l), 0o755); err != nil {
			return err
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
		if m == "go" {
			parts = append(parts, "Go runtime "+runtime.Version())
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
	b.WriteString("`lines` (line count), `format` (`klog`, `zap`, `logrus`, `gopanic`, or `\"\"` for lines no logger wrote),\n")
	b.WriteString("`level` (canonical `debug`/`info`/`warning`/`error`/`critical`, taken from the call that was made, never parsed\n")
	b.WriteString("from the output) and `call`. `reference_time` is the UTC wall-clock time of generation (use it to infer\n")
	b.WriteString("klog's missing year). Records cover every line of the .log file in order.\n\n")
	fmt.Fprintf(&b, "Toolchain: %s %s/%s.\n\n", runtime.Version(), runtime.GOOS, runtime.GOARCH)
	b.WriteString("| stream | records | lines | origin |\n|---|---:|---:|---|\n")
	var skipped []string
	for _, res := range results {
		name := res.stream.logger + "/" + res.stream.name + ".log"
		if res.skipped != "" {
			skipped = append(skipped, fmt.Sprintf("- `%s`: %s", name, res.skipped))
			continue
		}
		lines := bytes.Count(res.log, []byte{'\n'})
		fmt.Fprintf(&b, "| `%s` | %d | %d | %s |\n", name, len(res.truth.Records), lines,
			strings.ReplaceAll(res.truth.Origin, "|", "\\|"))
	}
	if len(skipped) > 0 {
		b.WriteString("\nSkipped on this machine:\n\n")
		for _, s := range skipped {
			b.WriteString(s + "\n")
		}
	}
	return b.Bytes()
}
