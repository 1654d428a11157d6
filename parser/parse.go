package parser

import (
	"bytes"
	"encoding/binary"
	"math/bits"
)

// Parse recognises the logger that wrote text and fills r with what it
// recovers. text is one record without its final line ending: a header line,
// optionally followed by '\n' and continuation lines (as the join package
// groups them). Parse never fails: an unrecognised record has FormatUnknown,
// LevelUnknown and the whole text as its message, and Parse reports whether a
// format was recognised.
//
// Parse does not allocate and keeps no reference to text beyond r.
func Parse(text []byte, r *Record) bool {
	r.reset(text)
	header := text
	if i := bytes.IndexByte(text, '\n'); i >= 0 {
		header = text[:i]
		r.cont = span{int32(i + 1), int32(len(text))}
	}
	// A pty turns "\n" into "\r\n"; the CR belongs to no field.
	if n := len(header); n > 0 && header[n-1] == '\r' {
		header = header[:n-1]
	}
	// A pretty-printed JSON object (logrus PrettyPrint) opens with a lone
	// brace; the joiner has gathered it whole.
	if len(header) == 1 && header[0] == '{' && !r.cont.empty() {
		if parseJSONLine(text, r) {
			// The lines after the brace are the object's members, already
			// read into the fields: they are no message text.
			r.cont = span{}
			return true
		}
		cont := r.cont
		r.reset(text)
		r.cont = cont
	}
	return completeParse(text, r, parseHeader(header, r) || parseGitLabRunnerInfo(header, r))
}

// ParseAfterHeader is Parse for a text of more than one line whose first
// line has been parsed already: header is the record IsHeader or ParseLine
// reported true for on exactly that line (without its line ending; a final
// "\r" makes no difference). It returns what Parse returns, and fills r as
// Parse does, without parsing the header again: the joiner probes every
// line with IsHeader to tell where records start, and a record of several
// lines would otherwise have its first line parsed twice.
//
// The header's spans are offsets, so its text may be a copy of the line in
// another buffer. Text of one line, a header of no known format, and a
// first line that is a lone "{" (which Parse reads as a pretty-printed JSON
// object, not as a header) are parsed by Parse.
func ParseAfterHeader(text []byte, header *Record, r *Record) bool {
	i := bytes.IndexByte(text, '\n')
	if i < 0 || header.Format == FormatUnknown || text[0] == '{' && (i == 1 || i == 2 && text[1] == '\r') {
		return Parse(text, r)
	}
	*r = *header
	r.text = text
	// Parse's continuation span; no header parser reads or sets it.
	r.cont = span{int32(i + 1), int32(len(text))}
	return completeParse(text, r, true)
}

// completeParse is what Parse does once parseHeader has read the header
// into r (ok is what it returned) and r.cont holds the lines after it: the
// formats' multi-line rules, or the unrecognised record.
func completeParse(text []byte, r *Record, ok bool) bool {
	if ok && r.timeKind == timeJUL && !r.cont.empty() {
		// java.util.logging's level is on the record's second line.
		julLevelLine(r)
	}
	if ok && (r.Format == FormatPython || r.Format == FormatJava) && !r.cont.empty() {
		// "%d %p %m (%c)" puts the logger after a multi-line message, on
		// its last line; on its first, it reads as CPython's "asctime
		// levelname message".
		javaLoggerOnLastLine(r)
	}
	if ok && r.Format != FormatUnknown {
		if !r.cont.empty() {
			finishContinuation(r)
			if r.Format == FormatDotnet {
				dotnetMessage(r)
			}
			if r.Format == FormatGitLabRunner && r.fields.empty() {
				runnerLastLine(r)
			}
			if r.Format == FormatMinIO {
				minioReport(r)
			}
		}
		return true
	}
	r.reset(text)
	r.msg = span{0, int32(len(text))}
	return false
}

// ParseLine is Parse for text known to be a single line (no '\n'), such as
// the lines of a stream already split: it skips the search for continuation
// lines. Given text with a '\n', it treats the whole text as the header.
func ParseLine(line []byte, r *Record) bool {
	r.reset(line)
	header := line
	if n := len(header); n > 0 && header[n-1] == '\r' {
		header = header[:n-1]
	}
	if (parseHeader(header, r) || parseGitLabRunnerInfo(header, r)) && r.Format != FormatUnknown {
		return true
	}
	Unrecognised(line, r)
	return false
}

// Unrecognised fills r as ParseLine does for a line of no known format: no
// format, no level, the whole line the message. The joiner probes every
// line with IsHeader; for a line the probe found no format in, this is
// ParseLine's result without parsing the line again.
func Unrecognised(line []byte, r *Record) {
	r.reset(line)
	r.msg = span{0, int32(len(line))}
}

// IsHeader reports whether line (without its line ending) starts a record:
// a line of a known format, or one whose layout marks a record start though
// it carries no level (zerolog's "???", package log's plain lines, logfmt
// without a level key) — r.Format is then FormatUnknown. The joiner calls it
// on every line, so it shares Parse's cheap first-byte dispatch.
func IsHeader(line []byte, r *Record) bool {
	if n := len(line); n > 0 && line[n-1] == '\r' {
		line = line[:n-1]
	}
	r.reset(line)
	return parseHeader(line, r) || parseGitLabRunnerInfo(line, r)
}

// parseHeader dispatches on the first byte so that each line is tried against
// only the formats that can start with it; the commonest comes first.
// Its callers then try GitLab Runner's info lines, which open with their
// message, any byte (parseGitLabRunnerInfo): a call of its own here would
// cost every line.
func parseHeader(h []byte, r *Record) bool {
	if len(h) == 0 {
		return false
	}
	// Bitnami's "module 10:57:40.63 INFO  ==> ": any lower-case word
	// opens it, so it is tried first in each case of a lower-case
	// letter ('t', 'l', 'p', 'd', 'n' and the rest), rather than before
	// the switch, where every line would pay for the test; a line is
	// rejected at the byte after its first word, and nothing is left in
	// r (no retry after it).
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
		// Redis's "1:M 30 Nov 2026 04:41:36.123 * msg". Its pid's digits
		// (up to eight, as redisHead counts them) end at a ':'; most lines
		// here are dates, whose first non-digit is a '-': one word's test
		// finds that byte, where redisHead's byte loop cost some sixty
		// instructions a line (#14).
		if len(h) < 8 || leadingDigits8(h) < len(h) && h[leadingDigits8(h)] == ':' {
			if c, ok := redisHead(h); ok {
				return parseRedis(h, c, r)
			}
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
				// Ceph's before Octopus, "<time> 7fc5b6e8c700  0 msg": no
				// zone, a thread's id in hex.
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
		// The attempts up to Istio's all need an RFC 3339 time and a space
		// after it, then a byte, c: that is tested once for all of them,
		// and c loaded once (a zap line with TABs skips them at one test).
		if kind == timeRFC3339 && tEnd+1 < len(h) && h[tEnd] == ' ' {
			c := h[tEnd+1]
			// The Datadog Agent's RFC 3339 form (log_format_rfc3339):
			// "<time> | CORE | INFO | (…) | ".
			if c == '|' && tEnd+2 < len(h) && parseDDAgent(h, tEnd, r) {
				return true
			}
			// Spring Boot 3's "<RFC 3339>  INFO 1 --- [main] …", before
			// zap's space-separated columns can take its level.
			// Both have their level, its padding or (tracing's) its
			// colour right after the space: zap's lower-case level and
			// hclog's bracket skip them.
			// zerolog's three capitals and a space ("INF ") are
			// neither's: Spring Boot's unpadded levels and tracing's
			// have five letters (#14).
			if c == ' ' || c == 0x1b || isUpper(c) && (tEnd+4 >= len(h) || h[tEnd+4] != ' ') {
				if parseSpringBoot(h, tEnd, r) {
					return true
				}
				// tracing-subscriber's "<time>  INFO target: msg": its
				// level right-aligned in five columns and a target with
				// a colon, before zap's space-separated columns can
				// take the level.
				if parseTracing(h, 0, tEnd, r) {
					return true
				}
			}
			// MongoDB's text log before 4.4, "<RFC 3339> W NETWORK  [ctx] ":
			// a severity letter (4.2 pads it to two) where zap has a word.
			if isUpper(c) && tEnd+4 < len(h) && (h[tEnd+2] == ' ' || isDigit(h[tEnd+2])) && parseMongoDB(h, tEnd, r) {
				return true
			}
			// Ceph's "<RFC 3339> 7f54ecaab080 -1 msg": a thread's id in
			// hex and a debug level, where zap, hclog and zerolog have a
			// level.
			if isHexLower(c) && tEnd+12 < len(h) && h[tEnd+2] != ' ' && h[tEnd+9] != ' ' && parseCeph(h, 0, tEnd, r) {
				return true
			}
			// MySQL's "<RFC 3339> 0 [Note] ": a thread id, where zap,
			// hclog and zerolog have a letter or a bracket.
			if isDigit(c) {
				if parseMySQL(h, tEnd, r) {
					return true
				}
				r.retry()
			}
			// Sidekiq's "<time> pid=1 tid=2ls INFO: " (and before 6,
			// "<time> 1 TID-2ls INFO: "): a pair where zap, hclog and
			// zerolog have a level.
			if (c == 'p' || isDigit(c)) && tEnd+5 < len(h) {
				if parseSidekiq(h, tEnd, r) {
					return true
				}
				r.retry()
			}
			// After an RFC 3339 time, zerolog's three capitals are no
			// zap or hclog level: those lines skip the attempts that
			// cannot match.
			//
			// hclog's "[LEVEL]": zap's level column never opens with
			// '['. The JVM's "%d{ISO8601_OFFSET_DATE_TIME_HHMM} [%t]
			// %-5level %logger - %msg" (Pulsar's) has its thread there.
			if c == '[' {
				return parseHclogAfterTime(h, tEnd, r) || r.retry() || parseJavaDated(h, tEnd, r) || r.retry() || parseZerologDigits(h, tEnd, kind, r)
			}
			if e := tEnd + 4; e <= len(h) && (e == len(h) || h[e] == ' ') && isUpper(c) {
				if _, ok := zerologLevel(h[tEnd+1 : e]); ok {
					return parseZerologAfterTime(h, 0, tEnd, kind, r)
				}
			}
		}
		// Istio's format for its Envoy: "<time>\t<level>\tenvoy <logger> …",
		// whose info and error zap's columns would take.
		// Istio's level is a lower-case word, Airlift's a capital one:
		// the byte after the TAB chooses the one attempt a zap line pays
		// for (#14).
		if kind == timeRFC3339 && tEnd+1 < len(h) && h[tEnd] == '\t' {
			if c := h[tEnd+1]; 'a' <= c && c <= 'z' {
				if parseEnvoyIstio(h, tEnd, r) {
					return true
				}
			} else if isUpper(c) && parseAirlift(h, tEnd, r) {
				// Airlift's (Trino's) "<time>\tINFO\t<thread>\t<logger>\t",
				// whose level zap's columns would take with the thread
				// as the logger and the class in the message.
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
			// Fluent Bit's "[2026/11/30 04:41:36] [ info] …", and
			// pingcap/log's "[2026/11/30 04:41:36.123 +08:00] [INFO] …"
			// with its milliseconds where Fluent Bit closes the bracket.
			if len(h) > 5 && h[5] == '/' {
				if len(h) > 20 && h[20] == '.' {
					return parsePingCAP(h, r)
				}
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
			// Redis 2.x's "[9] 14 May 13:19:52.866 # ".
			if len(h) > 24 && parseRedis2(h, r) {
				return true
			}
			// NATS server's "[1] 2023/10/11 17:00:23.018770 [WRN] ".
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
		// Only parseLogrus may leave something behind when it fails. It
		// goes first: its lines open with "time=" or "level=", which no
		// other attempt here takes (a Bitnami module has no '=', nor
		// .NET's or std's first word), and they are most lines that
		// open with 't' or 'l' (logrus and slog write them to stderr).
		// slog's "time=" and go-kit's "ts=" lines that logrus's attempt
		// leaves go on to logfmt's at once: a '=' in bytes 2 to 5 is in
		// no Bitnami module or time (its first '=' is its arrow's, some
		// twenty bytes in), no .NET level and no "thread '" (#14).
		return parseLogrus(h, r) || r.retry() || !keyEqNear(h) && (parseBitnami(h, r) || parseDotnet(h, r) || parseRustPanic(h, r)) || parseLogfmt(h, r)
	case 'l':
		return parseLogrus(h, r) || r.retry() || !keyEqNear(h) && parseBitnami(h, r) || parseLogfmt(h, r)
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
		// The first colour code is skipped once for the tries below.
		k := skipCSI(h, 0)
		// NestJS's coloured "[Nest] ".
		if k+2 < len(h) && h[k] == '[' && h[k+1] == 'N' {
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
		if k < len(h) && isDigit(h[k]) {
			return parseZerolog(h, r) || r.retry() || parseTracingANSI(h, r) || r.retry() || parseAfterCSI(h, r)
		}
		// winston's coloured level ("ESC[32minfoESC[39m:") before the
		// line is read again without its colour.
		return parseLogrusTTYAt(h, k, r) || r.retry() || parseLog15(h, r) || r.retry() || parseZerolog(h, r) || r.retry() ||
			parseWinston(h, r) || r.retry() || parseAfterCSI(h, r)
	case 'p', 'f':
		// Node's uncaught exception in an ES module: "file:///app/x.mjs:3",
		// and .NET's "fail: Category[1]".
		// Go's "panic: " and "fatal error: " go first, most of these
		// lines: neither opens a Bitnami line (a module ends at a space,
		// and "error:" is no time) nor a .NET one (no ':' at byte 4),
		// and parseGoPanic's two prefix tests reject the rest (#14).
		return parseGoPanic(h, r) || parseBitnami(h, r) || parseDotnet(h, r) || r.retry() || parseZapNoTime(h, r) || r.retry() || parseLogfmt(h, r) || r.retry() ||
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
		// '=' pair; Rook's "debug " before Ceph's lines.
		if parseBitnami(h, r) {
			return true
		}
		if h[0] == 'd' && len(h) > 6 && h[5] == ' ' && isDigit(h[6]) && parseCephPrefixed(h, r) {
			return true
		}
		return parseDotnet(h, r) || parseZapNoTime(h, r) || r.retry() || parseLogfmt(h, r) || parseWinston(h, r)
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
		// Bitnami's line without a module: " 16:30:28.78 INFO  ==> ",
		// its time coloured or with its first ':' at h[3] (as
		// parseBitnami reads a line that opens with the space), which
		// most indented lines (pretty-printed JSON, stack frames) fail
		// before its search for the space. It sets nothing when it
		// fails: no retry is needed before parseIndented.
		// parseIndented's lines have at least 21 bytes and a digit or
		// (in the indent of four spaces) a space after the first byte:
		// that test, here, spares most indented lines the call (stack
		// frames' "\t/path/x.go:12", short pretty-printed JSON).
		return h[0] == ' ' && len(h) > 12 && (h[1] == 0x1b || h[3] == ':') && parseBitnami(h, r) ||
			len(h) > 20 && (h[1] == ' ' || isDigit(h[1])) && parseIndented(h, r)
	case 'n':
		// winston's notice, and Node's uncaught exception thrown inside
		// its own modules ("node:internal/modules/cjs/loader:1228").
		return parseBitnami(h, r) || parseNginxStderr(h, r) || r.retry() || parseLogfmt(h, r) || r.retry() || parseWinston(h, r) || r.retry() ||
			parseNodeUncaught(h, r)
	case 'a', 'b', 'c', 'g', 'h', 'j', 'k', 'm', 'o', 'q', 'r', 's', 'u', 'v', 'x', 'y', 'z', '"', '_', '@':
		// A relative path of Ruby's uncaught exception ("app.rb:3:in …")
		// after logfmt, which never takes a line without a '=' pair, and
		// winston's alert, crit, http, silly and verbose ("http: msg").
		// .NET's "crit: Category[0]" before winston's crit.
		// None of these sets anything when it fails (failuresSetNothing):
		// no retry between them.
		//
		// Most lines here are no record's start (a Go panic's frames,
		// "goroutine 1 [running]:", "created by …"), and each attempt
		// looked for the first space, or for a byte before it, on its
		// own: the space is searched once for all (#14). Bitnami's
		// module ends at it within 48 bytes; .NET's "crit: " and
		// winston's colourless "level: " have it after a colon at most
		// eight bytes in; Ruby's ":in" ends before it; logfmt's first
		// '=' comes before it. A line without one is logfmt's or none.
		sp := bytes.IndexByte(h, ' ')
		return 'a' <= h[0] && h[0] <= 'z' && uint(sp) <= 48 && sp+3 < len(h) && (h[sp+1] == 0x1b || h[sp+3] == ':') && parseBitnamiAt(h, 0, sp, r) ||
			h[0] == 'c' && sp == 5 && parseDotnet(h, r) || (h[0] == '"' || eqBeforeSpace(h, sp)) && parseLogfmtPairs(h, r) ||
			sp > 3 && h[sp-1] == 'n' && h[sp-2] == 'i' && h[sp-3] == ':' && parseRubyUncaughtAt(h, sp, r) ||
			sp >= 5 && sp <= 9 && h[sp-1] == ':' && parseWinston(h, r)
	}
	return false
}

// keyEqNear reports whether h has a '=' in bytes 2 to 5, where a logfmt
// line's first key ("ts", "lvl", "time", "level") ends.
func keyEqNear(h []byte) bool {
	return len(h) > 5 && (h[2] == '=' || h[3] == '=' || h[4] == '=' || h[5] == '=')
}

// leadingDigits8 returns how many of h's first eight bytes (h has eight or
// more) are digits before the first that is none: 8 when all are. As in
// digitsAt, each byte xor '0' is a digit's value when its high nibble is
// zero and adding 6 sets none; only a byte that is no digit carries into
// the next, so the lowest mark is exact.
func leadingDigits8(h []byte) int {
	t := binary.LittleEndian.Uint64(h) ^ 0x3030303030303030
	return bits.TrailingZeros64((t|(t+0x0606060606060606))&0xf0f0f0f0f0f0f0f0) / 8
}

// retry forgets what a failed format attempt may have set, so that the next
// attempt starts clean; it returns false to continue an || chain.
func (r *Record) retry() bool {
	r.clear()
	return false
}

// parseIndented handles records a console wrapper indents: the Consul and
// Nomad agents print their log through a cli.PrefixedUi whose InfoPrefix is
// four spaces, so hclog's and (before hclog) logutils' lines open with
// them; pasted logs put a TAB there. Only those two layouts count after
// the indent, and a package-log line the wrapper indented without a level
// ("    2016/05/03 18:15:06 Reloading") starts a record too, as it does
// unindented; any other indented line is a continuation (a stack frame, a
// klog "=<" value line, go-multierror's "\t* item").
func parseIndented(h []byte, r *Record) bool {
	off := 1
	if h[0] == ' ' {
		if len(h) < 5 || h[1] != ' ' || h[2] != ' ' || h[3] != ' ' {
			return false
		}
		off = 4
	}
	if off+20 > len(h) || !isDigit(h[off]) {
		return false
	}
	b := h[off:]
	ok := false
	if b[4] == '/' {
		ok = parseStdlog(b, r) && (r.Format == FormatLogutils || r.Format == FormatUnknown)
	} else {
		ok = parseHclog(b, r)
	}
	if !ok {
		return r.retry()
	}
	r.shift(off)
	return true
}

// shift moves the spans a parser set on h[off:] to their place in h.
func (r *Record) shift(off int) {
	o := int32(off)
	for _, s := range []*span{&r.time, &r.msg, &r.logger, &r.caller, &r.thread, &r.fields, &r.lvl} {
		if !s.empty() || s.start != 0 {
			s.start += o
			s.end += o
		}
	}
}

// parseAfterCSI handles lines that open with colour codes belonging to no
// format: hclog's forced colour wraps each line, newline included, so the
// previous line's reset opens the next one ("ESC[0mESC[94m2026-… [INFO] …").
func parseAfterCSI(h []byte, r *Record) bool {
	off := 0
	for {
		k := skipCSI(h, off)
		if k == off {
			break
		}
		off = k
	}
	if off == 0 || off >= len(h) || !isDigit(h[off]) {
		return false
	}
	if !parseHclog(h[off:], r) && !r.retry() && !parseZap(h[off:], r) {
		return false
	}
	r.shift(off)
	return true
}

// finishContinuation decides what the continuation lines of a recognised
// record are: part of its fields (klog "=<" values) or raw message text.
func finishContinuation(r *Record) {
	// Padding (logrus pads the message to 44 columns) and a pty's CR end the
	// last line; they are layout, not message.
	for r.cont.end > r.cont.start && (r.text[r.cont.end-1] == ' ' || r.text[r.cont.end-1] == '\r') {
		r.cont.end--
	}
	// NestJS colours a message whole: its reset ends the last line.
	if r.Format == FormatNest {
		r.cont.end = int32(trimCSIEnd(r.text, int(r.cont.start), int(r.cont.end)))
	}
	// zap, logrus's TTY form and zerolog's console write a multi-line
	// message raw and then their fields, so the fields end the last line.
	// log15 and go-ethereum, Calico and Weave Net write their pairs after
	// the message too, padded (log15) or not.
	//
	// zap's fields are a JSON object that ends the last line: nothing
	// follows its brace (the spaces and CRs were trimmed above, and a TAB
	// or a line end after it would end a later column). A stack trace,
	// whose last frame fails at its last byte, is spared the backward
	// byte loops of LastIndexByte for its last line and last TAB (#14).
	if r.fields.empty() && (r.Format == FormatZap && r.cont.end > r.cont.start && r.text[r.cont.end-1] == '}' || r.Format == FormatLogrus || r.Format == FormatZerolog ||
		r.Format == FormatLog15 || r.Format == FormatCalico || r.Format == FormatWeave) {
		last := int(r.cont.start)
		if k := lastIndexByte(r.text[last:r.cont.end], '\n'); k >= 0 {
			last += k + 1
		}
		line := r.text[last:r.cont.end]
		switch {
		case r.Format == FormatCalico:
			if k := calicoPairs(line, 0); k < len(line) {
				r.fields = span{int32(last + k), r.cont.end}
				r.fieldsKind = fieldsCalico
				r.cont.end = int32(trimRightSpace(r.text, int(r.cont.start), last+k))
			}
		case r.Format == FormatLog15 && r.text[0] != 0x1b, r.Format == FormatWeave:
			// Plain logfmt pairs to the end of the last line.
			if k := trailingPairs(line, 0); k < len(line) {
				r.fields = span{int32(last + k), r.cont.end}
				r.fieldsKind = fieldsLogfmtRest
				r.cont.end = int32(trimRightSpace(r.text, int(r.cont.start), last+k))
			}
		case r.Format == FormatZerolog:
			if k := indexSpaceCSI(line, 0); k >= 0 && hasPrefix(line[k+1:], "\x1b[36m") {
				r.fields = span{int32(last + k + 1), r.cont.end}
				r.fieldsKind = fieldsZerologColor
				r.cont.end = int32(last + k)
				if hasSuffix(r.text[r.cont.start:r.cont.end], "\x1b[0m") {
					r.cont.end -= 4 // the bold message's reset
				}
			} else if k := trailingPairs(line, 0); k < len(line) {
				r.fields = span{int32(last + k), r.cont.end}
				r.fieldsKind = fieldsLogfmtRest
				r.cont.end = int32(trimRightSpace(r.text, int(r.cont.start), last+k))
			}
		case r.Format == FormatZap:
			if k := lastIndexByte(line, '\t'); k >= 0 && k+1 < len(line) && line[k+1] == '{' && validJSON(line[k+1:]) {
				r.fields = span{int32(last + k + 1), r.cont.end}
				r.fieldsKind = fieldsJSON
				r.cont.end = int32(last + k)
			}
		default:
			k := indexSpaceCSI(line, 0)
			if k < 0 || skipCSI(line, k+1) == k+1 {
				break
			}
			r.fields = span{int32(last + k + 1), r.cont.end}
			r.fieldsKind = fieldsTTY
			r.cont.end = int32(trimRightSpace(r.text, int(r.cont.start), last+k))
		}
	}
	if r.fieldsKind == fieldsKlog && klogOpensBlock(r.get(r.fields)) {
		end := klogBlockEnd(r.text, int(r.cont.start))
		r.fields.end = int32(end)
		if end >= len(r.text) {
			r.cont = span{}
		} else {
			r.cont.start = int32(end + 1)
		}
	}
}

// lastIndexByte is bytes.LastIndexByte, whose generic code (it has no
// vector form) takes a byte a step: this takes eight, from the end. A
// byte's high bit in m is set when the byte is c: x's byte is then zero,
// and adding 0x7f to its low seven bits sets the high bit for any other
// (no carry leaves a byte), so the mark is exact and the highest is the
// last c (#14).
func lastIndexByte(b []byte, c byte) int {
	i := len(b)
	for ; i >= 8; i -= 8 {
		x := binary.LittleEndian.Uint64(b[i-8:i]) ^ uint64(c)*swarOnes
		if m := ^(x&^swarHigh + 0x7f*swarOnes | x) & swarHigh; m != 0 {
			return i - 1 - bits.LeadingZeros64(m)/8
		}
	}
	for i > 0 {
		i--
		if b[i] == c {
			return i
		}
	}
	return -1
}

// trimRightSpace returns end moved back over spaces and TABs, not past
// start. logrus pads messages to 44 columns, so runs of spaces are common:
// they are skipped eight at a time.
func trimRightSpace(b []byte, start, end int) int {
	for end-8 >= start && binary.LittleEndian.Uint64(b[end-8:end]) == 0x2020202020202020 {
		end -= 8
	}
	for end > start && (b[end-1] == ' ' || b[end-1] == '\t') {
		end--
	}
	return end
}

// skipCSI skips one ANSI "ESC [ params m" sequence at b[i], returning the
// index after it, or i when there is none.
//
// It is inlined at some forty sites, most of them on every line of their
// format, where b[i] is seldom an ESC: that test comes first, and the
// unsigned index test before it is its bounds check, as i+1's then is
// (a negative i, which no caller passes, is no sequence, not a panic).
// The digit test is written out: isDigit's inline cost would put skipCSI
// over the budget.
func skipCSI(b []byte, i int) int {
	if uint(i) >= uint(len(b)) || b[i] != 0x1b || i+1 >= len(b) || b[i+1] != '[' {
		return i
	}
	for j := i + 2; j < len(b) && j < i+16; j++ {
		c := b[j]
		if c == 'm' {
			return j + 1
		}
		if c != ';' && c-'0' > 9 {
			return i
		}
	}
	return i
}

// Continuation fills r for a record that is the overflow of a longer one:
// lines past the joiner's size bound, or the rest of an over-long line. It
// keeps the format and level of the record it continues, so a long stack
// trace is not mistaken for something else, and takes text as its message.
func Continuation(text []byte, format Format, level Level, r *Record) {
	r.reset(text)
	r.Format, r.Level, r.msg, r.rawCont = format, level, span{0, int32(len(text))}, true
}

// messageAfter returns where the message starts after a header that ends
// at h[i] (a closing bracket's next byte): the line's end, or one space.
func messageAfter(h []byte, i int) (int, bool) {
	if i >= len(h) {
		return len(h), true
	}
	if h[i] != ' ' {
		return i, false
	}
	return i + 1, true
}
