//go:build ignore

// pingcap/log (github.com/pingcap/log), the logger of TiDB, PD and TiCDC
// and, as a copy, of Milvus, whose text layout TiKV's Rust logger writes
// too (TiDB's "unified log format"), driven for the corpus: corpusgen
// copies this file beside go.mod.in and go.sum.in (renamed go.mod and
// go.sum) and runs `go run -trimpath main.go`. The logger is the one
// log.InitLogger builds from a Config with no file: the text format on
// stdout, the caller on, a stack trace with every error and above. With
// the argument "named", the logger has a name, as TiDB's components give
// theirs; with "json", the package's JSON format, Milvus's default. For
// every call it appends {"lines", "format", "level", "call"} to
// $CORPUSGEN_REPORT, the level being the call's. The logger writes into a
// pipe this program reads, a call's lines at a time, before it reports
// the call.
package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"os"
	"time"

	"github.com/pingcap/log"
	"go.uber.org/zap"
)

var (
	format = "pingcap" // "json" with the argument "json"
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
	b, _ := json.Marshal(map[string]any{"lines": lines, "format": format, "level": level, "call": name})
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
	os.Stdout = pw // InitLogger opens "stdout" when it is called
	// TiDB clusters mostly run in UTC+8: an offset that is not zero.
	time.Local = time.FixedZone("CST", 8*3600)
	cfg := &log.Config{Level: "debug"}
	if len(os.Args) > 1 && os.Args[1] == "json" {
		cfg.Format = "json" // Milvus's default; its time keeps the text layout's
		format = "json"
	}
	l, _, err := log.InitLogger(cfg)
	os.Stdout = out
	if err != nil {
		panic(err)
	}
	if len(os.Args) > 1 && os.Args[1] == "named" {
		l = l.Named("ddl")
	}
	call("info", "Info", 1, func() {
		l.Info("Welcome to TiDB.", zap.String("Release Version", "v6.5.0"), zap.String("Edition", "Community"), zap.Int("port", 4000))
	})
	call("info", "Info", 1, func() { l.Info("server is running MySQL protocol", zap.String("addr", "0.0.0.0:4000")) })
	call("debug", "Debug", 1, func() {
		l.Debug("load schema", zap.Int64("schemaVersion", 42), zap.Duration("take time", 1500*time.Microsecond))
	})
	call("warning", "Warn", 1, func() {
		l.Warn("[ddl] wait owner timeout", zap.Strings("stores", []string{"tikv-0", "tikv-1"}), zap.Bool("retry", true))
	})
	call("info", "Info", 1, func() {
		l.Info("message with [brackets] and \"quotes\"", zap.String("sql", "SELECT * FROM t WHERE a = 1"))
	})
	call("info", "Info", 1, func() { l.Info("", zap.String("only", "fields")) })
	call("error", "Error", 1, func() {
		l.Error("get timestamp failed", zap.Error(errors.New("rpc error: code = Unavailable desc = not leader")), zap.Float64("backoff", 0.25))
	})
	call("info", "Info", 1, func() { l.Info("a message\nof two lines", zap.String("path", "/var/lib/tidb")) })
	call("critical", "DPanic", 1, func() { l.DPanic("unexpected region state", zap.Uint64("regionID", 1001)) })
	call("critical", "Panic", 1, func() {
		defer func() { recover() }()
		l.Panic("invalid txn state", zap.Uint64("startTS", 436793475937894401))
	})
	call("info", "Info", 1, func() { l.Info("connection closed", zap.Uint64("conn", 7), zap.String("user", "root@%")) })
}
