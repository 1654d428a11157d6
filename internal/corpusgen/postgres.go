package corpusgen

import (
	"fmt"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
)

// PostgreSQL runs a throwaway cluster (initdb, pg_ctl) that logs to
// stderr with its default log_line_prefix, at log_min_messages = info.
// Its reports come from SQL the generator sends: RAISE at each level from
// PL/pgSQL (the level of the call is the level raised), statements that
// fail, a connection to a database that does not exist; the server's own
// start and stop lines are known from its source, as nginx's are. Each
// report's level comes from postgresMessages, matched on its message,
// never from the severity word the server prints. The lines that follow a
// report with its prefix (DETAIL, HINT, CONTEXT, STATEMENT) and TAB lines
// of a multi-line message belong to it.

var postgresMessages = []serverMessage{
	{regexp.MustCompile(`^relevel debug$`), LevelDebug, "RAISE DEBUG (after SET log_min_messages = debug1)"},
	{regexp.MustCompile(`^relevel info$`), LevelInfo, "RAISE INFO"},
	{regexp.MustCompile(`^relevel log$`), LevelInfo, "RAISE LOG"},
	{regexp.MustCompile(`^relevel notice$`), LevelNotice, "RAISE NOTICE"},
	{regexp.MustCompile(`^relevel warning: the cache is cold$`), LevelWarning, "RAISE WARNING with a multi-line message"},
	{regexp.MustCompile(`^relevel exception$`), LevelError, "RAISE EXCEPTION USING DETAIL, HINT"},
	{regexp.MustCompile(`^relation "missing_table" does not exist`), LevelError, "SELECT from a missing table: parse_relation.c parserOpenTable, ereport(ERROR)"},
	{regexp.MustCompile(`^duplicate key value violates unique constraint`), LevelError, "INSERT of a duplicate key: nbtinsert.c _bt_check_unique, ereport(ERROR)"},
	{regexp.MustCompile(`^database "nosuchdb" does not exist$`), LevelCritical, "connection to a missing database: postinit.c InitPostgres, ereport(FATAL)"},
	{regexp.MustCompile(`^starting PostgreSQL `), LevelInfo, "postmaster.c PostmasterMain, ereport(LOG)"},
	{regexp.MustCompile(`^listening on `), LevelInfo, "pqcomm.c StreamServerPort, ereport(LOG)"},
	{regexp.MustCompile(`^database system was shut down at `), LevelInfo, "xlog.c StartupXLOG, ereport(LOG)"},
	{regexp.MustCompile(`^database system is ready to accept connections$`), LevelInfo, "postmaster.c, ereport(LOG)"},
	{regexp.MustCompile(`^received fast shutdown request$`), LevelInfo, "postmaster.c pmdie, ereport(LOG)"},
	{regexp.MustCompile(`^aborting any active transactions$`), LevelInfo, "postmaster.c pmdie, ereport(LOG)"},
	{regexp.MustCompile(`^background worker ".*" \(PID \d+\) exited with exit code 1$`), LevelInfo, "postmaster.c LogChildExit, ereport(LOG)"},
	{regexp.MustCompile(`^shutting down$`), LevelInfo, "xlog.c ShutdownXLOG, ereport(LOG)"},
	{regexp.MustCompile(`^checkpoint (starting|complete): `), LevelInfo, "xlog.c LogCheckpointStart / LogCheckpointEnd, ereport(LOG)"},
	{regexp.MustCompile(`^database system is shut down$`), LevelInfo, "postmaster.c, ereport(LOG)"},
}

// postgresLine takes a report's first line apart; postgresMore matches the
// lines that belong to the report before them.
var (
	postgresLine = regexp.MustCompile(`^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3} \S+ \[\d+\] [A-Z0-9]+:  (.*)$`)
	postgresMore = regexp.MustCompile(`^(?:\t|\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3} \S+ \[\d+\] (?:DETAIL|HINT|QUERY|CONTEXT|LOCATION|STATEMENT):  )`)
)

// postgresSQL is what the generator sends, one psql -c each.
var postgresSQL = []struct {
	db, sql string
}{
	{"postgres", `DO $$ BEGIN RAISE NOTICE 'relevel notice'; RAISE WARNING E'relevel warning: the cache is cold\nhit ratio 0.42\nafter 120 s'; RAISE LOG 'relevel log'; RAISE INFO 'relevel info'; END $$;`},
	{"postgres", `SET log_min_messages = debug1; DO $$ BEGIN RAISE DEBUG 'relevel debug'; END $$;`},
	{"postgres", `SELECT * FROM missing_table;`},
	{"postgres", `CREATE TABLE items (id int PRIMARY KEY); INSERT INTO items VALUES (1); INSERT INTO items VALUES (1);`},
	{"postgres", `DO $$ BEGIN RAISE EXCEPTION 'relevel exception' USING DETAIL = 'the detail', HINT = 'the hint'; END $$;`},
	{"nosuchdb", `SELECT 1;`},
}

// postgresCred is how the cluster's commands run: PostgreSQL refuses to
// run as root, so as root they run as the user "postgres" (its uid is
// returned too, to give it the work directory).
func postgresCred() (*syscall.SysProcAttr, string, error) {
	if os.Geteuid() != 0 {
		return nil, "", nil
	}
	u, err := user.Lookup("postgres")
	if err != nil {
		return nil, "", fmt.Errorf("running as root, and no user postgres to run the cluster as: %w", err)
	}
	uid, _ := strconv.Atoi(u.Uid)
	gid, _ := strconv.Atoi(u.Gid)
	return &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: uint32(uid), Gid: uint32(gid)}}, u.Uid, nil
}

func drivePostgres(pgctl, dir string) ([]byte, []Record, error) {
	attr, uid, err := postgresCred()
	if err != nil {
		return nil, nil, err
	}
	bin := filepath.Dir(pgctl)
	if uid != "" {
		n, _ := strconv.Atoi(uid)
		for _, d := range []string{filepath.Dir(dir), dir} {
			if err := os.Chown(d, n, -1); err != nil {
				return nil, nil, err
			}
		}
	}
	run := func(name string, args ...string) error {
		cmd := exec.Command(name, args...)
		cmd.Dir = dir
		cmd.SysProcAttr = attr
		cmd.Env = append(os.Environ(), "TZ=UTC", "LC_ALL=C")
		if out, err := cmd.CombinedOutput(); err != nil {
			return fmt.Errorf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out)
		}
		return nil
	}
	data := filepath.Join(dir, "data")
	logf := filepath.Join(dir, "server.log")
	if err := run(filepath.Join(bin, "initdb"), "-D", data, "-A", "trust", "-U", "postgres", "--no-sync"); err != nil {
		return nil, nil, err
	}
	port, err := freePort()
	if err != nil {
		return nil, nil, err
	}
	opts := fmt.Sprintf("-c port=%d -c listen_addresses='' -c unix_socket_directories=%s -c log_min_messages=info -c logging_collector=off -c log_timezone=UTC", port, dir)
	if err := run(pgctl, "-D", data, "-l", logf, "-o", opts, "-w", "start"); err != nil {
		return nil, nil, err
	}
	psql, err := exec.LookPath("psql")
	if err != nil {
		psql = filepath.Join(bin, "psql")
	}
	for _, q := range postgresSQL {
		// A statement that fails makes psql exit non-zero: expected.
		cmd := exec.Command(psql, "-X", "-q", "-h", dir, "-p", strconv.Itoa(port), "-U", "postgres", "-d", q.db, "-c", q.sql)
		cmd.SysProcAttr = attr
		cmd.Run()
	}
	if err := run(pgctl, "-D", data, "-m", "fast", "-w", "stop"); err != nil {
		return nil, nil, err
	}
	log, err := os.ReadFile(logf)
	if err != nil {
		return nil, nil, err
	}
	recs, err := postgresTruth(log)
	return log, recs, err
}

// postgresTruth gives each report the level of the call that wrote it.
func postgresTruth(log []byte) ([]Record, error) {
	var recs []Record
	for i, line := range strings.Split(strings.TrimSuffix(string(log), "\n"), "\n") {
		if len(recs) > 0 && postgresMore.MatchString(line) {
			recs[len(recs)-1].Lines++
			continue
		}
		m := postgresLine.FindStringSubmatch(line)
		if m == nil {
			return nil, fmt.Errorf("postgres line %d is no report: %q", i+1, line)
		}
		pm, found := findMessage(postgresMessages, m[1])
		if !found {
			return nil, fmt.Errorf("postgres line %d: no level known for %q: add its message to postgresMessages", i+1, line)
		}
		recs = append(recs, Record{Line: i + 1, Lines: 1, Format: FormatPostgres, Level: pm.level, Call: pm.source})
	}
	return recs, nil
}

func postgresStreams() []*stream {
	return []*stream{{logger: "postgres", name: "server", ext: &extRun{
		prog: "pg_ctl", install: "apt-get install postgresql, with its bin directory on PATH",
		version: []string{"pg_ctl", "--version"}, drive: drivePostgres,
	}, desc: "a throwaway cluster's server log on stderr, default log_line_prefix '%m [%p] ', log_min_messages info: start, " +
		"RAISE at every level, failing statements with their DETAIL, HINT, CONTEXT and STATEMENT lines, a connection to a missing " +
		"database, a fast shutdown; each report's level is the one raised or the one PostgreSQL's source reports its message at " +
		"(postgresMessages), not the printed severity"}}
}
