package provider

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/relevel/relevel/internal/fakedatadog"
	"github.com/relevel/relevel/rules"
	"github.com/relevel/relevel/rules/ddapi"
)

const addr = "relevel_pipeline.test"

// Create, a second plan that is empty, an update in place, import (the
// imported state equals the created one), a rename (replacement), and
// destroy.
func TestAccPipeline_lifecycle(t *testing.T) {
	skipUnlessAcc(t)
	dd := fakedatadog.StartAPI(t)
	all, err := rules.Formats()
	if err != nil {
		t.Fatal(err)
	}
	allValues := make([]knownvalue.Check, len(all))
	for i, f := range all {
		allValues[i] = knownvalue.StringExact(f)
	}
	created := providerBlock(dd) + `
resource "relevel_pipeline" "test" {
  name = "relevel: acceptance"
}
`
	updatedOpts := rules.Options{
		Name:            "relevel: acceptance",
		FilterQuery:     "service:(api OR worker)",
		Formats:         []string{"klog", "zap"},
		MessageRemapper: true,
		Description:     "Go services' levels",
		Tags:            []string{"env:test", "team:platform"},
	}
	updated := providerBlock(dd) + `
resource "relevel_pipeline" "test" {
  name             = "relevel: acceptance"
  filter_query     = "service:(api OR worker)"
  formats          = ["zap", "klog"]
  message_remapper = true
  description      = "Go services' levels"
  tags             = ["team:platform", "env:test"]
}
`
	renamedOpts := updatedOpts
	renamedOpts.Name = "relevel: renamed"
	renamed := providerBlock(dd) + `
resource "relevel_pipeline" "test" {
  name             = "relevel: renamed"
  filter_query     = "service:(api OR worker)"
  formats          = ["zap", "klog"]
  message_remapper = true
  description      = "Go services' levels"
  tags             = ["team:platform", "env:test"]
}
`
	var firstID, id string
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { testAccPreCheck(t) },
		ProtoV6ProviderFactories: testAccProviders,
		CheckDestroy:             checkDestroyed(t, dd),
		Steps: []resource.TestStep{
			{
				Config: created,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionCreate),
					plancheck.ExpectKnownValue(addr, tfjsonpath.New("processors_json"), knownvalue.StringExact(expectedProcessors(t, rules.Options{}))),
					plancheck.ExpectUnknownValue(addr, tfjsonpath.New("id")),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("filter_query"), knownvalue.StringExact("*")),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("formats"), knownvalue.SetExact(allValues)),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("enabled"), knownvalue.Bool(true)),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("first_in_order"), knownvalue.Bool(true)),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("message_remapper"), knownvalue.Bool(false)),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("order_position"), knownvalue.Int64Exact(1)),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("tags"), knownvalue.Null()),
				},
				Check: resource.ComposeAggregateTestCheckFunc(
					checkStored(dd, addr, rules.Options{Name: "relevel: acceptance"}, true, &firstID),
					checkFirst(dd, addr),
					resource.TestCheckResourceAttr(addr, "processors_json", expectedProcessors(t, rules.Options{})),
					resource.TestCheckResourceAttrWith(addr, "description", func(v string) error {
						p, _ := rules.Build(rules.Options{})
						if v != p.GetDescription() {
							return fmt.Errorf("description %q, want relevel's default %q", v, p.GetDescription())
						}
						return nil
					}),
					checkNoViolations(dd),
				),
			},
			{
				// The second plan is empty (PlanOnly fails on any diff).
				Config:   created,
				PlanOnly: true,
			},
			{
				Config: updated,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionUpdate),
					plancheck.ExpectKnownValue(addr, tfjsonpath.New("processors_json"), knownvalue.StringExact(expectedProcessors(t, updatedOpts))),
				}},
				Check: resource.ComposeAggregateTestCheckFunc(
					checkStored(dd, addr, updatedOpts, true, &id),
					func(*terraform.State) error {
						if id != firstID {
							return fmt.Errorf("id changed from %s to %s: not an update in place", firstID, id)
						}
						return nil
					},
					checkFirst(dd, addr),
					resource.TestCheckResourceAttr(addr, "tags.#", "2"),
					resource.TestCheckTypeSetElemAttr(addr, "formats.*", "klog"),
					resource.TestCheckTypeSetElemAttr(addr, "formats.*", "zap"),
					checkNoViolations(dd),
				),
			},
			{
				// `tofu import relevel_pipeline.test <id>`: every attribute,
				// formats and message_remapper included, comes back.
				ResourceName:      addr,
				ImportState:       true,
				ImportStateVerify: true,
			},
			{
				Config: renamed,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionReplace),
				}},
				Check: resource.ComposeAggregateTestCheckFunc(
					checkStored(dd, addr, renamedOpts, true, &id),
					checkFirst(dd, addr),
					func(*terraform.State) error {
						if _, ok := dd.Pipeline(firstID); ok {
							return fmt.Errorf("the pipeline under the old name (%s) was not deleted", firstID)
						}
						return nil
					},
				),
			},
		},
	})
}

// A pipeline made by `relevel pipeline apply` (the same ddapi code, here
// against the fake) is imported by id; the plan after the import is empty,
// formats and message_remapper having been read back from the processors.
func TestAccPipeline_importFromCLI(t *testing.T) {
	skipUnlessAcc(t)
	dd := fakedatadog.StartAPI(t)
	opts := rules.Options{
		Name:            "relevel: from the CLI",
		FilterQuery:     "env:prod",
		Formats:         []string{"gokit", "hclog", "zerolog"},
		MessageRemapper: true,
	}
	desired, err := rules.Build(opts)
	if err != nil {
		t.Fatal(err)
	}
	client, err := ddapi.NewClient(ddapi.Config{APIKey: "k", AppKey: "a", APIURL: dd.URL()})
	if err != nil {
		t.Fatal(err)
	}
	res, err := client.Apply(context.Background(), desired, ddapi.PlanOptions{})
	if err != nil {
		t.Fatal(err)
	}
	config := providerBlock(dd) + `
resource "relevel_pipeline" "test" {
  name             = "relevel: from the CLI"
  filter_query     = "env:prod"
  formats          = ["zerolog", "hclog", "gokit"]
  message_remapper = true
}
`
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { testAccPreCheck(t) },
		ProtoV6ProviderFactories: testAccProviders,
		CheckDestroy:             checkDestroyed(t, dd),
		Steps: []resource.TestStep{
			{
				Config:             config,
				ResourceName:       addr,
				ImportState:        true,
				ImportStateId:      res.ID,
				ImportStatePersist: true,
				ImportStateCheck: func(s []*terraform.InstanceState) error {
					if len(s) != 1 || s[0].ID != res.ID {
						return fmt.Errorf("imported %v, want one pipeline %s", s, res.ID)
					}
					for k, want := range map[string]string{
						"formats.#": "3", "message_remapper": "true", "first_in_order": "true",
						"order_position": "1", "filter_query": "env:prod", "enabled": "true",
					} {
						if got := s[0].Attributes[k]; got != want {
							return fmt.Errorf("imported %s = %q, want %q", k, got, want)
						}
					}
					return nil
				},
			},
			{
				// After the import, the plan is empty.
				Config:   config,
				PlanOnly: true,
			},
			{
				// Importing an id Datadog does not have is an error, not a
				// crash or an empty resource.
				Config: config + `
resource "relevel_pipeline" "missing" {
  name = "relevel: missing"
}
`,
				ResourceName:  "relevel_pipeline.missing",
				ImportState:   true,
				ImportStateId: "no-such-pipeline",
				ExpectError:   regexp.MustCompile(`Cannot import non-existent remote object`),
			},
		},
	})
}

// Edits in the Datadog UI show as a diff and apply repairs them; a
// pipeline deleted outside Terraform is created again; a pipeline moved
// ahead of ours is put back behind it, unless first_in_order is false.
func TestAccPipeline_drift(t *testing.T) {
	skipUnlessAcc(t)
	dd := fakedatadog.StartAPI(t)
	opts := rules.Options{Name: "relevel: drift", Formats: []string{"klog", "logrus", "zap"}}
	config := providerBlock(dd) + `
resource "relevel_pipeline" "test" {
  name    = "relevel: drift"
  formats = ["klog", "logrus", "zap"]
}
`
	notFirst := providerBlock(dd) + `
resource "relevel_pipeline" "test" {
  name           = "relevel: drift"
  formats        = ["klog", "logrus", "zap"]
  first_in_order = false
}
`
	var id, recreated, other string
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { testAccPreCheck(t) },
		ProtoV6ProviderFactories: testAccProviders,
		CheckDestroy:             checkDestroyed(t, dd),
		Steps: []resource.TestStep{
			{
				Config: config,
				Check:  checkStored(dd, addr, opts, true, &id),
			},
			{
				// Someone edits a grok rule in the Datadog UI: the refresh
				// sees it, and the plan is an in-place update whose
				// processors_json is relevel's again.
				PreConfig: func() {
					err := dd.EditPipeline(id, func(p map[string]any) {
						procs := p["processors"].([]any)
						grok := procs[0].(map[string]any)["grok"].(map[string]any)
						grok["match_rules"] = "edited %{data:relevel.message}"
					})
					if err != nil {
						t.Fatal(err)
					}
				},
				Config:             config,
				PlanOnly:           true,
				ExpectNonEmptyPlan: true,
				ConfigPlanChecks: resource.ConfigPlanChecks{PostApplyPostRefresh: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionUpdate),
					plancheck.ExpectKnownValue(addr, tfjsonpath.New("processors_json"), knownvalue.StringExact(expectedProcessors(t, opts))),
				}},
			},
			{
				// Apply repairs it in place.
				Config: config,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionUpdate),
				}},
				Check: resource.ComposeAggregateTestCheckFunc(
					checkStored(dd, addr, opts, true, nil),
					resource.TestCheckResourceAttrPtr(addr, "id", &id),
					checkNoViolations(dd),
				),
			},
			{
				// The pipeline's own fields: filter, disabled, description,
				// a tag, a processor removed.
				PreConfig: func() {
					err := dd.EditPipeline(id, func(p map[string]any) {
						p["filter"] = map[string]any{"query": "service:web"}
						p["is_enabled"] = false
						p["description"] = "edited"
						p["tags"] = []any{"owner:someone"}
						procs := p["processors"].([]any)
						p["processors"] = procs[1:]
					})
					if err != nil {
						t.Fatal(err)
					}
				},
				Config: config,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionUpdate),
					plancheck.ExpectKnownValue(addr, tfjsonpath.New("filter_query"), knownvalue.StringExact("*")),
					plancheck.ExpectKnownValue(addr, tfjsonpath.New("enabled"), knownvalue.Bool(true)),
					plancheck.ExpectKnownValue(addr, tfjsonpath.New("tags"), knownvalue.Null()),
				}},
				Check: resource.ComposeAggregateTestCheckFunc(
					checkStored(dd, addr, opts, true, nil),
					resource.TestCheckResourceAttrPtr(addr, "id", &id),
				),
			},
			{
				// Deleted outside Terraform: the plan creates it again.
				PreConfig: func() {
					if err := dd.DeletePipeline(id); err != nil {
						t.Fatal(err)
					}
				},
				Config: config,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionCreate),
				}},
				Check: resource.ComposeAggregateTestCheckFunc(
					checkStored(dd, addr, opts, true, &recreated),
					checkFirst(dd, addr),
					func(*terraform.State) error {
						if recreated == id {
							return fmt.Errorf("recreated pipeline kept the deleted id %s", id)
						}
						return nil
					},
				),
			},
			{
				// Another pipeline is moved ahead of ours: the plan shows
				// order_position going back to 1 and apply restores the
				// order, without touching the pipeline itself.
				PreConfig: func() {
					var err error
					other, err = dd.AddPipeline(`{"name":"someone else's","is_enabled":true,"filter":{"query":"source:nginx"},"processors":[]}`)
					if err != nil {
						t.Fatal(err)
					}
					if err := dd.MoveToFront(other); err != nil {
						t.Fatal(err)
					}
					dd.ResetRequests()
				},
				Config: config,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionUpdate),
					plancheck.ExpectKnownValue(addr, tfjsonpath.New("order_position"), knownvalue.Int64Exact(1)),
				}},
				Check: resource.ComposeAggregateTestCheckFunc(
					checkFirst(dd, addr),
					func(*terraform.State) error {
						if o := dd.Order(); !slices.Equal(o, []string{recreated, other}) {
							return fmt.Errorf("order %v, want [%s %s]", o, recreated, other)
						}
						for _, r := range dd.Writes() {
							if r.Op != fakedatadog.OpUpdateOrder {
								return fmt.Errorf("restoring the order also sent %s %s", r.Method, r.Path)
							}
						}
						return nil
					},
				),
			},
			{
				// With first_in_order = false the order is left alone and
				// another pipeline ahead is no diff.
				PreConfig: func() {
					if err := dd.MoveToFront(other); err != nil {
						t.Fatal(err)
					}
				},
				Config: notFirst,
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("order_position"), knownvalue.Int64Exact(2)),
				},
				Check: func(*terraform.State) error {
					if o := dd.Order(); o[0] != other {
						return fmt.Errorf("order %v: first_in_order = false moved the pipeline", o)
					}
					return nil
				},
			},
		},
	})
}

// Plan-time validation: unknown formats, empty names and the like fail
// before any API call, with the valid choices in the message.
func TestAccPipeline_validation(t *testing.T) {
	skipUnlessAcc(t)
	dd := fakedatadog.StartAPI(t)
	all, err := rules.Formats()
	if err != nil {
		t.Fatal(err)
	}
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { testAccPreCheck(t) },
		ProtoV6ProviderFactories: testAccProviders,
		Steps: []resource.TestStep{
			{
				Config: providerBlock(dd) + `
resource "relevel_pipeline" "test" {
  name    = "relevel: validation"
  formats = ["klog", "log4j"]
}
`,
				PlanOnly:    true,
				ExpectError: regexp.MustCompile(`(?s)Unknown log format.*"log4j".*Valid\s+formats:\s+` + regexp.QuoteMeta(all[0]) + `,`),
			},
			{
				Config: providerBlock(dd) + `
resource "relevel_pipeline" "test" {
  name = ""
}
`,
				PlanOnly:    true,
				ExpectError: regexp.MustCompile(`(?s)Empty name.*name must not be empty`),
			},
			{
				Config: providerBlock(dd) + `
resource "relevel_pipeline" "test" {
  name    = "relevel: validation"
  formats = []
}
`,
				PlanOnly:    true,
				ExpectError: regexp.MustCompile(`(?s)No formats.*at least one format`),
			},
			{
				Config: providerBlock(dd) + `
resource "relevel_pipeline" "test" {
  name         = "relevel: validation"
  filter_query = ""
}
`,
				PlanOnly:    true,
				ExpectError: regexp.MustCompile(`(?s)filter_query must not be empty`),
			},
		},
	})
	if n := len(dd.Requests()); n != 0 {
		t.Errorf("validation errors still sent %d requests to Datadog", n)
	}
}

// API errors become diagnostics (never a crash): a 400 on create, a
// pipeline that already exists under the name, and missing credentials.
func TestAccPipeline_errors(t *testing.T) {
	skipUnlessAcc(t)
	dd := fakedatadog.StartAPI(t)
	existing, err := dd.AddPipeline(`{"name":"relevel: taken","is_enabled":true,"filter":{"query":"*"},"processors":[]}`)
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv("DD_API_KEY", "")
	t.Setenv("DD_APP_KEY", "")
	t.Setenv("DD_APPLICATION_KEY", "")
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { testAccPreCheck(t) },
		ProtoV6ProviderFactories: testAccProviders,
		CheckDestroy:             checkDestroyed(t, dd),
		Steps: []resource.TestStep{
			{
				PreConfig: func() {
					dd.FailNext(fakedatadog.OpCreatePipeline, 1, fakedatadog.LogsBadRequest("Invalid Pipeline", "Invalid parser"))
				},
				Config: providerBlock(dd) + `
resource "relevel_pipeline" "test" {
  name = "relevel: errors"
}
`,
				ExpectError: regexp.MustCompile(`(?s)Cannot create the pipeline.*CreateLogsPipeline: 400.*Invalid Pipeline`),
			},
			{
				Config: providerBlock(dd) + `
resource "relevel_pipeline" "test" {
  name = "relevel: taken"
}
`,
				ExpectError: regexp.MustCompile(`(?s)Pipeline already exists.*` + regexp.QuoteMeta(existing)),
			},
			{
				Config: terraformBlock + fmt.Sprintf(`
provider "relevel" {
  api_url = %q
}

resource "relevel_pipeline" "test" {
  name = "relevel: errors"
}
`, dd.URL()),
				PlanOnly:    true, // the plan fails already
				ExpectError: regexp.MustCompile(`(?s)no Datadog API key.*DD_API_KEY`),
			},
		},
	})
}

// Two pipelines in one configuration: the provider serialises the writes
// (Datadog answers concurrent creations with 400s) and only the one with
// first_in_order is moved to the front.
func TestAccPipeline_two(t *testing.T) {
	skipUnlessAcc(t)
	dd := fakedatadog.StartAPI(t)
	var a, b string
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { testAccPreCheck(t) },
		ProtoV6ProviderFactories: testAccProviders,
		CheckDestroy:             checkDestroyed(t, dd),
		Steps: []resource.TestStep{
			{
				Config: providerBlock(dd) + `
resource "relevel_pipeline" "a" {
  name = "relevel: a"
}

resource "relevel_pipeline" "b" {
  name           = "relevel: b"
  formats        = ["slog"]
  first_in_order = false
}
`,
				Check: resource.ComposeAggregateTestCheckFunc(
					checkStored(dd, "relevel_pipeline.a", rules.Options{Name: "relevel: a"}, true, &a),
					checkStored(dd, "relevel_pipeline.b", rules.Options{Name: "relevel: b", Formats: []string{"slog"}}, true, &b),
					checkFirst(dd, "relevel_pipeline.a"),
					func(s *terraform.State) error {
						if o := dd.Order(); !slices.Equal(o, []string{a, b}) {
							return fmt.Errorf("order %v, want [%s %s]", o, a, b)
						}
						return nil
					},
				),
			},
			{
				// order_position is as of the last refresh (b may have been
				// created before a was put ahead of it).
				RefreshState: true,
				Check: resource.ComposeAggregateTestCheckFunc(
					resource.TestCheckResourceAttr("relevel_pipeline.a", "order_position", "1"),
					resource.TestCheckResourceAttr("relevel_pipeline.b", "order_position", "2"),
				),
			},
		},
	})
}

// Provider arguments that are unknown at plan time (here from another
// resource) do not fail the plan; apply configures the provider again with
// the values and creates the pipeline.
func TestAccPipeline_providerConfigKnownAtApply(t *testing.T) {
	skipUnlessAcc(t)
	dd := fakedatadog.StartAPI(t)
	dd.SetKeys("key-from-a-resource", "app-key-from-a-resource")
	resource.Test(t, resource.TestCase{
		PreCheck:                 func() { testAccPreCheck(t) },
		ProtoV6ProviderFactories: testAccProviders,
		CheckDestroy:             checkDestroyed(t, dd),
		Steps: []resource.TestStep{{
			Config: terraformBlock + fmt.Sprintf(`
resource "terraform_data" "keys" {
  input = {
    api = "key-from-a-resource"
    app = "app-key-from-a-resource"
  }
}

provider "relevel" {
  api_url = %q
  api_key = terraform_data.keys.output.api
  app_key = terraform_data.keys.output.app
}

resource "relevel_pipeline" "test" {
  name = "relevel: late keys"
}
`, dd.URL()),
			Check: checkStored(dd, addr, rules.Options{Name: "relevel: late keys"}, true, nil),
		}},
	})
}
