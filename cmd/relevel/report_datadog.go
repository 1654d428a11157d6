package main

import (
	"bytes"
	"cmp"
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"slices"
	"strings"
	"time"

	"github.com/relevel/relevel/parser"
	"github.com/relevel/relevel/parser/join"
	"github.com/relevel/relevel/report"
	"github.com/relevel/relevel/rules"
	"github.com/relevel/relevel/rules/ddapi"
	"github.com/relevel/relevel/rules/emulator"
)

// datadogFlags are relevel report's --datadog flags.
type datadogFlags struct {
	on                        bool
	from, to, query, apiURL   string
	limit, pageSize, examples int
	timeout                   time.Duration
}

func (d *datadogFlags) register(fs *flag.FlagSet) {
	fs.BoolVar(&d.on, "datadog", false, "report on a sample of the logs your Datadog org stores as status:error (Logs Search API; DD_API_KEY, DD_APP_KEY with logs_read_data, DD_SITE) instead of on files")
	fs.StringVar(&d.from, "from", "now-1h", "with --datadog: start of the window (now-15m, now-2d, RFC 3339, epoch ms)")
	fs.StringVar(&d.to, "to", "now", "with --datadog: end of the window")
	fs.StringVar(&d.query, "query", "", "with --datadog: Datadog search query ANDed with status:error, e.g. \"service:web env:prod\"")
	fs.IntVar(&d.limit, "limit", ddapi.DefaultLogsLimit, "with --datadog: most logs to sample (the newest)")
	fs.IntVar(&d.pageSize, "page-size", ddapi.MaxLogsPage, fmt.Sprintf("with --datadog: logs per Logs Search request (at most %d)", ddapi.MaxLogsPage))
	fs.IntVar(&d.examples, "examples", report.DefaultExamples, "with --datadog: how many logs stored as error but not errors to list")
	fs.StringVar(&d.apiURL, "api-url", "", "with --datadog: Datadog API endpoint instead of https://api.$DD_SITE (proxies, tests)")
	fs.DurationVar(&d.timeout, "timeout", 5*time.Minute, "with --datadog: give up after this long")
}

// searchQuery is status:error ANDed with the user's query.
func (d *datadogFlags) searchQuery() string {
	q := strings.TrimSpace(d.query)
	switch {
	case q == "":
		return "status:error"
	case strings.Contains(q, " OR "):
		// Datadog's AND binds tighter than OR: keep the user's query whole.
		return "status:error (" + q + ")"
	}
	return "status:error " + q
}

// run samples the org and counts the sample; a nil report comes with the
// exit code, the reason written to stderr.
func (d *datadogFlags) run(stderr io.Writer) (*report.Report, int) {
	fail := func(code int, format string, args ...any) (*report.Report, int) {
		fmt.Fprintf(stderr, "relevel report: "+format+"\n", args...)
		return nil, code
	}
	for _, b := range []struct{ flag, v string }{{"--from", d.from}, {"--to", d.to}} {
		if err := ddapi.CheckTime(b.v); err != nil {
			return fail(2, "%s: %v", b.flag, err)
		}
	}
	if d.limit <= 0 || d.pageSize <= 0 || d.pageSize > ddapi.MaxLogsPage || d.examples < 0 {
		return fail(2, "--limit and --page-size must be positive (--page-size at most %d), --examples not negative", ddapi.MaxLogsPage)
	}
	cfg := ddapi.ConfigFromEnv()
	if d.apiURL != "" {
		cfg.APIURL = d.apiURL
	}
	client, err := ddapi.NewClient(cfg)
	if err != nil {
		return fail(2, "%v", err)
	}
	fix, err := newPipelineCheck()
	if err != nil {
		return fail(1, "building relevel's pipeline: %v", err)
	}

	ctx, cancel := signal.NotifyContext(context.Background(), os.Interrupt)
	defer cancel()
	ctx, cancelT := context.WithTimeout(ctx, d.timeout)
	defer cancelT()
	q := ddapi.LogsQuery{Query: d.searchQuery(), From: d.from, To: d.to, Limit: d.limit, PageSize: d.pageSize}
	res, err := client.SearchLogs(ctx, q)
	if err != nil {
		return fail(1, "reading logs from Datadog (%s): %v", client.BaseURL(), err)
	}
	rep := report.NewDatadog(report.Datadog{API: client.BaseURL(), Query: q.Query, From: d.from, To: d.to, More: res.More}, d.examples)
	for _, l := range res.Logs {
		rec := parseMessage(l.Message)
		covered, status := fix.check(l.Message, rec)
		rep.AddStored(report.StoredLog{
			Timestamp: l.Timestamp, Service: l.Service, Source: sourceOf(l), Container: containerOfLog(l),
			Status: l.Status, Message: l.Message, Covered: covered, PipelineStatus: status,
		}, rec)
	}
	return rep, 0
}

// parseMessage parses a log's message the way the local report parses a
// record: the message is the raw text the logger wrote (several lines when
// the Agent joined a multi-line record), and its first record is what
// Datadog's status is about.
func parseMessage(msg string) *parser.Record {
	s := join.New(strings.NewReader(msg))
	if s.Next() {
		return s.Record()
	}
	var rec parser.Record
	parser.ParseLine(bytes.TrimRight([]byte(msg), "\r\n"), &rec)
	return &rec
}

// pipelineCheck is relevel's default pipeline, compiled for the emulator.
type pipelineCheck struct {
	pipelines []*emulator.Pipeline
	formats   []string
}

func newPipelineCheck() (*pipelineCheck, error) {
	p, err := rules.Build(rules.Options{})
	if err != nil {
		return nil, err
	}
	js, err := rules.RenderJSON(p)
	if err != nil {
		return nil, err
	}
	ps, err := emulator.ParseList(js)
	if err != nil {
		return nil, err
	}
	formats, err := rules.Formats()
	if err != nil {
		return nil, err
	}
	return &pipelineCheck{pipelines: ps, formats: formats}, nil
}

// check says whether the pipeline has rules for rec's format and which
// status it gives msg when the Agent shipped it as an error.
func (c *pipelineCheck) check(msg string, rec *parser.Record) (bool, string) {
	l := &emulator.Log{Message: msg, Status: "error"}
	emulator.Run(c.pipelines, l)
	return slices.Contains(c.formats, rec.Format.String()), cmp.Or(emulator.CanonicalStatus(l.Status), "info")
}

// sourceOf is the log's source: its source tag, else a source attribute.
func sourceOf(l ddapi.Log) string {
	return cmp.Or(l.Tag("source"), attrString(l, "source"), attrString(l, "ddsource"))
}

// containerOfLog is the container a log came from: the tags the Agent adds
// on Kubernetes (kube_container_name) and Docker (container_name), else
// the same names as attributes.
func containerOfLog(l ddapi.Log) string {
	return cmp.Or(l.Tag("kube_container_name"), l.Tag("container_name"),
		attrString(l, "kube_container_name"), attrString(l, "container_name"))
}

func attrString(l ddapi.Log, key string) string {
	s, _ := l.Attributes[key].(string)
	return s
}
