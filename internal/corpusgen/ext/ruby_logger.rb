# Drives Ruby's standard Logger for internal/corpusgen: the log goes to
# stderr as Logger writes it, and for every call a JSON report
# {"lines", "format", "level", "call"} goes to the file $CORPUSGEN_REPORT,
# the level being the level of the call made. The script ends with an
# exception nobody rescues, whose report the interpreter writes.
require "json"
require "logger"

# $stderr, counting the newlines written through it.
class Counting
  attr_reader :lines

  def initialize(io)
    @io = io
    @lines = 0
  end

  def write(*parts)
    parts.each { |s| @lines += s.to_s.count("\n") }
    @io.write(*parts)
  end

  def puts(*lines)
    write(*lines.map { |s| s.to_s.end_with?("\n") ? s.to_s : "#{s}\n" })
    nil
  end

  def close; end
end

ERR = Counting.new($stderr)
$stderr = ERR
REPORT = File.open(ENV.fetch("CORPUSGEN_REPORT"), "w")

def rec(level, call, format = "ruby")
  before = ERR.lines
  yield
  REPORT.puts({ lines: ERR.lines - before, format: format, level: level, call: call }.to_json)
  REPORT.flush
end

def fetch_user(id)
  raise ArgumentError, "no user #{id}" if id.negative?
end

if ARGV[0] == "sidekiq"
  # Sidekiq's own logger and Pretty formatter (Sidekiq.log_formatter
  # outside Heroku), its job context, and its exception handler's three
  # warnings: the job, the exception, the backtrace as one message.
  require "sidekiq"
  require "sidekiq/exception_handler"
  include Sidekiq::ExceptionHandler
  log = Sidekiq::Logger.new(ERR)
  log.formatter = Sidekiq::Logger::Formatters::Pretty.new
  log.level = Logger::DEBUG
  Sidekiq.logger = log
  rec("", "$stderr.puts: no logger", "") { $stderr.puts "Puma starting in single mode..." }
  rec("info", "Sidekiq.logger info") { log.info("Booting Sidekiq #{Sidekiq::VERSION} with Sidekiq::RedisConnection options {:url=>\"redis://redis:6379/0\"}") }
  rec("debug", "Sidekiq.logger debug") { log.debug("Firing startup event") }
  Sidekiq::Context.with(class: "HardJob", jid: "b4a577edbccf1d805744efa9") do
    rec("info", "Sidekiq.logger info in a job's context") { log.info("start") }
    rec("info", "Sidekiq.logger info, a level word inside") { log.info("retry after ERROR 503 from the upstream") }
    begin
      fetch_user(-1)
    rescue ArgumentError => e
      # One call, three records: the handler warns the context, the
      # exception, then the backtrace joined with newlines.
      before = ERR.lines
      handle_exception(e, { context: "Job raised exception", job: { "class" => "HardJob" } })
      lines = ERR.lines - before
      REPORT.puts({ lines: 1, format: "ruby", level: "warning", call: "ExceptionHandler: the job's context" }.to_json)
      REPORT.puts({ lines: 1, format: "ruby", level: "warning", call: "ExceptionHandler: the exception" }.to_json)
      REPORT.puts({ lines: lines - 2, format: "ruby", level: "warning", call: "ExceptionHandler: the backtrace, one message" }.to_json)
      REPORT.flush
    end
    rec("error", "Sidekiq.logger error in a job's context") { log.error("fail: 2.35 sec") }
  end
  rec("warning", "Sidekiq.logger warn") { log.warn("Your Redis network connection is performing extremely poorly.") }
  rec("critical", "Sidekiq.logger fatal") { log.fatal("cannot connect to Redis: Connection refused") }
  rec("info", "Sidekiq.logger unknown (ANY, printed always)") { log.unknown("maintenance window starts") }
  rec("info", "Sidekiq.logger multi-line message") { log.info("configuration:\n  concurrency: 5\n  queues: default") }
  rec("info", "Sidekiq.logger info before the crash") { log.info("Shutting down") }
  fetch_user(-2)
end

log = Logger.new(ERR, progname: ARGV[0] == "rails" ? nil : "worker")
log.level = Logger::DEBUG
name = ARGV[0] == "rails" ? "Logger (Rails' default, no progname)" : "Logger"
tag = ARGV[0] == "rails" ? "[6f0c2a1e-1d2b-4c3d-9e8f-0a1b2c3d4e5f] " : ""
rec("", "$stderr.puts: no logger", "") { $stderr.puts "Puma starting in single mode..." }
rec("debug", "#{name} debug") { log.debug("#{tag}cache warm-up: 420 entries") }
rec("info", "#{name} info") { log.info("#{tag}Started GET \"/items\" for 10.0.0.7 at 2026-11-30 04:41:36 +0000") }
rec("info", "#{name} info, a level word inside") { log.info("#{tag}retry after ERROR 503 from the upstream") }
rec("warning", "#{name} warn") { log.warn("#{tag}slow query: 2.35 s") }
rec("error", "#{name} error") { log.error("#{tag}job 42 failed: exit status 2") }
rec("critical", "#{name} fatal") { log.fatal("#{tag}cannot connect to the database") }
rec("info", "#{name} unknown (ANY, printed always)") { log.unknown("#{tag}maintenance window starts") }
rec("info", "#{name} multi-line message") { log.info("#{tag}configuration:\n  pool: 5\n  timeout: 30") }
rec("error", "#{name} error(exception): message, class and backtrace") do
  begin
    fetch_user(-1)
  rescue ArgumentError => e
    log.error(e)
  end
end
rec("info", "#{name} info before the crash") { log.info("#{tag}shutting down") }
fetch_user(-2)
