package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/relevel/relevel/report"
)

// reportJSON is what --json writes (report.WriteJSON).
type reportJSON struct {
	Total      report.Tally `json:"total"`
	Containers []struct {
		Name string `json:"name"`
		report.Tally
	} `json:"containers"`
}

// relevel report over the bundled node tree: one row per container, named
// from its /var/log/pods path; the CRI stream decides what Datadog shows
// (the slog service writes to stdout, so none of its records is a false
// error); the rows add up to the total; the HTML page carries the same
// numbers.
func TestReportCommandPodTree(t *testing.T) {
	html := filepath.Join(t.TempDir(), "report.html")
	code, out, errs := runCLI(t, nil, "report", "--json", "--html", html, "../../testdata/pods")
	if code != 0 || errs != "" {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var rep reportJSON
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	pods, _ := filepath.Glob("../../testdata/pods/*/*")
	if len(rep.Containers) != len(pods) {
		t.Fatalf("%d containers, want %d (one per container directory)", len(rep.Containers), len(pods))
	}
	sum, sumFalse := 0, 0
	byName := map[string]int{}
	for _, c := range rep.Containers {
		sum += c.Records
		sumFalse += c.FalseErrors
		byName[c.Name] = c.FalseErrors
		if strings.Count(c.Name, "/") != 2 || strings.Contains(c.Name, "testdata") {
			t.Errorf("container %q: want namespace/pod/container", c.Name)
		}
	}
	if sum != rep.Total.Records || sumFalse != rep.Total.FalseErrors || rep.Total.FalseErrors == 0 {
		t.Errorf("rows add up to %d records, %d false errors; total %+v", sum, sumFalse, rep.Total)
	}
	if n, ok := byName["shop/api-7d4f9c6b8-q9w8e/api"]; !ok || n != 0 {
		t.Errorf("stdout slog service: %d false errors (present %v); want 0", n, ok)
	}
	page, err := os.ReadFile(html)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`id="false-errors">` + strconv.Itoa(rep.Total.FalseErrors) + "<", `id="records">` + strconv.Itoa(rep.Total.Records) + "<"} {
		if !strings.Contains(string(page), want) {
			t.Errorf("page lacks %s", want)
		}
	}
	for _, bad := range []string{"<script", "http://", "https://", "@import", "url("} {
		if strings.Contains(string(page), bad) {
			t.Errorf("page holds %q: it must need nothing from elsewhere", bad)
		}
	}

	// The table form names the same total.
	code, out, _ = runCLI(t, nil, "report", "../../testdata/pods")
	if code != 0 || !strings.HasPrefix(out, strconv.Itoa(rep.Total.Records)+" records") || !strings.Contains(out, "TOTAL") {
		t.Errorf("exit %d, table:\n%s", code, out)
	}
}

// kubectl logs on stdin is raw text: --stream says which stream the Agent
// saw. A klog error on stdout is a hidden error; on stderr (the default) an
// info line is a false error. A /var/log/containers name gives the
// container too.
func TestReportCommandStdinAndErrors(t *testing.T) {
	in := "I1130 04:40:14.476718   1 main.go:25] \"synced\"\nE1130 04:40:14.476718   1 main.go:26] \"failed\"\n"
	code, out, errs := runCLI(t, strings.NewReader(in), "report", "--json", "--stream", "stdout")
	var rep reportJSON
	if code != 0 || json.Unmarshal([]byte(out), &rep) != nil {
		t.Fatalf("exit %d: %s%s", code, out, errs)
	}
	if rep.Total.HiddenErrors != 1 || rep.Total.FalseErrors != 0 || rep.Containers[0].Name != "stdin" {
		t.Errorf("stdout: %+v %+v", rep.Total, rep.Containers)
	}
	code, out, _ = runCLI(t, strings.NewReader(in), "report", "--json", "-")
	if code != 0 || json.Unmarshal([]byte(out), &rep) != nil || rep.Total.FalseErrors != 1 || rep.Total.HiddenErrors != 0 {
		t.Errorf("stderr: exit %d %+v", code, rep.Total)
	}

	dir := t.TempDir()
	name := filepath.Join(dir, "web-0_shop_app-"+strings.Repeat("ab", 32)+".log")
	if err := os.WriteFile(name, []byte("2026-11-30T04:40:14.5Z stderr F "+strings.SplitAfter(in, "\n")[0]), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, _ = runCLI(t, nil, "report", "--json", dir)
	if code != 0 || json.Unmarshal([]byte(out), &rep) != nil || len(rep.Containers) != 1 || rep.Containers[0].Name != "shop/web-0/app" || rep.Total.FalseErrors != 1 {
		t.Errorf("/var/log/containers name: exit %d %s", code, out)
	}

	for _, c := range []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"report", filepath.Join(dir, "missing")}, 1, "no such file"},
		{[]string{"report", t.TempDir()}, 1, "no log files in"},
		{[]string{"report", "--stream", "tty"}, 2, `--stream "tty" is not stderr or stdout`},
	} {
		code, _, errs := runCLI(t, strings.NewReader(""), c.args...)
		if code != c.code || !strings.Contains(errs, c.msg) {
			t.Errorf("%v: exit %d, %q; want %d and %q", c.args, code, errs, c.code, c.msg)
		}
	}
}
