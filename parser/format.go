package parser

// Format names the logger (or runtime) that wrote a record. The names are a
// contract (DESIGN.md): they appear in relevel's output and are never renamed.
type Format uint8

// Known formats. FormatUnknown ("") means nothing was recognised.
const (
	FormatUnknown Format = iota
	FormatKlog
	FormatKlogJSON
	FormatZap
	FormatLogrus
	FormatSlog
	FormatZerolog
	FormatGokit
	FormatHclog
	FormatBracket
	FormatGoPanic
	FormatJSON
	// FormatLogutils is package log's date and time, then a bracketed
	// level: "2019/03/03 02:15:03 [WARN] agent: msg", as
	// github.com/hashicorp/logutils filters it and serf, memberlist and the
	// HashiCorp agents before hclog wrote it.
	FormatLogutils
	// FormatLog15 is the terminal form of github.com/inconshreveable/log15
	// and of go-ethereum's log package: "INFO [11-30|04:41:36.123] msg k=v".
	FormatLog15
	// FormatCapnslog is github.com/coreos/pkg/capnslog's PrettyFormatter,
	// etcd's before 3.5: "2019-04-02 17:47:28.661134 I | etcdserver: msg".
	FormatCapnslog
	// FormatCalico is libcalico-go's logutils.Formatter, which every Calico
	// component writes: "2024-03-15 00:46:36.132 [INFO][68] felix/x.go 12: msg".
	FormatCalico
	// FormatWeave is Weave Net's text formatter over logrus:
	// "INFO: 2016/04/06 20:53:30.071220 msg".
	FormatWeave
	// FormatPython is CPython's logging module in its default and
	// basicConfig layouts, uvicorn's and gunicorn's, and a traceback that
	// ended the program: "WARNING:app.db:msg".
	FormatPython
	// FormatJava is the JVM's loggers on a console: logback's documented
	// pattern and log4j2's default, Spring Boot's console pattern,
	// java.util.logging's two-line SimpleFormatter, an uncaught exception.
	FormatJava
	// FormatNginx is nginx's error log: "2026/11/30 04:41:36 [notice] 1#1:
	// msg", and "nginx: [emerg] msg" before the log is open.
	FormatNginx
	// FormatPostgres is PostgreSQL's server log with its default prefix:
	// "2026-11-30 04:41:36.123 UTC [1] LOG:  msg".
	FormatPostgres
	// FormatEnvoy is Envoy's default log format and the one Istio gives
	// its sidecars: "[2026-11-30 04:41:36.123][15][warning][config] msg".
	FormatEnvoy
	// FormatRuby is Ruby's standard Logger (Rails' too):
	// "I, [2026-11-30T04:41:36.123456 #1]  INFO -- prog: msg", and an
	// exception nobody rescued.
	FormatRuby
	// FormatRedis is Redis's log: "1:M 30 Nov 2026 04:41:36.123 * msg".
	FormatRedis
	// FormatMySQL is the MySQL and MariaDB error log: "2026-11-30  4:41:36
	// 0 [Note] msg" (MariaDB), "2026-11-30T04:41:36.123456Z 0 [Warning]
	// msg" (MySQL 5.7 and 8).
	FormatMySQL
	// FormatRust is Rust's env_logger ("[2026-11-30T04:41:36Z INFO  app]
	// msg") and tracing-subscriber's fmt default ("2026-11-30T04:41:36.123456Z
	//  INFO app: msg"), and the panic std's hook reports.
	FormatRust
	// FormatWinston is winston's text formats (Node): format.simple()'s
	// "info: msg {…}", format.cli()'s coloured and padded level.
	FormatWinston
	// FormatNode is Node's own report of an exception nobody caught:
	// "/app/server.js:36", the source line, the stack, "Node.js v20…".
	FormatNode
	// FormatFluentBit is Fluent Bit's own log: "[2026/11/30 04:41:36]
	// [ info] [engine] msg", and its signal handler's line.
	FormatFluentBit
	// FormatDotnet is .NET's console logger with its default formatter:
	// "info: Microsoft.Hosting.Lifetime[14]", the message on the lines
	// after it, padded with six spaces.
	FormatDotnet
	// FormatBitnami is the set-up scripts' log of Bitnami's images
	// (liblog.sh): "postgresql 10:57:40.63 INFO  ==> msg", coloured or not.
	FormatBitnami
	// FormatPHPFPM is PHP-FPM's own log: "[02-Dec-2026 04:30:22] NOTICE:
	// fpm is running, pid 1".
	FormatPHPFPM
	// FormatApache is the Apache HTTP Server's error log: "[Wed Dec 02
	// 04:38:16.304673 2026] [core:notice] [pid 1:tid 1] AH00094: msg".
	FormatApache
	// FormatRabbitMQ is RabbitMQ's log: "2026-11-30 04:41:36.123456+00:00
	// [error] <0.200.3> msg" (3.9 on), and lager's before it.
	FormatRabbitMQ
	// FormatFluentd is Fluentd's own log: "2026-11-30 04:41:36 +0000
	// [warn]: #0 msg".
	FormatFluentd
	// FormatNest is NestJS's ConsoleLogger: "[Nest] 1  - 12/02/2026,
	// 9:09:29 AM     LOG [NestFactory] msg", coloured.
	FormatNest
	// FormatClickHouse is ClickHouse's server log: "2026.12.02
	// 09:16:48.107473 [ 21 ] {} <Error> executeQuery: msg".
	FormatClickHouse
	// FormatDDAgent is the Datadog Agent's own log: "2026-12-02 10:56:38
	// UTC | CORE | WARN | (pkg/…/file.go:212 in parsePods) | msg".
	FormatDDAgent
	// FormatKibana is Kibana's console log (8.0 on): "[2022-06-17T11:50:33.272+00:00][ERROR][elasticsearch-service] msg".
	FormatKibana
	// FormatGitea is Gitea's log: "2024/10/31 14:15:38 cmd/web.go:304:listen() [I] msg".
	FormatGitea
	// FormatGitLabRunner is GitLab Runner's log: "WARNING: Job failed: exit code 1<padding>  job=14796".
	FormatGitLabRunner
	// FormatMinIO is MinIO's console error report: "API: SYSTEM()", then "Time: …", "Error: …" and its trace.
	FormatMinIO
	// FormatBeego is beego's logger (Harbor's core): "2023/03/04 21:28:31.058 [E] [server.go:12]  msg".
	FormatBeego
	// FormatCeph is Ceph's daemons' log, as Rook runs them: "debug 2024-08-20T14:05:39.525+0000 737f80905640 -1 msg".
	FormatCeph
	// FormatMongoDB is MongoDB's text log (4.2 and before): "2019-12-04T11:55:15.381+0000 W NETWORK  [ctx] msg".
	FormatMongoDB
	// FormatNATS is NATS server's log: "[1] 2023/10/11 17:00:23.018770 [WRN] msg".
	FormatNATS
	// FormatPingCAP is pingcap/log's text layout, TiDB's unified log format (TiDB, PD, TiKV, Milvus):
	// "[2022/09/13 03:32:19.708 +08:00] [WARN] [file.go:100] ["msg"] [key=value]".
	FormatPingCAP
	numFormats
)

var formatNames = [...]string{"", "klog", "klog-json", "zap", "logrus", "slog", "zerolog", "gokit", "hclog", "bracket", "gopanic", "json", "logutils", "log15", "capnslog", "calico", "weave", "python", "java", "nginx", "postgres", "envoy", "ruby", "redis", "mysql", "rust", "winston", "node", "fluentbit", "dotnet", "bitnami", "phpfpm", "apache", "rabbitmq", "fluentd", "nestjs", "clickhouse", "ddagent", "kibana", "gitea", "gitlabrunner", "minio", "beego", "ceph", "mongodb", "nats", "pingcap"}

// String returns the contract name of the format ("klog", "zap", …), or "".
func (f Format) String() string {
	if int(f) < len(formatNames) {
		return formatNames[f]
	}
	return ""
}

// ParseFormat maps a contract name back to its Format; ok is false for names
// relevel does not know (the empty name is FormatUnknown and valid).
func ParseFormat(name string) (Format, bool) {
	for i, n := range formatNames {
		if n == name {
			return Format(i), true
		}
	}
	return FormatUnknown, false
}

// Formats lists every named format, in a stable order.
func Formats() []Format {
	out := make([]Format, 0, numFormats-1)
	for f := FormatKlog; f < numFormats; f++ {
		out = append(out, f)
	}
	return out
}
