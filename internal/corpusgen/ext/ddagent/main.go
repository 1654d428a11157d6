//go:build ignore

// The Datadog Agent's own logger (github.com/DataDog/datadog-agent/pkg/util/log
// and its setup package, the code every Agent process logs through),
// driven for the corpus: corpusgen copies this file beside go.mod.in and
// go.sum.in (renamed go.mod and go.sum, so that this directory is no module
// inside relevel's) and runs `go run -trimpath main.go MODE`. For every call
// it appends {"lines", "format", "level", "call"} to $CORPUSGEN_REPORT, the
// level being the call's, never read back from the output. The logger
// writes from a goroutine of its own (an async handler): each call is
// flushed before it is reported, so that reports and lines keep one order.
package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/DataDog/datadog-agent/pkg/config/model"
	"github.com/DataDog/datadog-agent/pkg/util/log"
	logsetup "github.com/DataDog/datadog-agent/pkg/util/log/setup"
)

// config answers the settings the Agent's log setup reads; the others are
// never asked for (a call would panic on the nil Reader, and show it).
type config struct {
	model.Reader
	rfc3339 bool
}

func (c config) GetBool(key string) bool             { return key == "log_format_rfc3339" && c.rfc3339 }
func (c config) GetInt(string) int                   { return 1 }
func (c config) GetSizeInBytes(string) uint          { return 10 << 20 }
func (c config) GetString(string) string             { return "" }
func (c config) OnUpdate(model.NotificationReceiver) {}

var (
	report *os.File
	format = "ddagent" // the format relevel reads the lines as
)

func emit(level, call string, lines int) {
	log.Flush()
	b, _ := json.Marshal(map[string]any{"lines": lines, "format": format, "level": level, "call": call})
	report.Write(append(b, '\n'))
}

func main() {
	var err error
	report, err = os.OpenFile(os.Getenv("CORPUSGEN_REPORT"), os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		panic(err)
	}
	mode := os.Args[1]
	name := map[string]string{"core": "CORE", "cluster-rfc3339": "CLUSTER", "trace-json": "TRACE"}[mode]
	if name == "" {
		panic("unknown mode " + mode)
	}
	cfg := config{rfc3339: strings.HasSuffix(mode, "rfc3339")}
	// log_format_json: the Agent's JSON, read by relevel's json format.
	jsonFormat := strings.HasSuffix(mode, "json")
	if jsonFormat {
		format = "json"
	}
	// The Agent's containers log to the console (stdout), at the level
	// log_level names; trace shows every level.
	if err := logsetup.SetupLogger(logsetup.LoggerName(name), "trace", "", "", false, true, jsonFormat, cfg); err != nil {
		panic(err)
	}
	log.Tracef("Checking %d containers for changes", 12)
	emit("debug", "Tracef", 1)
	log.Debugf("Sending %d metric samples", 431)
	emit("debug", "Debugf", 1)
	log.Infof("Starting Datadog Agent v%s", "7.60.0")
	emit("info", "Infof", 1)
	log.Infoc("Running check", "check", "cpu", "instance", "cpu:e3a1b2")
	emit("info", "Infoc with a context", 1)
	log.Warnf("Unable to parse container pName: %s / cName: %s / cId:  / err: %v", "datadog-fzf6k", "agent", errors.New("can't extract an entity ID from container ID"))
	emit("warning", "Warnf", 1)
	log.Warnc("Check has been running for too long", "check", "kubelet")
	emit("warning", "Warnc with a context", 1)
	log.Errorf("Error running check: %v", errors.New("[{\"message\": \"connection refused\", \"traceback\": \"Traceback (most recent call last):\\n  File \\\"check.py\\\", line 1\"}]"))
	emit("error", "Errorf", 1)
	msg := fmt.Sprintf("Could not start the tagger: %v", errors.New("unable to reach the kubelet:\n  dial tcp 10.0.0.1:10250: connect: connection refused\n  retrying in 30s"))
	log.Error(msg)
	lines := strings.Count(msg, "\n") + 1
	if jsonFormat {
		lines = 1 // the newlines are escaped in the JSON string
	}
	emit("error", "Error with a message of three lines", lines)
	log.Criticalf("Failed to start the API server: %v", errors.New("listen tcp 127.0.0.1:5001: bind: address already in use"))
	emit("critical", "Criticalf", 1)
	log.Infof("See ya!")
	emit("info", "Infof", 1)
	log.Flush()
}
