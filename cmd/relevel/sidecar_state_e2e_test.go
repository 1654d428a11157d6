package main

// End-to-end tests of the state directory under stress (issue 12): a
// second forwarder on the same directory, a corrupt checkpoint file, a
// full and a read-only file system under the checkpoints.

import (
	"errors"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/relevel/relevel/internal/testfs"
)

// freeAddr returns a loopback address that was free a moment ago, for
// --metrics-addr.
func freeAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

// scrape returns the /readyz status code and the /metrics body at addr
// (0 and "" while the server is not up).
func scrape(addr string) (ready int, metrics string) {
	resp, err := http.Get("http://" + addr + "/readyz")
	if err != nil {
		return 0, ""
	}
	resp.Body.Close()
	ready = resp.StatusCode
	resp, err = http.Get("http://" + addr + "/metrics")
	if err != nil {
		return ready, ""
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return ready, string(b)
}

// metricValue returns the value of one series ("name" or
// `name{label="v"}`) in a /metrics body.
func metricValue(body, series string) (float64, bool) {
	for _, l := range strings.Split(body, "\n") {
		if v, ok := strings.CutPrefix(l, series+" "); ok {
			f, err := strconv.ParseFloat(v, 64)
			return f, err == nil
		}
	}
	return 0, false
}

// A second forwarder started by mistake on the state directory of a
// running one exits at once with status 1 and an error naming the
// directory and the first one's PID, without reading anything; the first
// keeps delivering. The lock dies with its holder: after kill -9 a new
// forwarder starts on the directory.
func TestSidecarStateDirLocked(t *testing.T) {
	t.Parallel()
	e := newSidecarEnv(t)
	out := e.output(t)
	log := e.podLog(t, "lock-0", "app", 0)
	first := e.start(t)
	out.waitFor(t, first, writeLines(t, log, "a", 0, 20))

	second := e.start(t)
	select {
	case err := <-second.done:
		second.exited, second.err = true, err
		var ee *exec.ExitError
		if !errors.As(err, &ee) || ee.ExitCode() != 1 {
			t.Fatalf("second forwarder: %v; want exit status 1\n%s", err, second.stderr)
		}
	case <-time.After(deliverWithin):
		t.Fatalf("second forwarder on the same state directory still running after %v\n%s", deliverWithin, second.stderr)
	}
	msg := second.stderr.String()
	if !strings.Contains(msg, e.state) || !strings.Contains(msg, "process "+strconv.Itoa(first.cmd.Process.Pid)) {
		t.Errorf("the second forwarder's error names neither %s nor PID %d:\n%s", e.state, first.cmd.Process.Pid, msg)
	}
	out.waitFor(t, first, writeLines(t, log, "a", 20, 20))
	first.kill()
	third := e.start(t)
	out.waitFor(t, third, writeLines(t, log, "a", 40, 20))
	third.stop(t)
	if n := out.count("a-0"); n != 1 {
		t.Errorf("a-0 delivered %d times; the second forwarder must not read", n)
	}
}

// A torn checkpoint file is set aside as checkpoints.json.corrupt-<time>,
// logged once as an error naming the backup, counted in
// relevel_checkpoint_corrupt_total, and the forwarder starts without
// checkpoints: every line is delivered.
func TestSidecarCorruptCheckpoint(t *testing.T) {
	t.Parallel()
	e := newSidecarEnv(t)
	out := e.output(t)
	if err := os.MkdirAll(e.state, 0o755); err != nil {
		t.Fatal(err)
	}
	torn := `{"version":2,"entries":[{"path":"/var/log/pods/ns_p_u/c/0.log","dev":2049,"ino`
	if err := os.WriteFile(filepath.Join(e.state, "checkpoints.json"), []byte(torn), 0o644); err != nil {
		t.Fatal(err)
	}
	want := writeLines(t, e.podLog(t, "torn-0", "app", 0), "c", 0, 30)
	addr := freeAddr(t)
	p := e.start(t, "--metrics-addr", addr)
	out.waitFor(t, p, want)
	var body string
	p.waitUntil(t, "relevel_checkpoint_corrupt_total 1", func() bool {
		_, body = scrape(addr)
		v, ok := metricValue(body, "relevel_checkpoint_corrupt_total")
		return ok && v == 1
	})
	p.term(t)
	logs := p.stderr.String()
	if n := strings.Count(logs, "checkpoint file unreadable"); n != 1 || !strings.Contains(logs, `"level":"ERROR"`) {
		t.Errorf("corrupt checkpoint file logged %d times (want once, as an error):\n%s", n, logs)
	}
	backups, _ := filepath.Glob(filepath.Join(e.state, "checkpoints.json.corrupt-*"))
	if len(backups) != 1 {
		t.Fatalf("backups %v; want one", backups)
	}
	if b, _ := os.ReadFile(backups[0]); string(b) != torn || !strings.Contains(logs, filepath.Base(backups[0])) {
		t.Errorf("backup %s holds %q, or the log does not name it", backups[0], b)
	}
	out.exactlyOnce(t, want)
}

// The state directory on a tiny tmpfs: when it fills up, and when it is
// remounted read-only, checkpoint saves fail: /readyz fails, the failures
// are counted, logged once per outage, and delivery goes on; when saves
// succeed again /readyz recovers. No line is lost or repeated, and
// SIGTERM still exits 0 once the last save succeeds. Needs root to mount
// (skipped otherwise).
func TestSidecarStateDirFullAndReadOnly(t *testing.T) {
	t.Parallel()
	e := newSidecarEnv(t)
	e.state = testfs.Tmpfs(t, 64<<10)
	out := e.output(t)
	log := e.podLog(t, "full-0", "app", 0)
	addr := freeAddr(t)
	p := e.start(t, "--metrics-addr", addr)
	want := writeLines(t, log, "s", 0, 20)
	out.waitFor(t, p, want)
	readyIs := func(code int) func() bool {
		return func() bool { c, _ := scrape(addr); return c == code }
	}
	p.waitUntil(t, "ready", readyIs(http.StatusOK))

	for i, outage := range []struct {
		name       string
		fail, mend func()
		logged     string // the cause the log line must give
	}{
		{"full disk", nil, nil, "no space left on device"},
		{"read-only", func() { testfs.ReadOnly(t, e.state, true) }, func() { testfs.ReadOnly(t, e.state, false) }, "read-only file system"},
	} {
		var filler string
		if outage.fail == nil {
			outage.fail = func() { filler = testfs.Fill(t, e.state) }
			outage.mend = func() {
				if err := os.Remove(filler); err != nil {
					t.Fatal(err)
				}
			}
		}
		outage.fail()
		failing := readyIs(http.StatusServiceUnavailable)
		if filler != "" {
			// A save under way as the disk filled frees its old file's
			// page when it renames the new one over it; the next saves
			// would fit there. Take the space back while waiting (under
			// a loaded CI machine this once kept /readyz ready for 20 s).
			failing = func() bool {
				testfs.TopUp(t, filler)
				return readyIs(http.StatusServiceUnavailable)()
			}
		}
		p.waitUntil(t, outage.name+": /readyz failing", failing)
		var errs float64
		p.waitUntil(t, outage.name+": save errors counted", func() bool {
			_, body := scrape(addr)
			errs, _ = metricValue(body, "relevel_checkpoint_save_errors_total")
			f, _ := metricValue(body, "relevel_checkpoint_save_failing")
			return errs >= 3 && f == 1
		})
		more := writeLines(t, log, "s", 20+20*i, 20)
		out.waitFor(t, p, more)
		want = append(want, more...)
		outage.mend()
		p.waitUntil(t, outage.name+": ready again", readyIs(http.StatusOK))
		logs := p.stderr.String()
		if n := strings.Count(logs, "cannot save checkpoints"); n != i+1 {
			t.Errorf("%s: save failure logged %d times in all after %v failures; want once per outage (%d)", outage.name, n, errs, i+1)
		}
		if !strings.Contains(logs, outage.logged) {
			t.Errorf("%s: the log does not say %q:\n%s", outage.name, outage.logged, logs)
		}
		if n := strings.Count(logs, "checkpoints saved again"); n != i+1 {
			t.Errorf("%s: recovery logged %d times in all; want %d", outage.name, n, i+1)
		}
	}
	p.term(t)
	out.exactlyOnce(t, want)
}
