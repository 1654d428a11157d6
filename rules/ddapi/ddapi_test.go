package ddapi_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/DataDog/datadog-api-client-go/v2/api/datadog"
	"github.com/DataDog/datadog-api-client-go/v2/api/datadogV1"

	"github.com/relevel/relevel/internal/fakedatadog"
	"github.com/relevel/relevel/rules/ddapi"
)

// Fake credentials; tests check they never show up in errors or logs.
const (
	testAPIKey = "0123456789abcdef0123456789abcdef"
	testAppKey = "fedcba9876543210fedcba9876543210fedcba98"
)

const grokRules = `klog_line %{regex("[IWEF]"):klog.level_raw}%{date("MMdd HH:mm:ss.SSSSSS"):klog.time}%{data}`

// desired is a hand-built relevel-style pipeline: grok parser, lookup,
// status remapper, everything enabled explicitly (the constructors set
// is_enabled to false).
func desired() datadogV1.LogsPipeline {
	grok := datadogV1.NewLogsGrokParser(*datadogV1.NewLogsGrokParserRules(grokRules), "message", datadogV1.LOGSGROKPARSERTYPE_GROK_PARSER)
	grok.SetName("parse klog")
	grok.SetIsEnabled(true)
	grok.Samples = []string{"I0911 07:22:25.408586       1 cni_writer.go:930] Successfully synced"}

	lookup := datadogV1.NewLogsLookupProcessor([]string{"I,info", "W,warning", "E,error", "F,critical"},
		"klog.level_raw", "relevel.level", datadogV1.LOGSLOOKUPPROCESSORTYPE_LOOKUP_PROCESSOR)
	lookup.SetName("klog level")
	lookup.SetIsEnabled(true)

	status := datadogV1.NewLogsStatusRemapper([]string{"relevel.level"}, datadogV1.LOGSSTATUSREMAPPERTYPE_STATUS_REMAPPER)
	status.SetName("status from relevel.level")
	status.SetIsEnabled(true)

	p := datadogV1.NewLogsPipeline("relevel: true log levels")
	p.SetIsEnabled(true)
	p.SetFilter(datadogV1.LogsFilter{Query: datadog.PtrString("*")})
	p.SetDescription("test pipeline")
	p.Processors = []datadogV1.LogsProcessor{
		datadogV1.LogsGrokParserAsLogsProcessor(grok),
		datadogV1.LogsLookupProcessorAsLogsProcessor(lookup),
		datadogV1.LogsStatusRemapperAsLogsProcessor(status),
	}
	return *p
}

type env struct {
	srv    *fakedatadog.API
	client *ddapi.Client
	sleeps *[]time.Duration
}

// setup starts a fake that only accepts the test keys; Start fails the test
// if any request broke the spec.
func setup(t *testing.T, cfg ddapi.Config) env {
	t.Helper()
	srv := fakedatadog.StartAPI(t)
	srv.SetKeys(testAPIKey, testAppKey)
	if cfg.APIKey == "" {
		cfg.APIKey = testAPIKey
	}
	if cfg.AppKey == "" {
		cfg.AppKey = testAppKey
	}
	cfg.APIURL = srv.URL()
	c, err := ddapi.NewClient(cfg)
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var sleeps []time.Duration
	ddapi.SetSleep(c, func(ctx context.Context, d time.Duration) error {
		mu.Lock()
		defer mu.Unlock()
		sleeps = append(sleeps, d)
		return ctx.Err()
	})
	return env{srv: srv, client: c, sleeps: &sleeps}
}

func apply(t *testing.T, e env, p datadogV1.LogsPipeline, opts ddapi.PlanOptions) *ddapi.Result {
	t.Helper()
	res, err := e.client.Apply(context.Background(), p, opts)
	if err != nil {
		t.Fatalf("Apply: %v", err)
	}
	return res
}

func plan(t *testing.T, e env, p datadogV1.LogsPipeline, opts ddapi.PlanOptions) *ddapi.Plan {
	t.Helper()
	pl, err := e.client.Plan(context.Background(), p, opts)
	if err != nil {
		t.Fatalf("Plan: %v", err)
	}
	return pl
}

func ops(rs []fakedatadog.APIRequest) []string {
	var out []string
	for _, r := range rs {
		out = append(out, r.Op)
	}
	return out
}

func TestApplyCreatesAndPutsFirst(t *testing.T) {
	e := setup(t, ddapi.Config{})
	other, err := e.srv.AddPipeline(`{"name":"someone else's","is_enabled":true,"processors":[{"type":"status-remapper","sources":["level"],"is_enabled":true}]}`)
	if err != nil {
		t.Fatal(err)
	}
	pl := plan(t, e, desired(), ddapi.PlanOptions{})
	if pl.Action != ddapi.ActionCreate || !pl.Order.Change || pl.Order.Position != -1 || len(pl.Warnings) != 0 {
		t.Errorf("plan = %+v", pl)
	}
	if !strings.HasPrefix(pl.Diff, "--- datadog: (none)\n+++ desired: relevel: true log levels\n@@ -0,0 +1,") {
		t.Errorf("create diff:\n%s", pl.Diff)
	}

	res := apply(t, e, desired(), ddapi.PlanOptions{})
	if res.Action != ddapi.ActionCreate || res.ID == "" || !res.OrderChanged {
		t.Fatalf("result = %+v", res)
	}
	if got := e.srv.Order(); !slices.Equal(got, []string{res.ID, other}) {
		t.Errorf("order = %v, want ours first", got)
	}
	stored, _ := e.srv.Pipeline(res.ID)
	for i, p := range stored["processors"].([]any) {
		if p.(map[string]any)["is_enabled"] != true {
			t.Errorf("processor %d stored disabled", i)
		}
	}
	if got := ops(e.srv.Writes()); !slices.Equal(got, []string{fakedatadog.OpCreatePipeline, fakedatadog.OpUpdateOrder}) {
		t.Errorf("writes = %v", got)
	}
	if res.Pipeline.GetId() != res.ID || res.Pipeline.GetType() != "pipeline" {
		t.Errorf("result pipeline = %+v", res.Pipeline)
	}
}

func TestSecondApplyWritesNothing(t *testing.T) {
	e := setup(t, ddapi.Config{})
	first := apply(t, e, desired(), ddapi.PlanOptions{})
	e.srv.ResetRequests()

	res := apply(t, e, desired(), ddapi.PlanOptions{})
	if res.Action != ddapi.ActionNone || res.OrderChanged || res.ID != first.ID {
		t.Errorf("second apply = %+v", res)
	}
	if w := e.srv.Writes(); len(w) != 0 {
		t.Errorf("second apply wrote: %v", ops(w))
	}
	if res.Plan.Changed() || res.Plan.Diff != "" {
		t.Errorf("plan says changed:\n%s", res.Plan)
	}
	if !strings.Contains(res.Plan.String(), "is up to date") || !strings.Contains(res.Plan.String(), "already first") {
		t.Errorf("plan text:\n%s", res.Plan)
	}
}

func TestUpdateInPlace(t *testing.T) {
	e := setup(t, ddapi.Config{})
	first := apply(t, e, desired(), ddapi.PlanOptions{})
	e.srv.ResetRequests()

	p := desired()
	p.Processors[1].LogsLookupProcessor.LookupTable = append(p.Processors[1].LogsLookupProcessor.LookupTable, "D,debug")
	pl := plan(t, e, p, ddapi.PlanOptions{})
	if pl.Action != ddapi.ActionUpdate || pl.ID != first.ID || pl.Order.Change {
		t.Errorf("plan = %+v", pl)
	}
	var changed []string
	for _, l := range strings.Split(pl.Diff, "\n") {
		if (strings.HasPrefix(l, "+") || strings.HasPrefix(l, "-")) && !strings.HasPrefix(l, "+++") && !strings.HasPrefix(l, "---") {
			changed = append(changed, l)
		}
	}
	if want := []string{`-        "F,critical"`, `+        "F,critical",`, `+        "D,debug"`}; !slices.Equal(changed, want) {
		t.Errorf("changed lines = %q, want %q; diff:\n%s", changed, want, pl.Diff)
	}

	res := apply(t, e, p, ddapi.PlanOptions{})
	if res.Action != ddapi.ActionUpdate || res.ID != first.ID || res.OrderChanged {
		t.Errorf("result = %+v", res)
	}
	writes := e.srv.Writes()
	if got := ops(writes); !slices.Equal(got, []string{fakedatadog.OpUpdatePipeline}) {
		t.Errorf("writes = %v", got)
	}
	if writes[0].Path != "/api/v1/logs/config/pipelines/"+first.ID {
		t.Errorf("PUT to %s", writes[0].Path)
	}
	if len(e.srv.PipelineIDs()) != 1 {
		t.Errorf("pipelines = %v", e.srv.PipelineIDs())
	}
	stored, _ := e.srv.Pipeline(first.ID)
	table := stored["processors"].([]any)[1].(map[string]any)["lookup_table"].([]any)
	if len(table) != 5 {
		t.Errorf("stored table = %v", table)
	}
}

func TestOutOfBandEditIsDiffedAndRepaired(t *testing.T) {
	e := setup(t, ddapi.Config{})
	res := apply(t, e, desired(), ddapi.PlanOptions{})
	// A user edits the pipeline in the web UI.
	if err := e.srv.EditPipeline(res.ID, func(p map[string]any) {
		procs := p["processors"].([]any)
		procs[2].(map[string]any)["sources"] = []any{"level"}
		procs[0].(map[string]any)["is_enabled"] = false
	}); err != nil {
		t.Fatal(err)
	}
	pl := plan(t, e, desired(), ddapi.PlanOptions{})
	if pl.Action != ddapi.ActionUpdate {
		t.Fatalf("plan after edit = %s", pl)
	}
	for _, want := range []string{`-        "level"`, `+        "relevel.level"`, `+      "is_enabled": true,`, "--- datadog: relevel: true log levels (" + res.ID + ")"} {
		if !strings.Contains(pl.Diff, want) {
			t.Errorf("diff lacks %q:\n%s", want, pl.Diff)
		}
	}

	e.srv.ResetRequests()
	again := apply(t, e, desired(), ddapi.PlanOptions{})
	if again.Action != ddapi.ActionUpdate || again.ID != res.ID {
		t.Errorf("repair = %+v", again)
	}
	if pl := plan(t, e, desired(), ddapi.PlanOptions{}); pl.Changed() {
		t.Errorf("still differs after repair:\n%s", pl)
	}
}

func TestOutOfBandDeleteRecreates(t *testing.T) {
	e := setup(t, ddapi.Config{})
	other, _ := e.srv.AddPipeline(`{"name":"other"}`)
	res := apply(t, e, desired(), ddapi.PlanOptions{})
	if err := e.srv.DeletePipeline(res.ID); err != nil {
		t.Fatal(err)
	}
	again := apply(t, e, desired(), ddapi.PlanOptions{})
	if again.Action != ddapi.ActionCreate || again.ID == res.ID || !again.OrderChanged {
		t.Errorf("after delete: %+v", again)
	}
	if got := e.srv.Order(); !slices.Equal(got, []string{again.ID, other}) {
		t.Errorf("order = %v", got)
	}
}

func TestOrderRestored(t *testing.T) {
	e := setup(t, ddapi.Config{})
	res := apply(t, e, desired(), ddapi.PlanOptions{})
	other, _ := e.srv.AddPipeline(`{"name":"moved ahead"}`)
	third, _ := e.srv.AddPipeline(`{"name":"third"}`)
	if err := e.srv.MoveToFront(other); err != nil {
		t.Fatal(err)
	}
	pl := plan(t, e, desired(), ddapi.PlanOptions{})
	if pl.Action != ddapi.ActionNone || !pl.Order.Change || pl.Order.Position != 1 {
		t.Errorf("plan = %+v", pl)
	}
	if !strings.Contains(pl.String(), "move it from position 2 to first") {
		t.Errorf("plan text:\n%s", pl)
	}
	e.srv.ResetRequests()
	again := apply(t, e, desired(), ddapi.PlanOptions{})
	if !again.OrderChanged || again.Action != ddapi.ActionNone {
		t.Errorf("apply = %+v", again)
	}
	if got := e.srv.Order(); !slices.Equal(got, []string{res.ID, other, third}) {
		t.Errorf("order = %v, want ours first and the rest kept", got)
	}
	if got := ops(e.srv.Writes()); !slices.Equal(got, []string{fakedatadog.OpUpdateOrder}) {
		t.Errorf("writes = %v", got)
	}
}

func TestNoOrderLeavesOrderAlone(t *testing.T) {
	e := setup(t, ddapi.Config{})
	other, _ := e.srv.AddPipeline(`{"name":"first"}`)
	res := apply(t, e, desired(), ddapi.PlanOptions{NoOrder: true})
	if res.OrderChanged || res.Plan.Order.Managed {
		t.Errorf("result = %+v", res)
	}
	if got := e.srv.Order(); !slices.Equal(got, []string{other, res.ID}) {
		t.Errorf("order = %v", got)
	}
	for _, r := range e.srv.Requests() {
		if r.Op == fakedatadog.OpGetOrder || r.Op == fakedatadog.OpUpdateOrder {
			t.Errorf("NoOrder touched the order: %s %s", r.Method, r.Path)
		}
	}
	if !strings.Contains(res.Plan.String(), "pipeline order: left alone") {
		t.Errorf("plan text:\n%s", res.Plan)
	}
}

func TestPipelineMissingFromOrderIsPutFirst(t *testing.T) {
	e := setup(t, ddapi.Config{})
	other, _ := e.srv.AddPipeline(`{"name":"other"}`)
	res := apply(t, e, desired(), ddapi.PlanOptions{NoOrder: true})
	if err := e.srv.HideFromOrder(res.ID); err != nil {
		t.Fatal(err)
	}
	pl := plan(t, e, desired(), ddapi.PlanOptions{})
	if pl.Order.Position != -1 || !pl.Order.Change {
		t.Errorf("plan order = %+v", pl.Order)
	}
	if again := apply(t, e, desired(), ddapi.PlanOptions{}); !again.OrderChanged {
		t.Errorf("apply = %+v", again)
	}
	if got := e.srv.Order(); !slices.Equal(got, []string{res.ID, other}) {
		t.Errorf("order = %v", got)
	}
}

func TestOrderConflictIsReadAgain(t *testing.T) {
	e := setup(t, ddapi.Config{})
	e.srv.AddPipeline(`{"name":"other"}`)
	e.srv.FailNext(fakedatadog.OpUpdateOrder, 1, fakedatadog.Failure{Status: 422, Body: `{"error":{"code":"InvalidArgument","message":"Cannot map pipelines to existing ones"}}`})
	res := apply(t, e, desired(), ddapi.PlanOptions{})
	if !res.OrderChanged || e.srv.Order()[0] != res.ID {
		t.Errorf("order = %v", e.srv.Order())
	}
}

func TestGrok400IsVerbatimWithProcessor(t *testing.T) {
	cases := []struct {
		name    string
		failure fakedatadog.Failure
		want    []string
	}{
		{
			name:    "errors body naming the rule",
			failure: fakedatadog.BadRequest(`Invalid grok rule klog_line: unknown matcher "notAMatcher" at position 12`),
			want:    []string{`400 Bad Request`, `processor #0 "parse klog" (grok-parser)`, `Invalid grok rule klog_line: unknown matcher "notAMatcher" at position 12`},
		},
		{
			name:    "logs error body",
			failure: fakedatadog.LogsBadRequest("Invalid Pipeline", "Invalid parser"),
			want:    []string{`processor #0 "parse klog" (grok-parser)`, `Invalid Pipeline: Invalid parser`},
		},
		{
			name:    "quoted processor name",
			failure: fakedatadog.BadRequest(`Processor 'klog level': lookup_table entry "X" has no comma`),
			want:    []string{`processor #1 "klog level" (lookup-processor)`, `Processor 'klog level': lookup_table entry "X" has no comma`},
		},
		{
			name:    "unattributable",
			failure: fakedatadog.BadRequest("Invalid filter query"),
			want:    []string{`CreateLogsPipeline: 400 Bad Request: Invalid filter query`},
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			e := setup(t, ddapi.Config{})
			e.srv.FailNext(fakedatadog.OpCreatePipeline, 1, tc.failure)
			_, err := e.client.Apply(context.Background(), desired(), ddapi.PlanOptions{})
			if err == nil {
				t.Fatal("Apply succeeded")
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q lacks %q", err, w)
				}
			}
			var ae *ddapi.APIError
			if !errors.As(err, &ae) || ae.Status != 400 || ae.Op != "CreateLogsPipeline" || ae.Attempts != 1 {
				t.Errorf("APIError = %+v", ae)
			}
			if len(e.srv.PipelineIDs()) != 0 {
				t.Errorf("a rejected create stored a pipeline")
			}
			assertNoKeys(t, err)
		})
	}
}

func TestForbidden(t *testing.T) {
	cases := []struct {
		name  string
		cfg   ddapi.Config
		perms []string // nil: all
		want  string
	}{
		{"bad API key", ddapi.Config{APIKey: "bad-api-key-0000"}, nil,
			"Datadog rejected the API key (DD_API_KEY)"},
		{"bad application key", ddapi.Config{AppKey: "bad-app-key-0000"}, nil,
			"the API key is valid, so the application key (DD_APP_KEY) is invalid or revoked, or its user lacks the logs_read_config permission"},
		{"no write permission", ddapi.Config{}, []string{fakedatadog.PermReadConfig},
			"the application key can read pipelines, so its user lacks the logs_write_pipelines permission"},
		{"no permission at all", ddapi.Config{}, []string{},
			"lacks the logs_read_config permission"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			e := setup(t, tc.cfg)
			if tc.perms != nil {
				e.srv.SetPermissions(tc.perms...)
			}
			_, err := e.client.Apply(context.Background(), desired(), ddapi.PlanOptions{})
			if err == nil {
				t.Fatal("Apply succeeded")
			}
			var ae *ddapi.APIError
			if !errors.As(err, &ae) || ae.Status != 403 {
				t.Fatalf("error = %v", err)
			}
			if !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), "Forbidden") {
				t.Errorf("error %q lacks %q", err, tc.want)
			}
			assertNoKeys(t, err, tc.cfg.APIKey, tc.cfg.AppKey)
		})
	}
}

func TestRateLimitIsRetriedAfterReset(t *testing.T) {
	e := setup(t, ddapi.Config{})
	e.srv.FailNext(fakedatadog.OpListPipelines, 2, fakedatadog.RateLimited(7))
	e.srv.FailNext(fakedatadog.OpCreatePipeline, 1, fakedatadog.RateLimited(1))
	res := apply(t, e, desired(), ddapi.PlanOptions{})
	if res.Action != ddapi.ActionCreate {
		t.Errorf("result = %+v", res)
	}
	if want := []time.Duration{7 * time.Second, 7 * time.Second, time.Second}; !slices.Equal(*e.sleeps, want) {
		t.Errorf("waits = %v, want %v (X-RateLimit-Reset)", *e.sleeps, want)
	}
	var lists, creates int
	for _, r := range e.srv.Requests() {
		switch r.Op {
		case fakedatadog.OpListPipelines:
			lists++
		case fakedatadog.OpCreatePipeline:
			creates++
		}
	}
	if lists != 3 || creates != 2 || len(e.srv.PipelineIDs()) != 1 {
		t.Errorf("lists %d, creates %d, pipelines %v", lists, creates, e.srv.PipelineIDs())
	}
}

func TestRateLimitGivesUpAfterMaxRetries(t *testing.T) {
	e := setup(t, ddapi.Config{MaxRetries: 2})
	e.srv.FailNext(fakedatadog.OpListPipelines, 5, fakedatadog.RateLimited(1))
	_, err := e.client.Apply(context.Background(), desired(), ddapi.PlanOptions{})
	var ae *ddapi.APIError
	if !errors.As(err, &ae) || ae.Status != 429 || ae.Attempts != 3 {
		t.Fatalf("error = %v", err)
	}
	if !strings.Contains(err.Error(), "after 3 attempts") || !strings.Contains(err.Error(), "Too many requests") {
		t.Errorf("error = %v", err)
	}
	if len(*e.sleeps) != 2 {
		t.Errorf("waits = %v", *e.sleeps)
	}
	assertNoKeys(t, err)
}

func TestRateLimitWaitHonoursContext(t *testing.T) {
	srv := fakedatadog.StartAPI(t)
	c, err := ddapi.NewClient(ddapi.Config{APIKey: testAPIKey, AppKey: testAppKey, APIURL: srv.URL()})
	if err != nil {
		t.Fatal(err)
	}
	srv.FailNext(fakedatadog.OpListPipelines, 1, fakedatadog.RateLimited(60))
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err = c.Apply(ctx, desired(), ddapi.PlanOptions{})
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("error = %v", err)
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("waited %s despite the context", d)
	}
	assertNoKeys(t, err)
}

func TestServerErrorRetriedExceptOnCreate(t *testing.T) {
	e := setup(t, ddapi.Config{})
	e.srv.AddPipeline(`{"name":"other"}`)
	e.srv.FailNext(fakedatadog.OpCreatePipeline, 1, fakedatadog.InternalError())
	_, err := e.client.Apply(context.Background(), desired(), ddapi.PlanOptions{})
	var ae *ddapi.APIError
	if !errors.As(err, &ae) || ae.Status != 500 || ae.Attempts != 1 {
		t.Fatalf("create 500: %v", err)
	}
	e.srv.FailNext(fakedatadog.OpUpdateOrder, 1, fakedatadog.InternalError())
	res := apply(t, e, desired(), ddapi.PlanOptions{})
	if !res.OrderChanged || len(*e.sleeps) != 1 || (*e.sleeps)[0] != time.Second {
		t.Errorf("order 500 not retried with backoff: changed %v, waits %v", res.OrderChanged, *e.sleeps)
	}
}

func TestFindGetDelete(t *testing.T) {
	e := setup(t, ddapi.Config{})
	ctx := context.Background()
	if _, err := e.client.FindByName(ctx, "relevel: true log levels"); !errors.Is(err, ddapi.ErrNotFound) {
		t.Errorf("FindByName on empty org: %v", err)
	}
	res := apply(t, e, desired(), ddapi.PlanOptions{})
	got, err := e.client.FindByName(ctx, "relevel: true log levels")
	if err != nil || got.GetId() != res.ID {
		t.Errorf("FindByName = %v, %v", got.GetId(), err)
	}
	if got, err := e.client.Get(ctx, res.ID); err != nil || got.Name != "relevel: true log levels" || got.GetIsReadOnly() {
		t.Errorf("Get = %+v, %v", got, err)
	}
	if err := e.client.Delete(ctx, res.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := e.client.Get(ctx, res.ID); !errors.Is(err, ddapi.ErrNotFound) {
		t.Errorf("Get after delete: %v", err)
	}
	if err := e.client.Delete(ctx, res.ID); !errors.Is(err, ddapi.ErrNotFound) {
		t.Errorf("second Delete: %v", err)
	}
}

func TestAmbiguousAndReadOnlyNames(t *testing.T) {
	e := setup(t, ddapi.Config{})
	ctx := context.Background()
	a, _ := e.srv.AddPipeline(`{"name":"relevel: true log levels"}`)
	b, _ := e.srv.AddPipeline(`{"name":"relevel: true log levels"}`)
	_, err := e.client.Apply(ctx, desired(), ddapi.PlanOptions{})
	if !errors.Is(err, ddapi.ErrAmbiguous) || !strings.Contains(err.Error(), a) || !strings.Contains(err.Error(), b) {
		t.Errorf("two pipelines with the name: %v", err)
	}
	_ = e.srv.DeletePipeline(a)
	_ = e.srv.DeletePipeline(b)
	e.srv.AddPipeline(`{"name":"relevel: true log levels","is_read_only":true}`)
	if _, err := e.client.Apply(ctx, desired(), ddapi.PlanOptions{}); !errors.Is(err, ddapi.ErrReadOnly) {
		t.Errorf("read-only pipeline with the name: %v", err)
	}
	if w := e.srv.Writes(); len(w) != 0 {
		t.Errorf("wrote %v", ops(w))
	}
}

func TestDisabledByConstructorsIsWarned(t *testing.T) {
	e := setup(t, ddapi.Config{})
	p := desired()
	p.IsEnabled = nil
	p.Processors[2].LogsStatusRemapper.IsEnabled = datadog.PtrBool(false)
	pl := plan(t, e, p, ddapi.PlanOptions{})
	text := strings.Join(pl.Warnings, "\n")
	if len(pl.Warnings) != 2 || !strings.Contains(text, `pipeline "relevel: true log levels" is disabled`) ||
		!strings.Contains(text, `processor #2 "status from relevel.level" (status-remapper) is disabled`) {
		t.Errorf("warnings = %q", pl.Warnings)
	}
	// What the API defaults (is_enabled:false) is not a difference.
	res := apply(t, e, p, ddapi.PlanOptions{NoOrder: true})
	if pl := plan(t, e, p, ddapi.PlanOptions{NoOrder: true}); pl.Action != ddapi.ActionNone {
		t.Errorf("after applying a disabled pipeline: %s", pl)
	}
	stored, _ := e.srv.Pipeline(res.ID)
	if stored["is_enabled"] != false {
		t.Errorf("stored is_enabled = %v", stored["is_enabled"])
	}
}

func TestReadOnlyFieldsAreNotSent(t *testing.T) {
	e := setup(t, ddapi.Config{})
	res := apply(t, e, desired(), ddapi.PlanOptions{})
	// Feed back what Datadog answered: id, type and is_read_only included.
	again := apply(t, e, res.Pipeline, ddapi.PlanOptions{})
	if again.Action != ddapi.ActionNone {
		t.Errorf("answer fed back differs: %s", again.Plan)
	}
	p := res.Pipeline
	p.SetDescription("changed")
	apply(t, e, p, ddapi.PlanOptions{}) // a violation (readOnly "id") would fail the test
}

func TestConfig(t *testing.T) {
	if _, err := ddapi.NewClient(ddapi.Config{AppKey: "x"}); !errors.Is(err, ddapi.ErrNoAPIKey) {
		t.Errorf("no API key: %v", err)
	}
	if _, err := ddapi.NewClient(ddapi.Config{APIKey: "x"}); !errors.Is(err, ddapi.ErrNoAppKey) {
		t.Errorf("no app key: %v", err)
	}
	for site, want := range map[string]string{
		"":                           "https://api.datadoghq.com",
		"datadoghq.eu":               "https://api.datadoghq.eu",
		"us5.datadoghq.com":          "https://api.us5.datadoghq.com",
		"ddog-gov.com":               "https://api.ddog-gov.com",
		"https://app.datadoghq.eu/":  "https://api.datadoghq.eu",
		" US3.datadoghq.com ":        "https://api.us3.datadoghq.com",
		"datad0g.com":                "https://api.datad0g.com",
		"api.ap1.datadoghq.com":      "https://api.ap1.datadoghq.com",
		"https://api.datadoghq.com/": "https://api.datadoghq.com",
	} {
		c, err := ddapi.NewClient(ddapi.Config{APIKey: "a", AppKey: "b", Site: site})
		if err != nil || c.BaseURL() != want {
			t.Errorf("Site %q: %v, %v; want %s", site, c, err, want)
			continue
		}
	}
	for _, site := range []string{"localhost", "datadoghq.com/path", "a b.com"} {
		if _, err := ddapi.NewClient(ddapi.Config{APIKey: "a", AppKey: "b", Site: site}); err == nil {
			t.Errorf("Site %q accepted", site)
		}
	}
	c, err := ddapi.NewClient(ddapi.Config{APIKey: "a", AppKey: "b", Site: "datadoghq.eu", APIURL: "http://127.0.0.1:8080/"})
	if err != nil || c.BaseURL() != "http://127.0.0.1:8080" {
		t.Errorf("APIURL: %v %v", c.BaseURL(), err)
	}
	if _, err := ddapi.NewClient(ddapi.Config{APIKey: "a", AppKey: "b", APIURL: "127.0.0.1:8080"}); err == nil {
		t.Error("APIURL without scheme accepted")
	}
	cfg := ddapi.Config{APIKey: testAPIKey, AppKey: testAppKey}
	for _, s := range []string{fmt.Sprint(cfg), fmt.Sprintf("%v %+v %#v %s", cfg, cfg, cfg, cfg)} {
		if strings.Contains(s, testAPIKey) || strings.Contains(s, testAppKey) {
			t.Errorf("Config prints a key: %s", s)
		}
	}
	t.Setenv("DD_API_KEY", "env-api")
	t.Setenv("DD_APP_KEY", "")
	t.Setenv("DD_APPLICATION_KEY", "env-app")
	t.Setenv("DD_SITE", "datadoghq.eu")
	if got := ddapi.ConfigFromEnv(); got.APIKey != "env-api" || got.AppKey != "env-app" || got.Site != "datadoghq.eu" {
		t.Errorf("ConfigFromEnv = %s", got)
	}
}

// TestKeysNeverLeak drives every failure path with the standard logger
// captured and checks neither key appears in an error or a log line.
func TestKeysNeverLeak(t *testing.T) {
	var logs bytes.Buffer
	prev := log.Writer()
	log.SetOutput(&logs)
	defer log.SetOutput(prev)

	e := setup(t, ddapi.Config{MaxRetries: -1})
	ctx := context.Background()
	var errs []error
	collect := func(_ any, err error) { errs = append(errs, err) }
	e.srv.FailNext(fakedatadog.AnyOp, 1, fakedatadog.RateLimited(1))
	collect(e.client.Apply(ctx, desired(), ddapi.PlanOptions{}))
	e.srv.FailNext(fakedatadog.OpCreatePipeline, 1, fakedatadog.LogsBadRequest("Invalid Pipeline", "Invalid parser"))
	collect(e.client.Apply(ctx, desired(), ddapi.PlanOptions{}))
	e.srv.FailNext(fakedatadog.AnyOp, 1, fakedatadog.InternalError())
	collect(e.client.Apply(ctx, desired(), ddapi.PlanOptions{}))
	collect(e.client.Get(ctx, "nope"))
	errs = append(errs, e.client.Delete(ctx, "nope"))
	e.srv.SetKeys("other", "other")
	collect(e.client.Apply(ctx, desired(), ddapi.PlanOptions{}))
	e.srv.SetKeys(testAPIKey, "other")
	collect(e.client.Order(ctx))

	bad, err := ddapi.NewClient(ddapi.Config{APIKey: testAPIKey, AppKey: testAppKey, APIURL: "http://127.0.0.1:1"})
	if err != nil {
		t.Fatal(err)
	}
	collect(bad.Apply(ctx, desired(), ddapi.PlanOptions{}))

	for i, err := range errs {
		if err == nil {
			t.Errorf("call %d succeeded", i)
			continue
		}
		assertNoKeys(t, err)
	}
	if strings.Contains(logs.String(), testAPIKey) || strings.Contains(logs.String(), testAppKey) {
		t.Errorf("a key was logged:\n%s", logs.String())
	}
}

func assertNoKeys(t *testing.T, err error, extra ...string) {
	t.Helper()
	if err == nil {
		return
	}
	for _, k := range append([]string{testAPIKey, testAppKey}, extra...) {
		if k == "" {
			continue
		}
		for e := err; e != nil; e = errors.Unwrap(e) {
			if strings.Contains(e.Error(), k) || strings.Contains(fmt.Sprintf("%+v", e), k) {
				t.Errorf("error contains a key: %v", e)
			}
		}
	}
}
