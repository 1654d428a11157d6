package corpusgen

import (
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"time"
)

// ClickHouse is a C++ server: the generator starts a throwaway one with its
// log on the console at debug, as ClickHouse's images and operators run it,
// sends it three queries over HTTP (one that reads a row, one naming a
// column that does not exist, one that does not parse) and stops it with
// SIGTERM. Its formatter writes "<time> [ tid ] {query id} <Priority>
// logger: msg"; the two failed queries are logged at Error with their stack
// traces, once by executeQuery and once by the HTTP handler. A line's level
// is the Poco priority the formatter prints in its angle brackets (it
// prints the message's priority and nothing else there); the lines between
// two headers (a stack trace, a query pipeline, the configuration
// preprocessor's "Include not found") belong to the record before them.

// clickhouseLine is the header of a ClickHouse log line; its second group
// is the priority.
var clickhouseLine = regexp.MustCompile(`^\d{4}\.\d\d\.\d\d \d\d:\d\d:\d\d\.\d{6} \[ \d+ \] \{[^} ]*\} <([A-Za-z]+)> `)

var clickhousePriorities = map[string]string{
	"Fatal": LevelCritical, "Critical": LevelCritical, "Error": LevelError, "Warning": LevelWarning,
	"Notice": LevelNotice, "Information": LevelInfo, "Debug": LevelDebug, "Trace": LevelDebug, "Test": LevelDebug,
}

func driveClickHouse(prog, dir string) ([]byte, []Record, error) {
	httpPort, err := freePort()
	if err != nil {
		return nil, nil, err
	}
	tcpPort, err := freePort()
	if err != nil {
		return nil, nil, err
	}
	// 18.16's root element; later releases read <clickhouse> and <yandex>.
	conf := fmt.Sprintf(`<yandex>
  <logger><level>debug</level><console>1</console></logger>
  <listen_host>127.0.0.1</listen_host>
  <http_port>%d</http_port>
  <tcp_port>%d</tcp_port>
  <path>%s/data/</path>
  <tmp_path>%s/tmp/</tmp_path>
  <user_files_path>%s/user_files/</user_files_path>
  <users_config>users.xml</users_config>
  <default_profile>default</default_profile>
  <default_database>default</default_database>
  <mark_cache_size>5368709</mark_cache_size>
</yandex>
`, httpPort, tcpPort, dir, dir, dir)
	users := `<yandex>
  <profiles><default></default></profiles>
  <users><default><password></password><networks><ip>127.0.0.1</ip></networks><profile>default</profile><quota>default</quota></default></users>
  <quotas><default></default></quotas>
</yandex>
`
	if err := os.WriteFile(filepath.Join(dir, "config.xml"), []byte(conf), 0o644); err != nil {
		return nil, nil, err
	}
	if err := os.WriteFile(filepath.Join(dir, "users.xml"), []byte(users), 0o644); err != nil {
		return nil, nil, err
	}
	log := &recorder{}
	srv := exec.Command(prog, "--config-file="+filepath.Join(dir, "config.xml"))
	srv.Dir = dir
	srv.Stdout, srv.Stderr = log, log
	if err := srv.Start(); err != nil {
		return nil, nil, err
	}
	fail := stopFailed(srv, log)
	if err := waitLog(log, "Ready for connections.", 60*time.Second); err != nil {
		return fail(err)
	}
	// No connection kept open: the server would wait for it at SIGTERM.
	client := &http.Client{Transport: &http.Transport{DisableKeepAlives: true}}
	for _, q := range []struct{ query, want string }{
		{"SELECT 1", "Done processing query"},
		{"SELECT nosuch FROM system.one", "<Error> HTTPHandler: Code: 47"},
		{"SELEC", "<Error> HTTPHandler: Code: 62"},
	} {
		resp, err := client.Get(fmt.Sprintf("http://127.0.0.1:%d/?query=%s", httpPort, url.QueryEscape(q.query)))
		if err != nil {
			return fail(err)
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if err := waitLog(log, q.want, 30*time.Second); err != nil {
			return fail(err)
		}
	}
	if err := stopServer(srv, log, "clickhouse-server"); err != nil {
		return nil, nil, err
	}
	recs, err := clickhouseRecords(log.buf.String())
	return log.buf.Bytes(), recs, err
}

// clickhouseRecords reads the records of a ClickHouse log: a header line
// and the lines up to the next header; lines before the first header (the
// "Logging debug to console" the server prints itself) are of no format.
func clickhouseRecords(out string) ([]Record, error) {
	var recs []Record
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	for i, line := range lines {
		m := clickhouseLine.FindStringSubmatch(line)
		if m == nil {
			if len(recs) > 0 && recs[len(recs)-1].Format == FormatClickHouse {
				recs[len(recs)-1].Lines++
				continue
			}
			recs = append(recs, Record{Line: i + 1, Lines: 1, Format: FormatNone, Level: LevelNone, Call: "printed by the server before its log is set up"})
			continue
		}
		level, ok := clickhousePriorities[m[1]]
		if !ok {
			return nil, fmt.Errorf("clickhouse line %d: no priority %q", i+1, m[1])
		}
		recs = append(recs, Record{Line: i + 1, Lines: 1, Format: FormatClickHouse, Level: level, Call: "Poco priority " + m[1]})
	}
	return recs, nil
}

func clickhouseStreams() []*stream {
	return []*stream{{logger: "clickhouse", name: "server", ext: &extRun{
		prog: "/usr/sbin/clickhouse-server", install: "apt-get install clickhouse-server",
		version: []string{"dpkg-query", "-W", "-f", "clickhouse-server ${Version}", "clickhouse-server"},
		drive:   driveClickHouse,
	}, desc: "clickhouse-server with its log on the console at debug: start, a query, a query naming a column that does not exist and one that does not " +
		"parse (each logged at Error with its stack trace, by executeQuery and by the HTTP handler), SIGTERM; each line's level is the Poco " +
		"priority its formatter prints, and the lines after a header (stack traces, a query pipeline) are its record's"}}
}
