package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"time"

	"github.com/relevel/relevel/rules"
	"github.com/relevel/relevel/rules/ddapi"
)

const applyUsage = `Usage: relevel pipeline %s [flags]

%s

Credentials come from Datadog's own variables: DD_API_KEY and DD_APP_KEY
(an application key with the logs_write_pipelines permission; diff needs
logs_read_config), and DD_SITE for a site other than datadoghq.com
(datadoghq.eu, us3.datadoghq.com, us5.datadoghq.com, ap1.datadoghq.com,
ddog-gov.com, …). Keys are never printed.

The pipeline is found by --name. By default it is put first in the org's
pipeline order, because only the first status remapper that touches a log
counts; --no-order leaves the order alone.

Flags:
`

func runApply(cmd string, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet(cmd, flag.ContinueOnError)
	var pf pipelineFlags
	pf.register(fs)
	apiURL := fs.String("api-url", "", "Datadog API endpoint instead of https://api.$DD_SITE (proxies, tests)")
	noOrder := fs.Bool("no-order", false, "do not move the pipeline to the front of the pipeline order")
	timeout := fs.Duration("timeout", 2*time.Minute, "give up after this long")
	what := "Creates the pipeline, or updates it in place, so that it matches what\n`relevel pipeline render` prints; applying twice writes nothing the second time."
	if cmd == "diff" {
		what = "Shows what apply would change, as a unified diff of the pipeline JSON and a\nline about the pipeline order. Exits 0 when nothing would change, 1 when\nsomething would, 2 on errors."
	}
	if code, ok := parseFlags(fs, args, fmt.Sprintf(applyUsage, cmd, what), stderr); !ok {
		return code
	}
	desired, err := rules.Build(pf.options())
	if err != nil {
		fmt.Fprintf(stderr, "relevel pipeline %s: %v\n", cmd, err)
		return 2
	}
	cfg := ddapi.ConfigFromEnv()
	if *apiURL != "" {
		cfg.APIURL = *apiURL
	}
	client, err := ddapi.NewClient(cfg)
	if err != nil {
		fmt.Fprintf(stderr, "relevel pipeline %s: %v\n", cmd, err)
		return 2
	}
	ctx, cancel := signal.NotifyContext(context.Background(), os.Interrupt)
	defer cancel()
	ctx, cancelT := context.WithTimeout(ctx, *timeout)
	defer cancelT()
	opts := ddapi.PlanOptions{NoOrder: *noOrder}
	if cmd == "diff" {
		plan, err := client.Plan(ctx, desired, opts)
		if err != nil {
			fmt.Fprintf(stderr, "relevel pipeline diff: %v\n", err)
			return 2
		}
		fmt.Fprint(stdout, plan.String())
		if plan.Changed() {
			return 1
		}
		return 0
	}
	res, err := client.Apply(ctx, desired, opts)
	if err != nil {
		fmt.Fprintf(stderr, "relevel pipeline apply: %v\n", err)
		return 1
	}
	switch res.Action {
	case ddapi.ActionCreate:
		fmt.Fprintf(stdout, "created pipeline %q (%s)\n", desired.Name, res.ID)
	case ddapi.ActionUpdate:
		fmt.Fprintf(stdout, "updated pipeline %q (%s)\n", desired.Name, res.ID)
	default:
		fmt.Fprintf(stdout, "pipeline %q (%s) already up to date\n", desired.Name, res.ID)
	}
	if res.OrderChanged {
		fmt.Fprintln(stdout, "moved it to the front of the pipeline order")
	}
	for _, w := range res.Plan.Warnings {
		fmt.Fprintf(stdout, "warning: %s\n", w)
	}
	return 0
}
