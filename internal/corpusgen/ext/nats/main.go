//go:build ignore

// NATS server's logger (github.com/nats-io/nats-server/v2/logger), driven
// for the corpus: corpusgen copies this file beside go.mod.in and go.sum.in
// (renamed go.mod and go.sum) and runs `go run -trimpath main.go`. The
// logger is the one nats-server sets up by default: stderr, the pid, the
// time with microseconds, debug and trace on; with the argument "colour",
// the level's colour nats-server adds on a terminal. For every call it
// appends {"lines", "format", "level", "call"} to $CORPUSGEN_REPORT, the
// level being the call's. The logger writes into a pipe this program
// reads, a call's lines at a time, before it reports the call.
package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"os"

	"github.com/nats-io/nats-server/v2/logger"
)

var (
	report *os.File
	out    = os.Stderr
	logged *bufio.Reader
)

// call makes one logging call, copies the lines it wrote to the real
// stderr, and reports them.
func call(level, name string, lines int, f func()) {
	f()
	for i := 0; i < lines; i++ {
		line, err := logged.ReadString('\n')
		if err != nil {
			panic(err)
		}
		out.WriteString(line)
	}
	b, _ := json.Marshal(map[string]any{"lines": lines, "format": "nats", "level": level, "call": name})
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
	os.Stderr = pw // the logger takes os.Stderr when it is made
	colour := len(os.Args) > 1 && os.Args[1] == "colour"
	l := logger.NewStdLogger(true, true, true, colour, true)
	os.Stderr = out
	call("info", "Noticef", 1, func() { l.Noticef("Starting nats-server") })
	call("info", "Noticef", 1, func() { l.Noticef("  Version:  2.10.7") })
	call("info", "Noticef", 1, func() { l.Noticef("Listening for client connections on 0.0.0.0:4222") })
	call("warning", "Warnf", 1, func() { l.Warnf("JetStream has not established contact with a meta leader") })
	call("error", "Errorf", 1, func() {
		l.Errorf("Error trying to connect to route (attempt 1): %v", errors.New("dial tcp 10.0.0.7:6222: i/o timeout"))
	})
	call("debug", "Debugf", 1, func() { l.Debugf("Client connection created") })
	call("debug", "Tracef", 1, func() { l.Tracef("<<- [PING]") })
	call("info", "Noticef", 1, func() { l.Noticef("Server is ready") })
}
