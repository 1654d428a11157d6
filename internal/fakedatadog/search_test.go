package fakedatadog

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/DataDog/datadog-api-client-go/v2/api/datadog"
	"github.com/DataDog/datadog-api-client-go/v2/api/datadogV2"
)

// searchClient is the official v2 Logs API pointed at the fake API host.
func searchClient(s *API) (*datadogV2.LogsApi, context.Context) {
	ctx := context.WithValue(context.Background(), datadog.ContextServerIndex, 1)
	ctx = context.WithValue(ctx, datadog.ContextServerVariables, map[string]string{"protocol": "http", "name": s.Host()})
	ctx = context.WithValue(ctx, datadog.ContextAPIKeys, map[string]datadog.APIKey{
		"apiKeyAuth": {Key: "api-secret"}, "appKeyAuth": {Key: "app-secret"}})
	cfg := datadog.NewConfiguration()
	return datadogV2.NewLogsApi(datadog.NewAPIClient(cfg)), ctx
}

func listBody(query, from, to string, limit int32, cursor string) datadogV2.ListLogsOptionalParameters {
	req := datadogV2.LogsListRequest{
		Filter: &datadogV2.LogsQueryFilter{Query: &query, From: &from, To: &to},
		Page:   &datadogV2.LogsListRequestPage{Limit: &limit},
		Sort:   datadogV2.LOGSSORT_TIMESTAMP_ASCENDING.Ptr(),
	}
	if cursor != "" {
		req.Page.Cursor = &cursor
	}
	return *datadogV2.NewListLogsOptionalParameters().WithBody(req)
}

// seed stores n logs a second apart ending a minute ago: every third one is
// stored as info, the rest as error; services alternate web and db.
func seed(s *API, n int) []Log {
	base := time.Now().Add(-time.Minute - time.Duration(n)*time.Second)
	var logs []Log
	for i := range n {
		l := Log{Timestamp: base.Add(time.Duration(i) * time.Second), Message: fmt.Sprintf("line %d", i),
			Status: "error", Service: []string{"web", "db"}[i%2], Source: "go", Tags: []string{"kube_container_name:app"}}
		if i%3 == 0 {
			l.Status = "info"
		}
		logs = append(logs, l)
	}
	s.AddLogs(logs...)
	return logs
}

// Pages through status:error logs with the official client: every page is
// checked against the spec (by StartAPI's violations), the cursor chain
// returns each matching log once, in timestamp order, and the answer
// carries Datadog's fields.
func TestSearchPagination(t *testing.T) {
	s := StartAPI(t)
	logs := seed(s, 25)
	var want []string
	for _, l := range logs {
		if l.Status == "error" {
			want = append(want, l.Message)
		}
	}
	api, ctx := searchClient(s)
	var got []string
	cursor, pages := "", 0
	for {
		resp, _, err := api.ListLogs(ctx, listBody("status:error", "now-1h", "now", 4, cursor))
		if err != nil {
			t.Fatal(err)
		}
		pages++
		for _, d := range resp.Data {
			a := d.Attributes
			got = append(got, a.GetMessage())
			if a.GetStatus() != "error" || !slices.Contains(a.Tags, "source:go") || a.Timestamp == nil || d.GetType() != datadogV2.LOGTYPE_LOG {
				t.Errorf("log %+v", a)
			}
		}
		after := resp.GetMeta().Page.GetAfter()
		if after == "" {
			break
		}
		cursor = after
	}
	if !slices.Equal(got, want) || pages != (len(want)+3)/4 {
		t.Errorf("%d pages, got %v\nwant %v", pages, got, want)
	}

	// Simple terms narrow it; a window that ends before the logs holds none.
	resp, _, err := api.ListLogs(ctx, listBody("status:error service:web -source:python kube_container_name:ap*", "now-1h", "now", 1000, ""))
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range resp.Data {
		if d.Attributes.GetService() != "web" || d.Attributes.GetStatus() != "error" {
			t.Errorf("narrowed: %+v", d.Attributes)
		}
	}
	if n := len(resp.Data); n == 0 || n >= len(want) {
		t.Errorf("service:web kept %d of %d", n, len(want))
	}
	resp, _, err = api.ListLogs(ctx, listBody("*", "now-2d", "now-1d", 1000, ""))
	if err != nil || len(resp.Data) != 0 {
		t.Errorf("old window: %v %d logs", err, len(resp.Data))
	}
	// RFC 3339 and epoch milliseconds, as Datadog takes them.
	from, to := logs[0].Timestamp.Format(time.RFC3339Nano), fmt.Sprint(logs[2].Timestamp.UnixMilli())
	if resp, _, err = api.ListLogs(ctx, listBody("service:(web OR db)", from, to, 1000, "")); err != nil || len(resp.Data) != 2 {
		t.Errorf("absolute window: %v %d logs, want 2", err, len(resp.Data))
	}
}

// A 429 carries the rate-limit headers; a key whose user lacks
// logs_read_data gets a 403; a page over 1000 is a request the spec
// rejects; a query outside the emulated subset is a violation, not a wrong
// answer.
func TestSearchFailures(t *testing.T) {
	s := StartAPI(t, AllowViolations())
	seed(s, 3)
	api, ctx := searchClient(s)
	s.FailNext(OpListLogs, 1, RateLimited(2))
	_, hr, err := api.ListLogs(ctx, listBody("status:error", "now-1h", "now", 10, ""))
	if err == nil || hr.StatusCode != http.StatusTooManyRequests || hr.Header.Get("X-RateLimit-Reset") != "2" || hr.Header.Get("X-RateLimit-Name") == "" {
		t.Errorf("429: %v %+v", err, hr)
	}
	if _, _, err := api.ListLogs(ctx, listBody("status:error", "now-1h", "now", 10, "")); err != nil {
		t.Errorf("after the 429: %v", err)
	}

	if got := s.Permissions(OpListLogs); !slices.Equal(got, []string{PermReadLogsData}) {
		t.Errorf("Permissions(ListLogs) = %v", got)
	}
	s.SetPermissions(PermReadConfig)
	if _, hr, err := api.ListLogs(ctx, listBody("*", "now-1h", "now", 10, "")); err == nil || hr.StatusCode != http.StatusForbidden {
		t.Errorf("without logs_read_data: %v", err)
	}
	s.SetPermissions(PermReadLogsData)
	if _, _, err := api.ListLogs(ctx, listBody("*", "now-1h", "now", 10, "")); err != nil {
		t.Errorf("with logs_read_data: %v", err)
	}
	if len(s.Violations()) != 0 {
		t.Fatalf("violations so far: %v", s.Violations())
	}

	for _, c := range []struct {
		opts datadogV2.ListLogsOptionalParameters
		want string
	}{
		{listBody("*", "now-1h", "now", 5000, ""), "at most 1000"},
		{listBody("hello world", "now-1h", "now", 10, ""), "does not emulate"},
		{listBody("status:error OR status:warn", "now-1h", "now", 10, ""), "does not emulate"},
	} {
		before := len(s.Violations())
		_, hr, err := api.ListLogs(ctx, c.opts)
		vs := s.Violations()
		if err == nil || hr.StatusCode != http.StatusBadRequest || len(vs) == before || !strings.Contains(vs[len(vs)-1].Message, c.want) {
			t.Errorf("%+v: %v; violations %v", c.opts.Body, err, vs[before:])
		}
	}
	// A cursor only works for its own query.
	resp, _, err := api.ListLogs(ctx, listBody("*", "now-1h", "now", 1, ""))
	if err != nil {
		t.Fatal(err)
	}
	if _, hr, err := api.ListLogs(ctx, listBody("status:error", "now-1h", "now", 1, resp.Meta.Page.GetAfter())); err == nil || hr.StatusCode != http.StatusBadRequest {
		t.Errorf("foreign cursor: %v", err)
	}
	// The keys are never recorded.
	for _, r := range s.Requests() {
		if r.Header.Get(HeaderAPIKey) != Redacted || r.Header.Get(HeaderAppKey) != Redacted {
			t.Errorf("recorded keys: %v", r.Header)
		}
	}
}
