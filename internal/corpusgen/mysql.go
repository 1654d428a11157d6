package corpusgen

import (
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

// MariaDB is a C++ server: as for nginx and Redis, the generator provokes
// events and each record's level is the level of the call MariaDB's
// source makes for its message (mysqlMessages): sql_print_information
// (printed [Note]), sql_print_warning ([Warning]), sql_print_error
// ([ERROR]), InnoDB's ib::info and ib::error, which end in the same
// functions, and the fatal signal handler, which writes "[ERROR]" itself.
// The rows name those calls as we know MariaDB's source; no copy of the
// 10.11 source is on this machine to check each row against, and a row
// whose call we do not know says so and takes the printed word. A message
// not in the table stops the generation.
//
// MySQL 5.7 and 8 cannot be installed here (Debian ships MariaDB only):
// genMySQL's lines are typed from MySQL's documented error log layout.

var mysqlMessages = []serverMessage{
	{regexp.MustCompile(`^--old is deprecated and will be removed`), LevelWarning, "mysqld.cc mysqld_get_one_option (OPT_OLD): sql_print_warning"},
	{regexp.MustCompile(`^Could not increase number of max_open_files`), LevelWarning, "mysqld.cc set_max_open_files: sql_print_warning"},
	{regexp.MustCompile(`^Starting MariaDB `), LevelInfo, "mysqld.cc mysqld_main: sql_print_information"},
	{regexp.MustCompile(`^\S+: Can't open shared library `), LevelError, "sql_plugin.cc plugin_dl_add: report_error(REPORT_TO_LOG) → sql_print_error"},
	{regexp.MustCompile(`^Couldn't load plugins from `), LevelError, "sql_plugin.cc plugin_load_list: sql_print_error"},
	{regexp.MustCompile(`^InnoDB: Unable to lock `), LevelError, "os0file.cc os_file_lock: ib::error"},
	{regexp.MustCompile(`^InnoDB: Plugin initialization aborted`), LevelError, "srv0start.cc srv_init_abort: ib::error"},
	{regexp.MustCompile(`^InnoDB: `), LevelInfo, "InnoDB: ib::info (its start-up, buffer pool and shutdown messages)"},
	{regexp.MustCompile(`^Plugin '\w+' is disabled\.$`), LevelInfo, "sql_plugin.cc plugin_initialize: sql_print_information"},
	{regexp.MustCompile(`^Plugin '\w+' registration as a STORAGE ENGINE failed\.$`), LevelError, "sql_plugin.cc plugin_do_initialize: sql_print_error"},
	{regexp.MustCompile(`^Could not open mysql\.plugin table`), LevelError, "sql_plugin.cc plugin_load: sql_print_error"},
	{regexp.MustCompile(`^Unknown/unsupported storage engine: `), LevelError, "mysqld.cc init_server_components (default storage engine): sql_print_error"},
	{regexp.MustCompile(`^Failed to initialize plugins\.$`), LevelError, "mysqld.cc init_server_components: sql_print_error"},
	{regexp.MustCompile(`^Aborting$`), LevelError, "mysqld.cc unireg_abort: sql_print_error"},
	{regexp.MustCompile(`^Reading of all Master_info entries succeeded$`), LevelInfo, "rpl_mi.cc init_all_master_info: sql_print_information"},
	{regexp.MustCompile(`^Added new Master_info '.*' to hash table$`), LevelInfo, "rpl_mi.cc Master_info_index::add_master_info: sql_print_information"},
	{regexp.MustCompile(`^\S+: ready for connections\.$`), LevelInfo, "mysqld.cc mysqld_main: sql_print_information(ER_STARTUP), whose text goes on with \"\\nVersion: …\""},
	{regexp.MustCompile(`^Zerofilling moved table: `), LevelInfo, "Aria ha_maria.cc zerofill_table: sql_print_information"},
	{regexp.MustCompile(`^Using PAUSE multiplier \d+$`), LevelInfo, "source call not known to us: level as printed ([Note])"},
	{regexp.MustCompile(`^Could not read packet: `), LevelWarning, "net_serv.cc my_real_read, log_warnings > 3: sql_print_warning"},
	{regexp.MustCompile(`^Could not write packet: `), LevelWarning, "net_serv.cc net_real_write, log_warnings > 3: sql_print_warning"},
	{regexp.MustCompile(`^Aborted connection \d+ to db: `), LevelWarning, "sql_connect.cc / sql_class.cc print_aborted_warning: sql_print_warning"},
	{regexp.MustCompile(`^\S+ \(initiated by: .*\): Normal shutdown$`), LevelInfo, "mysqld.cc kill_server: sql_print_information(ER_NORMAL_SHUTDOWN)"},
	{regexp.MustCompile(`^Got signal \d+ to shutdown server$`), LevelInfo, "mysqld.cc signal_hand: sql_print_information"},
	{regexp.MustCompile(`^\S+: Normal shutdown$`), LevelInfo, "mysqld.cc kill_server: sql_print_information(ER_NORMAL_SHUTDOWN)"},
	{regexp.MustCompile(`^Shutdown completed; log sequence number`), LevelInfo, "InnoDB logs_empty_and_mark_files_at_shutdown: ib::info / sql_print_information"},
	{regexp.MustCompile(`^\S+: Shutdown complete$`), LevelInfo, "mysqld.cc clean_up: sql_print_information(ER_SHUTDOWN_COMPLETE)"},
	{regexp.MustCompile(`^\S+: Can't lock aria control file `), LevelError, "ma_control_file.c ma_control_file_open: my_printf_error → sql_print_error"},
	{regexp.MustCompile(`^\S+: Got error '.*' when trying to use aria control file`), LevelError, "ma_control_file.c ma_control_file_open: my_printf_error → sql_print_error"},
	{regexp.MustCompile(`^\S+ got signal \d+ ;$`), LevelError, "signal_handler.cc handle_fatal_signal: my_safe_printf_stderr(\"[ERROR] %s got signal %d ;\"), then the crash report"},
}

// mysqlHead is a MariaDB log line's header: its time, thread id, bracket.
// The bracket only tells a header from a line of a multi-line message.
var mysqlHead = regexp.MustCompile(`^(?:\d{4}-\d\d-\d\d [ \d]\d:\d\d:\d\d \d+|\d{6} [ \d]\d:\d\d:\d\d) \[\w+\] (.*)$`)

// mariadb is one throwaway server: a datadir made by mariadb-install-db,
// a socket, no TCP.
type mariadb struct {
	prog, dir, data, sock string
	tz                    string
}

// newMariaDB makes a datadir under dir. The server prints local time with
// the hour space-padded ("%2d"); tz is a fixed zone in which the hour is a
// single digit now, so that the corpus shows the padding.
func newMariaDB(prog, dir string) (*mariadb, error) {
	m := &mariadb{prog: prog, dir: dir, data: filepath.Join(dir, "data"), sock: filepath.Join(dir, "s.sock")}
	off := time.Now().UTC().Hour() - 4
	if off > 12 {
		off -= 24
	}
	// POSIX Etc zones have the sign reversed: Etc/GMT+4 is UTC-4.
	m.tz = fmt.Sprintf("Etc/GMT%+d", off)
	if off == 0 {
		m.tz = "Etc/GMT"
	}
	args := []string{"--no-defaults", "--datadir=" + m.data, "--auth-root-authentication-method=normal", "--skip-test-db"}
	if os.Geteuid() == 0 {
		args = append(args, "--user=root")
	}
	install := exec.Command("mariadb-install-db", args...)
	if out, err := install.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("mariadb-install-db: %v\n%s", err, out)
	}
	return m, nil
}

// cmd is the server on m's datadir with extra options, its output in w.
func (m *mariadb) cmd(sock string, w *recorder, extra ...string) *exec.Cmd {
	args := []string{"--no-defaults", "--datadir=" + m.data, "--socket=" + sock, "--skip-networking", "--pid-file=" + sock + ".pid"}
	if os.Geteuid() == 0 {
		args = append(args, "--user=root")
	}
	c := exec.Command(m.prog, append(args, extra...)...)
	c.Env = append(os.Environ(), "TZ="+m.tz)
	c.Stdout, c.Stderr = w, w
	return c
}

// waitReady waits until the server accepts connections on sock, reads its
// greeting and hangs up without authenticating.
func waitReady(sock string) error {
	for i := 0; i < 600; i++ {
		c, err := net.Dial("unix", sock)
		if err == nil {
			c.SetReadDeadline(time.Now().Add(5 * time.Second))
			c.Read(make([]byte, 512))
			c.Close()
			return nil
		}
		time.Sleep(50 * time.Millisecond)
	}
	return fmt.Errorf("no server on %s after 30s", sock)
}

// stop ends a server with SIGTERM and waits for it.
func stop(c *exec.Cmd) error {
	c.Process.Signal(syscall.SIGTERM)
	done := make(chan error, 1)
	go func() { done <- c.Wait() }()
	select {
	case err := <-done:
		return err
	case <-time.After(60 * time.Second):
		c.Process.Kill()
		<-done
		return fmt.Errorf("%s did not stop", c.Path)
	}
}

// mysqlRecords splits a MariaDB log into records (a header and the lines
// without one after it) and levels each from mysqlMessages.
func mysqlRecords(log []byte) ([]Record, error) {
	var recs []Record
	for i, line := range strings.Split(strings.TrimSuffix(string(log), "\n"), "\n") {
		m := mysqlHead.FindStringSubmatch(line)
		if m == nil {
			if len(recs) == 0 {
				return nil, fmt.Errorf("mariadb line %d opens no record: %q", i+1, line)
			}
			recs[len(recs)-1].Lines++
			continue
		}
		mm, ok := findMessage(mysqlMessages, m[1])
		rec := Record{Line: i + 1, Lines: 1, Format: FormatMySQL, Level: mm.level, Call: mm.source}
		if !ok {
			return nil, fmt.Errorf("mariadb line %d: no level known for %q: add its message to mysqlMessages", i+1, line)
		}
		recs = append(recs, rec)
	}
	return recs, nil
}

// driveMariaDB: a start with a deprecated option and a plugin library that
// does not exist, at log_warnings=4; a client that connects and hangs up
// before it authenticates; SIGTERM.
func driveMariaDB(prog, dir string) ([]byte, []Record, error) {
	m, err := newMariaDB(prog, dir)
	if err != nil {
		return nil, nil, err
	}
	log := &recorder{}
	srv := m.cmd(m.sock, log, "--log-warnings=4", "--old=1", "--plugin-load-add=relevel_missing.so")
	if err := srv.Start(); err != nil {
		return nil, nil, err
	}
	if err := waitReady(m.sock); err != nil {
		srv.Process.Kill()
		srv.Wait()
		return nil, nil, fmt.Errorf("%v\n%s", err, log.buf.Bytes())
	}
	// waitReady's connection hung up before authenticating.
	time.Sleep(500 * time.Millisecond)
	if err := stop(srv); err != nil {
		return nil, nil, fmt.Errorf("mariadbd: %v\n%s", err, log.buf.Bytes())
	}
	recs, err := mysqlRecords(log.buf.Bytes())
	return log.buf.Bytes(), recs, err
}

// driveMariaDBSecond: a second server on the datadir a running one holds
// (its own Aria log directory, so that it fails at InnoDB's lock at once
// rather than retrying Aria's for 30 seconds); only the second's log.
func driveMariaDBSecond(prog, dir string) ([]byte, []Record, error) {
	m, err := newMariaDB(prog, dir)
	if err != nil {
		return nil, nil, err
	}
	first := m.cmd(m.sock, &recorder{})
	if err := first.Start(); err != nil {
		return nil, nil, err
	}
	defer stop(first)
	if err := waitReady(m.sock); err != nil {
		return nil, nil, err
	}
	aria := filepath.Join(dir, "aria2")
	if err := os.Mkdir(aria, 0o755); err != nil {
		return nil, nil, err
	}
	log := &recorder{}
	second := m.cmd(filepath.Join(dir, "s2.sock"), log, "--aria-log-dir-path="+aria)
	if code, err := exitCode(second.Run()); err != nil || code != 1 {
		return nil, nil, fmt.Errorf("second mariadbd exited %d, %v, want 1\n%s", code, err, log.buf.Bytes())
	}
	recs, err := mysqlRecords(log.buf.Bytes())
	return log.buf.Bytes(), recs, err
}

// driveMariaDBCrash: a server that receives SIGSEGV writes its crash
// report: a header in the older "yymmdd" layout and some forty lines
// without one, then dies.
func driveMariaDBCrash(prog, dir string) ([]byte, []Record, error) {
	m, err := newMariaDB(prog, dir)
	if err != nil {
		return nil, nil, err
	}
	log := &recorder{}
	srv := m.cmd(m.sock, log)
	if err := srv.Start(); err != nil {
		return nil, nil, err
	}
	if err := waitReady(m.sock); err != nil {
		srv.Process.Kill()
		srv.Wait()
		return nil, nil, err
	}
	time.Sleep(300 * time.Millisecond)
	srv.Process.Signal(syscall.SIGSEGV)
	if err := srv.Wait(); err == nil {
		return nil, nil, fmt.Errorf("mariadbd survived SIGSEGV\n%s", log.buf.Bytes())
	}
	recs, err := mysqlRecords(log.buf.Bytes())
	return log.buf.Bytes(), recs, err
}

// genMySQL: MySQL 8's and 5.7's error log, typed from MySQL's
// documentation of the error log format (log_timestamps UTC) with
// messages those servers write at each level; MySQL cannot be installed
// here.
func genMySQL(r *recorder) {
	const my8, my57 = "MySQL 8.0 error log, typed from the documented format", "MySQL 5.7 error log, typed from the documented format"
	for _, c := range []struct{ level, writer, line string }{
		{LevelInfo, my8 + " ([System])", `2026-11-30T04:41:36.123456Z 0 [System] [MY-010116] [Server] /usr/sbin/mysqld (mysqld 8.0.36) starting as process 1`},
		{LevelWarning, my8, `2026-11-30T04:41:36.130117Z 0 [Warning] [MY-011068] [Server] The syntax 'skip_slave_start' is deprecated and will be removed in a future release. Please use skip_replica_start instead.`},
		{LevelInfo, my8 + " ([System])", `2026-11-30T04:41:36.141090Z 1 [System] [MY-013576] [InnoDB] InnoDB initialization has started.`},
		{LevelInfo, my8 + " ([Note])", `2026-11-30T04:41:36.488302Z 0 [Note] [MY-010051] [Server] Event Scheduler: scheduler thread started with id 5`},
		{LevelWarning, my8, `2026-11-30T04:41:36.702215Z 0 [Warning] [MY-010068] [Server] CA certificate ca.pem is self signed.`},
		{LevelInfo, my8 + " ([System])", `2026-11-30T04:41:36.745210Z 0 [System] [MY-010931] [Server] /usr/sbin/mysqld: ready for connections. Version: '8.0.36'  socket: '/var/run/mysqld/mysqld.sock'  port: 3306  MySQL Community Server - GPL.`},
		{LevelWarning, my8, `2026-11-30T04:42:10.004821Z 8 [Warning] [MY-010055] [Server] IP address '10.42.0.17' could not be resolved: Name or service not known`},
		{LevelError, my8, `2026-11-30T04:42:11.318455Z 9 [ERROR] [MY-010584] [Repl] Slave SQL for channel '': Error 'Table 'shop.items' doesn't exist' on query. Default database: 'shop'. Query: 'INSERT INTO items VALUES (1)', Error_code: MY-001146`},
		{LevelError, my8, `2026-11-30T04:42:12.000107Z 0 [ERROR] [MY-010946] [Server] Failed to start mysqld daemon. Check mysqld error log.`},
		{LevelInfo, my57 + " ([Note])", `2026-11-30T04:41:36.123456Z 0 [Note] mysqld (mysqld 5.7.44) starting as process 1 ...`},
		{LevelWarning, my57, `2026-11-30T04:41:36.131072Z 0 [Warning] TIMESTAMP with implicit DEFAULT value is deprecated. Please use --explicit_defaults_for_timestamp server option (see documentation for more details).`},
		{LevelInfo, my57 + " ([Note]), a multi-line message", "2026-11-30T04:41:36.801122Z 0 [Note] mysqld: ready for connections.\nVersion: '5.7.44'  socket: '/var/run/mysqld/mysqld.sock'  port: 3306  MySQL Community Server (GPL)"},
		{LevelWarning, my57, `2026-11-30T04:42:03.511200Z 4 [Warning] Aborted connection 4 to db: 'shop' user: 'app' host: '10.42.0.17' (Got an error reading communication packets)`},
		{LevelError, my57, `2026-11-30T04:42:05.062017Z 0 [ERROR] InnoDB: Unable to lock ./ibdata1 error: 11`},
	} {
		handLine(r, FormatMySQL, c.level, c.writer, c.line)
	}
}

func mysqlStreams() []*stream {
	ext := func(drive func(prog, dir string) ([]byte, []Record, error)) *extRun {
		return &extRun{prog: "mariadbd", install: "apt-get install mariadb-server", version: []string{"mariadbd", "--version"}, drive: drive}
	}
	const how = "; each record's level is the one MariaDB's source logs its message at (mysqlMessages), not the printed word"
	return []*stream{
		{logger: "mysql", name: "mariadb", ext: ext(driveMariaDB),
			desc: "mariadbd on stderr at log_warnings=4 with a deprecated option and a missing plugin library: start, a client that hangs up before authenticating, SIGTERM; TZ a fixed zone where the hour is one digit" + how},
		{logger: "mysql", name: "mariadb-second", ext: ext(driveMariaDBSecond),
			desc: "a second mariadbd on the datadir a running one holds: InnoDB's lock fails, the start aborts" + how},
		{logger: "mysql", name: "mariadb-crash", ext: ext(driveMariaDBCrash),
			desc: "mariadbd sent SIGSEGV: its crash report, a header in the yymmdd layout and the lines without one" + how},
		{logger: "mysql", name: "mysql8", modules: []string{modStd},
			desc: "HAND-WRITTEN lines: MySQL 8.0's and 5.7's error log, typed from MySQL's documented layout (MySQL cannot be installed here: Debian ships MariaDB), every level, a multi-line message", run: genMySQL},
	}
}
