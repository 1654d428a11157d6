package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"os/signal"
	"sort"
	"syscall"
	"time"

	"github.com/relevel/relevel/parser"
	"github.com/relevel/relevel/parser/join"
	"github.com/relevel/relevel/sidecar"
	"github.com/relevel/relevel/sidecar/container"
	"go.yaml.in/yaml/v4"
)

const sidecarUsage = `Usage: relevel sidecar [flags]

Follows container log files (by default every pod's files on the node, as a
DaemonSet sees them under /var/log/pods), decodes the runtime's CRI or Docker
json-file wrapper, joins multi-line records, and writes one JSON object per
record with its true level as "status" plus kube_namespace, pod_name,
kube_container_name and container_name from the file's path.

File offsets are saved in --state-dir only after the sink has accepted the
records before them: after a crash relevel resumes there (records since the
last save may repeat; none are skipped). Files are followed through kubelet's
rotation (N.log renamed to N.log.<timestamp>, a new N.log) and copytruncate.
Its own pod's files are never read (POD_NAMESPACE and POD_NAME from the
downward API). SIGTERM or SIGINT: stop reading, write what was read, save
offsets, exit 0.

Flags:
`

func runSidecar(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("sidecar", flag.ContinueOnError)
	var include, exclude multiFlag
	fs.Var(&include, "include", "glob of files to follow (repeatable; default /var/log/pods/*/*/*.log)")
	fs.Var(&exclude, "exclude", "glob of files never to read (repeatable; wins over --include)")
	stateDir := fs.String("state-dir", "/var/lib/relevel", "directory for the checkpoint file")
	input := fs.String("input", "auto", "container log format: auto, cri, docker or raw")
	sink := fs.String("sink", "stdout", "where records go: stdout or file")
	sinkPath := fs.String("sink-path", "", "file to append records to, with --sink file")
	outLevel := fs.String("stdout-level", "info", "status of unrecognised records from a container's stdout")
	errLevel := fs.String("stderr-level", "error", "status of unrecognised records from a container's stderr")
	flushAfter := fs.Duration("flush-interval", time.Second, "emit a pending multi-line record after its stream has been idle this long")
	ckpt := fs.Duration("checkpoint-interval", 5*time.Second, "save offsets at least this often")
	maxBytes := fs.Int("max-bytes", join.DefaultMaxBytes, "most bytes in one record; the rest continues in another record")
	metricsAddr := fs.String("metrics-addr", "", "serve Prometheus /metrics, /healthz and /readyz on this address, e.g. :9090 (default: off)")
	configFile := fs.String("config", "", "YAML file of these options by flag name (include: [a, b], state-dir: …);\nflags given on the command line win")
	if code, ok := parseFlags(fs, args, sidecarUsage, stderr); !ok {
		return code
	}
	if *configFile != "" {
		if err := applyConfigFile(fs, *configFile); err != nil {
			fmt.Fprintf(stderr, "relevel sidecar: --config: %v\n", err)
			return 2
		}
	}
	format, err := container.ParseFormat(*input)
	if err != nil {
		fmt.Fprintf(stderr, "relevel sidecar: --input: %v\n", err)
		return 2
	}
	levels := make([]parser.Level, 2)
	for i, s := range []string{*outLevel, *errLevel} {
		l, ok := parser.ParseLevel(s)
		if !ok {
			fmt.Fprintf(stderr, "relevel sidecar: level %q is not one of debug, info, notice, warning, error, critical, alert, emergency\n", s)
			return 2
		}
		levels[i] = l
	}
	var out io.Writer
	switch *sink {
	case "stdout":
		out = stdout
	case "file":
		if *sinkPath == "" {
			fmt.Fprintln(stderr, "relevel sidecar: --sink file needs --sink-path")
			return 2
		}
		f, err := os.OpenFile(*sinkPath, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
		if err != nil {
			fmt.Fprintf(stderr, "relevel sidecar: %v\n", err)
			return 1
		}
		defer f.Close()
		out = f
	default:
		fmt.Fprintf(stderr, "relevel sidecar: --sink %q is not stdout or file\n", *sink)
		return 2
	}
	// Our own logs are JSON on stderr, apart from the records on stdout.
	logger := slog.New(slog.NewJSONHandler(stderr, nil))
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, os.Interrupt)
	defer stop()
	metrics := &sidecar.Metrics{}
	if *metricsAddr != "" {
		ln, err := net.Listen("tcp", *metricsAddr)
		if err != nil {
			fmt.Fprintf(stderr, "relevel sidecar: --metrics-addr: %v\n", err)
			return 1
		}
		defer ln.Close()
		go func() {
			if err := metrics.Serve(ln); err != nil {
				logger.Error("metrics server", "err", err.Error())
			}
		}()
	}
	err = sidecar.Run(ctx, sidecar.Config{
		Include: include, Exclude: exclude, StateDir: *stateDir, Input: format,
		StdoutLevel: levels[0], StderrLevel: levels[1], FlushInterval: *flushAfter,
		CheckpointInterval: *ckpt, MaxRecordBytes: *maxBytes, Sink: out, Logger: logger, Metrics: metrics,
	})
	if err != nil {
		logger.Error("stopped", "err", err.Error())
		return 1
	}
	return 0
}

// applyConfigFile sets every flag the command line left unset from a YAML
// mapping of flag names to values; a list sets a repeatable flag once per
// item. Unknown keys are errors, so a typo does not pass silently.
func applyConfigFile(fs *flag.FlagSet, path string) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	var m map[string]any
	if err := yaml.Unmarshal(data, &m); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if k == "config" || fs.Lookup(k) == nil {
			return fmt.Errorf("%s: unknown option %q (the keys are the flag names of relevel sidecar --help)", path, k)
		}
		if set[k] {
			continue
		}
		values := []any{m[k]}
		if list, ok := m[k].([]any); ok {
			values = list
		}
		for _, v := range values {
			if err := fs.Set(k, fmt.Sprint(v)); err != nil {
				return fmt.Errorf("%s: %s: %w", path, k, err)
			}
		}
	}
	return nil
}
