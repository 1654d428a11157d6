package corpusgen

import (
	"encoding/binary"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"time"
)

// PHP-FPM is a C server: as for nginx and Redis, the generator provokes
// events and each line's level is the level PHP-FPM's source passes zlog
// for its message (phpfpmMessages), never the word it prints for it. It
// runs twice, its log on stderr as in a container (error_log =
// /proc/self/fd/2): once, when run as root, with a pool that cannot start
// (an ALERT and the ERRORs after it), then with a pool serving one FastCGI request to a
// script that writes to stderr, calls error_log(), raises a warning and
// sleeps past request_slowlog_timeout (the slow log's trace, with the
// record that announces it) and request_terminate_timeout, and then
// SIGTERM.

var phpfpmMessages = []serverMessage{
	{regexp.MustCompile(`^\[pool \S+\] user has not been defined$`), LevelAlert, "fpm_conf.c fpm_conf_process_all_pools: zlog(ZLOG_ALERT)"},
	{regexp.MustCompile(`^failed to post process the configuration$`), LevelError, "fpm_conf.c fpm_conf_init_main: zlog(ZLOG_ERROR)"},
	{regexp.MustCompile(`^FPM initialization failed$`), LevelError, "fpm.c fpm_init: zlog(ZLOG_ERROR)"},
	{regexp.MustCompile(`^\[pool \S+\] pm\.start_servers is not set\. It's been set to \d+\.$`), LevelNotice, "fpm_conf.c fpm_conf_process_all_pools: zlog(ZLOG_NOTICE)"},
	{regexp.MustCompile(`^fpm is running, pid \d+$`), LevelNotice, "fpm.c fpm_init: zlog(ZLOG_NOTICE)"},
	{regexp.MustCompile(`^ready to handle connections$`), LevelNotice, "fpm_events.c fpm_event_loop: zlog(ZLOG_NOTICE)"},
	{regexp.MustCompile(`^systemd monitor interval set to \d+ms$`), LevelNotice, "fpm_systemd.c fpm_systemd_conf: zlog(ZLOG_NOTICE)"},
	{regexp.MustCompile(`^\[pool \S+\] child \d+ said into stderr: `), LevelWarning, "fpm_stdio.c fpm_stdio_child_said: zlog(ZLOG_WARNING)"},
	{regexp.MustCompile(`^\[pool \S+\] child \d+, script '.*' \(request: .*\) executing too slow`), LevelWarning, "fpm_request.c fpm_request_check_timed_out: zlog(ZLOG_WARNING)"},
	{regexp.MustCompile(`^child \d+ stopped for tracing$`), LevelNotice, "fpm_children.c fpm_children_bury: zlog(ZLOG_NOTICE)"},
	{regexp.MustCompile(`^about to trace \d+$`), LevelNotice, "fpm_php_trace.c fpm_php_trace: zlog(ZLOG_NOTICE)"},
	{regexp.MustCompile(`^finished trace of \d+$`), LevelNotice, "fpm_php_trace.c fpm_php_trace: zlog(ZLOG_NOTICE)"},
	{regexp.MustCompile(`^\[pool \S+\] child \d+, script '.*' \(request: .*\) execution timed out`), LevelWarning, "fpm_request.c fpm_request_check_timed_out: zlog(ZLOG_WARNING)"},
	{regexp.MustCompile(`^\[pool \S+\] child \d+ exited on signal \d+`), LevelWarning, "fpm_children.c fpm_children_bury: zlog(ZLOG_WARNING)"},
	{regexp.MustCompile(`^\[pool \S+\] child \d+ started$`), LevelNotice, "fpm_children.c fpm_children_make: zlog(ZLOG_NOTICE)"},
	{regexp.MustCompile(`^Terminating \.\.\.$`), LevelNotice, "fpm_signals.c sig_soft_quit: zlog(ZLOG_NOTICE)"},
	{regexp.MustCompile(`^exiting, bye-bye!$`), LevelNotice, "fpm_pctl.c fpm_pctl_exit: zlog(ZLOG_NOTICE)"},
}

// phpfpmLine is a line of the master's log: "[02-Dec-2026 04:30:22] LEVEL: msg".
var phpfpmLine = regexp.MustCompile(`^\[\d\d-\w{3}-\d{4} \d\d:\d\d:\d\d\] [A-Z]+: (.*)$`)

// phpfpmScript writes to stderr, logs through error_log(), raises a user
// warning and sleeps past the slow-log and terminate timeouts.
const phpfpmScript = `<?php
$e = fopen('php://stderr', 'w');
fwrite($e, "cache directory /var/cache/app is not writable\n");
error_log("payment gateway returned 502");
trigger_error("deprecated setting session.hash_function", E_USER_WARNING);
sleep(3);
echo "done";
`

func drivePHPFPM(prog, dir string) ([]byte, []Record, error) {
	log := &recorder{}
	run := func(conf string, allowRoot bool, request bool) error {
		path := filepath.Join(dir, "fpm.conf")
		if err := os.WriteFile(path, []byte(conf), 0o644); err != nil {
			return err
		}
		args := []string{"-F", "-O", "-y", path}
		if allowRoot && os.Geteuid() == 0 {
			args = append(args, "-R")
		}
		cmd := exec.Command(prog, args...)
		cmd.Stdout, cmd.Stderr = log, log
		if err := cmd.Start(); err != nil {
			return err
		}
		if !request {
			t := time.AfterFunc(20*time.Second, func() { cmd.Process.Kill() })
			defer t.Stop()
			code, err := exitCode(cmd.Wait())
			if err == nil && code != 78 {
				err = fmt.Errorf("php-fpm exited %d, want 78 (EX_CONFIG)", code)
			}
			return err
		}
		port := portOf(conf)
		err := waitPort(port)
		if err == nil {
			err = fastCGIGet(port, filepath.Join(dir, "slow.php"))
		}
		cmd.Process.Signal(syscall.SIGTERM)
		if code, werr := exitCode(cmd.Wait()); err == nil && (werr != nil || code != 0) {
			err = fmt.Errorf("php-fpm exited %d, %v", code, werr)
		}
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "slow.php"), []byte(phpfpmScript), 0o644); err != nil {
		return nil, nil, err
	}
	p1, err := freePort()
	if err != nil {
		return nil, nil, err
	}
	global := "[global]\nerror_log = /proc/self/fd/2\ndaemonize = no\n"
	// No user for the pool, as a root master requires: it cannot start.
	// (Run by another user, the master ignores the user directive.)
	if os.Geteuid() == 0 {
		if err := run(global+fmt.Sprintf("[www]\nlisten = 127.0.0.1:%d\npm = static\npm.max_children = 1\n", p1), false, false); err != nil {
			return nil, nil, fmt.Errorf("php-fpm with a pool without a user: %v\n%s", err, log.buf.Bytes())
		}
	}
	p2, err := freePort()
	if err != nil {
		return nil, nil, err
	}
	pool := fmt.Sprintf("[www]\nlisten = 127.0.0.1:%d\npm = dynamic\npm.max_children = 5\npm.min_spare_servers = 1\npm.max_spare_servers = 3\n"+
		"request_slowlog_timeout = 1s\nslowlog = /proc/self/fd/2\nrequest_terminate_timeout = 2s\ncatch_workers_output = yes\n", p2)
	if err := run(global+pool, true, true); err != nil {
		return nil, nil, fmt.Errorf("php-fpm serving a request: %v\n%s", err, log.buf.Bytes())
	}
	lines := strings.Split(strings.TrimSuffix(log.buf.String(), "\n"), "\n")
	var recs []Record
	for i, line := range lines {
		m := phpfpmLine.FindStringSubmatch(line)
		if m == nil {
			// The slow log's trace (a blank line, "[date]  [pool www]
			// pid N", the script, its frames) belongs to the record that
			// announced it.
			if len(recs) == 0 || !strings.HasPrefix(recs[len(recs)-1].Call, "fpm_php_trace.c") {
				return nil, nil, fmt.Errorf("php-fpm line %d is no record and follows no trace announcement: %q", i+1, line)
			}
			recs[len(recs)-1].Lines++
			continue
		}
		pm, ok := findMessage(phpfpmMessages, m[1])
		if !ok {
			return nil, nil, fmt.Errorf("php-fpm line %d: no level known for %q: add its message to phpfpmMessages", i+1, line)
		}
		recs = append(recs, Record{Line: i + 1, Lines: 1, Format: FormatPHPFPM, Level: pm.level, Call: pm.source})
	}
	return log.buf.Bytes(), recs, nil
}

// portOf reads the listen port back from a pool configuration.
func portOf(conf string) int {
	var port int
	if i := strings.Index(conf, "listen = 127.0.0.1:"); i >= 0 {
		fmt.Sscan(conf[i+len("listen = 127.0.0.1:"):], &port)
	}
	return port
}

// fastCGIGet makes one FastCGI request (a GET of script) and reads the
// reply to its end: the few records of the protocol a web server sends.
func fastCGIGet(port int, script string) error {
	c, err := net.Dial("tcp", fmt.Sprintf("127.0.0.1:%d", port))
	if err != nil {
		return err
	}
	defer c.Close()
	c.SetDeadline(time.Now().Add(20 * time.Second))
	record := func(typ byte, content []byte) []byte {
		h := []byte{1, typ, 0, 1, 0, 0, 0, 0}
		binary.BigEndian.PutUint16(h[4:], uint16(len(content)))
		return append(h, content...)
	}
	var params []byte
	for _, kv := range [][2]string{{"SCRIPT_FILENAME", script}, {"REQUEST_METHOD", "GET"}, {"SERVER_PROTOCOL", "HTTP/1.1"}} {
		params = append(params, byte(len(kv[0])), byte(len(kv[1])))
		params = append(params, kv[0]+kv[1]...)
	}
	var req []byte
	req = append(req, record(1, []byte{0, 1, 0, 0, 0, 0, 0, 0})...) // BEGIN_REQUEST, responder
	req = append(req, record(4, params)...)                         // PARAMS
	req = append(req, record(4, nil)...)
	req = append(req, record(5, nil)...) // STDIN, empty
	if _, err := c.Write(req); err != nil {
		return err
	}
	// The reply ends with END_REQUEST, or the connection is reset when
	// the child is terminated, as this script's is: either way the
	// request is over.
	io.Copy(io.Discard, c)
	return nil
}

func phpfpmStreams() []*stream {
	return []*stream{{logger: "phpfpm", name: "fpm", ext: &extRun{
		prog: "php-fpm8.2", install: "apt-get install php8.2-fpm",
		version: []string{"sh", "-c", "php-fpm8.2 --version | head -1"}, drive: drivePHPFPM,
	}, desc: "php-fpm8.2's log on stderr: a pool that cannot start (ALERT, ERROR), then a request to a script that writes to stderr, " +
		"calls error_log(), raises a warning and outlives the slow-log and terminate timeouts (the slow log's trace), then SIGTERM; " +
		"each line's level is the one PHP-FPM's source logs its message at (phpfpmMessages), not the printed word"}}
}
