package corpusgen

import (
	"errors"
	"time"

	"github.com/rs/zerolog"
	zlog "github.com/rs/zerolog/log"
)

const modZerolog = "github.com/rs/zerolog"

// zerologLevel maps a zerolog level to the canonical level. NoLevel (Log())
// has none: such records are format "" level "".
func zerologLevel(l zerolog.Level) string {
	switch l {
	case zerolog.TraceLevel, zerolog.DebugLevel:
		return LevelDebug
	case zerolog.InfoLevel:
		return LevelInfo
	case zerolog.WarnLevel:
		return LevelWarning
	case zerolog.ErrorLevel:
		return LevelError
	case zerolog.FatalLevel, zerolog.PanicLevel:
		return LevelCritical
	}
	return LevelNone
}

// zerologCall starts an event at lvl, lets fill add fields, sends it with
// msg and records the span. format is the format of a record that has a
// level (FormatZerolog for the ConsoleWriter, FormatJSON otherwise); a
// Log() record (no level) is always format "" level "". Fatal and Panic
// are logged with WithLevel, which neither exits nor panics.
func zerologCall(r *recorder, format string, l zerolog.Logger, lvl zerolog.Level, note, msg string, fill func(*zerolog.Event) *zerolog.Event) {
	var name string
	switch lvl {
	case zerolog.TraceLevel:
		name = "zerolog.Logger.Trace"
	case zerolog.DebugLevel:
		name = "zerolog.Logger.Debug"
	case zerolog.InfoLevel:
		name = "zerolog.Logger.Info"
	case zerolog.WarnLevel:
		name = "zerolog.Logger.Warn"
	case zerolog.ErrorLevel:
		name = "zerolog.Logger.Error"
	case zerolog.FatalLevel:
		name = "zerolog.Logger.WithLevel(FatalLevel) (no exit)"
	case zerolog.PanicLevel:
		name = "zerolog.Logger.WithLevel(PanicLevel) (no panic)"
	case zerolog.NoLevel:
		name = "zerolog.Logger.Log (no level)"
	}
	if note != "" {
		name += " " + note
	}
	level := zerologLevel(lvl)
	if level == LevelNone {
		format = FormatNone
	}
	r.call(format, level, name, func() {
		var e *zerolog.Event
		switch lvl {
		case zerolog.TraceLevel:
			e = l.Trace()
		case zerolog.DebugLevel:
			e = l.Debug()
		case zerolog.InfoLevel:
			e = l.Info()
		case zerolog.WarnLevel:
			e = l.Warn()
		case zerolog.ErrorLevel:
			e = l.Error()
		case zerolog.FatalLevel, zerolog.PanicLevel:
			e = l.WithLevel(lvl)
		case zerolog.NoLevel:
			e = l.Log()
		}
		if fill != nil {
			e = fill(e)
		}
		e.Msg(msg)
	})
}

// zerologVariety is the common body of the zerolog streams. With the
// ConsoleWriter a newline in the message is written raw (a continuation
// line); in JSON it is escaped.
func zerologVariety(r *recorder, format string, l zerolog.Logger) {
	call := func(lvl zerolog.Level, note, msg string, fill func(*zerolog.Event) *zerolog.Event) {
		zerologCall(r, format, l, lvl, note, msg, fill)
	}
	kv := func(e *zerolog.Event) *zerolog.Event { return e.Str("k", "v") }
	call(zerolog.TraceLevel, "", "trace message", kv)
	call(zerolog.DebugLevel, "", "debug message", kv)
	call(zerolog.InfoLevel, "", "info message", func(e *zerolog.Event) *zerolog.Event {
		return e.Str("path", "/v1/items").Str("spaced", "a b").Str("q", `say "hi"`).Int("n", 3).
			Dur("took", 1500*time.Millisecond).Bool("ok", true).Str("empty", "")
	})
	call(zerolog.WarnLevel, "", "warn message", nil)
	call(zerolog.ErrorLevel, "Err", "error message", func(e *zerolog.Event) *zerolog.Event {
		return e.Err(errors.New("connection refused"))
	})
	call(zerolog.InfoLevel, "multi-line message and value", "multi-line\nmessage", func(e *zerolog.Event) *zerolog.Event {
		return e.Str("val", "line1\nline2")
	})
	call(zerolog.FatalLevel, "", "fatal-level message", nil)
	call(zerolog.PanicLevel, "", "panic-level message", nil)
	call(zerolog.NoLevel, "", "no-level message via Log()", kv)
	call(zerolog.InfoLevel, "empty message", "", nil)
	call(zerolog.InfoLevel, "nested dict and array", "nested", func(e *zerolog.Event) *zerolog.Event {
		return e.Dict("req", zerolog.Dict().Str("method", "GET").Int("status", 200)).Strs("tags", []string{"a", "b c"})
	})
	sub := l.With().Str("component", "db").Logger()
	zerologCall(r, format, sub, zerolog.WarnLevel, "With().Str() context", "slow query", func(e *zerolog.Event) *zerolog.Event {
		return e.Float64("seconds", 2.5)
	})
	call(zerolog.InfoLevel, "message with three lines", "first line\n  indented second line\nthird line", nil)
	call(zerolog.InfoLevel, "", "done", nil)
}

// consoleZerolog is the usual console setup: a ConsoleWriter on r and a
// timestamp (without one the ConsoleWriter prints "<nil>" as the time).
func consoleZerolog(r *recorder, cw zerolog.ConsoleWriter, caller bool) zerolog.Logger {
	cw.Out = r
	c := zerolog.New(cw).With().Timestamp()
	if caller {
		c = c.Caller()
	}
	return c.Logger()
}

func genZerologConsoleKitchen(r *recorder) {
	zerologVariety(r, FormatZerolog, consoleZerolog(r, zerolog.ConsoleWriter{NoColor: true}, false))
}

func genZerologConsoleRFC3339Caller(r *recorder) {
	zerologVariety(r, FormatZerolog, consoleZerolog(r, zerolog.ConsoleWriter{NoColor: true, TimeFormat: time.RFC3339}, true))
}

func genZerologConsoleColor(r *recorder) {
	zerologVariety(r, FormatZerolog, consoleZerolog(r, zerolog.ConsoleWriter{TimeFormat: time.RFC3339}, false))
}

func genZerologJSONTimestampCaller(r *recorder) {
	zerologVariety(r, FormatJSON, zerolog.New(r).With().Timestamp().Caller().Logger())
	// The global logger of github.com/rs/zerolog/log (zerolog.New(os.Stderr)
	// with a timestamp), pointed at r: Print logs at debug.
	saved := zlog.Logger
	defer func() { zlog.Logger = saved }()
	zlog.Logger = zlog.Output(r)
	r.call(FormatJSON, LevelDebug, "zerolog/log.Print (global logger, debug)", func() { zlog.Print("global log.Print") })
	r.call(FormatJSON, LevelInfo, "zerolog/log.Info (global logger)", func() { zlog.Info().Str("k", "v").Msg("global log.Info") })
	r.call(FormatNone, LevelNone, "zerolog/log.Log (global logger, no level)", func() { zlog.Log().Msg("global log.Log") })
}

func genZerologJSONNoTimestamp(r *recorder) {
	zerologVariety(r, FormatJSON, zerolog.New(r))
}

func zerologStreams() []*stream {
	m := []string{modZerolog}
	return []*stream{
		{logger: "zerolog", name: "console-nocolor-kitchen", modules: m, desc: "ConsoleWriter NoColor, default time.Kitchen time", run: genZerologConsoleKitchen},
		{logger: "zerolog", name: "console-nocolor-rfc3339-caller", modules: m, desc: "ConsoleWriter NoColor, TimeFormat RFC3339, Caller()", run: genZerologConsoleRFC3339Caller},
		{logger: "zerolog", name: "console-color", modules: m, desc: "ConsoleWriter with colours, TimeFormat RFC3339", run: genZerologConsoleColor},
		{logger: "zerolog", name: "json-timestamp-caller", modules: m, desc: "JSON (format json) with Timestamp() and Caller(), plus the global zerolog/log logger", run: genZerologJSONTimestampCaller},
		{logger: "zerolog", name: "json-no-timestamp", modules: m, desc: "JSON (format json) from zerolog.New(w), no timestamp", run: genZerologJSONNoTimestamp},
	}
}
