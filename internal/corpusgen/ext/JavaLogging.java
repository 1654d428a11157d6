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
// console patterns through logback, colour off), kafka, strimzi, jboss,
// zookeeper, elasticsearch, logstash, spark, flink, strimzi-operator,
// wildfly and pulsar (those programs' console layouts through log4j2), jenkins
// (java.util.logging with Jenkins's layout).
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
            case "cassandra":
            case "sonarqube":
                LogbackMode.run(mode);
                break;
            case "log4j2":
                Log4j2Mode.run();
                break;
            case "kafka":
            case "strimzi":
            case "jboss":
            case "zookeeper":
            case "elasticsearch":
            case "logstash":
            case "spark":
            case "flink":
            case "strimzi-operator":
            case "wildfly":
            case "pulsar":
                Log4j2PatternMode.run(mode);
                break;
            case "jenkins":
                JenkinsMode.run();
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
        // Cassandra's conf/logback.xml, its STDOUT and system.log appenders.
        static final String CASSANDRA = "%-5level [%thread] %date{ISO8601} %F:%L - %msg%n";
        // SonarQube's process log pattern (sonar-process LogbackHelper),
        // its app process: the context between the first brackets is empty.
        static final String SONARQUBE = "%d{yyyy.MM.dd HH:mm:ss} %-5level app[][%logger{20}] %msg%n";

        static void run(String mode) {
            ch.qos.logback.classic.LoggerContext ctx = (ch.qos.logback.classic.LoggerContext) org.slf4j.LoggerFactory.getILoggerFactory();
            ctx.reset();
            ch.qos.logback.classic.encoder.PatternLayoutEncoder enc = new ch.qos.logback.classic.encoder.PatternLayoutEncoder();
            enc.setContext(ctx);
            // Spring Boot sets ${PID} as a system property before logback
            // reads its configuration; set here, the pattern holds it.
            String pid = Long.toString(ProcessHandle.current().pid());
            enc.setPattern((switch (mode) {
                case "logback" -> DOCS;
                case "logback-dated" -> DATED;
                case "spring3" -> SPRING3;
                case "cassandra" -> CASSANDRA;
                case "sonarqube" -> SONARQUBE;
                default -> SPRING2;
            }).replace("${PID}", pid));
            enc.start();
            ch.qos.logback.core.ConsoleAppender<ch.qos.logback.classic.spi.ILoggingEvent> app = new ch.qos.logback.core.ConsoleAppender<>();
            app.setContext(ctx);
            app.setEncoder(enc);
            app.setTarget("System.err");
            app.start();
            ch.qos.logback.classic.Logger root = ctx.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
            root.addAppender(app);
            root.setLevel(ch.qos.logback.classic.Level.TRACE);
            String name = switch (mode) {
                case "logback", "logback-dated" -> "com.example.App";
                case "cassandra" -> "org.apache.cassandra.service.CassandraDaemon";
                case "sonarqube" -> "org.sonar.application.SchedulerImpl";
                default -> "com.example.demo.DemoApplication";
            };
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
                // ZooKeeper's conf/log4j.properties (3.4 to 3.7) and
                // logback.xml (3.8 on): "%d{ISO8601} [myid:%X{myid}] - %-5p
                // [%t:%C{1}@%L] - %m%n"; log4j 1's and logback's ISO8601
                // is log4j2's default %d, with a space for the T.
                case "zookeeper" -> "%d [myid:%X{myid}] - %-5p [%t:%C{1}@%L] - %m%n";
                // Elasticsearch's (and OpenSearch's) config/log4j2.properties
                // console appender, "[%d{ISO8601}][%-5p][%-25c{1.}]
                // [%node_name]%marker %m%n": %node_name is Elasticsearch's
                // own converter, written here as the name it prints.
                case "elasticsearch" -> "[%d{ISO8601}][%-5p][%-25c{1.}] [es-data-0]%marker %m%n";
                // Logstash's config/log4j2.properties console appender.
                case "logstash" -> "[%d{ISO8601}][%-5p][%-25c]%notEmpty{[%X{pipeline.id}]}%notEmpty{[%X{plugin.id}]} %m%n";
                // Apache Spark's conf/log4j2.properties.template, its
                // console appender (on stderr), 3.3 on.
                case "spark" -> "%d{yy/MM/dd HH:mm:ss} %p %c{1}: %m%n%ex";
                // Apache Flink's conf/log4j-console.properties, the layout
                // of its images' and operator's console.
                case "flink" -> "%d{yyyy-MM-dd HH:mm:ss,SSS} %-5p %-60c %x - %m%n";
                // Strimzi's cluster, topic and user operators
                // (their log4j2.properties), and the log4j 1
                // ConsoleAppender pattern most tutorials copy.
                case "strimzi-operator" -> "%d{yyyy-MM-dd HH:mm:ss} %-5p %c{1}:%L - %m%n";
                // WildFly's default console formatter (standalone.xml's
                // COLOR-PATTERN without its colour), Keycloak 16 and
                // before: JBoss Log Manager's layout with a time of day.
                case "wildfly" -> "%d{HH:mm:ss,SSS} %-5p [%c] (%t) %m%n";
                // Apache Pulsar's conf/log4j2.yaml console appender,
                // 2.10 on (its brokers, bookies and proxies): the time with
                // its offset and a comma, as ISO8601_OFFSET_DATE_TIME_HHMM has it.
                case "pulsar" -> "%d{ISO8601_OFFSET_DATE_TIME_HHMM} [%t] %-5level %logger{36} - %msg%n";
                default -> "%d %p %m (%c) [%t]%n";
            };
            org.apache.logging.log4j.core.config.builder.api.ConfigurationBuilder<org.apache.logging.log4j.core.config.builder.impl.BuiltConfiguration> b =
                    org.apache.logging.log4j.core.config.builder.api.ConfigurationBuilderFactory.newConfigurationBuilder();
            b.add(b.newAppender("stdout", "Console")
                    .addAttribute("target", org.apache.logging.log4j.core.appender.ConsoleAppender.Target.SYSTEM_OUT)
                    .add(b.newLayout("PatternLayout").addAttribute("pattern", pattern)));
            b.add(b.newRootLogger(org.apache.logging.log4j.Level.ALL).add(b.newAppenderRef("stdout")));
            org.apache.logging.log4j.core.config.Configurator.initialize(b.build());
            // Each program's own loggers: the main one, then a second that
            // logs from another thread too.
            String[] names = switch (mode) {
                case "jboss" -> new String[] {"org.keycloak.services", "org.infinispan.CONTAINER"};
                case "zookeeper" -> new String[] {"org.apache.zookeeper.server.quorum.QuorumPeer", "org.apache.zookeeper.server.NIOServerCnxnFactory"};
                case "elasticsearch" -> new String[] {"org.elasticsearch.node.Node", "org.elasticsearch.cluster.coordination.Coordinator"};
                case "logstash" -> new String[] {"logstash.runner", "logstash.outputs.elasticsearch"};
                case "spark" -> new String[] {"org.apache.spark.SparkContext", "org.apache.spark.scheduler.TaskSetManager"};
                case "flink" -> new String[] {"org.apache.flink.runtime.entrypoint.ClusterEntrypoint", "org.apache.flink.runtime.checkpoint.CheckpointCoordinator"};
                case "strimzi-operator" -> new String[] {"io.strimzi.operator.common.AbstractOperator", "io.strimzi.operator.cluster.operator.assembly.KafkaAssemblyOperator"};
                case "wildfly" -> new String[] {"org.jboss.as.server", "org.keycloak.services"};
                case "pulsar" -> new String[] {"org.apache.pulsar.broker.PulsarService", "org.apache.bookkeeper.proto.BookieServer"};
                default -> new String[] {"kafka.server.KafkaServer", "kafka.controller.KafkaController"};
            };
            // ZooKeeper puts its server id in the MDC of its quorum
            // threads (other threads print "[myid:]"); Logstash its
            // pipeline's id in the MDC of the pipeline's workers.
            if (mode.equals("zookeeper")) {
                org.apache.logging.log4j.ThreadContext.put("myid", "1");
            }
            org.apache.logging.log4j.Logger l = org.apache.logging.log4j.LogManager.getLogger(names[0]);
            JavaLogging.run("log4j2 " + mode, new Log(l::trace, l::debug, l::info, l::warn, l::error, l::error, l::fatal));
            if (mode.equals("elasticsearch")) {
                // Elasticsearch's DeprecationLogger logs at a level of its
                // own just below WARN.
                org.apache.logging.log4j.Level deprecation = org.apache.logging.log4j.Level.forName("DEPRECATION", org.apache.logging.log4j.Level.WARN.intLevel() + 1);
                org.apache.logging.log4j.Logger d = org.apache.logging.log4j.LogManager.getLogger("org.elasticsearch.deprecation.common.settings.Settings");
                rec("warning", mode + " deprecation", () -> d.log(deprecation, "[node.max_local_storage_nodes] setting was deprecated in Elasticsearch and will be removed in a future release."));
            }
            if (mode.equals("logstash")) {
                org.apache.logging.log4j.ThreadContext.put("pipeline.id", "main");
            }
            org.apache.logging.log4j.Logger c = org.apache.logging.log4j.LogManager.getLogger(names[1]);
            rec("info", mode + " info, a message opening with a bracket", () -> c.info("[Controller id=1] Processing automatic preferred replica leader election"));
            onThread("controller-event-thread", () -> rec("warning", mode + " warn from another thread", () -> c.warn("[Controller id=1] Broker 2 not available")));
        }
    }

    /**
     * java.util.logging as Jenkins sets it up: a ConsoleHandler on stderr
     * whose formatter writes the layout of Jenkins's SupportLogFormatter
     * (io.jenkins.lib:support-log-formatter, which Debian does not package):
     * "yyyy-MM-dd HH:mm:ss.SSSZ [id=THREAD]\tLEVEL\tsource: message", the
     * source being the class's name, its packages cut to their initials
     * past 32 characters, '#' and the method, and a thrown exception after
     * it with its root cause first and each wrapper as "Caused: …".
     * Written here from that description, not copied.
     */
    static final class JenkinsMode {
        static final class Format extends java.util.logging.Formatter {
            final java.text.SimpleDateFormat time = new java.text.SimpleDateFormat("yyyy-MM-dd HH:mm:ss.SSSZ");

            Format() {
                time.setTimeZone(java.util.TimeZone.getTimeZone("UTC"));
            }

            /** Cuts the packages of name to their initials, left first, until it fits in max. */
            static String shorten(String name, int max) {
                String[] parts = name.split("\\.");
                int length = name.length();
                for (int i = 0; i < parts.length - 1 && length >= max; i++) {
                    length -= parts[i].length() - 1;
                    parts[i] = parts[i].substring(0, 1);
                }
                return String.join(".", parts);
            }

            static void trace(StringBuilder b, Throwable t, Throwable wrapper) {
                Throwable cause = t.getCause();
                if (cause != null) {
                    trace(b, cause, t);
                    b.append("Caused: ");
                }
                String summary = t.toString();
                if (cause != null && summary.endsWith(": " + cause)) {
                    summary = summary.substring(0, summary.length() - cause.toString().length() - 2);
                }
                b.append(summary).append('\n');
                StackTraceElement[] frames = t.getStackTrace();
                int end = frames.length;
                if (wrapper != null) { // the frames the wrapper prints too
                    StackTraceElement[] outer = wrapper.getStackTrace();
                    for (int o = outer.length; end > 0 && o > 0 && outer[o - 1].equals(frames[end - 1]); o--) {
                        end--;
                    }
                }
                for (int i = 0; i < end; i++) {
                    b.append("\tat ").append(frames[i]).append('\n');
                }
            }

            @Override
            public synchronized String format(java.util.logging.LogRecord r) {
                StringBuilder b = new StringBuilder();
                b.append(time.format(new java.util.Date(r.getMillis())));
                b.append(" [id=").append(r.getLongThreadID()).append("]\t").append(r.getLevel().getName()).append('\t');
                String source = r.getSourceClassName() != null ? r.getSourceClassName() : r.getLoggerName();
                if (r.getSourceMethodName() != null) {
                    b.append(shorten(source, 32)).append('#').append(r.getSourceMethodName());
                } else {
                    b.append(shorten(source, 40));
                }
                String message = formatMessage(r);
                if (message != null) {
                    b.append(": ").append(message);
                }
                b.append('\n');
                if (r.getThrown() != null) {
                    trace(b, r.getThrown(), null);
                }
                return b.toString();
            }
        }

        static void run() {
            java.util.logging.Logger root = java.util.logging.Logger.getLogger("");
            for (java.util.logging.Handler h : root.getHandlers()) {
                root.removeHandler(h);
            }
            java.util.logging.ConsoleHandler console = new java.util.logging.ConsoleHandler();
            console.setFormatter(new Format());
            console.setLevel(java.util.logging.Level.ALL);
            root.addHandler(console);
            root.setLevel(java.util.logging.Level.ALL);
            java.util.logging.Logger l = java.util.logging.Logger.getLogger("jenkins.model.Jenkins");
            String cls = "jenkins.model.Jenkins", meth = "<init>";
            java.util.function.BiConsumer<java.util.logging.Level, String> at = (lv, m) -> l.logp(lv, cls, meth, m);
            JavaLogging.run("jenkins", new Log(m -> at.accept(java.util.logging.Level.FINEST, m), m -> at.accept(java.util.logging.Level.FINE, m),
                    m -> at.accept(java.util.logging.Level.INFO, m), m -> at.accept(java.util.logging.Level.WARNING, m),
                    m -> at.accept(java.util.logging.Level.SEVERE, m), (m, t) -> l.logp(java.util.logging.Level.SEVERE, cls, meth, m, t),
                    m -> at.accept(java.util.logging.Level.SEVERE, m)));
            rec("debug", "jenkins config", () -> l.logp(java.util.logging.Level.CONFIG, cls, "load", "JENKINS_HOME=/var/jenkins_home"));
            // A long class name, cut to its initials.
            java.util.logging.Logger ctx = java.util.logging.Logger.getLogger("org.eclipse.jetty.server.handler.ContextHandler");
            rec("warning", "jenkins warning from a long class name", () -> ctx.logp(java.util.logging.Level.WARNING, "org.eclipse.jetty.server.handler.ContextHandler", "setContextPath", "Empty contextPath"));
            onThread("Executor #0", () -> rec("info", "jenkins info from another thread", () -> l.logp(java.util.logging.Level.INFO, cls, "run", "Completed initialization")));
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
