package corpusgen

// Fluent Bit is a C program that no registry here installs (it is not in
// Debian bookworm, and the Go module proxy serves Go modules only). These
// lines are typed from its flb_log.c, whose header is
// "[%i/%02i/%02i %02i:%02i:%02i] [%5s] " (local time; the level names
// "error", "warn", "info", "debug", "trace", right-aligned in five
// columns; colours only on a terminal), and from its signal handler in
// fluent-bit.c, which writes "[engine] caught signal (SIGxxx)" and, after a
// crash, the backtrace, one "#n" line per frame. The messages are ones
// Fluent Bit logs at those levels (start-up, a chunk that failed to flush,
// an HTTP error from an output, a stop, a crash). The level of each line
// is the level that layout prints, as with the other hand-written streams.

// genFluentBit: Fluent Bit's log through a start, errors, a stop and a
// crash.
func genFluentBit(r *recorder) {
	const flb = "Fluent Bit flb_log.c header, typed from its source"
	const sig = "Fluent Bit's signal handler, typed from its source"
	for _, c := range []struct{ level, writer, line string }{
		{LevelInfo, flb, "[2026/11/30 04:41:36] [ info] [fluent bit] version=3.1.9, commit=431fa79ae2, pid=1"},
		{LevelInfo, flb, "[2026/11/30 04:41:36] [ info] [storage] ver=1.5.2, type=memory, sync=normal, checksum=off, max_chunks_up=128"},
		{LevelInfo, flb, "[2026/11/30 04:41:36] [ info] [input:tail:tail.0] initializing"},
		{LevelDebug, flb, "[2026/11/30 04:41:36] [debug] [input:tail:tail.0] inode=1048731 with offset=0 appended as /var/log/containers/web-0_default_app-1a2b.log"},
		{LevelDebug, flb + " (trace)", "[2026/11/30 04:41:36] [trace] [upstream] destroy connection #47 to es.logging.svc:9200"},
		{LevelInfo, flb, "[2026/11/30 04:41:36] [ info] [sp] stream processor started"},
		{LevelWarning, flb, "[2026/11/30 04:41:43] [ warn] [engine] failed to flush chunk '1-1796013703.112233445.flb', retry in 7 seconds: task_id=0, input=tail.0 > output=es.0 (out_id=0)"},
		{LevelError, flb, "[2026/11/30 04:41:50] [error] [output:es:es.0] HTTP status=400 URI=/_bulk, response:"},
		{LevelError, flb, "[2026/11/30 04:41:50] [error] [engine] chunk '1-1796013703.112233445.flb' cannot be retried: task_id=0, input=tail.0 > output=es.0"},
		{LevelWarning, flb, "[2026/11/30 04:41:51] [ warn] [input:tail:tail.0] error scanning path: /var/log/pods/*/*/*.log"},
		{LevelInfo, sig + " (a stop)", "[2026/11/30 04:42:10] [engine] caught signal (SIGTERM)"},
		{LevelInfo, flb, "[2026/11/30 04:42:10] [ info] [input] pausing tail.0"},
		{LevelWarning, flb, "[2026/11/30 04:42:10] [ warn] [engine] service will shutdown in max 5 seconds"},
		{LevelInfo, flb, "[2026/11/30 04:42:11] [ info] [engine] service has stopped (0 pending tasks)"},
		{LevelInfo, flb, "[2026/11/30 04:42:30] [ info] [fluent bit] version=3.1.9, commit=431fa79ae2, pid=1"},
		{LevelCritical, sig + " (a crash, with its backtrace)", "[2026/11/30 04:42:41] [engine] caught signal (SIGSEGV)\n" +
			"#0  0x55d1c2e2bd9f      in  flb_sds_len() at include/fluent-bit/flb_sds.h:50\n" +
			"#1  0x55d1c2e2fb57      in  cb_es_flush() at plugins/out_es/es.c:852\n" +
			"#2  0x55d1c2aaf267      in  output_pre_cb_flush() at include/fluent-bit/flb_output.h:589\n" +
			"#3  0xffffffffffffffff  in  ???() at ???:0"},
	} {
		handLine(r, FormatFluentBit, c.level, c.writer, c.line)
	}
}

func fluentBitStreams() []*stream {
	return []*stream{
		{logger: "fluentbit", name: "fluent-bit", modules: []string{modStd},
			desc: "HAND-WRITTEN lines: Fluent Bit's own log, typed from flb_log.c and its signal handler (Fluent Bit installs from no registry here): every level, a stop, a crash with its backtrace", run: genFluentBit},
	}
}
