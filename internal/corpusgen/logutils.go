package corpusgen

import (
	"errors"
	"log"

	"github.com/hashicorp/go-multierror"
	"github.com/hashicorp/logutils"
	"github.com/mitchellh/cli"
)

const (
	modLogutils   = "github.com/hashicorp/logutils"
	modMultierror = "github.com/hashicorp/go-multierror"
	modCli        = "github.com/mitchellh/cli"
)

// The level words Consul, Nomad, Vault, serf and memberlist used with
// logutils before they moved to hclog, and their canonical levels.
var logutilsLevels = map[string]string{
	"TRACE": LevelDebug,
	"DEBUG": LevelDebug,
	"INFO":  LevelInfo,
	"WARN":  LevelWarning,
	"ERR":   LevelError,
}

// logutilsLogger is how the HashiCorp tools of that era log: a package-log
// Logger with log.LstdFlags over a logutils.LevelFilter, every message
// opening with "[LEVEL] subsystem: ". serf and memberlist take such a
// *log.Logger in their Config and print through it the same way; they are
// not imported here (their loggers are package log's Logger, driven with
// their own message shapes below).
type logutilsLogger struct {
	l *log.Logger
}

func newLogutils(w interface{ Write([]byte) (int, error) }) logutilsLogger {
	filter := &logutils.LevelFilter{
		Levels:   []logutils.LogLevel{"TRACE", "DEBUG", "INFO", "WARN", "ERR"},
		MinLevel: "TRACE",
		Writer:   w,
	}
	return logutilsLogger{l: log.New(filter, "", log.LstdFlags)}
}

// printf records one call log.Printf("[LEVEL] "+msg, …) at the level its
// prefix names.
func (u logutilsLogger) printf(r *recorder, word, who, msg string, args ...any) {
	level, ok := logutilsLevels[word]
	if !ok {
		panic("logutils: unknown level " + word)
	}
	r.call(FormatLogutils, level, "log.Printf(\"["+word+"] "+who+": …\") through logutils.LevelFilter", func() {
		u.l.Printf("["+word+"] "+who+": "+msg, args...)
	})
}

func logutilsVariety(r *recorder, u logutilsLogger) {
	u.printf(r, "INFO", "serf", "EventMemberJoin: %s %s", "node-1", "10.0.0.1")
	u.printf(r, "INFO", "agent", "Joining cluster...")
	u.printf(r, "DEBUG", "memberlist", "TCP connection from=%s", "10.0.0.2:53234")
	u.printf(r, "TRACE", "agent", "rpc: request %s", "Catalog.Register")
	u.printf(r, "WARN", "agent", "http request failed %q from=%s error=%q", "/v1/kv/app?recurse", "127.0.0.1:50000", "context canceled")
	u.printf(r, "WARN", "memberlist", "Refuting a suspect message (from: %s)", "node-2")
	u.printf(r, "ERR", "agent", "failed to sync remote state: %s", "No cluster leader")
	// go-multierror's format is several lines: "N errors occurred:",
	// TAB-indented items and a blank line. package log writes it raw, so
	// the record continues on those lines.
	var merr *multierror.Error
	merr = multierror.Append(merr, errors.New("dial tcp 10.0.0.3:8301: connect: connection refused"), errors.New("dial tcp 10.0.0.4:8301: i/o timeout"))
	u.printf(r, "ERR", "agent", "failed to join: %v", merr)
	r.call(FormatNone, LevelNone, "log.Printf without a level prefix (logutils passes it through)", func() { u.l.Printf("Reloading configuration...") })
	u.printf(r, "INFO", "consul", "New leader elected: %s", "node-1")
}

// genLogutils: a Go log.Logger over logutils.LevelFilter, as serf, memberlist
// and the Consul/Nomad/Vault agents before hclog wrote to stderr.
func genLogutils(r *recorder) { logutilsVariety(r, newLogutils(r)) }

// consulUI is the console the Consul and Nomad agents print their log
// through: cli.UiWriter over a cli.PrefixedUi whose InfoPrefix is four
// spaces. PrefixedUi prefixes the start of each Write (one record), not each
// line, so continuation lines keep the logger's own indentation.
func consulUI(r *recorder) *cli.UiWriter {
	return &cli.UiWriter{Ui: &cli.PrefixedUi{
		OutputPrefix: "==> ",
		InfoPrefix:   "    ",
		ErrorPrefix:  "==> ",
		Ui:           &cli.BasicUi{Writer: r, ErrorWriter: r},
	}}
}

// genLogutilsConsulUI: the same logger behind the Consul 0.x agent's
// console, which indents every record by four spaces, after the banner
// lines the agent prints with Ui.Output.
func genLogutilsConsulUI(r *recorder) {
	ui := consulUI(r)
	r.call(FormatNone, LevelNone, "cli.PrefixedUi.Output (agent banner, no level)", func() { ui.Ui.Output("Consul agent running!") })
	// Lines without a level are records of one line each (they take no
	// continuation), so the banner is written a line per call.
	for _, l := range []string{"Node name: 'node-1'", "Datacenter: 'dc1'"} {
		r.call(FormatNone, LevelNone, "cli.PrefixedUi.Info (agent banner, no level)", func() { ui.Ui.Info(l) })
	}
	r.call(FormatNone, LevelNone, "cli.PrefixedUi.Output (agent banner, no level)", func() { ui.Ui.Output("Log data will now stream in as it occurs:") })
	logutilsVariety(r, newLogutils(ui))
}

func logutilsStreams() []*stream {
	return []*stream{
		{logger: "logutils", name: "log-levelfilter", modules: []string{modStd, modLogutils, modMultierror},
			desc: "package log (LstdFlags) over logutils.LevelFilter, \"[LEVEL] subsystem: msg\" as serf, memberlist and pre-hclog Consul write; a go-multierror message over several lines", run: genLogutils},
		{logger: "logutils", name: "consul-ui", modules: []string{modStd, modLogutils, modMultierror, modCli},
			desc: "the same behind the Consul 0.x agent console: cli.UiWriter over cli.PrefixedUi with a four-space InfoPrefix, after its banner", run: genLogutilsConsulUI},
	}
}
