package provider

import (
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"go.yaml.in/yaml/v4"
)

// The registry reads the provider's protocol from the release's
// manifest.json (terraform-registry-manifest.json); it must be the
// protocol the plugin serves, or Terraform refuses the download.
func TestRegistryManifestMatchesPlugin(t *testing.T) {
	b, err := os.ReadFile(filepath.Join(repoRoot, "terraform-provider", "terraform-registry-manifest.json"))
	if err != nil {
		t.Fatal(err)
	}
	var m struct {
		Version  int `json:"version"`
		Metadata struct {
			ProtocolVersions []string `json:"protocol_versions"`
		} `json:"metadata"`
	}
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	served := pluginProtocol(t)
	if m.Version != 1 || !slices.Equal(m.Metadata.ProtocolVersions, []string{served + ".0"}) {
		t.Errorf("terraform-registry-manifest.json: version %d, protocol_versions %q; the plugin serves protocol %s",
			m.Version, m.Metadata.ProtocolVersions, served)
	}
}

// pluginProtocol reads ServeOpts.ProtocolVersion from the plugin's main.
func pluginProtocol(t *testing.T) string {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), filepath.Join(repoRoot, "cmd", "terraform-provider-relevel", "main.go"), nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	v := ""
	ast.Inspect(f, func(n ast.Node) bool {
		if kv, ok := n.(*ast.KeyValueExpr); ok {
			if id, ok := kv.Key.(*ast.Ident); ok && id.Name == "ProtocolVersion" {
				if lit, ok := kv.Value.(*ast.BasicLit); ok {
					v = lit.Value
				}
			}
		}
		return true
	})
	if _, err := strconv.Atoi(v); err != nil {
		t.Fatalf("no ProtocolVersion literal in the plugin's main.go (%q)", v)
	}
	return v
}

// The release configuration builds the plugin under the name the registry
// and `terraform init` expect, from a main package that exists and has
// the version variable it sets, and ships the manifest beside the sums.
func TestReleaseConfig(t *testing.T) {
	b, err := os.ReadFile(filepath.Join(repoRoot, "terraform-provider", ".goreleaser.yml"))
	if err != nil {
		t.Fatal(err)
	}
	var c struct {
		Version     int    `yaml:"version"`
		ProjectName string `yaml:"project_name"`
		Builds      []struct {
			Main    string   `yaml:"main"`
			Ldflags []string `yaml:"ldflags"`
			Binary  string   `yaml:"binary"`
		} `yaml:"builds"`
		Archives []struct {
			Formats      []string `yaml:"formats"`
			NameTemplate string   `yaml:"name_template"`
		} `yaml:"archives"`
		Checksum struct {
			NameTemplate string `yaml:"name_template"`
			ExtraFiles   []struct {
				Glob         string `yaml:"glob"`
				NameTemplate string `yaml:"name_template"`
			} `yaml:"extra_files"`
		} `yaml:"checksum"`
		Signs []struct {
			Artifacts string `yaml:"artifacts"`
		} `yaml:"signs"`
	}
	if err := yaml.Unmarshal(b, &c); err != nil {
		t.Fatal(err)
	}
	if c.Version != 2 || c.ProjectName != "terraform-provider-relevel" {
		t.Errorf("version %d project_name %q", c.Version, c.ProjectName)
	}
	if len(c.Builds) != 1 {
		t.Fatalf("%d builds, want 1", len(c.Builds))
	}
	bd := c.Builds[0]
	main, err := os.ReadFile(filepath.Join(repoRoot, bd.Main, "main.go"))
	if err != nil {
		t.Fatalf("builds.main %q: %v", bd.Main, err)
	}
	if !strings.Contains(string(main), "var version =") || !strings.Contains(strings.Join(bd.Ldflags, " "), "-X main.version={{ .Version }}") {
		t.Errorf("ldflags %q do not set the plugin's main.version", bd.Ldflags)
	}
	if bd.Binary != "{{ .ProjectName }}_v{{ .Version }}" {
		t.Errorf("binary %q: the registry wants terraform-provider-NAME_vVERSION", bd.Binary)
	}
	if len(c.Archives) != 1 || !slices.Equal(c.Archives[0].Formats, []string{"zip"}) ||
		c.Archives[0].NameTemplate != "{{ .ProjectName }}_{{ .Version }}_{{ .Os }}_{{ .Arch }}" {
		t.Errorf("archives %+v: the registry wants NAME_VERSION_OS_ARCH.zip", c.Archives)
	}
	if c.Checksum.NameTemplate != "{{ .ProjectName }}_{{ .Version }}_SHA256SUMS" || len(c.Signs) != 1 || c.Signs[0].Artifacts != "checksum" {
		t.Errorf("checksum %q, signs %+v: the registry wants a signed NAME_VERSION_SHA256SUMS", c.Checksum.NameTemplate, c.Signs)
	}
	if len(c.Checksum.ExtraFiles) != 1 || c.Checksum.ExtraFiles[0].NameTemplate != "{{ .ProjectName }}_{{ .Version }}_manifest.json" {
		t.Fatalf("checksum.extra_files %+v: the manifest must be summed as NAME_VERSION_manifest.json", c.Checksum.ExtraFiles)
	}
	if _, err := os.Stat(filepath.Join(repoRoot, c.Checksum.ExtraFiles[0].Glob)); err != nil {
		t.Errorf("the manifest's glob, from the repository root: %v", err)
	}
}
