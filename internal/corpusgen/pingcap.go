package corpusgen

// pingcap/log's text layout (github.com/pingcap/log at
// pingcapModuleVersion), TiDB's unified log format, written by the package
// itself from ext/pingcap/main.go: the logger log.InitLogger builds with no
// file, on stdout, the caller on and a stack with every error and above,
// every level but fatal (which exits), in UTC+8 as most TiDB clusters run;
// with and without a logger's name, and in the package's JSON format
// (Milvus's default), whose time keeps the text layout (see goModuleRun).

const pingcapModuleVersion = "v1.1.0"

func pingcapStreams() []*stream {
	const desc = "pingcap/log (github.com/pingcap/log " + pingcapModuleVersion + `, InitLogger's text format with no file) as TiDB, PD and Milvus write it to stdout: "[2022/09/13 03:32:19.708 +08:00] [WARN] [file.go:100] [\"msg\"] [key=value]", every level but fatal, quoted keys, values and messages, an empty message, a stack with every error`
	mod := "github.com/pingcap/log " + pingcapModuleVersion
	return []*stream{
		{logger: "pingcap", name: "text", ext: goModuleRun("pingcap", mod), desc: desc},
		{logger: "pingcap", name: "text-named", ext: goModuleRun("pingcap", mod, "named"), desc: desc + "; a logger's name before the caller, as TiDB's components name theirs"},
		{logger: "pingcap", name: "json", ext: goModuleRun("pingcap", mod, "json"), desc: "pingcap/log (github.com/pingcap/log " + pingcapModuleVersion + `, InitLogger's JSON format with no file) as Milvus writes it to stdout by default: "time" in the text layout's "2025/05/07 20:24:23.212 +08:00", every level but fatal`},
	}
}
