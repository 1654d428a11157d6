package corpusgen

import (
	"errors"
	"time"

	"github.com/hashicorp/go-hclog"
)

const modHclog = "github.com/hashicorp/go-hclog"

// hclogLevel maps an hclog level to the canonical level.
func hclogLevel(l hclog.Level) string {
	switch l {
	case hclog.Trace, hclog.Debug:
		return LevelDebug
	case hclog.Info:
		return LevelInfo
	case hclog.Warn:
		return LevelWarning
	case hclog.Error:
		return LevelError
	}
	panic("hclogLevel: no canonical level for " + l.String())
}

var hclogMethod = map[hclog.Level]string{
	hclog.Trace: "Trace", hclog.Debug: "Debug", hclog.Info: "Info", hclog.Warn: "Warn", hclog.Error: "Error",
}

// hclogCall logs msg at lvl with the level's own method and records the
// span (format FormatHclog for text, FormatJSON for JSONFormat).
func hclogCall(r *recorder, format string, l hclog.Logger, lvl hclog.Level, note, msg string, args ...any) {
	name := "hclog.Logger." + hclogMethod[lvl]
	if note != "" {
		name += " " + note
	}
	r.call(format, hclogLevel(lvl), name, func() {
		switch lvl {
		case hclog.Trace:
			l.Trace(msg, args...)
		case hclog.Debug:
			l.Debug(msg, args...)
		case hclog.Info:
			l.Info(msg, args...)
		case hclog.Warn:
			l.Warn(msg, args...)
		case hclog.Error:
			l.Error(msg, args...)
		}
	})
}

func newHclog(r *recorder, o hclog.LoggerOptions) hclog.Logger {
	if o.Output == nil {
		o.Output = r
	}
	o.Level = hclog.Trace
	return hclog.New(&o)
}

// hclogVariety logs every level, the quoting cases, multi-line values (the
// "  | line" blocks) and messages, a sub-logger and a With context.
func hclogVariety(r *recorder, format string, l hclog.Logger) {
	call := func(lvl hclog.Level, note, msg string, args ...any) { hclogCall(r, format, l, lvl, note, msg, args...) }
	call(hclog.Trace, "", "trace message", "k", "v")
	call(hclog.Debug, "", "debug message", "k", "v")
	call(hclog.Info, "quoting and empty value", "info message", "path", "/v1/items", "spaced", "a b", "q", `say "hi"`, "n", 3, "empty", "")
	call(hclog.Warn, "no key/values", "warn message")
	call(hclog.Error, "", "error message", "error", errors.New("connection refused"))
	call(hclog.Info, "multi-line message and multi-line value", "multi-line\nmessage", "val", "line1\nline2\nline3", "after", "x")
	call(hclog.Warn, "multi-line value last (ends with a line of two spaces)", "config changed", "diff", "-a: 1\n+a: 2")
	call(hclog.Error, "multi-line error value", "sync failed", "error", errors.Join(errors.New("dial tcp: timeout"), errors.New("retry budget exhausted")), "attempt", 5)
	call(hclog.Info, "non-string values", "values", "took", 1500*time.Millisecond, "ok", true, "ratio", 0.5, "list", []string{"a", "b"})
	call(hclog.Info, "odd key/value count", "dangling key", "orphan")
	sub := l.Named("sub")
	hclogCall(r, format, sub, hclog.Info, "Named sub-logger", "from a sub-logger", "k", "v")
	hclogCall(r, format, sub.Named("deeper"), hclog.Debug, "nested Named sub-logger", "from a nested sub-logger")
	hclogCall(r, format, l.With("request_id", "abc"), hclog.Info, "With context", "with context", "status", 200)
	hclogCall(r, format, l.ResetNamed("other"), hclog.Warn, "ResetNamed", "renamed logger")
	call(hclog.Info, "", "done")
}

func genHclogNamed(r *recorder) {
	hclogVariety(r, FormatHclog, newHclog(r, hclog.LoggerOptions{Name: "myapp"}))
}

func genHclogUnnamed(r *recorder) {
	hclogVariety(r, FormatHclog, newHclog(r, hclog.LoggerOptions{}))
}

func genHclogIncludeLocation(r *recorder) {
	hclogVariety(r, FormatHclog, newHclog(r, hclog.LoggerOptions{Name: "myapp", IncludeLocation: true}))
}

// genHclogColorForced: with Color: ForceColor each record is written as
// colour + text (newline included) + "ESC[0m", so every line after the first
// starts with the previous record's reset, and the output ends with an
// unterminated "ESC[0m" (see recorder.fragments).
func genHclogColorForced(r *recorder) {
	r.fragments = true
	hclogVariety(r, FormatHclog, newHclog(r, hclog.LoggerOptions{Name: "myapp", Color: hclog.ForceColor}))
}

func genHclogJSON(r *recorder) {
	hclogVariety(r, FormatJSON, newHclog(r, hclog.LoggerOptions{Name: "myapp", JSONFormat: true, IncludeLocation: true}))
}

// genHclogConsulUI: hclog as the Consul and Nomad agents run it, its
// output through the agent console (cli.UiWriter over a cli.PrefixedUi
// with a four-space InfoPrefix), so each record's first line is indented by
// four spaces and its continuation lines are as hclog wrote them.
func genHclogConsulUI(r *recorder) {
	ui := consulUI(r)
	r.call(FormatNone, LevelNone, "cli.PrefixedUi.Output (agent banner, no level)", func() { ui.Ui.Output("Log data will now stream in as it occurs:") })
	hclogVariety(r, FormatHclog, newHclog(r, hclog.LoggerOptions{Name: "agent", Output: ui}))
}

func hclogStreams() []*stream {
	m := []string{modHclog}
	return []*stream{
		{logger: "hclog", name: "text-named", modules: m, desc: `default text format, Name "myapp", sub-loggers, multi-line values`, run: genHclogNamed},
		{logger: "hclog", name: "text-unnamed", modules: m, desc: "default text format, no name", run: genHclogUnnamed},
		{logger: "hclog", name: "include-location", modules: m, desc: "IncludeLocation", run: genHclogIncludeLocation},
		{logger: "hclog", name: "color-forced", modules: m, desc: "Color: ForceColor (resets spill onto the next line; output ends with an unterminated ESC[0m)", run: genHclogColorForced},
		{logger: "hclog", name: "consul-ui", modules: []string{modHclog, modCli}, desc: "hclog behind the Consul/Nomad agent console: cli.UiWriter over cli.PrefixedUi, four-space InfoPrefix", run: genHclogConsulUI},
		{logger: "hclog", name: "json", modules: m, desc: "JSONFormat with IncludeLocation (format json)", run: genHclogJSON},
	}
}
