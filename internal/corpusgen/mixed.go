package corpusgen

import (
	"errors"

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
	// A headerless plain line directly after a record that continues raw
	// (klog, zap console, logrus TTY) is indistinguishable from its
	// continuation, so the plain line comes after a logrus text record.
	logrusCall(r, lt.WithField("x", 1), logrus.InfoLevel, "TTY multi-line message", "tty raw\nmulti-line")
	logrusCall(r, ll.WithField("k", "v"), logrus.InfoLevel, "text layout", "before a plain line")
	r.plain("plain line between loggers")
	klogCall(r, LevelError, "klog.ErrorS", func() { klog.ErrorS(errors.New("eof"), "Stream closed") })
	zapCall(r, zl, zapcore.WarnLevel, "", "dropping", zap.Int("n", 3))
	logrusCall(r, ll.WithError(errors.New("x")), logrus.ErrorLevel, "", "logrus error")
	klogCall(r, LevelInfo, "klog.Info", func() { klog.Info("done") })
}

func mixedStreams() []*stream {
	return []*stream{
		{logger: "mixed", name: "zap-klog-logrus", modules: []string{modZap, modKlog, modLogrus},
			desc: "zap console, global klog, logrus text and TTY layouts and plain lines on one writer", run: genMixed},
		{logger: "mixed", name: "zap-klog-panic", modules: []string{modZap, modKlog, "go"},
			desc: "zap console and klog interleaved on stderr, then a Go panic", child: &childRun{
				mode: "mixed-zap-klog-panic", exit: 2,
				tail: Record{Format: FormatGoPanic, Level: LevelCritical, Call: "panic: assignment to entry in nil map"}}},
	}
}

func allStreams() []*stream {
	var all []*stream
	all = append(all, klogStreams()...)
	all = append(all, zapStreams()...)
	all = append(all, logrusStreams()...)
	all = append(all, goPanicStreams()...)
	all = append(all, mixedStreams()...)
	return all
}
