package rules

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/DataDog/datadog-api-client-go/v2/api/datadogV1"
)

// RenderJSON renders the pipeline as Datadog API JSON (the body of
// CreateLogsPipeline), indented.
func RenderJSON(p datadogV1.LogsPipeline) ([]byte, error) {
	raw, err := json.Marshal(p)
	if err != nil {
		return nil, fmt.Errorf("rules: encoding pipeline: %w", err)
	}
	var out bytes.Buffer
	if err := json.Indent(&out, raw, "", "  "); err != nil {
		return nil, err
	}
	out.WriteByte('\n')
	return out.Bytes(), nil
}

// RenderHCL renders the pipeline as a datadog_logs_custom_pipeline resource
// of the official Datadog Terraform provider, named resourceName. Grok's
// "%{" is written "%%{" and "${" as "$${", as HCL templates require.
func RenderHCL(p datadogV1.LogsPipeline, resourceName string) ([]byte, error) {
	if resourceName == "" {
		resourceName = "relevel"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "resource \"datadog_logs_custom_pipeline\" %s {\n", hclString(resourceName))
	attr(&b, 1, "name", hclString(p.GetName()))
	attr(&b, 1, "is_enabled", fmt.Sprint(p.GetIsEnabled()))
	if d, ok := p.GetDescriptionOk(); ok && d != nil {
		attr(&b, 1, "description", hclString(*d))
	}
	if len(p.Tags) > 0 {
		attr(&b, 1, "tags", hclList(p.Tags))
	}
	b.WriteString("\n  filter {\n")
	attr(&b, 2, "query", hclString(p.Filter.GetQuery()))
	b.WriteString("  }\n")
	for i, proc := range p.Processors {
		b.WriteString("\n  processor {\n")
		switch x := proc.GetActualInstance().(type) {
		case *datadogV1.LogsGrokParser:
			b.WriteString("    grok_parser {\n")
			attr(&b, 3, "name", hclString(x.GetName()))
			attr(&b, 3, "is_enabled", fmt.Sprint(x.GetIsEnabled()))
			attr(&b, 3, "source", hclString(x.Source))
			if len(x.Samples) > 0 {
				attr(&b, 3, "samples", hclList(x.Samples))
			}
			b.WriteString("      grok {\n")
			attr(&b, 4, "support_rules", hclString(x.Grok.GetSupportRules()))
			attr(&b, 4, "match_rules", hclString(x.Grok.MatchRules))
			b.WriteString("      }\n    }\n")
		case *datadogV1.LogsLookupProcessor:
			b.WriteString("    lookup_processor {\n")
			attr(&b, 3, "name", hclString(x.GetName()))
			attr(&b, 3, "is_enabled", fmt.Sprint(x.GetIsEnabled()))
			attr(&b, 3, "source", hclString(x.Source))
			attr(&b, 3, "target", hclString(x.Target))
			attr(&b, 3, "lookup_table", hclList(x.LookupTable))
			if d, ok := x.GetDefaultLookupOk(); ok && d != nil {
				attr(&b, 3, "default_lookup", hclString(*d))
			}
			b.WriteString("    }\n")
		case *datadogV1.LogsAttributeRemapper:
			b.WriteString("    attribute_remapper {\n")
			attr(&b, 3, "name", hclString(x.GetName()))
			attr(&b, 3, "is_enabled", fmt.Sprint(x.GetIsEnabled()))
			attr(&b, 3, "sources", hclList(x.Sources))
			attr(&b, 3, "source_type", hclString(x.GetSourceType()))
			attr(&b, 3, "target", hclString(x.Target))
			attr(&b, 3, "target_type", hclString(x.GetTargetType()))
			attr(&b, 3, "preserve_source", fmt.Sprint(x.GetPreserveSource()))
			attr(&b, 3, "override_on_conflict", fmt.Sprint(x.GetOverrideOnConflict()))
			b.WriteString("    }\n")
		case *datadogV1.LogsCategoryProcessor:
			b.WriteString("    category_processor {\n")
			attr(&b, 3, "name", hclString(x.GetName()))
			attr(&b, 3, "is_enabled", fmt.Sprint(x.GetIsEnabled()))
			attr(&b, 3, "target", hclString(x.Target))
			for _, c := range x.Categories {
				b.WriteString("      category {\n")
				attr(&b, 4, "name", hclString(c.GetName()))
				b.WriteString("        filter {\n")
				attr(&b, 5, "query", hclString(c.Filter.GetQuery()))
				b.WriteString("        }\n      }\n")
			}
			b.WriteString("    }\n")
		case *datadogV1.LogsStatusRemapper:
			b.WriteString("    status_remapper {\n")
			attr(&b, 3, "name", hclString(x.GetName()))
			attr(&b, 3, "is_enabled", fmt.Sprint(x.GetIsEnabled()))
			attr(&b, 3, "sources", hclList(x.Sources))
			b.WriteString("    }\n")
		case *datadogV1.LogsMessageRemapper:
			b.WriteString("    message_remapper {\n")
			attr(&b, 3, "name", hclString(x.GetName()))
			attr(&b, 3, "is_enabled", fmt.Sprint(x.GetIsEnabled()))
			attr(&b, 3, "sources", hclList(x.Sources))
			b.WriteString("    }\n")
		default:
			return nil, fmt.Errorf("rules: processor %d: no HCL rendering for %T", i, x)
		}
		b.WriteString("  }\n")
	}
	b.WriteString("}\n")
	return []byte(b.String()), nil
}

func attr(b *strings.Builder, depth int, name, value string) {
	fmt.Fprintf(b, "%s%s = %s\n", strings.Repeat("  ", depth), name, value)
}

func hclList(items []string) string {
	if len(items) == 0 {
		return "[]"
	}
	parts := make([]string, len(items))
	for i, s := range items {
		parts[i] = hclString(s)
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

// hclString quotes s as an HCL string literal: backslash escapes for
// quotes, backslashes and control characters, and the template
// introducers "${" and "%{" doubled so they stay literal.
func hclString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == '"':
			b.WriteString(`\"`)
		case r == '\\':
			b.WriteString(`\\`)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteString(`\t`)
		case (r == '$' || r == '%') && i+1 < len(s) && s[i+1] == '{':
			b.WriteRune(r)
			b.WriteRune(r)
		case r < 0x20 || r == 0x7f || (r == utf8.RuneError && size == 1):
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	b.WriteByte('"')
	return b.String()
}
