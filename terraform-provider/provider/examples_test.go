package provider

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// The examples (which the docs embed) are formatted as `tofu fmt` wants
// them. It runs whenever the CLI is there (TF_ACC_TERRAFORM_PATH, as
// `make test` sets it), acceptance tests or not.
func TestExamplesFormatted(t *testing.T) {
	cli := os.Getenv("TF_ACC_TERRAFORM_PATH")
	if cli == "" {
		t.Skip("TF_ACC_TERRAFORM_PATH is not set (make test sets it to the OpenTofu it builds)")
	}
	examples := filepath.Join(repoRoot, "examples")
	cmd := exec.Command(cli, "fmt", "-check", "-recursive", "-diff", examples)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%s fmt -check -recursive %s: %v\n%s", filepath.Base(cli), examples, err, out)
	}
	// And there is something to check.
	var n int
	_ = filepath.WalkDir(examples, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && filepath.Ext(p) == ".tf" {
			n++
		}
		return nil
	})
	if n < 3 {
		t.Fatalf("only %d .tf files under %s", n, examples)
	}
}
