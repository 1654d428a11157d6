package corpusgen

import (
	"bytes"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"time"
)

// RabbitMQ is an Erlang server: the generator starts a throwaway node with
// its log on stdout (RABBITMQ_LOGS=-, as the official image sets it) and a
// memory watermark below what it uses, sends one connection a bad protocol
// header and closes another mid-handshake, then stops it with SIGTERM.
// Since 3.9 its logger writes "<RFC 3339 time> [level] <pid> msg" and
// repeats that prefix on every line of a multi-line message. A line's level
// is the one RabbitMQ's (or OTP's) source logs its message at
// (rabbitMessages); only a line printed at [info] may be missing from the
// table, as the dozens of lines of a boot are. The banner and the plugin
// count that the boot prints straight to stdout are lines of no format.

var rabbitMessages = []serverMessage{
	{regexp.MustCompile(`^Application \w+ exited with reason: stopped$`), LevelNotice, "OTP application_controller.erl info_exited: ?LOG_NOTICE"},
	{regexp.MustCompile(`^Logging: switching to configured handler`), LevelNotice, "rabbit_prelaunch_logging.erl: ?LOG_NOTICE"},
	{regexp.MustCompile(`^Logging: configured log handlers are now ACTIVE$`), LevelNotice, "rabbit_prelaunch_logging.erl: ?LOG_NOTICE"},
	{regexp.MustCompile(`^WAL: \w+ init, `), LevelNotice, "ra_log_wal.erl init: ?NOTICE"},
	{regexp.MustCompile(`^memory resource limit alarm set on node `), LevelWarning, "rabbit_alarm.erl handle_set_resource_alarm: rabbit_log:warning"},
	{regexp.MustCompile(`^Message store ".*": rebuilding indices from scratch$`), LevelWarning, "rabbit_msg_store.erl: rabbit_log:warning"},
	{regexp.MustCompile(`^closing AMQP connection <[0-9.]+> \(.*\):$`), LevelError, "rabbit_reader.erl handle_exception: rabbit_log_connection:error"},
	{regexp.MustCompile(`^SIGTERM received - shutting down$`), LevelNotice, "rabbit_prelaunch_sighandler.erl: ?LOG_NOTICE"},
}

// rabbitUnexpectedClose is the warning rabbit_reader.erl logs, instead of
// the error above, for a client that closes its socket mid-handshake: the
// same first line, this second one.
const rabbitUnexpectedClose = "client unexpectedly closed TCP connection"

// rabbitLine is a line of RabbitMQ's log: its time, level, pid, message.
var rabbitLine = regexp.MustCompile(`^(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d+[+-]\d\d:\d\d) \[([a-z]+)\] (<[0-9.]+>) (.*)$`)

// rabbitLineStart finds a log line's prefix inside a line.
var rabbitLineStart = regexp.MustCompile(`\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d+[+-]\d\d:\d\d \[[a-z]+\] <[0-9.]+> `)

func driveRabbitMQ(prog, dir string) ([]byte, []Record, error) {
	port, err := freePort()
	if err != nil {
		return nil, nil, err
	}
	dist, err := freePort()
	if err != nil {
		return nil, nil, err
	}
	// The boot logs some 300 lines at info: it runs at notice, and the
	// level goes to info once it is up (rabbitmqctl set_log_level).
	conf := "vm_memory_high_watermark.absolute = 10MB\nlog.console = true\nlog.console.level = notice\n"
	if err := os.WriteFile(filepath.Join(dir, "rabbitmq.conf"), []byte(conf), 0o644); err != nil {
		return nil, nil, err
	}
	if err := os.MkdirAll(filepath.Join(dir, "home"), 0o700); err != nil {
		return nil, nil, err
	}
	// A node name of its own: epmd refuses a second node of one name, and
	// go test runs the packages that generate the corpus side by side.
	node := fmt.Sprintf("relevel-corpus-%d@localhost", port)
	log := &recorder{}
	srv := exec.Command(prog)
	srv.Env = append(os.Environ(),
		"HOME="+filepath.Join(dir, "home"), // the Erlang cookie
		"RABBITMQ_MNESIA_BASE="+filepath.Join(dir, "mnesia"),
		"RABBITMQ_LOG_BASE="+filepath.Join(dir, "log"),
		"RABBITMQ_LOGS=-",
		"RABBITMQ_NODENAME="+node,
		"ERL_CRASH_DUMP="+filepath.Join(dir, "erl_crash.dump"), // not the test's working directory
		fmt.Sprintf("RABBITMQ_NODE_PORT=%d", port),
		fmt.Sprintf("RABBITMQ_DIST_PORT=%d", dist),
		"RABBITMQ_ENABLED_PLUGINS_FILE="+filepath.Join(dir, "enabled_plugins"),
		"RABBITMQ_CONFIG_FILE="+filepath.Join(dir, "rabbitmq"))
	srv.Stdout, srv.Stderr = log, log
	if err := srv.Start(); err != nil {
		return nil, nil, err
	}
	fail := stopFailed(srv, log)
	if err := waitLog(log, "completed with 0 plugins", 60*time.Second); err != nil {
		return fail(err)
	}
	// Debian's /usr/sbin/rabbitmqctl runs the one beside the server as
	// the rabbitmq user; that one runs as whoever calls it.
	ctls, _ := filepath.Glob(filepath.Join(filepath.Dir(filepath.Dir(prog)), "lib", "rabbitmq_server-*", "sbin", "rabbitmqctl"))
	if len(ctls) != 1 {
		return fail(fmt.Errorf("rabbitmqctl: found %q beside %s", ctls, prog))
	}
	ctl := exec.Command(ctls[0], "-n", node, "set_log_level", "info")
	ctl.Env = srv.Env
	if out, err := ctl.CombinedOutput(); err != nil {
		return fail(fmt.Errorf("rabbitmqctl set_log_level: %v: %s", err, out))
	}
	// A bad protocol header (error), then a client that sends the header
	// and closes before the handshake's end (warning).
	for _, c := range []struct{ send, want string }{
		{"GARBAGE!", "bad_header"},
		{"AMQP\x00\x00\x09\x01", rabbitUnexpectedClose},
	} {
		conn, err := net.Dial("tcp", fmt.Sprintf("127.0.0.1:%d", port))
		if err != nil {
			return fail(err)
		}
		conn.Write([]byte(c.send))
		conn.SetReadDeadline(time.Now().Add(5 * time.Second))
		conn.Read(make([]byte, 64)) // the server's reply, or its close
		conn.Close()
		if err := waitLog(log, c.want, 30*time.Second); err != nil {
			return fail(err)
		}
	}
	if err := stopServer(srv, log, "rabbitmq-server"); err != nil {
		return nil, nil, err
	}
	recs, err := rabbitRecords(log.buf.String())
	return log.buf.Bytes(), recs, err
}

// stopFailed returns what a server's driver returns when a step fails:
// the server killed and the error with the server's log so far.
func stopFailed(srv *exec.Cmd, log *recorder) func(error) ([]byte, []Record, error) {
	return func(err error) ([]byte, []Record, error) {
		srv.Process.Kill()
		srv.Wait()
		return nil, nil, fmt.Errorf("%v\n%s", err, log.buf.Bytes())
	}
}

// stopServer stops a server with SIGTERM and requires it to exit 0.
func stopServer(srv *exec.Cmd, log *recorder, name string) error {
	srv.Process.Signal(syscall.SIGTERM)
	if code, err := exitCode(srv.Wait()); err != nil || code != 0 {
		return fmt.Errorf("%s exited %d, %v\n%s", name, code, err, log.buf.Bytes())
	}
	return nil
}

// waitLog waits until the log holds text, or fails after d.
func waitLog(log *recorder, text string, d time.Duration) error {
	for end := time.Now().Add(d); time.Now().Before(end); time.Sleep(50 * time.Millisecond) {
		log.mu.Lock()
		ok := bytes.Contains(log.buf.Bytes(), []byte(text))
		log.mu.Unlock()
		if ok {
			return nil
		}
	}
	return fmt.Errorf("no %q in the server's log after %v", text, d)
}

// rabbitRecords covers RabbitMQ's log. The lines of one event share their
// prefix (time and pid) and take the level of its first line.
func rabbitRecords(out string) ([]Record, error) {
	var recs []Record
	var event string // the prefix of the event being covered
	var ev serverMessage
	for i, line := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		m := rabbitLine.FindStringSubmatch(line)
		glued := false
		if m == nil {
			// The boot's "  Starting broker..." has no newline: the
			// next log line, often an event's first, is glued to it.
			if k := rabbitLineStart.FindStringIndex(line); k != nil && k[0] > 0 {
				m, glued = rabbitLine.FindStringSubmatch(line[k[0]:]), true
			}
		}
		if m == nil || glued {
			recs = append(recs, Record{Line: i + 1, Lines: 1, Format: FormatNone, Call: "rabbitmq-server's boot, printed straight to stdout"})
			event = ""
			if m == nil {
				continue
			}
		}
		if prefix := m[1] + m[3]; prefix != event {
			event = prefix
			var ok bool
			if ev, ok = findMessage(rabbitMessages, m[4]); !ok {
				if m[2] != "info" {
					return nil, fmt.Errorf("rabbitmq line %d: no level known for %q: add its message to rabbitMessages", i+1, line)
				}
				ev = serverMessage{level: LevelInfo, source: "a boot or shutdown message, printed at [info]"}
			}
			if glued {
				continue
			}
		} else if m[4] == rabbitUnexpectedClose && ev.level == LevelError {
			// The same first line, logged at warning (see above): the
			// event's level is known only from its second line.
			ev = serverMessage{level: LevelWarning, source: "rabbit_reader.erl handle_exception (client closed): rabbit_log_connection:warning"}
			recs[len(recs)-1].Level, recs[len(recs)-1].Call = ev.level, ev.source
		}
		recs = append(recs, Record{Line: i + 1, Lines: 1, Format: FormatRabbitMQ, Level: ev.level, Call: ev.source})
	}
	return recs, nil
}

func rabbitmqStreams() []*stream {
	return []*stream{{logger: "rabbitmq", name: "server", ext: &extRun{
		prog: "/usr/lib/rabbitmq/bin/rabbitmq-server", install: "apt-get install rabbitmq-server",
		version: []string{"sh", "-c", "dpkg-query -W -f 'rabbitmq-server ${Version}; ' rabbitmq-server; dpkg-query -W -f 'erlang-base ${Version}' erlang-base"},
		drive:   driveRabbitMQ,
	}, desc: "rabbitmq-server with its log on stdout (RABBITMQ_LOGS=-) and a memory watermark below its use: boot, the memory alarm, " +
		"a bad protocol header, a client closing mid-handshake, SIGTERM; each line's level is the one RabbitMQ's source logs its message at (rabbitMessages), " +
		"or [info] for the boot's other lines; the boot's banner is of no format"}}
}
