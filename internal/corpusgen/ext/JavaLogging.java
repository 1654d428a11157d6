// Drives java.util.logging, logback and log4j2 for internal/corpusgen. The
// JVM's stdout and stderr both count the lines written through them (a
// container's log has both); after every logging call a JSON report
// {"lines", "format", "level", "call"} goes to the file $CORPUSGEN_REPORT,
// the level being the level of the call made, never read back from the
// output. Each mode ends with an exception nobody catches: the JVM's
// default handler prints "Exception in thread "main" …", which the
// generator covers with its tail record.
//
// Modes: jul (SimpleFormatter's default two-line format), logback (the
// "%d{HH:mm:ss.SSS} [%thread] %-5level %logger{36} - %msg%n" pattern of
// logback's documentation and log4j2's DefaultConfiguration), log4j2 (that
// pattern through log4j2), spring3 and spring2 (Spring Boot's default
// console patterns through logback, colour off).
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.FileWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.sql.SQLException;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

public class JavaLogging {
    static long lines;
    static Writer report;

    /** An output stream that counts the newlines written through it. */
    static final class Counting extends OutputStream {
        private final OutputStream out;

        Counting(OutputStream out) {
            this.out = out;
        }

        @Override
        public synchronized void write(int b) throws IOException {
            if (b == '\n') {
                lines++;
            }
            out.write(b);
        }

        @Override
        public synchronized void write(byte[] b, int off, int len) throws IOException {
            for (int i = off; i < off + len; i++) {
                if (b[i] == '\n') {
                    lines++;
                }
            }
            out.write(b, off, len);
        }

        @Override
        public void flush() throws IOException {
            out.flush();
        }
    }

    /** One logging call at the given canonical level. */
    static void rec(String level, String call, Runnable fn) {
        System.out.flush();
        System.err.flush();
        long before = lines;
        fn.run();
        System.out.flush();
        System.err.flush();
        try {
            report.write(String.format("{\"lines\": %d, \"format\": \"java\", \"level\": \"%s\", \"call\": \"%s\"}%n",
                    lines - before, level, call.replace("\"", "\\\"")));
            report.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Runs fn on a thread of the given name, and waits for it. */
    static void onThread(String name, Runnable fn) {
        Thread t = new Thread(fn, name);
        t.start();
        try {
            t.join();
        } catch (InterruptedException e) {
            throw new RuntimeException(e);
        }
    }

    /** The logger calls every mode makes, through one framework's logger. */
    static final class Log {
        final Consumer<String> trace, debug, info, warn, error, fatal;
        final BiConsumer<String, Throwable> errorWith;

        Log(Consumer<String> trace, Consumer<String> debug, Consumer<String> info, Consumer<String> warn,
                Consumer<String> error, BiConsumer<String, Throwable> errorWith, Consumer<String> fatal) {
            this.trace = trace;
            this.debug = debug;
            this.info = info;
            this.warn = warn;
            this.error = error;
            this.errorWith = errorWith;
            this.fatal = fatal;
        }
    }

    static RuntimeException failure() {
        try {
            try {
                throw new SQLException("Connection refused: db:5432", "08001");
            } catch (SQLException e) {
                throw new IllegalStateException("could not open a connection to the pool", e);
            }
        } catch (IllegalStateException e) {
            return new RuntimeException("request /api/items failed", e);
        }
    }

    static void run(String name, Log log) {
        rec("debug", name + " trace", () -> log.trace.accept("resolved 12 beans in 35 ms"));
        rec("debug", name + " debug", () -> log.debug.accept("cache warm-up: 420 entries"));
        rec("info", name + " info", () -> log.info.accept("Started server on port 8080"));
        rec("info", name + " info, a level word inside", () -> log.info.accept("retry after ERROR 503 from the upstream"));
        rec("warning", name + " warn", () -> log.warn.accept("slow request: GET /api/items took 2350 ms"));
        rec("error", name + " error", () -> log.error.accept("job 42 failed: exit status 2"));
        rec("info", name + " multi-line message", () -> log.info.accept("configuration:\n  pool.size = 10\n  pool.timeout = 30s"));
        rec("error", name + " error with a stack trace, causes and \"... N more\"", () -> log.errorWith.accept("unhandled exception", failure()));
        String fatal = name.startsWith("log4j2") ? "critical" : "error";
        rec(fatal, name + (fatal.equals("critical") ? " fatal" : " error (no fatal level)"), () -> log.fatal.accept("shutting down: datastore unreachable"));
    }

    public static void main(String[] args) throws Exception {
        System.setOut(new PrintStream(new Counting(new FileOutputStream(FileDescriptor.out)), true, "UTF-8"));
        System.setErr(new PrintStream(new Counting(new FileOutputStream(FileDescriptor.err)), true, "UTF-8"));
        report = new FileWriter(System.getenv("CORPUSGEN_REPORT"));
        String mode = args[0];
        switch (mode) {
            case "jul":
                JulMode.run();
                break;
            case "logback":
            case "logback-dated":
            case "spring3":
            case "spring2":
                LogbackMode.run(mode);
                break;
            case "log4j2":
                Log4j2Mode.run();
                break;
            case "kafka":
            case "strimzi":
            case "jboss":
                Log4j2PatternMode.run(mode);
                break;
            default:
                throw new IllegalArgumentException("unknown mode " + mode);
        }
        report.close();
        throw new IllegalStateException("Failed to start application", failure());
    }

    /** java.util.logging with its default ConsoleHandler and SimpleFormatter. */
    static final class JulMode {
        static void run() {
            java.util.logging.Logger root = java.util.logging.Logger.getLogger("");
            root.setLevel(java.util.logging.Level.ALL);
            for (java.util.logging.Handler h : root.getHandlers()) {
                h.setLevel(java.util.logging.Level.ALL);
            }
            java.util.logging.Logger l = java.util.logging.Logger.getLogger("com.example.App");
            // logp names the source class and method, as a call from
            // com.example.App.handle would have them inferred.
            String cls = "com.example.App", meth = "handle";
            java.util.function.BiConsumer<java.util.logging.Level, String> at = (lv, m) -> l.logp(lv, cls, meth, m);
            JavaLogging.run("jul", new Log(m -> at.accept(java.util.logging.Level.FINEST, m), m -> at.accept(java.util.logging.Level.FINE, m),
                    m -> at.accept(java.util.logging.Level.INFO, m), m -> at.accept(java.util.logging.Level.WARNING, m),
                    m -> at.accept(java.util.logging.Level.SEVERE, m), (m, t) -> l.logp(java.util.logging.Level.SEVERE, cls, meth, m, t),
                    m -> at.accept(java.util.logging.Level.SEVERE, m)));
            rec("debug", "jul config", () -> l.logp(java.util.logging.Level.CONFIG, cls, "init", "using /etc/app/app.properties"));
            rec("debug", "jul finer", () -> l.logp(java.util.logging.Level.FINER, cls, meth, "entering handler"));
            // A logger without a source: SimpleFormatter prints its name.
            java.util.logging.Logger anon = java.util.logging.Logger.getAnonymousLogger();
            rec("warning", "jul warning without a source class", () -> {
                java.util.logging.LogRecord r = new java.util.logging.LogRecord(java.util.logging.Level.WARNING, "disk usage at 91%");
                r.setLoggerName("com.example.Disk");
                r.setSourceClassName(null);
                anon.log(r);
            });
        }
    }

    /** logback, configured as a logback.xml with one ConsoleAppender would. */
    static final class LogbackMode {
        static final String DOCS = "%d{HH:mm:ss.SSS} [%thread] %-5level %logger{36} - %msg%n";
        // The same with logback's default %d, the date and time: the
        // pattern most logback.xml files copy.
        static final String DATED = "%d [%thread] %-5level %logger{36} - %msg%n";
        // Spring Boot's defaults.xml CONSOLE_LOG_PATTERN without %clr (no
        // terminal), 3.x and 2.x; %wEx is Spring's %ex.
        static final String SPRING3 = "%d{yyyy-MM-dd'T'HH:mm:ss.SSSXXX} %5p ${PID} --- [%15.15t] %-40.40logger{39} : %m%n%ex";
        static final String SPRING2 = "%d{yyyy-MM-dd HH:mm:ss.SSS} %5p ${PID} --- [%15.15t] %-40.40logger{39} : %m%n%ex";

        static void run(String mode) {
            ch.qos.logback.classic.LoggerContext ctx = (ch.qos.logback.classic.LoggerContext) org.slf4j.LoggerFactory.getILoggerFactory();
            ctx.reset();
            ch.qos.logback.classic.encoder.PatternLayoutEncoder enc = new ch.qos.logback.classic.encoder.PatternLayoutEncoder();
            enc.setContext(ctx);
            // Spring Boot sets ${PID} as a system property before logback
            // reads its configuration; set here, the pattern holds it.
            String pid = Long.toString(ProcessHandle.current().pid());
            enc.setPattern((mode.equals("logback") ? DOCS : mode.equals("logback-dated") ? DATED : mode.equals("spring3") ? SPRING3 : SPRING2).replace("${PID}", pid));
            enc.start();
            ch.qos.logback.core.ConsoleAppender<ch.qos.logback.classic.spi.ILoggingEvent> app = new ch.qos.logback.core.ConsoleAppender<>();
            app.setContext(ctx);
            app.setEncoder(enc);
            app.setTarget("System.err");
            app.start();
            ch.qos.logback.classic.Logger root = ctx.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
            root.addAppender(app);
            root.setLevel(ch.qos.logback.classic.Level.TRACE);
            String name = mode.startsWith("logback") ? "com.example.App" : "com.example.demo.DemoApplication";
            org.slf4j.Logger l = org.slf4j.LoggerFactory.getLogger(name);
            // slf4j has no fatal level: error.
            JavaLogging.run(mode, new Log(l::trace, l::debug, l::info, l::warn, l::error, l::error, l::error));
            org.slf4j.Logger pool = org.slf4j.LoggerFactory.getLogger("org.springframework.boot.web.embedded.tomcat.TomcatWebServer");
            rec("info", mode + " info, a logger name abbreviated", () -> pool.info("Tomcat started on port 8080 (http) with context path ''"));
            onThread("http-nio-8080-exec-1", () -> rec("warning", mode + " warn from another thread", () -> l.warn("pool exhausted, waiting")));
        }
    }

    /**
     * log4j2 with one console appender on stdout and a PatternLayout, as a
     * log4j2.yaml gives it: kafka, Kafka's "[%d] %p %m (%c)%n"; strimzi, the
     * "%d %p %m (%c) [%t]%n" of Strimzi's Kafka and ZooKeeper images (their
     * log4j 1 %d{ISO8601} writes the date and time as log4j2's %d does);
     * jboss, JBoss Log Manager's console format (WildFly, Quarkus, Keycloak).
     */
    static final class Log4j2PatternMode {
        static void run(String mode) {
            String pattern = switch (mode) {
                case "kafka" -> "[%d] %p %m (%c)%n";
                // JBoss Log Manager's console format, WildFly's and
                // Quarkus's default (Keycloak's too): "%d{yyyy-MM-dd
                // HH:mm:ss,SSS} %-5p [%c] (%t) %s%e%n".
                case "jboss" -> "%d{yyyy-MM-dd HH:mm:ss,SSS} %-5p [%c] (%t) %m%n";
                default -> "%d %p %m (%c) [%t]%n";
            };
            org.apache.logging.log4j.core.config.builder.api.ConfigurationBuilder<org.apache.logging.log4j.core.config.builder.impl.BuiltConfiguration> b =
                    org.apache.logging.log4j.core.config.builder.api.ConfigurationBuilderFactory.newConfigurationBuilder();
            b.add(b.newAppender("stdout", "Console")
                    .addAttribute("target", org.apache.logging.log4j.core.appender.ConsoleAppender.Target.SYSTEM_OUT)
                    .add(b.newLayout("PatternLayout").addAttribute("pattern", pattern)));
            b.add(b.newRootLogger(org.apache.logging.log4j.Level.ALL).add(b.newAppenderRef("stdout")));
            org.apache.logging.log4j.core.config.Configurator.initialize(b.build());
            boolean jboss = mode.equals("jboss");
            org.apache.logging.log4j.Logger l = org.apache.logging.log4j.LogManager.getLogger(jboss ? "org.keycloak.services" : "kafka.server.KafkaServer");
            JavaLogging.run("log4j2 " + mode, new Log(l::trace, l::debug, l::info, l::warn, l::error, l::error, l::fatal));
            org.apache.logging.log4j.Logger c = org.apache.logging.log4j.LogManager.getLogger(jboss ? "org.infinispan.CONTAINER" : "kafka.controller.KafkaController");
            rec("info", mode + " info, a message opening with a bracket", () -> c.info("[Controller id=1] Processing automatic preferred replica leader election"));
            onThread("controller-event-thread", () -> rec("warning", mode + " warn from another thread", () -> c.warn("[Controller id=1] Broker 2 not available")));
        }
    }

    /** log4j2 with its default pattern, every level enabled. */
    static final class Log4j2Mode {
        static void run() {
            org.apache.logging.log4j.core.config.Configurator.setRootLevel(org.apache.logging.log4j.Level.ALL);
            org.apache.logging.log4j.Logger l = org.apache.logging.log4j.LogManager.getLogger("com.example.App");
            JavaLogging.run("log4j2", new Log(l::trace, l::debug, l::info, l::warn, l::error, l::error, l::fatal));
        }
    }
}
