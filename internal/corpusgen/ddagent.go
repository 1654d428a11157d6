package corpusgen

// The Datadog Agent's own log, written by the Agent's logging code itself
// (github.com/DataDog/datadog-agent/pkg/util/log and its setup package, at
// ddagentModuleVersion) from ext/ddagent/main.go: every level, a context
// ("check:cpu | "), a message of three lines, in the default layout and in
// log_format_rfc3339's (see goModuleRun: relevel's module does not take
// the Agent's packages as dependencies).

const ddagentModuleVersion = "v0.85.4"

func ddagentStreams() []*stream {
	// desc follows the module's name in the stream's description.
	run := func(name, desc string) *stream {
		return &stream{logger: "ddagent", name: name,
			desc: "the Datadog Agent's logger (github.com/DataDog/datadog-agent/pkg/util/log/setup " + ddagentModuleVersion + desc,
			ext:  goModuleRun("ddagent", "github.com/DataDog/datadog-agent/pkg/util/log "+ddagentModuleVersion, name)}
	}
	return []*stream{
		run("core", `, SetupLogger to the console) as the core Agent writes it: "2006-01-02 15:04:05 MST | CORE | LEVEL | (file:line in func) | msg", every level, a context, a message of three lines`),
		run("cluster-rfc3339", `) as the Cluster Agent writes it with log_format_rfc3339: "2006-01-02T15:04:05Z07:00 | CLUSTER | LEVEL | …"`),
		run("trace-json", `) as the trace Agent writes it with log_format_json: {"agent":"trace","time":"2006-01-02 15:04:05 MST","level":"WARN",…,"msg":…}, read as the json format`),
	}
}
