package corpusgen

// Calico's components log through libcalico-go's logutils.Formatter over
// logrus. Its module, github.com/projectcalico/calico, is a monorepo whose
// go.mod replaces github.com/projectcalico/api with a directory of its
// own: a module that requires it cannot "go mod tidy" (the tests of the
// logutils package import that API, which the module proxy does not
// serve), and it would raise github.com/spf13/cast for the whole module.
// So these lines are typed from the Formatter's source
// (libcalico-go/lib/logutils/logutils.go: "%s [%s][%d] %s/%v %v: %v", then
// " key=value" for the sorted fields, %#v for values that are neither an
// error nor a Stringer) and copied from logs pasted into Calico's issues.

// genCalicoFelix: what calico-node's felix, startup and confd write, every
// logrus level, with the Formatter's value encodings, a multi-line message
// and lines of the Python felix, which used the same layout.
func genCalicoFelix(r *recorder) {
	for _, c := range []struct{ level, writer, line string }{
		{LevelInfo, "felix (projectcalico/calico#8619)", `2024-03-15 00:46:36.132 [INFO][68] felix/int_dataplane.go 1837: Completed first update to dataplane. secsSinceStart=0.605633007`},
		{LevelInfo, "felix (projectcalico/calico#8619)", `2024-03-15 00:46:36.132 [INFO][68] felix/status_combiner.go 81: Endpoint up for at least one IP version id=proto.WorkloadEndpointID{OrchestratorId:"k8s", WorkloadId:"kube-system/coredns-5dd5756b68-8grnj", EndpointId:"eth0"} ipVersion=0x4 status="up"`},
		{LevelInfo, "felix (projectcalico/calico#9193)", `2024-08-29 11:49:12.275 [INFO][116] felix/table.go 611: Chain became referenced, marking it for programming chainName="cali-from-wl-dispatch" ipVersion=0x4 table="filter"`},
		{LevelDebug, "felix (projectcalico/calico#3397)", `2020-06-05 10:17:06.490 [DEBUG][38] felix/table.go 1116: Update ended up being no-op, skipping call to ip(6)tables-restore. ipVersion=0x4 table="raw"`},
		{LevelInfo, "felix (projectcalico/calico#4262)", `2020-12-17 18:44:37.432 [INFO][43] felix/health.go 233: Health enabled.  Starting server. host="localhost" port=9099`},
		{LevelInfo, "calico-node startup (projectcalico/cni-plugin#1001)", `2021-05-13 02:25:21.369 [INFO][9] startup/startup.go 386: Early log level set to info`},
		{LevelInfo, "calico-node startup (projectcalico/cni-plugin#1001)", `2021-05-13 02:25:21.399 [INFO][9] startup/customresource.go 101: Error getting resource Key=GlobalFelixConfig(name=CalicoVersion) Name="calicoversion" Resource="GlobalFelixConfigs" error=the server could not find the requested resource (get GlobalFelixConfigs.crd.projectcalico.org calicoversion)`},
		{LevelError, "felix without a component (projectcalico/calicoctl#1598)", `2017-04-07 08:33:33.120 [ERROR][40] logutils.go 147: Failed to connect to syslog error=Unix syslog delivery error level="WARNING"`},
		{LevelWarning, "felix, typed from the Formatter", `2024-03-15 00:46:37.015 [WARNING][68] felix/route_table.go 874: Failed to add route error=file exists ifaceName="cali50d724d0bd7" ipVersion=0x4 tableIndex=254`},
		{LevelDebug, "felix TRACE, typed from the Formatter", `2024-03-15 00:46:37.016 [TRACE][68] felix/calc_graph.go 512: Dispatching update update=api.Update{Key:model.WorkloadEndpointKey{Hostname:"node-1"}, UpdateType:0x2}`},
		{LevelError, "felix multi-line message, typed from the Formatter", "2024-03-15 00:46:37.101 [ERROR][68] felix/table.go 1254: Failed to execute ip(6)tables-restore command error=exit status 2 errorOutput=\"iptables-restore v1.8.7 (legacy): Couldn't load target `cali-tw-cali50d724d0bd7'\\nError occurred at line: 21\\n\" input=\"*filter\\n\" ipVersion=0x4 table=\"filter\""},
		{LevelError, "felix multi-line message, typed from the Formatter", "2024-03-15 00:46:37.202 [ERROR][68] felix/route_table.go 912: Failed to sync routes:\nroute 10.65.0.0/26 via 10.0.0.2 dev vxlan.calico: file exists ipVersion=0x4 tableIndex=254"},
		{LevelInfo, "confd, typed from the Formatter", `2024-03-15 00:46:38.002 [INFO][72] confd/client.go 1407: Updated with new cluster IP CIDRs: []`},
		{LevelCritical, "felix FATAL, typed from the Formatter", `2024-03-15 00:46:39.500 [FATAL][68] felix/daemon.go 307: Failed to connect to datastore after 30 attempts error=connection refused`},
		{LevelCritical, "felix PANIC, typed from the Formatter", `2024-03-15 00:46:39.501 [PANIC][68] felix/daemon.go 701: Bug: failed to start calculation graph`},
		{LevelError, "Python felix, same layout (projectcalico/felix#363)", "2015-04-15 12:56:06,643 [ERROR][5] calico.felix.fiptables 434: Failed to run iptables-restore.\nOutput:\n\nError:\n\"iptables-restore: line 2 failed"},
		{LevelError, "Python felix, same layout (projectcalico/felix#363)", `2015-04-15 12:56:06,644 [ERROR][5] calico.felix.fiptables 436: Non-retryable error on line 2: '--delete INPUT --jump felix-INPUT'`},
		{LevelDebug, "Python felix, same layout (projectcalico/felix#363)", `2015-04-15 12:56:06,644 [DEBUG][5] calico.felix.fiptables 194: Failed to do atomic delete/insert, assuming rule wasn't programmed.`},
	} {
		handLine(r, FormatCalico, c.level, c.writer, c.line)
	}
}

func calicoStreams() []*stream {
	return []*stream{
		{logger: "calico", name: "felix", modules: []string{modStd},
			desc: "HAND-WRITTEN lines: libcalico-go logutils.Formatter (felix, calico-node startup, confd) typed from its source and copied from logs pasted into Calico's issues, every logrus level, a multi-line message, and the Python felix's lines in the same layout", run: genCalicoFelix},
	}
}
