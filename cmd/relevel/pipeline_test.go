package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/relevel/relevel/internal/fakedatadog"
)

func TestPipelineRender(t *testing.T) {
	code, out, errs := runCLI(t, nil, "pipeline", "render", "--formats", "klog,zap", "--name", "levels")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var p map[string]any
	if err := json.Unmarshal([]byte(out), &p); err != nil {
		t.Fatalf("not JSON: %v", err)
	}
	if p["name"] != "levels" || p["is_enabled"] != true {
		t.Errorf("%v", p)
	}
	code, out, _ = runCLI(t, nil, "pipeline", "render", "--output", "hcl")
	if code != 0 || !strings.HasPrefix(out, `resource "datadog_logs_custom_pipeline" "relevel" {`) || !strings.Contains(out, "%%{regex") {
		t.Errorf("hcl: exit %d\n%s", code, out)
	}
	code, _, errs = runCLI(t, nil, "pipeline", "render", "--formats", "log4j")
	if code != 2 || !strings.Contains(errs, "unknown format log4j") {
		t.Errorf("unknown format: exit %d %s", code, errs)
	}
	code, out, _ = runCLI(t, nil, "pipeline", "render", "--list-formats")
	if code != 0 || !strings.Contains(out, "klog\n") {
		t.Errorf("list: %s", out)
	}
}

func TestPipelineTest(t *testing.T) {
	in := "I0911 07:22:25.408586 1 cni_writer.go:930] Successfully synced\n" +
		"E0911 07:10:07.225293 1 base_controller.go:161] \"controller failed to sync\" err=\"...\"\n" +
		"2026-09-11T04:39:22.159Z\twarn\tlogging/logging.go:16\tslow\n" +
		"something else\n"
	code, out, errs := runCLI(t, strings.NewReader(in), "pipeline", "test")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	recs := decodeLines(t, out)
	want := []string{"info", "error", "warning", "error"} // the last keeps the Agent's stderr status
	for i, w := range want {
		if recs[i]["status"] != w {
			t.Errorf("line %d: status %v, want %s", i, recs[i]["status"], w)
		}
	}
	if attrs, _ := recs[0]["attributes"].(map[string]any); attrs == nil {
		t.Errorf("no extracted attributes: %v", recs[0])
	}
	_, out, _ = runCLI(t, strings.NewReader("something else\n"), "pipeline", "test", "--stream", "stdout")
	if decodeLines(t, out)[0]["status"] != "info" {
		t.Errorf("stdout stream: %s", out)
	}
	// --pipeline runs any exported pipeline; the seed pipeline maps a klog E line.
	seed := filepath.Join(t.TempDir(), "seed.json")
	os.WriteFile(seed, []byte(`{"name":"seed","is_enabled":true,"filter":{"query":"*"},"processors":[
	 {"type":"grok-parser","name":"g","is_enabled":true,"source":"message","grok":{"support_rules":"","match_rules":"klog %{regex(\"[IWEF]\"):klog.severity}%{data}"}},
	 {"type":"lookup-processor","name":"l","is_enabled":true,"source":"klog.severity","target":"level","lookup_table":["I,info","E,error"]},
	 {"type":"status-remapper","name":"s","is_enabled":true,"sources":["level"]}]}`), 0o644)
	_, out, errs = runCLI(t, strings.NewReader(in), "pipeline", "test", "--pipeline", seed)
	if recs := decodeLines(t, out); recs[0]["status"] != "info" || recs[1]["status"] != "error" {
		t.Errorf("seed pipeline: %s %s", out, errs)
	}
	os.WriteFile(seed, []byte(`{"name":"x","is_enabled":true,"processors":[{"type":"arithmetic-processor","is_enabled":true}]}`), 0o644)
	code, _, errs = runCLI(t, strings.NewReader(in), "pipeline", "test", "--pipeline", seed)
	if code != 2 || !strings.Contains(errs, "arithmetic-processor") {
		t.Errorf("unknown processor: exit %d %s", code, errs)
	}
}

// apply then diff against the fake Datadog API (every request checked
// against Datadog's OpenAPI spec): create, no-op, out-of-band edit.
func TestPipelineApplyDiff(t *testing.T) {
	srv := fakedatadog.StartAPI(t)
	if _, err := srv.AddPipeline(`{"name":"someone else's","is_enabled":true,"filter":{"query":"*"},"processors":[]}`); err != nil {
		t.Fatal(err)
	}
	t.Setenv("DD_API_KEY", "api-key-secret-1234")
	t.Setenv("DD_APP_KEY", "app-key-secret-5678")
	args := []string{"--api-url", srv.URL()}
	code, out, errs := runCLI(t, nil, append([]string{"pipeline", "diff"}, args...)...)
	if code != 1 || !strings.Contains(out, "create pipeline") {
		t.Fatalf("diff before apply: exit %d\n%s%s", code, out, errs)
	}
	code, out, errs = runCLI(t, nil, append([]string{"pipeline", "apply"}, args...)...)
	if code != 0 || !strings.Contains(out, "created pipeline") || !strings.Contains(out, "front of the pipeline order") {
		t.Fatalf("apply: exit %d\n%s%s", code, out, errs)
	}
	srv.ResetRequests()
	code, out, _ = runCLI(t, nil, append([]string{"pipeline", "apply"}, args...)...)
	if code != 0 || !strings.Contains(out, "already up to date") || len(srv.Writes()) != 0 {
		t.Errorf("second apply wrote %d times: %s", len(srv.Writes()), out)
	}
	code, _, _ = runCLI(t, nil, append([]string{"pipeline", "diff"}, args...)...)
	if code != 0 {
		t.Errorf("diff after apply: exit %d", code)
	}
	ours := srv.Order()[0]
	srv.EditPipeline(ours, func(p map[string]any) { p["filter"] = map[string]any{"query": "source:other"} })
	code, out, _ = runCLI(t, nil, append([]string{"pipeline", "diff"}, args...)...)
	if code != 1 || !strings.Contains(out, "source:other") {
		t.Errorf("out-of-band edit not shown: exit %d\n%s", code, out)
	}
	code, out, errs = runCLI(t, nil, append([]string{"pipeline", "apply", "--no-order"}, args...)...)
	if code != 0 || !strings.Contains(out, "updated pipeline") {
		t.Errorf("repair: exit %d %s %s", code, out, errs)
	}
	t.Setenv("DD_APP_KEY", "")
	code, _, errs = runCLI(t, nil, append([]string{"pipeline", "apply"}, args...)...)
	if code == 0 || !strings.Contains(errs, "DD_APP_KEY") {
		t.Errorf("missing app key: exit %d %s", code, errs)
	}
	for _, secret := range []string{"api-key-secret-1234", "app-key-secret-5678"} {
		if strings.Contains(out+errs, secret) {
			t.Errorf("key printed")
		}
	}
}

func TestPipelineAgentConfig(t *testing.T) {
	code, out, errs := runCLI(t, nil, "pipeline", "agent-config")
	if code != 0 || !strings.Contains(out, "auto_multi_line_detection_custom_samples:") || !strings.Contains(out, "label: no_aggregate") {
		t.Fatalf("datadog-yaml: exit %d %s\n%s", code, errs, out)
	}
	code, out, _ = runCLI(t, nil, "pipeline", "agent-config", "--output", "annotation", "--container", "manager", "--source", "go")
	if code != 0 || !strings.Contains(out, "ad.datadoghq.com/manager.logs:") || !strings.Contains(out, `"type":"multi_line"`) {
		t.Errorf("annotation: exit %d\n%s", code, out)
	}
	for _, form := range []string{"env", "helm", "operator", "pattern", "samples"} {
		if code, out, errs := runCLI(t, nil, "pipeline", "agent-config", "--output", form); code != 0 || out == "" {
			t.Errorf("%s: exit %d %s", form, code, errs)
		}
	}
	if code, _, errs := runCLI(t, nil, "pipeline", "agent-config", "--output", "ini"); code != 2 || !strings.Contains(errs, `unknown form "ini"`) {
		t.Errorf("unknown form: exit %d %s", code, errs)
	}
}

// --agent puts the Agent's aggregation with the generated configuration in
// front of the pipeline: a zap record's stack trace comes out as one log
// with the record's status, where line by line its frames keep the Agent's
// stderr error; a plain line after a record that takes no continuation
// stays apart under auto detection but joins it under a multi_line rule.
func TestPipelineTestAgent(t *testing.T) {
	in := "2026-09-11T04:39:22.159Z\twarn\tx.go:1\tslow\nmain.main()\n\t/src/main.go:12 +0x1d\n" +
		"time=\"2026-09-11T04:39:23Z\" level=info msg=started\nplain line\n"
	code, out, errs := runCLI(t, strings.NewReader(in), "pipeline", "test", "--agent", "auto", "--strict")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	recs := decodeLines(t, out)
	if len(recs) != 3 || recs[0]["status"] != "warning" || !strings.Contains(recs[0]["message"].(string), "main.go:12") ||
		recs[1]["status"] != "info" || recs[2]["status"] != "error" {
		t.Errorf("auto: %s", out)
	}
	_, out, _ = runCLI(t, strings.NewReader(in), "pipeline", "test", "--agent", "multi-line")
	if recs := decodeLines(t, out); len(recs) != 2 || recs[1]["message"] != "time=\"2026-09-11T04:39:23Z\" level=info msg=started\nplain line" {
		t.Errorf("multi-line: %s", out)
	}
	_, out, _ = runCLI(t, strings.NewReader(in), "pipeline", "test", "--agent", "auto", "--agent-max-bytes", "40")
	if recs := decodeLines(t, out); !strings.HasSuffix(recs[0]["message"].(string), "...TRUNCATED...") {
		t.Errorf("size limit: %s", out)
	}
	if code, _, errs := runCLI(t, strings.NewReader(in), "pipeline", "test", "--agent", "auto", "--join"); code != 2 || !strings.Contains(errs, "choose one") {
		t.Errorf("--join with --agent: exit %d %s", code, errs)
	}
	if code, _, _ := runCLI(t, strings.NewReader(in), "pipeline", "test", "--agent", "fluent"); code != 2 {
		t.Errorf("unknown --agent: exit %d", code)
	}
}
