//go:build ignore

// GitLab Runner's log, written by its own formatter
// (gitlab.com/gitlab-org/gitlab-runner/log.RunnerTextFormatter, the
// default --log-format runner) through logrus, as `gitlab-runner run`
// writes it to stderr: corpusgen copies this file beside go.mod.in and
// go.sum.in (renamed go.mod and go.sum), and copies the formatter's source
// out of the runner's module into log/ and helpers/ of the work directory
// (see gitlabRunnerRun: the runner's log package imports a module the
// proxy does not serve, so it cannot be built whole). The formatter writes
// its ANSI colours always, terminal or not, as the runner sets it up. For
// every call it appends {"lines", "format", "level", "call"} to
// $CORPUSGEN_REPORT, the level being the call's.
package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"strings"

	"github.com/sirupsen/logrus"

	runnerlog "relevel.example/gitlab-runner-corpus/log"
)

var (
	report *os.File
	buf    bytes.Buffer
	l      = logrus.New()
)

// call makes one logging call, copies what it wrote to stderr, and reports
// its lines.
func call(level, name string, f func()) {
	buf.Reset()
	func() {
		defer func() { recover() }() // logrus's Panic level panics after writing
		f()
	}()
	os.Stderr.Write(buf.Bytes())
	b, _ := json.Marshal(map[string]any{"lines": strings.Count(buf.String(), "\n"), "format": "gitlabrunner", "level": level, "call": name})
	report.Write(append(b, '\n'))
}

func main() {
	var err error
	report, err = os.OpenFile(os.Getenv("CORPUSGEN_REPORT"), os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		panic(err)
	}
	l.SetOutput(&buf)
	l.SetFormatter(new(runnerlog.RunnerTextFormatter))
	l.SetLevel(logrus.DebugLevel)
	l.ExitFunc = func(int) {} // Fatal is reported like the others, then the run ends
	call("info", "Info with fields", func() {
		l.WithFields(logrus.Fields{"arch": "amd64", "os": "linux", "pid": 7, "revision": "cf91d5e1", "version": "17.5.0"}).Info("Runtime platform")
	})
	call("info", "Info, a message longer than the padding", func() {
		l.WithFields(logrus.Fields{"builds": 0, "max_builds": 10}).Info("Starting multi-runner from /etc/gitlab-runner/config.toml...")
	})
	call("info", "Info without fields", func() { l.Info("Configuration loaded") })
	call("debug", "Debug", func() { l.WithField("builds", 0).Debug("Feeding runners to channel") })
	call("info", "Info, a URL value", func() {
		l.WithFields(logrus.Fields{"job": 14796, "repo_url": "https://gitlab.example.com/group/app.git", "runner": "d87fcd19"}).Info("Checking for jobs... received")
	})
	call("warning", "Warning", func() {
		l.WithFields(logrus.Fields{"duration_s": 3114.61, "job": 14796, "project": 318, "runner": "d87fcd19"}).Warning("Job failed: exit code 1")
	})
	call("error", "Error with an error field holding spaces", func() {
		l.WithError(errors.New("read |0: file already closed")).WithField("runner", "cnqGqEov").Error("Checking for jobs... forbidden")
	})
	call("error", "Error, a message of two lines", func() {
		l.WithField("runner", "cnqGqEov").Error("Preparation failed: adding cache volume: set volume permissions:\nno space left on device")
	})
	call("critical", "Panic", func() { l.WithField("reason", "invariant").Panic("runner state corrupted") })
	call("info", "Info", func() { l.WithField("StopSignal", "quit").Info("Shutting down") })
	call("critical", "Fatal", func() {
		l.WithError(errors.New("open /etc/gitlab-runner/config.toml: permission denied")).Fatal("Failed to load config")
	})
}
