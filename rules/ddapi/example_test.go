package ddapi_test

import (
	"context"
	"fmt"

	"github.com/DataDog/datadog-api-client-go/v2/api/datadogV1"

	"github.com/relevel/relevel/internal/fakedatadog"
	"github.com/relevel/relevel/rules/ddapi"
)

// Apply a pipeline twice, then plan a change. The example runs against
// the fake Datadog API (internal/fakedatadog); against Datadog, build the
// Config from ddapi.ConfigFromEnv().
func ExampleClient_Apply() {
	srv, err := fakedatadog.NewAPI()
	if err != nil {
		fmt.Println(err)
		return
	}
	defer srv.Close()
	srv.AddPipeline(`{"name":"Nginx","is_read_only":true,"is_enabled":true}`)

	client, err := ddapi.NewClient(ddapi.Config{APIKey: "example-api-key", AppKey: "example-app-key", APIURL: srv.URL()})
	if err != nil {
		fmt.Println(err)
		return
	}
	remapper := datadogV1.NewLogsStatusRemapper([]string{"level"}, datadogV1.LOGSSTATUSREMAPPERTYPE_STATUS_REMAPPER)
	remapper.SetIsEnabled(true) // the constructors default to false
	p := datadogV1.NewLogsPipeline("example")
	p.SetIsEnabled(true)
	p.Processors = []datadogV1.LogsProcessor{datadogV1.LogsStatusRemapperAsLogsProcessor(remapper)}

	ctx := context.Background()
	for range 2 {
		res, err := client.Apply(ctx, *p, ddapi.PlanOptions{})
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(res.Action, "order changed:", res.OrderChanged)
	}

	remapper.Sources = []string{"relevel.level"}
	plan, err := client.Plan(ctx, *p, ddapi.PlanOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(plan)
	// Output:
	// create order changed: true
	// none order changed: false
	// update pipeline "example" (fakedd0000000000000002) in place
	// pipeline order: already first
	// --- datadog: example (fakedd0000000000000002)
	// +++ desired: example
	// @@ -5,7 +5,7 @@
	//      {
	//        "is_enabled": true,
	//        "sources": [
	// -        "level"
	// +        "relevel.level"
	//        ],
	//        "type": "status-remapper"
	//      }
}
