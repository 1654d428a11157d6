package main

// End-to-end test of hostile files on the node (issue 12): what a broken
// or malicious container, or a confused node, leaves under the include
// globs must never stop the forwarder or cost a line of another file.

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// Hostile files beside a well-behaved neighbour whose lines are written
// before, between and after them and must all arrive exactly once:
//   - binary garbage (random bytes, NULs, newlines at random);
//   - CRI lines with broken timestamps and broken stream names or tags:
//     forwarded, counted in relevel_malformed_records_total{reason} and
//     logged once per file and kind;
//   - one huge line with no newline (100 MB; 16 MB under -race), which
//     comes out whole, in records of at most --max-bytes, when its file is
//     deleted;
//   - a file deleted, and one truncated, while being read: every line of
//     the deleted one arrives (read through the open descriptor), the
//     lines written after the truncation arrive;
//   - symlink loops under the pod tree and under a /var/log/containers-like
//     directory, a directory and a FIFO at a log file's name: counted in
//     relevel_files_skipped_total{reason} and logged once each, however
//     many rescans see them.
//
// Permission denied cannot be made real for root (the tests' user): mode
// bits deny root nothing. It is tested in sidecar/tail through the
// tailer's open hook (TestUnreadableFilesSkippedOnce); here a mode-000
// file is added only when the test runs as another user.
func TestSidecarHostileFiles(t *testing.T) {
	t.Parallel()
	e := newSidecarEnv(t)
	out := e.output(t)
	rng := rand.New(rand.NewPCG(12, 5))
	containers := filepath.Join(e.root, "containers")
	if err := os.MkdirAll(containers, 0o755); err != nil {
		t.Fatal(err)
	}
	good := e.podLog(t, "good-0", "app", 0)
	want := writeLines(t, good, "n", 0, 100)

	// Unreadable names, present from the start.
	loopDir := filepath.Dir(e.podLog(t, "loop-0", "app", 0))
	for _, l := range [][2]string{
		{filepath.Join(loopDir, "0.log"), filepath.Join(loopDir, "1.log")},
		{filepath.Join(loopDir, "1.log"), filepath.Join(loopDir, "0.log")},
		{filepath.Join(containers, "x.log"), filepath.Join(containers, "y.log")},
		{filepath.Join(containers, "y.log"), filepath.Join(containers, "x.log")},
		{filepath.Join(containers, "good.log"), good}, // a second name for a readable file: read once
	} {
		if err := os.Symlink(l[1], l[0]); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Mkdir(e.podLog(t, "dir-0", "app", 0), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(e.podLog(t, "fifo-0", "app", 0), 0o644); err != nil {
		t.Fatal(err)
	}
	wantSkipped := map[string]float64{"symlink_loop": 4, "not_regular": 2}
	if os.Getuid() != 0 {
		denied := e.podLog(t, "denied-0", "app", 0)
		writeLines(t, denied, "never", 0, 1)
		if err := os.Chmod(denied, 0); err != nil {
			t.Fatal(err)
		}
		wantSkipped["permission"] = 1
	}

	addr := freeAddr(t)
	p := e.start(t, "--include", filepath.Join(containers, "*.log"), "--metrics-addr", addr)
	out.waitFor(t, p, want)

	// Binary garbage.
	junk := make([]byte, 1<<20)
	for i := range junk {
		junk[i] = byte(rng.UintN(256))
	}
	if err := os.WriteFile(e.podLog(t, "junk-0", "app", 0), junk, 0o644); err != nil {
		t.Fatal(err)
	}
	// Broken CRI lines among good ones: each kind twice.
	var cri strings.Builder
	var broken []string
	for i, l := range []string{
		"not-a-time stdout F bad time id=b-0\n",
		"2026-13-45T99:99:99Z stderr F bad time id=b-1\n",
		criTime + " stdxxx F bad stream id=b-2\n",
		criTime + " stdout X bad tag id=b-3\n",
		criTime + "  stdout F two spaces id=b-4\n",
	} {
		cri.WriteString(klogCRI("stdout", fmt.Sprintf("bc-%d", i)))
		cri.WriteString(l)
		broken = append(broken, fmt.Sprintf("bc-%d", i), fmt.Sprintf("b-%d", i))
	}
	brokenLog := e.podLog(t, "broken-0", "app", 0)
	if err := os.WriteFile(brokenLog, []byte(cri.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	want = append(want, writeLines(t, good, "n", 100, 100)...)

	// A file deleted while it is read, and one truncated.
	del := e.podLog(t, "del-0", "app", 0)
	delIDs := writeLines(t, del, "d", 0, 20000)
	trunc := e.podLog(t, "trunc-0", "app", 0)
	writeLines(t, trunc, "t", 0, 20000)
	p.waitUntil(t, "reading the files to delete and truncate", func() bool { return out.has("d-0", "t-0") })
	if err := os.Remove(del); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(trunc, 0); err != nil {
		t.Fatal(err)
	}
	truncIDs := writeLines(t, trunc, "t2", 0, 50)
	want = append(want, writeLines(t, good, "n", 200, 100)...)

	// One huge line without a newline.
	size := 100 << 20
	if raceEnabled {
		size = 16 << 20
	}
	huge := e.podLog(t, "huge-0", "app", 0)
	content := strings.Repeat("0123456789abcdef", size/16)
	if err := os.WriteFile(huge, []byte(criTime+" stdout F "+content), 0o644); err != nil {
		t.Fatal(err)
	}
	want = append(want, writeLines(t, good, "n", 300, 100)...)
	out.waitFor(t, p, want)
	out.waitFor(t, p, broken)
	out.waitFor(t, p, delIDs)
	out.waitFor(t, p, truncIDs)
	hugeBytes := func() int {
		n := 0
		for _, r := range out.records() {
			if r.Pod == "huge-0" {
				n += len(r.Message)
			}
		}
		return n
	}
	// Its end is emitted once the file is gone (after the tailer's 5s
	// RotateWait).
	p.waitUntil(t, "most of the huge line", func() bool { return hugeBytes() >= size-(256<<10) })
	if err := os.Remove(huge); err != nil {
		t.Fatal(err)
	}
	p.waitUntil(t, "all of the huge line", func() bool { return hugeBytes() == len(content) })
	want = append(want, writeLines(t, good, "n", 400, 100)...)
	out.waitFor(t, p, want)

	_, body := scrape(addr)
	for reason, n := range wantSkipped {
		if v, _ := metricValue(body, fmt.Sprintf("relevel_files_skipped_total{reason=%q}", reason)); v != n {
			t.Errorf("relevel_files_skipped_total{reason=%q} = %v; want %v", reason, v, n)
		}
	}
	for reason, least := range map[string]float64{"bad_timestamp": 2, "not_container_format": 3} {
		if v, _ := metricValue(body, fmt.Sprintf("relevel_malformed_records_total{reason=%q}", reason)); v < least {
			t.Errorf("relevel_malformed_records_total{reason=%q} = %v; want at least %v", reason, v, least)
		}
	}
	p.stop(t)
	logs := p.stderr.String()
	for _, name := range []string{
		filepath.Join(loopDir, "0.log"), filepath.Join(containers, "x.log"),
		e.podLog(t, "dir-0", "app", 0), e.podLog(t, "fifo-0", "app", 0),
	} {
		if n := strings.Count(logs, `"path":"`+name+`"`); n != 1 {
			t.Errorf("%s logged %d times; want once", name, n)
		}
	}
	for _, reason := range []string{"bad_timestamp", "not_container_format"} {
		if n := strings.Count(logs, `"path":"`+brokenLog+`","reason":"`+reason+`"`); n != 1 {
			t.Errorf("malformed lines of %s (%s) logged %d times; want once", brokenLog, reason, n)
		}
	}
	// Exactly once for the neighbour; the good lines read under two names
	// (pods/ and containers/) too.
	counts := map[string]int{}
	for _, r := range out.records() {
		for _, id := range r.ids() {
			counts[id]++
		}
	}
	for _, id := range append(want, append(delIDs, broken...)...) {
		if counts[id] != 1 {
			t.Errorf("%s delivered %d times; want once", id, counts[id])
		}
	}
	t.Logf("%d records in all; huge line %d bytes", len(out.records()), len(content))
}
