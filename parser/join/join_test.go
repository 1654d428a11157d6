package join

import (
	"bytes"
	"io"
	"math/rand"
	"strings"
	"testing"
	"time"

	"github.com/relevel/relevel/parser"
)

type rec struct {
	format parser.Format
	level  parser.Level
	lines  int
	raw    string
}

func collect(t *testing.T, input string, opts ...Option) []rec {
	t.Helper()
	var out []rec
	var all bytes.Buffer
	s := New(strings.NewReader(input), opts...)
	for s.Next() {
		r := s.Record()
		out = append(out, rec{r.Format, r.Level, s.Lines(), string(s.Raw())})
		all.Write(s.Raw())
	}
	if err := s.Err(); err != nil {
		t.Fatal(err)
	}
	if all.String() != input {
		t.Fatalf("raw records do not reproduce the input:\n got %q\nwant %q", all.String(), input)
	}
	return out
}

const (
	klogInfo  = "I1130 04:40:14.476718   11180 main.go:25] plain Info message\n"
	klogBlock = "I1130 04:44:19.323976   17945 main.go:6] \"two values\" a=<\n\tl1\n\tl2\n > b=<\n\tm1\n > c=\"after\"\n"
	zapStack  = "2026-11-30T04:40:42.709Z\tWARN\tzap/main.go:26\twarn message\t{\"error\": \"plain error\"}\nmain.exercise\n\t/src/main.go:26\nmain.main\n\t/src/main.go:37\n"
	logrusTxt = "time=\"2026-11-30T04:41:25Z\" level=info msg=\"info message\" n=42\n"
	goPanic   = "panic: boom\n\ngoroutine 1 [running]:\nmain.main()\n\t/src/main.go:9 +0x1d\nexit status 2\n"
	plain     = "just some text\n"
)

func TestJoinShapes(t *testing.T) {
	input := klogInfo + klogBlock + "legacy\ncontinued\n" + zapStack + logrusTxt + plain + plain + klogInfo + goPanic
	checkRecs(t, collect(t, input), []want{
		{parser.FormatKlog, parser.LevelInfo, 1},
		{parser.FormatKlog, parser.LevelInfo, 6}, // the blocks; a structured record continues only in them
		{parser.FormatUnknown, parser.LevelUnknown, 1},
		{parser.FormatUnknown, parser.LevelUnknown, 1},
		{parser.FormatZap, parser.LevelWarning, 5},
		{parser.FormatLogrus, parser.LevelInfo, 1},
		{parser.FormatUnknown, parser.LevelUnknown, 1}, // logrus text never continues
		{parser.FormatUnknown, parser.LevelUnknown, 1}, // nor does an unknown line
		{parser.FormatKlog, parser.LevelInfo, 1},
		{parser.FormatGoPanic, parser.LevelCritical, 6},
	})
}

// want is one expected record: format, level and line count.
type want struct {
	f parser.Format
	l parser.Level
	n int
}

// checkRecs compares collected records with the expected ones in order.
func checkRecs(t *testing.T, got []rec, wants []want) {
	t.Helper()
	if len(got) != len(wants) {
		t.Fatalf("got %d records: %+v", len(got), got)
	}
	for i, w := range wants {
		if got[i].format != w.f || got[i].level != w.l || got[i].lines != w.n {
			t.Errorf("record %d: got %v/%v/%d lines, want %v/%v/%d: %q", i, got[i].format, got[i].level, got[i].lines, w.f, w.l, w.n, got[i].raw)
		}
	}
}

func TestJoinBounds(t *testing.T) {
	// 10 stack lines with a 4-line bound: header record + overflow records
	// that keep the header's format and level.
	input := "2026-11-30T04:40:42.709Z\tERROR\tboom\n" + strings.Repeat("\tframe\n", 10)
	got := collect(t, input, MaxLines(4))
	if len(got) != 3 {
		t.Fatalf("got %d records, want 3: %+v", len(got), got)
	}
	for _, r := range got {
		if r.format != parser.FormatZap || r.level != parser.LevelError || r.lines > 4 {
			t.Errorf("overflow record %+v", r)
		}
	}
	// A line longer than the byte bound goes out in pieces, all of them
	// continuing the line's record, even for a format that never continues.
	long := "time=\"2026-11-30T04:41:25Z\" level=warning msg=\"" + strings.Repeat("x", 1000) + "\"\n"
	got = collect(t, long+plain, MaxBytes(256))
	pieces := (len(long) + 255) / 256
	if len(got) != pieces+1 { // ≤256-byte records, then the plain line
		t.Fatalf("got %d records, want %d", len(got), pieces+1)
	}
	for _, r := range got[:pieces] {
		if r.level != parser.LevelWarning || len(r.raw) > 256 {
			t.Errorf("piece %+v", r)
		}
	}
	if got[pieces].format != parser.FormatUnknown {
		t.Errorf("line after the long one: %+v", got[pieces])
	}
}

func TestJoinNoFinalNewline(t *testing.T) {
	got := collect(t, klogInfo+"I1130 04:40:14.476718   11180 main.go:25] no newline")
	if len(got) != 2 || got[1].format != parser.FormatKlog {
		t.Fatalf("%+v", got)
	}
	collect(t, "")
	collect(t, "\n\n\n")
	collect(t, "\r\n\x00\xff\n")
}

// Round trip on random mixes of the shapes above, cut into random read sizes.
func TestJoinRoundTripRandom(t *testing.T) {
	parts := []string{klogInfo, klogBlock, zapStack, logrusTxt, goPanic, plain, "\n", "\t\n", " > \n", "=<\n", "\x1b[31m", "partial"}
	rnd := rand.New(rand.NewSource(1))
	for i := 0; i < 300; i++ {
		var b strings.Builder
		for n := rnd.Intn(20); n > 0; n-- {
			b.WriteString(parts[rnd.Intn(len(parts))])
		}
		input := b.String()
		s := New(&choppyReader{data: []byte(input), rnd: rnd}, MaxLines(1+rnd.Intn(8)), MaxBytes(64+rnd.Intn(200)))
		var all bytes.Buffer
		for s.Next() {
			all.Write(s.Raw())
		}
		if all.String() != input {
			t.Fatalf("round trip failed for %q: got %q", input, all.String())
		}
	}
}

// choppyReader returns its data in random small reads.
type choppyReader struct {
	data []byte
	rnd  *rand.Rand
}

func (c *choppyReader) Read(p []byte) (int, error) {
	if len(c.data) == 0 {
		return 0, io.EOF
	}
	n := min(1+c.rnd.Intn(40), len(p), len(c.data))
	copy(p, c.data[:n])
	c.data = c.data[n:]
	return n, nil
}

// In streaming use a pending record is emitted once the input goes idle,
// without waiting for the next line or the end of the stream.
func TestFlushAfterIdle(t *testing.T) {
	pr, pw := io.Pipe()
	s := New(pr, FlushAfter(50*time.Millisecond))
	go pw.Write([]byte(zapStack))
	done := make(chan string)
	go func() {
		if s.Next() {
			done <- string(s.Raw())
		} else {
			done <- "no record"
		}
	}()
	select {
	case got := <-done:
		if got != zapStack {
			t.Errorf("got %q", got)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("pending record was not flushed while the writer stayed open")
	}
	pw.Close()
	if s.Next() {
		t.Errorf("unexpected record %q", s.Raw())
	}
}

type errReader struct{ n int }

func (e *errReader) Read(p []byte) (int, error) {
	if e.n == 0 {
		return 0, io.ErrUnexpectedEOF
	}
	e.n--
	return copy(p, klogInfo), nil
}

// Records read before an error are all delivered; the error is reported.
func TestReadError(t *testing.T) {
	s := New(&errReader{n: 2})
	n := 0
	for s.Next() {
		n++
	}
	if n != 2 || s.Err() != io.ErrUnexpectedEOF {
		t.Errorf("got %d records, err %v", n, s.Err())
	}
}

func TestAll(t *testing.T) {
	seq, errf := All(strings.NewReader(klogInfo + goPanic))
	var formats []string
	for r, raw := range seq {
		formats = append(formats, r.Format.String()+":"+string(raw[:5]))
	}
	if errf() != nil || strings.Join(formats, ",") != "klog:I1130,gopanic:panic" {
		t.Errorf("%v %v", formats, errf())
	}
}

// logrus PrettyPrint spreads one JSON record over lines; they come out as one.
func TestJoinPrettyJSON(t *testing.T) {
	pretty := "{\n  \"level\": \"warning\",\n  \"msg\": \"careful\",\n  \"n\": 42\n}\n"
	got := collect(t, pretty+pretty+plain)
	if len(got) != 3 || got[0].lines != 5 || got[0].format != parser.FormatJSON || got[0].level != parser.LevelWarning ||
		got[1].lines != 5 || got[2].format != parser.FormatUnknown {
		t.Fatalf("%+v", got)
	}
}

// TestJoinRecordBoundaries: records whose head has no level take no
// continuation lines, and a Go panic ends where its dump's grammar does
// (issue 13's sealed-secrets, Gin and supervisor streams).
func TestJoinRecordBoundaries(t *testing.T) {
	input := "2023/07/26 10:44:41 Starting sealed-secrets controller version: 0.23.0\n" +
		"Searching for existing private keys\n" +
		"[GIN-debug] POST   /api/pull                 --> github.com/ollama/ollama/server.(*Server).PullHandler-fm (5 handlers)\n" +
		"4:42AM ??? zerolog Log() without a level\n" +
		"next line\n" +
		goPanic +
		"supervisor: worker exited, restarting in 5s\n" +
		"2019/03/03 02:15:03 [ERR] agent: failed to join: 2 errors occurred:\n\t* a\n\t* b\n\n" +
		"    2021-05-21T08:42:30.486Z [INFO]  agent: multi-line\nmessage\n"
	checkRecs(t, collect(t, input), []want{
		{parser.FormatUnknown, parser.LevelUnknown, 1},
		{parser.FormatUnknown, parser.LevelUnknown, 1},
		{parser.FormatUnknown, parser.LevelUnknown, 1},
		{parser.FormatUnknown, parser.LevelUnknown, 1},
		{parser.FormatUnknown, parser.LevelUnknown, 1},
		{parser.FormatGoPanic, parser.LevelCritical, 6},
		{parser.FormatUnknown, parser.LevelUnknown, 1},
		{parser.FormatLogutils, parser.LevelError, 4},
		{parser.FormatHclog, parser.LevelInfo, 2},
	})
}

// TestJoinMinIOReport: a MinIO error report takes its own lines (its keys,
// the error, the indented tags and trace) and no other: the line after it
// is MinIO's next message, and the blank line before the next report is
// a record of its own.
func TestJoinMinIOReport(t *testing.T) {
	report := "API: SYSTEM()\nTime: 23:10:27 UTC 06/17/2024\nDeploymentID: 3c0f693c\nRequestID: 17F\nRemoteHost: 10.0.0.5\nHost: minio-0\nUserAgent: MinIO (linux; amd64)\n" +
		"Error: file access denied (*fmt.wrapError)\n       drive=\"/export\"\n       2: internal/logger/logger.go:258:logger.LogIf()\n       1: cmd/xl-storage.go:251:cmd.newXLStorage()\n"
	input := "\n" + report + "Status:         1 Online, 0 Offline.\n" + "\nINTERNAL\nTime: 23:10:28 UTC 06/17/2024\nError: boom\n" +
		"API: http://10.42.0.5:9000  http://127.0.0.1:9000\n"
	checkRecs(t, collect(t, input), []want{
		{parser.FormatUnknown, parser.LevelUnknown, 1},
		{parser.FormatMinIO, parser.LevelError, 11},
		{parser.FormatUnknown, parser.LevelUnknown, 1},
		{parser.FormatUnknown, parser.LevelUnknown, 1},
		{parser.FormatMinIO, parser.LevelError, 3},
		{parser.FormatUnknown, parser.LevelUnknown, 1},
	})
}

// TestJoinGoFamily: issue 13's log15 / go-ethereum, capnslog, Calico and
// Weave Net lines each start a record (none is taken for a continuation of
// the record before, as they were by logrus's TTY form), and their raw
// multi-line messages continue it.
func TestJoinGoFamily(t *testing.T) {
	input := "INFO [11-30|04:41:36.123] Starting Geth on Ethereum mainnet...\n" +
		"ERROR[11-30|04:41:36.124] Snapshot extension registration failed   peer=1a2b3c err=\"peer connected on snap without compatible eth support\"\n" +
		"CRIT [11-30|04:41:36.125] Failed to open database\nsecond line of the message              err=corrupted\n" +
		"\x1b[33mWARN\x1b[0m[11-30|04:41:36] peer dropped                             \x1b[33mpeer\x1b[0m=1a2b\n" +
		"2019-04-02 17:47:28.661167 N | etcdmain: the server is already initialized as member before, starting as etcd member...\n" +
		"2019-04-02 17:47:28.682679 E | etcdserver: publish error: etcdserver: request timed out\ncaused by:\n\tleader lost\n" +
		"[WARNING] Deprecated '--logger=capnslog' flag is set; use '--logger=zap' flag instead\n" +
		"2024-03-15 00:46:36.132 [INFO][68] felix/int_dataplane.go 1837: Completed first update to dataplane. secsSinceStart=0.605633007\n" +
		"2015-04-15 12:56:06,643 [ERROR][5] calico.felix.fiptables 434: Failed to run iptables-restore.\nOutput:\n\nError:\n" +
		"INFO: 2016/04/06 20:53:30.071220 ->[10.8.210.220:64987] connection accepted\n" +
		"ERRO: 2015/07/17 11:01:41.894079 ->[192.168.48.11:6783|3e:b0:2f:de:5e:da(host1)]: connection shutting down due to error: Received invalid state update!\n"
	checkRecs(t, collect(t, input), []want{
		{parser.FormatLog15, parser.LevelInfo, 1},
		{parser.FormatLog15, parser.LevelError, 1},
		{parser.FormatLog15, parser.LevelCritical, 2},
		{parser.FormatLog15, parser.LevelWarning, 1},
		{parser.FormatCapnslog, parser.LevelNotice, 1},
		{parser.FormatCapnslog, parser.LevelError, 3},
		{parser.FormatBracket, parser.LevelWarning, 1},
		{parser.FormatCalico, parser.LevelInfo, 1},
		{parser.FormatCalico, parser.LevelError, 4},
		{parser.FormatWeave, parser.LevelInfo, 1},
		{parser.FormatWeave, parser.LevelError, 1},
	})
}

// TestJoinOtherRuntimes: issue 17's formats (Python, Java, nginx,
// PostgreSQL, Envoy, Ruby, Redis, winston and Node) start, continue and end records as each
// runtime writes them.
func TestJoinOtherRuntimes(t *testing.T) {
	tb := "Traceback (most recent call last):\n  File \"/app/main.py\", line 3, in <module>\n    fail()\nValueError: boom\n"
	trace := "java.lang.RuntimeException: request failed\n\tat com.example.App.handle(App.java:3)\n" +
		"Caused by: java.sql.SQLException: Connection refused: db:5432\n\tat com.example.Db.open(Db.java:9)\n\t... 12 common frames omitted\n"
	for _, c := range []struct {
		name, input string
		want        []want
	}{
		{
			// Python: a traceback logging writes with exc_info joins the record before
			// it when that record is at warning or above, chained tracebacks included;
			// after an info record, or at the start, a traceback is an uncaught
			// exception of its own, at critical.
			name: "Python",
			input: "Traceback (most recent call last):\n  File \"/app/main.py\", line 9, in <module>\n    main()\nKeyError: 'x'\n" +
				"INFO:app:starting\n" +
				"ERROR:app:request failed\n" + tb +
				"\nDuring handling of the above exception, another exception occurred:\n\n" + tb +
				"2026-11-30 04:40:42,123 - app.db - WARNING - falling back\n" + tb +
				"INFO:     Started server process [1]\n" +
				"config loaded:\n  workers: 4\n" +
				tb +
				"[2026-11-30 04:41:36 +0000] [8] [ERROR] Error handling request /boom\n" + tb +
				"2026-11-30 04:40:42,123 DEBUG polling\n" + tb,
			want: []want{
				{parser.FormatPython, parser.LevelCritical, 4},
				{parser.FormatPython, parser.LevelInfo, 1},
				{parser.FormatPython, parser.LevelError, 1 + 4 + 3 + 4},
				{parser.FormatPython, parser.LevelWarning, 1 + 4},
				{parser.FormatPython, parser.LevelInfo, 1 + 2}, // uvicorn, then a line no logger wrote
				{parser.FormatPython, parser.LevelCritical, 4},
				{parser.FormatPython, parser.LevelError, 1 + 4},
				{parser.FormatPython, parser.LevelDebug, 1},
				{parser.FormatPython, parser.LevelCritical, 4},
			},
		},
		{
			// Java: a logged throwable ("java.lang.X: msg", TAB "at …", "Caused by:",
			// TAB "... N more", logback's "common frames omitted") joins its record;
			// java.util.logging's record takes its level from its second line, and its
			// throwable ends with a blank line that is still its own; an uncaught
			// exception starts a record of its own at critical.
			name: "Java",
			input: "Dec 01, 2026 6:13:29 PM com.example.App handle\nINFO: Started\n" +
				"Dec 01, 2026 6:13:29 PM com.example.App handle\nSEVERE: unhandled exception\n" + trace + "\n" +
				"18:13:06.239 [main] ERROR com.example.App - unhandled exception\n" + trace +
				"2026-12-01T18:13:16.027Z  WARN 6663 --- [           main] c.e.DemoApplication                      : slow\n" +
				"2026-12-01 18:13:32.918 ERROR 6663 --- [           main] c.e.DemoApplication                      : failed\n" + trace +
				"Exception in thread \"main\" java.lang.IllegalStateException: Failed to start application\n\tat com.example.App.main(App.java:12)\n\t... 8 more\n",
			want: []want{
				{parser.FormatJava, parser.LevelInfo, 2},
				{parser.FormatJava, parser.LevelError, 2 + 5 + 1},
				{parser.FormatJava, parser.LevelError, 1 + 5},
				{parser.FormatJava, parser.LevelWarning, 1},
				{parser.FormatJava, parser.LevelError, 1 + 5},
				{parser.FormatJava, parser.LevelCritical, 3},
			},
		},
		{
			// Nginx: each error log line is a record, a Lua traceback continues one,
			// and nginx's own stderr lines ("nginx: …") never continue anything: a
			// configuration test's closing line stands apart from the emerg before it.
			name: "Nginx",
			input: "2026/11/30 04:40:59 [emerg] 1#1: unknown directive \"worker_procs\" in /etc/nginx/nginx.conf:1\n" +
				"nginx: [emerg] unknown directive \"worker_procs\" in /etc/nginx/nginx.conf:1\n" +
				"nginx: configuration file /etc/nginx/nginx.conf test failed\n" +
				"2026/11/30 04:41:36 [notice] 1#1: start worker processes\n" +
				"2026/11/30 04:41:37 [error] 31#31: *5 lua entry thread aborted: runtime error: balancer.lua:12: attempt to index nil\nstack traceback:\ncoroutine 0:\n\t[C]: in function 'error'\n" +
				"2026/11/30 04:41:38 [warn] 31#31: *6 an upstream response is buffered to a temporary file\n",
			want: []want{
				{parser.FormatNginx, parser.LevelEmergency, 1},
				{parser.FormatNginx, parser.LevelEmergency, 1},
				{parser.FormatUnknown, parser.LevelUnknown, 1},
				{parser.FormatNginx, parser.LevelNotice, 1},
				{parser.FormatNginx, parser.LevelError, 4},
				{parser.FormatNginx, parser.LevelWarning, 1},
			},
		},
		{
			// Postgres: a report's DETAIL, HINT, CONTEXT and STATEMENT lines repeat its
			// prefix but carry no severity: they join the report, as the TAB lines of a
			// multi-line message do; the next report starts a record.
			name: "Postgres",
			input: "2026-11-30 04:40:42.130 UTC [1] LOG:  database system is ready to accept connections\n" +
				"2026-11-30 04:40:44.845 UTC [58] WARNING:  relevel warning: the cache is cold\n\thit ratio 0.42\n" +
				"2026-11-30 04:40:44.845 UTC [58] CONTEXT:  PL/pgSQL function inline_code_block line 1 at RAISE\n" +
				"2026-11-30 04:40:50.001 UTC [57] ERROR:  duplicate key value violates unique constraint \"items_pkey\"\n" +
				"2026-11-30 04:40:50.001 UTC [57] DETAIL:  Key (id)=(1) already exists.\n" +
				"2026-11-30 04:40:50.001 UTC [57] STATEMENT:  INSERT INTO items VALUES (1);\n" +
				"2026-11-30 04:41:00.500 UTC [63] FATAL:  password authentication failed for user \"app\"\n",
			want: []want{
				{parser.FormatPostgres, parser.LevelInfo, 1},
				{parser.FormatPostgres, parser.LevelWarning, 3},
				{parser.FormatPostgres, parser.LevelError, 3},
				{parser.FormatPostgres, parser.LevelCritical, 1},
			},
		},
		{
			// Envoy: Envoy's start-up list of extensions continues its record on
			// indented lines; Istio's format for its Envoy starts records of its own
			// beside pilot-agent's zap lines.
			name: "Envoy",
			input: "[2026-11-30 04:41:36.101][1][info][main] [source/server/server.cc:428] statically linked extensions:\n" +
				"  envoy.filters.http: envoy.filters.http.cors, envoy.filters.http.router\n" +
				"[2026-11-30 04:41:37.502][1][warning][config] [source/common/config/grpc_stream.h:191] stream closed\n" +
				"2026-11-30T04:41:36.562801Z\tinfo\txdsproxy\tconnected to upstream XDS server\n" +
				"2026-11-30T04:41:53.005418Z\terror\tenvoy config external/envoy/source/x.cc:294\tcluster rejected\tthread=14\n",
			want: []want{
				{parser.FormatEnvoy, parser.LevelInfo, 2},
				{parser.FormatEnvoy, parser.LevelWarning, 1},
				{parser.FormatZap, parser.LevelInfo, 1},
				{parser.FormatEnvoy, parser.LevelError, 1},
			},
		},
		{
			// Ruby: a logged exception's backtrace continues its record; an exception
			// nobody rescued starts one at critical, its "from" lines with it.
			name: "Ruby",
			input: "E, [2026-11-30T04:41:36.188577 #1] ERROR -- worker: no user -1 (ArgumentError)\n" +
				"/app/models/user.rb:43:in `fetch_user'\napp/main.rb:61:in `block in <main>'\n" +
				"I, [2026-11-30T04:41:36.188627 #1]  INFO -- worker: shutting down\n" +
				"/app/models/user.rb:43:in `fetch_user': no user -2 (ArgumentError)\n\tfrom app/main.rb:67:in `<main>'\n",
			want: []want{
				{parser.FormatRuby, parser.LevelError, 3},
				{parser.FormatRuby, parser.LevelInfo, 1},
				{parser.FormatRuby, parser.LevelCritical, 2},
			},
		},
		{
			// Redis: Redis writes one line a call, so a line after one of its records
			// that no logger wrote is a record of its own.
			name: "Redis",
			input: "1:C 30 Nov 2026 04:41:36.100 # oO0OoO0OoO0Oo Redis is starting oO0OoO0OoO0Oo\n" +
				"1:M 30 Nov 2026 04:41:36.123 * Ready to accept connections tcp\n" +
				"some other writer's line\n" +
				"1:M 30 Nov 2026 04:41:37.001 - Accepted 127.0.0.1:32880\n",
			want: []want{
				{parser.FormatRedis, parser.LevelWarning, 1},
				{parser.FormatRedis, parser.LevelNotice, 1},
				{parser.FormatUnknown, parser.LevelUnknown, 1},
				{parser.FormatRedis, parser.LevelDebug, 1},
			},
		},
		{
			// MySQL: MariaDB's "ready for connections." goes on with its Version
			// line; the crash report after "got signal" (in the older yymmdd
			// layout), blank lines, stack and resource table included, is one
			// record at the header's level.
			name: "MySQL",
			input: "2026-11-30  4:41:36 0 [Note] /usr/sbin/mariadbd: ready for connections.\n" +
				"Version: '10.11.19-MariaDB-0+deb12u1'  socket: '/run/mysqld/mysqld.sock'  port: 3306  Debian 12\n" +
				"2026-11-30  4:41:40 3 [Warning] Aborted connection 3 to db: 'unconnected' user: 'unauthenticated' host: 'localhost'\n" +
				"261130  4:41:43 [ERROR] /usr/sbin/mariadbd got signal 11 ;\nSorry, we probably made a mistake, and this is a bug.\n\n" +
				"Thread pointer: 0x0\nstack_bottom = 0x0 thread_stack 0x49000\n/usr/sbin/mariadbd(my_print_stacktrace+0x2e)[0x55e5d7c0e87e]\n" +
				"libc_sigaction.c:0(__restore_rt)[0x7fd5b525a050]\nx86/libc-start.c:74(__libc_start_call_main)[0x7fd5b524524a]\n" +
				"Writing a core file...\nMax stack size            8388608              unlimited            bytes     \nCore pattern: core\n" +
				"2026-11-30T04:41:50.000107Z 0 [System] [MY-010116] [Server] /usr/sbin/mysqld (mysqld 8.0.36) starting as process 1\n",
			want: []want{
				{parser.FormatMySQL, parser.LevelInfo, 2},
				{parser.FormatMySQL, parser.LevelWarning, 1},
				{parser.FormatMySQL, parser.LevelError, 11},
				{parser.FormatMySQL, parser.LevelInfo, 1},
			},
		},
		{
			// Rust: env_logger and tracing write a multi-line message raw, its lines
			// joining the record; the blank line std's panic hook opens with joins
			// the record before it, and the panic's message, note and backtrace
			// join the panic, at critical.
			name: "Rust",
			input: "[2026-11-30T04:41:36Z INFO  app] request served:\n      GET /items 200\n" +
				"2026-11-30T04:41:37.123456Z  WARN request{id=7}: app: slow query ms=2350\n" +
				"\x1b[2m2026-11-30T04:41:37.200000Z\x1b[0m \x1b[31mERROR\x1b[0m \x1b[2mapp\x1b[0m\x1b[2m:\x1b[0m lost connection\n" +
				"\nthread 'main' (4983) panicked at src/main.rs:162:18:\nindex out of bounds: the len is 0 but the index is 3\n" +
				"stack backtrace:\n   0: __rustc::rust_begin_unwind\n             at /rustc/5980/library/std/src/panicking.rs:689:5\n" +
				"note: Some details are omitted, run with `RUST_BACKTRACE=full` for a verbose backtrace.\n" +
				"[2026-11-30T04:41:38Z DEBUG app] after\n",
			want: []want{
				{parser.FormatRust, parser.LevelInfo, 2},
				{parser.FormatRust, parser.LevelWarning, 1},
				{parser.FormatRust, parser.LevelError, 2},
				{parser.FormatRust, parser.LevelCritical, 6},
				{parser.FormatRust, parser.LevelDebug, 1},
			},
		},
		{
			// winston: a message with line breaks continues its record; a plain
			// "error: …" line without simple()'s JSON of properties is any
			// program's, a record of its own without a level; Node's report of an
			// uncaught exception, blank lines and all, is one record at critical.
			name: "winston and Node",
			input: "warn: configuration:\n  pool: 5\n  timeout: 30\n" +
				"error: failed to load config: open /etc/app.yaml: no such file or directory\n" +
				"\x1b[32minfo\x1b[39m:    request served\n" +
				"error: no user -1 {\"stack\":\"RangeError: no user -1\\n    at fetchUser (/app/server.js:36:21)\"}\n" +
				"/app/server.js:36\n  if (id < 0) throw new RangeError(`no user ${id}`);\n              ^\n\n" +
				"RangeError: no user -2\n    at fetchUser (/app/server.js:36:21)\n    at Object.<anonymous> (/app/server.js:127:1)\n\n" +
				"Node.js v20.20.2\n",
			want: []want{
				{parser.FormatWinston, parser.LevelWarning, 3},
				{parser.FormatUnknown, parser.LevelUnknown, 1},
				{parser.FormatWinston, parser.LevelInfo, 1},
				{parser.FormatWinston, parser.LevelError, 1},
				{parser.FormatNode, parser.LevelCritical, 9},
			},
		},
	} {
		t.Run(c.name, func(t *testing.T) { checkRecs(t, collect(t, c.input), c.want) })
	}
}

// A Joiner not made by NewJoiner has no slots for its records until its
// first line: it must neither panic nor hand out a nil record.
func TestZeroJoiner(t *testing.T) {
	var j Joiner
	if j.Record() == nil {
		t.Fatal("nil record before any line")
	}
	j.Add([]byte("I1130 05:52:39.012438   13468 main.go:202] one\n"))
	if !j.Add([]byte("I1130 05:52:39.012438   13468 main.go:202] two\n")) {
		t.Fatal("second header completed no record")
	}
	if r := j.Record(); r == nil || string(r.RawMessage()) != "one" {
		t.Fatalf("record %+v, want the first line's", r)
	}
}

// TestScannerReleasesBuffer: a Scanner hands its first buffer back only once
// Next has reported the end (the last record is a window of it until then),
// and a buffer grown for a long line is not kept.
func TestScannerReleasesBuffer(t *testing.T) {
	in := "I1130 05:52:38.111111       1 a.go:1] first\nI1130 05:52:38.111111       1 a.go:1] last\n"
	s := New(strings.NewReader(in))
	var got []string
	for s.Next() {
		got = append(got, string(s.Raw()))
		if s.buf == nil {
			t.Fatalf("buffer released while record %q is current", s.Raw())
		}
	}
	if len(got) != 2 || got[1] != "I1130 05:52:38.111111       1 a.go:1] last\n" {
		t.Fatalf("records %q", got)
	}
	if s.buf != nil {
		t.Fatal("buffer kept after Next reported the end")
	}
	if s.Next() || s.buf != nil {
		t.Fatal("Next after the end")
	}

	// A line longer than the first buffer grows it; the grown one is
	// dropped, not pooled (the pool holds bufSize arrays only).
	long := strings.Repeat("x", 3*bufSize) + "\n"
	s = New(strings.NewReader(long), MaxBytes(4*bufSize))
	if !s.Next() || len(s.Raw()) != len(long) {
		t.Fatalf("long line: %d bytes", len(s.Raw()))
	}
	if len(s.buf) == bufSize {
		t.Fatalf("buffer not grown: %d", len(s.buf))
	}
	for s.Next() {
	}
	if s.buf != nil {
		t.Fatal("grown buffer kept after the end")
	}
}
