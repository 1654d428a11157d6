package provider

import (
	"context"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/relevel/relevel/rules"
)

func stringSet(elems ...string) types.Set {
	vs := make([]attr.Value, len(elems))
	for i, e := range elems {
		vs[i] = types.StringValue(e)
	}
	return types.SetValueMust(types.StringType, vs)
}

func TestKnownFormats(t *testing.T) {
	all, err := rules.Formats()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name  string
		value types.Set
		want  []string // substrings of the error detail; nil: no error
	}{
		{"null", types.SetNull(types.StringType), nil},
		{"unknown", types.SetUnknown(types.StringType), nil},
		{"all", stringSet(all...), nil},
		{"one", stringSet("klog"), nil},
		{"unknown element", types.SetValueMust(types.StringType, []attr.Value{types.StringValue("klog"), types.StringUnknown()}), nil},
		{"empty", stringSet(), []string{"at least one format", strings.Join(all, ", ")}},
		{"typo", stringSet("klog", "zapp"), []string{`the format "zapp" (did you mean "zap"?)`, "Valid formats: " + strings.Join(all, ", ")}},
		{"case", stringSet("KLOG"), []string{`"KLOG" (did you mean "klog"?)`}},
		// "log4j" is two edits from "log15": the typo rule suggests it.
		{"two", stringSet("log4j", "klog", "haproxy"), []string{`the formats "haproxy", "log4j" (did you mean "log15"?). Valid`}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			resp := &validator.SetResponse{}
			knownFormats{}.ValidateSet(context.Background(), validator.SetRequest{Path: path.Root("formats"), ConfigValue: tc.value}, resp)
			if tc.want == nil {
				if resp.Diagnostics.HasError() {
					t.Fatalf("unexpected error: %v", resp.Diagnostics)
				}
				return
			}
			if !resp.Diagnostics.HasError() {
				t.Fatal("no error")
			}
			detail := resp.Diagnostics.Errors()[0].Detail()
			for _, w := range tc.want {
				if !strings.Contains(detail, w) {
					t.Errorf("detail %q does not contain %q", detail, w)
				}
			}
		})
	}
}

func TestNotBlank(t *testing.T) {
	for _, tc := range []struct {
		value   types.String
		wantErr bool
	}{
		{types.StringNull(), false},
		{types.StringUnknown(), false},
		{types.StringValue("relevel"), false},
		{types.StringValue(""), true},
		{types.StringValue(" \t"), true},
	} {
		resp := &validator.StringResponse{}
		notBlank{why: "because"}.ValidateString(context.Background(), validator.StringRequest{Path: path.Root("name"), ConfigValue: tc.value}, resp)
		if resp.Diagnostics.HasError() != tc.wantErr {
			t.Errorf("%s: error %v, want %v", tc.value, resp.Diagnostics, tc.wantErr)
		}
		if tc.wantErr && !strings.Contains(resp.Diagnostics.Errors()[0].Detail(), "name must not be empty: because") {
			t.Errorf("%s: detail %q", tc.value, resp.Diagnostics.Errors()[0].Detail())
		}
	}
}

func TestNonEmptyElements(t *testing.T) {
	for _, tc := range []struct {
		value   types.Set
		wantErr bool
	}{
		{types.SetNull(types.StringType), false},
		{stringSet(), false},
		{stringSet("team:a", "env:b"), false},
		{stringSet("team:a", ""), true},
	} {
		resp := &validator.SetResponse{}
		nonEmptyElements{}.ValidateSet(context.Background(), validator.SetRequest{Path: path.Root("tags"), ConfigValue: tc.value}, resp)
		if resp.Diagnostics.HasError() != tc.wantErr {
			t.Errorf("%s: error %v, want %v", tc.value, resp.Diagnostics, tc.wantErr)
		}
	}
}
