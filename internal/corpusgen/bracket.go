package corpusgen

import (
	"fmt"
	"log"
)

// corednsLog emulates github.com/coredns/coredns/plugin/pkg/log without
// importing CoreDNS: that package prints through the standard log package,
// whose flags CoreDNS sets to 0 (coremain: log.SetFlags(0)), with the level
// as a "[LEVEL] " prefix of the message and, for a plugin logger
// (log.NewWithPlugin), "plugin/<name>: " after it. Fatal exits with 1 after
// printing; the emulation leaves out the exit.
type corednsLog struct {
	l      *log.Logger // log.New(w, "", 0)
	plugin string      // "" or "plugin/<name>: "
}

func newCorednsLog(r *recorder, plugin string) corednsLog {
	c := corednsLog{l: log.New(r, "", 0)}
	if plugin != "" {
		c.plugin = "plugin/" + plugin + ": "
	}
	return c
}

// CoreDNS's level prefixes and their canonical levels.
var corednsLevels = map[string]string{
	"[DEBUG] ":   LevelDebug,
	"[INFO] ":    LevelInfo,
	"[WARNING] ": LevelWarning,
	"[ERROR] ":   LevelError,
	"[FATAL] ":   LevelCritical,
}

var corednsFuncs = map[string]string{
	"[DEBUG] ": "Debugf", "[INFO] ": "Infof", "[WARNING] ": "Warningf", "[ERROR] ": "Errorf", "[FATAL] ": "Fatalf",
}

// logf records one CoreDNS-style call: log.Print(prefix + plugin + msg).
func (c corednsLog) logf(r *recorder, prefix, format string, args ...any) {
	level, ok := corednsLevels[prefix]
	if !ok {
		panic("corednsLog: unknown prefix " + prefix)
	}
	call := "log.Print(\"" + prefix + "\" + msg) emulating coredns plugin/pkg/log." + corednsFuncs[prefix]
	if c.plugin != "" {
		call = "log.Print(\"" + prefix + c.plugin + "\" + msg) emulating coredns plugin/pkg/log.P." + corednsFuncs[prefix]
	}
	if prefix == "[FATAL] " {
		call += " (exit left out)"
	}
	r.call(FormatBracket, level, call, func() { c.l.Print(prefix + c.plugin + fmt.Sprintf(format, args...)) })
}

// genBracketCoreDNS reproduces the shape of a CoreDNS pod's log: the plain
// startup lines CoreDNS prints with fmt (no level), plugin messages and
// query logs (plugin/log writes "[INFO] client - id "query" rcode ...").
func genBracketCoreDNS(r *recorder) {
	g := newCorednsLog(r, "")
	reload := newCorednsLog(r, "reload")
	k8s := newCorednsLog(r, "kubernetes")
	errs := newCorednsLog(r, "errors")
	ready := newCorednsLog(r, "ready")
	health := newCorednsLog(r, "health")
	loop := newCorednsLog(r, "loop")

	k8s.logf(r, "[INFO] ", "waiting for Kubernetes API before starting server")
	ready.logf(r, "[INFO] ", "Still waiting on: %q", "kubernetes")
	k8s.logf(r, "[WARNING] ", "starting server with unsynced Kubernetes API")
	r.call(FormatNone, LevelNone, "fmt.Println (CoreDNS server banner, no level)", func() { fmt.Fprintln(r, ".:53") })
	reload.logf(r, "[INFO] ", "Running configuration SHA512 = %s", "591cf328cccc12bc490481273e738df59329c62c0b729d94e8b61db9961c2fa5f046dd37f1cf888b953814040d180f52594972691cd6ff41be96639138a43908")
	r.call(FormatNone, LevelNone, "fmt.Println (CoreDNS version banner, no level)", func() { fmt.Fprintln(r, "CoreDNS-1.12.1") })
	r.call(FormatNone, LevelNone, "fmt.Println (CoreDNS version banner, no level)", func() { fmt.Fprintln(r, "linux/amd64, go1.24.1, 707c7c1") })
	g.logf(r, "[INFO] ", "%s - %d \"%s\" %s %s %d %s", "127.0.0.1:56254", 25983,
		"HINFO IN 6063458466451290425.5421408541404399227. udp 57 false 512", "NXDOMAIN", "qr,rd,ra", 57, "0.003420583s")
	g.logf(r, "[INFO] ", "%s - %d \"%s\" %s %s %d %s", "10.244.0.1:41635", 5032,
		"A IN kubernetes.default.svc.cluster.local. udp 54 false 512", "NOERROR", "qr,aa,rd", 106, "0.000152s")
	errs.logf(r, "[ERROR] ", "2 %s A: read udp %s->%s: i/o timeout", "example.org.", "10.244.0.5:50632", "8.8.8.8:53")
	g.logf(r, "[DEBUG] ", "dnsserver: %s", "zone . served by forward")
	k8s.logf(r, "[WARNING] ", "Kubernetes API connection failure: %s", `Get "https://10.96.0.1:443/version": dial tcp 10.96.0.1:443: i/o timeout`)
	g.logf(r, "[ERROR] ", "Restart failed: %s", "listen tcp :53: bind: address already in use")
	health.logf(r, "[INFO] ", "Going into lameduck mode for %s", "5s")
	g.logf(r, "[INFO] ", "SIGTERM: Shutting down servers then terminating")
	loop.logf(r, "[FATAL] ", "Loop (127.0.0.1:34345 -> :53) detected for zone %q, see https://coredns.io/plugins/loop#troubleshooting. Query: %q",
		".", "HINFO 4547991504243258144.3688648895315093531.")
}

func bracketStreams() []*stream {
	return []*stream{
		{logger: "bracket", name: "coredns", modules: []string{modStd},
			desc: "package log with flags 0 and [LEVEL] prefixes, emulating github.com/coredns/coredns/plugin/pkg/log (CoreDNS not imported); plain banner lines", run: genBracketCoreDNS},
	}
}
