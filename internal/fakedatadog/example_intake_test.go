package fakedatadog_test

import (
	"context"
	"fmt"

	"github.com/DataDog/datadog-api-client-go/v2/api/datadog"
	"github.com/DataDog/datadog-api-client-go/v2/api/datadogV2"

	"github.com/relevel/relevel/internal/fakedatadog"
)

// Send two logs through Datadog's official client to the fake intake, then
// look at what it accepted. In a test, use fakedatadog.StartIntake(t) instead of NewIntake.
func Example_intake() {
	s, err := fakedatadog.NewIntake(fakedatadog.WithAPIKey("my-key"))
	if err != nil {
		fmt.Println(err)
		return
	}
	defer s.Close()

	// Point the client at the fake: server index 1 is "{protocol}://{name}".
	ctx := context.WithValue(context.Background(), datadog.ContextServerIndex, 1)
	ctx = context.WithValue(ctx, datadog.ContextServerVariables, map[string]string{"protocol": "http", "name": s.Host()})
	ctx = context.WithValue(ctx, datadog.ContextAPIKeys, map[string]datadog.APIKey{"apiKeyAuth": {Key: "my-key"}})
	api := datadogV2.NewLogsApi(datadog.NewAPIClient(datadog.NewConfiguration()))

	web := datadogV2.NewHTTPLogItem("GET /health 200")
	web.SetService("web")
	gzipped := datadogV2.NewSubmitLogOptionalParameters().WithContentEncoding(datadogV2.CONTENTENCODING_GZIP)

	s.FailNext(1, fakedatadog.ServiceUnavailable())
	_, resp, err := api.SubmitLog(ctx, []datadogV2.HTTPLogItem{*web}, *gzipped)
	fmt.Println(resp.StatusCode, err)

	_, resp, err = api.SubmitLog(ctx, []datadogV2.HTTPLogItem{*web, *datadogV2.NewHTTPLogItem("second")}, *gzipped)
	fmt.Println(resp.StatusCode, err)

	for _, it := range s.Accepted() {
		fmt.Printf("%q service=%q\n", it.Message(), it.Attr("service"))
	}
	for _, r := range s.Requests() {
		fmt.Println(r.Status, r.ContentEncoding, r.Items, r.Header.Get("DD-API-KEY"))
	}
	fmt.Println("violations:", len(s.Violations()))
	// Output:
	// 503 503 Service Unavailable
	// 202 <nil>
	// "GET /health 200" service="web"
	// "second" service=""
	// 503 gzip 1 REDACTED
	// 202 gzip 2 REDACTED
	// violations: 0
}
