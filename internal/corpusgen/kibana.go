package corpusgen

// Kibana installs from no registry here (it is no npm package, and
// artifacts.elastic.co is out of reach). These lines are the ones users
// pasted into public GitHub issues and notes, their times, offsets and
// contexts kept: elastic/kibana#115237 (8.0's image starting) and
// deviantony/docker-elk#852 (a docker-compose start of 8.x), the others
// found by their text in public notes of Kibana 8 running in Docker and on
// Kubernetes (its image logs to stdout). The layout is 8.0's default
// console pattern, "[%date][%level][%logger] %message", the level padded
// to five; a fatal error's stack continues its record. The level of each
// record is the one in its brackets.

// genKibana: Kibana 8's console log from a start to a fatal error.
func genKibana(r *recorder) {
	const pasted = "Kibana's console pattern layout, a line pasted into a public issue or note"
	for _, c := range []struct{ level, line string }{
		{LevelInfo, `[2021-10-15T21:47:24.480+00:00][INFO ][plugins-service] Plugin "interactiveSetup" is disabled.`},
		{LevelInfo, `[2021-10-15T21:47:24.507+00:00][INFO ][plugins-service] Plugin "metricsEntities" is disabled.`},
		{LevelInfo, `[2021-10-15T21:47:24.580+00:00][INFO ][http.server.Preboot] http server running at http://0.0.0.0:5601`},
		{LevelInfo, `[2023-04-03T03:42:52.405+00:00][INFO ][node] Kibana process configured with roles: [background_tasks, ui]`},
		{LevelInfo, `[2023-04-03T03:43:16.181+00:00][INFO ][plugins-service] Plugin "cloudChat" is disabled.`},
		{LevelWarning, `[2022-06-17T11:50:32.439+00:00][WARN ][plugins.alerting] APIs are disabled because the Encrypted Saved Objects plugin is missing encryption key. Please set xpack.encryptedSavedObjects.encryptionKey in the kibana.yml or use the bin/kibana-encryption-keys command.`},
		{LevelInfo, `[2022-06-17T11:50:32.460+00:00][INFO ][plugins.ruleRegistry] Installing common resources shared between all indices`},
		{LevelError, `[2022-06-17T11:50:33.272+00:00][ERROR][elasticsearch-service] Unable to retrieve version information from Elasticsearch nodes. connect ECONNREFUSED 172.18.0.2:9200`},
		{LevelError, `[2022-03-22T10:46:41.277+00:00][ERROR][plugins.fleet] Error connecting to package registry: request to https://epr.elastic.co/categories?experimental=true&include_policy_templates=true&kibana.version=8.1.0 failed, reason: self signed certificate in certificate chain`},
		{LevelError, `[2025-02-10T15:21:28.109+00:00][ERROR][elasticsearch-service] This version of Kibana (v8.17.0) is incompatible with the following Elasticsearch nodes in your cluster: v8.15.4`},
		{LevelError, `[2025-03-20T17:41:31.610+00:00][ERROR][plugins.interactiveSetup.elasticsearch] Failed to authenticate with host "https://192.168.1.151:30092": Hostname/IP does not match certificate's altnames: IP: 192.168.1.151 is not in the cert's list: fe80::f465:b5ff:fe6b:9813, ::1, 127.0.0.1, 172.16.85.238`},
		{LevelInfo, `[2022-12-21T11:54:31.067+01:00][INFO ][node] Kibana process configured with roles: [background_tasks, ui]`},
		{LevelInfo, `[2025-10-08T00:56:53.850+08:00][INFO ][root] Kibana is shutting down`},
		{LevelCritical, `[2022-06-17T05:07:07.650+00:00][FATAL][root] Error: Unable to write to UUID file at /usr/share/kibana/data/uuid. Ensure Kibana has sufficient permissions to read / write to this file.  Error was: EROFS` + "\n" +
			"    at writeUuidToFile (/usr/share/kibana/src/core/server/environment/resolve_uuid.js:111:11)\n" +
			"    at resolveInstanceUuid (/usr/share/kibana/src/core/server/environment/resolve_uuid.js:68:5)"},
	} {
		handLine(r, FormatKibana, c.level, pasted, c.line)
	}
}

func kibanaStreams() []*stream {
	return []*stream{
		{logger: "kibana", name: "kibana", modules: []string{modStd},
			desc: "HAND-WRITTEN lines: Kibana 8's console log as users pasted it into public issues and notes (elastic/kibana#115237, deviantony/docker-elk#852, and others found by their text; Kibana installs from no registry here): every level but debug, offsets other than UTC, a fatal error whose stack continues its record", run: genKibana},
	}
}
