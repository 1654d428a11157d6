package fakedatadog_test

import (
	"context"
	"fmt"
	"time"

	"github.com/DataDog/datadog-api-client-go/v2/api/datadog"
	"github.com/DataDog/datadog-api-client-go/v2/api/datadogV2"

	"github.com/relevel/relevel/internal/fakedatadog"
)

// Seed the API host's log store, then page through the logs Datadog
// stores as errors with the official client's Logs Search. In a test, use
// fakedatadog.StartAPI(t) instead of NewAPI.
func Example_logsSearch() {
	s, err := fakedatadog.NewAPI()
	if err != nil {
		fmt.Println(err)
		return
	}
	defer s.Close()
	now := time.Now()
	s.AddLogs(
		fakedatadog.Log{Timestamp: now.Add(-3 * time.Minute), Service: "web", Status: "error", Message: `I1130 04:40:14.476718   1 main.go:25] "synced"`},
		fakedatadog.Log{Timestamp: now.Add(-2 * time.Minute), Service: "web", Status: "info", Message: `I1130 04:40:15.000000   1 main.go:25] "synced"`},
		fakedatadog.Log{Timestamp: now.Add(-1 * time.Minute), Service: "db", Status: "error", Message: `E1130 04:40:16.000000   1 db.go:9] "lost"`},
	)

	ctx := context.WithValue(context.Background(), datadog.ContextServerIndex, 1)
	ctx = context.WithValue(ctx, datadog.ContextServerVariables, map[string]string{"protocol": "http", "name": s.Host()})
	ctx = context.WithValue(ctx, datadog.ContextAPIKeys, map[string]datadog.APIKey{
		"apiKeyAuth": {Key: "my-api-key"}, "appKeyAuth": {Key: "my-app-key"}})
	api := datadogV2.NewLogsApi(datadog.NewAPIClient(datadog.NewConfiguration()))

	s.FailNext(fakedatadog.OpListLogs, 1, fakedatadog.RateLimited(1))
	req := datadogV2.LogsListRequest{
		Filter: &datadogV2.LogsQueryFilter{Query: datadog.PtrString("status:error"), From: datadog.PtrString("now-15m"), To: datadog.PtrString("now")},
		Page:   &datadogV2.LogsListRequestPage{Limit: datadog.PtrInt32(1)},
		Sort:   datadogV2.LOGSSORT_TIMESTAMP_ASCENDING.Ptr(),
	}
	for {
		resp, hr, err := api.ListLogs(ctx, *datadogV2.NewListLogsOptionalParameters().WithBody(req))
		if err != nil {
			fmt.Println(hr.StatusCode, "reset in", hr.Header.Get("X-RateLimit-Reset"), "s")
			continue // a real client waits that long first
		}
		for _, l := range resp.Data {
			fmt.Println(l.Attributes.GetService(), l.Attributes.GetStatus(), l.Attributes.GetMessage())
		}
		after := resp.GetMeta().Page.GetAfter()
		if after == "" {
			break
		}
		req.Page.Cursor = &after
	}
	fmt.Println("requests:", len(s.Requests()), "violations:", len(s.Violations()))
	// Output:
	// 429 reset in 1 s
	// web error I1130 04:40:14.476718   1 main.go:25] "synced"
	// db error E1130 04:40:16.000000   1 db.go:9] "lost"
	// requests: 3 violations: 0
}
