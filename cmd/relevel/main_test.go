package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func runCLI(t *testing.T, stdin io.Reader, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(args, stdin, &out, &errb)
	return code, out.String(), errb.String()
}

func decodeLines(t *testing.T, out string) []map[string]any {
	t.Helper()
	var recs []map[string]any
	for _, l := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		var m map[string]any
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			t.Fatalf("invalid JSON line %q: %v", l, err)
		}
		recs = append(recs, m)
	}
	return recs
}

func TestParseCommand(t *testing.T) {
	in := "plain line\n" +
		"I0911 07:22:25.408586 1 cni_writer.go:930] Successfully synced\n" +
		"2026-09-11T04:39:22.159Z\terror\tlogging/logging.go:16\tFailed to export\t{\"kind\": \"receiver\"}\n" +
		"main.exercise\n\t/src/main.go:26\n"
	code, out, errs := runCLI(t, strings.NewReader(in), "parse", "--reference-time", "2026-11-30T00:00:00Z")
	if code != 0 || errs != "" {
		t.Fatalf("exit %d: %s", code, errs)
	}
	recs := decodeLines(t, out)
	if len(recs) != 3 {
		t.Fatalf("%d records: %s", len(recs), out)
	}
	want := []struct{ status, format, msg string }{
		{"info", "", "plain line"},
		{"info", "klog", "Successfully synced"},
		{"error", "zap", "Failed to export\nmain.exercise\n\t/src/main.go:26"},
	}
	for i, w := range want {
		if recs[i]["status"] != w.status || recs[i]["format"] != w.format || recs[i]["message"] != w.msg {
			t.Errorf("record %d: %v", i, recs[i])
		}
	}
	if recs[1]["timestamp"] != "2026-09-11T07:22:25.408586Z" {
		t.Errorf("timestamp %v", recs[1]["timestamp"])
	}
}

func TestParseDefaultLevel(t *testing.T) {
	_, out, _ := runCLI(t, strings.NewReader("who knows\n"), "parse", "--default-level", "error")
	if recs := decodeLines(t, out); recs[0]["status"] != "error" {
		t.Errorf("%v", recs)
	}
	code, _, errs := runCLI(t, strings.NewReader(""), "parse", "--default-level", "warn")
	if code != 2 || !strings.Contains(errs, "not one of") {
		t.Errorf("exit %d: %s", code, errs)
	}
}

// Binary garbage and invalid UTF-8 never stop the command and every byte
// shows up in the output.
func TestParseBinaryInput(t *testing.T) {
	in := []byte("\x00\x01\xff\xfe\n\x1b[31m\n")
	for i := 0; i < 300; i++ {
		in = append(in, byte(i))
	}
	code, out, errs := runCLI(t, bytes.NewReader(in), "parse")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	recs := decodeLines(t, out)
	if len(recs) < 3 {
		t.Fatalf("%d records", len(recs))
	}
	if recs[0]["message"] != "\x00\x01\\xff\\xfe" {
		t.Errorf("message %q", recs[0]["message"])
	}
}

func TestUsage(t *testing.T) {
	code, _, errs := runCLI(t, nil)
	if code != 2 || !strings.Contains(errs, "Commands:") {
		t.Errorf("no-args: exit %d %s", code, errs)
	}
	code, _, errs = runCLI(t, nil, "parse", "--help")
	if code != 0 || !strings.Contains(errs, "--default-level") || !strings.Contains(errs, "status is one of") {
		t.Errorf("parse --help: exit %d %s", code, errs)
	}
	code, _, errs = runCLI(t, nil, "frobnicate")
	if code != 2 || !strings.Contains(errs, `unknown command "frobnicate"`) {
		t.Errorf("unknown: exit %d %s", code, errs)
	}
	code, _, errs = runCLI(t, nil, "parse", "file.log")
	if code != 2 || !strings.Contains(errs, "stdin") {
		t.Errorf("positional: exit %d %s", code, errs)
	}
}

// From a pipe that stays open, a multi-line record is written once the
// input goes idle, not held until the writer closes.
func TestParseStreaming(t *testing.T) {
	pr, pw := io.Pipe()
	outR, outW := io.Pipe()
	done := make(chan int)
	go func() {
		done <- run([]string{"parse", "--flush-interval", "50ms"}, pr, outW, io.Discard)
		outW.Close()
	}()
	go pw.Write([]byte("2026-09-11T04:39:22.159Z\terror\tboom\nmain.main\n\t/src/main.go:1\n"))
	lines := make(chan string)
	go func() {
		sc := bufio.NewScanner(outR)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	select {
	case l := <-lines:
		if !strings.Contains(l, `"status":"error"`) || !strings.Contains(l, `main.main`) {
			t.Errorf("got %s", l)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("record not flushed while stdin stayed open")
	}
	pw.Close()
	if code := <-done; code != 0 {
		t.Errorf("exit %d", code)
	}
}

// The README's first command (make demo) runs on these bundled streams.
func TestDemoStream(t *testing.T) {
	var in []byte
	for _, name := range []string{"zap-klog-logrus.log", "zap-klog-panic.log"} {
		b, err := os.ReadFile(filepath.Join("..", "..", "testdata", "corpus", "mixed", name))
		if err != nil {
			t.Fatal(err)
		}
		in = append(in, b...)
	}
	code, out, errs := runCLI(t, bytes.NewReader(in), "parse")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	seen := map[string]bool{}
	for _, r := range decodeLines(t, out) {
		seen[r["format"].(string)] = true
	}
	for _, f := range []string{"klog", "zap", "logrus", "gopanic"} {
		if !seen[f] {
			t.Errorf("demo stream has no %s record", f)
		}
	}
}

// --input cri decodes containerd's files: P pieces merged, streams joined
// separately, the runtime wrapper gone.
func TestParseCRIInput(t *testing.T) {
	in := "2026-11-30T04:40:14.476718Z stderr F I1130 04:40:14.476718       1 main.go:25] \"Loaded\" cfg=<\n" +
		"2026-11-30T04:40:14.476719Z stdout F plain stdout\n" +
		"2026-11-30T04:40:14.476720Z stderr F \tline one\n" +
		"2026-11-30T04:40:14.476721Z stderr P 2026-11-30T04:40:42.709Z\tERR\n" +
		"2026-11-30T04:40:14.476722Z stderr F OR\tboom\n" +
		"2026-11-30T04:40:14.476723Z stderr F  >\n"
	code, out, errs := runCLI(t, strings.NewReader(in), "parse", "--input", "cri")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	recs := decodeLines(t, out)
	got := map[string]string{}
	for _, r := range recs {
		got[r["format"].(string)+"|"+r["status"].(string)+"|"+r["message"].(string)] = ""
	}
	for _, want := range []string{"|info|plain stdout", "zap|error|boom\n >"} {
		if _, ok := got[want]; !ok {
			t.Errorf("missing %q in %s", want, out)
		}
	}
	code, _, errs = runCLI(t, strings.NewReader(in), "parse", "--input", "syslog")
	if code != 2 || !strings.Contains(errs, "--input") {
		t.Errorf("bad --input: exit %d %s", code, errs)
	}
}

// --input kubectl reads kubectl logs --timestamps: each line behind its
// time, which would otherwise make a klog line unreadable (the field test
// of session 15 found cert-manager's E lines pasted so).
func TestParseKubectlInput(t *testing.T) {
	in := "2021-09-07T15:18:41.421557569Z E0907 15:18:41.421188       1 revisionmanager_controller.go:106] cert-manager/controller: re-queuing item due to error processing\n" +
		"2021-09-07T15:18:41.5Z I0907 15:18:41.500000       1 controller.go:162] \"synced\" key=\"ns/cert\"\n"
	code, out, errs := runCLI(t, strings.NewReader(in), "parse", "--input", "kubectl")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	recs := decodeLines(t, out)
	if len(recs) != 2 || recs[0]["format"] != "klog" || recs[0]["status"] != "error" || recs[1]["status"] != "info" {
		t.Errorf("got %s", out)
	}
	code, _, errs = runCLI(t, strings.NewReader(""), "sidecar", "--input", "kubectl")
	if code != 2 || !strings.Contains(errs, "kubectl logs --timestamps") {
		t.Errorf("sidecar --input kubectl: exit %d %s", code, errs)
	}
}
