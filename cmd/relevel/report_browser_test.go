package main

import (
	"context"
	"encoding/json"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"github.com/relevel/relevel/internal/fakedatadog"
)

var updateScreenshot = flag.Bool("update-screenshot", false, "rewrite docs/report.png from the bundled sample's report")

// browser finds Debian's chromium (or another Chrome). Under CI it must be
// there: .ci/run installs it.
func browser(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("CI") != "" {
		t.Fatal("no chromium on PATH; .ci/run installs Debian's chromium")
	}
	t.Skip("no chromium on PATH (apt-get install chromium; .ci/run does)")
	return ""
}

// The HTML report of the bundled node tree, opened in a real headless
// browser with the network cut off, as a person would see it: the page
// loads nothing but itself, runs no script and logs no error; the summary
// names the totals of --json; every chart's bars have the widths of their
// counts, and the segments of each container's "shown" bar add up to its
// records.
func TestReportPageInBrowser(t *testing.T) {
	exe := browser(t)
	dir := t.TempDir()
	html := filepath.Join(dir, "report.html")
	code, out, errs := runCLI(t, nil, "report", "--json", "--html", html, "../../testdata/pods")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var rep reportJSON
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	png := checkReportPage(t, exe, html, rep)
	if *updateScreenshot {
		if err := os.WriteFile("../../docs/report.png", png, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// The --datadog report's page, from the corpus stored in the fake Datadog
// as the Agent stores stderr lines, passes the same checks: one chart per
// service/source/container group and one for all, each bar as wide as its
// counts, the totals of --json, nothing loaded from the network.
func TestReportDatadogPageInBrowser(t *testing.T) {
	exe := browser(t)
	var logs []fakedatadog.Log
	for _, c := range corpusLogs(t) {
		logs = append(logs, c.log)
	}
	srv := startDatadog(t, logs)
	html := filepath.Join(t.TempDir(), "dd.html")
	code, out, errs := runCLI(t, nil, "report", "--datadog", "--api-url", srv.URL(), "--json", "--html", html,
		"--page-size", "1000", "--limit", strconv.Itoa(len(logs)+1), "--query", "kube_namespace:corpus")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var rep reportJSON
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	if rep.Total.FalseErrors == 0 || len(rep.Containers) < 2 {
		t.Fatalf("the corpus in the fake gave %+v in %d groups", rep.Total, len(rep.Containers))
	}
	checkReportPage(t, exe, html, rep)
}

// checkReportPage opens the HTML report in headless chromium with the
// network cut off and checks what a person sees against rep (the same
// run's --json); it returns a screenshot.
func checkReportPage(t *testing.T, exe, html string, rep reportJSON) []byte {
	t.Helper()
	dir := filepath.Dir(html)
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(exe), chromedp.NoSandbox, chromedp.WindowSize(1200, 900),
		chromedp.Flag("host-resolver-rules", "MAP * ~NOTFOUND"), // no network, whatever the page asks
		chromedp.UserDataDir(filepath.Join(dir, "profile")))
	actx, cancel := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancel()
	ctx, cancel := chromedp.NewContext(actx)
	defer cancel()
	ctx, cancel = context.WithTimeout(ctx, 60*time.Second)
	defer cancel()

	var mu sync.Mutex
	var requests, problems []string
	if err := chromedp.Listen(ctx, func(ev any) {
		mu.Lock()
		defer mu.Unlock()
		switch e := ev.(type) {
		case *network.EventRequestWillBeSent:
			requests = append(requests, e.Request.URL)
		case *network.EventLoadingFailed:
			problems = append(problems, "loading failed: "+e.ErrorText)
		case *runtime.EventExceptionThrown:
			problems = append(problems, "exception: "+e.ExceptionDetails.Text)
		case *runtime.EventConsoleAPICalled:
			if e.Type == runtime.ConsoleAPICalledTypeError || e.Type == runtime.ConsoleAPICalledTypeWarning {
				problems = append(problems, "console "+string(e.Type))
			}
		}
	}); err != nil {
		t.Fatal(err)
	}

	type segment struct {
		Status string  `json:"status"`
		Count  int     `json:"count"`
		Width  float64 `json:"width"`
	}
	type chart struct {
		Container string    `json:"container"`
		BarWidth  float64   `json:"barWidth"`
		Shown     []segment `json:"shown"`
		True      []segment `json:"true"`
	}
	if err := chromedp.Do(ctx, chromedp.Navigate("file://"+html), chromedp.WaitReady(chromedp.CSS("#matrix"))); err != nil {
		t.Fatal(err)
	}
	falseErrors, err := chromedp.Run(ctx, chromedp.Text(chromedp.CSS("#false-errors")))
	if err != nil {
		t.Fatal(err)
	}
	records, err := chromedp.Run(ctx, chromedp.Text(chromedp.CSS("#records")))
	if err != nil {
		t.Fatal(err)
	}
	scripts, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.scripts.length`))
	if err != nil {
		t.Fatal(err)
	}
	charts, err := chromedp.Run(ctx, chromedp.Evaluate[[]chart](`[...document.querySelectorAll(".chart")].map(c => {
		const seg = b => [...c.querySelectorAll('g[data-bar="'+b+'"] rect')].map(r => ({
			status: r.dataset.status, count: +r.dataset.count, width: r.getBoundingClientRect().width}));
		return {container: c.dataset.container, barWidth: c.querySelector("svg").getBoundingClientRect().width,
			shown: seg("shown"), true: seg("true")};
	})`))
	if err != nil {
		t.Fatal(err)
	}
	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	defer mu.Unlock()
	for _, u := range requests {
		if !strings.HasPrefix(u, "file://") {
			t.Errorf("the page fetched %s", u)
		}
	}
	for _, p := range problems {
		t.Errorf("page: %s", p)
	}
	if scripts != 0 {
		t.Errorf("%d scripts on the page", scripts)
	}
	if falseErrors != strconv.Itoa(rep.Total.FalseErrors) || records != strconv.Itoa(rep.Total.Records) {
		t.Errorf("summary says %s of %s; --json says %d of %d", falseErrors, records, rep.Total.FalseErrors, rep.Total.Records)
	}
	recordsOf := map[string]int{"all containers": rep.Total.Records}
	for _, c := range rep.Containers {
		recordsOf[c.Name] = c.Records
	}
	if len(charts) != len(rep.Containers)+1 {
		t.Fatalf("%d charts, want one per container and one for all", len(charts))
	}
	for _, c := range charts {
		want, ok := recordsOf[c.Container]
		if !ok || c.BarWidth <= 0 {
			t.Errorf("chart %q: unknown or not rendered (width %.1f)", c.Container, c.BarWidth)
			continue
		}
		for _, bar := range [][]segment{c.Shown, c.True} {
			sum, width := 0, 0.0
			for _, s := range bar {
				sum += s.Count
				width += s.Width
				// Each segment is as wide as its share, to a pixel.
				if d := s.Width - c.BarWidth*float64(s.Count)/float64(want); d > 1 || d < -1 {
					t.Errorf("chart %q: %s segment %.1f px wide for %d of %d records in %.1f px", c.Container, s.Status, s.Width, s.Count, want, c.BarWidth)
				}
			}
			if sum != want || width < c.BarWidth-2 {
				t.Errorf("chart %q: segments hold %d records in %.1f of %.1f px; want %d", c.Container, sum, width, c.BarWidth, want)
			}
		}
	}
	if len(png) < 1000 || string(png[1:4]) != "PNG" {
		t.Fatalf("screenshot: %d bytes", len(png))
	}
	return png
}
