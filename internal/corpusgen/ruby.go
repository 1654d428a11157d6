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
	}
}
