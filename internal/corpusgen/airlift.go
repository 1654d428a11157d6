package corpusgen

// Airlift's log (io.airlift.log), as Trino writes it to stderr. Trino
// installs from no registry here, and Airlift is a Java library no Debian
// package carries. These lines are the ones users pasted into public issues
// (trinodb/trino#18779 and #28360, testcontainers/testcontainers-java#6310,
// starburstdata/dbt-demo#3), their times kept; where a paste had expanded
// Airlift's TAB separators into spaces, the TABs are restored. A logger
// without a package ("Bootstrap") is left out: such lines read as zap's
// columns (see the java format's row in the README). The level of each
// record is its second column.

// genAirlift: a Trino coordinator from its first lines to a configuration
// error.
func genAirlift(r *recorder) {
	const pasted = "Airlift's log as Trino writes it, a line pasted into a public issue"
	for _, c := range []struct{ level, line string }{
		{LevelInfo, "2023-08-18T16:08:05.331Z\tINFO\tmain\tio.airlift.log.Logging\tLogging to stderr"},
		{LevelInfo, "2026-02-18T21:56:27.620Z\tINFO\tmain\tio.trino.bootstrap.engine\tLoading secrets plugins"},
		{LevelInfo, "2026-02-18T21:56:27.620Z\tINFO\tmain\tio.trino.bootstrap.engine\tLoading configuration"},
		{LevelInfo, "2026-02-18T21:56:27.661Z\tINFO\tmain\torg.hibernate.validator.internal.util.Version\tHV000001: Hibernate Validator 9.1.0.Final"},
		{LevelInfo, "2026-02-18T21:56:27.739Z\tINFO\tmain\tio.airlift.log.Logging\tDisabling stderr output"},
		{LevelInfo, "2022-12-16T18:56:26.429Z\tINFO\tdispatcher-query-3\tio.trino.event.QueryMonitor\tTIMELINE: Query 20221216_185626_00041_cuskt :: FAILED (SERVER_STARTING_UP) :: elapsed 0ms :: planning 0ms :: waiting 0ms :: scheduling 0ms :: running 0ms :: finishing 0ms :: begin 2022-12-16T18:56:26.429Z :: end 2022-12-16T18:56:26.429Z"},
		{LevelError, "2024-11-07T15:18:24.763Z\tERROR\tmain\tio.trino.server.Server\tConfiguration errors:\n" +
			"\n" +
			"1) Error: Configuration property 'hive.s3.aws-access-key' was not used\n" +
			"\n" +
			"2) Error: Configuration property 'hive.s3.aws-secret-key' was not used"},
		{LevelInfo, "2026-02-18T21:56:27.718Z\tINFO\tmain\tio.trino.bootstrap.engine\tInitializing logging"},
	} {
		handLine(r, FormatJava, c.level, pasted, c.line)
	}
}

func airliftStreams() []*stream {
	return []*stream{
		{logger: "java", name: "trino-airlift", modules: []string{modStd},
			desc: "HAND-WRITTEN lines: Airlift's log as Trino writes it to stderr, pasted into public issues (trinodb/trino#18779, #28360, testcontainers/testcontainers-java#6310, starburstdata/dbt-demo#3; Trino installs from no registry here): the thread and the logger's columns, a configuration error of several lines", run: genAirlift},
	}
}
