package corpusgen

const modCapnslog = "github.com/coreos/pkg"

func capnslogStreams() []*stream {
	return []*stream{
		{logger: "capnslog", name: "etcd-pretty", modules: []string{modCapnslog},
			desc:  "capnslog PrettyFormatter on stderr as etcd before 3.5 logs (\"2019-04-02 17:47:28.661134 I | etcdserver: msg\"), every level, a multi-line message, package log taken over, the debug formatter's caller column, then Fatalf",
			child: &childRun{mode: "capnslog-etcd", exit: 1, tail: Record{Format: FormatCapnslog, Level: LevelCritical, Call: "capnslog.PackageLogger.Fatalf"}}},
		{logger: "capnslog", name: "pasted-etcd", modules: []string{modStd},
			desc: "HAND-WRITTEN lines: etcd 3.1-3.4 capnslog lines pasted into public issues, with the \"[WARNING]\" line etcd 3.4 prints beside them", run: genCapnslogPasted},
	}
}

// genCapnslogPasted: etcd 3.1-3.4 lines pasted into public issues, among
// them the "[WARNING]" line etcd 3.4 prints with fmt when told to log
// through capnslog (a bracket record of its own).
func genCapnslogPasted(r *recorder) {
	for _, c := range []struct{ format, level, writer, line string }{
		{FormatCapnslog, LevelInfo, "etcd 3.3 (etcd-io/etcd#10594)", "2019-04-02 17:47:28.661134 I | etcdmain: setting maximum number of CPUs to 32, total number of available CPUs is 32"},
		{FormatCapnslog, LevelNotice, "etcd 3.3 (etcd-io/etcd#10594)", "2019-04-02 17:47:28.661167 N | etcdmain: the server is already initialized as member before, starting as etcd member..."},
		{FormatCapnslog, LevelInfo, "etcd 3.3 (etcd-io/etcd#10594)", "2019-04-02 17:47:28.682679 I | etcdserver: recovered store from snapshot at index 14521930"},
		{FormatCapnslog, LevelWarning, "etcd 3.4 (bitnami/bitnami-docker-etcd#15)", "2021-03-17 13:40:16.457000 W | etcdmain: found invalid file/dir member_id under data dir /bitnami/etcd/data (Ignore this if you are upgrading etcd)"},
		{FormatBracket, LevelWarning, "etcd 3.4 fmt line (bitnami/bitnami-docker-etcd#15)", "[WARNING] Deprecated '--logger=capnslog' flag is set; use '--logger=zap' flag instead"},
		{FormatCapnslog, LevelInfo, "etcd 3.4 (bitnami/bitnami-docker-etcd#15)", "2021-03-17 13:40:16.457166 I | embed: name = etcd-2"},
		{FormatCapnslog, LevelInfo, "etcd 3.1 (etcd-io/etcd#7722)", "2017-04-12 16:18:57.041092 I | raft: ac463f989b4b89ae [logterm: 520, index: 1814996, vote: 0] cast MsgVote for c8d81b0c5a97ef5f [logterm: 520, index: 1814996] at term 523"},
		{FormatCapnslog, LevelInfo, "etcd 3.1 (etcd-io/etcd#7722)", "2017-04-12 16:18:57.052246 I | etcdserver: published {Name:node02 ClientURLs:[https://dev-vm-02.example.com:2379]} to cluster ae708a00c1115219"},
		{FormatCapnslog, LevelWarning, "etcd 3.1 (etcd-io/etcd#7722)", "2017-04-12 16:19:01.997953 W | rafthttp: health check for peer 684f2e4032b4dcc2 could not connect: dial tcp 10.1.4.6:2380: getsockopt: connection refused"},
		{FormatCapnslog, LevelInfo, "etcd 3.4 behind kubectl (etcd-io/etcd#11858), trailing space", "2020-05-08 16:24:04.678665 I | etcdserver: heartbeat = 100ms "},
	} {
		handLine(r, c.format, c.level, c.writer, c.line)
	}
}
