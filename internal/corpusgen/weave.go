package corpusgen

// Weave Net logs through the textFormatter of its common package over
// logrus. github.com/weaveworks/weave is not served by the module proxy,
// so these lines are typed from that formatter's source (common/logging.go:
// "%s: %s %-44s " with the level's first four letters in capitals and
// package log's date to the microsecond, then " key=value" for each field,
// values unquoted; no padding without fields) and copied from logs pasted
// into Weave Net's issues.

// genWeave: weave router lines at every level, with and without fields.
func genWeave(r *recorder) {
	for _, c := range []struct{ level, writer, line string }{
		{LevelInfo, "weave 1.x (weaveworks/weave#1521)", `INFO: 2015/10/09 16:32:44.260332 Command line options: map[dns-effective-listen-address:172.17.42.1 iface:ethwe init-peer-count:1 ipalloc-range:10.32.0.0/12 name:76:2f:0e:33:f6:45 nickname:bao-dev port:6783 dns-domain:portworx.io]`},
		{LevelInfo, "weave 1.x (weaveworks/weave#1521)", `INFO: 2015/10/09 16:32:44.260590 Our name is 76:2f:0e:33:f6:45(bao-dev)`},
		{LevelInfo, "weave 2.x (weaveworks/weave#2944)", `INFO: 2017/05/11 15:12:52.930786 [allocator e2:89:86:53:9b:70] Initialising with persisted data`},
		{LevelInfo, "weave (weaveworks/weave#2137)", `INFO: 2016/04/06 20:53:30.071220 ->[10.8.210.220:64987] connection accepted`},
		{LevelError, "weave (weaveworks/weave#2137)", `ERRO: 2016/04/06 20:53:30.103533 ->[10.8.210.220:6783|4a:33:b4:e3:b4:9c(ip-10-8-210-220.2335750)]: connection shutting down due to error: Multiple connections to 4a:33:b4:e3:b4:9c(ip-10-8-210-220.2335750) added to 86:82:94:67:42:b7(ip-10-8-199-245.2335750)`},
		{LevelInfo, "weave (weaveworks/weave#3609)", `INFO: 2019/03/06 03:09:00.663144 EMSGSIZE on send, expecting PMTU update (IP packet was 60028 bytes, payload was 60020 bytes)`},
		{LevelError, "weave (weaveworks/weave#3572)", `ERRO: 2018/12/20 18:10:42.562938 Error forwarding chunked response body: write unix /var/run/weave/weave.sock->@: write: broken pipe`},
		{LevelInfo, "weave (weaveworks/weave#3572)", `INFO: 2018/12/20 18:10:42.661976 [net] DeleteNetwork 09b0a78611b61b26ae767f151b03800ae76e95b9bb1aa19bf6b9b4c7041fcf06`},
		{LevelWarning, "weave WithField, typed from the formatter", `WARN: 2019/03/06 03:09:01.102345 Vetoed installation of hairpin flag on vethwepl0  err=operation not supported`},
		{LevelDebug, "weave Debug, typed from the formatter", `DEBU: 2019/03/06 03:09:01.203456 [kube-peers] Checking peer "a2:8d:3b:19:2b:11" against list [a2:8d:3b:19:2b:11 5e:0d:4c:1f:8a:22]`},
		{LevelError, "weave multi-line message, typed from the formatter", "ERRO: 2019/03/06 03:09:01.304567 [kube-peers] Could not update peer list:\nthe server could not find the requested resource"},
		{LevelCritical, "weave Fatal, typed from the formatter", `FATA: 2019/03/06 03:09:02.405678 [weave-npc] Failed to connect to the API server: dial tcp 10.96.0.1:443: i/o timeout`},
		{LevelCritical, "weave Panic, typed from the formatter", `PANI: 2019/03/06 03:09:02.506789 unexpected state of the IPAM ring`},
	} {
		handLine(r, FormatWeave, c.level, c.writer, c.line)
	}
}

func weaveStreams() []*stream {
	return []*stream{
		{logger: "weave", name: "router", modules: []string{modStd},
			desc: "HAND-WRITTEN lines: Weave Net's logrus textFormatter (common/logging.go) typed from its source and copied from logs pasted into Weave Net's issues, every level, with a field and a multi-line message", run: genWeave},
	}
}
