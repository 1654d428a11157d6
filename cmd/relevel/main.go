// Command relevel recovers the true level of Kubernetes container log lines.
//
// See "relevel help" for the subcommands.
package main

import (
	"fmt"
	"io"
	"os"
)

const usage = `relevel recovers the true level, time, message and fields of Go log lines
(klog, zap, logrus, Go panics) that Kubernetes ships as errors because they were
written to stderr.

Usage:
  relevel <command> [flags]

Commands:
  parse     read log text on stdin, write one JSON record per log record on stdout
  sidecar   follow container log files and write their records as JSON with the true level
  exec      run a command and write its output as JSON records with the true level
  pipeline  render, test offline, diff and apply the Datadog pipeline that fixes levels server-side,
            and print the Datadog Agent's multi-line settings for it (pipeline agent-config)
  report    count the false errors Datadog shows for your logs, per container (tables, JSON, HTML)
  help      show this help, or "relevel help <command>" for a command's flags

Examples:
  kubectl logs deploy/cert-manager | relevel parse
  relevel parse < testdata/corpus/mixed/zap-klog-logrus.log
  relevel report /var/log/pods
`

func main() {
	setMemoryLimit()
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run is main without the process: it returns the exit code.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return 2
	}
	switch args[0] {
	case "parse":
		return runParse(args[1:], stdin, stdout, stderr)
	case "sidecar":
		return runSidecar(args[1:], stdout, stderr)
	case "exec":
		return runExec(args[1:], stdout, stderr)
	case "pipeline":
		return runPipeline(args[1:], stdin, stdout, stderr)
	case "report":
		return runReport(args[1:], stdin, stdout, stderr)
	case "help", "-h", "-help", "--help":
		if len(args) > 1 {
			return run([]string{args[1], "--help"}, stdin, stdout, stderr)
		}
		fmt.Fprint(stdout, usage)
		return 0
	default:
		fmt.Fprintf(stderr, "relevel: unknown command %q\n\n%s", args[0], usage)
		return 2
	}
}
