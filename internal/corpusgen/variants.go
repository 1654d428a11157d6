package corpusgen

import "fmt"

// handLine records one hand-written line: the shape of a logger that is not
// built here, typed from its documentation or from logs users pasted into
// public issues, with the level its writer meant. The call names the
// writer and says "hand-written", and MANIFEST.md lists these streams as
// such.
func handLine(r *recorder, format, level, writer, line string) {
	r.call(format, level, "hand-written: "+writer, func() { fmt.Fprintln(r, line) })
}

// genLogfmtLevelKeys: logfmt lines whose level sits under a key other
// than go-kit's and slog's "level": log15 and go-ethereum's logfmt
// handler (t=, lvl= with four-letter words), a severity= or loglevel= key,
// an upper-case LEVEL=, and OpenTelemetry's SeverityText with numbered
// severity names. log15 (inconshreveable/log15) and the OpenTelemetry SDK
// are not driven here; the lines follow their formatters' layouts.
func genLogfmtLevelKeys(r *recorder) {
	handLine(r, FormatGokit, LevelError, "log15 LogfmtFormat (lvl=eror)", `t=2026-11-30T05:52:38+0000 lvl=eror msg="Failed to import block" number=3 err="unknown ancestor"`)
	handLine(r, FormatGokit, LevelDebug, "log15 LogfmtFormat (lvl=dbug)", `t=2026-11-30T05:52:38+0000 lvl=dbug msg="Served eth_call" reqid=7 t=1.2ms`)
	handLine(r, FormatGokit, LevelWarning, "log15 LogfmtFormat (lvl=warn)", `t=2026-11-30T05:52:38+0000 lvl=warn msg="Dropping peer" peer=1a2b3c`)
	handLine(r, FormatGokit, LevelCritical, "log15 LogfmtFormat (lvl=crit)", `t=2026-11-30T05:52:38+0000 lvl=crit msg="Database corrupted"`)
	handLine(r, FormatGokit, LevelDebug, "go-ethereum logfmt (lvl=trce)", `t=2026-11-30T05:52:38+0000 lvl=trce msg="Discarded propagated block" hash=0xabc`)
	handLine(r, FormatGokit, LevelError, "logfmt severity= key", `ts=2026-11-30T05:52:38Z severity=error msg="upstream failed" code=503`)
	handLine(r, FormatGokit, LevelInfo, "logfmt severity= key, capital word (not slog)", `severity=INFO msg="cache warmed" entries=1024`)
	handLine(r, FormatGokit, LevelWarning, "logfmt loglevel= key", `time=2026-11-30T05:52:38Z loglevel=warning msg="disk almost full" used=91%`)
	handLine(r, FormatGokit, LevelInfo, "logfmt LEVEL= key", `LEVEL=info msg="listening" addr=:8080`)
	handLine(r, FormatGokit, LevelError, "OpenTelemetry SeverityText=ERROR2", `SeverityText=ERROR2 msg="export failed" exporter=otlp`)
	handLine(r, FormatGokit, LevelInfo, "OpenTelemetry numbered name under level= (INFO4)", `level=INFO4 msg="batch sent" items=512`)
	handLine(r, FormatGokit, LevelDebug, "OpenTelemetry numbered name (debug3)", `ts=2026-11-30T05:52:38Z level=debug3 msg="span dropped"`)
}

// genJSONLevelKeys: JSON records whose level is under Elastic ECS's
// "log.level", dotted as ecszap and the ECS loggers write it or nested as
// ECS documents hold it, under "loglevel" or an upper-case "LEVEL", and
// OpenTelemetry's numbered severity names. go.elastic.co/ecszap cannot be
// fetched here (the module proxy refuses it), so its layout is typed from
// its encoder's key order.
func genJSONLevelKeys(r *recorder) {
	handLine(r, FormatJSON, LevelInfo, "ecszap (log.level dotted)", `{"log.level":"info","@timestamp":"2026-11-30T05:52:38.123Z","log.logger":"app","log.origin":{"file.name":"main.go","file.line":12},"message":"server started","ecs.version":"1.6.0","addr":":8080"}`)
	handLine(r, FormatJSON, LevelError, "ecszap (log.level dotted, error)", `{"log.level":"error","@timestamp":"2026-11-30T05:52:38.123Z","message":"request failed","error":{"message":"EOF"},"ecs.version":"1.6.0"}`)
	handLine(r, FormatJSON, LevelWarning, "ECS document (log.level nested)", `{"@timestamp":"2026-11-30T05:52:38.123Z","log":{"level":"warn","logger":"app"},"message":"slow query","ecs":{"version":"1.6.0"}}`)
	handLine(r, FormatJSON, LevelDebug, "loglevel key", `{"time":"2026-11-30T05:52:38Z","loglevel":"debug","msg":"cache miss","key":"user:42"}`)
	handLine(r, FormatJSON, LevelError, "upper-case LEVEL key", `{"TIME":"2026-11-30T05:52:38Z","LEVEL":"ERROR","msg":"job failed"}`)
	handLine(r, FormatJSON, LevelWarning, "OpenTelemetry numbered severity name (WARN3)", `{"severity":"WARN3","msg":"queue almost full","queue":"exports"}`)
	handLine(r, FormatJSON, LevelCritical, "log15 JsonFormat (lvl crit)", `{"t":"2026-11-30T05:52:38Z","lvl":"crit","msg":"Database corrupted"}`)
	handLine(r, FormatJSON, LevelError, "log15 JsonFormat (lvl eror)", `{"t":"2026-11-30T05:52:38Z","lvl":"eror","msg":"Failed to import block","number":3}`)
}

// genMongoDB: MongoDB's structured log (4.4 on), one JSON object per line
// on stdout, its severity under "s" (F, E, W, I, D1 to D5), its component
// under "c" and its time nested as {"$date": …}. mongod is not packaged
// here; the lines follow the layout of MongoDB's "Log Messages" page and of
// lines users pasted into public issues (the padding after "s" and "c" is
// mongod's own).
func genMongoDB(r *recorder) {
	handLine(r, FormatJSON, LevelInfo, "mongod, a connection", `{"t":{"$date":"2026-11-30T05:52:38.328+00:00"},"s":"I",  "c":"NETWORK",  "id":22943,   "ctx":"listener","msg":"Connection accepted","attr":{"remote":"10.224.0.20:40196","uuid":"63529657-1dd5-4030-b3ba-30c16f8f0baf","connectionId":6,"connectionCount":2}}`)
	handLine(r, FormatJSON, LevelWarning, "mongod, a warning without attributes", `{"t":{"$date":"2026-11-30T05:52:38.362+00:00"},"s":"W",  "c":"NETWORK",  "id":23234,   "ctx":"conn6","msg":"No SSL certificate provided by peer"}`)
	handLine(r, FormatJSON, LevelWarning, "mongod, a startup warning with tags", `{"t":{"$date":"2026-11-30T05:52:38.100+00:00"},"s":"W",  "c":"CONTROL",  "id":22120,   "ctx":"initandlisten","msg":"Access control is not enabled for the database. Read and write access to data and configuration is unrestricted","tags":["startupWarnings"]}`)
	handLine(r, FormatJSON, LevelError, "mongod, an error", `{"t":{"$date":"2026-11-30T05:52:39.927+00:00"},"s":"E",  "c":"REPL",     "id":21426,   "ctx":"conn12","msg":"replSetInitiate failed","attr":{"error":{"code":93,"codeName":"InvalidReplicaSetConfig","errmsg":"replSetInitiate quorum check failed"}}}`)
	handLine(r, FormatJSON, LevelCritical, "mongod, fatal", `{"t":{"$date":"2026-11-30T05:52:40.002+00:00"},"s":"F",  "c":"STORAGE",  "id":28595,   "ctx":"initandlisten","msg":"Terminating.","attr":{"reason":"2: No such file or directory"}}`)
	handLine(r, FormatJSON, LevelDebug, "mongod, debug verbosity 1", `{"t":{"$date":"2026-11-30T05:52:40.010+00:00"},"s":"D1", "c":"QUERY",    "id":22790,   "ctx":"conn3","msg":"Received interrupt request for unknown op","attr":{"opId":999}}`)
	handLine(r, FormatJSON, LevelDebug, "mongod, debug verbosity 5", `{"t":{"$date":"2026-11-30T05:52:40.011+00:00"},"s":"D5", "c":"ACCESS",   "id":20226,   "ctx":"conn3","msg":"Returning user from cache","attr":{"user":"admin@admin"}}`)
	handLine(r, FormatJSON, LevelInfo, "mongod with timeStampFormat iso8601-utc, the default component", `{"t":{"$date":"2026-11-30T05:52:41.000Z"},"s":"I",  "c":"-",        "id":20883,   "ctx":"conn4","msg":"Interrupted operation as its client disconnected","attr":{"opId":40}}`)
}

func variantStreams() []*stream {
	return []*stream{
		{logger: "gokit", name: "logfmt-level-keys", modules: []string{modStd},
			desc: "HAND-WRITTEN lines: log15/go-ethereum logfmt (t=, lvl=eror/dbug/trce), severity=, loglevel=, LEVEL=, OpenTelemetry SeverityText and numbered names", run: genLogfmtLevelKeys},
		{logger: "json", name: "level-keys", modules: []string{modStd},
			desc: "HAND-WRITTEN lines: Elastic ECS log.level (ecszap dotted, nested), loglevel, LEVEL, OpenTelemetry numbered names, log15 JSON", run: genJSONLevelKeys},
		{logger: "json", name: "mongodb", modules: []string{modStd},
			desc: "HAND-WRITTEN lines: MongoDB's structured log (4.4 on), typed from its documented layout and from lines users pasted into public issues (mongod is not packaged here): every severity, nested attributes, tags, both time formats", run: genMongoDB},
	}
}
