package corpusgen

// MongoDB before 4.4 installs from no registry here (Debian packages none,
// and its images are out of reach). These lines are the ones users pasted,
// times and contexts kept: docker-library/mongo#242 (3.6 starting in
// Docker), bitnami/bitnami-docker-mongodb#155 (4.2's severity padded to two
// columns, a line with no message) and #186, StackStorm/st2#5533,
// mbentley/docker-omada-controller#449 (the MongoDB inside the Omada
// controller's image, 2024), and a public note with the mongo shell's
// connection error and its JavaScript stack. The level of each record is
// its severity letter's.

// genMongoDBText: MongoDB's text log, 3.x to 4.2.
func genMongoDBText(r *recorder) {
	const pasted = "MongoDB's text log, a line pasted into a public issue or note"
	for _, c := range []struct{ level, line string }{
		{LevelInfo, "2018-01-26T17:24:46.354+0000 I CONTROL  [initandlisten] MongoDB starting : pid=1 port=27017 dbpath=/data/db 64-bit host=96386140b3b9"},
		{LevelInfo, "2018-01-26T17:24:46.354+0000 I CONTROL  [initandlisten] db version v3.6.2"},
		{LevelInfo, "2018-01-26T17:24:46.354+0000 I CONTROL  [initandlisten] allocator: tcmalloc"},
		{LevelInfo, "2019-07-03T15:14:13.887+0100 I  CONTROL  [initandlisten] ** NOTE: This is a development version (4.1.13) of MongoDB."},
		{LevelInfo, "2019-07-03T15:14:13.888+0100 I  CONTROL  [initandlisten]"},
		{LevelWarning, "2019-12-04T11:55:15.381+0000 W NETWORK  [LogicalSessionCacheReap] Unable to reach primary for set replica"},
		{LevelInfo, "2022-01-11T04:59:45.100+0000 I REPL     [conn36] replSetReconfig config object with 2 members parses ok"},
		{LevelInfo, "2024-07-19T03:34:59.231+0000 I NETWORK  [listener] connection accepted from 127.0.0.1:33996 #12 (3 connections now open)"},
		{LevelWarning, "2019-12-17T15:00:26.355+0000 W NETWORK  [thread1] Failed to connect to 127.0.0.1:27017, in(checking socket for error after poll), reason: Connection refused"},
		{LevelError, "2019-12-17T15:00:26.356+0000 E QUERY    [thread1] Error: couldn't connect to server 127.0.0.1:27017, connection attempt failed :\n" +
			"connect@src/mongo/shell/mongo.js:251:13\n" +
			"@(connect):1:6"},
	} {
		handLine(r, FormatMongoDB, c.level, pasted, c.line)
	}
}

func mongodbStreams() []*stream {
	return []*stream{
		{logger: "mongodb", name: "text", run: genMongoDBText,
			desc: "HAND-WRITTEN records: MongoDB's text log before 4.4 as users pasted it (docker-library/mongo#242, bitnami/bitnami-docker-mongodb#155 and #186, StackStorm/st2#5533, mbentley/docker-omada-controller#449, a note on the mongo shell): \"2019-12-04T11:55:15.381+0000 W NETWORK  [ctx] msg\", 4.2's severity padded to two, the shell's error with its stack"},
	}
}
