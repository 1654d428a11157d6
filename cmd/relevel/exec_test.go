package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// exec runs a real child, repairs both streams and exits with its code.
func TestExec(t *testing.T) {
	script := `echo "plain stderr line" >&2
printf 'I1130 04:40:14.476718      42 main.go:25] starting\n' >&2
printf '2026-11-30T04:40:42.709Z\tWARN\tzap/main.go:26\tslow\nmain.main\n\t/src/main.go:9\n' >&2
echo "plain stdout line"
exit 3`
	var out, errb bytes.Buffer
	code := run([]string{"exec", "--", "sh", "-c", script}, nil, &out, &errb)
	if code != 3 {
		t.Fatalf("exit %d, want the child's 3: %s", code, errb.String())
	}
	recs := decodeLines(t, out.String())
	got := map[string]string{}
	for _, r := range recs {
		got[r["message"].(string)] = r["status"].(string)
	}
	want := map[string]string{
		"starting":                          "info",
		"slow\nmain.main\n\t/src/main.go:9": "warning",
		"plain stdout line":                 "info",
		"plain stderr line":                 "error",
	}
	for msg, st := range want {
		if got[msg] != st {
			t.Errorf("%q: status %q, want %q (all: %v)", msg, got[msg], st, got)
		}
	}
	if len(recs) != len(want) {
		t.Errorf("%d records: %s", len(recs), out.String())
	}
}

func TestExecErrors(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run([]string{"exec"}, nil, &out, &errb); code != 2 || !strings.Contains(errb.String(), "no command") {
		t.Errorf("no command: %d %s", code, errb.String())
	}
	errb.Reset()
	if code := run([]string{"exec", "--", "/nonexistent/binary"}, nil, &out, &errb); code != 127 {
		t.Errorf("missing binary: exit %d %s", code, errb.String())
	}
}

// Signals reach the child, and relevel reports how it died. The real binary
// is used so that the signal goes to relevel, not to the test.
func TestExecForwardsSignals(t *testing.T) {
	bin := relevelBinary(t)
	ready := filepath.Join(t.TempDir(), "ready")
	cmd := exec.Command(bin, "exec", "--", "sh", "-c", `trap 'echo "got TERM" >&2; exit 143' TERM; touch `+ready+`; while :; do sleep 0.05; done`)
	var out bytes.Buffer
	cmd.Stdout = &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(10 * time.Second)
	for {
		if _, err := os.Stat(ready); err == nil {
			break
		}
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			t.Fatal("child never started")
		}
		time.Sleep(20 * time.Millisecond)
	}
	cmd.Process.Signal(syscall.SIGTERM)
	err := cmd.Wait()
	ee, ok := err.(*exec.ExitError)
	if !ok || ee.ExitCode() != 143 {
		t.Fatalf("exit %v, want the child's 143", err)
	}
	if !strings.Contains(out.String(), `"message":"got TERM"`) {
		t.Errorf("child's last words lost: %s", out.String())
	}
}
