package corpusgen

// Ceph's daemons install from no registry here as daemons a test can run
// (a monitor needs a cluster around it). These lines are the ones users
// pasted, their times and threads kept: rook/rook#14602 (a monitor in
// Rook, behind Rook's "debug " prefix: slow-ops errors and audit entries)
// and #8175 (an OSD's first line), the example monitor log of Ceph's
// stretch-mode documentation (cluster-log warnings, no prefix), and public
// notes on a CephFS MDS and an OSD before Octopus (the time without a
// zone). The level of each record is its debug level's (-1 error, 0 and 1
// info, above debug), or its cluster-log entry's bracket.

// genCeph: Ceph daemons' lines, with and without Rook's prefix.
func genCeph(r *recorder) {
	const pasted = "a Ceph daemon's log line, pasted into a public issue or document"
	for _, c := range []struct{ level, line string }{
		{LevelInfo, "debug 2021-06-22T13:49:28.721+0000 7f54ecaab080  0 set uid:gid to 167:167 (ceph:ceph)"},
		{LevelError, "debug 2024-08-20T14:04:14.525+0000 737f80905640 -1 mon.b@0(probing) e0 get_health_metrics reporting 22 slow ops, oldest is log(1 entries from seq 1 at 2024-08-20T14:01:57.071275+0000)"},
		{LevelDebug, "debug 2024-08-20T14:04:17.081+0000 737f842c9640  0 log_channel(audit) log [DBG] : from='admin socket' entity='admin socket' cmd='mon_status' args=[]: dispatch"},
		{LevelDebug, "debug 2024-08-20T14:04:17.081+0000 737f842c9640  0 log_channel(audit) log [DBG] : from='admin socket' entity='admin socket' cmd=mon_status args=[]: finished"},
		{LevelError, "debug 2024-08-20T14:04:19.525+0000 737f80905640 -1 mon.b@0(probing) e0 get_health_metrics reporting 24 slow ops, oldest is log(1 entries from seq 1 at 2024-08-20T14:01:57.071275+0000)"},
		{LevelWarning, "2025-02-18T14:14:22.206+0000 7f05459fc640  0 log_channel(cluster) log [WRN] : [WRN] MON_DOWN: 2/5 mons down, quorum ceph-node-06,ceph-node-04,ceph-node-03"},
		{LevelWarning, "2025-02-18T14:14:22.206+0000 7f05459fc640  0 log_channel(cluster) log [WRN] :     mon.ceph-node-00 (rank 0) addr [v2:192.168.122.12:3300/0,v1:192.168.122.12:6789/0] is down (out of quorum)"},
		{LevelWarning, "2021-10-09 11:05:59.220 7fc5b6e8c700  0 log_channel(cluster) log [WRN] : evicting unresponsive client ceph01 (44152), after 302.173 seconds"},
		{LevelInfo, "2021-10-09 11:05:59.220 7fc5b6e8c700  1 mds.0.12 Evicting (and blacklisting) client session 44152 (v1:172.16.80.86:0/3860306704)"},
		{LevelWarning, "2019-07-15 09:46:40.479 ffff91adbbd0  0 log_channel(cluster) log [WRN] : Monitor daemon marked osd.44 down, but it is still running"},
		{LevelDebug, "2019-07-15 09:46:40.479 ffff91adbbd0  0 log_channel(cluster) log [DBG] : map e6540 wrongly marked me down at e6539"},
	} {
		handLine(r, FormatCeph, c.level, pasted, c.line)
	}
}

func cephStreams() []*stream {
	return []*stream{
		{logger: "ceph", name: "daemons", run: genCeph,
			desc: "HAND-WRITTEN records: Ceph daemons' lines as users pasted them (rook/rook#14602 and #8175, Ceph's stretch-mode documentation, public notes on an MDS and an OSD): Rook's \"debug \" prefix or none, the time, the thread's id, the debug level (-1 error), cluster-log entries with their [WRN] bracket"},
	}
}
