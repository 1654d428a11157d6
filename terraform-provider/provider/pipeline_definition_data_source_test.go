package provider

import (
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"

	"github.com/relevel/relevel/rules"
)

// The data source renders exactly what `relevel pipeline render` prints
// (rules.RenderJSON), offline: no credentials, no API call.
func TestAccPipelineDefinitionDataSource(t *testing.T) {
	skipUnlessAcc(t)
	t.Setenv("DD_API_KEY", "")
	t.Setenv("DD_APP_KEY", "")
	t.Setenv("DD_APPLICATION_KEY", "")
	render := func(opts rules.Options, enabled bool) string {
		p, err := rules.Build(opts)
		if err != nil {
			t.Fatal(err)
		}
		p.SetIsEnabled(enabled)
		js, err := rules.RenderJSON(p)
		if err != nil {
			t.Fatal(err)
		}
		return string(js)
	}
	someOpts := rules.Options{
		Name:            "relevel: for the official provider",
		FilterQuery:     "kube_namespace:prod",
		Formats:         []string{"klog", "zap"},
		MessageRemapper: true,
		Description:     "rendered by relevel",
		Tags:            []string{"team:platform"},
	}
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { testAccPreCheck(t) },
		ProtoV6ProviderFactories: testAccProviders,
		Steps: []resource.TestStep{{
			Config: terraformBlock + `
provider "relevel" {}

data "relevel_pipeline_definition" "default" {}

data "relevel_pipeline_definition" "some" {
  name             = "relevel: for the official provider"
  filter_query     = "kube_namespace:prod"
  formats          = ["zap", "klog"]
  message_remapper = true
  enabled          = false
  description      = "rendered by relevel"
  tags             = ["team:platform"]
}

output "grok_rules" {
  value = jsondecode(data.relevel_pipeline_definition.some.processors_json)[0].grok.match_rules
}
`,
			Check: resource.ComposeAggregateTestCheckFunc(
				resource.TestCheckResourceAttr("data.relevel_pipeline_definition.default", "pipeline_json", render(rules.Options{}, true)),
				resource.TestCheckResourceAttr("data.relevel_pipeline_definition.default", "processors_json", expectedProcessors(t, rules.Options{})),
				resource.TestCheckResourceAttr("data.relevel_pipeline_definition.some", "pipeline_json", render(someOpts, false)),
				resource.TestCheckResourceAttr("data.relevel_pipeline_definition.some", "processors_json", expectedProcessors(t, someOpts)),
				resource.TestCheckOutput("grok_rules", firstGrokRules(t, someOpts)),
			),
		}},
	})
}

func firstGrokRules(t *testing.T, opts rules.Options) string {
	t.Helper()
	p, err := rules.Build(opts)
	if err != nil {
		t.Fatal(err)
	}
	g := p.Processors[0].LogsGrokParser
	if g == nil {
		t.Fatal("first processor is not a grok parser")
	}
	return g.Grok.MatchRules
}
