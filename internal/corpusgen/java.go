package corpusgen

import "strings"

// The JVM's loggers, driven by ext/JavaLogging.java (run as a single-file
// source program, so only a JDK is needed): java.util.logging, logback and
// log4j2 from Debian's jars, and Spring Boot's console patterns through
// logback, every level, a multi-line message, an exception with two causes
// logged with its stack trace, and at the end an exception nobody catches.

// javaCrash covers the uncaught exception that ends each run.
var javaCrash = Record{Format: FormatJava, Level: LevelCritical,
	Call: `uncaught IllegalStateException with causes: the JVM's default handler prints "Exception in thread "main" …", exit 1`}

// javaJars are Debian's jars (liblogback-java, libslf4j-java,
// liblog4j2-java) the program is compiled and run against.
var javaJars = []string{"slf4j-api", "logback-classic", "logback-core", "log4j-api", "log4j-core"}

func javaStreams() []*stream {
	cp := make([]string, len(javaJars))
	for i, j := range javaJars {
		cp[i] = "/usr/share/java/" + j + ".jar"
	}
	// The jars' versions, from the names the Debian packages install
	// beside the unversioned links.
	version := []string{"sh", "-c", `printf '%s; ' "$(java -version 2>&1 | head -1)"; cd /usr/share/java && ls logback-classic-*.jar slf4j-api-*.jar log4j-core-*.jar | sed 's/\.jar$//' | tr '\n' ' '`}
	needs := append([]string{"ls"}, cp...)
	j := func(name, mode, desc string) *stream {
		return &stream{logger: "java", name: name, desc: desc, ext: &extRun{
			prog: "java", install: "a JDK and apt-get install liblogback-java liblog4j2-java",
			args: []string{"-Duser.language=en", "-Duser.country=US", "-Duser.timezone=UTC",
				"-cp", strings.Join(cp, ":"), "JavaLogging.java", mode},
			files: []string{"JavaLogging.java"}, version: version, needs: needs,
			exit: 1, tail: &javaCrash,
		}}
	}
	return []*stream{
		j("jul", "jul", "java.util.logging: ConsoleHandler and SimpleFormatter's default two-line format, every level from FINEST to SEVERE"),
		j("logback", "logback", `logback 1.2 ConsoleAppender on System.err with the pattern of its documentation, "%d{HH:mm:ss.SSS} [%thread] %-5level %logger{36} - %msg%n"`),
		j("logback-dated", "logback-dated", `logback 1.2 ConsoleAppender on System.err with the pattern most logback.xml files copy, "%d [%thread] %-5level %logger{36} - %msg%n"`),
		j("log4j2", "log4j2", "log4j2's DefaultConfiguration (no configuration file), root level ALL"),
		j("kafka", "kafka", `log4j2 Console appender on stdout with Kafka's layout, "[%d] %p %m (%c)%n"`),
		j("strimzi", "strimzi", `log4j2 Console appender on stdout with the layout of Strimzi's Kafka and ZooKeeper images, "%d %p %m (%c) [%t]%n"`),
		j("jboss", "jboss", `log4j2 Console appender on stdout with JBoss Log Manager's console format, WildFly's, Quarkus's and Keycloak's default, "%d{yyyy-MM-dd HH:mm:ss,SSS} %-5p [%c] (%t) %s%e%n" (%m for %s%e)`),
		j("zookeeper", "zookeeper", `log4j2 Console appender on stdout with ZooKeeper's layout (conf/log4j.properties, then logback.xml), "%d{ISO8601} [myid:%X{myid}] - %-5p [%t:%C{1}@%L] - %m%n", log4j 1's ISO8601 written as log4j2's %d`),
		j("elasticsearch", "elasticsearch", `log4j2 Console appender on stdout with Elasticsearch's and OpenSearch's console layout, "[%d{ISO8601}][%-5p][%-25c{1.}] [%node_name]%marker %m%n" (the node's name for its converter), and a record at its DEPRECATION level`),
		j("logstash", "logstash", `log4j2 Console appender on stdout with Logstash's console layout, "[%d{ISO8601}][%-5p][%-25c]%notEmpty{[%X{pipeline.id}]}%notEmpty{[%X{plugin.id}]} %m%n"`),
		j("jenkins", "jenkins", "java.util.logging with a ConsoleHandler on stderr and the layout of Jenkins's SupportLogFormatter (written after its source: Debian does not package it), \"yyyy-MM-dd HH:mm:ss.SSSZ [id=N]\\tLEVEL\\tsource: msg\", the exception root cause first"),
		j("spring-boot-3", "spring3", "Spring Boot 3's default console pattern (defaults.xml, colour off) through logback"),
		j("spring-boot-2", "spring2", "Spring Boot 2's default console pattern (defaults.xml, colour off) through logback"),
		j("spark", "spark", `log4j2 Console appender with Apache Spark's layout (conf/log4j2.properties.template, on stderr), "%d{yy/MM/dd HH:mm:ss} %p %c{1}: %m%n%ex"`),
		j("flink", "flink", `log4j2 Console appender with Apache Flink's console layout (conf/log4j-console.properties), "%d{yyyy-MM-dd HH:mm:ss,SSS} %-5p %-60c %x - %m%n"`),
		j("strimzi-operator", "strimzi-operator", `log4j2 Console appender with the layout of Strimzi's cluster, topic and user operators (their log4j2.properties) and of the log4j 1 ConsoleAppender most tutorials copy, "%d{yyyy-MM-dd HH:mm:ss} %-5p %c{1}:%L - %m%n"`),
		j("pulsar", "pulsar", `log4j2 Console appender with Apache Pulsar's console layout (conf/log4j2.yaml, 2.10 on), "%d{ISO8601_OFFSET_DATE_TIME_HHMM} [%t] %-5level %logger{36} - %msg%n"`),
		j("wildfly", "wildfly", `log4j2 Console appender with WildFly's default console format (standalone.xml's COLOR-PATTERN, colour off), Keycloak 16's and before, "%d{HH:mm:ss,SSS} %-5p [%c] (%t) %s%e%n" (%m for %s%e)`),
		j("cassandra", "cassandra", `logback with Apache Cassandra's pattern (conf/logback.xml, its STDOUT appender), "%-5level [%thread] %date{ISO8601} %F:%L - %msg%n"`),
		j("sonarqube", "sonarqube", `logback with SonarQube's process log pattern, its app process, "%d{yyyy.MM.dd HH:mm:ss} %-5level app[][%logger{20}] %msg%n"`),
	}
}
