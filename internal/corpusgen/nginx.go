package corpusgen

import (
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"time"
)

// nginx is a C program: no script of ours runs inside it to report the
// level of each call. The generator provokes events whose log calls are
// known from nginx's source, and each line's level is the level that
// source passes to ngx_log_error for the message written (nginxMessages),
// never the bracketed word nginx prints: a line whose message is not in
// the table stops the generation.

// serverMessage is a message a server writes and the level its source logs
// it at (nginx's here; PostgreSQL's, Redis's and MariaDB's in their files).
type serverMessage struct {
	re     *regexp.Regexp
	level  string
	source string
}

// findMessage returns the row of table whose pattern matches text.
func findMessage(table []serverMessage, text string) (serverMessage, bool) {
	for _, m := range table {
		if m.re.MatchString(text) {
			return m, true
		}
	}
	return serverMessage{}, false
}

var nginxMessages = []serverMessage{
	{regexp.MustCompile(`^conflicting server name `), LevelWarning, "ngx_http.c ngx_http_server_names: NGX_LOG_WARN"},
	{regexp.MustCompile(`^using the "\w+" event method$`), LevelNotice, "ngx_event.c ngx_event_process_init: NGX_LOG_NOTICE"},
	{regexp.MustCompile(`^nginx/[0-9.]+$`), LevelNotice, "ngx_posix_init.c ngx_os_status: NGX_LOG_NOTICE"},
	{regexp.MustCompile(`^built (by|with) `), LevelNotice, "ngx_posix_init.c ngx_os_status: NGX_LOG_NOTICE"},
	{regexp.MustCompile(`^OS: `), LevelNotice, "ngx_linux_init.c ngx_os_specific_status: NGX_LOG_NOTICE"},
	{regexp.MustCompile(`^getrlimit\(RLIMIT_NOFILE\): `), LevelNotice, "ngx_posix_init.c ngx_os_status: NGX_LOG_NOTICE"},
	{regexp.MustCompile(`^start worker process(es| \d+)$`), LevelNotice, "ngx_process_cycle.c ngx_start_worker_processes / ngx_process.c ngx_spawn_process: NGX_LOG_NOTICE"},
	{regexp.MustCompile(`^\*\d+ open\(\) ".*" failed \(2: No such file or directory\)`), LevelError, "ngx_http_static_module.c ngx_http_static_handler: NGX_LOG_ERR (log_not_found)"},
	{regexp.MustCompile(`^\*\d+ client .* closed keepalive connection$`), LevelInfo, "ngx_http_request.c ngx_http_set_keepalive: NGX_LOG_INFO"},
	{regexp.MustCompile(`^\*\d+ client closed connection while waiting for request`), LevelInfo, "ngx_http_request.c ngx_http_wait_request_handler: NGX_LOG_INFO"},
	{regexp.MustCompile(`^\*\d+ connect\(\) failed \(111: Connection refused\) while connecting to upstream`), LevelError, "ngx_event_connect.c ngx_event_connect_peer: ECONNREFUSED, NGX_LOG_ERR"},
	{regexp.MustCompile(`^\*\d+ connect\(\) to unix:.* failed \(2: No such file or directory\) while connecting to upstream`), LevelCritical, "ngx_event_connect.c ngx_event_connect_peer: other errors, NGX_LOG_CRIT"},
	{regexp.MustCompile(`^signal \d+ \(SIG\w+\) received`), LevelNotice, "ngx_process.c ngx_signal_handler: NGX_LOG_NOTICE"},
	{regexp.MustCompile(`^(gracefully shutting down|exiting|exit)$`), LevelNotice, "ngx_process_cycle.c ngx_worker_process_cycle / ngx_master_process_exit: NGX_LOG_NOTICE"},
	{regexp.MustCompile(`^worker process \d+ exited with code 0$`), LevelNotice, "ngx_process.c ngx_process_get_status: NGX_LOG_NOTICE"},
	{regexp.MustCompile(`^unknown directive "`), LevelEmergency, "ngx_conf_file.c ngx_conf_handler: NGX_LOG_EMERG"},
	{regexp.MustCompile(`^bind\(\) to .* failed \(98: Address already in use\)$`), LevelEmergency, "ngx_connection.c ngx_open_listening_sockets: NGX_LOG_EMERG"},
	{regexp.MustCompile(`^still could not bind\(\)$`), LevelEmergency, "ngx_connection.c ngx_open_listening_sockets: NGX_LOG_EMERG"},
	{regexp.MustCompile(`^try again to bind\(\) after 500ms$`), LevelNotice, "ngx_connection.c ngx_open_listening_sockets: NGX_LOG_NOTICE"},
}

// nginxLine takes a line apart as nginx writes it: the message after its
// time, bracketed level and pids (or after "nginx: [level] "). ok is false
// for a line without that layout (ngx_log_stderr's own lines).
var nginxLine = regexp.MustCompile(`^(?:\d{4}/\d\d/\d\d \d\d:\d\d:\d\d \[\w+\] \d+#\d+: |nginx: \[\w+\] )(.*)$`)

// nginxConf serves html/, proxies /up to a closed port and /sock to a
// missing socket, and names one server twice.
const nginxConf = `daemon off;
master_process on;
worker_processes 1;
pid %[1]s/%[4]s;
error_log stderr info;
events { worker_connections 64; }
http {
  access_log off;
  client_body_temp_path %[1]s/tmp;
  proxy_temp_path %[1]s/tmp;
  fastcgi_temp_path %[1]s/tmp;
  uwsgi_temp_path %[1]s/tmp;
  scgi_temp_path %[1]s/tmp;
  server {
    listen 127.0.0.1:%[2]d;
    server_name app;
    root %[1]s/html;
    location /up { proxy_pass http://127.0.0.1:%[3]d; }
    location /sock { proxy_pass http://unix:%[1]s/missing.sock; }
  }
  server { listen 127.0.0.1:%[2]d; server_name app; }
}
`

// driveNginx runs a configuration test that fails, then the server: a
// start, requests for a missing file, to a refused upstream and to a
// missing socket, a second server that cannot bind the port, then
// SIGQUIT's graceful stop.
func driveNginx(prog, dir string) ([]byte, []Record, error) {
	port, err := freePort()
	if err != nil {
		return nil, nil, err
	}
	closed, err := freePort()
	if err != nil {
		return nil, nil, err
	}
	// nginx's workers run as nobody when the master is root: they must
	// reach html/ through the temporary directory, made private.
	for _, d := range []string{filepath.Dir(dir), dir} {
		if err := os.Chmod(d, 0o755); err != nil {
			return nil, nil, err
		}
	}
	for _, d := range []string{"html", "tmp"} {
		if err := os.Mkdir(filepath.Join(dir, d), 0o755); err != nil {
			return nil, nil, err
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "html", "index.html"), []byte("ok\n"), 0o644); err != nil {
		return nil, nil, err
	}
	conf := filepath.Join(dir, "nginx.conf")
	if err := os.WriteFile(conf, fmt.Appendf(nil, nginxConf, dir, port, closed, "nginx.pid"), 0o644); err != nil {
		return nil, nil, err
	}
	conf2 := filepath.Join(dir, "second.conf")
	if err := os.WriteFile(conf2, fmt.Appendf(nil, nginxConf, dir, port, closed, "second.pid"), 0o644); err != nil {
		return nil, nil, err
	}
	bad := filepath.Join(dir, "bad.conf")
	if err := os.WriteFile(bad, []byte("worker_procs 1;\n"), 0o644); err != nil {
		return nil, nil, err
	}
	// One writer for all nginx processes, whose output is copied by a
	// goroutine per command: the recorder's Write is locked.
	log := &recorder{}
	// The error log as the official image has it, a link to /dev/stderr:
	// a message above warn before the configuration is read is written
	// to it and, as "nginx: [emerg] msg", to stderr itself.
	test := exec.Command(prog, "-t", "-p", dir, "-c", bad, "-e", "/dev/stderr")
	test.Stdout, test.Stderr = log, log
	if code, err := exitCode(test.Run()); err != nil || code != 1 {
		return nil, nil, fmt.Errorf("nginx -t on a bad configuration: exit %d, %v\n%s", code, err, log.buf.Bytes())
	}
	srv := exec.Command(prog, "-p", dir, "-c", conf)
	srv.Stdout, srv.Stderr = log, log
	if err := srv.Start(); err != nil {
		return nil, nil, err
	}
	stop := func() {
		srv.Process.Signal(syscall.SIGQUIT)
		srv.Wait()
	}
	if err := waitPort(port); err != nil {
		stop()
		return nil, nil, err
	}
	client := &http.Client{Timeout: 5 * time.Second}
	for _, path := range []string{"/", "/missing.png", "/up/items", "/sock/status"} {
		resp, err := client.Get(fmt.Sprintf("http://127.0.0.1:%d%s", port, path))
		if err != nil {
			stop()
			return nil, nil, err
		}
		resp.Body.Close()
	}
	client.CloseIdleConnections()
	time.Sleep(200 * time.Millisecond)
	// A second nginx on the same port: bind() fails, five tries.
	second := exec.Command(prog, "-p", dir, "-c", conf2)
	second.Stdout, second.Stderr = log, log
	if code, err := exitCode(second.Run()); err != nil || code != 1 {
		stop()
		return nil, nil, fmt.Errorf("a second nginx on port %d: exit %d, %v\n%s", port, code, err, log.buf.Bytes())
	}
	stop()
	recs, err := nginxTruth(log.buf.Bytes())
	return log.buf.Bytes(), recs, err
}

// nginxTruth gives each line the level nginx's source logs its message at.
func nginxTruth(log []byte) ([]Record, error) {
	var recs []Record
	for i, line := range strings.Split(strings.TrimSuffix(string(log), "\n"), "\n") {
		rec := Record{Line: i + 1, Lines: 1, Format: FormatNone, Level: LevelNone, Call: "ngx_log_stderr (no level)"}
		if m := nginxLine.FindStringSubmatch(line); m != nil {
			nm, found := findMessage(nginxMessages, m[1])
			rec.Format, rec.Level, rec.Call = FormatNginx, nm.level, nm.source
			if !found {
				return nil, fmt.Errorf("nginx line %d: no level known for %q: add its message to nginxMessages", i+1, line)
			}
		}
		recs = append(recs, rec)
	}
	return recs, nil
}

func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

func waitPort(port int) error {
	for i := 0; i < 100; i++ {
		c, err := net.Dial("tcp", fmt.Sprintf("127.0.0.1:%d", port))
		if err == nil {
			c.Close()
			return nil
		}
		time.Sleep(50 * time.Millisecond)
	}
	return fmt.Errorf("nothing listens on port %d", port)
}

func nginxStreams() []*stream {
	return []*stream{{logger: "nginx", name: "error-log", ext: &extRun{
		prog: "nginx", install: "apt-get install nginx-light (or nginx)",
		version: []string{"nginx", "-v"}, drive: driveNginx,
	}, desc: "nginx's error log on stderr at level info: a configuration test that fails, a start with a server name given twice, " +
		"requests for a missing file, to a refused upstream and to a missing socket, SIGQUIT; each line's level is the one nginx's source " +
		"logs its message at (nginxMessages), not the bracketed word"}}
}
