package provider

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/providerserver"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/relevel/relevel/internal/fakedatadog"
	"github.com/relevel/relevel/rules"
	"github.com/relevel/relevel/rules/ddapi"
)

// testAccProviders runs the provider in the test process; the CLI reaches
// it through TF_REATTACH_PROVIDERS, so the fake API, the race detector and
// coverage all see it.
var testAccProviders = map[string]func() (tfprotov6.ProviderServer, error){
	"relevel": providerserver.NewProtocol6WithError(New("test")()),
}

// TestMain fills in the variables terraform-plugin-testing needs to run
// OpenTofu, when `make test` has not: the configurations below declare
// source = "relevel/relevel", which OpenTofu resolves on
// registry.opentofu.org (Terraform on registry.terraform.io).
//
// The CLI also gets an empty CLI configuration file, so that a user's
// ~/.terraformrc (dev_overrides, credentials) cannot change the tests, and
// a TF_CLI_CONFIG_FILE naming a missing file cannot either: OpenTofu then
// prints a warning ahead of `tofu version`, which terraform-exec fails to
// parse.
func TestMain(m *testing.M) {
	os.Exit(testMain(m))
}

func testMain(m *testing.M) int {
	dir, err := os.MkdirTemp("", "relevel-tfrc-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer os.RemoveAll(dir)
	rc := filepath.Join(dir, "tofu.tfrc")
	if err := os.WriteFile(rc, nil, 0o600); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	os.Setenv("TF_CLI_CONFIG_FILE", rc)
	if os.Getenv("TF_ACC_PROVIDER_NAMESPACE") == "" {
		os.Setenv("TF_ACC_PROVIDER_NAMESPACE", "relevel")
	}
	if os.Getenv("TF_ACC_PROVIDER_HOST") == "" && strings.Contains(filepath.Base(os.Getenv("TF_ACC_TERRAFORM_PATH")), "tofu") {
		os.Setenv("TF_ACC_PROVIDER_HOST", "registry.opentofu.org")
	}
	return m.Run()
}

// testAccPreCheck fails early with a useful message when the CLI is not
// there (without TF_ACC_TERRAFORM_PATH the framework would try to download
// Terraform).
func testAccPreCheck(t *testing.T) {
	t.Helper()
	p := os.Getenv("TF_ACC_TERRAFORM_PATH")
	if p == "" {
		t.Fatal("TF_ACC_TERRAFORM_PATH is not set: run `make test`, or `make tofu` and point it at $(go env GOPATH)/bin/tofu-<version>")
	}
	if _, err := os.Stat(p); err != nil {
		t.Fatalf("TF_ACC_TERRAFORM_PATH: %v (run `make tofu`)", err)
	}
	if ns := os.Getenv("TF_ACC_PROVIDER_NAMESPACE"); ns != "relevel" {
		t.Fatalf("TF_ACC_PROVIDER_NAMESPACE is %q; the test configurations use source = \"relevel/relevel\"", ns)
	}
}

// terraformBlock declares the provider as users do.
const terraformBlock = `
terraform {
  required_providers {
    relevel = {
      source = "relevel/relevel"
    }
  }
}
`

// skipUnlessAcc skips an acceptance test before it starts the fake API
// (resource.Test would skip it too, but only after the fake loaded
// Datadog's OpenAPI document).
func skipUnlessAcc(t *testing.T) {
	t.Helper()
	if os.Getenv("TF_ACC") == "" {
		t.Skip("acceptance test: set TF_ACC=1 and TF_ACC_TERRAFORM_PATH (make test does)")
	}
}

// providerBlock is the terraform and provider blocks pointing at the fake.
func providerBlock(dd *fakedatadog.API) string {
	return terraformBlock + fmt.Sprintf(`
provider "relevel" {
  api_url = %q
  api_key = "test-api-key"
  app_key = "test-app-key"
}
`, dd.URL())
}

// pipelineID returns the id of the resource at addr in s.
func pipelineID(s *terraform.State, addr string) (string, error) {
	rs, ok := s.RootModule().Resources[addr]
	if !ok {
		return "", fmt.Errorf("%s is not in the state", addr)
	}
	if rs.Primary.ID == "" {
		return "", fmt.Errorf("%s has no id", addr)
	}
	return rs.Primary.ID, nil
}

// checkStored checks that the fake holds the pipeline opts describes under
// the id of addr, equal to what rules.Build makes up to the fields Datadog
// adds; *id receives the id.
func checkStored(dd *fakedatadog.API, addr string, opts rules.Options, enabled bool, id *string) func(*terraform.State) error {
	return func(s *terraform.State) error {
		got, err := pipelineID(s, addr)
		if err != nil {
			return err
		}
		if id != nil {
			*id = got
		}
		return storedMatches(dd, got, opts, enabled)
	}
}

// storedMatches compares the fake's pipeline id with what rules.Build
// makes of opts, up to the fields Datadog adds.
func storedMatches(dd *fakedatadog.API, id string, opts rules.Options, enabled bool) error {
	stored, ok := dd.Pipeline(id)
	if !ok {
		return fmt.Errorf("the fake API has no pipeline %s (has %v)", id, dd.PipelineIDs())
	}
	want, err := rules.Build(opts)
	if err != nil {
		return err
	}
	want.SetIsEnabled(enabled)
	raw, err := json.Marshal(want)
	if err != nil {
		return err
	}
	var wantMap map[string]any
	if err := json.Unmarshal(raw, &wantMap); err != nil {
		return err
	}
	for _, k := range []string{"id", "type", "is_read_only"} {
		delete(stored, k)
	}
	if a, b := ddapi.Canonical(stored), ddapi.Canonical(wantMap); !reflect.DeepEqual(a, b) {
		as, _ := json.MarshalIndent(a, "", " ")
		bs, _ := json.MarshalIndent(b, "", " ")
		return fmt.Errorf("stored pipeline %s differs from rules.Build:\nstored: %s\nwant:   %s", id, as, bs)
	}
	return nil
}

// checkFirst checks that addr's pipeline is first in the fake's order.
func checkFirst(dd *fakedatadog.API, addr string) func(*terraform.State) error {
	return func(s *terraform.State) error {
		id, err := pipelineID(s, addr)
		if err != nil {
			return err
		}
		if o := dd.Order(); len(o) == 0 || o[0] != id {
			return fmt.Errorf("pipeline order is %v, want %s first", o, id)
		}
		return nil
	}
}

// checkDestroyed is CheckDestroy: no relevel_pipeline of the state is left
// in the fake, and the fake saw no request the real API would reject.
func checkDestroyed(t *testing.T, dd *fakedatadog.API) func(*terraform.State) error {
	return func(s *terraform.State) error {
		for addr, rs := range s.RootModule().Resources {
			if rs.Type != "relevel_pipeline" {
				continue
			}
			if _, ok := dd.Pipeline(rs.Primary.ID); ok {
				return fmt.Errorf("%s: pipeline %s still exists after destroy", addr, rs.Primary.ID)
			}
		}
		return checkNoViolations(dd)(s)
	}
}

// checkNoViolations fails when the fake recorded a request that does not
// match Datadog's OpenAPI spec.
func checkNoViolations(dd *fakedatadog.API) func(*terraform.State) error {
	return func(*terraform.State) error {
		if v := dd.Violations(); len(v) > 0 {
			var b strings.Builder
			for _, x := range v {
				b.WriteString("\n  ")
				b.WriteString(x.String())
			}
			return fmt.Errorf("the fake API recorded %d spec violations:%s", len(v), b.String())
		}
		return nil
	}
}

// expectedProcessors is processors_json for opts.
func expectedProcessors(t *testing.T, opts rules.Options) string {
	t.Helper()
	p, err := rules.Build(opts)
	if err != nil {
		t.Fatal(err)
	}
	js, err := renderProcessors(p.Processors)
	if err != nil {
		t.Fatal(err)
	}
	return js
}
