package provider

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"text/template"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/provider"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/types/basetypes"
)

// The registry docs (docs/, in the layout tfplugindocs writes) are
// generated from terraform-provider/templates/*.md.tmpl, the schemas'
// descriptions and examples/, the way tfplugindocs does it, without its
// need for a Terraform binary. TestDocs fails when docs/ is stale;
//
//	go test ./terraform-provider/provider -run TestDocs -update
//
// rewrites it.
var update = flag.Bool("update", false, "rewrite docs/ from the templates, the schemas and examples/")

// repoRoot is the repository, relative to this package.
const repoRoot = "../.."

// docAttr is what every framework schema attribute (provider, resource,
// data source) offers.
type docAttr interface {
	IsRequired() bool
	IsOptional() bool
	IsComputed() bool
	IsSensitive() bool
	GetMarkdownDescription() string
	GetType() attr.Type
}

// schemaMarkdown renders attributes as tfplugindocs does: Required,
// Optional, Read-Only, each sorted by name.
func schemaMarkdown(attrs map[string]docAttr) (string, error) {
	groups := []struct {
		title string
		in    func(docAttr) bool
	}{
		{"Required", func(a docAttr) bool { return a.IsRequired() }},
		{"Optional", func(a docAttr) bool { return a.IsOptional() }},
		{"Read-Only", func(a docAttr) bool { return a.IsComputed() && !a.IsOptional() && !a.IsRequired() }},
	}
	names := make([]string, 0, len(attrs))
	for n := range attrs {
		names = append(names, n)
	}
	sort.Strings(names)
	var b strings.Builder
	b.WriteString("<!-- schema generated from the provider's schema: go test ./terraform-provider/provider -run TestDocs -update -->\n## Schema\n")
	for _, g := range groups {
		var lines []string
		for _, n := range names {
			a := attrs[n]
			if !g.in(a) {
				continue
			}
			typ, err := typeName(a.GetType())
			if err != nil {
				return "", fmt.Errorf("%s: %w", n, err)
			}
			if a.IsSensitive() {
				typ += ", Sensitive"
			}
			lines = append(lines, fmt.Sprintf("- `%s` (%s) %s", n, typ, a.GetMarkdownDescription()))
		}
		if len(lines) == 0 {
			continue
		}
		fmt.Fprintf(&b, "\n### %s\n\n%s\n", g.title, strings.Join(lines, "\n"))
	}
	return b.String(), nil
}

func typeName(t attr.Type) (string, error) {
	switch x := t.(type) {
	case basetypes.StringType:
		return "String", nil
	case basetypes.BoolType:
		return "Boolean", nil
	case basetypes.Int64Type:
		return "Number", nil
	case basetypes.SetType:
		e, err := typeName(x.ElemType)
		return "Set of " + e, err
	case basetypes.ListType:
		e, err := typeName(x.ElemType)
		return "List of " + e, err
	}
	return "", fmt.Errorf("no doc name for type %T", t)
}

type docPage struct {
	template, out string
	attrs         map[string]docAttr
	description   string
}

func docPages(t *testing.T) []docPage {
	t.Helper()
	ctx := context.Background()
	p := New("docs")()

	var ps provider.SchemaResponse
	p.Schema(ctx, provider.SchemaRequest{}, &ps)
	var rs resource.SchemaResponse
	newPipelineResource().Schema(ctx, resource.SchemaRequest{}, &rs)
	var ds datasource.SchemaResponse
	newPipelineDefinitionDataSource().Schema(ctx, datasource.SchemaRequest{}, &ds)
	if ps.Diagnostics.HasError() || rs.Diagnostics.HasError() || ds.Diagnostics.HasError() {
		t.Fatal(ps.Diagnostics, rs.Diagnostics, ds.Diagnostics)
	}
	return []docPage{
		{"index.md.tmpl", "docs/index.md", docAttrs(t, ps.Schema.Attributes), ps.Schema.MarkdownDescription},
		{"resources/pipeline.md.tmpl", "docs/resources/pipeline.md", docAttrs(t, rs.Schema.Attributes), rs.Schema.MarkdownDescription},
		{"data-sources/pipeline_definition.md.tmpl", "docs/data-sources/pipeline_definition.md", docAttrs(t, ds.Schema.Attributes), ds.Schema.MarkdownDescription},
	}
}

// docAttrs converts a provider, resource or data source schema's
// attributes.
func docAttrs[A any](t *testing.T, attrs map[string]A) map[string]docAttr {
	t.Helper()
	out := make(map[string]docAttr, len(attrs))
	for k, v := range attrs {
		a, ok := any(v).(docAttr)
		if !ok {
			t.Fatalf("%s: %T is not a documented attribute kind", k, v)
		}
		out[k] = a
	}
	return out
}

// renderDoc executes a page template. Functions, as in tfplugindocs:
// tffile and codefile embed a file of the repository in a fenced block.
func renderDoc(page docPage) ([]byte, error) {
	src, err := os.ReadFile(filepath.Join("..", "templates", page.template))
	if err != nil {
		return nil, err
	}
	schema, err := schemaMarkdown(page.attrs)
	if err != nil {
		return nil, err
	}
	codefile := func(lang, name string) (string, error) {
		b, err := os.ReadFile(filepath.Join(repoRoot, name))
		if err != nil {
			return "", err
		}
		return "```" + lang + "\n" + strings.TrimRight(string(b), "\n") + "\n```", nil
	}
	tmpl, err := template.New(page.template).Funcs(template.FuncMap{
		"tffile":   func(name string) (string, error) { return codefile("terraform", name) },
		"codefile": codefile,
	}).Parse(string(src))
	if err != nil {
		return nil, err
	}
	var out bytes.Buffer
	err = tmpl.Execute(&out, struct {
		Description    string
		SchemaMarkdown string
	}{page.description, schema})
	return out.Bytes(), err
}

func TestDocs(t *testing.T) {
	for _, page := range docPages(t) {
		got, err := renderDoc(page)
		if err != nil {
			t.Fatalf("%s: %v", page.template, err)
		}
		path := filepath.Join(repoRoot, page.out)
		if *update {
			if err := os.WriteFile(path, got, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		have, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("%v (run: go test ./terraform-provider/provider -run TestDocs -update)", err)
		}
		if !bytes.Equal(have, got) {
			t.Errorf("%s is stale: run go test ./terraform-provider/provider -run TestDocs -update", page.out)
		}
	}
}

// Every attribute of every schema is described: the docs are only as good
// as the descriptions.
func TestSchemaDescriptions(t *testing.T) {
	for _, page := range docPages(t) {
		for n, a := range page.attrs {
			if strings.TrimSpace(a.GetMarkdownDescription()) == "" {
				t.Errorf("%s: attribute %s has no description", page.out, n)
			}
		}
	}
}
