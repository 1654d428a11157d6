package corpusgen

import (
	"bufio"
	"fmt"
	"net"
	"os/exec"
	"regexp"
	"strings"
	"time"
)

// Redis is a C server: as for nginx, the generator provokes events and
// each line's level is the level Redis's source passes serverLog for its
// message (redisMessages), never the character Redis prints for it. It
// runs at loglevel debug, with the DEBUG command allowed from localhost.

var redisMessages = []serverMessage{
	{regexp.MustCompile(`^oO0OoO0OoO0Oo Redis is starting oO0OoO0OoO0Oo$`), LevelWarning, "server.c main: serverLog(LL_WARNING)"},
	{regexp.MustCompile(`^Redis version=`), LevelWarning, "server.c main: serverLog(LL_WARNING)"},
	{regexp.MustCompile(`^(Configuration loaded|Warning: no config file specified)`), LevelWarning, "server.c main: serverLog(LL_WARNING)"},
	{regexp.MustCompile(`^monotonic clock: `), LevelNotice, "server.c initServer: serverLog(LL_NOTICE)"},
	{regexp.MustCompile(`^Running mode=`), LevelNotice, "server.c redisAsciiArt: serverLog(LL_NOTICE) when the logo is not shown"},
	{regexp.MustCompile(`^Server initialized$`), LevelWarning, "server.c main: serverLog(LL_WARNING)"},
	{regexp.MustCompile(`^WARNING (Memory overcommit must be enabled|you have Transparent Huge Pages)`), LevelWarning, "syscheck.c / server.c linuxMemoryWarnings: serverLog(LL_WARNING)"},
	{regexp.MustCompile(`^WARNING: The TCP backlog setting`), LevelWarning, "server.c checkTcpBacklogSettings: serverLog(LL_WARNING)"},
	{regexp.MustCompile(`^(Increased maximum number of open files|You requested maxclients)`), LevelNotice, "server.c adjustOpenFilesLimit: serverLog(LL_NOTICE / LL_WARNING)"},
	{regexp.MustCompile(`^The AOF directory \S+ doesn't exist$`), LevelDebug, "aof.c aofLoadManifestFromDisk: serverLog(LL_DEBUG)"},
	{regexp.MustCompile(`^Ready to accept connections`), LevelNotice, "server.c main: serverLog(LL_NOTICE)"},
	{regexp.MustCompile(`^\d+ clients connected \(\d+ replicas\), \d+ bytes in use$`), LevelDebug, "server.c clientsCronTrackExpansiveClients / serverCron: serverLog(LL_DEBUG)"},
	{regexp.MustCompile(`^DB \d+: \d+ keys`), LevelDebug, "server.c serverCron: serverLog(LL_DEBUG)"},
	{regexp.MustCompile(`^Accepted `), LevelDebug, "networking.c acceptCommonHandler: serverLog(LL_VERBOSE)"},
	{regexp.MustCompile(`^Client closed connection `), LevelDebug, "networking.c freeClient: serverLog(LL_VERBOSE)"},
	{regexp.MustCompile(`^DEBUG LOG: relevel: a line at warning$`), LevelWarning, "DEBUG LOG: debug.c debugCommand, serverLog(LL_WARNING)"},
	{regexp.MustCompile(`^WARNING: the new maxmemory value set via CONFIG SET`), LevelWarning, "config.c updateMaxmemory: serverLog(LL_WARNING)"},
	{regexp.MustCompile(`^User requested shutdown\.\.\.$`), LevelWarning, "server.c prepareForShutdown: serverLog(LL_WARNING)"},
	{regexp.MustCompile(`^Saving the final RDB snapshot before exiting\.$`), LevelNotice, "server.c finishShutdown: serverLog(LL_NOTICE)"},
	{regexp.MustCompile(`^DB saved on disk$`), LevelNotice, "rdb.c rdbSave: serverLog(LL_NOTICE)"},
	{regexp.MustCompile(`^Redis is now ready to exit, bye bye\.\.\.$`), LevelWarning, "server.c finishShutdown: serverLog(LL_WARNING)"},
}

var redisLine = regexp.MustCompile(`^\d+:[XCSM] \d\d \w{3} \d{4} \d\d:\d\d:\d\d\.\d{3} \S (.*)$`)

// driveRedis starts a server, sends DEBUG LOG, a CONFIG SET that makes
// maxmemory smaller than the memory in use, a write it refuses, and
// SHUTDOWN SAVE.
func driveRedis(prog, dir string) ([]byte, []Record, error) {
	port, err := freePort()
	if err != nil {
		return nil, nil, err
	}
	log := &recorder{}
	srv := exec.Command(prog, "--port", fmt.Sprint(port), "--bind", "127.0.0.1", "--loglevel", "debug", "--save", "",
		"--appendonly", "no", "--dir", dir, "--enable-debug-command", "local")
	srv.Stdout, srv.Stderr = log, log
	if err := srv.Start(); err != nil {
		return nil, nil, err
	}
	if err := waitPort(port); err != nil {
		srv.Process.Kill()
		srv.Wait()
		return nil, nil, err
	}
	c, err := net.Dial("tcp", fmt.Sprintf("127.0.0.1:%d", port))
	if err != nil {
		srv.Process.Kill()
		srv.Wait()
		return nil, nil, err
	}
	rd := bufio.NewReader(c)
	for _, cmd := range [][]string{
		{"SET", "k", "v"},
		{"DEBUG", "LOG", "relevel: a line at warning"},
		{"CONFIG", "SET", "maxmemory", "1"},
		{"SET", "k2", "v2"},
		{"SHUTDOWN", "SAVE"},
	} {
		fmt.Fprintf(c, "*%d\r\n", len(cmd))
		for _, a := range cmd {
			fmt.Fprintf(c, "$%d\r\n%s\r\n", len(a), a)
		}
		if cmd[0] != "SHUTDOWN" {
			c.SetReadDeadline(time.Now().Add(5 * time.Second))
			if _, err := rd.ReadString('\n'); err != nil {
				c.Close()
				srv.Process.Kill()
				srv.Wait()
				return nil, nil, err
			}
		}
	}
	c.Close()
	if code, err := exitCode(srv.Wait()); err != nil || code != 0 {
		return nil, nil, fmt.Errorf("redis-server exited %d, %v\n%s", code, err, log.buf.Bytes())
	}
	var recs []Record
	for i, line := range strings.Split(strings.TrimSuffix(log.buf.String(), "\n"), "\n") {
		m := redisLine.FindStringSubmatch(line)
		if m == nil {
			return nil, nil, fmt.Errorf("redis line %d has no level: %q", i+1, line)
		}
		rm, ok := findMessage(redisMessages, m[1])
		rec := Record{Line: i + 1, Lines: 1, Format: FormatRedis, Level: rm.level, Call: rm.source}
		if !ok {
			return nil, nil, fmt.Errorf("redis line %d: no level known for %q: add its message to redisMessages", i+1, line)
		}
		recs = append(recs, rec)
	}
	return log.buf.Bytes(), recs, nil
}

// genRedisOld: Redis before 5.0, whose time has no year, and 2.x, whose
// line opens with the pid in brackets and no role, as users pasted them
// (redis/docker-library-redis#165 and #346, sameersbn/docker-redis#7,
// sameersbn/docker-gitlab#320, and public notes with a CI job's Redis 3.2
// and Redis 3.0 on Windows): no such Redis installs here. The level of
// each record is its level character's.
func genRedisOld(r *recorder) {
	const pasted = "a line of Redis before 5.0, pasted into a public issue"
	for _, c := range []struct{ level, line string }{
		{LevelWarning, "1:M 24 Sep 10:00:56.234 # WARNING: The TCP backlog setting of 511 cannot be enforced because /proc/sys/net/core/somaxconn is set to the lower value of 128."},
		{LevelWarning, "1:M 24 Sep 10:00:56.234 # WARNING overcommit_memory is set to 0! Background save may fail under low memory condition. To fix this issue add 'vm.overcommit_memory = 1' to /etc/sysctl.conf and then reboot or run the command 'sysctl vm.overcommit_memory=1' for this to take effect."},
		{LevelWarning, "[9] 14 May 13:19:52.866 # Server started, Redis version 2.8.4"},
		{LevelNotice, "[9] 14 May 13:19:52.866 * The server is now ready to accept connections on port 6379"},
		{LevelWarning, "1:M 07 Jun 07:52:31.304 # Server started, Redis version 3.2.8"},
		{LevelWarning, "1:M 07 Jun 07:52:31.304 # WARNING you have Transparent Huge Pages (THP) support enabled in your kernel. This will create latency and memory usage issues with Redis. To fix this issue run the command 'echo never > /sys/kernel/mm/transparent_hugepage/enabled' as root, and add it to your /etc/rc.local in order to retain the setting after a reboot. Redis must be restarted after THP is disabled."},
		{LevelNotice, "1:M 07 Jun 07:52:31.304 * The server is now ready to accept connections on port 6379"},
		{LevelNotice, "[17252] 09 Jan 01:03:55.793 * DB loaded from disk: 0.000 seconds"},
	} {
		handLine(r, FormatRedis, c.level, pasted, c.line)
	}
}

func redisStreams() []*stream {
	return []*stream{{logger: "redis", name: "before-5", run: genRedisOld,
		desc: "HAND-WRITTEN records: Redis before 5.0 (\"1:M 24 Sep 10:00:56.234 # msg\", no year) and 2.x (\"[9] 14 May 13:19:52.866 # msg\") as users pasted them"},
		{logger: "redis", name: "server", ext: &extRun{
			prog: "redis-server", install: "apt-get install redis-server",
			version: []string{"redis-server", "--version"}, drive: driveRedis,
		}, desc: "redis-server on stdout at loglevel debug: start, connections, DEBUG LOG, a maxmemory below the memory in use, " +
			"SHUTDOWN SAVE; each line's level is the one Redis's source logs its message at (redisMessages), not the printed character"}}
}
