package corpusgen

import (
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"time"
)

// The Apache HTTP Server is a C server: as for nginx, Redis and PHP-FPM,
// the generator provokes events and each line's level is the level
// httpd's source logs its message at (apacheMessages, keyed by the message
// number), never the word it prints. Its error log goes to stderr as in
// the official image (ErrorLog /proc/self/fd/2), at LogLevel info with
// mod_authz_core at debug; a stale pid file makes it warn as it starts,
// then a request for a missing file, one for a denied directory, SIGTERM.

var apacheMessages = []serverMessage{
	{regexp.MustCompile(`AH00098: pid file .* overwritten`), LevelWarning, "log.c ap_log_pid: APLOG_WARNING"},
	{regexp.MustCompile(`AH00489: .* configured -- resuming normal operations$`), LevelNotice, "event.c event_run: APLOG_NOTICE"},
	{regexp.MustCompile(`AH00490: Server built: `), LevelInfo, "event.c event_run: APLOG_INFO"},
	{regexp.MustCompile(`AH00094: Command line: `), LevelNotice, "log.c ap_log_command_line: APLOG_NOTICE"},
	{regexp.MustCompile(`AH01626: authorization result of `), LevelDebug, "mod_authz_core.c authorize_user_core: APLOG_DEBUG"},
	{regexp.MustCompile(`AH01628: authorization result: `), LevelDebug, "mod_authz_core.c authorize_user_core: APLOG_DEBUG"},
	{regexp.MustCompile(`AH00128: File does not exist: `), LevelInfo, "core.c default_handler: APLOG_INFO"},
	{regexp.MustCompile(`AH01630: client denied by server configuration: `), LevelError, "mod_authz_core.c authorize_user_core: APLOG_ERR"},
	{regexp.MustCompile(`AH00096: removed PID file `), LevelInfo, "mpm_common.c ap_remove_pid: APLOG_INFO"},
	{regexp.MustCompile(`AH00491: caught SIGTERM, shutting down$`), LevelNotice, "event.c event_run: APLOG_NOTICE"},
}

// apacheLine is a line of httpd 2.4's error log, its message after the pid.
var apacheLine = regexp.MustCompile(`^\[\w{3} \w{3} \d\d \d\d:\d\d:\d\d\.\d+ \d{4}\] \[[a-z_]*:[a-z0-9]+\] \[pid \d+(:tid \d+)?\] (.*)$`)

func driveApache(prog, dir string) ([]byte, []Record, error) {
	port, err := freePort()
	if err != nil {
		return nil, nil, err
	}
	docs := filepath.Join(dir, "htdocs")
	if err := os.MkdirAll(filepath.Join(docs, "private"), 0o755); err != nil {
		return nil, nil, err
	}
	modules := "/usr/lib/apache2/modules"
	conf := fmt.Sprintf(`ServerRoot %[1]s
PidFile %[1]s/httpd.pid
LoadModule mpm_event_module %[2]s/mod_mpm_event.so
LoadModule authz_core_module %[2]s/mod_authz_core.so
ServerName localhost
Listen 127.0.0.1:%[3]d
ErrorLog /proc/self/fd/2
LogLevel info authz_core:debug
DocumentRoot %[4]s
<Directory />
  AllowOverride None
</Directory>
<Directory %[4]s/private>
  Require all denied
</Directory>
`, dir, modules, port, docs)
	if os.Geteuid() == 0 {
		// The children run as nobody, who must reach the documents.
		conf += "User nobody\nGroup nogroup\n"
		for _, d := range []string{filepath.Dir(dir), dir} { // the generator's own temporary directories
			if err := os.Chmod(d, 0o755); err != nil {
				return nil, nil, err
			}
		}
	}
	confPath := filepath.Join(dir, "httpd.conf")
	if err := os.WriteFile(confPath, []byte(conf), 0o644); err != nil {
		return nil, nil, err
	}
	// The pid file of a run that did not stop cleanly.
	if err := os.WriteFile(filepath.Join(dir, "httpd.pid"), []byte("999999\n"), 0o644); err != nil {
		return nil, nil, err
	}
	log := &recorder{}
	srv := exec.Command(prog, "-f", confPath, "-DFOREGROUND")
	srv.Stdout, srv.Stderr = log, log
	if err := srv.Start(); err != nil {
		return nil, nil, err
	}
	err = waitPort(port)
	client := &http.Client{Timeout: 10 * time.Second}
	for _, p := range []string{"/missing.html", "/private/report.pdf"} {
		if err != nil {
			break
		}
		var resp *http.Response
		if resp, err = client.Get(fmt.Sprintf("http://127.0.0.1:%d%s", port, p)); err == nil {
			resp.Body.Close()
		}
	}
	srv.Process.Signal(syscall.SIGTERM)
	if code, werr := exitCode(srv.Wait()); err == nil && (werr != nil || code != 0) {
		err = fmt.Errorf("apache2 exited %d, %v", code, werr)
	}
	if err != nil {
		return nil, nil, fmt.Errorf("%v\n%s", err, log.buf.Bytes())
	}
	var recs []Record
	for i, line := range strings.Split(strings.TrimSuffix(log.buf.String(), "\n"), "\n") {
		m := apacheLine.FindStringSubmatch(line)
		if m == nil {
			return nil, nil, fmt.Errorf("apache line %d is not in the error log's format: %q", i+1, line)
		}
		am, ok := findMessage(apacheMessages, m[2])
		if !ok {
			return nil, nil, fmt.Errorf("apache line %d: no level known for %q: add its message to apacheMessages", i+1, line)
		}
		recs = append(recs, Record{Line: i + 1, Lines: 1, Format: FormatApache, Level: am.level, Call: am.source})
	}
	return log.buf.Bytes(), recs, nil
}

func apacheStreams() []*stream {
	return []*stream{{logger: "apache", name: "httpd", ext: &extRun{
		prog: "apache2", install: "apt-get install apache2",
		version: []string{"sh", "-c", "apache2 -v | head -1"}, drive: driveApache,
	}, desc: "apache2's error log on stderr at LogLevel info (mod_authz_core at debug): a stale pid file, a missing file, " +
		"a denied directory, SIGTERM; each line's level is the one httpd's source logs its message at (apacheMessages), not the printed word"}}
}
