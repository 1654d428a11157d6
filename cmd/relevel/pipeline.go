package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/relevel/relevel/parser/join"
	"github.com/relevel/relevel/rules"
	"github.com/relevel/relevel/rules/agent"
	"github.com/relevel/relevel/rules/emulator"
)

const pipelineUsage = `Usage: relevel pipeline <render|agent-config|test|apply|diff> [flags]

Generates, tests and applies the Datadog Logs pipeline that gives klog, zap,
logrus (and other Go logger) lines their real status server-side.

  render        print the pipeline: Datadog API JSON, or HCL for the official
                Terraform provider's datadog_logs_custom_pipeline
  agent-config  print the Datadog Agent's multi-line settings (datadog.yaml,
                environment, Helm, Operator, pod annotation) that make the
                Agent send whole records, generated from the parser's
                record-start rule
  test          run a pipeline through relevel's offline emulator of Datadog's
                processors over log lines on stdin, printing what Datadog
                would store (--agent puts the Agent's multi-line aggregation
                in front)
  apply         create or update the pipeline in your org (by name) and put it
                first in the pipeline order
  diff          show what apply would change; exits 1 when there is a difference

Workflow: relevel pipeline render > p.json; relevel pipeline agent-config;
relevel pipeline test --agent auto < sample.log; relevel pipeline diff;
relevel pipeline apply.

Run "relevel pipeline <command> --help" for a command's flags.
`

func runPipeline(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, pipelineUsage)
		return 2
	}
	switch args[0] {
	case "render":
		return runRender(args[1:], stdout, stderr)
	case "test":
		return runPipelineTest(args[1:], stdin, stdout, stderr)
	case "agent-config":
		return runAgentConfig(args[1:], stdout, stderr)
	case "apply", "diff":
		return runApply(args[0], args[1:], stdout, stderr)
	case "-h", "-help", "--help", "help":
		fmt.Fprint(stdout, pipelineUsage)
		return 0
	}
	fmt.Fprintf(stderr, "relevel pipeline: unknown command %q\n\n%s", args[0], pipelineUsage)
	return 2
}

// pipelineFlags are the options shared by render, test, apply and diff.
type pipelineFlags struct {
	name, filter, formats, description, tags string
	messageRemapper                          bool
}

func (p *pipelineFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&p.name, "name", rules.DefaultName, "pipeline name; apply and diff find the pipeline by it")
	fs.StringVar(&p.filter, "filter", rules.DefaultFilter, "pipeline filter query (Datadog search syntax), e.g. \"kube_cluster_name:prod\"")
	fs.StringVar(&p.formats, "formats", "", "comma-separated formats to include (default: all; see --list-formats)")
	fs.StringVar(&p.description, "description", "", "pipeline description (default: says what it is and why it must stay first)")
	fs.StringVar(&p.tags, "tags", "", "comma-separated pipeline tags, e.g. team:platform")
	fs.BoolVar(&p.messageRemapper, "message-remapper", false, "also replace each log's message with the message without its header")
}

func (p *pipelineFlags) options() rules.Options {
	return rules.Options{
		Name: p.name, FilterQuery: p.filter, Formats: splitList(p.formats),
		Description: p.description, Tags: splitList(p.tags), MessageRemapper: p.messageRemapper,
	}
}

func splitList(s string) []string {
	var out []string
	for _, f := range strings.Split(s, ",") {
		if f = strings.TrimSpace(f); f != "" {
			out = append(out, f)
		}
	}
	return out
}

func parseFlags(fs *flag.FlagSet, args []string, usage string, stderr io.Writer) (int, bool) {
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprint(stderr, usage)
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0, false
		}
		return 2, false
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "relevel pipeline %s: unexpected argument %q\n", fs.Name(), fs.Arg(0))
		return 2, false
	}
	return 0, true
}

const renderUsage = `Usage: relevel pipeline render [flags]

Prints the generated pipeline: --output json is the body of Datadog's
CreateLogsPipeline API call; --output hcl is a datadog_logs_custom_pipeline
resource for the official Terraform provider (with %{ escaped as %%{).

Flags:
`

func runRender(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("render", flag.ContinueOnError)
	var pf pipelineFlags
	pf.register(fs)
	output := fs.String("output", "json", "json or hcl")
	resource := fs.String("resource-name", "relevel", "HCL resource name")
	list := fs.Bool("list-formats", false, "list the formats relevel has rules for and exit")
	if code, ok := parseFlags(fs, args, renderUsage, stderr); !ok {
		return code
	}
	if *list {
		names, err := rules.Formats()
		if err != nil {
			fmt.Fprintln(stderr, "relevel pipeline render:", err)
			return 1
		}
		fmt.Fprintln(stdout, strings.Join(names, "\n"))
		return 0
	}
	p, err := rules.Build(pf.options())
	if err != nil {
		fmt.Fprintln(stderr, "relevel pipeline render:", err)
		return 2
	}
	var out []byte
	switch *output {
	case "json":
		out, err = rules.RenderJSON(p)
	case "hcl":
		out, err = rules.RenderHCL(p, *resource)
	default:
		fmt.Fprintf(stderr, "relevel pipeline render: --output %q is not json or hcl\n", *output)
		return 2
	}
	if err != nil {
		fmt.Fprintln(stderr, "relevel pipeline render:", err)
		return 1
	}
	stdout.Write(out)
	return 0
}

const testUsage = `Usage: relevel pipeline test [flags] < LOG

Runs a pipeline through relevel's offline emulator of Datadog's processors
(JSON preprocessing, grok parser, lookup processor, status remapper, …) and
prints, for each log, what Datadog would store: {"status":…,"message":…,
"attributes":{…}}. Each log starts with the status the Agent gives it from
its stream (stderr → error, stdout → info).

By default each input line is one log, as the Agent sends lines when no
multi-line rule is set; --join groups multi-line records first (klog =<
values, stack traces, Go panics), as relevel's sidecar does. --agent puts
the Datadog Agent's own aggregation in front, configured as relevel pipeline
agent-config generates it: auto (auto multi-line detection with relevel's
custom samples, Agent 7.65+) or multi-line (the pod annotation's multi_line
rule). Its flush timeout sends a pending log when the input has been idle
that long (on a pipe; files are read to their end); its size limit cuts
longer logs. Joined lines are separated by a newline, as Datadog shows them
(the Agent itself writes the two characters \n).

Constructs whose meaning in Datadog is not documented (a backslash escape
such as \d inside a quoted grok argument) are warned about on stderr;
--strict makes them errors.

Flags:
`

func runPipelineTest(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("test", flag.ContinueOnError)
	var pf pipelineFlags
	pf.register(fs)
	file := fs.String("pipeline", "", "pipeline JSON file (one pipeline or an array, in order) instead of the generated one")
	stream := fs.String("stream", "stderr", "stream the logs came from: stderr (Agent status error) or stdout (info)")
	joinRecords := fs.Bool("join", false, "group multi-line records into one log before sending")
	agentMode := fs.String("agent", "", "emulate the Agent's multi-line aggregation with relevel's generated configuration:\nauto (auto multi-line detection, Agent 7.65+) or multi-line (a multi_line rule)")
	agentFlush := fs.Duration("agent-flush-timeout", agent.DefaultFlushTimeout, "with --agent: send a pending log after the input has been idle this long\n(the Agent's logs_config.aggregation_timeout)")
	agentMax := fs.Int("agent-max-bytes", agent.DefaultMaxBytes, "with --agent: most bytes in one log (the Agent's logs_config.max_message_size_bytes)")
	strict := fs.Bool("strict", false, "fail on what the emulator would only warn about: ambiguous backslash escapes in\ngrok's quoted arguments (regex(\"\\d\")), processors it runs only in part")
	var tags multiFlag
	fs.Var(&tags, "tag", "tag on every log, for pipeline filters (repeatable), e.g. --tag source:app")
	if code, ok := parseFlags(fs, args, testUsage, stderr); !ok {
		return code
	}
	var agentCfg *agent.Config
	switch *agentMode {
	case "":
	case "auto", "multi-line":
		if *joinRecords {
			fmt.Fprintln(stderr, "relevel pipeline test: --join and --agent are two ways to group lines: choose one")
			return 2
		}
		cfg, err := generatedAgentConfig(*agentMode, *agentMax)
		if err != nil {
			fmt.Fprintln(stderr, "relevel pipeline test:", err)
			return 1
		}
		agentCfg = &cfg
	default:
		fmt.Fprintf(stderr, "relevel pipeline test: --agent %q is not auto or multi-line\n", *agentMode)
		return 2
	}
	var status string
	switch *stream {
	case "stderr":
		status = "error"
	case "stdout":
		status = "info"
	default:
		fmt.Fprintf(stderr, "relevel pipeline test: --stream %q is not stderr or stdout\n", *stream)
		return 2
	}
	var data []byte
	var err error
	if *file != "" {
		data, err = os.ReadFile(*file)
	} else {
		var p any
		p, err = rules.Build(pf.options())
		if err == nil {
			data, err = json.Marshal(p)
		}
	}
	if err != nil {
		fmt.Fprintln(stderr, "relevel pipeline test:", err)
		return 2
	}
	var eopts []emulator.Option
	if *strict {
		eopts = append(eopts, emulator.Strict())
	}
	pipelines, err := emulator.ParseList(data, eopts...)
	if err != nil {
		fmt.Fprintln(stderr, "relevel pipeline test:", err)
		return 2
	}
	for _, p := range pipelines {
		for _, w := range p.Warnings() {
			fmt.Fprintln(stderr, "relevel pipeline test: warning:", w)
		}
	}
	w := bufio.NewWriter(stdout)
	defer w.Flush()
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	emit := func(msg string) error {
		l := &emulator.Log{Message: msg, Status: status, Tags: tags}
		emulator.Run(pipelines, l)
		out := map[string]any{"status": emulator.CanonicalStatus(l.Status), "message": l.Message}
		if len(l.Attributes) > 0 {
			out["attributes"] = l.Attributes
		}
		return enc.Encode(out)
	}
	if agentCfg != nil {
		a, err := agent.New(*agentCfg)
		if err != nil {
			fmt.Fprintln(stderr, "relevel pipeline test:", err)
			return 1
		}
		if err := aggregateLines(stdin, a, *agentFlush, func(l agent.Log) error { return emit(l.Content) }); err != nil {
			fmt.Fprintln(stderr, "relevel pipeline test:", err)
			return 1
		}
		return 0
	}
	if *joinRecords {
		s := join.New(stdin)
		for s.Next() {
			if err := emit(strings.TrimSuffix(strings.TrimSuffix(string(s.Raw()), "\n"), "\r")); err != nil {
				return 1
			}
		}
		if err := s.Err(); err != nil {
			fmt.Fprintln(stderr, "relevel pipeline test: reading stdin:", err)
			return 1
		}
		return 0
	}
	sc := bufio.NewScanner(stdin)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		if err := emit(strings.TrimSuffix(sc.Text(), "\r")); err != nil {
			return 1
		}
	}
	if err := sc.Err(); err != nil {
		fmt.Fprintln(stderr, "relevel pipeline test: reading stdin:", err)
		return 1
	}
	return 0
}

type multiFlag []string

func (m *multiFlag) String() string     { return strings.Join(*m, ",") }
func (m *multiFlag) Set(v string) error { *m = append(*m, v); return nil }

// generatedAgentConfig is the Agent as relevel pipeline agent-config
// configures it: mode "auto" or "multi-line".
func generatedAgentConfig(mode string, maxBytes int) (agent.Config, error) {
	if mode == "multi-line" {
		p, err := agent.StartPattern()
		return agent.Config{Mode: agent.MultiLineRule, Pattern: p, MaxBytes: maxBytes}, err
	}
	s, err := agent.Samples()
	return agent.Config{Mode: agent.AutoMultiLine, Samples: s, MaxBytes: maxBytes}, err
}

// aggregateLines feeds the lines of r to a and hands each log to emit. On
// a pipe or terminal, a pending log is flushed once no line has come for
// flush, as the Agent's aggregation timeout does; other input (a file) is
// read to its end, where what is pending is flushed.
func aggregateLines(r io.Reader, a *agent.Aggregator, flush time.Duration, emit func(agent.Log) error) error {
	emitAll := func(logs []agent.Log) error {
		for _, l := range logs {
			if err := emit(l); err != nil {
				return err
			}
		}
		return nil
	}
	if !isStream(r) || flush <= 0 {
		sc := bufio.NewScanner(r)
		sc.Buffer(nil, 16<<20)
		for sc.Scan() {
			if err := emitAll(a.Add(sc.Text())); err != nil {
				return err
			}
		}
		if err := sc.Err(); err != nil {
			return fmt.Errorf("reading stdin: %w", err)
		}
		return emitAll(a.Flush())
	}
	type line struct {
		text string
		err  error
		eof  bool
	}
	lines := make(chan line, 64)
	done := make(chan struct{})
	defer close(done)
	go func() {
		sc := bufio.NewScanner(r)
		sc.Buffer(nil, 16<<20)
		for sc.Scan() {
			select {
			case lines <- line{text: sc.Text()}:
			case <-done:
				return
			}
		}
		select {
		case lines <- line{err: sc.Err(), eof: true}:
		case <-done:
		}
	}()
	timer := time.NewTimer(flush)
	timer.Stop()
	for {
		select {
		case l := <-lines:
			if l.eof {
				if l.err != nil {
					return fmt.Errorf("reading stdin: %w", l.err)
				}
				return emitAll(a.Flush())
			}
			if err := emitAll(a.Add(l.text)); err != nil {
				return err
			}
			timer.Reset(flush)
		case <-timer.C:
			if err := emitAll(a.Flush()); err != nil {
				return err
			}
		}
	}
}

// isStream reports whether r is a pipe or terminal, where the input may
// pause between lines.
func isStream(r io.Reader) bool {
	f, ok := r.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && !st.Mode().IsRegular()
}

const agentConfigUsage = `Usage: relevel pipeline agent-config [flags]

Prints the Datadog Agent's multi-line settings, generated from the parser's
record-start rule, so that the Agent sends whole records (stack traces, klog
key=< blocks, Go panics) and the relevel pipeline gives each line its
record's level. --output chooses the form:

  datadog-yaml  logs_config for datadog.yaml: auto multi-line detection with
                relevel's custom samples (Agent 7.65+), for every container
  env           the same as DD_LOGS_CONFIG_* environment variables
  helm          values for the datadog Helm chart
  operator      a DatadogAgent resource for the Datadog Operator
  annotation    the pod annotation ad.datadoghq.com/<container>.logs with a
                log_processing_rules multi_line rule: one container, any
                Agent version, taking precedence over auto detection there;
                written as a patch of a workload's pod template
                (kubectl patch deployment NAME --patch-file FILE)
  pattern       the multi_line rule's pattern alone
  samples       the custom samples alone, as JSON

docs/agent-multiline.md has the keys, limits and semantics, with sources.

Flags:
`

func runAgentConfig(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("agent-config", flag.ContinueOnError)
	output := fs.String("output", string(agent.DatadogYAML), "datadog-yaml, env, helm, operator, annotation, pattern or samples")
	container := fs.String("container", "", "annotation: the container's name (default a <CONTAINER_NAME> placeholder)")
	source := fs.String("source", "", "annotation: the logs' source (default: the Agent's, from the container)")
	service := fs.String("service", "", "annotation: the logs' service (default: the Agent's, from the container)")
	if code, ok := parseFlags(fs, args, agentConfigUsage, stderr); !ok {
		return code
	}
	out, err := agent.Render(agent.Form(*output), agent.Options{Container: *container, Source: *source, Service: *service})
	if err != nil {
		fmt.Fprintln(stderr, "relevel pipeline agent-config:", err)
		return 2
	}
	stdout.Write(out)
	return 0
}
