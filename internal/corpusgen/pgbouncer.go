package corpusgen

import (
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// PgBouncer is PostgreSQL's connection pooler, a C program in front of most
// PostgreSQL clusters on Kubernetes (CloudNativePG, the Zalando and Crunchy
// operators). The generator starts it with its log on stderr, as those run
// it, and a database whose server does not answer, then connects a client
// to that database and one to a database it does not know, and stops it
// with SIGTERM. It writes "<time> <zone> [pid] LEVEL msg", a line a call; a
// line's level is the word its log functions print (log_info prints LOG,
// log_warning WARNING, log_error ERROR, fatal FATAL). PgBouncer refuses to
// run as root: as root it runs as PostgreSQL's user, as the cluster does.

// pgbouncerLine is a line of PgBouncer's log; its group is the level.
var pgbouncerLine = regexp.MustCompile(`^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3} [A-Z]+ \[\d+\] ([A-Z]+) `)

var pgbouncerLevels = map[string]string{"NOISE": LevelDebug, "DEBUG": LevelDebug, "LOG": LevelInfo, "WARNING": LevelWarning, "ERROR": LevelError, "FATAL": LevelCritical}

func drivePgBouncer(prog, dir string) ([]byte, []Record, error) {
	attr, uid, err := postgresCred()
	if err != nil {
		return nil, nil, err
	}
	if uid != "" {
		n, _ := strconv.Atoi(uid)
		for _, d := range []string{filepath.Dir(dir), dir} {
			if err := os.Chown(d, n, -1); err != nil {
				return nil, nil, err
			}
		}
	}
	port, err := freePort()
	if err != nil {
		return nil, nil, err
	}
	dead, err := freePort() // nothing listens there: the database's server is down
	if err != nil {
		return nil, nil, err
	}
	ini := fmt.Sprintf(`[databases]
app = host=127.0.0.1 port=%d dbname=app
[pgbouncer]
listen_addr = 127.0.0.1
listen_port = %d
auth_type = trust
auth_file = %s
logfile =
pidfile =
unix_socket_dir =
`, dead, port, filepath.Join(dir, "users.txt"))
	for name, text := range map[string]string{"pgbouncer.ini": ini, "users.txt": `"app" ""` + "\n"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			return nil, nil, err
		}
	}
	log := &recorder{}
	srv := exec.Command(prog, filepath.Join(dir, "pgbouncer.ini"))
	srv.Dir = dir
	srv.SysProcAttr = attr
	srv.Env = append(os.Environ(), "TZ=UTC")
	srv.Stdout, srv.Stderr = log, log
	if err := srv.Start(); err != nil {
		return nil, nil, err
	}
	fail := stopFailed(srv, log)
	if err := waitLog(log, "process up", 30*time.Second); err != nil {
		return fail(err)
	}
	// A client of the database whose server is down, which gives up once
	// PgBouncer has failed to reach the server, and one of a database
	// PgBouncer does not know.
	for _, c := range []struct{ db, want string }{
		{"app", "closing because: connect failed"},
		{"nodb", "no such database: nodb"},
	} {
		conn, err := net.Dial("tcp", fmt.Sprintf("127.0.0.1:%d", port))
		if err != nil {
			return fail(err)
		}
		params := "user\x00app\x00database\x00" + c.db + "\x00\x00"
		msg := []byte{0, 0, 0, 0, 0, 3, 0, 0}
		n := len(msg) + len(params)
		msg[0], msg[1], msg[2], msg[3] = byte(n>>24), byte(n>>16), byte(n>>8), byte(n)
		conn.Write(append(msg, params...))
		err = waitLog(log, c.want, 30*time.Second)
		conn.Close()
		if err != nil {
			return fail(err)
		}
	}
	srv.Process.Signal(syscall.SIGTERM)
	srv.Wait() // PgBouncer's fast exit on SIGTERM ends it with a status of its own
	recs, err := pgbouncerRecords(log.buf.String())
	return log.buf.Bytes(), recs, err
}

// pgbouncerRecords reads PgBouncer's log: every line is a record.
func pgbouncerRecords(out string) ([]Record, error) {
	var recs []Record
	for i, line := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		m := pgbouncerLine.FindStringSubmatch(line)
		if m == nil {
			return nil, fmt.Errorf("pgbouncer line %d is none of its log's: %q", i+1, line)
		}
		level, ok := pgbouncerLevels[m[1]]
		if !ok {
			return nil, fmt.Errorf("pgbouncer line %d: no level %q", i+1, m[1])
		}
		recs = append(recs, Record{Line: i + 1, Lines: 1, Format: FormatPostgres, Level: level, Call: "PgBouncer's log at " + m[1]})
	}
	return recs, nil
}

func pgbouncerStreams() []*stream {
	return []*stream{{logger: "postgres", name: "pgbouncer", ext: &extRun{
		prog: "/usr/sbin/pgbouncer", install: "apt-get install pgbouncer",
		version: []string{"dpkg-query", "-W", "-f", "pgbouncer ${Version}", "pgbouncer"},
		drive:   drivePgBouncer,
	}, desc: "pgbouncer with its log on stderr and a database whose server does not answer: start, a client of that database that gives up, " +
		"a client of a database it does not know, SIGTERM; each line's level is the word PgBouncer's log functions print"}}
}
