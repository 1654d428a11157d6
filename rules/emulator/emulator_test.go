package emulator

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestRemapStatus(t *testing.T) {
	for in, want := range map[any]string{
		"emergency": "emerg", "fatal": "emerg", "F": "emerg", "alert": "alert", "critical": "critical",
		"error": "error", "ERR": "error", "E": "info", "e": "info", "warning": "warn", "W": "warn",
		"notice": "notice", "info": "info", "I": "info", "debug": "debug", "trace": "debug", "verbose": "debug",
		"dpanic": "debug", "panic": "info", "OK": "ok", "success": "ok", "3": "error", "7": "debug",
		json.Number("4"): "warn", 0.0: "emerg", "42": "info", "": "info",
	} {
		if got, ok := remapStatus(in); !ok || got != want {
			t.Errorf("remapStatus(%#v) = %q, want %q", in, got, want)
		}
	}
}

func pipe(t *testing.T, js string) []*Pipeline {
	t.Helper()
	ps, err := ParseList([]byte(js))
	if err != nil {
		t.Fatal(err)
	}
	return ps
}

func TestPreprocessJSON(t *testing.T) {
	l := &Log{Message: `{"level":"warning","msg":"careful","n":3}`, Status: "error"}
	Run(nil, l)
	if l.Status != "warn" || l.Message != "careful" || l.Attributes["n"] != json.Number("3") {
		t.Errorf("%+v", l)
	}
	l = &Log{Message: `{"severity":"info","level":"error"}`, Status: "error"}
	Run(nil, l)
	if l.Status != "info" {
		t.Errorf("first status attribute present must win: %+v", l)
	}
	l = &Log{Message: "not json {", Status: "error"}
	Run(nil, l)
	if l.Status != "error" || l.Message != "not json {" {
		t.Errorf("%+v", l)
	}
}

// Only the first status remapper that applies counts, across pipelines; a
// lookup with a missing source does nothing even with a default.
func TestRemapperAndLookupSemantics(t *testing.T) {
	ps := pipe(t, `[
	 {"name":"a","is_enabled":true,"filter":{"query":"*"},"processors":[
	  {"type":"lookup-processor","is_enabled":true,"source":"raw","target":"lvl","lookup_table":["I,info","E,error"],"default_lookup":"debug"},
	  {"type":"status-remapper","is_enabled":true,"sources":["lvl"]}]},
	 {"name":"b","is_enabled":true,"processors":[
	  {"type":"status-remapper","is_enabled":true,"sources":["other"]}]}
	]`)
	l := &Log{Status: "error", Attributes: map[string]any{"raw": "I", "other": "critical"}}
	Run(ps, l)
	if l.Status != "info" {
		t.Errorf("status %q: the second pipeline's remapper must not apply", l.Status)
	}
	l = &Log{Status: "error", Attributes: map[string]any{"raw": "X"}}
	Run(ps, l)
	if l.Status != "debug" || l.Attributes["lvl"] != "debug" {
		t.Errorf("default_lookup: %+v", l)
	}
	l = &Log{Status: "error", Attributes: map[string]any{"other": "warn"}}
	Run(ps, l)
	if _, set := l.Attributes["lvl"]; set || l.Status != "warn" {
		t.Errorf("missing source must leave target unset; second remapper then applies: %+v", l)
	}
}

func TestDisabledAndFiltered(t *testing.T) {
	ps := pipe(t, `[
	 {"name":"off","processors":[{"type":"status-remapper","is_enabled":true,"sources":["s"]}]},
	 {"name":"nginx only","is_enabled":true,"filter":{"query":"source:nginx"},"processors":[{"type":"status-remapper","is_enabled":true,"sources":["s"]}]},
	 {"name":"proc off","is_enabled":true,"processors":[{"type":"status-remapper","sources":["s"]}]}
	]`)
	l := &Log{Status: "error", Attributes: map[string]any{"s": "info"}, Tags: []string{"source:redis"}}
	Run(ps, l)
	if l.Status != "error" {
		t.Errorf("disabled pipeline, unmatched filter or disabled processor applied: %q", l.Status)
	}
	l = &Log{Status: "error", Attributes: map[string]any{"s": "info"}, Tags: []string{"source:nginx"}}
	Run(ps, l)
	if l.Status != "info" {
		t.Errorf("matching filter not applied: %q", l.Status)
	}
}

func TestQuery(t *testing.T) {
	l := &Log{Message: "GET /health took 3ms", Status: "error",
		Attributes: map[string]any{"http": map[string]any{"status_code": json.Number("500")}},
		Tags:       []string{"source:nginx", "kube_namespace:prod", "kube_cluster_name:eu-1"}}
	for q, want := range map[string]bool{
		"*": true, "source:nginx": true, "source:redis": false, "-source:redis": true, "NOT source:nginx": false,
		"kube_cluster_name:*": true, "kube_cluster_name:eu-*": true, "kube_cluster_name:us-*": false,
		"source:redis OR kube_namespace:prod": true, "source:nginx AND kube_namespace:dev": false,
		"(source:redis OR source:nginx) kube_namespace:prod": true, "@http.status_code:500": true,
		"@http.status_code:404": false, "@missing:*": false, "health": true, "status:error": true,
		`"took 3ms"`: true, `"took 4ms"`: false,
	} {
		pq, err := parseQuery(q)
		if err != nil {
			t.Errorf("%q: %v", q, err)
			continue
		}
		if got := pq.match(l); got != want {
			t.Errorf("%q matched %v, want %v", q, got, want)
		}
	}
	for _, bad := range []string{"@http.status_code:[400 TO 499]", "@duration:>100", "(source:x", `source:"x`} {
		if _, err := parseQuery(bad); err == nil {
			t.Errorf("%q: want an error", bad)
		}
	}
}

func TestUnknownProcessorIsAnError(t *testing.T) {
	_, err := ParseList([]byte(`{"name":"p","is_enabled":true,"processors":[{"type":"geo-ip-parser","name":"geo","is_enabled":true}]}`))
	if err == nil || !strings.Contains(err.Error(), `"geo-ip-parser" is not implemented`) || !strings.Contains(err.Error(), `"geo"`) {
		t.Errorf("err = %v", err)
	}
}
