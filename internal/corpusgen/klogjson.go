package corpusgen

import (
	"errors"
	"fmt"
	"time"

	logsapi "k8s.io/component-base/logs/api/v1"
	logsjson "k8s.io/component-base/logs/json"
	"k8s.io/klog/v2"
)

const modComponentBase = "k8s.io/component-base"

// useKlogJSON routes the global klog through the JSON logger of
// k8s.io/component-base/logs/json, as a Kubernetes component started with
// --logging-format=json -v=4 does (logsapi.ValidateAndApply installs the
// logger with klog.SetLoggerWithOptions). Both streams go to r.
func useKlogJSON(r *recorder) {
	useGlobalKlog(r, nil)
	cfg := logsapi.LoggingConfiguration{Format: logsapi.JSONLogFormat, Verbosity: 4}
	logger, ctrl := logsjson.Factory{}.Create(cfg, logsapi.LoggingOptions{ErrorStream: r, InfoStream: r})
	klog.SetLoggerWithOptions(logger, klog.ContextualLogger(true), klog.FlushLogger(ctrl.Flush))
}

// klogJSONCall records a global klog call written by the JSON logger. The
// format has no level key: the level is "error" when the call puts an "err"
// key on the line (ErrorS and logr Error with a non-nil error) and "info"
// otherwise, which is what a reader of the bytes can know. withErr says
// which case the call is.
func klogJSONCall(r *recorder, withErr bool, call string, fn func()) {
	level := LevelInfo
	if withErr {
		level = LevelError
	}
	r.call(FormatKlogJSON, level, call, func() {
		fn()
		klog.Flush()
	})
}

func genKlogJSON(r *recorder) {
	useKlogJSON(r)
	klogJSONCall(r, false, "klog.InfoS", func() {
		klog.InfoS("Structured InfoS", "pod", klog.KObj(pod{"kube-system", "coredns-abc"}), "count", 3, "ratio", 0.5, "ok", true,
			"str", `with spaces and "quotes"`)
	})
	klogJSONCall(r, true, "klog.ErrorS", func() {
		klog.ErrorS(errors.New("connection refused"), "ErrorS with error", "node", "node-1")
	})
	klogJSONCall(r, false, "klog.ErrorS nil err (no err key, so info)", func() {
		klog.ErrorS(nil, "ErrorS with nil error", "node", "node-2")
	})
	klogJSONCall(r, false, "klog.Info (legacy)", func() { klog.Info("legacy unstructured klog.Info") })
	klogJSONCall(r, false, "klog.Infof (legacy)", func() { klog.Infof("Version: %s, built with %s", "v1.34.0", "go1.26.8") })
	klogJSONCall(r, false, "klog.Warning (legacy; the JSON format writes it as info)", func() { klog.Warning("legacy klog.Warning") })
	klogJSONCall(r, false, "klog.Warningf (legacy; the JSON format writes it as info)", func() {
		klog.Warningf("Retrying in %v (attempt %d/%d)", 1500*time.Millisecond, 2, 5)
	})
	klogJSONCall(r, false, "klog.Error (legacy; no err key, so info)", func() {
		klog.Error("Failed to sync node status: ", errors.New("connection refused"))
	})
	klogJSONCall(r, false, "klog.Errorf (legacy; no err key, so info)", func() {
		klog.Errorf("Unable to read config %q: %v", "/etc/kubernetes/kubelet.conf", errors.New("permission denied"))
	})
	klogJSONCall(r, false, "klog.V(2).InfoS", func() { klog.V(2).InfoS("V(2).InfoS structured", "key", "value") })
	klogJSONCall(r, false, "klog.V(4).Info (legacy)", func() { klog.V(4).Info("V(4) legacy message") })
	klogJSONCall(r, false, "klog.InfoS multi-line value (escaped)", func() {
		klog.InfoS("multi-line value", "config", "line one\nline two\n  indented line three")
	})
	klogJSONCall(r, false, "klog.Info multi-line message (escaped)", func() {
		klog.Info("plain Info with embedded newline:\nsecond line of message")
	})
	klogJSONCall(r, true, "klog.ErrorS multi-line err and multi-line value", func() {
		klog.ErrorS(errors.Join(errors.New("dial tcp: timeout"), errors.New("retry budget exhausted")), "Sync failed",
			"pod", klog.KObj(pod{"default", "web-0"}), "events", "Pulling\nBackOff", "attempt", 5)
	})
	klogJSONCall(r, false, "klog.InfoS slice, map, struct, duration", func() {
		klog.InfoS("Values", "list", []string{"a", "b c"}, "map", map[string]int{"x": 1, "y": 2},
			"endpoint", endpoint{Host: "10.0.0.1", Port: 443, Ready: true}, "took", 1500*time.Millisecond)
	})
	klogJSONCall(r, false, "klog.InfoS KObjSlice", func() {
		klog.InfoS("Pods evicted", "pods", klog.KObjSlice([]pod{{"ns1", "a"}, {"ns2", "b"}}))
	})
	ctrl := klog.LoggerWithName(klog.Background(), "deployment-controller")
	klogJSONCall(r, false, "logr.Logger.Info (klog.Background().WithName)", func() {
		ctrl.Info("Syncing deployment", "deployment", klog.KRef("default", "web"))
	})
	klogJSONCall(r, false, "logr.Logger.WithValues.V(2).Info", func() {
		ctrl.WithValues("worker", 3).V(2).Info("Processing item", "queueLen", 17)
	})
	klogJSONCall(r, true, "logr.Logger.Error (nested names)", func() {
		ctrl.WithName("rollout").Error(errors.New("quota exceeded"), "Rollout failed", "revision", 7)
	})
	klogJSONCall(r, false, "logr.Logger.Error nil err (no err key, so info)", func() {
		klog.Background().Error(nil, "Error without an error value", "x", 1)
	})
	klogJSONCall(r, false, "klog.InfoS message with quotes and newline", func() {
		klog.InfoS(fmt.Sprintf("message with %q\nand newline", "quotes"), "k", "v")
	})
	klogJSONCall(r, false, "klog.InfoS", func() { klog.InfoS("Shutdown complete", "duration", 2*time.Second) })
}

func klogJSONStreams() []*stream {
	m := []string{modComponentBase, modKlog}
	return []*stream{
		{logger: "klog-json", name: "component-base-json", modules: m, desc: "global klog through k8s.io/component-base/logs/json (--logging-format=json -v=4)", run: genKlogJSON},
	}
}
