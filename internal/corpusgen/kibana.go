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

// Kibana 7's default log, one JSON object a record whose level is one of
// its "tags", as users pasted it (elastic/helm-charts#653,
// deviantony/docker-elk#497, #520 and #995, elastic/kibana#8795 and
// #108247, elastic/cloud-on-k8s#3790, telekom-security/tpotce#659,
// ukncsc/lme#95, jhipster/generator-jhipster-docker-compose#3, and the
// README of jmb12686's docker-kibana image for the fatal error): the level
// first among the tags, or last after a status change; the json format
// reads them. The level of each record is its tags' level word.
func genKibana7(r *recorder) {
	const pasted = "Kibana 7's JSON log, a line pasted into a public issue"
	for _, c := range []struct{ level, line string }{
		{LevelInfo, `{"type":"log","@timestamp":"2016-10-23T02:39:53+00:00","tags":["status","plugin:kibana","info"],"pid":23974,"name":"plugin:kibana","state":"green","message":"Status changed from uninitialized to green - Ready","prevState":"uninitialized","prevMsg":"uninitialized"}`},
		{LevelInfo, `{"type":"log","@timestamp":"2016-10-23T02:39:53+00:00","tags":["status","plugin:elasticsearch","info"],"pid":23974,"name":"plugin:elasticsearch","state":"yellow","message":"Status changed from uninitialized to yellow - Waiting for Elasticsearch","prevState":"uninitialized","prevMsg":"uninitialized"}`},
		{LevelWarning, `{"type":"log","@timestamp":"2016-03-15T09:31:57+00:00","tags":["warning","config"],"pid":1,"key":"bundled_plugin_ids","val":["plugins/dashboard/index","plugins/discover/index","plugins/doc/index","plugins/kibana/index","plugins/markdown_vis/index","plugins/metric_vis/index","plugins/settings/index","plugins/table_vis/index","plugins/vis_types/index","plugins/visualize/index"],"message":"Settings for \"bundled_plugin_ids\" were not applied, check for spelling errors and ensure the plugin is loaded."}`},
		{LevelWarning, `{"type":"log","@timestamp":"2020-05-18T12:17:00Z","tags":["warning","plugins","security","config"],"pid":6,"message":"Generating a random key for xpack.security.encryptionKey. To prevent sessions from being invalidated on restart, please set xpack.security.encryptionKey in kibana.yml"}`},
		{LevelWarning, `{"type":"log","@timestamp":"2020-05-18T12:17:00Z","tags":["warning","plugins","security","config"],"pid":6,"message":"Session cookies will be transmitted over insecure connections. This is not recommended."}`},
		{LevelInfo, `{"type":"log","@timestamp":"2020-05-18T12:17:01Z","tags":["info","plugins","apm_oss"],"pid":6,"message":"Setting up plugin"}`},
		{LevelInfo, `{"type":"log","@timestamp":"2020-06-05T14:01:19Z","tags":["info","plugins","ml"],"pid":6,"message":"Stopping plugin"}`},
		{LevelInfo, `{"type":"log","@timestamp":"2020-06-24T07:54:04Z","tags":["info","plugins-service"],"pid":26,"message":"Plugin \"canvas\" is disabled."}`},
		{LevelWarning, `{"type":"log","@timestamp":"2020-07-24T17:31:16Z","tags":["warning","reporting"],"pid":6,"message":"Enabling the Chromium sandbox provides an additional layer of protection."}`},
		{LevelDebug, `{"type":"log","@timestamp":"2020-10-04T08:23:06Z","tags":["debug","plugins-system"],"pid":6,"message":"Setting up plugin \"kibanaUsageCollection\"..."}`},
		{LevelWarning, `{"type":"log","@timestamp":"2021-03-04T10:48:34Z","tags":["warning","plugins-discovery"],"pid":8,"message":"Expect plugin \"id\" in camelCase, but found: apm_oss"}`},
		{LevelWarning, `{"type":"log","@timestamp":"2021-08-11T15:37:19+00:00","tags":["warning","config","deprecation"],"pid":3947,"message":"plugins.scanDirs is deprecated and is no longer used"}`},
		{LevelInfo, `{"type":"log","@timestamp":"2021-08-11T15:37:19+00:00","tags":["info","http","server","Preboot"],"pid":3947,"message":"http server running at https://0.0.0.0:5601"}`},
		{LevelInfo, `{"type":"log","@timestamp":"2024-06-12T05:19:20+00:00","tags":["info","plugins","reporting","config"],"pid":6,"message":"Chromium sandbox provides an additional layer of protection, and is supported for Linux Ubuntu 20.04 OS. Automatically enabling Chromium sandbox."}`},
		{LevelError, `{"type":"log","@timestamp":"2024-06-12T05:19:20+00:00","tags":["error","elasticsearch-service"],"pid":6,"message":"Unable to retrieve version information from Elasticsearch nodes. connect ECONNREFUSED 172.24.0.2:9200"}`},
		{LevelCritical, `{"type":"log","@timestamp":"2020-01-17T21:40:01Z","tags":["fatal","root"],"pid":1,"message":"Error: /opt/kibana/node_modules/@elastic/nodegit/build/Release/nodegit.node: wrong ELF class: ELFCLASS64\n    at Object.Module._extensions..node (internal/modules/cjs/loader.js:718:18)\n    at Module.load (internal/modules/cjs/loader.js:599:32)\n    at tryModuleLoad (internal/modules/cjs/loader.js:538:12)\n    at Function.Module._load (internal/modules/cjs/loader.js:530:3)\n    at Module.require (internal/modules/cjs/loader.js:637:17)\n    at require (internal/modules/cjs/helpers.js:22:18)\n    at Object.<anonymous> (/opt/kibana/node_modules/@elastic/nodegit/dist/nodegit.js:12:12)\n    at Module._compile (internal/modules/cjs/loader.js:689:30)\n    at Module._compile (/opt/kibana/node_modules/pirates/lib/index.js:99:24)\n    at Module._extensions..js (internal/modules/cjs/loader.js:700:10)\n    at Object.newLoader [as .js] (/opt/kibana/node_modules/pirates/lib/index.js:104:7)\n    at Module.load (internal/modules/cjs/loader.js:599:32)\n    at tryModuleLoad (internal/modules/cjs/loader.js:538:12)\n    at Function.Module._load (internal/modules/cjs/loader.js:530:3)\n    at Module.require (internal/modules/cjs/loader.js:637:17)\n    at require (internal/modules/cjs/helpers.js:22:18)"}`},
	} {
		handLine(r, FormatJSON, c.level, pasted, c.line)
	}
}

func kibanaStreams() []*stream {
	return []*stream{
		{logger: "kibana", name: "kibana", modules: []string{modStd},
			desc: "HAND-WRITTEN lines: Kibana 8's console log as users pasted it into public issues and notes (elastic/kibana#115237, deviantony/docker-elk#852, and others found by their text; Kibana installs from no registry here): every level but debug, offsets other than UTC, a fatal error whose stack continues its record", run: genKibana},
		{logger: "kibana", name: "kibana-7-json", modules: []string{modStd},
			desc: "HAND-WRITTEN lines: Kibana 7's JSON log as users pasted it into public issues (elastic/helm-charts#653, deviantony/docker-elk#497, #520, #995, elastic/kibana#8795, #108247 and others; Kibana installs from no registry here): the level one of the tags, first or after a status change, a fatal error with its stack in the message; read by the json format", run: genKibana7},
	}
}
