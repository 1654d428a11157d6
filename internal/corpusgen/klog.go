package corpusgen

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"math"
	"sort"
	"strings"
	"time"

	"k8s.io/klog/v2"
	"k8s.io/klog/v2/klogr"
	"k8s.io/klog/v2/textlogger"
)

const modKlog = "k8s.io/klog/v2"

// captureKlog saves the global klog state; the returned func restores it.
func captureKlog() func() {
	st := klog.CaptureState()
	return st.Restore
}

// useGlobalKlog points the global klog at w with the byte format of the
// default -logtostderr=true output: one write per record, nothing buffered,
// every line written once (one_output) and nothing copied to os.Stderr.
func useGlobalKlog(w *recorder, extra map[string]string) {
	fs := flag.NewFlagSet("klog", flag.ContinueOnError)
	klog.InitFlags(fs)
	settings := map[string]string{
		"logtostderr":      "false",
		"alsologtostderr":  "false",
		"one_output":       "true",
		"skip_log_headers": "true",
		"skip_headers":     "false",
		"add_dir_header":   "false",
		"stderrthreshold":  "4", // above FATAL: never copy to os.Stderr
		"v":                "4",
		"vmodule":          "",
	}
	for k, v := range extra {
		settings[k] = v
	}
	for k, v := range settings {
		if err := fs.Set(k, v); err != nil {
			panic(fmt.Sprintf("klog flag %s=%s: %v", k, v, err))
		}
	}
	klog.ClearLogger()
	klog.SetOutput(w)
}

// klogCall logs with the global klog and flushes (a no-op for SetOutput
// writers, kept for safety).
func klogCall(r *recorder, level, call string, fn func()) {
	r.call(FormatKlog, level, call, func() {
		fn()
		klog.Flush()
	})
}

// pod implements klog.KMetadata.
type pod struct{ ns, name string }

func (p pod) GetName() string      { return p.name }
func (p pod) GetNamespace() string { return p.ns }

type endpoint struct {
	Host  string
	Port  int
	Ready bool
}

type phase string

func (p phase) String() string { return "Phase(" + string(p) + ")" }

// genKlogLegacy covers the printf-style API: raw, unquoted messages.
func genKlogLegacy(r *recorder) {
	useGlobalKlog(r, nil)
	klogCall(r, LevelInfo, "klog.Info", func() { klog.Info("Starting kubelet") })
	klogCall(r, LevelInfo, "klog.Infof", func() { klog.Infof("Version: %s, built with %s", "v1.34.0", "go1.26.8") })
	klogCall(r, LevelInfo, "klog.Infoln", func() { klog.Infoln("Infoln", "joins", 3, "operands") })
	klogCall(r, LevelWarning, "klog.Warning", func() { klog.Warning("Swap is enabled; production deployments should disable swap") })
	klogCall(r, LevelWarning, "klog.Warningf", func() { klog.Warningf("Retrying in %v (attempt %d/%d)", 1500*time.Millisecond, 2, 5) })
	klogCall(r, LevelError, "klog.Error", func() { klog.Error("Failed to sync node status: ", errors.New("connection refused")) })
	klogCall(r, LevelError, "klog.Errorf", func() {
		klog.Errorf("Unable to read config %q: %v", "/etc/kubernetes/kubelet.conf", errors.New("permission denied"))
	})
	klogCall(r, LevelInfo, "klog.V(2).Info", func() { klog.V(2).Info("V(2) message is shown at -v=4") })
	klogCall(r, LevelInfo, "klog.V(3).Infof", func() { klog.V(3).Infof("probe %s succeeded after %dms", "readiness", 12) })
	klogCall(r, LevelInfo, "klog.V(1).Infoln", func() { klog.V(1).Infoln("verbose", "line") })
	klogCall(r, LevelInfo, "klog.Infof message containing ]", func() { klog.Infof("list [a b] and map[k:v] and a lone ] bracket") })
	klogCall(r, LevelInfo, "klog.Info message containing :123] ", func() { klog.Info("looks like a header: main.go:123] but is a message") })
	klogCall(r, LevelWarning, "klog.Warning message containing a klog header", func() {
		klog.Warning("I1130 04:39:44.903457    8085 fake.go:1] nested header inside a message")
	})
	klogCall(r, LevelInfo, "klog.Info multi-line message", func() {
		klog.Info("plain Info with embedded newline:\nsecond line of message\nthird line")
	})
	klogCall(r, LevelError, "klog.Errorf multi-line message with indented lines", func() {
		klog.Errorf("sync failed:\n  pod default/web-0: %v\n\tpod default/web-1: %v", errors.New("image pull backoff"), errors.New("crash loop"))
	})
	klogCall(r, LevelWarning, "klog.Warning message ending in newline", func() { klog.Warning("message that ends in a newline\n") })
	klogCall(r, LevelError, "klog.Error multi-line error (errors.Join)", func() {
		klog.Error(errors.Join(errors.New("first failure"), errors.New("second failure")))
	})
	klogCall(r, LevelInfo, "klog.Info multi-line message with blank line", func() {
		klog.Info("before blank line\n\nafter blank line")
	})
	klogCall(r, LevelInfo, "klog.Info empty message", func() { klog.Info("") })
	klogCall(r, LevelInfo, "klog.Infof struct with %+v", func() {
		klog.Infof("endpoint: %+v", endpoint{Host: "10.0.0.1", Port: 443, Ready: true})
	})
	klogCall(r, LevelInfo, "klog.InfoDepth", func() { klog.InfoDepth(0, "InfoDepth message") })
	klogCall(r, LevelWarning, "klog.Warningln", func() { klog.Warningln("deprecated flag", "--foo", "used") })
	klogCall(r, LevelError, "klog.Errorln", func() { klog.Errorln("error with", 2, "operands") })
	// Not covered: a raw message whose continuation lines look like another
	// logger's header ("dump follows:\nE1130 …] …"). Nothing in the bytes
	// tells such a line from a real record, so no parser can join it.
	klogCall(r, LevelInfo, "klog.Info", func() { klog.Info("Shutting down") })
}

// genKlogStructured covers InfoS/ErrorS and contextual (logr) logging
// through the global klog.
func genKlogStructured(r *recorder) {
	useGlobalKlog(r, nil)
	klogCall(r, LevelInfo, "klog.InfoS", func() {
		klog.InfoS("Structured InfoS", "pod", klog.KObj(pod{"kube-system", "coredns-abc"}), "count", 3, "ratio", 0.5, "ok", true,
			"str", `with spaces and "quotes"`)
	})
	klogCall(r, LevelInfo, "klog.InfoS KRef, negative and large numbers", func() {
		klog.InfoS("Pod status", "pod", klog.KRef("default", "web-0"), "node", klog.KRef("", "node-1"),
			"restarts", -1, "bytes", int64(1)<<40, "ok", false)
	})
	klogCall(r, LevelInfo, "klog.InfoS slice and map", func() {
		klog.InfoS("InfoS with slice and map", "list", []string{"a", "b c"}, "map", map[string]int{"x": 1, "y": 2})
	})
	klogCall(r, LevelInfo, "klog.InfoS struct value", func() {
		klog.InfoS("InfoS with struct", "endpoint", endpoint{Host: "10.0.0.1", Port: 443, Ready: true})
	})
	klogCall(r, LevelInfo, "klog.InfoS KObjSlice", func() {
		klog.InfoS("Pods evicted", "pods", klog.KObjSlice([]pod{{"ns1", "a"}, {"ns2", "b"}}))
	})
	klogCall(r, LevelInfo, "klog.InfoS duration, Stringer, error value, nil pointer", func() {
		var np *endpoint
		klog.InfoS("Mixed values", "took", 1500*time.Millisecond, "phase", phase("Running"),
			"reason", errors.New("not ready"), "ptr", np)
	})
	klogCall(r, LevelInfo, "klog.InfoS message with quotes and newline (escaped)", func() {
		klog.InfoS("InfoS message with \"quotes\"\nand newline in msg", "k", "v")
	})
	klogCall(r, LevelInfo, "klog.InfoS message containing ] and :123] ", func() {
		klog.InfoS("weird ] message main.go:123] here", "key", "value with ] bracket")
	})
	klogCall(r, LevelInfo, "klog.InfoS multi-line value", func() {
		klog.InfoS("InfoS with multi-line value", "config", "line one\nline two\n  indented line three")
	})
	klogCall(r, LevelInfo, "klog.InfoS multi-line value ending in newline", func() {
		klog.InfoS("InfoS with multi-line value ending in newline", "config", "alpha\nbeta\n")
	})
	klogCall(r, LevelInfo, "klog.InfoS two multi-line values then a plain one", func() {
		klog.InfoS("two multi-line values then a plain one", "a", "l1\nl2", "b", "m1\nm2", "c", "after")
	})
	klogCall(r, LevelInfo, "klog.InfoS multi-line value with lines looking like closers", func() {
		klog.InfoS("tricky multi-line value", "data", "first\n >\n>\nlast", "n", 1)
	})
	klogCall(r, LevelError, "klog.ErrorS", func() {
		klog.ErrorS(errors.New("connection refused"), "ErrorS with error", "node", "node-1")
	})
	klogCall(r, LevelError, "klog.ErrorS nil err", func() {
		klog.ErrorS(nil, "ErrorS with nil error", "node", "node-2")
	})
	klogCall(r, LevelError, "klog.ErrorS multi-line err", func() {
		klog.ErrorS(errors.New("multi\nline error"), "ErrorS with multi-line error")
	})
	klogCall(r, LevelError, "klog.ErrorS multi-line err and multi-line value", func() {
		klog.ErrorS(errors.Join(errors.New("dial tcp: timeout"), errors.New("retry budget exhausted")), "Sync failed",
			"pod", klog.KObj(pod{"default", "web-0"}), "events", "Pulling\nBackOff", "attempt", 5)
	})
	klogCall(r, LevelInfo, "klog.V(2).InfoS", func() { klog.V(2).InfoS("V(2).InfoS structured", "key", "value") })
	klogCall(r, LevelInfo, "klog.V(4).InfoS", func() { klog.V(4).InfoS("V(4) details", "items", []int{1, 2, 3}) })
	klogCall(r, LevelInfo, "klog.InfoS empty message", func() { klog.InfoS("", "only", "kv") })
	klogCall(r, LevelInfo, "klog.InfoS no key/values", func() { klog.InfoS("No key/values at all") })
	klogCall(r, LevelInfo, "klog.InfoS odd number of key/values", func() { klog.InfoS("Odd kv list", "dangling") })

	bg := klog.Background()
	ctrl := klog.LoggerWithName(bg, "deployment-controller")
	klogCall(r, LevelInfo, "logr.Logger.Info (klog.Background().WithName)", func() {
		ctrl.Info("Syncing deployment", "deployment", klog.KRef("default", "web"))
	})
	klogCall(r, LevelInfo, "logr.Logger.WithValues.Info", func() {
		ctrl.WithValues("worker", 3).Info("Processing item", "queueLen", 17)
	})
	klogCall(r, LevelInfo, "logr.Logger.V(2).Info", func() { ctrl.V(2).Info("Verbose contextual message", "step", "diff") })
	klogCall(r, LevelError, "logr.Logger.Error (nested names)", func() {
		ctrl.WithName("rollout").Error(errors.New("quota exceeded"), "Rollout failed", "revision", 7)
	})
	klogCall(r, LevelError, "logr.Logger.Error nil err", func() { bg.Error(nil, "Error without an error value", "x", 1) })
	klogCall(r, LevelInfo, "logr.Logger.Info multi-line value", func() {
		ctrl.Info("Applied manifest", "manifest", "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cm")
	})
	klogCall(r, LevelWarning, "klog.Warning", func() { klog.Warning("Legacy warning between structured lines") })
	klogCall(r, LevelInfo, "klog.InfoS", func() { klog.InfoS("Shutdown complete", "duration", 2*time.Second) })
}

// genKlogAddDirHeader uses -add_dir_header (dir/file.go in the header).
func genKlogAddDirHeader(r *recorder) {
	useGlobalKlog(r, map[string]string{"add_dir_header": "true"})
	klogCall(r, LevelInfo, "klog.Info", func() { klog.Info("add_dir_header shows the directory") })
	klogCall(r, LevelInfo, "klog.InfoS", func() { klog.InfoS("Structured with dir header", "pod", klog.KRef("ns", "p")) })
	klogCall(r, LevelWarning, "klog.Warningf", func() { klog.Warningf("disk usage %d%%", 91) })
	klogCall(r, LevelError, "klog.ErrorS", func() { klog.ErrorS(errors.New("eof"), "Watch closed", "resource", "pods") })
	klogCall(r, LevelInfo, "klog.InfoS multi-line value", func() { klog.InfoS("Diff", "diff", "-a\n+b") })
	klogCall(r, LevelInfo, "klog.Info multi-line message", func() { klog.Info("raw message\ncontinued") })
	klogCall(r, LevelInfo, "klog.V(2).Info", func() { klog.V(2).Info("verbose with dir header") })
	klogCall(r, LevelError, "klog.Error", func() { klog.Error("plain error with dir header") })
	klogCall(r, LevelInfo, "logr.Logger.Info (named)", func() {
		klog.LoggerWithName(klog.Background(), "leader-election").Info("Acquired lease", "lease", "kube-system/kcm")
	})
	klogCall(r, LevelInfo, "klog.InfoS", func() { klog.InfoS("done") })
}

// genKlogTextlogger uses k8s.io/klog/v2/textlogger (logr API, klog text).
func genKlogTextlogger(r *recorder) {
	cfg := textlogger.NewConfig(textlogger.Output(r), textlogger.Verbosity(4))
	logger := textlogger.NewLogger(cfg)
	call := func(level, name string, fn func()) { r.call(FormatKlog, level, name, fn) }
	call(LevelInfo, "textlogger Info", func() { logger.Info("Starting scheduler", "version", "v1.34.0", "leaderElect", true) })
	call(LevelInfo, "textlogger V(1).Info", func() { logger.V(1).Info("Verbose 1", "plugins", []string{"NodeAffinity", "TaintToleration"}) })
	call(LevelInfo, "textlogger V(2).Info", func() { logger.V(2).Info("Verbose 2", "queue", map[string]int{"active": 3, "backoff": 1}) })
	call(LevelInfo, "textlogger V(4).Info", func() { logger.V(4).Info("Verbose 4", "pod", klog.KObj(pod{"default", "busybox"})) })
	call(LevelError, "textlogger Error", func() {
		logger.Error(errors.New("0/3 nodes are available: 3 Insufficient cpu"), "Unable to schedule pod", "pod", klog.KRef("default", "big"))
	})
	call(LevelError, "textlogger Error nil err", func() { logger.Error(nil, "Error with nil err", "attempt", 2) })
	named := logger.WithName("scheduler").WithName("queue")
	call(LevelInfo, "textlogger WithName.Info", func() { named.Info("Pod added to queue", "pod", klog.KRef("default", "x")) })
	withVals := named.WithValues("profile", "default-scheduler")
	call(LevelInfo, "textlogger WithValues.Info", func() { withVals.Info("Attempting to schedule", "attempt", 1) })
	call(LevelInfo, "textlogger Info multi-line value", func() {
		withVals.Info("Scheduling cycle", "trace", "filter: 3ms\nscore: 5ms\nbind: 1ms")
	})
	call(LevelError, "textlogger Error multi-line err", func() {
		named.Error(errors.New("line one of error\nline two of error"), "Bind failed", "node", "node-2")
	})
	call(LevelInfo, "textlogger Info multi-line message (escaped)", func() { logger.Info("message with\nnewline", "k", "v") })
	call(LevelInfo, "textlogger Info quoted strings", func() {
		logger.Info("Quoted", "s", `a "quoted" \ value`, "empty", "", "tab", "a\tb")
	})
	call(LevelInfo, "textlogger Info two multi-line values", func() {
		logger.Info("Two blocks", "old", "a: 1\nb: 2", "new", "a: 1\nb: 3", "changed", true)
	})
	call(LevelInfo, "textlogger Info", func() { logger.Info("Scheduler stopped") })
}

// genKlogr uses k8s.io/klog/v2/klogr.New, whose default is the serialize
// form: `"msg"="…"` then the sorted pairs, keys and values JSON-encoded.
func genKlogr(r *recorder) {
	useGlobalKlog(r, nil)
	log := klogr.New().WithName("cert-manager").WithName("controller")
	klogCall(r, LevelInfo, "klogr Info", func() { log.Info("starting controller", "version", "v1.5.3", "git-commit", "b26bd25") })
	klogCall(r, LevelInfo, "klogr Info object value", func() {
		log.Info("starting metrics server", "address", map[string]any{"IP": "::", "Port": 9402, "Zone": ""})
	})
	klogCall(r, LevelInfo, "klogr V(1).Info", func() { log.V(1).Info("syncing item", "key", "default/web") })
	klogCall(r, LevelError, "klogr Error", func() {
		log.Error(errors.New(`issuer "letsencrypt" not ready`), "re-queuing item due to error processing", "key", "default/web")
	})
	klogCall(r, LevelError, "klogr Error multi-line err, nil values", func() {
		log.Error(errors.New("first line\nsecond line"), "sync failed", "attempt", 3, "ready", false, "owner", nil)
	})
	klogCall(r, LevelInfo, "klogr Info unnamed, no values", func() { klogr.New().Info("leader election lost") })
	klogCall(r, LevelInfo, "klogr Info value it cannot encode", func() { log.Info("ratio computed", "ratio", math.Inf(1), "n", 2) })
	klogCall(r, LevelInfo, "klogr Info with a msg key of its own", func() { log.Info("wrapped", "msg", "inner message", "list", []int{1, 2}) })
	klogCall(r, LevelInfo, "klogr Info message with quotes and newline", func() { log.Info("said \"hi\"\nthen left") })
	klogCall(r, LevelInfo, "klog.Info between klogr lines", func() { klog.Info("plain klog line") })
}

// genKlogrV1 writes what the klogr of k8s.io/klog (v1) wrote through klog:
// its logger name, then `"msg"=…`, then its WithValues and call pairs, each
// group sorted, joined by single spaces even when a group is empty; its
// first releases wrote the verbosity as "level" before "msg". That klogr
// needs go-logr/logr v0.1, which cannot build beside klog/v2's logr, so
// its formatting is typed here from k8s.io/klog v1.0.0 klogr/klogr.go and
// klogr v0.1's, and the real klog writes the lines.
func genKlogrV1(r *recorder) {
	useGlobalKlog(r, nil)
	pretty := func(v any) string {
		var b bytes.Buffer
		enc := json.NewEncoder(&b)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(v); err != nil {
			return fmt.Sprintf("<<error: %v>>", err)
		}
		return strings.TrimSpace(b.String())
	}
	flatten := func(kv ...any) string {
		vals := map[string]any{}
		var keys []string
		for i := 0; i < len(kv); i += 2 {
			keys = append(keys, kv[i].(string))
			vals[kv[i].(string)] = kv[i+1]
		}
		sort.Strings(keys)
		var parts []string
		for _, k := range keys {
			parts = append(parts, pretty(k)+"="+pretty(vals[k]))
		}
		return strings.Join(parts, " ")
	}
	info := func(prefix, msg string, fixed, user []any) {
		klog.InfoDepth(1, prefix, " ", flatten("msg", msg), " ", flatten(fixed...), " ", flatten(user...))
	}
	const name = "cert-manager/controller/certificates"
	klogCall(r, LevelInfo, "klog v1 klogr Info", func() {
		info("cert-manager", "starting controller", nil, []any{"version", "v0.14.1", "git-commit", "7a13b3d"})
	})
	klogCall(r, LevelInfo, "klog v1 klogr Info, no values", func() { info("cert-manager/controller", "starting leader election", nil, nil) })
	klogCall(r, LevelInfo, "klog v1 klogr Info, WithValues", func() {
		info(name, "syncing item", []any{"key", "default/web"}, []any{"resource_kind", "Certificate"})
	})
	klogCall(r, LevelInfo, "klog v1 klogr Info, unnamed", func() { info("", "listening", nil, []any{"address", "0.0.0.0:9402"}) })
	klogCall(r, LevelError, "klog v1 klogr Error", func() {
		klog.ErrorDepth(0, name, " ", flatten("msg", "re-queuing item due to error processing"), " ",
			flatten("error", "Operation cannot be fulfilled: the object has been modified"), " ", flatten(), " ", flatten("key", "default/web"))
	})
	klogCall(r, LevelInfo, "klog v1 klogr Info, WithValues only", func() {
		info(name, "certificate does not require re-issuance", []any{"key", "default/web", "resource_namespace", "default"}, nil)
	})
	klogCall(r, LevelError, "klog v1 klogr Error, nil error", func() {
		klog.ErrorDepth(0, name, " ", flatten("msg", "failed to read secret"), " ", flatten("error", nil), " ", flatten(), " ", flatten("secret", "default/web-tls"))
	})
	klogCall(r, LevelInfo, "klogr v0.1 Info with \"level\"", func() {
		klog.InfoDepth(0, "cert-manager/controller/challenges", " ", flatten("level", 0, "msg", "new challenge controller registered"), " ", flatten(), " ", flatten("type", "http01"))
	})
}

func klogStreams() []*stream {
	mods := []string{modKlog}
	return []*stream{
		{logger: "klog", name: "global-legacy", modules: mods, desc: "global klog Info/Infof/Warning/Error/V(n), raw messages", run: genKlogLegacy},
		{logger: "klog", name: "global-structured", modules: mods, desc: "global klog InfoS/ErrorS, =< blocks, named logr logger", run: genKlogStructured},
		{logger: "klog", name: "global-add-dir-header", modules: mods, desc: "global klog with -add_dir_header", run: genKlogAddDirHeader},
		{logger: "klog", name: "textlogger", modules: mods, desc: "k8s.io/klog/v2/textlogger logr API", run: genKlogTextlogger},
		{logger: "klog", name: "klogr-serialize", modules: mods, desc: "k8s.io/klog/v2/klogr.New, the serialize form (\"msg\"=… then JSON pairs)", run: genKlogr},
		{logger: "klog", name: "klogr-v1", modules: mods,
			desc: "HAND-WRITTEN formatting, real klog: k8s.io/klog (v1) klogr's logger name + \"msg\"= + pairs, and klogr v0.1's \"level\" pair, typed from their source (that klogr cannot build beside klog/v2)", run: genKlogrV1},
		{logger: "klog", name: "fatal", modules: mods, desc: "klog.Fatalf with default -logtostderr=true, exit 255", child: &childRun{
			mode: "klog-fatal", exit: 255,
			tail: Record{Format: FormatKlog, Level: LevelCritical, Call: "klog.Fatalf"},
		}},
		{logger: "klog", name: "exit", modules: mods, desc: "klog.Exitf, exit 1", child: &childRun{
			mode: "klog-exit", exit: 1,
			tail: Record{Format: FormatKlog, Level: LevelCritical, Call: "klog.Exitf"},
		}},
	}
}
