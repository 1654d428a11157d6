package corpusgen

import (
	"errors"

	"github.com/sirupsen/logrus"
	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"
)

// The json directory holds the JSON output of zap and logrus (format
// "json"). The JSON streams of slog, zerolog, go-kit and go-hclog sit in
// those loggers' own directories.

// genZapJSONProduction: zap's JSON encoder with NewProductionEncoderConfig
// ("level", "ts" epoch seconds, "caller", "msg", "stacktrace").
func genZapJSONProduction(r *recorder) {
	l := newZapJSON(r, zap.NewProductionEncoderConfig(), zap.AddCaller(), zap.AddStacktrace(zapcore.ErrorLevel))
	zapVariety(r, l, zapJSONCall)
	zapJSONCall(r, l, zapcore.DPanicLevel, "in production mode (logs, no panic)", "dpanic in production")
	zapJSONCall(r, l, zapcore.PanicLevel, "(recovered)", "panic message", zap.String("k", "v"))
	zapJSONCall(r, l, zapcore.FatalLevel, "(fatal hook, no exit)", "fatal message")
	zapJSONCall(r, l.With(zap.String("component", "db")), zapcore.InfoLevel, "With context fields", "with context", zap.Int("conns", 10))
	zapJSONCall(r, l, zapcore.InfoLevel, "", "done")
}

// genZapJSONDevelopment: zap's JSON encoder with NewDevelopmentEncoderConfig
// (single-letter keys "L" (capital level), "T" (ISO8601), "N", "C", "M",
// "S").
func genZapJSONDevelopment(r *recorder) {
	l := newZapJSON(r, zap.NewDevelopmentEncoderConfig(), zap.AddCaller(), zap.AddStacktrace(zapcore.WarnLevel), zap.Development())
	zapVariety(r, l, zapJSONCall)
	zapJSONCall(r, l, zapcore.DPanicLevel, "in development mode (logs then panics; recovered)", "dpanic in development")
	zapJSONCall(r, l, zapcore.FatalLevel, "(fatal hook, no exit)", "fatal in development")
	zapJSONCall(r, l, zapcore.InfoLevel, "", "done")
}

func genLogrusJSON(r *recorder) {
	logrusVarietyAs(r, FormatJSON, newLogrus(r, &logrus.JSONFormatter{}))
}

// genLogrusJSONPrettyPrint: PrettyPrint spreads one object over several
// lines; the whole object is one record.
func genLogrusJSONPrettyPrint(r *recorder) {
	l := newLogrus(r, &logrus.JSONFormatter{PrettyPrint: true})
	e := l.WithFields(logrus.Fields{"component": "api", "empty": "", "n": 42, "q": `say "hi"`, "user name": "a b"})
	for _, lvl := range []logrus.Level{logrus.TraceLevel, logrus.DebugLevel, logrus.InfoLevel, logrus.WarnLevel, logrus.ErrorLevel} {
		logrusCallAs(r, FormatJSON, e, lvl, "PrettyPrint with fields", lvl.String()+" message")
	}
	base := logrus.NewEntry(l)
	logrusCallAs(r, FormatJSON, base, logrus.InfoLevel, "PrettyPrint no fields", "message without fields")
	logrusCallAs(r, FormatJSON, base.WithField("multi", "line1\nline2"), logrus.WarnLevel, "PrettyPrint multi-line message and value", "message with\nnewline")
	logrusCallAs(r, FormatJSON, base.WithError(errors.New("disk full")), logrus.ErrorLevel, "PrettyPrint WithError", "error with WithError")
	logrusCallAs(r, FormatJSON, base.WithField("obj", map[string]any{"a": 1, "b": []int{1, 2}}), logrus.DebugLevel, "PrettyPrint nested object", "nested")
	logrusCallAs(r, FormatJSON, e, logrus.FatalLevel, "PrettyPrint (ExitFunc no-op)", "fatal message")
	logrusCallAs(r, FormatJSON, base, logrus.InfoLevel, "PrettyPrint", "done")
}

func jsonStreams() []*stream {
	z := []string{modZap}
	lr := []string{modLogrus}
	return []*stream{
		{logger: "json", name: "zap-production", modules: z, desc: "zap JSON encoder + NewProductionEncoderConfig (level/ts/caller/msg/stacktrace)", run: genZapJSONProduction},
		{logger: "json", name: "zap-development", modules: z, desc: "zap JSON encoder + NewDevelopmentEncoderConfig (L/T/N/C/M/S keys), Development()", run: genZapJSONDevelopment},
		{logger: "json", name: "logrus", modules: lr, desc: "logrus JSONFormatter", run: genLogrusJSON},
		{logger: "json", name: "logrus-pretty", modules: lr, desc: "logrus JSONFormatter PrettyPrint (one record spans its object's lines)", run: genLogrusJSONPrettyPrint},
	}
}
