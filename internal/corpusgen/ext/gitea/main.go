//go:build ignore

// Gitea's logger (code.gitea.io/gitea/modules/log, the package every Gitea
// component logs through), driven for the corpus: corpusgen copies this
// file beside go.mod.in and go.sum.in (renamed go.mod and go.sum, so that
// this directory is no module inside relevel's) and runs `go run -trimpath
// main.go`. The console writer is the one Gitea's default [log] MODE=console
// sets up: stdout, its standard flags (date, time, medium file name, short
// function name, level initial), no colours outside a terminal. For every
// call it appends {"lines", "format", "level", "call"} to $CORPUSGEN_REPORT,
// the level being the call's; log.Fatal ends the run.
// The writer runs in a goroutine of its own: it writes into a pipe that
// this program reads, a call's lines at a time, before it reports the call.
package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"io"
	"os"

	"code.gitea.io/gitea/modules/log"
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
	b, _ := json.Marshal(map[string]any{"lines": lines, "format": "gitea", "level": level, "call": name})
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
	os.Stdout = pw // the console writer takes os.Stdout when it is made
	// At debug: at trace the process manager's own trace of the writer's
	// goroutine ending goes to stderr once the writer is closed.
	log.SetConsoleLogger(log.DEFAULT, "console", log.DEBUG)
	os.Stdout = out
	// log.Fatal closes the loggers, then exits through OsExiter: what it
	// wrote is copied out and reported first. The generator then exits 0:
	// under go run a status of 1 would add go's own "exit status 1" line
	// to the stream, which no Gitea pod writes.
	log.OsExiter = func(int) {
		pw.Close()
		io.Copy(out, logged)
		b, _ := json.Marshal(map[string]any{"lines": 1, "format": "gitea", "level": "critical", "call": "log.Fatal"})
		report.Write(append(b, '\n'))
		os.Exit(0)
	}
	call("debug", "log.Debug", 1, func() { log.Debug("Queue %q is ready", "issue_indexer") })
	call("info", "log.Info", 1, func() { log.Info("Starting Gitea on PID: %d", 17) })
	call("info", "log.Info", 1, func() { log.Info("Listen: %s", "http://0.0.0.0:3000") })
	call("warning", "log.Warn", 1, func() {
		log.Warn("Table %s column %s db type is %s, db type of the struct is %s", "issue", "content", "TEXT", "LONGTEXT")
	})
	call("error", "log.Error", 1, func() {
		log.Error("Failed to run migration: %v", errors.New("dial tcp 10.0.0.5:5432: connect: connection refused"))
	})
	call("error", "log.Error with a message of three lines", 3, func() {
		log.Error("SyncRepositoryHooks: unable to write hook:\n%v\n%s", errors.New("open /data/git/repositories/org/repo.git/hooks/pre-receive: permission denied"), "second repository skipped")
	})
	call("error", "log.Critical (Gitea's CRITICAL is ERROR)", 1, func() {
		log.Critical("PANIC: %v", errors.New("runtime error: invalid memory address or nil pointer dereference"))
	})
	call("info", "log.Info", 1, func() { log.Info("PID: %d Gitea Web Finished", 17) })
	log.Fatal("Failed to initialize ORM engine: %v", errors.New("database is locked"))
}
