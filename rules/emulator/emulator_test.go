package emulator

import (
	"encoding/json"
	"errors"
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
		Attributes: map[string]any{"http": map[string]any{"status_code": json.Number("500")}, "tags": []any{"warning", "plugins", json.Number("3")}},
		Tags:       []string{"source:nginx", "kube_namespace:prod", "kube_cluster_name:eu-1"}}
	for q, want := range map[string]bool{
		"*": true, "source:nginx": true, "source:redis": false, "-source:redis": true, "NOT source:nginx": false,
		"kube_cluster_name:*": true, "kube_cluster_name:eu-*": true, "kube_cluster_name:us-*": false,
		"source:redis OR kube_namespace:prod": true, "source:nginx AND kube_namespace:dev": false,
		"(source:redis OR source:nginx) kube_namespace:prod": true, "@http.status_code:500": true,
		"@http.status_code:404": false, "@missing:*": false, "health": true, "status:error": true,
		`"took 3ms"`: true, `"took 4ms"`: false,
		"@http.status_code:[500 TO 599]": true, "@http.status_code:[200 TO 299]": false,
		"@http.status_code:{400 TO 500}": false, "@http.status_code:[500 TO *]": true,
		"@http.status_code:>=500": true, "@http.status_code:>500": false, "@http.status_code:<501": true,
		"source:nginx @http.status_code:[400 TO 599]": true, "@missing:[1 TO 2]": false,
		"source:(redis OR nginx)": true, "source:(redis OR postgres)": false, "-source:(redis OR nginx)": false,
		"kube_namespace:(dev OR prod) source:nginx": true,
		"@tags:warning": true, "@tags:plugins": true, "@tags:3": true, "@tags:error": false, "-@tags:error": true, "@tags:*": true,
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
	for _, bad := range []string{"@http.status_code:[400 TO", "@x:[a TO b]", "source:[1 TO 2]", "(source:x", `source:"x`} {
		if _, err := parseQuery(bad); err == nil {
			t.Errorf("%q: want an error", bad)
		}
	}
}

func TestUnknownProcessorIsAnError(t *testing.T) {
	_, err := ParseList([]byte(`{"name":"p","is_enabled":true,"processors":[{"type":"arithmetic-processor","name":"geo","is_enabled":true}]}`))
	if err == nil || !strings.Contains(err.Error(), `"arithmetic-processor" is not implemented`) || !strings.Contains(err.Error(), `"geo"`) {
		t.Errorf("err = %v", err)
	}
}

// A single backslash before anything but a backslash or a quote inside a
// quoted grok argument is ambiguous: a warning, an error in strict mode.
func TestAmbiguousEscapes(t *testing.T) {
	js := `{"name":"p","is_enabled":true,"processors":[{"type":"grok-parser","name":"g","is_enabled":true,"source":"message",
	 "grok":{"support_rules":"","match_rules":"r %{regex(\"\\d{4}\"):year} %{regex(\"[^\\\\]]+\"):x}"}}]}`
	ps := pipe(t, js)
	w := ps[0].Warnings()
	if len(w) != 1 || !strings.Contains(w[0], `ambiguous escape \d`) || !strings.Contains(w[0], `processor 0 (grok-parser "g")`) {
		t.Fatalf("warnings: %q", w)
	}
	l := &Log{Message: "2026 abc", Status: "error"}
	Run(ps, l)
	if l.Attributes["year"] != "2026" {
		t.Errorf("the escape is read as the regex escape: %v", l.Attributes)
	}
	if _, err := ParseList([]byte(js), Strict()); err == nil || !errors.Is(err, ErrStrict) || !strings.Contains(err.Error(), "ambiguous escape") {
		t.Errorf("strict: %v", err)
	}
	clean := `{"name":"p","is_enabled":true,"processors":[{"type":"grok-parser","name":"g","is_enabled":true,"source":"message",
	 "grok":{"support_rules":"","match_rules":"r %{regex(\"[0-9]{4}\"):year}"}}]}`
	if ps, err := ParseList([]byte(clean), Strict()); err != nil || len(ps[0].Warnings()) != 0 {
		t.Errorf("clean pipeline: %v", err)
	}
}

// The processors integration pipelines use besides the grok parser and the
// remappers relevel generates.
func TestIntegrationProcessors(t *testing.T) {
	ps := pipe(t, `{"name":"p","is_enabled":true,"processors":[
	 {"type":"date-remapper","is_enabled":true,"sources":["ts","date"]},
	 {"type":"date-remapper","is_enabled":true,"sources":["later"]},
	 {"type":"url-parser","is_enabled":true,"sources":["http.url"],"target":"http.url_details"},
	 {"type":"user-agent-parser","is_enabled":true,"sources":["ua"],"target":"ua_details","encoded":true},
	 {"type":"geo-ip-parser","is_enabled":true,"sources":["ip"],"target":"geo"}]}`)
	if w := ps[0].Warnings(); len(w) != 1 || !strings.Contains(w[0], "no GeoIP database") {
		t.Errorf("warnings: %q", w)
	}
	l := &Log{Status: "info", Attributes: map[string]any{
		"date": json.Number("1700000000000"), "later": "2026-01-01T00:00:00Z",
		"http": map[string]any{"url": "https://example.com:8443/a/b?x=1"},
		"ua":   "Mozilla%2F5.0%20(X11%3B%20Linux%20x86_64)", "ip": "10.0.0.1"}}
	Run(ps, l)
	if l.Date != 1700000000000 {
		t.Errorf("date %d: the first date remapper that applies wins", l.Date)
	}
	u, _ := getPath(l.Attributes, "http.url_details.port")
	if u != int64(8443) {
		t.Errorf("url: %v", l.Attributes["http"])
	}
	if _, ok := getPath(l.Attributes, "ua_details.os.family"); !ok {
		t.Errorf("user agent: %v", l.Attributes["ua_details"])
	}
	if g, ok := l.Attributes["geo"].(map[string]any); !ok || len(g) != 0 {
		t.Errorf("geo: %v, want {}", l.Attributes["geo"])
	}
}
