package corpusgen

// Gitea's log, written by Gitea's own logging package
// (code.gitea.io/gitea/modules/log at giteaModuleVersion) from
// ext/gitea/main.go: its console writer with the standard flags, as the
// default [log] MODE=console sets it up, at debug: every level, a message of
// three lines, log.Critical (ERROR since 1.20) and log.Fatal last (see
// goModuleRun: relevel's module does not take Gitea's as a dependency).

const giteaModuleVersion = "v1.26.0"

func giteaStreams() []*stream {
	return []*stream{
		{logger: "gitea", name: "gitea", ext: goModuleRun("gitea", "code.gitea.io/gitea "+giteaModuleVersion),
			desc: "Gitea's logger (code.gitea.io/gitea/modules/log " + giteaModuleVersion + `, SetConsoleLogger with its standard flags) as Gitea writes it to stdout: "2006/01/02 15:04:05 file.go:12:func() [I] msg", every level from debug, a message of three lines, log.Critical and log.Fatal`},
	}
}
