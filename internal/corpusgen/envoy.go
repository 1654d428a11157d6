package corpusgen

// Envoy is a C++ server that no package installs here (it is not in
// Debian, and the Go module proxy serves Go modules only). These lines are
// typed from its documented default --log-format, "[%Y-%m-%d %T.%e][%t][%l]
// [%n] [%g:%#] %v" (spdlog's level names: trace debug info warning error
// critical), and from the format Istio's pilot-agent passes its sidecar's
// Envoy, "%Y-%m-%dT%T.%fZ\t%l\tenvoy %n %g:%#\t%v\tthread=%t" (older
// Istio releases: "%Y-%m-%dT%T.%fZ\t%l\tenvoy %n\t%v"), with
// messages Envoy writes at those levels (start-up, xDS updates, a gRPC
// config stream closed, a rejected listener, a configuration error). The
// level of each line is the level that layout prints, as with the other
// hand-written streams.

// genEnvoy: Envoy's default format at every spdlog level, a multi-line
// message, and Istio's format for its sidecars.
func genEnvoy(r *recorder) {
	const def, istio = "Envoy default --log-format, typed from the documented layout", "Istio sidecar Envoy log format, typed from the layout pilot-agent passes"
	const istioOld = "older Istio (1.6 to 1.11 in pasted logs): its Envoy log format without the location, typed from the layout pilot-agent passed"
	// pilot-agent's own lines (istio.io/istio/pkg/log, zap's console
	// encoder) interleave with its Envoy's on the same stream.
	const istioAgent = "Istio's pilot-agent (pkg/log on zap's console encoder) between its Envoy's lines, typed from its layout"
	for _, c := range []struct{ level, writer, line string }{
		{LevelInfo, def, `[2026-11-30 04:41:36.101][1][info][main] [source/server/server.cc:426] initializing epoch 0 (base id=0, hot restart version=11.104)`},
		{LevelInfo, def + ", a multi-line message", "[2026-11-30 04:41:36.101][1][info][main] [source/server/server.cc:428] statically linked extensions:\n" +
			"  envoy.filters.http: envoy.filters.http.cors, envoy.filters.http.fault, envoy.filters.http.router\n" +
			"  envoy.filters.network: envoy.filters.network.http_connection_manager, envoy.filters.network.tcp_proxy"},
		{LevelInfo, def, `[2026-11-30 04:41:36.118][1][info][admin] [source/server/admin/admin.cc:67] admin address: 0.0.0.0:9901`},
		{LevelDebug, def, `[2026-11-30 04:41:36.120][1][debug][init] [source/common/init/manager_impl.cc:49] init manager Server initializing`},
		{LevelDebug, def + " (trace)", `[2026-11-30 04:41:36.121][15][trace][connection] [source/common/network/connection_impl.cc:575] [C0] socket event: 3`},
		{LevelInfo, def, `[2026-11-30 04:41:36.130][1][info][upstream] [source/common/upstream/cluster_manager_impl.cc:222] cm init: all clusters initialized`},
		{LevelInfo, def, `[2026-11-30 04:41:36.131][1][info][main] [source/server/server.cc:935] starting main dispatch loop`},
		{LevelWarning, def, `[2026-11-30 04:41:37.502][1][warning][config] [source/common/config/grpc_stream.h:191] DeltaAggregatedResources gRPC config stream to xds_cluster closed since 31s ago: 14, upstream connect error or disconnect/reset before headers. reset reason: connection failure`},
		{LevelError, def, `[2026-11-30 04:41:38.004][1][error][config] [source/common/config/grpc_subscription_impl.cc:118] gRPC config for type.googleapis.com/envoy.config.listener.v3.Listener rejected: Error adding/updating listener(s) listener_0: cannot bind '0.0.0.0:10000': Address already in use`},
		{LevelCritical, def, `[2026-11-30 04:41:38.210][1][critical][main] [source/server/server.cc:117] error initializing configuration '/etc/envoy/envoy.yaml': Protobuf message (type envoy.config.bootstrap.v3.Bootstrap reason INVALID_ARGUMENT:static_resources: Cannot find field.) has unknown fields`},
		{LevelInfo, istio, "2026-11-30T04:41:36.562801Z\tinfo\tenvoy main external/envoy/source/server/server.cc:935\tstarting main dispatch loop\tthread=14"},
		{LevelInfo, istio, "2026-11-30T04:41:36.873120Z\tinfo\tenvoy upstream external/envoy/source/common/upstream/cds_api_helper.cc:32\tcds: add 24 cluster(s), remove 2 cluster(s)\tthread=14"},
		{LevelWarning, istio, "2026-11-30T04:41:52.112306Z\twarning\tenvoy config external/envoy/source/extensions/config_subscription/grpc/grpc_stream.h:152\tStreamAggregatedResources gRPC config stream to xds-grpc closed since 1796s ago: 14, connection error: desc = \"transport: Error while dialing: dial tcp 10.96.12.7:15012: connect: connection refused\"\tthread=14"},
		{LevelError, istio, "2026-11-30T04:41:53.005418Z\terror\tenvoy config external/envoy/source/extensions/config_subscription/grpc/delta_subscription_state.cc:294\tdelta config for type.googleapis.com/envoy.config.cluster.v3.Cluster rejected: Error adding/updating cluster(s) outbound|80||reviews.default.svc.cluster.local: cluster has no endpoints\tthread=14"},
	} {
		handLine(r, FormatEnvoy, c.level, c.writer, c.line)
	}
	// Istio's older format, with pilot-agent's own lines between.
	for _, c := range []struct{ format, level, writer, line string }{
		{FormatZap, LevelInfo, istioAgent, "2026-11-30T04:42:10.204113Z\tinfo\txdsproxy\tconnected to upstream XDS server: istiod.istio-system.svc:15012"},
		{FormatEnvoy, LevelWarning, istioOld, "2026-11-30T04:42:11.530287Z\twarning\tenvoy config\tStreamAggregatedResources gRPC config stream closed: 14, connection error: desc = \"error reading from server: EOF\""},
		{FormatEnvoy, LevelWarning, istioOld + " (Istio 1.6: Envoy's [file:line] prefix)", "2026-11-30T04:42:11.530301Z\twarning\tenvoy config\t[bazel-out/k8-opt/bin/external/envoy/source/common/config/_virtual_includes/grpc_stream_lib/common/config/grpc_stream.h:92] StreamAggregatedResources gRPC config stream closed: 13, "},
		{FormatZap, LevelInfo, istioAgent, "2026-11-30T04:42:11.790115Z\tinfo\tsds\tresource:default pushed key/cert pair to proxy"},
		{FormatEnvoy, LevelCritical, istioOld, "2026-11-30T04:42:12.001907Z\tcritical\tenvoy main\terror initializing configuration '/etc/istio/proxy/envoy-rev0.json': malformed"},
	} {
		handLine(r, c.format, c.level, c.writer, c.line)
	}
}

func envoyStreams() []*stream {
	return []*stream{
		{logger: "envoy", name: "proxy", modules: []string{modStd},
			desc: "HAND-WRITTEN lines: Envoy's default --log-format and Istio's formats for its sidecar's Envoy (with the location, and without it as older releases wrote it), typed from the documented layouts (Envoy cannot be installed here), every spdlog level, a multi-line message, pilot-agent's own lines between", run: genEnvoy},
	}
}
