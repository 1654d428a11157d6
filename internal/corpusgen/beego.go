package corpusgen

// Beego's logger (github.com/beego/beego/v2/core/logs at
// beegoModuleVersion), which Harbor's core and beego applications log
// through, written by beego itself from ext/beego/main.go: its console
// adapter on stdout, every level from debug to emergency, a message of two
// lines, with and without the caller, with the level's colour (the
// default) and without it ({"color":false}); see goModuleRun.

const beegoModuleVersion = "v2.3.8"

func beegoStreams() []*stream {
	const desc = "beego's logger (github.com/beego/beego/v2/core/logs " + beegoModuleVersion + `, the console adapter with EnableFuncCallDepth) as beego writes it to stdout: "2023/03/04 21:28:31.058 [E] [server.go:12]  msg", every level from debug to emergency, a message of two lines, the package's logger without the caller`
	return []*stream{
		{logger: "beego", name: "console", ext: goModuleRun("beego", "github.com/beego/beego/v2 "+beegoModuleVersion), desc: desc + "; the level's letter in colour, the default"},
		{logger: "beego", name: "console-plain", ext: goModuleRun("beego", "github.com/beego/beego/v2 "+beegoModuleVersion, "plain"), desc: desc + `; {"color":false}, as Harbor configures it`},
	}
}
