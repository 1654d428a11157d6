package parser

import "bytes"

// The JVM's loggers as they write to a console:
//
//	18:13:06.228 [main] INFO  com.example.App - msg              logback's documented pattern, log4j2's default
//	2026-12-01T18:13:16.027Z  INFO 6663 --- [           main] c.e.DemoApplication : msg    Spring Boot 3
//	2026-12-01 18:13:32.915  INFO 6663 --- [           main] c.e.DemoApplication : msg    Spring Boot 2
//	Dec 01, 2026 6:13:29 PM com.example.App handle               java.util.logging's SimpleFormatter,
//	INFO: Started server on port 8080                             the level on the second line
//	Exception in thread "main" java.lang.IllegalStateException: msg    an uncaught exception
//	INFO  [main] 2026-12-01 18:13:06,228 CassandraDaemon.java:612 - msg   Cassandra's logback pattern
//	2026.12.01 18:13:06 INFO  app[][o.s.a.SchedulerImpl] msg      SonarQube's
//	26/12/01 18:13:06 INFO SparkContext: msg                      Apache Spark's
//	2026-12-01 18:13:06,228 INFO  o.a.f.r.e.ClusterEntrypoint  [] - msg   Apache Flink's
//
// A logged throwable follows its record raw ("java.lang.X: msg", TAB "at …",
// "Caused by: …", TAB "... 12 more" or "... 12 common frames omitted"):
// none of those lines is a record head, so they join the record. An uncaught
// exception ends the thread, and in "main" the program: critical.

// javaLevel maps logback's, log4j2's and Spring Boot's level names.
func javaLevel(b []byte) (Level, bool) {
	switch string(b) {
	case "TRACE":
		return LevelDebug, true
	case "FATAL":
		return LevelCritical, true
	}
	return capitalLevel(b)
}

// julLevel maps java.util.logging's level names. CONFIG is below INFO (700
// against 800), with FINE, FINER and FINEST under it: debug.
func julLevel(b []byte) (Level, bool) {
	switch string(b) {
	case "SEVERE":
		return LevelError, true
	case "WARNING":
		return LevelWarning, true
	case "INFO":
		return LevelInfo, true
	case "CONFIG", "FINE", "FINER", "FINEST":
		return LevelDebug, true
	}
	return LevelUnknown, false
}

// upperRun returns the end of the run of at most max capitals at h[i].
func upperRun(h []byte, i, max int) int {
	e := i
	for e < len(h) && e-i < max && isUpper(h[e]) {
		e++
	}
	return e
}

// parseJavaPattern recognises "%d{HH:mm:ss.SSS} [%thread] %-5level
// %logger{36} - %msg": logback's documented pattern and log4j2's
// DefaultConfiguration. The thread name may hold spaces; the level after
// it, padded to five, and the " - " after the logger decide.
func parseJavaPattern(h []byte, r *Record) bool {
	if len(h) < 24 || !clockMillisAt(h, '.') || h[13] != '[' {
		return false
	}
	if !javaThreadLevel(h, 12, r) {
		return false
	}
	r.time, r.timeKind = span{0, 12}, timeClock
	return true
}

// parseJavaDated is parseJavaPattern with a date before the time (tEnd
// the time's end): "%d [%thread] %-5level %logger{36} - %msg", logback's
// and log4j2's %d being "2026-11-30 04:41:36,123".
//
// Two programs put their own bracket after the time: ZooKeeper (parseZooKeeper)
// and Jenkins (parseJenkins).
func parseJavaDated(h []byte, tEnd int, r *Record) bool {
	if tEnd+2 >= len(h) || h[tEnd] != ' ' || h[tEnd+1] != '[' {
		return false
	}
	var ok bool
	switch b := h[tEnd+2:]; {
	case bytes.HasPrefix(b, []byte("myid:")):
		ok = parseZooKeeper(h, tEnd, r)
	case bytes.HasPrefix(b, []byte("id=")):
		ok = parseJenkins(h, tEnd, r)
	default:
		ok = javaThreadLevel(h, tEnd, r)
	}
	if !ok {
		return false
	}
	r.time, r.timeKind = span{0, int32(tEnd)}, timeRFC3339
	return true
}

// parseZooKeeper reads ZooKeeper's "%d{ISO8601} [myid:%X{myid}] - %-5p
// [%t:%C{1}@%L] - %m" after the time (ts the space before "[myid:"), the
// layout of its log4j.properties (3.4 to 3.7) and logback.xml (3.8 on); the
// server id is empty on a standalone server. The thread and the class@line
// share a bracket, and the thread's name may hold brackets and colons of
// its own ("QuorumPeer[myid=1]/0.0.0.0:2181"): the last colon splits them.
func parseZooKeeper(h []byte, ts int, r *Record) bool {
	k := bytes.IndexByte(h[ts+1:], ']')
	if k < 0 {
		return false
	}
	i := ts + 1 + k + 1
	if !bytes.HasPrefix(h[i:], []byte(" - ")) {
		return false
	}
	ls := i + 3
	le := upperRun(h, ls, 5)
	lvl, ok := javaLevel(h[ls:le])
	if !ok {
		return false
	}
	i = le
	for i < len(h) && h[i] == ' ' {
		i++
	}
	if i == le || i >= len(h) || h[i] != '[' {
		return false
	}
	bs := i + 1
	k = bytes.Index(h[bs:], []byte("] -"))
	if k < 0 || (bs+k+3 < len(h) && h[bs+k+3] != ' ') {
		return false
	}
	be := bs + k
	r.Format, r.Level = FormatJava, lvl
	r.lvl = span{int32(ls), int32(le)}
	if c := bytes.LastIndexByte(h[bs:be], ':'); c >= 0 {
		r.thread, r.caller = span{int32(bs), int32(bs + c)}, span{int32(bs + c + 1), int32(be)}
	} else {
		r.thread = span{int32(bs), int32(be)}
	}
	r.msg = span{int32(min(be+4, len(h))), int32(len(h))}
	r.rawCont = true
	return true
}

// parseJenkins reads the layout of Jenkins's SupportLogFormatter after the
// time (ts the space before "[id="): "[id=%d]\t%level\t%source: %msg", the
// thread's id, java.util.logging's level name, and where the record comes
// from (the class and method, "hudson.WebAppMain#contextInitialized", or
// the logger's name). Jenkins writes it to stderr.
func parseJenkins(h []byte, ts int, r *Record) bool {
	ds := ts + 5
	i := ds
	for i < len(h) && isDigit(h[i]) {
		i++
	}
	if i == ds || i+2 >= len(h) || h[i] != ']' || h[i+1] != '\t' {
		return false
	}
	tid := span{int32(ds), int32(i)}
	ls := i + 2
	le := upperRun(h, ls, 7)
	lvl, ok := julLevel(h[ls:le])
	if !ok || le+1 >= len(h) || h[le] != '\t' {
		return false
	}
	ns := le + 1
	ne, ms := len(h), len(h)
	if k := bytes.Index(h[ns:], []byte(": ")); k >= 0 {
		ne, ms = ns+k, ns+k+2
	} else if h[len(h)-1] == ':' {
		ne = len(h) - 1 // an empty message
	} // else no message at all: the formatter leaves out ": "
	if ne == ns || bytes.IndexByte(h[ns:ne], ' ') >= 0 {
		return false
	}
	r.Format, r.Level = FormatJava, lvl
	r.lvl = span{int32(ls), int32(le)}
	r.thread = tid
	r.logger = span{int32(ns), int32(ne)}
	r.msg = span{int32(ms), int32(len(h))}
	r.rawCont = true
	return true
}

// parseElastic reads the console layout of Elasticsearch's, OpenSearch's
// and Logstash's log4j2.properties, "[%d{ISO8601}][%-5p][%-25c{1.}] %m":
// Elasticsearch and OpenSearch write "[%node_name] " before the message,
// Logstash its pipeline's id in brackets right after the logger's; both
// stay in the message. %d{ISO8601} is always "2026-11-30T04:41:36,123",
// no zone. Their levels are log4j2's and Elasticsearch's DEPRECATION.
func parseElastic(h []byte, r *Record) bool {
	te := scanRFC3339(h, 1, true)
	if te != 24 || te+2 >= len(h) || h[te] != ']' || h[te+1] != '[' {
		return false
	}
	ls := te + 2
	le := upperRun(h, ls, len("DEPRECATION"))
	lvl, ok := javaLevel(h[ls:le])
	if string(h[ls:le]) == "DEPRECATION" {
		// A level of its own just below WARN (log4j2's 301): a
		// deprecated setting or API was used.
		lvl, ok = LevelWarning, true
	}
	i := le
	for i < len(h) && h[i] == ' ' {
		i++
	}
	if !ok || i+2 >= len(h) || h[i] != ']' || h[i+1] != '[' {
		return false
	}
	ns := i + 2
	k := bytes.IndexByte(h[ns:], ']')
	if k < 0 {
		return false
	}
	i = ns + k + 1
	ne := ns + k
	for ne > ns && h[ne-1] == ' ' {
		ne-- // %-25c pads on the right
	}
	if ne == ns || bytes.IndexByte(h[ns:ne], ' ') >= 0 {
		return false
	}
	// The message follows a space, or, in Logstash's, the pipeline's id
	// in brackets, which it keeps, as it keeps Elasticsearch's node name.
	if i < len(h) && h[i] == ' ' {
		i++
	} else if i < len(h) && h[i] != '[' {
		return false
	}
	r.Format, r.Level = FormatJava, lvl
	r.time, r.timeKind = span{1, int32(te)}, timeRFC3339
	r.lvl = span{int32(ls), int32(le)}
	r.logger = span{int32(ns), int32(ne)}
	r.msg = span{int32(i), int32(len(h))}
	r.rawCont = true
	return true
}

// javaThreadLevel reads " [thread] LEVEL logger - msg" at h[ts] (the
// space before the bracket). The thread name may hold spaces and
// brackets; its "] " is the first one followed by a level name.
func javaThreadLevel(h []byte, ts int, r *Record) bool {
	for i := ts + 2; i < len(h); {
		k := bytes.Index(h[i:], []byte("] "))
		if k < 0 {
			return false
		}
		te := i + k
		ls := te + 2
		le := upperRun(h, ls, 5)
		if lvl, ok := javaLevel(h[ls:le]); ok && le < len(h) && h[le] == ' ' {
			return javaPatternRest(h, ts+2, te, ls, le, lvl, r)
		}
		i = te + 1
	}
	return false
}

// javaPatternRest reads "logger - msg" after the level of javaThreadLevel
// (the thread h[thr:te]).
func javaPatternRest(h []byte, thr, te, ls, le int, lvl Level, r *Record) bool {
	i := le
	for i < len(h) && h[i] == ' ' {
		i++
	}
	ns := i
	for i < len(h) && h[i] != ' ' {
		i++
	}
	if i == ns || i+2 > len(h) || h[i+1] != '-' || (i+2 < len(h) && h[i+2] != ' ') {
		return false
	}
	r.Format, r.Level = FormatJava, lvl
	r.thread = span{int32(thr), int32(te)}
	r.lvl = span{int32(ls), int32(le)}
	r.logger = span{int32(ns), int32(i)}
	r.msg = span{int32(min(i+3, len(h))), int32(len(h))}
	r.rawCont = true
	return true
}

// parseSpringBoot recognises Spring Boot's default console pattern after
// its time (te its end): "%5p ${PID} --- [%15.15t] %-40.40logger{39} :
// %m", Spring Boot 3.2's "[application name] " before the thread too. The
// time is RFC 3339 (3.x) or has a space for the T (2.x).
func parseSpringBoot(h []byte, te int, r *Record) bool {
	i := te
	if i+2 >= len(h) || h[i] != ' ' {
		return false
	}
	i++
	if h[i] == ' ' { // %5p pads INFO and WARN to five
		i++
	}
	ls := i
	le := upperRun(h, ls, 5)
	lvl, ok := javaLevel(h[ls:le])
	if !ok || le-ls+(ls-te-1) != 5 || le >= len(h) || h[le] != ' ' {
		return false
	}
	i = le + 1
	ps := i
	for i < len(h) && isDigit(h[i]) {
		i++
	}
	if i == ps || !bytes.HasPrefix(h[i:], []byte(" --- [")) {
		return false
	}
	pid := span{int32(ps), int32(i)}
	// One or two bracketed groups (application name, then the thread,
	// padded on the left to 15), then the logger padded on the right.
	i += 5
	var thread span
	for n := 0; n < 2 && i < len(h) && h[i] == '['; n++ {
		k := bytes.IndexByte(h[i:], ']')
		if k < 0 {
			return false
		}
		thread = span{int32(i + 1), int32(i + k)}
		i += k + 1
		if i >= len(h) || h[i] != ' ' {
			return false
		}
		i++
	}
	ns := i
	for i < len(h) && h[i] != ' ' {
		i++
	}
	ne := i
	for i < len(h) && h[i] == ' ' {
		i++
	}
	if ne == ns || i >= len(h) || h[i] != ':' || (i+1 < len(h) && h[i+1] != ' ') {
		return false
	}
	for thread.start < thread.end && h[thread.start] == ' ' {
		thread.start++
	}
	r.Format, r.Level = FormatJava, lvl
	r.time, r.timeKind = span{0, int32(te)}, timeRFC3339
	r.lvl = span{int32(ls), int32(le)}
	r.thread = pid
	r.logger = span{int32(ns), int32(ne)}
	r.msg = span{int32(min(i+2, len(h))), int32(len(h))}
	r.rawCont = true
	return true
}

// julMonths are the English abbreviations SimpleFormatter's %1$tb writes.
const julMonths = "JanFebMarAprMayJunJulAugSepOctNovDec"

// parseJUL recognises the first line of java.util.logging's SimpleFormatter
// record, "%1$tb %1$td, %1$tY %1$tl:%1$tM:%1$tS %1$Tp %2$s" in an English
// locale: "Dec 01, 2026 6:13:29 PM com.example.App handle" (the source
// class and method, or the logger's name). The level is on the record's
// second line ("INFO: msg"), which Parse reads when the joiner has gathered
// it (julLevelLine). The head alone is a record head without a level, as
// package log's plain lines are (FormatUnknown), except that it takes
// continuation lines: its level line is the first of them.
func parseJUL(h []byte, r *Record) bool {
	if len(h) < 25 || h[3] != ' ' || h[6] != ',' || h[7] != ' ' || h[12] != ' ' {
		return false
	}
	if julMonth(h[:3]) == 0 || !isDigit(h[4]) || !isDigit(h[5]) ||
		!isDigit(h[8]) || !isDigit(h[9]) || !isDigit(h[10]) || !isDigit(h[11]) {
		return false
	}
	i := 13
	if isDigit(h[i+1]) {
		i++
	}
	if !isDigit(h[13]) || i+10 > len(h) || h[i+1] != ':' || h[i+4] != ':' || h[i+7] != ' ' ||
		!isDigit(h[i+2]) || !isDigit(h[i+3]) || !isDigit(h[i+5]) || !isDigit(h[i+6]) ||
		(h[i+8] != 'A' && h[i+8] != 'P') || h[i+9] != 'M' {
		return false
	}
	te := i + 10
	if te+1 >= len(h) || h[te] != ' ' || h[te+1] == ' ' {
		return false
	}
	r.time, r.timeKind = span{0, int32(te)}, timeJUL
	r.caller = span{int32(te + 1), int32(len(h))}
	r.rawCont = true
	return true
}

// julMonth returns the month (1-12) of an abbreviation, or 0.
func julMonth(b []byte) int {
	for m := 0; m < 12; m++ {
		if string(b) == julMonths[3*m:3*m+3] {
			return m + 1
		}
	}
	return 0
}

// julLevelLine reads the level line of a SimpleFormatter record, the first
// continuation line: "LEVEL: message". The message is the record's; the
// lines after it (a multi-line message, the throwable) stay continuation.
func julLevelLine(r *Record) {
	s, e := int(r.cont.start), int(r.cont.end)
	if k := bytes.IndexByte(r.text[s:e], '\n'); k >= 0 {
		e = s + k
	}
	line := r.text[s:e]
	if n := len(line); n > 0 && line[n-1] == '\r' {
		line = line[:n-1]
	}
	le := upperRun(line, 0, 7)
	lvl, ok := julLevel(line[:le])
	if !ok || le >= len(line) || line[le] != ':' {
		return
	}
	r.Format, r.Level = FormatJava, lvl
	r.lvl = span{int32(s), int32(s + le)}
	r.msg = span{int32(min(s+le+2, s+len(line))), int32(s + len(line))}
	if e >= int(r.cont.end) {
		r.cont = span{}
	} else {
		r.cont.start = int32(e + 1)
	}
}

// javaUncaught is how the JVM's default handler opens an uncaught
// exception's stack trace.
const javaUncaught = `Exception in thread "`

// parseJavaUncaught recognises 'Exception in thread "main" java.lang.X: msg'.
func parseJavaUncaught(h []byte, r *Record) bool {
	if !bytes.HasPrefix(h, []byte(javaUncaught)) {
		return false
	}
	k := bytes.IndexByte(h[len(javaUncaught):], '"')
	if k < 0 {
		return false
	}
	i := len(javaUncaught) + k + 1
	if i+1 >= len(h) || h[i] != ' ' || h[i+1] == ' ' {
		return false
	}
	r.Format, r.Level = FormatJava, LevelCritical
	r.thread = span{int32(len(javaUncaught)), int32(i - 1)}
	r.msg = span{int32(i + 1), int32(len(h))}
	r.rawCont = true
	return true
}

// parseKafka recognises Kafka's console layout, "[%d] %p %m (%c)%n"
// (config/log4j.properties, then log4j2.yaml): "[2026-11-30 04:41:36,123]
// INFO [KafkaServer id=1] started (kafka.server.KafkaServer)". The logger
// closes the message, so a multi-line message has it on its last line
// (javaLoggerOnLastLine reads it there), and a logged exception comes
// after it.
func parseKafka(h []byte, r *Record) bool {
	te := scanRFC3339(h, 1, false)
	if te < 0 || te+3 >= len(h) || h[te] != ']' || h[te+1] != ' ' {
		return false
	}
	if !javaLevelMessage(h, te+2, r) {
		return false
	}
	r.time, r.timeKind = span{1, int32(te)}, timeRFC3339
	return true
}

// parseJavaLevelFirst recognises "%d %p %m (%c)" with what may follow it
// (Strimzi's Kafka and ZooKeeper images: "%d{ISO8601} %p %m (%c) [%t]"),
// and JBoss's "%d %-5p [%c] (%t) %s%e" (WildFly, Quarkus, Keycloak), after
// the time (tEnd its end). CPython's "asctime levelname message"
// looks the same with INFO, ERROR and DEBUG: a line is claimed here when
// its level is Java's alone (WARN, TRACE, FATAL), or when it names its
// logger (in parentheses at its end, the thread in brackets after it or
// not, or JBoss's bracketed category) and its time has %d's comma.
func parseJavaLevelFirst(h []byte, tEnd int, r *Record) bool {
	if tEnd+2 >= len(h) || h[tEnd] != ' ' || !javaLevelMessage(h, tEnd+1, r) {
		return false
	}
	switch string(r.RawLevel()) {
	case "WARN", "TRACE", "FATAL":
	default:
		// The class and line of "%c{1}:%L - " are log4j's alone; a
		// logger in parentheses needs the comma of log4j's and logback's
		// %d, as CPython's asctime has it too.
		if r.caller.empty() && (r.logger.empty() || tEnd < 4 || h[tEnd-4] != ',') {
			return false
		}
	}
	r.time, r.timeKind = span{0, int32(tEnd)}, timeRFC3339
	return true
}

// log4jClassLine reads "Class:Line - " at h[ms], the "%c{1}:%L - %m" that
// follows the padded level in the pattern of Strimzi's cluster operator,
// "%d{yyyy-MM-dd HH:mm:ss} %-5p %c{1}:%L - %m%n", and of the log4j 1
// ConsoleAppender most tutorials copy: the logger's last name (or its whole
// name, for %c), the line of the call ("?" when log4j cannot tell it), and
// where the message starts. The class is the logger, the class and line
// the caller.
func log4jClassLine(h []byte, ms int) (class, caller span, msg int, ok bool) {
	i := ms
	for i < len(h) && (isLetter(h[i]) || isDigit(h[i]) || h[i] == '_' || h[i] == '$' || h[i] == '.') {
		i++
	}
	if i == ms || !isLetter(h[ms]) || i+1 >= len(h) || h[i] != ':' {
		return
	}
	ce := i
	i++
	if h[i] == '?' {
		i++
	} else {
		d := i
		for i < len(h) && isDigit(h[i]) {
			i++
		}
		if i == d {
			return
		}
	}
	switch {
	case i+3 <= len(h) && h[i] == ' ' && h[i+1] == '-' && h[i+2] == ' ':
		msg = i + 3
	case i+2 == len(h) && h[i] == ' ' && h[i+1] == '-':
		msg = len(h) // an empty message
	default:
		return
	}
	return span{int32(ms), int32(ce)}, span{int32(ms), int32(i)}, msg, true
}

// parseJBossClock recognises WildFly's default console format, "%d{HH:mm:ss,SSS}
// %-5p [%c] (%t) %s%e%n" (Keycloak 16 and before, JBoss EAP): JBoss Log
// Manager's layout with a time of day only, whose date is the reference
// time's, as logback's documented pattern has it (parseJavaPattern).
func parseJBossClock(h []byte, r *Record) bool {
	if len(h) < 20 || !clockMillisAt(h, ',') {
		return false
	}
	if !javaLevelMessage(h, 13, r) || r.thread.empty() {
		return false
	}
	r.time, r.timeKind = span{0, 12}, timeClock
	return true
}

// javaLevelMessage reads "LEVEL msg" at h[ls], the level padded or not,
// and the "(logger)" that ends the message, with a "[thread]" after it.
func javaLevelMessage(h []byte, ls int, r *Record) bool {
	le := upperRun(h, ls, 5)
	lvl, ok := javaLevel(h[ls:le])
	if !ok || (le < len(h) && h[le] != ' ') {
		return false
	}
	ms := le
	for ms < len(h) && h[ms] == ' ' {
		ms++
	}
	me := len(h)
	if c, t, m, ok := jbossCategoryThread(h, ms); ok {
		r.logger, r.thread, ms = c, t, m
	} else if c, at, m, ok := log4jClassLine(h, ms); ok {
		r.logger, r.caller, ms = c, at, m
	} else if n, ok := javaTailLogger(h, ms); ok {
		r.logger = n
		me = int(n.start) - 2
	}
	r.Format, r.Level = FormatJava, lvl
	r.lvl = span{int32(ls), int32(le)}
	r.msg = span{int32(ms), int32(me)}
	r.rawCont = true
	return true
}

// jbossCategoryThread reads JBoss Log Manager's "[%c] (%t) " at h[ms], which
// WildFly's and Quarkus's default console formats ("%d %-5p [%c] (%t)
// %s%e", Keycloak's too) put between the level and the message: the
// category (no spaces), the thread name, and where the message starts.
func jbossCategoryThread(h []byte, ms int) (category, thread span, msg int, ok bool) {
	if ms >= len(h) || h[ms] != '[' {
		return
	}
	ce := ms + 1
	for ce < len(h) && h[ce] != ']' && h[ce] > ' ' {
		ce++
	}
	if ce == ms+1 || ce+3 >= len(h) || h[ce] != ']' || h[ce+1] != ' ' || h[ce+2] != '(' {
		return
	}
	ts := ce + 3
	k := bytes.Index(h[ts:], []byte(") "))
	if k < 1 {
		if k = len(h) - ts - 1; k < 1 || h[len(h)-1] != ')' {
			return // no thread, or nothing after it
		}
	}
	te := ts + k
	m := min(te+2, len(h))
	return span{int32(ms + 1), int32(ce)}, span{int32(ts), int32(te)}, m, true
}

// javaTailLogger finds " (a.b.C)" or " (a.b.C) [thread]" at the end of
// h[ms:]: a class or logger name, dotted, without spaces.
func javaTailLogger(h []byte, ms int) (span, bool) {
	e := len(h)
	if e > ms && h[e-1] == ']' {
		k := bytes.LastIndex(h[ms:e], []byte(") ["))
		if k < 0 {
			return span{}, false
		}
		e = ms + k + 1
	}
	if e-ms < 4 || h[e-1] != ')' {
		return span{}, false
	}
	o := bytes.LastIndexByte(h[ms:e-1], '(')
	if o < 1 {
		return span{}, false
	}
	o += ms
	if h[o-1] != ' ' || o+1 >= e-1 {
		return span{}, false
	}
	name := h[o+1 : e-1]
	if bytes.IndexByte(name, ' ') >= 0 || bytes.IndexByte(name, '.') < 0 {
		return span{}, false
	}
	return span{int32(o + 1), int32(e - 1)}, true
}

// javaLoggerOnLastLine reads the logger of a multi-line "%d %p %m (%c)"
// record (parseKafka, parseJavaLevelFirst) from the end of its last line,
// where the layout puts it after the message, with a thread in brackets
// after it or not. A record parsePythonAsctime took from its first line
// ("<time> INFO msg", which reads the same) becomes such a record when its
// last line ends so, the way parseJavaLevelFirst tells them apart on one
// line. A Python traceback is never read so: its last line ends with the
// exception's message.
func javaLoggerOnLastLine(r *Record) {
	if !r.logger.empty() || r.timeKind != timeRFC3339 {
		return
	}
	if r.Format == FormatPython {
		switch string(r.RawLevel()) {
		case "INFO", "ERROR", "DEBUG":
		default:
			return
		}
		if bytes.HasPrefix(r.get(r.cont), []byte("Traceback ")) {
			return
		}
	}
	end := int(r.cont.end)
	if end > 0 && r.text[end-1] == '\r' {
		end--
	}
	n, ok := javaTailLogger(r.text[:end], int(r.cont.start))
	if !ok {
		return
	}
	r.Format = FormatJava
	r.logger = n
	r.cont.end = n.start - 2
}

// parseCassandra recognises Apache Cassandra's logback pattern, "%-5level
// [%thread] %date{ISO8601} %F:%L - %msg%n", which it writes to stdout and
// system.log alike:
//
//	INFO  [main] 2026-12-01 18:13:06,228 CassandraDaemon.java:612 - Hostname: cassandra-0
//
// The thread is the one in brackets before the date, the file and line the
// caller.
func parseCassandra(h []byte, r *Record) bool {
	// The level padded to five columns, a space, then the thread.
	if len(h) < 40 || h[5] != ' ' || h[6] != '[' {
		return false
	}
	le := upperRun(h, 0, 5)
	for k := le; k < 5; k++ {
		if h[k] != ' ' {
			return false
		}
	}
	lvl, ok := javaLevel(h[:le])
	if !ok {
		return false
	}
	// The thread ends at the "] " the date follows: a thread name may
	// hold brackets and spaces.
	te := 7
	for {
		k := bytes.Index(h[te:], []byte("] "))
		if k < 0 {
			return false
		}
		te += k
		if ds := te + 2; scanRFC3339(h, ds, false) == ds+23 && h[ds+10] == ' ' && h[ds+19] == ',' {
			break
		}
		te++
	}
	ds := te + 2
	de := ds + 23
	// " File.java:123 - "
	cs := de + 1
	if cs >= len(h) || h[de] != ' ' {
		return false
	}
	ce := cs
	for ce < len(h) && h[ce] != ' ' {
		ce++
	}
	colon := bytes.LastIndexByte(h[cs:ce], ':')
	if colon <= 0 || cs+colon+1 == ce || ce+1 >= len(h) || h[ce+1] != '-' || (ce+2 < len(h) && h[ce+2] != ' ') {
		return false
	}
	for _, c := range h[cs+colon+1 : ce] {
		if !isDigit(c) {
			return false
		}
	}
	r.Format, r.Level = FormatJava, lvl
	r.lvl = span{0, int32(le)}
	r.thread = span{7, int32(te)}
	r.time, r.timeKind = span{int32(ds), int32(de)}, timeRFC3339
	r.caller = span{int32(cs), int32(ce)}
	r.msg = span{int32(min(ce+3, len(h))), int32(len(h))}
	r.rawCont = true // a logged throwable's stack trace
	return true
}

// parseSonarQube recognises SonarQube's log, which its processes write to
// stdout in its image with "%d{yyyy.MM.dd HH:mm:ss} %-5level
// <process>[%X{ctx}][%logger{20}] %msg%n":
//
//	2026.12.01 18:13:06 INFO  app[][o.s.a.SchedulerImpl] SonarQube is operational
//	2026.12.01 18:13:06 ERROR web[AY2c…][o.s.s.w.WebServiceEngine] Fail to process request
//
// The logger is the bracketed name. The process (app, web, ce, es: a JVM
// each) is the thread name, the nearest of Datadog's logger attributes; the
// context between the first brackets (web's request id) is not kept.
func parseSonarQube(h []byte, r *Record) bool {
	// "yyyy.MM.dd HH:mm:ss " then the level padded to five columns.
	if len(h) < 30 || h[4] != '.' || h[7] != '.' || h[10] != ' ' || h[13] != ':' || h[16] != ':' || h[19] != ' ' || h[25] != ' ' {
		return false
	}
	for _, k := range [...]int{0, 1, 2, 3, 5, 6, 8, 9, 11, 12, 14, 15, 17, 18} {
		if !isDigit(h[k]) {
			return false
		}
	}
	le := upperRun(h, 20, 5)
	for k := le; k < 25; k++ {
		if h[k] != ' ' {
			return false
		}
	}
	lvl, ok := javaLevel(h[20:le])
	if !ok {
		return false
	}
	// The process: lower-case letters, then "[ctx][logger] ".
	ps := 26
	pe := ps
	for pe < len(h) && 'a' <= h[pe] && h[pe] <= 'z' {
		pe++
	}
	if pe == ps || pe >= len(h) || h[pe] != '[' {
		return false
	}
	xe := bytes.IndexByte(h[pe+1:], ']')
	if xe < 0 {
		return false
	}
	xe += pe + 1
	ns := xe + 2
	if xe+1 >= len(h) || h[xe+1] != '[' {
		// SonarQube 5 and before wrote no context: "app[logger]  msg",
		// the message after two spaces.
		ns = pe + 1
	}
	ne := ns
	for ne < len(h) && h[ne] != ']' && h[ne] > ' ' {
		ne++
	}
	if ne == ns || ne >= len(h) || h[ne] != ']' || (ne+1 < len(h) && h[ne+1] != ' ') {
		return false
	}
	ms := ne + 2
	if ns == pe+1 && ms < len(h) && h[ms] == ' ' {
		ms++
	}
	r.Format, r.Level = FormatJava, lvl
	r.lvl = span{20, int32(le)}
	r.time, r.timeKind = span{0, 19}, timeStdlog // read by position: "yyyy.MM.dd" as "yyyy/MM/dd"
	r.logger = span{int32(ns), int32(ne)}
	r.thread = span{int32(ps), int32(pe)}
	r.msg = span{int32(min(ms, len(h))), int32(len(h))}
	r.rawCont = true // a logged throwable's stack trace
	return true
}

// parseSpark recognises Apache Spark's console layout, "%d{yy/MM/dd
// HH:mm:ss} %p %c{1}: %m%n%ex" (conf/log4j2.properties.template), which its
// driver and executors write to stderr:
//
//	24/05/14 10:15:03 INFO SparkContext: Running Spark version 3.5.0
//
// The class's simple name is the logger; a logged throwable follows raw.
func parseSpark(h []byte, r *Record) bool {
	if len(h) < 24 || h[2] != '/' || h[5] != '/' || h[8] != ' ' || h[11] != ':' || h[14] != ':' || h[17] != ' ' {
		return false
	}
	for _, k := range [...]int{0, 1, 3, 4, 6, 7, 9, 10, 12, 13, 15, 16} {
		if !isDigit(h[k]) {
			return false
		}
	}
	le := upperRun(h, 18, 5)
	lvl, ok := javaLevel(h[18:le])
	if !ok || le >= len(h) || h[le] != ' ' {
		return false
	}
	ns := le + 1
	ne := ns
	for ne < len(h) && h[ne] != ' ' && h[ne] != ':' {
		ne++
	}
	if ne == ns || ne >= len(h) || h[ne] != ':' || (ne+1 < len(h) && h[ne+1] != ' ') {
		return false
	}
	r.Format, r.Level = FormatJava, lvl
	r.lvl = span{18, int32(le)}
	r.time, r.timeKind = span{0, 17}, timeMySQL
	r.logger = span{int32(ns), int32(ne)}
	r.msg = span{int32(min(ne+2, len(h))), int32(len(h))}
	r.rawCont = true // a logged throwable's stack trace
	return true
}

// parseFlink recognises Apache Flink's console layout,
// "%d{yyyy-MM-dd HH:mm:ss,SSS} %-5p %-60c %x - %m%n"
// (conf/log4j-console.properties), its time ending at te:
//
//	2024-05-14 10:15:03,123 INFO  org.apache.flink.runtime.entrypoint.ClusterEntrypoint        [] - Starting
//
// The logger is padded to sixty columns; the NDC (%x) is "[]" when empty.
func parseFlink(h []byte, te int, r *Record) bool {
	// ",SSS", then " %-5p ".
	ls := te + 1
	if te != 23 || h[19] != ',' || ls+6 >= len(h) || h[ls+5] != ' ' {
		return false
	}
	le := upperRun(h, ls, 5)
	for k := le; k < ls+5; k++ {
		if h[k] != ' ' {
			return false
		}
	}
	lvl, ok := javaLevel(h[ls:le])
	if !ok {
		return false
	}
	ns := ls + 6
	ne := ns
	for ne < len(h) && h[ne] > ' ' {
		ne++
	}
	i := ne
	for i < len(h) && h[i] == ' ' {
		i++
	}
	if ne == ns || i == ne || i >= len(h) || h[i] != '[' {
		return false
	}
	x := i + 1
	for x < len(h) && h[x] != ']' {
		x++
	}
	if x+2 >= len(h) || h[x+1] != ' ' || h[x+2] != '-' || (x+3 < len(h) && h[x+3] != ' ') {
		return false
	}
	r.Format, r.Level = FormatJava, lvl
	r.lvl = span{int32(ls), int32(le)}
	r.time, r.timeKind = span{0, int32(te)}, timeRFC3339
	r.logger = span{int32(ns), int32(ne)}
	r.msg = span{int32(min(x+4, len(h))), int32(len(h))}
	r.rawCont = true
	return true
}

// clockMillisAt reports whether h (at least 13 bytes) opens with a time of
// day to the millisecond, "15:04:05" then sep and three digits, and a space:
// logback's and log4j2's %d{HH:mm:ss.SSS}, JBoss's with a comma.
func clockMillisAt(h []byte, sep byte) bool {
	if h[2] != ':' || h[5] != ':' || h[8] != sep || h[12] != ' ' {
		return false
	}
	for _, k := range [...]int{0, 1, 3, 4, 6, 7, 9, 10, 11} {
		if !isDigit(h[k]) {
			return false
		}
	}
	return true
}
