package ddapi

import (
	"fmt"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"

	"github.com/relevel/relevel/internal/fakedatadog"
)

// TestImplicitDefaultsMatchSpec walks every processor schema of the spec the
// client was generated from and checks that implicitDefaults lists each
// non-zero default (zero defaults are dropped without a table entry).
func TestImplicitDefaultsMatchSpec(t *testing.T) {
	doc, err := fakedatadog.LoadV1Spec("")
	if err != nil {
		t.Fatal(err)
	}
	found := map[string]map[string]any{}
	var walk func(s *openapi3.Schema, seen map[*openapi3.Schema]bool)
	walk = func(s *openapi3.Schema, seen map[*openapi3.Schema]bool) {
		if s == nil || seen[s] {
			return
		}
		seen[s] = true
		for _, ref := range s.OneOf {
			walk(ref.Value, seen)
		}
		kind := ""
		if tp := s.Properties["type"]; tp != nil && tp.Value != nil && len(tp.Value.Enum) == 1 {
			kind, _ = tp.Value.Enum[0].(string)
		}
		for name, p := range s.Properties {
			if p == nil || p.Value == nil {
				continue
			}
			if d := p.Value.Default; d != nil && name != "type" && !isZero(d) {
				if kind == "" {
					t.Errorf("non-zero default for %s in an untyped object", name)
					continue
				}
				if found[kind] == nil {
					found[kind] = map[string]any{}
				}
				found[kind][name] = d
			}
			walk(p.Value, seen)
			if p.Value.Items != nil {
				walk(p.Value.Items.Value, seen)
			}
		}
	}
	walk(doc.Components.Schemas["LogsPipeline"].Value, map[*openapi3.Schema]bool{})
	if len(found) == 0 {
		t.Fatal("no defaults found: the walk is broken")
	}
	if !reflect.DeepEqual(found, implicitDefaults) {
		t.Errorf("spec defaults:\n%s\ntable:\n%s", dump(found), dump(implicitDefaults))
	}
}

func dump(m map[string]map[string]any) string {
	var lines []string
	for k, v := range m {
		lines = append(lines, fmt.Sprintf("%s: %v", k, v))
	}
	sort.Strings(lines)
	return strings.Join(lines, "\n")
}

func TestCanonical(t *testing.T) {
	a := map[string]any{
		"name": "p", "is_enabled": true,
		"processors": []any{
			map[string]any{"type": "grok-parser", "source": "message", "is_enabled": true, "samples": []any{},
				"grok": map[string]any{"match_rules": "r %{data}", "support_rules": ""}},
			map[string]any{"type": "array-processor", "operation": map[string]any{"type": "append", "source": "a", "target": "b", "preserve_source": true}},
			map[string]any{"type": "array-processor", "operation": map[string]any{"type": "append", "source": "a", "target": "b", "preserve_source": false}},
			map[string]any{"type": "attribute-remapper", "count": float64(0)},
		},
		"tags": []any{}, "description": "",
	}
	want := map[string]any{
		"name": "p", "is_enabled": true,
		"processors": []any{
			map[string]any{"type": "grok-parser", "is_enabled": true, "grok": map[string]any{"match_rules": "r %{data}"}},
			map[string]any{"type": "array-processor", "operation": map[string]any{"type": "append", "source": "a", "target": "b"}},
			map[string]any{"type": "array-processor", "operation": map[string]any{"type": "append", "source": "a", "target": "b", "preserve_source": false}},
			map[string]any{"type": "attribute-remapper", "count": float64(0)},
		},
	}
	if got := canonical(a); !reflect.DeepEqual(got, want) {
		t.Errorf("canonical =\n%v\nwant\n%v", got, want)
	}
}

func TestUnifiedDiff(t *testing.T) {
	lines := func(n int, change map[int]string) string {
		var b strings.Builder
		for i := 1; i <= n; i++ {
			if s, ok := change[i]; ok {
				if s != "" {
					b.WriteString(s + "\n")
				}
				continue
			}
			fmt.Fprintf(&b, "l%d\n", i)
		}
		return b.String()
	}
	cases := []struct {
		name string
		a, b string
		want string
	}{
		{"equal", "x\n", "x\n", ""},
		{"create", "", "a\nb\n", "--- A\n+++ B\n@@ -0,0 +1,2 @@\n+a\n+b\n"},
		{"one change", lines(10, nil), lines(10, map[int]string{5: "X"}),
			"--- A\n+++ B\n@@ -2,7 +2,7 @@\n l2\n l3\n l4\n-l5\n+X\n l6\n l7\n l8\n"},
		{"two hunks", lines(20, nil), lines(20, map[int]string{2: "X", 18: ""}),
			"--- A\n+++ B\n@@ -1,5 +1,5 @@\n l1\n-l2\n+X\n l3\n l4\n l5\n@@ -15,6 +15,5 @@\n l15\n l16\n l17\n-l18\n l19\n l20\n"},
		{"insert", "a\nc\n", "a\nb\nc\n", "--- A\n+++ B\n@@ -1,2 +1,3 @@\n a\n+b\n c\n"},
	}
	for _, tc := range cases {
		if got := unifiedDiff("A", "B", tc.a, tc.b); got != tc.want {
			t.Errorf("%s:\n%s\nwant\n%s", tc.name, got, tc.want)
		}
	}
}

func TestRetryDelay(t *testing.T) {
	if d := retryDelay(nil, 0); d.Seconds() != 1 {
		t.Errorf("first backoff %s", d)
	}
	if d := retryDelay(nil, 10); d.Seconds() != 30 {
		t.Errorf("capped backoff %s", d)
	}
}
