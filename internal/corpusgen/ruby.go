package corpusgen

// Ruby's standard Logger, driven by ext/ruby_logger.rb: every severity, a
// multi-line message, an exception logged with its backtrace, a line no
// logger wrote, and at the end an exception nobody rescues. The "rails"
// mode writes as a Rails production logger does: no program name, a
// request id tag before each message.

// rubyCrash covers the exception that ends each script.
var rubyCrash = Record{Format: FormatRuby, Level: LevelCritical,
	Call: "uncaught ArgumentError: the interpreter's report and backtrace, exit 1"}

func rubyStreams() []*stream {
	rb := func(name, mode, desc string) *stream {
		return &stream{logger: "ruby", name: name, desc: desc, ext: &extRun{
			prog: "ruby", install: "apt-get install ruby",
			args: []string{"ruby_logger.rb", mode}, files: []string{"ruby_logger.rb"},
			version: []string{"ruby", "--version"}, exit: 1, tail: &rubyCrash,
		}}
	}
	return []*stream{
		rb("logger", "plain", `Logger.new($stderr, progname: "worker"), the default formatter`),
		rb("rails", "rails", "Logger.new($stderr) as Rails' production logger writes: no program name, a request id tag"),
		{logger: "ruby", name: "sidekiq", desc: "Sidekiq's logger with its Pretty formatter, a job's context, its exception handler's " +
			"three warnings (the backtrace one multi-line message)", ext: &extRun{
			prog: "ruby", install: "apt-get install ruby-sidekiq",
			args: []string{"ruby_logger.rb", "sidekiq"}, files: []string{"ruby_logger.rb"},
			version: []string{"ruby", "-e", `require "sidekiq"; puts "#{RUBY_DESCRIPTION.split[0, 2].join(" ")}; Sidekiq #{Sidekiq::VERSION}"`},
			needs:   []string{"ruby", "-e", `require "sidekiq"`},
			exit:    1, tail: &rubyCrash,
		}},
		{logger: "ruby", name: "sidekiq-5", modules: []string{modStd}, run: genSidekiqLegacy,
			desc: "HAND-WRITTEN lines: Sidekiq 2 to 5's log as users pasted it into sidekiq/sidekiq's public issues (#1142, #2248, #4573; " +
				"Debian packages Sidekiq 6 only): second and millisecond times, a job's class and JID, a thread dump's backtrace"},
	}
}

// genSidekiqLegacy: Sidekiq 2 to 5's log, "<time> <pid> TID-<tid>[ <Class>
// JID-<jid>] LEVEL: msg". Debian packages Sidekiq 6 only, and Sidekiq 5
// installs from no registry here: these are lines users pasted into
// Sidekiq's public issues (sidekiq/sidekiq #1142, #2248, #4573), the level
// of each the word its line prints. A thread dump's backtrace is one
// multi-line warning, its frames raw.
func genSidekiqLegacy(r *recorder) {
	const pasted = "Sidekiq 2-5's Pretty formatter, a line pasted into a public issue"
	for _, c := range []struct{ level, line string }{
		{LevelInfo, "2013-08-28T15:00:51Z 23572 TID-67yeo INFO: Booting Sidekiq 2.13.0 using redis://localhost:6379/0 with options {}"},
		{LevelInfo, "2013-08-28T15:00:52Z 23572 TID-67yeo INFO: Running in ruby 1.9.3p327 (2012-11-10 revision 37606) [x86_64-linux]"},
		{LevelInfo, "2013-08-28T15:00:52Z 23572 TID-67yeo INFO: See LICENSE and the LGPL-3.0 for licensing details."},
		{LevelInfo, "2013-08-28T15:00:52Z 23572 TID-67yeo INFO: Starting processing, hit Ctrl-C to stop"},
		{LevelInfo, "2015-03-22T05:56:35.958Z 62398 TID-ouyejqm2o ActiveJob::QueueAdapters::SidekiqAdapter::JobWrapper JID-faa09ca86938646facc1b895 INFO: done: 116.916 sec"},
		{LevelWarning, "2020-05-21T20:58:41.972Z 19615 TID-gpjbkve57 WARN: Thread TID-gpjbkve57 "},
		{LevelWarning, "2020-05-21T20:58:41.974Z 19615 TID-gpjbkve57 WARN: vendor/bundle/ruby/2.5.0/gems/sidekiq-5.2.8/lib/sidekiq/cli.rb:164:in `backtrace'\n" +
			"vendor/bundle/ruby/2.5.0/gems/sidekiq-5.2.8/lib/sidekiq/cli.rb:164:in `block (2 levels) in <class:CLI>'\n" +
			"vendor/bundle/ruby/2.5.0/gems/sidekiq-5.2.8/lib/sidekiq/cli.rb:161:in `each'\n" +
			"vendor/bundle/ruby/2.5.0/gems/sidekiq-5.2.8/lib/sidekiq/cli.rb:176:in `handle_signal'\n" +
			"vendor/bundle/ruby/2.5.0/gems/sidekiq-5.2.8/bin/sidekiq:12:in `<top (required)>'"},
		{LevelInfo, "2016-03-31T14:51:09.506Z 14008 TID-42xd8 INFO: Starting processing, hit Ctrl-C to stop"},
	} {
		handLine(r, FormatRuby, c.level, pasted, c.line)
	}
}
