package corpusgen

import (
	"errors"
	"time"

	kitlog "github.com/go-kit/log"
	"github.com/go-kit/log/level"
)

const modGokit = "github.com/go-kit/log"

// gokitLevels lists the go-kit level wrappers with their canonical level.
var gokitLevels = []struct {
	name  string
	wrap  func(kitlog.Logger) kitlog.Logger
	value level.Value
	level string
}{
	{"level.Debug", level.Debug, level.DebugValue(), LevelDebug},
	{"level.Info", level.Info, level.InfoValue(), LevelInfo},
	{"level.Warn", level.Warn, level.WarnValue(), LevelWarning},
	{"level.Error", level.Error, level.ErrorValue(), LevelError},
}

// gokitLog records one Log call of l; level is the canonical level of the
// level wrapper used, or LevelNone for a logger without one (format "").
func gokitLog(r *recorder, format, level, call string, l kitlog.Logger, keyvals ...any) {
	if level == LevelNone {
		format = FormatNone
	}
	r.call(format, level, call, func() {
		if err := l.Log(keyvals...); err != nil {
			panic(err)
		}
	})
}

// gokitVariety logs through level.X(l) at every level, the quoting cases,
// and a line without the level wrapper.
func gokitVariety(r *recorder, format string, l kitlog.Logger) {
	lv := func(i int) kitlog.Logger { return gokitLevels[i].wrap(l) }
	call := func(i int, note string) string {
		s := gokitLevels[i].name + "(l).Log"
		if note != "" {
			s += " " + note
		}
		return s
	}
	gokitLog(r, format, LevelDebug, call(0, ""), lv(0), "msg", "debug message", "k", "v")
	gokitLog(r, format, LevelInfo, call(1, "quoting and empty value"), lv(1), "msg", "info message", "path", "/v1/items",
		"spaced", "a b", "q", `say "hi"`, "empty", "")
	gokitLog(r, format, LevelWarning, call(2, ""), lv(2), "msg", "warn message")
	gokitLog(r, format, LevelError, call(3, ""), lv(3), "msg", "error message", "err", errors.New("connection refused"))
	gokitLog(r, format, LevelInfo, call(1, "newlines (escaped)"), lv(1), "msg", "multi-line\nmessage", "val", "line1\nline2")
	gokitLog(r, format, LevelNone, "Logger.Log without a level wrapper", l, "msg", "no level key at all")
	gokitLog(r, format, LevelInfo, call(1, "non-string values"), lv(1), "msg", "values", "n", 3, "ratio", 0.5, "ok", true,
		"took", 1500*time.Millisecond, "nil", nil, "list", []string{"a", "b"})
	gokitLog(r, format, LevelWarning, call(2, "value with = and key with space"), lv(2), "msg", "odd", "expr", "a=b", "key with space", 1)
	gokitLog(r, format, LevelInfo, call(1, "no msg key"), lv(1), "component", "tsdb", "blocks", 12)
	gokitLog(r, format, LevelError, call(3, "err first, then msg"), lv(3), "err", errors.New("unexpected EOF"), "msg", "compaction failed")
	gokitLog(r, format, LevelNone, "Logger.Log without a level wrapper", l, "component", "web", "msg", "Listening on :9090")
	gokitLog(r, format, LevelInfo, call(1, ""), lv(1), "msg", "done")
}

// utcNow is time.Now in UTC, as the Prometheus-family projects use it.
func utcNow() time.Time { return time.Now().UTC() }

// genGokitLevelFirst is the Prometheus/Loki layout: log.With(l, "ts",
// DefaultTimestampUTC, "caller", DefaultCaller), then level.X(l) prepends
// level= before ts= and caller=.
func genGokitLevelFirst(r *recorder) {
	l := kitlog.NewLogfmtLogger(kitlog.NewSyncWriter(r))
	l = kitlog.With(l, "ts", kitlog.DefaultTimestampUTC, "caller", kitlog.DefaultCaller)
	gokitVariety(r, FormatGokit, l)
	// Prometheus's notifier: a component's log.With context puts four
	// pairs between caller and msg, so msg is the seventh pair.
	notifier := kitlog.With(l, "component", "notifier", "alertmanager", "http://172.30.18.142:9093/api/v2/alerts", "count", 64)
	gokitLog(r, FormatGokit, LevelError, "level.Error(log.With(l, component, alertmanager, count)).Log (msg as the seventh pair)", level.Error(notifier),
		"msg", "Error sending alert", "err", errors.New("bad response status 400 Bad Request"))
}

// genGokitFixedTimestamp uses TimestampFormat(…, "2006-01-02T15:04:05.000Z07:00")
// (millisecond, fixed width), as Prometheus and Alertmanager do.
func genGokitFixedTimestamp(r *recorder) {
	l := kitlog.NewLogfmtLogger(kitlog.NewSyncWriter(r))
	l = kitlog.With(l, "ts", kitlog.TimestampFormat(utcNow, "2006-01-02T15:04:05.000Z07:00"), "caller", kitlog.DefaultCaller)
	gokitVariety(r, FormatGokit, l)
}

// genGokitLevelAfterTs puts level= after ts= and caller=. level.X(l) always
// prepends, and so does log.With(level.Info(l), "ts", …) (With appends to
// the context that already starts with level=); the level only comes after
// ts/caller when it is added to a context that already holds them:
// log.With(l, level.Key(), level.InfoValue()).
func genGokitLevelAfterTs(r *recorder) {
	base := kitlog.NewLogfmtLogger(kitlog.NewSyncWriter(r))
	ts := kitlog.TimestampFormat(utcNow, "2006-01-02T15:04:05.000Z07:00")
	l := kitlog.With(base, "ts", ts, "caller", kitlog.DefaultCaller)
	for _, lv := range gokitLevels {
		ll := kitlog.With(l, level.Key(), lv.value)
		gokitLog(r, FormatGokit, lv.level, "log.With(log.With(l, ts, caller), level.Key(), "+lv.name+"Value()).Log", ll,
			"msg", lv.level+" message after ts and caller", "k", "v")
	}
	for _, lv := range gokitLevels {
		ll := kitlog.With(lv.wrap(base), "ts", ts, "caller", kitlog.DefaultCaller)
		gokitLog(r, FormatGokit, lv.level, "log.With("+lv.name+"(l), ts, caller).Log (level still first)", ll,
			"msg", lv.level+" message, level before ts")
	}
	suffix := kitlog.WithSuffix(base, "ts", ts, "caller", kitlog.DefaultCaller)
	gokitLog(r, FormatGokit, LevelWarning, "level.Warn(log.WithSuffix(l, ts, caller)).Log (level first, ts last)", level.Warn(suffix),
		"msg", "ts and caller at the end", "k", "v")
	gokitLog(r, FormatGokit, LevelError, "log.With(l, ts, caller).Log with level as a later key", l,
		"msg", "level passed in the Log call", level.Key(), level.ErrorValue(), "err", errors.New("timeout"))
	gokitLog(r, FormatNone, LevelNone, "log.With(l, ts, caller).Log without level", l, "msg", "no level key")
	gokitLog(r, FormatGokit, LevelInfo, "log.With(l, level.Key(), level.InfoValue()).Log", kitlog.With(l, level.Key(), level.InfoValue()), "msg", "done")
}

// genGokitJSON uses NewJSONLogger (keys sorted): format json.
func genGokitJSON(r *recorder) {
	l := kitlog.NewJSONLogger(kitlog.NewSyncWriter(r))
	l = kitlog.With(l, "ts", kitlog.DefaultTimestampUTC, "caller", kitlog.DefaultCaller)
	gokitVariety(r, FormatJSON, l)
}

func gokitStreams() []*stream {
	m := []string{modGokit}
	return []*stream{
		{logger: "gokit", name: "logfmt-level-first", modules: m, desc: "logfmt, level.X(l) prepends level= before ts= (DefaultTimestampUTC) and caller= (Prometheus/Loki layout)", run: genGokitLevelFirst},
		{logger: "gokit", name: "logfmt-fixed-timestamp", modules: m, desc: `logfmt, level first, TimestampFormat "2006-01-02T15:04:05.000Z07:00" in UTC`, run: genGokitFixedTimestamp},
		{logger: "gokit", name: "logfmt-level-after-ts", modules: m, desc: "logfmt with level= after ts=/caller= (log.With of a context holding them), and the With/WithSuffix variants", run: genGokitLevelAfterTs},
		{logger: "gokit", name: "json", modules: m, desc: "NewJSONLogger (format json), sorted keys", run: genGokitJSON},
	}
}
