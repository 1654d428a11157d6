package corpusgen

// Bitnami's images are not pulled here (no container engine, no registry).
// These lines are typed from liblog.sh, the logging library of their
// set-up scripts: log() prints "${MODULE} $(date "+%T.%2N ")" and the
// level's "INFO  ==> msg" ("INFO " and "WARN " padded to five columns,
// "ERROR", "DEBUG"), to stderr; with BITNAMI_COLOR on, the default, the
// module is ESC[38;5;6m, the time ESC[38;5;5m then ESC[0m, and the level
// in its colour (2 info, 3 warn, 1 error, 5 debug) then ESC[0m. An image
// that sets no MODULE prints only the space before the time. The messages
// are ones those scripts print as a PostgreSQL, Redis and Keycloak pod
// starts; the level of each line is the function that printed it.

// genBitnami: three images' set-up through their scripts' log, coloured
// as by default, then with BITNAMI_COLOR=false, and without a module.
func genBitnami(r *recorder) {
	const lib = "liblog.sh, typed from its source"
	colour := map[string]string{LevelInfo: "\x1b[38;5;2mINFO \x1b[0m", LevelWarning: "\x1b[38;5;3mWARN \x1b[0m",
		LevelError: "\x1b[38;5;1mERROR\x1b[0m", LevelDebug: "\x1b[38;5;5mDEBUG\x1b[0m"}
	plain := map[string]string{LevelInfo: "INFO ", LevelWarning: "WARN ", LevelError: "ERROR", LevelDebug: "DEBUG"}
	for _, c := range []struct {
		coloured        bool
		module, at, lvl string
		msg             string
	}{
		{true, "postgresql", "10:57:40.63", LevelInfo, ""},
		{true, "postgresql", "10:57:40.63", LevelInfo, "Welcome to the Bitnami postgresql container"},
		{true, "postgresql", "10:57:40.64", LevelInfo, "Subscribe to project updates by watching https://github.com/bitnami/containers"},
		{true, "postgresql", "10:57:40.72", LevelInfo, "** Starting PostgreSQL setup **"},
		{true, "postgresql", "10:57:40.81", LevelInfo, "Validating settings in POSTGRESQL_* env vars.."},
		{true, "postgresql", "10:57:40.83", LevelWarning, "You set the environment variable ALLOW_EMPTY_PASSWORD=yes. For safety reasons, do not use this flag in a production environment."},
		{true, "postgresql", "10:57:40.95", LevelDebug, "Ensuring expected directories/files exist..."},
		{true, "postgresql", "10:57:41.40", LevelInfo, "** PostgreSQL setup finished! **"},
		{false, "redis", "11:02:13.07", LevelInfo, "** Starting Redis setup **"},
		{false, "redis", "11:02:13.11", LevelWarning, "Kernel transparent hugepage is enabled; this may cause latency and memory usage issues with Redis."},
		{false, "redis", "11:02:13.20", LevelError, "The REDIS_PASSWORD environment variable is empty or not set. Set the environment variable ALLOW_EMPTY_PASSWORD=yes to allow the container to be started with blank passwords. This is recommended only for development."},
		{true, "keycloak", "06:21:04.92", LevelInfo, "Configuring log level"},
		{true, "keycloak", "06:21:05.31", LevelError, "The KEYCLOAK_DATABASE_HOST environment variable is not set"},
		{false, "", "16:30:28.78", LevelInfo, "about to run the command: redis-cli -h redis -p 26379 sentinel get-master-addr-by-name mymaster"},
	} {
		line := c.module + " " + c.at + " " + plain[c.lvl] + " ==> " + c.msg
		writer := lib + " (BITNAMI_COLOR=false)"
		if c.coloured {
			line = "\x1b[38;5;6m" + c.module + " \x1b[38;5;5m" + c.at + " \x1b[0m" + colour[c.lvl] + " ==> " + c.msg
			writer = lib + " (coloured, the default)"
		}
		if c.module == "" {
			writer += ", no MODULE"
		}
		handLine(r, FormatBitnami, c.lvl, writer, line)
	}
}

func bitnamiStreams() []*stream {
	return []*stream{
		{logger: "bitnami", name: "setup", modules: []string{modStd},
			desc: "HAND-WRITTEN lines: the set-up scripts' log of Bitnami's images, typed from liblog.sh (the images are not pulled here): every level, coloured and not, a line without a module", run: genBitnami},
	}
}
