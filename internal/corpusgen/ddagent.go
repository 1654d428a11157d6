package corpusgen

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
)

// The Datadog Agent's own log, written by the Agent's logging code itself
// (github.com/DataDog/datadog-agent/pkg/util/log and its setup package, at
// ddagentModuleVersion) from ext/ddagent/main.go: every level, a context
// ("check:cpu | "), a message of three lines, in the default layout and in
// log_format_rfc3339's. That program is a module of its own (its go.mod and
// go.sum are kept as go.mod.in and go.sum.in, so that relevel's module does
// not take the Agent's packages as dependencies); the Go module proxy
// serves them, and a machine without it keeps the committed streams.

const ddagentModuleVersion = "v0.85.4"

func ddagentStreams() []*stream {
	run := func(name, mode, desc string) *stream {
		return &stream{logger: "ddagent", name: name, desc: desc, ext: &extRun{
			prog: "go", install: "the Go toolchain, and the Go module proxy for github.com/DataDog/datadog-agent/pkg/util/log " + ddagentModuleVersion,
			args:  []string{"run", "-trimpath", "main.go", mode},
			files: []string{"ddagent/main.go", "ddagent/go.mod.in", "ddagent/go.sum.in"},
			// The toolchain and the logger's module, as the origin names them.
			version: []string{"go", "version"},
			setup: func(dir string) error {
				for _, f := range []string{"go.mod", "go.sum"} {
					if err := os.Rename(filepath.Join(dir, f+".in"), filepath.Join(dir, f)); err != nil {
						return err
					}
				}
				// Fetched before the run, so that a machine without the
				// module proxy skips the stream (keeping the committed
				// one) rather than failing it.
				get := exec.Command("go", "mod", "download")
				get.Dir = dir
				if out, err := get.CombinedOutput(); err != nil {
					return fmt.Errorf("go mod download: %v: %s", err, out)
				}
				return nil
			},
		}}
	}
	return []*stream{
		run("core", "core", "the Datadog Agent's logger ("+"github.com/DataDog/datadog-agent/pkg/util/log/setup "+ddagentModuleVersion+
			`, SetupLogger to the console) as the core Agent writes it: "2006-01-02 15:04:05 MST | CORE | LEVEL | (file:line in func) | msg", every level, a context, a message of three lines`),
		run("cluster-rfc3339", "cluster-rfc3339", "the Datadog Agent's logger ("+"github.com/DataDog/datadog-agent/pkg/util/log/setup "+ddagentModuleVersion+
			`) as the Cluster Agent writes it with log_format_rfc3339: "2006-01-02T15:04:05Z07:00 | CLUSTER | LEVEL | …"`),
	}
}
