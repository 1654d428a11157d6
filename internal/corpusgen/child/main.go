// Command child is the helper program that internal/corpusgen builds and runs
// to capture the output of calls that end the process: Go runtime panics and
// fatal errors, klog Fatal/Exit, zap Panic/Fatal, logrus Panic/Fatal and
// capnslog's Fatalf (capnslog also takes over package log at init, which
// only a process of its own can afford).
//
// Usage: child <mode>
//
// Everything the loggers write goes to stderr, exactly as in a real program.
// For every call that the child can account for before the process dies it
// prints one JSON object per line on stdout:
//
//	{"lines":N,"format":"klog","level":"info","call":"klog.Info"}
//
// giving the number of stderr lines the call wrote. The parent
// (corpusgen) turns these into ground-truth records and covers whatever
// stderr lines remain after the last reported call with one final record
// (the panic block, the Fatal line, ...), which it knows from the mode.
package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"sync"
	"time"

	"github.com/sirupsen/logrus"
	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"
	"k8s.io/klog/v2"
)

// stderrCounter writes straight through to os.Stderr (no buffering) and
// counts the newlines written so far.
type stderrCounter struct {
	mu    sync.Mutex
	lines int
}

func (c *stderrCounter) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	n, err := os.Stderr.Write(p)
	c.lines += bytes.Count(p[:n], []byte{'\n'})
	return n, err
}

func (c *stderrCounter) Sync() error { return nil }

func (c *stderrCounter) count() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.lines
}

var (
	out       = &stderrCounter{}
	lastLines int
)

// emit reports the stderr lines written since the previous emit as one record.
func emit(format, level, call string) {
	n := out.count()
	rec := struct {
		Lines  int    `json:"lines"`
		Format string `json:"format"`
		Level  string `json:"level"`
		Call   string `json:"call"`
	}{n - lastLines, format, level, call}
	lastLines = n
	b, err := json.Marshal(rec)
	if err != nil {
		panic(err)
	}
	b = append(b, '\n')
	if _, err := os.Stdout.Write(b); err != nil {
		panic(err)
	}
}

// plain writes a line that no logger wrote.
func plain(s string) {
	fmt.Fprintln(out, s)
	emit("", "", "fmt.Fprintln(os.Stderr)")
}

var klogFlags = flag.NewFlagSet("klog", flag.ContinueOnError)

// setupKlog routes the global klog through the counting writer. The bytes of
// a klog line are the same as with the default -logtostderr=true.
func setupKlog() {
	klog.InitFlags(klogFlags)
	for k, v := range map[string]string{
		"logtostderr":      "false",
		"alsologtostderr":  "false",
		"one_output":       "true",
		"skip_log_headers": "true",
		"stderrthreshold":  "4",
		"v":                "2",
	} {
		if err := klogFlags.Set(k, v); err != nil {
			panic(err)
		}
	}
	klog.SetOutput(out)
}

// klogToStderr restores klog's default -logtostderr=true, so that a
// following Fatal/Exit behaves exactly like in a default-configured program.
func klogToStderr() {
	if err := klogFlags.Set("logtostderr", "true"); err != nil {
		panic(err)
	}
	// Forget the writer installed by SetOutput: with -logtostderr=true
	// klog still writes its Fatal goroutine dump to every non-nil
	// per-severity output.
	klog.SetOutput(nil)
}

func klogIntro() {
	setupKlog()
	klog.InfoS("Starting worker", "worker", "child", "pid", os.Getpid() > 0)
	emit("klog", "info", "klog.InfoS")
}

type exitCode int

type httpError struct {
	Code int
	Msg  string
}

type timeoutError struct{ op string }

func (e *timeoutError) Error() string { return e.op + ": i/o timeout" }

type node struct{ name string }

func (n *node) Name() string { return n.name }

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: child <mode>")
		os.Exit(64)
	}
	mode := os.Args[1]
	f, ok := modes[mode]
	if !ok {
		fmt.Fprintf(os.Stderr, "child: unknown mode %q\n", mode)
		os.Exit(64)
	}
	f()
	// Modes are expected to end the process themselves.
	fmt.Fprintf(os.Stderr, "child: mode %q returned\n", mode)
	os.Exit(65)
}

var modes = map[string]func(){
	"klog-fatal":              klogFatal,
	"klog-exit":               klogExit,
	"zap-panic":               zapPanic,
	"zap-fatal":               zapFatal,
	"logrus-panic":            logrusPanic,
	"logrus-fatal":            logrusFatal,
	"panic-string":            panicString,
	"panic-error":             panicError,
	"panic-custom-int":        panicCustomInt,
	"panic-custom-struct":     panicCustomStruct,
	"panic-nil-deref":         panicNilDeref,
	"panic-repanic":           panicRepanic,
	"panic-repanic-same":      panicRepanicSame,
	"panic-multiline":         panicMultiline,
	"panic-goroutine":         panicGoroutine,
	"panic-gotraceback-all":   panicGotracebackAll,
	"fatal-deadlock":          fatalDeadlock,
	"fatal-concurrent-map":    fatalConcurrentMap,
	"mixed-zap-klog-panic":    mixedZapKlogPanic,
	"panic-after-plain-lines": panicAfterPlainLines,
	"mixed-plain-klog-panic":  mixedPlainKlogPanic,
	"capnslog-etcd":           capnslogEtcd,
}

// ---- klog ----

func klogFatal() {
	setupKlog()
	klog.Info("starting controller")
	emit("klog", "info", "klog.Info")
	klog.InfoS("Waiting for caches to sync", "controller", "endpointslice")
	emit("klog", "info", "klog.InfoS")
	klog.Warningf("cache sync took %v", 3*time.Second)
	emit("klog", "warning", "klog.Warningf")
	klog.ErrorS(errors.New("dial tcp 10.0.0.1:6443: connect: connection refused"), "Failed to list", "resource", "nodes")
	emit("klog", "error", "klog.ErrorS")
	klogToStderr()
	klog.Fatalf("failed to start controller: %v", errors.New("timed out waiting for caches"))
}

func klogExit() {
	setupKlog()
	klog.InfoS("Validating configuration", "path", "/etc/app/config.yaml")
	emit("klog", "info", "klog.InfoS")
	klog.V(2).Info("config has 3 sections")
	emit("klog", "info", "klog.V(2).Info")
	klogToStderr()
	klog.Exitf("invalid configuration: %s", "missing field \"server\"")
}

// ---- zap ----

func zapPanic() {
	cfg := zap.NewProductionEncoderConfig()
	cfg.EncodeTime = zapcore.ISO8601TimeEncoder
	core := zapcore.NewCore(zapcore.NewConsoleEncoder(cfg), out, zapcore.DebugLevel)
	logger := zap.New(core, zap.AddCaller(), zap.AddStacktrace(zapcore.ErrorLevel)).Named("worker")
	logger.Info("starting", zap.String("queue", "jobs"), zap.Int("workers", 4))
	emit("zap", "info", "zap.Logger.Info")
	logger.Warn("queue is almost full", zap.Int("len", 980), zap.Int("cap", 1000))
	emit("zap", "warning", "zap.Logger.Warn")
	defer emit("zap", "critical", "zap.Logger.Panic")
	logger.Panic("invariant violated", zap.String("job", "j-42"), zap.Error(errors.New("negative counter")))
}

func zapFatal() {
	cfg := zap.NewDevelopmentEncoderConfig()
	core := zapcore.NewCore(zapcore.NewConsoleEncoder(cfg), out, zapcore.DebugLevel)
	logger := zap.New(core, zap.AddCaller(), zap.AddStacktrace(zapcore.WarnLevel))
	logger.Debug("loading config", zap.String("file", "/etc/app.yaml"))
	emit("zap", "debug", "zap.Logger.Debug")
	logger.Info("listening", zap.String("addr", ":8080"))
	emit("zap", "info", "zap.Logger.Info")
	logger.Fatal("cannot bind", zap.String("addr", ":8080"), zap.Error(errors.New("address already in use")))
}

// ---- logrus ----

func logrusPanic() {
	l := logrus.New()
	l.Out = out
	l.Formatter = &logrus.TextFormatter{}
	l.SetLevel(logrus.TraceLevel)
	l.WithField("component", "scheduler").Info("scheduling pod")
	emit("logrus", "info", "logrus.Entry.Info")
	l.WithFields(logrus.Fields{"pod": "web-0", "node": ""}).Warn("no node selected")
	emit("logrus", "warning", "logrus.Entry.Warn")
	defer emit("logrus", "critical", "logrus.Entry.Panic")
	l.WithField("pod", "web-0").Panic("scheduler state corrupted")
}

func logrusFatal() {
	l := logrus.New()
	l.Out = out
	l.Formatter = &logrus.TextFormatter{ForceColors: true}
	l.SetLevel(logrus.TraceLevel)
	l.Debug("opening database")
	emit("logrus", "debug", "logrus.Logger.Debug")
	l.WithError(errors.New("password authentication failed")).Error("connect failed")
	emit("logrus", "error", "logrus.Entry.Error")
	l.WithField("attempts", 3).Fatal("giving up")
}

// ---- Go runtime ----

func panicString() {
	klogIntro()
	panic("something bad happened")
}

func panicError() {
	klogIntro()
	panic(fmt.Errorf("reconcile %q: %w", "default/web", &timeoutError{op: "read tcp 10.0.0.5:443"}))
}

func panicCustomInt() {
	plain("exiting with custom code value")
	panic(exitCode(3))
}

func panicCustomStruct() {
	klogIntro()
	panic(httpError{Code: 500, Msg: "internal"})
}

func panicNilDeref() {
	klogIntro()
	var n *node
	fmt.Fprintln(out, "node name:", n.Name())
}

func panicRepanic() {
	klogIntro()
	defer func() {
		r := recover()
		panic(fmt.Sprintf("re-panic: %v", r))
	}()
	panic("first")
}

func panicRepanicSame() {
	plain("starting job runner")
	defer func() {
		r := recover()
		panic(r)
	}()
	panic(errors.New("job failed"))
}

func panicMultiline() {
	klogIntro()
	panic(errors.New("multi\nline panic value\n  with indented third line"))
}

func panicGoroutine() {
	klogIntro()
	go func() {
		var m map[string]int
		m["x"] = 1 // assignment to entry in nil map
	}()
	select {} // the goroutine's panic ends the process
}

func panicGotracebackAll() {
	klogIntro()
	block := make(chan struct{})
	var mu sync.Mutex
	mu.Lock()
	var ready sync.WaitGroup
	ready.Add(3)
	go func() { ready.Done(); <-block }()
	go func() { ready.Done(); mu.Lock() }()
	go func() {
		ready.Done()
		select {
		case <-block:
		case <-time.After(time.Hour):
		}
	}()
	ready.Wait()
	time.Sleep(20 * time.Millisecond) // let them block
	panic("panic with GOTRACEBACK=all")
}

func fatalDeadlock() {
	plain("waiting for a result that never comes")
	ch := make(chan int)
	<-ch
}

func fatalConcurrentMap() {
	plain("starting concurrent writers")
	m := map[int]int{}
	for g := 0; g < 4; g++ {
		go func() {
			for i := 0; ; i++ {
				m[i%1024] = i
			}
		}()
	}
	time.Sleep(5 * time.Second)
	// The race was not detected (e.g. a single CPU): tell the parent.
	os.Exit(3)
}

func panicAfterPlainLines() {
	plain("config loaded")
	plain("starting 3 workers")
	panic("worker 2: unexpected state")
}

// ---- mixed ----

func mixedZapKlogPanic() {
	setupKlog()
	cfg := zap.NewProductionEncoderConfig()
	cfg.EncodeTime = zapcore.ISO8601TimeEncoder
	core := zapcore.NewCore(zapcore.NewConsoleEncoder(cfg), out, zapcore.DebugLevel)
	zl := zap.New(core, zap.AddCaller(), zap.AddStacktrace(zapcore.ErrorLevel))

	klog.InfoS("Starting embedded component", "component", "kubelet-plugin")
	emit("klog", "info", "klog.InfoS")
	zl.Info("collector started", zap.String("kind", "receiver"), zap.String("name", "otlp"))
	emit("zap", "info", "zap.Logger.Info")
	klog.InfoS("Loaded config", "config", "line one\nline two")
	emit("klog", "info", "klog.InfoS multi-line value")
	zl.Error("export failed", zap.Error(errors.New("rpc error: code = Unavailable")))
	emit("zap", "error", "zap.Logger.Error with stacktrace")
	klog.Warning("falling back to polling")
	emit("klog", "warning", "klog.Warning")
	zl.Warn("dropping data", zap.Int("items", 12))
	emit("zap", "warning", "zap.Logger.Warn")
	klog.ErrorS(nil, "Plugin not responding", "plugin", "csi")
	emit("klog", "error", "klog.ErrorS nil err")
	var m map[string]int
	m["boom"]++
}

// mixedPlainKlogPanic is a crashing app: a shell wrapper and the program
// print plain lines, then klog takes over, then a Go panic ends the process.
func mixedPlainKlogPanic() {
	plain("+ exec /usr/local/bin/ingest --workers=4")
	plain("ingest version 2.3.1 (commit 9f2c1ab)")
	plain("reading configuration from /etc/ingest/config.yaml")
	plain("using 4 workers, queue size 1024")
	setupKlog()
	klog.InfoS("Starting ingest", "workers", 4, "queue", "events")
	emit("klog", "info", "klog.InfoS")
	klog.Info("connected to broker")
	emit("klog", "info", "klog.Info")
	klog.InfoS("Loaded pipeline", "stages", "parse\nenrich\nstore")
	emit("klog", "info", "klog.InfoS multi-line value")
	klog.Warningf("partition %d lagging by %d messages", 3, 12000)
	emit("klog", "warning", "klog.Warningf")
	klog.ErrorS(errors.New("schema mismatch"), "Failed to decode message", "partition", 3, "offset", 884213)
	emit("klog", "error", "klog.ErrorS")
	panic(fmt.Errorf("stage %q: %w", "enrich", errors.New("nil lookup table")))
}
