package parser

import (
	"math/rand/v2"
	"testing"
)

// The dispatch made cheaper for the corpus's common line shapes (#14) is
// held to parseHeader as it was before, kept here verbatim but for its
// name and the formats added since (marked "session 15"): the same answer
// and the same record for every line. The format
// parsers it calls are today's; each change to one of them is held to its
// own earlier version (cheapreject_test.go).

// parseHeaderBefore dispatches on the first byte so that each line is tried against
// only the formats that can start with it; the commonest comes first.
// Its callers then try GitLab Runner's info lines, which open with their
// message, any byte (parseGitLabRunnerInfo): a call of its own here would
// cost every line.
func parseHeaderBefore(h []byte, r *Record) bool {
	if len(h) == 0 {
		return false
	}
	// Bitnami's "module 10:57:40.63 INFO  ==> ": any lower-case word
	// opens it, so it is tried before the cases split on the first byte;
	// a line is rejected at the byte after its first word.
	if c := h[0]; 'a' <= c && c <= 'z' && parseBitnami(h, r) {
		return true
	}
	// Constant cases: the compiler turns the switch into a jump table, one
	// indirect jump instead of a chain of comparisons.
	switch h[0] {
	case 'I', 'W', 'E', 'F':
		// MinIO's report of an error without an API: "INTERNAL".
		if len(h) == 8 && string(h) == "INTERNAL" {
			return parseMinIO(h, r)
		}
		// Cassandra's "INFO  [main] <date> …" before logrus's TTY form,
		// whose bracket may hold any text.
		return parseKlog(h, r) || r.retry() || (len(h) > 6 && h[5] == ' ' && h[6] == '[' && parseCassandra(h, r)) || parseLogrusTTY(h, r) || r.retry() || parseLog15(h, r) || r.retry() ||
			parseWeave(h, r) || r.retry() || parseZapNoTime(h, r) || r.retry() || parsePython(h, r) || r.retry() ||
			parseJavaUncaught(h, r) || r.retry() || parseJUL(h, r) || r.retry() || parseRuby(h, r)
	case '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
		if len(h) > 4 && h[4] == '/' {
			return parseStdlog(h, r)
		}
		// Spark's "24/05/14 10:15:03 INFO SparkContext: ".
		if len(h) > 5 && h[2] == '/' && h[5] == '/' && parseSpark(h, r) {
			return true
		}
		// SonarQube's "2026.12.01 18:13:06 INFO  app[][…] " and ClickHouse's
		// "2026.12.02 09:16:48.107473 [ 21 ] {} <Error> "; an address such
		// as "10.0.10.5 …" goes on.
		if len(h) > 20 && h[4] == '.' && h[7] == '.' {
			if h[19] == '.' && parseClickHouse(h, r) || h[19] == ' ' && parseSonarQube(h, r) {
				return true
			}
		}
		// Redis's "1:M 30 Nov 2026 04:41:36.123 * msg".
		if c, ok := redisHead(h); ok {
			return parseRedis(h, c, r)
		}
		// The "yymmdd hh:mm:ss [Level] " of MySQL 5.5 and of MariaDB's
		// fatal signal handler.
		if len(h) > 15 && h[6] == ' ' && h[9] == ':' {
			if parseMySQLOld(h, r) {
				return true
			}
			r.retry()
		}
		// MariaDB's "2026-11-30  4:41:36 0 [Note] ": no fraction, a
		// thread id after the time.
		if len(h) > 23 && h[4] == '-' && h[10] == ' ' && h[19] == ' ' && isDigit(h[20]) {
			if parseMariaDB(h, r) {
				return true
			}
			r.retry()
		}
		// A date whose time is set off by a space, not zap's and hclog's
		// 'T': capnslog's "2019-04-02 17:47:28.661134 I | " or Calico's
		// "2024-03-15 00:46:36.132 [INFO][68] ". Other such lines go on to
		// the attempts below (zerolog with a custom TimeFormat).
		if len(h) > 24 && h[10] == ' ' && h[4] == '-' {
			// The time is scanned once for both; capnslog's letter or
			// Calico's bracket follows it.
			if te := scanRFC3339(h, 0, false); te > 0 && te+1 < len(h) && h[te] == ' ' {
				// Fluentd's "<time> +0000 [warn]: ": an offset after a
				// space, then the level in brackets.
				if h[te+1] == '+' || h[te+1] == '-' {
					if parseFluentd(h, te, r) {
						return true
					}
					r.retry()
				}
				if h[te+1] == '[' && te+2 < len(h) && isUpper(h[te+2]) {
					if parseCalico(h, te, r) {
						return true
					}
					r.retry()
				}
				// RabbitMQ's "<time> [error] <0.200.3> ".
				if h[te+1] == '[' && te+2 < len(h) && 'a' <= h[te+2] && h[te+2] <= 'z' {
					if parseRabbitMQ(h, te, r) {
						return true
					}
					r.retry()
				}
				// The Datadog Agent's "<time> UTC | CORE | INFO | (…) | ",
				// its zone an abbreviation or tzdata's "+0545".
				if (isUpper(h[te+1]) || h[te+1] == '+' || h[te+1] == '-') && parseDDAgent(h, te, r) {
					return true
				}
				// Flink's "<time>,SSS LEVEL logger<padding> [] - ", which
				// CPython's asctime layout and "%d %p %m (%c)" would take.
				if isUpper(h[te+1]) && parseFlink(h, te, r) {
					return true
				}
				// (session 15, after the copy was taken) Ceph before Octopus.
				if te+12 < len(h) && isHexLower(h[te+1]) && h[te+2] != ' ' && h[te+9] != ' ' && parseCeph(h, 0, te, r) {
					return true
				}
				if parseCapnslog(h, te, r) {
					return true
				}
				r.retry()
				// The JVM's "%d [%thread] %-5level %logger - %msg", and
				// "%d %p %m (%c)", which CPython's asctime layout would
				// take below when its level is one CPython has too.
				if h[te+1] == '[' && parseJavaDated(h, te, r) {
					return true
				}
				r.retry()
				// Spring Boot 2's "<time>  INFO 1 --- [main] …", whose
				// TRACE the next one would take.
				if parseSpringBoot(h, te, r) {
					return true
				}
				r.retry()
				if parseJavaLevelFirst(h, te, r) {
					return true
				}
				r.retry()
				// Python's basicConfig layouts: " - name - LEVEL - ",
				// ",mmm LEVEL " or ",mmm name LEVEL ".
				if parsePythonAsctime(h, te, r) {
					return true
				}
				r.retry()
				// PostgreSQL's "<time> UTC [1] LOG:  …"; its DETAIL,
				// STATEMENT… lines continue the report before them.
				if head, field := parsePostgres(h, te, r); head {
					return true
				} else if field {
					return r.retry()
				}
				r.retry()
			}
		}
		// A ':' in the second or third byte is zerolog's default Kitchen
		// time ("3:04PM"); zap's and hclog's times open with a date or an
		// epoch, so only zerolog's parser can claim such a line.
		if len(h) > 2 && (h[1] == ':' || h[2] == ':') {
			// logback's and log4j2's "15:04:05.000 [thread] LEVEL …".
			if h[2] == ':' && (parseJavaPattern(h, r) || r.retry() || parseJBossClock(h, r)) {
				return true
			}
			r.retry()
			// "3:04PM " or "11:04PM ": the time's end is known, and
			// parseZerolog's search for it can be skipped.
			te := 7
			if h[1] == ':' {
				te = 6
			}
			if te < len(h) && h[te] == ' ' && isKitchen(h[:te]) {
				return parseZerologAfterTime(h, 0, te, timeKitchen, r)
			}
			return parseZerolog(h, r)
		}
		// zap's and hclog's times are both RFC 3339 (zap has epoch forms
		// too): scan the time once for both.
		tEnd, kind := scanZapTime(h)
		// The Datadog Agent's RFC 3339 form (log_format_rfc3339):
		// "<time> | CORE | INFO | (…) | ".
		if kind == timeRFC3339 && tEnd+2 < len(h) && h[tEnd] == ' ' && h[tEnd+1] == '|' && parseDDAgent(h, tEnd, r) {
			return true
		}
		// Spring Boot 3's "<RFC 3339>  INFO 1 --- [main] …", before zap's
		// space-separated columns can take its level.
		if kind == timeRFC3339 && tEnd+1 < len(h) && h[tEnd] == ' ' {
			if parseSpringBoot(h, tEnd, r) {
				return true
			}
			r.retry()
			// tracing-subscriber's "<time>  INFO target: msg": its level
			// right-aligned in five columns and a target with a colon,
			// before zap's space-separated columns can take the level.
			if parseTracing(h, 0, tEnd, r) {
				return true
			}
			r.retry()
		}
		// (session 15, after the copy was taken) MongoDB before 4.4 and Ceph.
		if kind == timeRFC3339 && tEnd+4 < len(h) && h[tEnd] == ' ' && isUpper(h[tEnd+1]) && (h[tEnd+2] == ' ' || isDigit(h[tEnd+2])) && parseMongoDB(h, tEnd, r) {
			return true
		}
		if kind == timeRFC3339 && tEnd+12 < len(h) && h[tEnd] == ' ' && isHexLower(h[tEnd+1]) && h[tEnd+2] != ' ' && h[tEnd+9] != ' ' && parseCeph(h, 0, tEnd, r) {
			return true
		}
		// MySQL's "<RFC 3339> 0 [Note] ": a thread id, where zap, hclog
		// and zerolog have a letter or a bracket.
		if kind == timeRFC3339 && tEnd+1 < len(h) && h[tEnd] == ' ' && isDigit(h[tEnd+1]) {
			if parseMySQL(h, tEnd, r) {
				return true
			}
			r.retry()
		}
		// Sidekiq's "<time> pid=1 tid=2ls INFO: " (and before 6, "<time> 1
		// TID-2ls INFO: "): a pair where zap, hclog and zerolog have a level.
		if kind == timeRFC3339 && tEnd+5 < len(h) && h[tEnd] == ' ' && (h[tEnd+1] == 'p' || isDigit(h[tEnd+1])) {
			if parseSidekiq(h, tEnd, r) {
				return true
			}
			r.retry()
		}
		// After an RFC 3339 time, zerolog's three capitals are no zap or
		// hclog level: those lines skip the attempts that cannot match.
		if kind == timeRFC3339 && tEnd+1 < len(h) && h[tEnd] == ' ' {
			// hclog's "[LEVEL]": zap's level column never opens with '['.
			if h[tEnd+1] == '[' {
				return parseHclogAfterTime(h, tEnd, r) || r.retry() || parseZerologDigits(h, tEnd, kind, r)
			}
			if e := tEnd + 4; e <= len(h) && (e == len(h) || h[e] == ' ') && isUpper(h[tEnd+1]) {
				if _, ok := zerologLevel(h[tEnd+1 : e]); ok {
					return parseZerologAfterTime(h, 0, tEnd, kind, r)
				}
			}
		}
		// Istio's format for its Envoy: "<time>\t<level>\tenvoy <logger> …",
		// whose info and error zap's columns would take.
		if kind == timeRFC3339 && tEnd < len(h) && h[tEnd] == '\t' {
			if parseEnvoyIstio(h, tEnd, r) {
				return true
			}
			r.retry()
			// Airlift's (Trino's) "<time>\tINFO\t<thread>\t<logger>\t",
			// whose level zap's columns would take with the thread as
			// the logger and the class in the message.
			if parseAirlift(h, tEnd, r) {
				return true
			}
		}
		return parseZapAfterTime(h, tEnd, kind, r) || r.retry() ||
			(kind == timeRFC3339 && parseHclogAfterTime(h, tEnd, r)) || r.retry() || parseZerologDigits(h, tEnd, kind, r)
	case '{':
		return parseJSONLine(h, r)
	case '[':
		// gunicorn's "[2026-11-30 04:41:36 +0000] [1] [INFO] …": a date
		// where CoreDNS's "[INFO]" has its level.
		if len(h) > 1 && isDigit(h[1]) {
			// An uptime of a million seconds or more fills its column.
			if len(h) > 9 && (h[8] == '.' || h[9] == '.') && parseTracingUptime(h, r) {
				return true
			}
			// and Envoy's "[2026-11-30 04:41:36.123][15][warning]…";
			// env_logger's "[2026-11-30T04:41:36Z INFO  app] msg" has a T.
			// Elasticsearch's, OpenSearch's and Logstash's
			// "[2026-11-30T04:41:36,123][INFO ][o.e.n.Node] …" too: their
			// %d{ISO8601} is always 23 bytes, as the rules have it, so one
			// byte tells env_logger's lines from them before any scan.
			if len(h) > 11 && h[11] == 'T' {
				if len(h) > 25 && h[24] == ']' && h[25] == '[' && parseElastic(h, r) {
					return true
				}
				// Kibana's "[2026-11-30T04:41:36.123+00:00][INFO ][logger] "
				// and Airflow's "[2026-11-30T04:41:36.123+0000] {file.py:12} ":
				// the time is scanned once for both.
				if te := scanRFC3339(h, 1, true); te > 0 && te+2 < len(h) && h[te] == ']' {
					if h[te+1] == '[' && parseKibana(h, te, r) {
						return true
					}
					if te == 29 && h[31] == '{' && (h[24] == '+' || h[24] == '-') && parseAirflow(h, 29, r) {
						return true
					}
				}
				return r.retry() || parseEnvLogger(h, r)
			}
			// Fluent Bit's "[2026/11/30 04:41:36] [ info] …".
			if len(h) > 5 && h[5] == '/' {
				return parseFluentBit(h, r)
			}
			// PHP-FPM's "[02-Dec-2026 04:30:22] NOTICE: …".
			if len(h) > 7 && h[3] == '-' && h[7] == '-' {
				return parsePHPFPM(h, r)
			}
			// Airflow's before 2.4, "[2026-11-30 04:41:36,123] {file.py:12} ".
			if len(h) > 26 && h[24] == ']' && h[26] == '{' && h[20] == ',' {
				return scanRFC3339(h[:24], 1, false) == 24 && parseAirflow(h, 24, r)
			}
			// (session 15, after the copy was taken) Redis 2.x.
			if len(h) > 24 && parseRedis2(h, r) {
				return true
			}
			// (session 15, after the copy was taken) NATS server.
			if parseNATS(h, r) {
				return true
			}
			return parseGunicorn(h, r) || r.retry() || parseCelery(h, r) || r.retry() || parseEnvoy(h, r) || r.retry() ||
				parseKafka(h, r)
		}
		// Apache httpd's "[Wed Dec 02 04:38:16.304673 2026] [core:notice] …",
		// a weekday where CoreDNS's "[INFO]" has its level.
		if len(h) > 8 && h[4] == ' ' && h[8] == ' ' {
			return parseApache(h, r)
		}
		// linkerd2-proxy's uptime, "[     0.002365s]  INFO …".
		if len(h) > 1 && h[1] == ' ' {
			return parseTracingUptime(h, r)
		}
		// Tornado's and Jupyter's "[I 261202 09:51:35 web:2243] ": a
		// level's initial where CoreDNS's "[INFO]" has a word.
		if len(h) > 20 && h[2] == ' ' && isDigit(h[3]) && parseTornado(h, r) {
			return true
		}
		// NestJS's "[Nest] 1  - …" without colour (NO_COLOR).
		if len(h) > 2 && h[1] == 'N' && parseNest(h, r) {
			return true
		}
		// env_logger without a time, "[INFO  app] msg".
		return parseBracket(h, r) || r.retry() || parseEnvLogger(h, r)
	case 't':
		// std's panic hook: "thread 'main' panicked at …"; .NET's
		// "trce: Category[0]".
		return parseDotnet(h, r) || r.retry() || parseRustPanic(h, r) || r.retry() || parseLogrus(h, r) || r.retry() || parseLogfmt(h, r)
	case 'l':
		return parseLogrus(h, r) || r.retry() || parseLogfmt(h, r)
	case 0x1b:
		// GitLab Runner's coloured levels, ESC[0;33m, ESC[31;1m, ESC[37;1m.
		if len(h) > 8 && h[6] == 'm' && (h[3] == ';' || h[4] == ';') {
			if parseGitLabRunner(h, r) {
				return true
			}
			r.retry()
		}
		// Bitnami's coloured module: ESC[38;5;6m.
		if len(h) > 9 && string(h[:9]) == "\x1b[38;5;6m" && parseBitnami(h, r) {
			return true
		}
		// NestJS's coloured "[Nest] ".
		if k := skipCSI(h, 0); k+2 < len(h) && h[k] == '[' && h[k+1] == 'N' {
			if parseNest(h, r) {
				return true
			}
			r.retry()
		}
		// A reset, then another colour: hclog's forced colour spills the
		// previous line's reset onto this one. logrus's and zerolog's
		// colours open with their own code, so neither can claim it.
		if len(h) > 6 && h[1] == '[' && h[2] == '0' && h[3] == 'm' && h[4] == 0x1b && h[5] == '[' {
			return parseAfterCSI(h, r)
		}
		// A digit after the first colour code is a coloured time (zerolog,
		// or hclog's first line); logrus's coloured lines open with their
		// level word, so its attempt is skipped.
		if k := skipCSI(h, 0); k < len(h) && isDigit(h[k]) {
			return parseZerolog(h, r) || r.retry() || parseTracingANSI(h, r) || r.retry() || parseAfterCSI(h, r)
		}
		// winston's coloured level ("ESC[32minfoESC[39m:") before the
		// line is read again without its colour.
		return parseLogrusTTY(h, r) || r.retry() || parseLog15(h, r) || r.retry() || parseZerolog(h, r) || r.retry() ||
			parseWinston(h, r) || r.retry() || parseAfterCSI(h, r)
	case 'p', 'f':
		// Node's uncaught exception in an ES module: "file:///app/x.mjs:3",
		// and .NET's "fail: Category[1]".
		return parseDotnet(h, r) || r.retry() || parseGoPanic(h, r) || r.retry() || parseZapNoTime(h, r) || r.retry() || parseLogfmt(h, r) || r.retry() ||
			parseNodeUncaught(h, r)
	case 'D', 'P':
		return (len(h) > 6 && h[5] == ' ' && h[6] == '[' && parseCassandra(h, r)) || parseLogrusTTY(h, r) || r.retry() || parseLog15(h, r) || r.retry() || parseWeave(h, r) || r.retry() ||
			parseZapNoTime(h, r) || r.retry() || parsePython(h, r) || r.retry() || parseJUL(h, r) || r.retry() || parseRuby(h, r)
	case 'T':
		return parsePythonTraceback(h, r) || r.retry() || (len(h) > 6 && h[5] == ' ' && h[6] == '[' && parseCassandra(h, r)) || parseLogrusTTY(h, r) || r.retry() || parseLog15(h, r) || r.retry() ||
			parseWeave(h, r) || r.retry() || parseZapNoTime(h, r) || r.retry() || parsePython(h, r)
	case 'C':
		return parseLog15(h, r) || r.retry() || parsePython(h, r)
	case 'U':
		// The .NET runtime's "Unhandled exception. System.X: msg".
		return parseDotnetUnhandled(h, r)
	case 'd', 'i', 'w', 'e':
		// .NET's "info: Category[14]" before winston's format.simple(),
		// "info: msg", after logfmt, which never takes a line without a
		// '=' pair.
		// (session 15, after the copy was taken) Rook's "debug " before Ceph's lines.
		if h[0] == 'd' && len(h) > 6 && h[5] == ' ' && isDigit(h[6]) && parseCephPrefixed(h, r) {
			return true
		}
		return parseDotnet(h, r) || r.retry() || parseZapNoTime(h, r) || r.retry() || parseLogfmt(h, r) || r.retry() ||
			parseWinston(h, r)
	case 'L':
		return parseZapNoTime(h, r) || r.retry() || parseLogfmt(h, r)
	case 'S':
		return parseJUL(h, r) || r.retry() || parseLogfmt(h, r)
	case 'A', 'J', 'M', 'N', 'O':
		// java.util.logging's "Dec 01, 2026 6:13:29 PM source" (its
		// 'D', 'F' and 'S' months are tried in those cases), Ruby
		// Logger's ANY ("A, [2026-…"), and MinIO's "API: SYSTEM()".
		if len(h) > 5 && h[1] == 'P' && h[3] == ':' {
			return parseMinIO(h, r)
		}
		return parseJUL(h, r) || r.retry() || parseRuby(h, r)
	case '/', '.':
		// Ruby's uncaught exception, "/app/x.rb:3:in `m': msg (Error)",
		// and Node's, "/app/server.js:36".
		return parseRubyUncaught(h, r) || r.retry() || parseNodeUncaught(h, r)
	case ' ', '\t':
		// Bitnami's line without a module: " 16:30:28.78 INFO  ==> ".
		return h[0] == ' ' && parseBitnami(h, r) || r.retry() || parseIndented(h, r)
	case 'n':
		// winston's notice, and Node's uncaught exception thrown inside
		// its own modules ("node:internal/modules/cjs/loader:1228").
		return parseNginxStderr(h, r) || r.retry() || parseLogfmt(h, r) || r.retry() || parseWinston(h, r) || r.retry() ||
			parseNodeUncaught(h, r)
	case 'a', 'b', 'c', 'g', 'h', 'j', 'k', 'm', 'o', 'q', 'r', 's', 'u', 'v', 'x', 'y', 'z', '"', '_', '@':
		// A relative path of Ruby's uncaught exception ("app.rb:3:in …")
		// after logfmt, which never takes a line without a '=' pair, and
		// winston's alert, crit, http, silly and verbose ("http: msg").
		// .NET's "crit: Category[0]" before winston's crit.
		return h[0] == 'c' && parseDotnet(h, r) || r.retry() || parseLogfmt(h, r) || r.retry() || parseRubyUncaught(h, r) || r.retry() ||
			parseWinston(h, r)
	}
	return false
}

// checkDispatch fails unless parseHeader and parseHeaderBefore agree on line,
// then IsHeader's way (parseGitLabRunnerInfo after a failure) too.
func checkDispatch(t testing.TB, line []byte) {
	t.Helper()
	a, b := Record{text: line}, Record{text: line}
	okA, okB := parseHeader(line, &a), parseHeaderBefore(line, &b)
	if okA != okB || a.Format != b.Format || a.Level != b.Level || a.layout != b.layout {
		t.Fatalf("parseHeader(%q) = %v %+v, before %v %+v", line, okA, a, okB, b)
	}
	if !okA {
		okA, okB = parseGitLabRunnerInfo(line, &a), parseGitLabRunnerInfo(line, &b)
		if okA != okB || a.Format != b.Format || a.Level != b.Level || a.layout != b.layout {
			t.Fatalf("after parseHeader(%q): %v %+v, before %v %+v", line, okA, a, okB, b)
		}
	}
}

// dispatchLines are the lines the dispatch is held to: the corpus, the
// parse tests' cases.
func dispatchLines(tb testing.TB) [][]byte {
	lines := corpusLines(tb)
	for _, c := range append(append([]parseCase{}, seedCases...), edgeCases...) {
		lines = append(lines, []byte(c.line))
	}
	for _, l := range negativeCases {
		lines = append(lines, []byte(l))
	}
	return lines
}

func TestDispatchMatchesBefore(t *testing.T) {
	lines := dispatchLines(t)
	for _, l := range lines {
		checkDispatch(t, l)
	}
	// Each line cut short, and with a few bytes changed to the ones the
	// dispatch looks at.
	rnd := rand.New(rand.NewPCG(5, 6))
	alpha := []byte(" \t:[]{}.=\"-+/TZ0129aIlt\x1b;m")
	for _, l := range lines {
		for n := 0; n < 20; n++ {
			b := append([]byte(nil), l[:rnd.IntN(len(l)+1)]...)
			for k := rnd.IntN(3); k > 0 && len(b) > 0; k-- {
				b[rnd.IntN(len(b))] = alpha[rnd.IntN(len(alpha))]
			}
			checkDispatch(t, b)
		}
	}
}

func FuzzDispatch(f *testing.F) {
	for i, l := range dispatchLines(f) {
		if i%5 == 0 {
			f.Add(l)
		}
	}
	f.Fuzz(func(t *testing.T, line []byte) { checkDispatch(t, line) })
}
