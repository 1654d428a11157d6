// Drives Rust's two common loggers for internal/corpusgen: env_logger
// (through the log facade) and tracing-subscriber's fmt subscriber. The log
// goes to stderr as each writes it, through a writer that counts its
// newlines, and for every call a JSON report {"lines", "format", "level",
// "call"} goes to the file $CORPUSGEN_REPORT, the level being the level of
// the call made. Both modes end with a panic nobody catches, whose lines
// std's panic hook writes (the run's tail record).
//
// Usage: rust_logging env_logger | tracing | tracing-ansi | tracing-uptime
use std::fs::File;
use std::io::{self, Write};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

static LINES: AtomicUsize = AtomicUsize::new(0);
static REPORT: Mutex<Option<File>> = Mutex::new(None);

/// Stderr, counting the newlines written through it.
struct Counting;

impl Write for Counting {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let n = io::stderr().write(buf)?;
        LINES.fetch_add(buf[..n].iter().filter(|&&b| b == b'\n').count(), Ordering::SeqCst);
        Ok(n)
    }
    fn flush(&mut self) -> io::Result<()> {
        io::stderr().flush()
    }
}

/// rec runs f, one logging call, and reports the lines it wrote.
fn rec(level: &str, call: &str, f: impl FnOnce()) {
    let before = LINES.load(Ordering::SeqCst);
    f();
    let lines = LINES.load(Ordering::SeqCst) - before;
    let call = call.replace('\\', "\\\\").replace('"', "\\\"");
    let mut r = REPORT.lock().unwrap();
    let w = r.as_mut().unwrap();
    writeln!(w, r#"{{"lines": {}, "format": "rust", "level": "{}", "call": "{}"}}"#, lines, level, call).unwrap();
    w.flush().unwrap();
}

/// Level names of the corpus: TRACE is below debug, so debug.
fn canonical(l: log::Level) -> &'static str {
    match l {
        log::Level::Error => "error",
        log::Level::Warn => "warning",
        log::Level::Info => "info",
        log::Level::Debug | log::Level::Trace => "debug",
    }
}

mod db {
    // A module of its own: env_logger prints the record's target, the
    // module path "rust_logging::db".
    pub fn connect(lg: &env_logger::Logger) {
        super::rec("warning", "log::warn! from a submodule, default format", || {
            log::Log::log(
                lg,
                &log::Record::builder()
                    .args(format_args!("connection pool exhausted, waiting 250ms"))
                    .level(log::Level::Warn)
                    .target(module_path!())
                    .module_path(Some(module_path!()))
                    .build(),
            )
        });
    }
}

/// env_logger: several builders' loggers, each called directly (only one
/// can be the log facade's global logger).
fn env_logger_mode() {
    let build = |f: &dyn Fn(&mut env_logger::Builder)| {
        let mut b = env_logger::Builder::new();
        b.filter_level(log::LevelFilter::Trace).target(env_logger::Target::Pipe(Box::new(Counting)));
        f(&mut b);
        b.build()
    };
    let default = build(&|_| {});
    let call = |lg: &env_logger::Logger, level: log::Level, msg: &str, what: &str| {
        rec(canonical(level), what, || {
            log::Log::log(
                lg,
                &log::Record::builder()
                    .args(format_args!("{}", msg))
                    .level(level)
                    .target(module_path!())
                    .module_path(Some(module_path!()))
                    .build(),
            )
        })
    };
    for (level, msg) in [
        (log::Level::Error, "failed to open /etc/app/config.toml: No such file or directory (os error 2)"),
        (log::Level::Warn, "config not found, using defaults"),
        (log::Level::Info, "listening on 0.0.0.0:8080"),
        (log::Level::Debug, "worker pool size 4"),
        (log::Level::Trace, "poll: 0 events"),
    ] {
        call(&default, level, msg, &format!("log::{}! default format (env_logger::init)", level.as_str().to_lowercase()));
    }
    call(&default, log::Level::Info, "request served:\n  GET /items 200\n  12ms", "log::info! with a multi-line message");
    call(&default, log::Level::Info, "retry after ERROR 503 from the upstream", "log::info! whose message holds a level word");
    db::connect(&default);
    let millis = build(&|b| {
        b.format_timestamp_millis();
    });
    call(&millis, log::Level::Warn, "slow request: GET /items took 2350 ms", "log::warn! with format_timestamp_millis");
    call(&millis, log::Level::Debug, "cache warm-up: 420 entries", "log::debug! with format_timestamp_millis");
    let no_time = build(&|b| {
        b.format_timestamp(None);
    });
    call(&no_time, log::Level::Info, "started", "log::info! with format_timestamp(None)");
    call(&no_time, log::Level::Error, "lost connection to 10.0.0.7:5432", "log::error! with format_timestamp(None)");
    let module = build(&|b| {
        b.format_module_path(true).format_timestamp_micros();
    });
    call(&module, log::Level::Info, "shutting down", "log::info! with format_module_path(true) and micros");
}

/// tracing-subscriber's fmt subscriber, its default format.
fn tracing_mode(ansi: bool) {
    tracing_subscriber::fmt()
        .with_max_level(tracing::Level::TRACE)
        .with_ansi(ansi)
        .with_writer(|| Counting)
        .init();
    rec("error", "tracing::error!", || tracing::error!("failed to open /etc/app/config.toml: No such file or directory (os error 2)"));
    rec("warning", "tracing::warn! with fields", || tracing::warn!(path = "/etc/app/config.toml", "config not found, using defaults"));
    rec("info", "tracing::info! with a field", || tracing::info!(addr = "0.0.0.0:8080", "listening"));
    rec("debug", "tracing::debug!", || tracing::debug!("worker pool size 4"));
    rec("debug", "tracing::trace!", || tracing::trace!(events = 0, "poll"));
    let span = tracing::info_span!("request", id = 7, method = "GET");
    {
        let _in = span.enter();
        rec("info", "tracing::info! inside a span", || tracing::info!(status = 200, "served /items"));
        let inner = tracing::debug_span!("db", table = "items");
        let _in2 = inner.enter();
        rec("warning", "tracing::warn! inside two spans", || tracing::warn!(ms = 2350, "slow query"));
    }
    rec("info", "tracing::info! with a multi-line message", || tracing::info!("request served:\n  GET /items 200\n  12ms"));
    rec("info", "tracing::info! whose message holds a level word", || tracing::info!("retry after ERROR 503 from the upstream"));
    rec("error", "tracing::error! with an error field", || {
        let err = io::Error::new(io::ErrorKind::ConnectionRefused, "connection refused");
        tracing::error!(error = %err, "lost connection to 10.0.0.7:5432")
    });
}

mod proxy {
    // A module of its own: the event's target is "rust_logging::proxy".
    pub fn fail() {
        tracing::warn!("Service failed error=timeout")
    }
}

/// The uptime timer linkerd2-proxy gives tracing-subscriber, written after
/// its documented output: "[{:>6}.{:06}s]", seconds and microseconds since
/// the process started.
struct Uptime(std::time::Instant);

impl tracing_subscriber::fmt::time::FormatTime for Uptime {
    fn format_time(&self, w: &mut tracing_subscriber::fmt::format::Writer<'_>) -> std::fmt::Result {
        let d = self.0.elapsed();
        write!(w, "[{:>6}.{:06}s]", d.as_secs(), d.subsec_micros())
    }
}

/// tracing-subscriber's fmt subscriber as linkerd2-proxy configures it:
/// the uptime timer, thread ids, spans without fields.
fn tracing_uptime_mode() {
    tracing_subscriber::fmt()
        .with_max_level(tracing::Level::TRACE)
        .with_ansi(false)
        .with_timer(Uptime(std::time::Instant::now()))
        .with_thread_ids(true)
        .with_writer(|| Counting)
        .init();
    rec("info", "tracing::info! with the uptime timer and thread ids", || tracing::info!("Admin interface on 0.0.0.0:4191"));
    rec("info", "tracing::info! with a field, uptime timer", || tracing::info!(addr = "0.0.0.0:4143", "Inbound interface"));
    rec("debug", "tracing::debug!", || tracing::debug!("worker pool size 4"));
    rec("debug", "tracing::trace!", || tracing::trace!(events = 0, "poll"));
    rec("error", "tracing::error!", || tracing::error!("failed to open /etc/app/config.toml: No such file or directory (os error 2)"));
    {
        let outbound = tracing::info_span!("outbound");
        let _o = outbound.enter();
        rec("warning", "tracing::warn! inside one span without fields, from a module", || proxy::fail());
    }
    let daemon = tracing::info_span!("daemon");
    let _d = daemon.enter();
    let identity = tracing::info_span!("identity");
    let _i = identity.enter();
    rec("warning", "tracing::warn! inside two spans without fields", || {
        tracing::warn!(error = "no record found for name: identity.example.svc.cluster.local. type: SRV class: IN", "Failed to resolve control-plane component")
    });
    rec("info", "tracing::info! inside two spans without fields", || tracing::info!("Certified identity"));
}

fn main() {
    let path = std::env::var("CORPUSGEN_REPORT").expect("CORPUSGEN_REPORT");
    *REPORT.lock().unwrap() = Some(File::create(path).unwrap());
    match std::env::args().nth(1).as_deref() {
        Some("env_logger") => env_logger_mode(),
        Some("tracing") => tracing_mode(false),
        Some("tracing-ansi") => tracing_mode(true),
        Some("tracing-uptime") => tracing_uptime_mode(),
        m => panic!("unknown mode {:?}", m),
    }
    // Nobody catches it: std's panic hook writes its lines, the tail record.
    let items: Vec<u32> = Vec::new();
    let _ = items[3];
}
