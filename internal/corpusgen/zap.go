package corpusgen

import (
	"errors"
	"fmt"
	"time"

	"github.com/go-logr/logr"
	"github.com/go-logr/zapr"
	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"
)

const (
	modZap  = "go.uber.org/zap"
	modZapr = "github.com/go-logr/zapr"
	modLogr = "github.com/go-logr/logr"
)

// zapLevel maps a zap level to the canonical level word.
func zapLevel(l zapcore.Level) string {
	switch {
	case l < zapcore.InfoLevel:
		return LevelDebug // DebugLevel and logr V(n) levels (-2, -3, ...)
	case l == zapcore.InfoLevel:
		return LevelInfo
	case l == zapcore.WarnLevel:
		return LevelWarning
	case l == zapcore.ErrorLevel:
		return LevelError
	default:
		return LevelCritical // DPanic, Panic, Fatal
	}
}

// fatalSentinel is raised by fatalHook instead of exiting.
type fatalSentinel struct{}

// fatalHook lets Fatal write its entry and then unwinds with a panic that
// zapCall recovers, so fatal lines can be produced in-process.
type fatalHook struct{}

func (fatalHook) OnWrite(*zapcore.CheckedEntry, []zapcore.Field) { panic(fatalSentinel{}) }

// newZap builds a console logger writing to r. Fatal never exits (see
// fatalHook); Panic panics as usual and is recovered by zapCall.
func newZap(r *recorder, ec zapcore.EncoderConfig, opts ...zap.Option) *zap.Logger {
	return newZapWith(r, zapcore.NewConsoleEncoder(ec), opts...)
}

// newZapJSON is newZap with zap's JSON encoder.
func newZapJSON(r *recorder, ec zapcore.EncoderConfig, opts ...zap.Option) *zap.Logger {
	return newZapWith(r, zapcore.NewJSONEncoder(ec), opts...)
}

func newZapWith(r *recorder, enc zapcore.Encoder, opts ...zap.Option) *zap.Logger {
	core := zapcore.NewCore(enc, r, zap.NewAtomicLevelAt(zapcore.Level(-10)))
	opts = append([]zap.Option{zap.WithFatalHook(fatalHook{})}, opts...)
	return zap.New(core, opts...)
}

// zapCall logs msg at lvl with the level's own method (Debug, Info, ...)
// and records the span as a zap console record. Panics from Panic/DPanic and
// the fatal hook are recovered.
func zapCall(r *recorder, l *zap.Logger, lvl zapcore.Level, note, msg string, fields ...zap.Field) {
	zapLog(r, FormatZap, l, lvl, note, msg, fields...)
}

// zapJSONCall is zapCall for a logger with a JSON encoder.
func zapJSONCall(r *recorder, l *zap.Logger, lvl zapcore.Level, note, msg string, fields ...zap.Field) {
	zapLog(r, FormatJSON, l, lvl, note, msg, fields...)
}

func zapLog(r *recorder, format string, l *zap.Logger, lvl zapcore.Level, note, msg string, fields ...zap.Field) {
	name := "zap.Logger." + map[zapcore.Level]string{
		zapcore.DebugLevel: "Debug", zapcore.InfoLevel: "Info", zapcore.WarnLevel: "Warn",
		zapcore.ErrorLevel: "Error", zapcore.DPanicLevel: "DPanic", zapcore.PanicLevel: "Panic",
		zapcore.FatalLevel: "Fatal",
	}[lvl]
	if note != "" {
		name += " " + note
	}
	// Report the caller (and start stack traces) at the generator function
	// that called zapCall, not at these helpers: skip the closure, r.call,
	// zapLog and zapCall frames.
	l = l.WithOptions(zap.AddCallerSkip(4))
	r.call(format, zapLevel(lvl), name, func() {
		defer func() {
			if p := recover(); p != nil && lvl < zapcore.DPanicLevel {
				panic(p)
			}
		}()
		switch lvl {
		case zapcore.DebugLevel:
			l.Debug(msg, fields...)
		case zapcore.InfoLevel:
			l.Info(msg, fields...)
		case zapcore.WarnLevel:
			l.Warn(msg, fields...)
		case zapcore.ErrorLevel:
			l.Error(msg, fields...)
		case zapcore.DPanicLevel:
			l.DPanic(msg, fields...)
		case zapcore.PanicLevel:
			l.Panic(msg, fields...)
		case zapcore.FatalLevel:
			l.Fatal(msg, fields...)
		default:
			panic(fmt.Sprintf("zapCall: unsupported level %v", lvl))
		}
	})
}

// logrCall logs through a logr.Logger backed by zapr. v < 0 means Error.
func logrCall(r *recorder, l logr.Logger, v int, err error, note, msg string, kv ...any) {
	level, name := LevelError, "logr.Logger.Error"
	if v >= 0 {
		level = zapLevel(zapcore.Level(-v))
		name = fmt.Sprintf("logr.Logger.V(%d).Info", v)
		if v == 0 {
			name = "logr.Logger.Info"
		}
	}
	if note != "" {
		name += " " + note
	}
	l = l.WithCallDepth(3) // see zapCall
	r.call(FormatZap, level, name+" (zapr)", func() {
		if v < 0 {
			l.Error(err, msg, kv...)
		} else {
			l.V(v).Info(msg, kv...)
		}
	})
}

type request struct {
	Method string
	Path   string
	Bytes  int
}

func (q request) MarshalLogObject(enc zapcore.ObjectEncoder) error {
	enc.AddString("method", q.Method)
	enc.AddString("path", q.Path)
	enc.AddInt("bytes", q.Bytes)
	return enc.AddObject("client", zapcore.ObjectMarshalerFunc(func(e zapcore.ObjectEncoder) error {
		e.AddString("ip", "10.1.2.3")
		e.AddBool("tls", true)
		return nil
	}))
}

// zapCallFunc is zapCall or zapJSONCall.
type zapCallFunc func(r *recorder, l *zap.Logger, lvl zapcore.Level, note, msg string, fields ...zap.Field)

// zapVariety logs one call per level plus the usual field kinds with
// zapCall (console) or zapJSONCall. It is the common body of the
// encoder-variant streams.
func zapVariety(r *recorder, l *zap.Logger, zapCall zapCallFunc) {
	zapCall(r, l, zapcore.DebugLevel, "", "debug message", zap.String("k", "v"))
	zapCall(r, l, zapcore.InfoLevel, "", "info message", zap.String("path", "/v1/items"), zap.Int("count", 3),
		zap.Duration("took", 1500*time.Millisecond), zap.Bool("cached", false), zap.Float64("ratio", 0.25))
	zapCall(r, l, zapcore.InfoLevel, "no fields", "message without fields")
	zapCall(r, l, zapcore.WarnLevel, "", "warn message", zap.String("q", `say "hi"`), zap.String("spaced", "a b"))
	zapCall(r, l, zapcore.ErrorLevel, "", "error message", zap.Error(errors.New("connection refused")))
	zapCall(r, l, zapcore.InfoLevel, "nested object", "request served", zap.Object("req", request{"GET", "/healthz", 2}))
	zapCall(r, l.Named("sub"), zapcore.InfoLevel, "Named", "from a named logger", zap.Strings("tags", []string{"a", "b"}))
	zapCall(r, l, zapcore.InfoLevel, "multi-line message", "multi-line message:\nsecond line\n\tthird line", zap.String("k", "v"))
	zapCall(r, l, zapcore.InfoLevel, "field with newline (escaped)", "field with newline", zap.String("multi", "line1\nline2"))
}

func baseISO(ec zapcore.EncoderConfig) zapcore.EncoderConfig {
	ec.EncodeTime = zapcore.ISO8601TimeEncoder
	return ec
}

// inZone wraps a time encoder so it formats times in zone.
func inZone(enc zapcore.TimeEncoder, zone *time.Location) zapcore.TimeEncoder {
	return func(t time.Time, pae zapcore.PrimitiveArrayEncoder) { enc(t.In(zone), pae) }
}

// genZapProduction: console encoder with NewProductionEncoderConfig (epoch
// float seconds, lowercase levels), caller, stack traces from Error.
func genZapProduction(r *recorder) {
	l := newZap(r, zap.NewProductionEncoderConfig(), zap.AddCaller(), zap.AddStacktrace(zapcore.ErrorLevel))
	zapVariety(r, l, zapCall)
	zapCall(r, l, zapcore.ErrorLevel, "with stacktrace", "failed to flush", zap.String("sink", "s3"),
		zap.NamedError("cause", errors.New("timeout")))
	zapCall(r, l, zapcore.DPanicLevel, "in production mode (logs, no panic)", "dpanic in production", zap.Int("n", 1))
	zapCall(r, l, zapcore.PanicLevel, "(recovered)", "panic message", zap.String("k", "v"))
	zapCall(r, l, zapcore.FatalLevel, "(fatal hook, no exit)", "fatal message", zap.String("k", "v"))
	s := l.Sugar()
	r.call(FormatZap, LevelInfo, "zap.SugaredLogger.Infow", func() { s.Infow("sugared infow", "user", "alice", "id", 7) })
	r.call(FormatZap, LevelWarning, "zap.SugaredLogger.Warnf", func() { s.Warnf("sugared %s with %d%%", "warnf", 90) })
	r.call(FormatZap, LevelError, "zap.SugaredLogger.Errorw with stacktrace", func() {
		s.Errorw("sugared errorw", "error", errors.New("boom"))
	})
	zapCall(r, l.With(zap.String("component", "db")), zapcore.InfoLevel, "With context fields", "with context", zap.Int("conns", 10))
	zapCall(r, l, zapcore.InfoLevel, "", "done")
}

// genZapDevelopment: console encoder with NewDevelopmentEncoderConfig
// (ISO8601, capital levels), zap.Development(), stack traces from Warn.
func genZapDevelopment(r *recorder) {
	l := newZap(r, zap.NewDevelopmentEncoderConfig(), zap.AddCaller(), zap.AddStacktrace(zapcore.WarnLevel), zap.Development())
	zapVariety(r, l, zapCall)
	zapCall(r, l, zapcore.DPanicLevel, "in development mode (logs then panics; recovered)", "dpanic in development")
	zapCall(r, l, zapcore.FatalLevel, "(fatal hook, no exit)", "fatal in development")
	zapCall(r, l, zapcore.InfoLevel, "", "done")
}

// genZapISO8601UTCLowercaseColor: ISO8601 in UTC, LowercaseColor levels,
// named logger, no caller, stack traces from Error.
func genZapISO8601UTCLowercaseColor(r *recorder) {
	ec := zap.NewProductionEncoderConfig()
	ec.EncodeTime = inZone(zapcore.ISO8601TimeEncoder, time.UTC)
	ec.EncodeLevel = zapcore.LowercaseColorLevelEncoder
	l := newZap(r, ec, zap.AddStacktrace(zapcore.ErrorLevel)).Named("agent")
	zapVariety(r, l, zapCall)
	zapCall(r, l, zapcore.DPanicLevel, "", "dpanic colored")
	zapCall(r, l, zapcore.InfoLevel, "", "done")
}

// genZapISO8601Plus0200CapitalColor: ISO8601 in a +02:00 zone, CapitalColor,
// caller, stack traces from Error.
func genZapISO8601Plus0200CapitalColor(r *recorder) {
	ec := zap.NewDevelopmentEncoderConfig()
	ec.EncodeTime = inZone(zapcore.ISO8601TimeEncoder, time.FixedZone("", 2*3600))
	ec.EncodeLevel = zapcore.CapitalColorLevelEncoder
	l := newZap(r, ec, zap.AddCaller(), zap.AddStacktrace(zapcore.ErrorLevel))
	zapVariety(r, l, zapCall)
	zapCall(r, l, zapcore.InfoLevel, "", "done")
}

// genZapRFC3339: RFC3339 (second precision), Capital levels, UTC and +02:00.
func genZapRFC3339(r *recorder) {
	ec := zap.NewDevelopmentEncoderConfig()
	ec.EncodeTime = inZone(zapcore.RFC3339TimeEncoder, time.UTC)
	l := newZap(r, ec, zap.AddCaller())
	zapVariety(r, l, zapCall)
	ec.EncodeTime = inZone(zapcore.RFC3339TimeEncoder, time.FixedZone("", 2*3600))
	l2 := newZap(r, ec, zap.AddCaller()).Named("plus0200")
	zapCall(r, l2, zapcore.InfoLevel, "+02:00 zone", "rfc3339 with offset", zap.Int("n", 2))
	zapCall(r, l2, zapcore.WarnLevel, "+02:00 zone", "rfc3339 with offset warn")
}

// genZapRFC3339Nano: RFC3339Nano (trimmed fraction), lowercase levels.
func genZapRFC3339Nano(r *recorder) {
	ec := zap.NewProductionEncoderConfig()
	ec.EncodeTime = inZone(zapcore.RFC3339NanoTimeEncoder, time.UTC)
	l := newZap(r, ec, zap.AddCaller(), zap.AddStacktrace(zapcore.ErrorLevel))
	zapVariety(r, l, zapCall)
	ec.EncodeTime = inZone(zapcore.RFC3339NanoTimeEncoder, time.FixedZone("", 2*3600))
	l2 := newZap(r, ec, zap.AddCaller())
	zapCall(r, l2, zapcore.InfoLevel, "+02:00 zone", "rfc3339nano with offset")
}

// genZapEpochMillis: EpochMillisTimeEncoder (float milliseconds).
func genZapEpochMillis(r *recorder) {
	ec := zap.NewProductionEncoderConfig()
	ec.EncodeTime = zapcore.EpochMillisTimeEncoder
	l := newZap(r, ec, zap.AddCaller(), zap.AddStacktrace(zapcore.ErrorLevel))
	zapVariety(r, l, zapCall)
}

// genZapEpochNanos: EpochNanosTimeEncoder (integer nanoseconds), Capital.
func genZapEpochNanos(r *recorder) {
	ec := zap.NewProductionEncoderConfig()
	ec.EncodeTime = zapcore.EpochNanosTimeEncoder
	ec.EncodeLevel = zapcore.CapitalLevelEncoder
	l := newZap(r, ec, zap.AddStacktrace(zapcore.ErrorLevel))
	zapVariety(r, l, zapCall)
}

// genZapSpaceSeparator: ConsoleSeparator " " (the only way zap writes
// spaces between columns), production config + ISO8601 + caller.
func genZapSpaceSeparator(r *recorder) {
	ec := baseISO(zap.NewProductionEncoderConfig())
	ec.ConsoleSeparator = " "
	l := newZap(r, ec, zap.AddCaller(), zap.AddStacktrace(zapcore.ErrorLevel))
	zapVariety(r, l, zapCall)
	zapCall(r, l.Named("space"), zapcore.WarnLevel, "Named", "named with space separator")
}

// genZapLogr: logr through zapr on a production console encoder; V(1) is
// "debug", V(n>=2) prints as Level(-n).
func genZapLogr(r *recorder) {
	zl := newZap(r, baseISO(zap.NewProductionEncoderConfig()), zap.AddCaller(), zap.AddStacktrace(zapcore.ErrorLevel))
	l := zapr.NewLogger(zl)
	logrCall(r, l, 0, nil, "", "logr info", "k", "v", "n", 1)
	logrCall(r, l, 1, nil, "", "logr V(1) is debug", "k", "v")
	logrCall(r, l, 2, nil, "", "logr V(2) prints Level(-2)", "k", "v")
	logrCall(r, l, 3, nil, "", "logr V(3) prints Level(-3)")
	logrCall(r, l, 5, nil, "", "logr V(5) prints Level(-5)", "deep", true)
	logrCall(r, l, -1, errors.New("unable to connect"), "with stacktrace", "logr error", "attempt", 2)
	logrCall(r, l, -1, nil, "nil err, with stacktrace", "logr error without err")
	named := l.WithName("controller").WithName("pods").WithValues("controller", "pods")
	logrCall(r, named, 0, nil, "WithName/WithValues", "reconciling", "namespace", "ns1", "name", "obj1")
	logrCall(r, named, 2, nil, "WithName", "verbose reconcile", "step", 4)
	logrCall(r, named, 0, nil, "multi-line message", "multi-line\nlogr message")
	logrCall(r, l, 0, nil, "", "done")
}

// genZapControllerRuntimeDev emulates controller-runtime's pkg/log/zap in
// development mode: development encoder config with RFC3339 times, named
// loggers, no caller, stack traces from Warn, used through zapr.
func genZapControllerRuntimeDev(r *recorder) {
	ec := zap.NewDevelopmentEncoderConfig()
	ec.EncodeTime = inZone(zapcore.RFC3339TimeEncoder, time.UTC)
	zl := newZap(r, ec, zap.Development(), zap.AddStacktrace(zapcore.WarnLevel))
	root := zapr.NewLogger(zl)
	setup := root.WithName("setup")
	logrCall(r, setup, 0, nil, "", "starting manager", "version", "v1.2.3")
	logrCall(r, setup, 1, nil, "", "V(1) message", "k", "v")
	ctrl := root.WithName("controller").WithName("deployment").WithValues("controller", "deployment",
		"controllerGroup", "apps", "controllerKind", "Deployment")
	logrCall(r, ctrl, 0, nil, "", "Starting EventSource", "source", "kind source: *v1.Deployment")
	logrCall(r, ctrl, 0, nil, "", "Reconciling", "Deployment", map[string]string{"name": "web", "namespace": "default"},
		"reconcileID", "3f8a1c2e-1b7d-4a55-9a0e-5d7f3f6b2c11")
	logrCall(r, ctrl, 2, nil, "", "V(2) shows as LEVEL(-2)", "generation", 4)
	logrCall(r, ctrl, -1, errors.New("Operation cannot be fulfilled on deployments.apps \"web\": the object has been modified"),
		"with stacktrace", "Reconciler error", "Deployment", map[string]string{"name": "web", "namespace": "default"})
	logrCall(r, setup, -1, errors.New("unable to connect"), "with stacktrace", "problem running manager")
	logrCall(r, ctrl, 0, nil, "", "Shutdown signal received, waiting for all workers to finish")
}

// genZapOtelcol emulates the OpenTelemetry Collector's console logs:
// production encoder config with ISO8601 times, caller, stack traces from
// Error, TAB separators.
func genZapOtelcol(r *recorder) {
	ec := baseISO(zap.NewProductionEncoderConfig())
	zl := newZap(r, ec, zap.AddCaller(), zap.AddStacktrace(zapcore.ErrorLevel))
	res := zap.Dict("resource", zap.String("service.instance.id", "a1b2c3d4-0000-4000-8000-000000000001"),
		zap.String("service.name", "otelcol-contrib"), zap.String("service.version", "0.139.0"))
	l := zl.With(res)
	zapCall(r, l, zapcore.InfoLevel, "", "Setting up own telemetry...")
	zapCall(r, l, zapcore.InfoLevel, "", "Starting otelcol-contrib...", zap.String("Version", "0.139.0"), zap.Int("NumCPU", 8))
	recv := l.With(zap.String("otelcol.component.id", "otlp"), zap.String("otelcol.component.kind", "receiver"),
		zap.String("otelcol.signal", "metrics"))
	zapCall(r, recv, zapcore.InfoLevel, "", "Starting GRPC server", zap.String("endpoint", "0.0.0.0:4317"))
	exp := l.With(zap.String("kind", "exporter"), zap.String("data_type", "metrics"), zap.String("name", "googlecloud"))
	zapCall(r, exp, zapcore.WarnLevel, "", "Sender failed", zap.Int("dropped_items", 12))
	zapCall(r, exp, zapcore.ErrorLevel, "with stacktrace", "NodeCollector: Failed to export metrics",
		zap.Error(errors.New("rpc error: code = DeadlineExceeded desc = context deadline exceeded")),
		zap.Duration("interval", 60*time.Second))
	zapCall(r, l, zapcore.InfoLevel, "", "Everything is ready. Begin running and processing data.")
	zapCall(r, l, zapcore.DebugLevel, "", "debug detail", zap.Int("queue_size", 0))
	zapCall(r, l, zapcore.InfoLevel, "", "Shutdown complete.")
}

func zapStreams() []*stream {
	z := []string{modZap}
	zr := []string{modZap, modZapr, modLogr}
	return []*stream{
		{logger: "zap", name: "production-console-epoch", modules: z, desc: "console + NewProductionEncoderConfig (Epoch, Lowercase), caller, stacktrace>=Error, DPanic/Panic/Fatal", run: genZapProduction},
		{logger: "zap", name: "development-console-iso8601", modules: z, desc: "console + NewDevelopmentEncoderConfig (ISO8601, Capital), Development(), stacktrace>=Warn", run: genZapDevelopment},
		{logger: "zap", name: "iso8601-utc-lowercasecolor-named", modules: z, desc: "ISO8601 UTC, LowercaseColor, Named, no caller", run: genZapISO8601UTCLowercaseColor},
		{logger: "zap", name: "iso8601-plus0200-capitalcolor", modules: z, desc: "ISO8601 in +02:00, CapitalColor, caller", run: genZapISO8601Plus0200CapitalColor},
		{logger: "zap", name: "rfc3339-capital", modules: z, desc: "RFC3339 UTC and +02:00, Capital, caller", run: genZapRFC3339},
		{logger: "zap", name: "rfc3339nano-lowercase", modules: z, desc: "RFC3339Nano UTC and +02:00, Lowercase, caller", run: genZapRFC3339Nano},
		{logger: "zap", name: "epochmillis", modules: z, desc: "EpochMillis, Lowercase, caller", run: genZapEpochMillis},
		{logger: "zap", name: "epochnanos-capital", modules: z, desc: "EpochNanos, Capital, no caller", run: genZapEpochNanos},
		{logger: "zap", name: "space-separator", modules: z, desc: `ConsoleSeparator=" ", production config + ISO8601 + caller`, run: genZapSpaceSeparator},
		{logger: "zap", name: "zapr-logr-levels", modules: zr, desc: "logr through zapr: V(1)=debug, V(n>=2)=Level(-n)", run: genZapLogr},
		{logger: "zap", name: "controller-runtime-dev", modules: zr, desc: "controller-runtime development layout: dev config + RFC3339, named, no caller, via zapr", run: genZapControllerRuntimeDev},
		{logger: "zap", name: "otelcol", modules: z, desc: "OpenTelemetry Collector layout: production config + ISO8601 + caller", run: genZapOtelcol},
		{logger: "zap", name: "panic", modules: z, desc: "zap Panic: log line + stacktrace, then Go panic block, exit 2", child: &childRun{
			mode: "zap-panic", exit: 2,
			tail: Record{Format: FormatGoPanic, Level: LevelCritical, Call: "runtime panic from zap.Logger.Panic"},
		}},
		{logger: "zap", name: "fatal", modules: z, desc: "zap Fatal with development config + stacktrace, exit 1", child: &childRun{
			mode: "zap-fatal", exit: 1,
			tail: Record{Format: FormatZap, Level: LevelCritical, Call: "zap.Logger.Fatal with stacktrace"},
		}},
	}
}
