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

	"github.com/relevel/relevel/parser/join"
	"github.com/relevel/relevel/rules"
	"github.com/relevel/relevel/rules/emulator"
)

const pipelineUsage = `Usage: relevel pipeline <render|test|apply|diff> [flags]

Generates, tests and applies the Datadog Logs pipeline that gives klog, zap,
logrus (and other Go logger) lines their real status server-side.

  render   print the pipeline: Datadog API JSON, or HCL for the official
           Terraform provider's datadog_logs_custom_pipeline
  test     run a pipeline through relevel's offline emulator of Datadog's
           processors over log lines on stdin, printing what Datadog would store
  apply    create or update the pipeline in your org (by name) and put it first
           in the pipeline order
  diff     show what apply would change; exits 1 when there is a difference

Workflow: relevel pipeline render > p.json; relevel pipeline test < sample.log;
relevel pipeline diff; relevel pipeline apply.

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
values, stack traces, Go panics), as relevel's sidecar does.

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
	strict := fs.Bool("strict", false, "fail on what the emulator would only warn about: ambiguous backslash escapes in\ngrok's quoted arguments (regex(\"\\d\")), processors it runs only in part")
	var tags multiFlag
	fs.Var(&tags, "tag", "tag on every log, for pipeline filters (repeatable), e.g. --tag source:app")
	if code, ok := parseFlags(fs, args, testUsage, stderr); !ok {
		return code
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
