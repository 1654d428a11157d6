//go:build ignore

// Beego's logger (github.com/beego/beego/v2/core/logs), which Harbor's core
// and beego applications log through, driven for the corpus: corpusgen
// copies this file beside go.mod.in and go.sum.in (renamed go.mod and
// go.sum) and runs `go run -trimpath main.go`. The console adapter is the
// one beego sets up by default: stdout, its level letter in colour (with
// the argument "plain", {"color":false}, as Harbor configures it), the
// caller with EnableFuncCallDepth. For every call it appends {"lines",
// "format", "level", "call"} to $CORPUSGEN_REPORT, the level being the
// call's. The adapter writes into a pipe this program reads, a call's
// lines at a time, before it reports the call.
package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"os"

	"github.com/beego/beego/v2/core/logs"
)

var (
	report *os.File
	out    = os.Stdout
	logged *bufio.Reader
)

// call makes one logging call, copies the lines it wrote to the real
// stdout, and reports them.
func call(level, name string, lines int, f func()) {
	f()
	for i := 0; i < lines; i++ {
		line, err := logged.ReadString('\n')
		if err != nil {
			panic(err)
		}
		out.WriteString(line)
	}
	b, _ := json.Marshal(map[string]any{"lines": lines, "format": "beego", "level": level, "call": name})
	report.Write(append(b, '\n'))
}

func main() {
	var err error
	report, err = os.OpenFile(os.Getenv("CORPUSGEN_REPORT"), os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		panic(err)
	}
	pr, pw, err := os.Pipe()
	if err != nil {
		panic(err)
	}
	logged = bufio.NewReader(pr)
	os.Stdout = pw // the console adapter takes os.Stdout when it is made
	var config []string
	if len(os.Args) > 1 && os.Args[1] == "plain" {
		config = append(config, `{"color":false}`)
	}
	l := logs.NewLogger()
	if err := l.SetLogger(logs.AdapterConsole, config...); err != nil {
		panic(err)
	}
	l.EnableFuncCallDepth(true)
	l.SetLevel(logs.LevelDebug)
	// beego's package-level logger, without the caller.
	if err := logs.SetLogger(logs.AdapterConsole, config...); err != nil {
		panic(err)
	}
	os.Stdout = out
	call("debug", "Logger.Debug", 1, func() {
		l.Debug("init global config instance failed. If you do not use this, just ignore it.  %v", errors.New("open conf/app.conf: no such file or directory"))
	})
	call("info", "Logger.Info", 1, func() { l.Info("http server Running on http://:8080") })
	call("notice", "Logger.Notice", 1, func() { l.Notice("Registry config reloaded") })
	call("warning", "Logger.Warning", 1, func() { l.Warning("Failed to get the artifact %s: %v", "library/nginx:1.25", errors.New("not found")) })
	call("error", "Logger.Error", 1, func() {
		l.Error("failed to ping database: %v", errors.New("dial tcp 10.0.0.7:5432: connect: connection refused"))
	})
	call("error", "Logger.Error, a message of two lines", 2, func() { l.Error("job failed:\nexit status 1") })
	call("critical", "Logger.Critical", 1, func() { l.Critical("registry storage is full") })
	call("alert", "Logger.Alert", 1, func() { l.Alert("token service certificate expired") })
	call("emergency", "Logger.Emergency", 1, func() { l.Emergency("core cannot start: no database") })
	call("info", "logs.Info (the package's logger, no caller)", 1, func() { logs.Info("Harbor core is ready") })
	call("error", "logs.Error (the package's logger, no caller)", 1, func() { logs.Error("failed to sync registry: %v", errors.New("timeout")) })
}
