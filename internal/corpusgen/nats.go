package corpusgen

// NATS server's log, written by nats-server's own logger
// (github.com/nats-io/nats-server/v2/logger at natsModuleVersion) from
// ext/nats/main.go: on stderr with the pid and the time, debug and trace
// on, every level but fatal (which exits), plain and with the colours it
// adds on a terminal (see goModuleRun).

const natsModuleVersion = "v2.15.3"

func natsStreams() []*stream {
	const desc = "NATS server's logger (github.com/nats-io/nats-server/v2/logger " + natsModuleVersion + `, NewStdLogger with the time, debug, trace and the pid) as nats-server writes it to stderr: "[1] 2023/10/11 17:00:23.018770 [WRN] msg", every level but fatal`
	mod := "github.com/nats-io/nats-server/v2 " + natsModuleVersion
	return []*stream{
		{logger: "nats", name: "server", ext: goModuleRun("nats", mod), desc: desc},
		{logger: "nats", name: "server-colour", ext: goModuleRun("nats", mod, "colour"), desc: desc + "; the level's colour it adds on a terminal"},
	}
}
