package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/relevel/relevel/internal/fakedatadog"
	"github.com/relevel/relevel/report"
	"github.com/relevel/relevel/rules/ddapi"
)

// Keys the --datadog tests put in the environment; no output may hold them.
const (
	ddTestAPIKey = "dd-api-key-0123456789abcdef"
	ddTestAppKey = "dd-app-key-fedcba9876543210"
)

// corpusLog is one record of the corpus as Datadog would store it when the
// Agent read it from stderr and shipped each record as one log (multi-line
// records joined).
type corpusLog struct {
	log    fakedatadog.Log
	format string // from the truth file, "" for none
	level  string // from the truth file, "" for none
	lines  int
}

// corpusLogs reads every corpus stream with its truth file. Each record's
// stored status is what Datadog shows for a stderr line (report.Shown:
// error, unless JSON preprocessing reads a level key); the service is the
// logger's corpus directory, the container the file. Timestamps fall within
// the last hour, a millisecond apart.
func corpusLogs(t *testing.T) []corpusLog {
	t.Helper()
	files, _ := filepath.Glob("../../testdata/corpus/*/*.log")
	if len(files) == 0 {
		t.Fatal("no corpus")
	}
	base := time.Now().Add(-30 * time.Minute)
	var out []corpusLog
	for _, p := range files {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		var truth struct {
			Records []struct {
				Line   int    `json:"line"`
				Lines  int    `json:"lines"`
				Format string `json:"format"`
				Level  string `json:"level"`
			} `json:"records"`
		}
		tb, err := os.ReadFile(strings.TrimSuffix(p, ".log") + ".truth.json")
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(tb, &truth); err != nil {
			t.Fatal(err)
		}
		lines := strings.SplitAfter(string(data), "\n")
		service := filepath.Base(filepath.Dir(p))
		ctr := strings.TrimSuffix(filepath.Base(p), ".log")
		for _, r := range truth.Records {
			// The Agent ships a record without its final line ending.
			msg := strings.TrimSuffix(strings.TrimSuffix(strings.Join(lines[r.Line-1:r.Line-1+r.Lines], ""), "\n"), "\r")
			first := strings.TrimRight(lines[r.Line-1], "\r\n")
			out = append(out, corpusLog{
				log: fakedatadog.Log{
					Timestamp: base.Add(time.Duration(len(out)) * time.Millisecond),
					Message:   msg, Status: report.Shown([]byte(first), "error"),
					Service: service, Source: "go", Host: "node-1",
					Tags: []string{"kube_container_name:" + ctr, "kube_namespace:corpus"},
				},
				format: r.Format, level: r.Level, lines: r.Lines,
			})
		}
	}
	return out
}

func isFalseError(stored, level string) bool {
	rank := func(s string) int { return slices.Index(report.Statuses, s) }
	return level != "" && rank(stored) >= rank("error") && rank(level) >= 0 && rank(level) < rank("error")
}

// ddReportJSON is what report --datadog --json writes.
type ddReportJSON struct {
	Total      report.Tally `json:"total"`
	Containers []struct {
		Name string `json:"name"`
		report.Tally
	} `json:"containers"`
	Datadog report.Datadog `json:"datadog"`
}

func startDatadog(t *testing.T, logs []fakedatadog.Log) *fakedatadog.API {
	t.Helper()
	srv := fakedatadog.StartAPI(t)
	srv.AddLogs(logs...)
	t.Setenv("DD_API_KEY", ddTestAPIKey)
	t.Setenv("DD_APP_KEY", ddTestAppKey)
	t.Setenv("DD_SITE", "")
	return srv
}

func noKeys(t *testing.T, what string, outs ...string) {
	t.Helper()
	for _, o := range outs {
		if strings.Contains(o, ddTestAPIKey) || strings.Contains(o, ddTestAppKey) {
			t.Errorf("%s printed a key:\n%s", what, o)
		}
	}
}

func listCalls(srv *fakedatadog.API) (ok, limited int) {
	for _, r := range srv.Requests() {
		if r.Op == fakedatadog.OpListLogs {
			switch r.Status {
			case 200:
				ok++
			case 429:
				limited++
			}
		}
	}
	return ok, limited
}

// The corpus as Datadog stores it from stderr, read back through Logs
// Search in pages of 100: the report counts exactly the logs stored as
// error, and its false errors, unclaimed records, lines and false errors by
// format are those the truth files give; groups are service/source/container;
// the HTML page and the tables carry the same numbers; no key is printed.
// (Each record arrives as one log, so no line is split off.)
func TestReportDatadogCorpus(t *testing.T) {
	corpus := corpusLogs(t)
	var logs []fakedatadog.Log
	var want report.Tally
	wantByFormat := map[string]int{}
	groups := map[string]bool{}
	for _, c := range corpus {
		logs = append(logs, c.log)
		if c.log.Status != "error" {
			continue // status:error does not find it
		}
		want.Records++
		want.Lines += c.lines // joined into one log: none split off
		groups[c.log.Service+"/go/"+strings.TrimPrefix(c.log.Tags[0], "kube_container_name:")] = true
		switch {
		case c.format == "":
			want.Unclaimed++
		case isFalseError(c.log.Status, c.level):
			want.FalseErrors++
			wantByFormat[c.format]++
		}
	}
	if want.Records == len(corpus) || want.FalseErrors == 0 || want.Unclaimed == 0 {
		t.Fatalf("the corpus should hold logs stored below error, false errors and unclaimed records: %+v of %d", want, len(corpus))
	}
	srv := startDatadog(t, logs)
	html := filepath.Join(t.TempDir(), "dd.html")
	code, out, errs := runCLI(t, nil, "report", "--datadog", "--api-url", srv.URL(), "--json", "--html", html,
		"--page-size", "100", "--limit", strconv.Itoa(len(corpus)+1), "--query", "kube_namespace:corpus")
	noKeys(t, "report --datadog --json", out, errs)
	if code != 0 || errs != "" {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var rep ddReportJSON
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	got := rep.Total
	if got.Records != want.Records || got.FalseErrors != want.FalseErrors || got.Unclaimed != want.Unclaimed ||
		got.Lines != want.Lines || got.SplitLines != want.SplitLines || got.HiddenErrors != 0 {
		t.Errorf("total %+v\nwant from the truth files %+v", got, want)
	}
	gotByFormat := map[string]int{}
	fixes := 0
	for _, f := range rep.Datadog.Fixes {
		gotByFormat[f.Format] = f.FalseErrors
		fixes += f.Fixed
		if !f.Covered {
			t.Errorf("format %s: relevel's pipeline has rules for every format it parses", f.Format)
		}
	}
	if fmt.Sprint(gotByFormat) != fmt.Sprint(wantByFormat) || fixes != rep.Datadog.PipelineFixes || fixes == 0 {
		t.Errorf("false errors by format %v (pipeline fixes %d of %d)\nwant %v", gotByFormat, fixes, rep.Datadog.PipelineFixes, wantByFormat)
	}
	if len(rep.Containers) != len(groups) {
		t.Errorf("%d groups, want %d (service/source/container)", len(rep.Containers), len(groups))
	}
	for _, c := range rep.Containers {
		if !groups[c.Name] {
			t.Errorf("group %q is no service/source/container of the corpus", c.Name)
		}
	}
	if rep.Datadog.More || rep.Datadog.Query != "status:error kube_namespace:corpus" || rep.Datadog.API != srv.URL() ||
		len(rep.Datadog.StillError) != report.DefaultExamples {
		t.Errorf("datadog section: %+v", rep.Datadog)
	}
	if ok, _ := listCalls(srv); ok != (want.Records+99)/100 {
		t.Errorf("%d pages of 100 for %d logs", ok, want.Records)
	}
	page, err := os.ReadFile(html)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{`id="dd-false-errors">` + strconv.Itoa(want.FalseErrors) + "<", `id="dd-pipeline-fixes">` + strconv.Itoa(fixes) + "<", `id="fixes"`} {
		if !strings.Contains(string(page), s) {
			t.Errorf("page lacks %s", s)
		}
	}
	noKeys(t, "the HTML page", string(page))

	// The tables say the same; --limit takes the newest logs and says more
	// match.
	srv.ResetRequests()
	code, out, errs = runCLI(t, nil, "report", "--datadog", "--api-url", srv.URL(), "--limit", "250", "--page-size", "100")
	noKeys(t, "report --datadog", out, errs)
	head := "250 logs stored as error from now-1h to now (query: status:error), the newest; more match."
	if code != 0 || !strings.Contains(out, head) || !strings.Contains(out, "Which pipeline fixes which share") || !strings.Contains(out, "SERVICE/SOURCE/CONTAINER") {
		t.Errorf("exit %d, tables:\n%s%s", code, out, errs)
	}
	if ok, _ := listCalls(srv); ok != 3 {
		t.Errorf("%d requests for 250 logs in pages of 100", ok)
	}
}

// A 429 is waited out and retried; one that does not end, a key without
// logs_read_data, a site that does not answer and missing or malformed
// settings each give one clear message, and never a key.
func TestReportDatadogErrors(t *testing.T) {
	logs := corpusLogs(t)[:40]
	var errorLogs int
	for _, c := range logs {
		if c.log.Status == "error" {
			errorLogs++
		}
	}
	var seedLogs []fakedatadog.Log
	for _, c := range logs {
		seedLogs = append(seedLogs, c.log)
	}
	srv := startDatadog(t, seedLogs)
	args := []string{"report", "--datadog", "--json", "--api-url", srv.URL(), "--page-size", "10"}

	srv.FailNext(fakedatadog.OpListLogs, 1, fakedatadog.RateLimited(0))
	code, out, errs := runCLI(t, nil, args...)
	noKeys(t, "after a 429", out, errs)
	var rep ddReportJSON
	if code != 0 || json.Unmarshal([]byte(out), &rep) != nil || rep.Total.Records != errorLogs {
		t.Errorf("after a 429: exit %d, %d records (want %d): %s", code, rep.Total.Records, errorLogs, errs)
	}
	if ok, limited := listCalls(srv); limited != 1 || ok != (errorLogs+9)/10 {
		t.Errorf("%d pages, %d answered 429", ok, limited)
	}

	srv.FailNext(fakedatadog.OpListLogs, ddapi.DefaultMaxRetries+1, fakedatadog.RateLimited(0))
	code, out, errs = runCLI(t, nil, args...)
	noKeys(t, "429s", out, errs)
	if code != 1 || out != "" || !strings.Contains(errs, "429") || !strings.Contains(errs, "rate limited") || strings.Count(errs, "\n") != 1 {
		t.Errorf("429 exhausted: exit %d\n%s%s", code, out, errs)
	}

	srv.SetPermissions(fakedatadog.PermReadConfig)
	code, out, errs = runCLI(t, nil, args...)
	noKeys(t, "403", out, errs)
	if code != 1 || !strings.Contains(errs, "403") || !strings.Contains(errs, "logs_read_data") {
		t.Errorf("without logs_read_data: exit %d\n%s", code, errs)
	}
	srv.SetPermissions(fakedatadog.PermReadLogsData)
	srv.SetKeys("another-api-key", "")
	code, _, errs = runCLI(t, nil, args...)
	noKeys(t, "bad API key", errs)
	if code != 1 || !strings.Contains(errs, "rejected the API key (DD_API_KEY)") {
		t.Errorf("bad API key: exit %d\n%s", code, errs)
	}

	code, _, errs = runCLI(t, nil, "report", "--help")
	if code != 0 || !strings.Contains(errs, "relevel report --datadog") || !strings.Contains(errs, "logs_read_data") || !strings.Contains(errs, "-from") {
		t.Errorf("report --help does not teach --datadog: exit %d\n%s", code, errs)
	}

	for _, c := range []struct {
		env  map[string]string
		args []string
		code int
		msg  string
	}{
		{nil, []string{"--api-url", "http://127.0.0.1:1"}, 1, "no answer from http://127.0.0.1:1"},
		{map[string]string{"DD_SITE": "not a site"}, nil, 2, `Site "not a site" is not a Datadog site`},
		{map[string]string{"DD_APP_KEY": ""}, []string{"--api-url", srv.URL()}, 2, "DD_APP_KEY"},
		{nil, []string{"--api-url", srv.URL(), "--from", "yesterday"}, 2, `--from: "yesterday" is not now`},
		{nil, []string{"--api-url", srv.URL(), "--page-size", "5000"}, 2, "--page-size at most 1000"},
		{nil, []string{"--api-url", srv.URL(), "some.log"}, 2, "--datadog reads your org, not files"},
	} {
		for k, v := range c.env {
			t.Setenv(k, v)
		}
		code, out, errs := runCLI(t, nil, append([]string{"report", "--datadog"}, c.args...)...)
		noKeys(t, c.msg, out, errs)
		if code != c.code || !strings.Contains(errs, c.msg) {
			t.Errorf("%v %v: exit %d, %q; want %d and %q", c.env, c.args, code, errs, c.code, c.msg)
		}
		t.Setenv("DD_SITE", "")
		t.Setenv("DD_APP_KEY", ddTestAppKey)
	}
}

// After "relevel pipeline apply": the logs the pipeline fixes are stored
// with the status it gives them, except three that are still stored as
// error (as when another pipeline's status remapper comes first). The
// report finds exactly those three among the fixable ones, and says why
// they may still be errors.
func TestReportDatadogAfterApply(t *testing.T) {
	fix, err := newPipelineCheck()
	if err != nil {
		t.Fatal(err)
	}
	var logs []fakedatadog.Log
	var missed []string
	unfixable := 0 // false errors the pipeline itself would leave as error
	for _, c := range corpusLogs(t) {
		l := c.log
		if isFalseError(l.Status, c.level) {
			_, status := fix.check(l.Message, parseMessage(l.Message))
			switch {
			case slices.Index(report.Statuses, status) >= slices.Index(report.Statuses, "error"):
				unfixable++
			case len(missed) < 3 && !slices.ContainsFunc(logs, func(x fakedatadog.Log) bool { return x.Service == l.Service && x.Status == "error" }):
				missed = append(missed, l.Message) // one per logger: still error
			default:
				l.Status = status // what the applied pipeline stored
			}
		}
		logs = append(logs, l)
	}
	if len(missed) != 3 {
		t.Fatalf("the corpus should have false errors the pipeline fixes in three loggers: %d", len(missed))
	}
	srv := startDatadog(t, logs)
	code, out, errs := runCLI(t, nil, "report", "--datadog", "--json", "--api-url", srv.URL(), "--from", "now-45m", "--examples", "1000")
	noKeys(t, "after apply", out, errs)
	var rep ddReportJSON
	if code != 0 || json.Unmarshal([]byte(out), &rep) != nil {
		t.Fatalf("exit %d: %s%s", code, out, errs)
	}
	if rep.Total.FalseErrors != len(missed)+unfixable || rep.Datadog.PipelineFixes != len(missed) {
		t.Errorf("%d false errors, %d the pipeline fixes; want %d and %d", rep.Total.FalseErrors, rep.Datadog.PipelineFixes, len(missed)+unfixable, len(missed))
	}
	var listed []string
	for _, e := range rep.Datadog.StillError {
		if strings.Contains(e.Hint, "first in the pipeline order") {
			listed = append(listed, e.Message)
		} else if !strings.Contains(e.Hint, "do not match this message") {
			t.Errorf("hint %q", e.Hint)
		}
	}
	slices.Sort(listed)
	slices.Sort(missed)
	if !slices.Equal(listed, missed) {
		t.Errorf("listed as missed by an applied pipeline:\n%q\nwant\n%q", listed, missed)
	}
}
