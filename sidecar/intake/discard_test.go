package intake_test

// The discard intake, shared by BenchmarkShip, BenchmarkForwardSinks and
// BenchmarkShipRace. This file uses nothing but the standard library:
// internal/shipratio (make bench-ship) builds it, with shiprace_test.go,
// into the sink of issue 14's day as well.

import (
	"bufio"
	"compress/gzip"
	"compress/zlib"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// discardIntake answers 202 to every request after reading and decoding
// its body, as the intake must: the sink's own cost, and nothing of an
// intake's, is what remains.
func discardIntake() *httptest.Server {
	return httptest.NewServer(http.HandlerFunc(discardHandler))
}

func discardHandler(w http.ResponseWriter, r *http.Request) {
	var rd io.Reader = r.Body
	var err error
	switch r.Header.Get("Content-Encoding") {
	case "gzip":
		rd, err = gzip.NewReader(r.Body)
	case "deflate":
		rd, err = zlib.NewReader(r.Body)
	}
	if err == nil {
		io.Copy(io.Discard, rd)
	}
	w.WriteHeader(http.StatusAccepted)
	io.WriteString(w, "{}")
}

// discardIntakeProcess runs the discard intake in a child process (this
// test binary, in TestHelperDiscardIntake), so that the benchmark's CPU
// time is the shipper's alone: decoding the bodies is the intake's work,
// not the forwarder's, and in-process it was a quarter of the figure. It
// returns the intake's URL; the child ends with the benchmark.
func discardIntakeProcess(tb testing.TB) string {
	tb.Helper()
	exe, err := os.Executable()
	if err != nil {
		tb.Fatal(err)
	}
	cmd := exec.Command(exe, "-test.run=^TestHelperDiscardIntake$")
	cmd.Env = append(os.Environ(), "RELEVEL_HELPER_DISCARD_INTAKE=1")
	stdin, err := cmd.StdinPipe()
	if err != nil {
		tb.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		tb.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() {
		stdin.Close() // the child serves until its stdin closes
		cmd.Wait()
	})
	url, err := bufio.NewReader(stdout).ReadString('\n')
	if err != nil || !strings.HasPrefix(url, "http://") {
		tb.Fatalf("discard intake process: %q, %v", url, err)
	}
	return strings.TrimSpace(url)
}

// TestHelperDiscardIntake is the child process of discardIntakeProcess;
// run any other way it only checks that the discard intake answers as the
// intake does.
func TestHelperDiscardIntake(t *testing.T) {
	if os.Getenv("RELEVEL_HELPER_DISCARD_INTAKE") != "1" {
		srv := discardIntake()
		defer srv.Close()
		resp, err := http.Post(srv.URL, "application/json", strings.NewReader("[]"))
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusAccepted {
			t.Fatalf("discard intake answered %d, want 202 as the intake does", resp.StatusCode)
		}
		return
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := &http.Server{Handler: http.HandlerFunc(discardHandler)}
	go srv.Serve(l)
	fmt.Printf("http://%s\n", l.Addr())
	io.Copy(io.Discard, os.Stdin)
	srv.Close()
}
