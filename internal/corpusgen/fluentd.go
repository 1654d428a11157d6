package corpusgen

// Fluentd is a Ruby gem that no registry here installs (Debian bookworm has
// no fluentd package, and rubygems.org is out of reach). These lines are
// the ones users pasted into Fluentd's public issues (fluent/fluentd
// #2123, #2495, #2534, #3203 and #3610), their times and paths kept: the
// header log.rb writes, "%Y-%m-%d %H:%M:%S %z [level]: ", the worker's
// "#0 ", a plugin's "[@id] ", -v's caller, the key=value pairs of Ruby's
// inspect (a Time unquoted, with spaces), and a backtrace whose frames are
// lines of their own, indented two spaces with the same header. The level
// of each record is the one in its brackets.

// genFluentd: Fluentd's own log from a start to a failed flush.
func genFluentd(r *recorder) {
	const pasted = "Fluentd's log.rb, a line pasted into a public issue"
	for _, c := range []struct{ level, line string }{
		{LevelInfo, "2019-07-13 00:34:03 -0400 [info]: #0 following tail of /var/ossec/logs/alerts/alerts.json"},
		{LevelInfo, "2019-07-13 00:34:03 -0400 [info]: #0 fluentd worker is now running worker=0"},
		{LevelDebug, "2019-07-13 00:34:03 -0400 [debug]: #0 flush_thread actually running"},
		{LevelDebug, `2019-07-13 00:38:37 -0400 [debug]: #0 Created new chunk chunk_id="58d8899b123ab49d050c8a67f32bfa13" metadata=#<struct Fluent::Plugin::Buffer::Metadata timekey=nil, tag="ossec.process", variables=nil>`},
		{LevelDebug, `2019-07-13 00:38:42 -0400 [debug]: #0 taking back chunk for errors. chunk="58d8899b123ab49d050c8a67f32bfa13"`},
		{LevelInfo, "2018-09-09 11:04:34 +0900 [info]: #0 flush_thread_9 next_retry_time is 2018-09-09 11:06:39 +0900 and set interval to 125.85086727142334"},
		{LevelWarning, `2022-01-26 20:11:14 +0100 [warn]: #0 failed to flush the buffer. retry_times=1 next_retry_time=2022-01-26 20:11:27 +0100 chunk="5d680f189937638692f2f4afcc0a6071" error_class=Fluent::Plugin::ForwardOutput::NoNodesAvailable error="no nodes are available"` + "\n" +
			"  2022-01-26 20:11:14 +0100 [warn]: #0 /home/vagrant/.gem/ruby/gems/fluentd-1.14.3/lib/fluent/plugin/out_forward/load_balancer.rb:55:in `select_healthy_node'\n" +
			"  2022-01-26 20:11:14 +0100 [warn]: #0 /home/vagrant/.gem/ruby/gems/fluentd-1.14.3/lib/fluent/plugin_helper/service_discovery/manager.rb:108:in `select_service'\n" +
			"  2022-01-26 20:11:14 +0100 [warn]: #0 /home/vagrant/.gem/ruby/gems/fluentd-1.14.3/lib/fluent/plugin/out_forward.rb:365:in `write'\n" +
			"  2022-01-26 20:11:14 +0100 [warn]: #0 /home/vagrant/.gem/ruby/gems/fluentd-1.14.3/lib/fluent/plugin/output.rb:1179:in `try_flush'"},
		{LevelWarning, `2019-07-31 02:51:17 +0000 [warn]: [elasticsearch] failed to flush the buffer. retry_time=0 next_retry_seconds=2019-07-31 02:51:17 +0000 chunk="58ee3cd71335902ed3a8922a6addc100" error_class=MessagePack::UnknownExtTypeError error="unexpected extension type"` + "\n" +
			"  2019-07-31 02:51:17 +0000 [warn]: suppressed same stacktrace"},
		{LevelWarning, `2019-07-31 02:51:17 +0000 [warn]: [elasticsearch] retry succeeded. chunk_id="58eec38cd67bb400ab195586623c6b93"`},
		{LevelWarning, `2020-12-16 11:09:25 +0900 [warn]: #0 fluent/log.rb:350:warn: failed to flush the buffer. retry_time=0 next_retry_seconds=2020-12-16 11:09:26.036865 +0900 chunk="5b68b5c041b30b32b7112e81abe36a63" error_class=RuntimeError error="error"` + "\n" +
			"  2020-12-16 11:09:25 +0900 [warn]: #0 plugin/output.rb:1192:rescue in try_flush: /Users/cosmo/GitHub/fluentd/lib/fluent/plugin/out_sleep_and_fail.rb:9:in `write'\n" +
			"  2020-12-16 11:09:25 +0900 [warn]: #0 plugin/output.rb:1192:rescue in try_flush: /Users/cosmo/GitHub/fluentd/lib/fluent/plugin/output.rb:1136:in `try_flush'"},
		{LevelWarning, `2018-12-01 14:41:44 +0000 [warn]: temporarily failed to flush the buffer. next_retry=2018-12-01 14:41:52 +0000 error_class="Errno::ECONNREFUSED" error="Connection refused - connect(2) for \"10.0.0.12\" port 24224" plugin_id="object:3ff5ba380870"`},
	} {
		handLine(r, FormatFluentd, c.level, pasted, c.line)
	}
}

func fluentdStreams() []*stream {
	return []*stream{
		{logger: "fluentd", name: "fluentd", modules: []string{modStd},
			desc: "HAND-WRITTEN lines: Fluentd's own log as users pasted it into fluent/fluentd's public issues (#2123, #2495, #2534, #3203, #3610; Fluentd installs from no registry here): the worker's #0, a plugin's [@id], -v's caller, backtraces whose indented frames continue their record", run: genFluentd},
	}
}
