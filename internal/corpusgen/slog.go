package corpusgen

import (
	"context"
	"errors"
	"fmt"
	"log"
	"log/slog"
	"time"
)

// modStd stands for the Go standard library (log/slog, log) in a stream's
// module list.
const modStd = "std"

// slogLevel maps a slog level to the canonical level: the nearest of
// DEBUG(-4), INFO(0), WARN(4), ERROR(8) at or below the numeric level, with
// everything below DEBUG being debug too (DEBUG-4 = -8 is debug, DEBUG+3 =
// -1 is debug, INFO+2 = 2 is info, WARN+2 = 6 is warning, ERROR+4 = 12 is
// error).
func slogLevel(l slog.Level) string {
	switch {
	case l < slog.LevelInfo:
		return LevelDebug
	case l < slog.LevelWarn:
		return LevelInfo
	case l < slog.LevelError:
		return LevelWarning
	default:
		return LevelError
	}
}

// slogMethod names the call that logs at lvl: the level's own method for
// the four named levels, Log(ctx, slog.Level(n), ...) otherwise.
func slogMethod(recv string, lvl slog.Level) string {
	switch lvl {
	case slog.LevelDebug:
		return recv + ".Debug"
	case slog.LevelInfo:
		return recv + ".Info"
	case slog.LevelWarn:
		return recv + ".Warn"
	case slog.LevelError:
		return recv + ".Error"
	}
	return fmt.Sprintf("%s.Log(slog.Level(%d) = %s)", recv, int(lvl), lvl)
}

// slogCall logs through l at lvl and records the span with the given
// format (FormatSlog for the TextHandler, FormatJSON for the JSONHandler).
func slogCall(r *recorder, format string, l *slog.Logger, lvl slog.Level, note, msg string, args ...any) {
	name := slogMethod("slog.Logger", lvl)
	if note != "" {
		name += " " + note
	}
	r.call(format, slogLevel(lvl), name, func() { l.Log(context.Background(), lvl, msg, args...) })
}

// slogVariety is the common body of the TextHandler and JSONHandler
// streams: every level, the custom levels that print with offsets, and the
// quoting, grouping and escaping cases.
func slogVariety(r *recorder, format string, l *slog.Logger) {
	call := func(lvl slog.Level, note, msg string, args ...any) { slogCall(r, format, l, lvl, note, msg, args...) }
	call(slog.LevelDebug, "", "debug message", "k", "v")
	call(slog.LevelInfo, "", "info message", "count", 3, "dur", 1500*time.Millisecond, "ok", true, "ratio", 0.25)
	call(slog.LevelWarn, "quoting and empty value", "warn message", "path", "/v1/items", "q", `say "hi"`, "spaced", "a b", "empty", "")
	call(slog.LevelError, "", "error message", "err", errors.New("connection refused"))
	call(slog.Level(-8), "", "custom level -8 prints DEBUG-4")
	call(slog.Level(-1), "", "custom level -1 prints DEBUG+3")
	call(slog.Level(2), "", "custom level 2 prints INFO+2", "k", "v")
	call(slog.Level(6), "", "custom level 6 prints WARN+2")
	call(slog.Level(12), "", "custom level 12 prints ERROR+4", "err", errors.New("disk full"))
	call(slog.LevelInfo, "message and value with newline (escaped)", "multi-line\nmessage", "val", "line1\nline2")
	call(slog.LevelInfo, "keys needing quotes", "odd keys", "key with space", 1, "k=v", "x", `quote"key`, "y", "tab", "a\tb", "uni", "héllo")
	call(slog.LevelInfo, "value with = and empty message", "", "expr", "a=b", "url", "https://example.com/a?b=c&d=e")
	call(slog.LevelInfo, "slog.Group", "grouped", "component", "api", slog.Group("req", "method", "GET", "id", 7))
	g := l.WithGroup("http").With("server", "api-1")
	r.call(format, LevelWarning, "slog.Logger.WithGroup.With.Warn", func() {
		g.Warn("slow request", slog.Group("req", "method", "POST", "path", "/upload"), "took", 2*time.Second)
	})
	w := l.With("controller", "deployment", "worker", 2)
	r.call(format, LevelError, "slog.Logger.With.Error", func() {
		w.Error("reconcile failed", "err", errors.New("object has been modified"), "retries", 3)
	})
	r.call(format, LevelInfo, "slog.Logger.LogAttrs", func() {
		l.LogAttrs(context.Background(), slog.LevelInfo, "LogAttrs", slog.Time("at", time.Date(2026, 11, 30, 4, 41, 36, 0, time.UTC)),
			slog.Any("list", []string{"a", "b c"}), slog.Any("nil", nil))
	})
	call(slog.LevelInfo, "", "done")
}

func genSlogText(r *recorder) {
	l := slog.New(slog.NewTextHandler(r, &slog.HandlerOptions{Level: slog.Level(-8)}))
	slogVariety(r, FormatSlog, l)
}

func genSlogTextAddSource(r *recorder) {
	l := slog.New(slog.NewTextHandler(r, &slog.HandlerOptions{Level: slog.Level(-8), AddSource: true}))
	call := func(lvl slog.Level, msg string, args ...any) {
		slogCall(r, FormatSlog, l, lvl, "AddSource", msg, args...)
	}
	call(slog.LevelDebug, "with source", "k", "v")
	call(slog.LevelInfo, "with source", "k", "v")
	call(slog.LevelWarn, "with source and quotes", "q", `say "hi"`)
	call(slog.LevelError, "with source", "err", errors.New("boom"))
	call(slog.Level(2), "custom level with source")
	call(slog.Level(-1), "custom level -1 with source")
	call(slog.LevelInfo, "newline\nin message", "val", "a\nb")
	call(slog.LevelInfo, "done")
}

func genSlogJSON(r *recorder) {
	l := slog.New(slog.NewJSONHandler(r, &slog.HandlerOptions{Level: slog.Level(-8)}))
	slogVariety(r, FormatJSON, l)
	ls := slog.New(slog.NewJSONHandler(r, &slog.HandlerOptions{Level: slog.Level(-8), AddSource: true}))
	slogCall(r, FormatJSON, ls, slog.LevelWarn, "AddSource", "with source object", "k", "v")
	slogCall(r, FormatJSON, ls, slog.Level(6), "AddSource", "custom level with source")
}

// useStdLog points package log's default logger at r with the given flags
// and makes the slog default handler (which writes through it) log every
// level; the returned func restores both.
func useStdLog(r *recorder, flags int) func() {
	out, oldFlags, prefix := log.Writer(), log.Flags(), log.Prefix()
	oldLevel := slog.SetLogLoggerLevel(slog.Level(-8))
	log.SetOutput(r)
	log.SetFlags(flags)
	log.SetPrefix("")
	return func() {
		log.SetOutput(out)
		log.SetFlags(oldFlags)
		log.SetPrefix(prefix)
		slog.SetLogLoggerLevel(oldLevel)
	}
}

// slogDefaultCall logs with the top-level slog functions, which go through
// the default handler and package log while no handler has been set.
func slogDefaultCall(r *recorder, lvl slog.Level, note, msg string, args ...any) {
	name := slogMethod("slog", lvl) + " (default handler)"
	if note != "" {
		name += " " + note
	}
	r.call(FormatSlog, slogLevel(lvl), name, func() { slog.Log(context.Background(), lvl, msg, args...) })
}

// stdLogPrintf writes a plain package-log line: no level.
func stdLogPrintf(r *recorder, note, format string, args ...any) {
	name := "log.Printf (no level)"
	if note != "" {
		name += " " + note
	}
	r.call(FormatNone, LevelNone, name, func() { log.Printf(format, args...) })
}

// genSlogDefault covers the default slog handler (no handler set), which
// writes "LEVEL msg k=v" through package log, and plain log.Printf lines,
// first with log.LstdFlags and then with Lmicroseconds|Lshortfile.
func genSlogDefault(r *recorder) {
	if h := fmt.Sprintf("%T", slog.Default().Handler()); h != "*slog.defaultHandler" {
		r.err = fmt.Errorf("slog.Default() has handler %s, not the default one", h)
		return
	}
	restore := useStdLog(r, log.LstdFlags)
	defer restore()
	slogDefaultCall(r, slog.LevelInfo, "", "default slog logger", "k", "v")
	slogDefaultCall(r, slog.LevelWarn, "", "default warn", "k", "a b")
	slogDefaultCall(r, slog.LevelDebug, "(SetLogLoggerLevel(-8))", "default debug", "n", 1)
	slogDefaultCall(r, slog.LevelError, "", "default error", "err", errors.New("connection refused"))
	slogDefaultCall(r, slog.Level(2), "", "default custom level", "k", "v")
	slogDefaultCall(r, slog.Level(-8), "", "default custom level DEBUG-4")
	stdLogPrintf(r, "", "std log.Printf line %d", 1)
	slogDefaultCall(r, slog.LevelInfo, "slog.Group", "grouped", slog.Group("req", "method", "GET", "id", 7), "empty", "")
	// The default handler writes the message raw (only attribute values are
	// quoted), so a newline in it gives a raw continuation line.
	slogDefaultCall(r, slog.LevelWarn, "multi-line message (raw continuation line)", "default handler message\ncontinues raw", "k", "v")
	slogDefaultCall(r, slog.LevelInfo, "value with newline (quoted)", "quoted value", "val", "line1\nline2")
	stdLogPrintf(r, "", "std log.Printf after slog: %s", "plain")
	log.SetFlags(log.LstdFlags | log.Lmicroseconds | log.Lshortfile)
	stdLogPrintf(r, "with Lmicroseconds|Lshortfile", "std log with Lmicroseconds|Lshortfile")
	slogDefaultCall(r, slog.LevelInfo, "with Lmicroseconds|Lshortfile", "default slog with microseconds and file", "k", "v")
	slogDefaultCall(r, slog.LevelError, "with Lmicroseconds|Lshortfile", "default error with file", "err", errors.New("eof"))
	slogDefaultCall(r, slog.Level(6), "with Lmicroseconds|Lshortfile", "default custom level WARN+2")
	slogDefaultCall(r, slog.LevelDebug, "with Lmicroseconds|Lshortfile", "default debug with file")
	stdLogPrintf(r, "with Lmicroseconds|Lshortfile", "std log line %q", "quoted arg")
	slogDefaultCall(r, slog.LevelInfo, "with Lmicroseconds|Lshortfile", "done")
}

func slogStreams() []*stream {
	m := []string{modStd}
	return []*stream{
		{logger: "slog", name: "text", modules: m, desc: "slog.TextHandler, every level incl. custom offsets, quoting, groups", run: genSlogText},
		{logger: "slog", name: "text-addsource", modules: m, desc: "slog.TextHandler with AddSource", run: genSlogTextAddSource},
		{logger: "slog", name: "default-log", modules: m, desc: "slog default handler through package log (LstdFlags, then Lmicroseconds|Lshortfile) and plain log.Printf lines", run: genSlogDefault},
		{logger: "slog", name: "json", modules: m, desc: "slog.JSONHandler (format json), custom levels, groups, AddSource", run: genSlogJSON},
	}
}
