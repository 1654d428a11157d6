package corpusgen

import (
	"context"
	"errors"
	"log/slog"
	"time"

	kitlog "github.com/go-kit/log"
	"github.com/go-kit/log/level"
	"github.com/go-logr/zapr"
	"github.com/hashicorp/go-hclog"
	"github.com/rs/zerolog"
	"github.com/sirupsen/logrus"
	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"
	"k8s.io/klog/v2"
)

// genMixed interleaves zap console, global klog, logrus and plain lines on
// one writer, as when several libraries share a process's stderr.
func genMixed(r *recorder) {
	useGlobalKlog(r, nil)
	ec := zap.NewProductionEncoderConfig()
	ec.EncodeTime = zapcore.ISO8601TimeEncoder
	zl := newZap(r, ec, zap.AddCaller(), zap.AddStacktrace(zapcore.ErrorLevel))
	ll := newLogrus(r, &logrus.TextFormatter{})
	lt := newLogrus(r, &logrus.TextFormatter{ForceColors: true})

	r.plain("+ exec /usr/local/bin/agent --config=/etc/agent.yaml")
	klogCall(r, LevelInfo, "klog.InfoS", func() { klog.InfoS("Starting agent", "version", "1.2.3") })
	zapCall(r, zl, zapcore.InfoLevel, "", "pipeline started", zap.String("kind", "receiver"))
	logrusCall(r, ll.WithField("plugin", "csi"), logrus.InfoLevel, "", "plugin registered")
	klogCall(r, LevelInfo, "klog.InfoS multi-line value", func() { klog.InfoS("Config", "data", "a: 1\nb: 2") })
	zapCall(r, zl, zapcore.ErrorLevel, "with stacktrace", "export failed", zap.Error(errors.New("unavailable")))
	klogCall(r, LevelWarning, "klog.Warning multi-line message", func() { klog.Warning("raw warning\ncontinued raw") })
	logrusCall(r, lt.WithField("attempt", 2), logrus.WarnLevel, "TTY layout", "retrying")
	zapCall(r, zl, zapcore.InfoLevel, "multi-line message", "zap raw\nmulti-line")
	// A headerless plain line directly after a record of a format that
	// continues with raw lines (klog, zap console, logrus TTY, zerolog
	// console, hclog, slog's default handler, a Go panic) is
	// indistinguishable from its continuation, so plain lines only follow
	// records that never continue (logrus text, slog text, go-kit, JSON).
	logrusCall(r, lt.WithField("x", 1), logrus.InfoLevel, "TTY multi-line message", "tty raw\nmulti-line")
	logrusCall(r, ll.WithField("k", "v"), logrus.InfoLevel, "text layout", "before a plain line")
	r.plain("plain line between loggers")
	klogCall(r, LevelError, "klog.ErrorS", func() { klog.ErrorS(errors.New("eof"), "Stream closed") })
	zapCall(r, zl, zapcore.WarnLevel, "", "dropping", zap.Int("n", 3))
	logrusCall(r, ll.WithError(errors.New("x")), logrus.ErrorLevel, "", "logrus error")
	klogCall(r, LevelInfo, "klog.Info", func() { klog.Info("done") })
}

// genMixedOperator is a controller-runtime operator's stderr: its own logs
// through zapr on a zap console encoder with controller-runtime's
// development layout (see genZapControllerRuntimeDev), interleaved with the
// global klog lines that client-go (reflector, leader election, the
// throttling warning) writes.
func genMixedOperator(r *recorder) {
	useGlobalKlog(r, nil)
	ec := zap.NewDevelopmentEncoderConfig()
	ec.EncodeTime = inZone(zapcore.RFC3339TimeEncoder, time.UTC)
	zl := newZap(r, ec, zap.Development(), zap.AddStacktrace(zapcore.WarnLevel))
	root := zapr.NewLogger(zl)
	setup := root.WithName("setup")
	ctrl := root.WithName("controller").WithName("widget").WithValues("controller", "widget",
		"controllerGroup", "example.com", "controllerKind", "Widget")

	logrCall(r, setup, 0, nil, "", "starting manager", "version", "v0.4.2")
	klogCall(r, LevelInfo, "klog.InfoS (client-go leaderelection)", func() {
		klog.InfoS("attempting to acquire leader lease", "lease", "operators/widget-operator-lock")
	})
	klogCall(r, LevelInfo, "klog.InfoS (client-go leaderelection)", func() {
		klog.InfoS("successfully acquired lease", "lease", "operators/widget-operator-lock")
	})
	logrCall(r, ctrl, 0, nil, "", "Starting EventSource", "source", "kind source: *v1alpha1.Widget")
	logrCall(r, ctrl, 0, nil, "", "Starting Controller")
	klogCall(r, LevelInfo, "klog.Infof (client-go reflector, legacy)", func() {
		klog.Infof("Caches populated for %s from %s", "*v1alpha1.Widget", "pkg/mod/k8s.io/client-go@v0.34.0/tools/cache/reflector.go:290")
	})
	logrCall(r, ctrl, 0, nil, "", "Starting workers", "worker count", 1)
	logrCall(r, ctrl, 1, nil, "", "Reconciling", "Widget", map[string]string{"name": "w1", "namespace": "default"})
	klogCall(r, LevelWarning, "klog.Warningf (client-go reflector, legacy)", func() {
		klog.Warningf("%s: watch of %s ended with: %v", "reflector.go:561", "*v1.ConfigMap", errors.New("an error on the server (\"unable to decode an event from the watch stream: http2: client connection lost\") has prevented the request from succeeding"))
	})
	logrCall(r, ctrl, -1, errors.New("Operation cannot be fulfilled on widgets.example.com \"w1\": the object has been modified; please apply your changes to the latest version and try again"),
		"with stacktrace", "Reconciler error", "Widget", map[string]string{"name": "w1", "namespace": "default"})
	klogCall(r, LevelError, "klog.ErrorS (client-go reflector)", func() {
		klog.ErrorS(errors.New("the server could not find the requested resource"), "Failed to watch", "reflector", "pkg/mod/k8s.io/client-go@v0.34.0/tools/cache/reflector.go:290", "type", "*v1alpha1.Gadget")
	})
	logrCall(r, ctrl, 0, nil, "multi-line message", "Reconcile finished\nwith raw second line", "requeueAfter", "30s")
	klogCall(r, LevelInfo, "klog.InfoS multi-line value (client-go)", func() {
		klog.InfoS("Event occurred", "object", "default/w1", "message", "Scaled up\nreplicas: 3")
	})
	logrCall(r, ctrl, 2, nil, "", "V(2) prints LEVEL(-2)", "generation", 4)
	klogCall(r, LevelWarning, "klog.Warning (client-go warning handler)", func() {
		klog.Warning("v1 ComponentStatus is deprecated in v1.19+")
	})
	logrCall(r, setup, -1, errors.New("leader election lost"), "with stacktrace", "problem running manager")
	klogCall(r, LevelInfo, "klog.InfoS (client-go leaderelection)", func() {
		klog.InfoS("released lease", "lease", "operators/widget-operator-lock")
	})
	logrCall(r, ctrl, 0, nil, "", "All workers finished")
}

// genMixedSlogGokitHclogZerologJSON interleaves slog text, go-kit logfmt,
// hclog text, zerolog console and JSON lines (slog, zerolog, go-kit, hclog)
// on one writer. Plain lines only follow records whose format never
// continues with raw lines (slog text, go-kit, JSON).
func genMixedSlogGokitHclogZerologJSON(r *recorder) {
	sl := slog.New(slog.NewTextHandler(r, &slog.HandlerOptions{Level: slog.Level(-8)}))
	sj := slog.New(slog.NewJSONHandler(r, nil))
	kl := kitlog.With(kitlog.NewLogfmtLogger(kitlog.NewSyncWriter(r)), "ts", kitlog.DefaultTimestampUTC, "caller", kitlog.DefaultCaller)
	kj := kitlog.With(kitlog.NewJSONLogger(kitlog.NewSyncWriter(r)), "ts", kitlog.DefaultTimestampUTC)
	hl := newHclog(r, hclog.LoggerOptions{Name: "raft"})
	hj := newHclog(r, hclog.LoggerOptions{Name: "agent", JSONFormat: true})
	zc := consoleZerolog(r, zerolog.ConsoleWriter{NoColor: true, TimeFormat: time.RFC3339}, false)
	zj := zerolog.New(r).With().Timestamp().Logger()

	r.plain("+ exec /app/server --config /etc/app/config.yaml")
	slogCall(r, FormatSlog, sl, slog.LevelInfo, "", "starting server", "addr", ":8080")
	gokitLog(r, FormatGokit, LevelInfo, "level.Info(l).Log", level.Info(kl), "msg", "Starting TSDB", "dir", "/data")
	hclogCall(r, FormatHclog, hl, hclog.Info, "", "entering follower state", "leader-address", "", "leader-id", "")
	zerologCall(r, FormatZerolog, zc, zerolog.WarnLevel, "", "cache miss ratio high", func(e *zerolog.Event) *zerolog.Event { return e.Float64("ratio", 0.42) })
	slogCall(r, FormatJSON, sj, slog.LevelInfo, "JSONHandler", "request served", "status", 200, "path", "/healthz")
	hclogCall(r, FormatHclog, hl, hclog.Warn, "multi-line value", "heartbeat timeout reached", "config", "a: 1\nb: 2", "last-leader", "10.0.0.3:8300")
	gokitLog(r, FormatJSON, LevelError, "level.Error(l).Log (JSON logger)", level.Error(kj), "msg", "compaction failed", "err", "unexpected EOF")
	zerologCall(r, FormatZerolog, zc, zerolog.InfoLevel, "multi-line message", "zerolog raw\nsecond line", nil)
	slogCall(r, FormatSlog, sl, slog.Level(2), "", "custom level", "k", "v")
	r.plain("plain line after a slog record")
	hclogCall(r, FormatJSON, hj, hclog.Error, "JSONFormat", "rpc failed", "error", errors.New("connection reset"))
	zerologCall(r, FormatJSON, zj, zerolog.DebugLevel, "JSON", "json debug", func(e *zerolog.Event) *zerolog.Event { return e.Str("k", "v") })
	gokitLog(r, FormatNone, LevelNone, "Logger.Log without a level wrapper", kl, "msg", "no level")
	zerologCall(r, FormatZerolog, zc, zerolog.NoLevel, "", "console line without a level", nil)
	hclogCall(r, FormatHclog, hl.Named("snapshot"), hclog.Debug, "", "creating new snapshot", "path", "/data/raft/snapshots/2-10-1712.tmp")
	gokitLog(r, FormatGokit, LevelWarning, "level.Warn(l).Log", level.Warn(kl), "msg", "slow compaction", "took", 12*time.Second)
	r.plain("plain line after a go-kit record")
	slogCall(r, FormatSlog, sl, slog.LevelError, "", "shutdown error", "err", errors.New("context canceled"))
	zerologCall(r, FormatZerolog, zc, zerolog.ErrorLevel, "", "worker stopped", func(e *zerolog.Event) *zerolog.Event { return e.Err(context.Canceled) })
	hclogCall(r, FormatHclog, hl, hclog.Info, "", "shutdown complete")
	slogCall(r, FormatSlog, sl, slog.LevelDebug, "", "done")
}

// genMixedKlogPlain is a structured klog program sharing stderr with
// another writer's plain lines: a process supervisor (s6-overlay's s6-rc),
// an nginx stream log. A structured klog record continues only inside a
// key=< value block, so each plain line after one is a record of its own,
// also right after a block.
func genMixedKlogPlain(r *recorder) {
	useGlobalKlog(r, nil)
	klogCall(r, LevelInfo, "klog.InfoS", func() { klog.InfoS("Starting controller", "name", "ingress-nginx") })
	r.plain("s6-rc: warning: unable to start service nginx: command exited 1")
	klogCall(r, LevelInfo, "klog.InfoS multi-line value", func() {
		klog.InfoS("Loaded configuration", "data", "worker_processes 2;\nevents {}")
	})
	r.plain("s6-rc: info: service nginx successfully started")
	klogCall(r, LevelError, "klog.ErrorS", func() {
		klog.ErrorS(errors.New("connection refused"), "Failed to sync", "ingress", "default/web")
	})
	r.plain("[10.0.0.7] [30/Nov/2026:04:41:36 +0000] TCP 200 512 1024 0.002")
	klogCall(r, LevelInfo, "klog.InfoS", func() { klog.InfoS("Reloaded", "backends", 3) })
	r.plain("s6-rc: info: service nginx-reloader successfully started")
}

func mixedStreams() []*stream {
	return []*stream{
		{logger: "mixed", name: "zap-klog-logrus", modules: []string{modZap, modKlog, modLogrus},
			desc: "zap console, global klog, logrus text and TTY layouts and plain lines on one writer", run: genMixed},
		{logger: "mixed", name: "zap-klog-panic", modules: []string{modZap, modKlog, "go"},
			desc: "zap console and klog interleaved on stderr, then a Go panic", child: &childRun{
				mode: "mixed-zap-klog-panic", exit: 2,
				tail: Record{Format: FormatGoPanic, Level: LevelCritical, Call: "panic: assignment to entry in nil map"}}},
		{logger: "mixed", name: "controller-runtime-klog", modules: []string{modZap, modZapr, modLogr, modKlog},
			desc: "controller-runtime operator: zap console (development layout) via zapr interleaved with client-go's klog lines", run: genMixedOperator},
		{logger: "mixed", name: "plain-klog-panic", modules: []string{modKlog, "go"},
			desc: "crashing app: plain stderr lines, then klog lines, then a Go panic", child: &childRun{
				mode: "mixed-plain-klog-panic", exit: 2,
				tail: Record{Format: FormatGoPanic, Level: LevelCritical, Call: "panic(error)"}}},
		{logger: "mixed", name: "klog-structured-plain", modules: []string{modKlog},
			desc: "structured klog records (InfoS, ErrorS, a multi-line value) each followed by another writer's plain line (s6-rc, an nginx stream log line)", run: genMixedKlogPlain},
		{logger: "mixed", name: "slog-gokit-hclog-zerolog-json", modules: []string{modStd, modGokit, modHclog, modZerolog},
			desc: "slog text, go-kit logfmt, hclog text, zerolog console and JSON lines of all four interleaved, plain lines", run: genMixedSlogGokitHclogZerologJSON},
	}
}

func allStreams() []*stream {
	var all []*stream
	all = append(all, klogStreams()...)
	all = append(all, zapStreams()...)
	all = append(all, logrusStreams()...)
	all = append(all, klogJSONStreams()...)
	all = append(all, slogStreams()...)
	all = append(all, zerologStreams()...)
	all = append(all, gokitStreams()...)
	all = append(all, hclogStreams()...)
	all = append(all, jsonStreams()...)
	all = append(all, bracketStreams()...)
	all = append(all, goPanicStreams()...)
	all = append(all, logutilsStreams()...)
	all = append(all, log15Streams()...)
	all = append(all, capnslogStreams()...)
	all = append(all, calicoStreams()...)
	all = append(all, weaveStreams()...)
	all = append(all, pythonStreams()...)
	all = append(all, javaStreams()...)
	all = append(all, nginxStreams()...)
	all = append(all, postgresStreams()...)
	all = append(all, envoyStreams()...)
	all = append(all, fluentBitStreams()...)
	all = append(all, fluentdStreams()...)
	all = append(all, clickhouseStreams()...)
	all = append(all, ddagentStreams()...)
	all = append(all, kibanaStreams()...)
	all = append(all, giteaStreams()...)
	all = append(all, gitlabRunnerStreams()...)
	all = append(all, minioStreams()...)
	all = append(all, beegoStreams()...)
	all = append(all, cephStreams()...)
	all = append(all, mongodbStreams()...)
	all = append(all, natsStreams()...)
	all = append(all, pingcapStreams()...)
	all = append(all, airliftStreams()...)
	all = append(all, pgbouncerStreams()...)
	all = append(all, dotnetStreams()...)
	all = append(all, bitnamiStreams()...)
	all = append(all, phpfpmStreams()...)
	all = append(all, apacheStreams()...)
	all = append(all, rabbitmqStreams()...)
	all = append(all, rubyStreams()...)
	all = append(all, redisStreams()...)
	all = append(all, mysqlStreams()...)
	all = append(all, rustStreams()...)
	all = append(all, nodeStreams()...)
	all = append(all, mixedStreams()...)
	all = append(all, stdlogStreams()...)
	all = append(all, variantStreams()...)
	return all
}
