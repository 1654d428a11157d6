package provider

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/relevel/relevel/internal/fakedatadog"
	"github.com/relevel/relevel/rules"
)

// TestAccWalkthrough follows terraform-provider/README.md with the built
// binary, not the in-process provider: the provider installed from a local
// plugin directory, `tofu init`, `plan`, `apply`, an empty second plan,
// `import` into a fresh state with an empty plan after it, and `destroy`.
// This proves the plugin handshake and cmd/terraform-provider-relevel,
// which the resource.Test cases (reattached in-process) do not.
func TestAccWalkthrough(t *testing.T) {
	skipUnlessAcc(t)
	testAccPreCheck(t)
	cli := os.Getenv("TF_ACC_TERRAFORM_PATH")
	host := os.Getenv("TF_ACC_PROVIDER_HOST")
	if host == "" {
		host = "registry.terraform.io"
	}
	dd := fakedatadog.StartAPI(t)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()

	// Step 1 of the README: the provider in the implied local mirror.
	home := t.TempDir()
	const version = "0.1.0"
	pluginDir := filepath.Join(home, ".terraform.d", "plugins", host, "relevel", "relevel", version, runtime.GOOS+"_"+runtime.GOARCH)
	args := []string{"build", "-ldflags", "-X main.version=" + version,
		"-o", filepath.Join(pluginDir, "terraform-provider-relevel_v"+version)}
	if raceEnabled {
		args = append(args, "-race")
	}
	build := exec.CommandContext(ctx, "go", append(args, "../../cmd/terraform-provider-relevel")...)
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}

	// Step 2: main.tf (with api_url pointing at the fake API).
	mainTF := fmt.Sprintf(`
terraform {
  required_providers {
    relevel = {
      source = "relevel/relevel"
    }
  }
}

provider "relevel" {
  api_url = %q
}

resource "relevel_pipeline" "levels" {
  name = "relevel: true log levels"
}

output "pipeline_id" {
  value = relevel_pipeline.levels.id
}
`, dd.URL())
	env := append(os.Environ(),
		"HOME="+home,
		"DD_API_KEY=walkthrough-api-key",
		"DD_APP_KEY=walkthrough-app-key",
		"TF_IN_AUTOMATION=1",
		"TF_REATTACH_PROVIDERS=",
		"CHECKPOINT_DISABLE=1",
	)
	tofu := func(dir string, wantCode int, args ...string) string {
		t.Helper()
		cmd := exec.CommandContext(ctx, cli, append([]string{args[0], "-no-color"}, args[1:]...)...)
		cmd.Dir, cmd.Env = dir, env
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &out
		err := cmd.Run()
		code := 0
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			code = ee.ExitCode()
		} else if err != nil {
			t.Fatalf("tofu %s: %v", strings.Join(args, " "), err)
		}
		if code != wantCode {
			t.Fatalf("tofu %s: exit %d, want %d\n%s", strings.Join(args, " "), code, wantCode, out.String())
		}
		return out.String()
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "main.tf"), []byte(mainTF), 0o644); err != nil {
		t.Fatal(err)
	}

	// Step 3: init, plan, apply, plan.
	tofu(dir, 0, "init", "-input=false")
	out := tofu(dir, 2, "plan", "-input=false", "-detailed-exitcode")
	if !strings.Contains(out, "relevel_pipeline.levels will be created") {
		t.Errorf("first plan does not create the pipeline:\n%s", out)
	}
	tofu(dir, 0, "apply", "-input=false", "-auto-approve")
	tofu(dir, 0, "plan", "-input=false", "-detailed-exitcode")
	id := strings.Trim(strings.TrimSpace(tofu(dir, 0, "output", "-raw", "pipeline_id")), `"`)
	if _, ok := dd.Pipeline(id); !ok {
		t.Fatalf("apply reported pipeline %q, the fake has %v", id, dd.PipelineIDs())
	}
	if o := dd.Order(); len(o) == 0 || o[0] != id {
		t.Errorf("order %v, want %s first", o, id)
	}
	if err := storedMatches(dd, id, rules.Options{Name: "relevel: true log levels"}, true); err != nil {
		t.Error(err)
	}

	// Step 4: drift is shown and repaired.
	if err := dd.EditPipeline(id, func(p map[string]any) { p["is_enabled"] = false }); err != nil {
		t.Fatal(err)
	}
	out = tofu(dir, 2, "plan", "-input=false", "-detailed-exitcode")
	if !strings.Contains(out, "updated in-place") || !strings.Contains(out, "enabled") {
		t.Errorf("plan after an edit in the UI does not show the change:\n%s", out)
	}
	tofu(dir, 0, "apply", "-input=false", "-auto-approve")
	if p, _ := dd.Pipeline(id); p["is_enabled"] != true {
		t.Errorf("apply did not re-enable the pipeline: %v", p["is_enabled"])
	}

	// Step 5: import into a fresh directory, then the plan is empty.
	fresh := t.TempDir()
	if err := os.WriteFile(filepath.Join(fresh, "main.tf"), []byte(mainTF), 0o644); err != nil {
		t.Fatal(err)
	}
	tofu(fresh, 0, "init", "-input=false")
	tofu(fresh, 0, "import", "-input=false", "relevel_pipeline.levels", id)
	tofu(fresh, 0, "plan", "-input=false", "-detailed-exitcode")

	tofu(dir, 0, "destroy", "-input=false", "-auto-approve")
	if _, ok := dd.Pipeline(id); ok {
		t.Errorf("pipeline %s still exists after destroy", id)
	}
	if err := checkNoViolations(dd)(nil); err != nil {
		t.Error(err)
	}
}
