package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"os/signal"
	"sort"
	"strings"
	"syscall"
	"time"

	"github.com/relevel/relevel/parser"
	"github.com/relevel/relevel/parser/join"
	"github.com/relevel/relevel/sidecar"
	"github.com/relevel/relevel/sidecar/container"
	"github.com/relevel/relevel/sidecar/intake"
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
downward API). --state-dir is locked (relevel.lock): a second relevel
on it exits at once with an error naming the holder's PID. If checkpoints
cannot be saved (full disk, read-only directory) relevel keeps delivering,
/readyz fails until a save succeeds, and relevel_checkpoint_save_errors_total
counts the failures; an unreadable checkpoint file is set aside as
checkpoints.json.corrupt-<time> (relevel_checkpoint_corrupt_total). Malformed
lines are forwarded and counted (relevel_malformed_records_total{reason});
files that cannot be read (symlink loops, not regular, permission denied) are
skipped, retried at each rescan, logged once and counted
(relevel_files_skipped_total{reason}). SIGTERM or SIGINT: stop reading, write what was read, save
offsets, exit 0 (within --shutdown-timeout).

Sinks:
  stdout    JSON lines on stdout (the Datadog Agent then reads them)
  file      JSON lines appended to --sink-path
  datadog   straight to the Datadog logs intake (https://http-intake.logs.$DD_SITE,
            or --intake-url) with the API key from $DD_API_KEY or --api-key-file;
            gzip, batches of at most 1000 records and 5 MB, retried without
            limit through outages (408, 429, 5xx, network errors; Retry-After and
            X-RateLimit-Reset honoured); offsets are saved only for records the
            intake accepted. While it is down, --max-buffer-bytes of records are
            held, then reading pauses and the lines wait in their files. 401/403
            make /readyz fail and hold the batch (retried when the key file
            changes, or every --auth-retry-interval). The key is never logged.

Example (DaemonSet, direct shipping):
  DD_API_KEY=… relevel sidecar --sink datadog --cluster-name prod --tags team:platform

Flags:
`

func runSidecar(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("sidecar", flag.ContinueOnError)
	var include, exclude multiFlag
	fs.Var(&include, "include", "glob of files to follow (repeatable; default /var/log/pods/*/*/*.log)")
	fs.Var(&exclude, "exclude", "glob of files never to read (repeatable; wins over --include)")
	stateDir := fs.String("state-dir", "/var/lib/relevel", "directory for the checkpoint file, locked by one relevel at a time")
	input := fs.String("input", "auto", "container log format: auto, cri, docker or raw")
	sink := fs.String("sink", "stdout", "where records go: stdout, file or datadog")
	sinkPath := fs.String("sink-path", "", "file to append records to, with --sink file")
	var tags multiFlag
	apiKeyFile := fs.String("api-key-file", "", "datadog sink: file holding the API key (a mounted Secret); default $DD_API_KEY")
	site := fs.String("site", envOr("DD_SITE", "datadoghq.com"), "datadog sink: Datadog site; records go to https://http-intake.logs.<site> (default $DD_SITE)")
	intakeURL := fs.String("intake-url", "", "datadog sink: intake base URL instead of the site's, e.g. a proxy (/api/v2/logs is appended)")
	source := fs.String("source", "", "datadog sink: ddsource of every record (default: the container name)")
	service := fs.String("service", "", "datadog sink: service of every record (default: the container name)")
	hostname := fs.String("hostname", "", "datadog sink: hostname of every record (default $NODE_NAME, else the host name)")
	cluster := fs.String("cluster-name", os.Getenv("RELEVEL_CLUSTER_NAME"), "datadog sink: adds the tag kube_cluster_name:<name> (default $RELEVEL_CLUSTER_NAME)")
	fs.Var(&tags, "tags", "datadog sink: tags added to every record, key:value[,key:value] (repeatable)")
	batchWait := fs.Duration("batch-wait", time.Second, "datadog sink: send a batch at most this long after its first record")
	maxBuffer := fs.Int64("max-buffer-bytes", 64<<20, "datadog sink: records held in memory before reading pauses")
	concurrency := fs.Int("intake-concurrency", 2, "datadog sink: requests in flight at most")
	encoding := fs.String("content-encoding", intake.EncodingGzip, "datadog sink: request compression, gzip, deflate or identity (what the intake's spec allows)")
	level := fs.Int("compression-level", intake.DefaultCompressionLevel, "datadog sink: gzip or deflate level, 1 (fastest) to 9 (smallest)")
	maxBackoff := fs.Duration("max-backoff", 30*time.Second, "datadog sink: longest delay between retries")
	authRetry := fs.Duration("auth-retry-interval", 5*time.Minute, "datadog sink: after 401/403, try the held batch again this often with an unchanged key")
	shutdown := fs.Duration("shutdown-timeout", 10*time.Second, "on SIGTERM, time allowed to finish and deliver what was read; the rest is read again after a restart")
	expiry := fs.Duration("checkpoint-expiry", 7*24*time.Hour, "forget the checkpoint of a file gone this long")
	outLevel := fs.String("stdout-level", "info", "status of unrecognised records from a container's stdout")
	errLevel := fs.String("stderr-level", "error", "status of unrecognised records from a container's stderr")
	flushAfter := fs.Duration("flush-interval", time.Second, "emit a pending multi-line record after its stream has been idle this long; a line the runtime stamped this long after the one before it starts a record")
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
	if err == nil && format == container.Kubectl {
		err = errors.New(`"kubectl" is relevel parse's input for kubectl logs --timestamps; container log files are cri or docker (auto tells them)`)
	}
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
	// Our own logs are JSON on stderr, apart from the records on stdout.
	logger := slog.New(slog.NewJSONHandler(stderr, nil))
	metrics := &sidecar.Metrics{}
	var out sidecar.Sink
	switch *sink {
	case "stdout":
		out = sidecar.NewWriterSink(stdout)
	case "datadog":
		var tagList []string
		for _, t := range tags {
			for _, v := range strings.Split(t, ",") {
				if v = strings.TrimSpace(v); v != "" {
					tagList = append(tagList, v)
				}
			}
		}
		s, err := intake.New(intake.Config{
			APIKey: os.Getenv("DD_API_KEY"), APIKeyFile: *apiKeyFile, Site: *site, URL: *intakeURL,
			Source: *source, Service: *service, Hostname: *hostname, ClusterName: *cluster, Tags: tagList,
			BatchWait: *batchWait, MaxBufferBytes: *maxBuffer, Concurrency: *concurrency, MaxBackoff: *maxBackoff,
			AuthRetryInterval: *authRetry, Logger: logger, Dropped: metrics.Dropped,
			ContentEncoding: *encoding, CompressionLevel: *level,
		})
		if err != nil {
			fmt.Fprintf(stderr, "relevel sidecar: %v\n", err)
			return 2
		}
		out = s
		tuneGCForBuffer()
	case "file":
		if *sinkPath == "" {
			fmt.Fprintln(stderr, "relevel sidecar: --sink file needs --sink-path")
			return 2
		}
		f, torn, err := openSinkFile(*sinkPath)
		if err != nil {
			fmt.Fprintf(stderr, "relevel sidecar: %v\n", err)
			return 1
		}
		defer f.Close()
		if torn {
			logger.Warn("the sink file ended inside a record (a crash while writing it); that record is repeated whole after a newline", "path", *sinkPath)
		}
		out = sidecar.NewWriterSink(f)
	default:
		fmt.Fprintf(stderr, "relevel sidecar: --sink %q is not stdout, file or datadog\n", *sink)
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, os.Interrupt)
	defer stop()
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
		CheckpointInterval: *ckpt, MaxRecordBytes: *maxBytes, Sink: out,
		ShutdownTimeout: *shutdown, CheckpointExpiry: *expiry, Logger: logger, Metrics: metrics,
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

// envOr returns the environment variable name, or def when it is unset.
func envOr(name, def string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return def
}

// openSinkFile opens the file sink's file for appending. A file that does
// not end with a newline was cut in the middle of a record by a crash (kill
// -9 during a write): a newline is written first, so that the torn record
// stays one bad line and the first record of this run is not glued to it
// (the torn record itself was not acknowledged, so it is written again).
func openSinkFile(path string) (f *os.File, torn bool, err error) {
	f, err = os.OpenFile(path, os.O_CREATE|os.O_RDWR|os.O_APPEND, 0o644)
	if err != nil {
		return nil, false, err
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, false, err
	}
	if st.Size() == 0 || !st.Mode().IsRegular() {
		return f, false, nil
	}
	var last [1]byte
	if _, err := f.ReadAt(last[:], st.Size()-1); err != nil {
		f.Close()
		return nil, false, fmt.Errorf("reading the end of %s: %w", path, err)
	}
	if last[0] == '\n' {
		return f, false, nil
	}
	if _, err := f.Write([]byte{'\n'}); err != nil {
		f.Close()
		return nil, false, fmt.Errorf("ending the torn record of %s: %w", path, err)
	}
	return f, true, nil
}
