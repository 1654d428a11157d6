package provider

import (
	"context"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

func TestOrderPosition(t *testing.T) {
	ctx := context.Background()
	var sr resource.SchemaResponse
	newPipelineResource().Schema(ctx, resource.SchemaRequest{}, &sr)
	if sr.Diagnostics.HasError() {
		t.Fatal(sr.Diagnostics)
	}
	plan := func(first types.Bool) tfsdk.Plan {
		p := tfsdk.Plan{Schema: sr.Schema, Raw: tftypes.NewValue(sr.Schema.Type().TerraformType(ctx), nil)}
		m := pipelineModel{
			ID: types.StringUnknown(), Name: types.StringValue("x"), FilterQuery: types.StringValue("*"),
			Formats: stringSet("klog"), MessageRemapper: types.BoolValue(false), Enabled: types.BoolValue(true),
			FirstInOrder: first, Description: types.StringUnknown(), Tags: types.SetNull(types.StringType),
			ProcessorsJSON: types.StringUnknown(), OrderPosition: types.Int64Unknown(),
		}
		if d := p.Set(ctx, &m); d.HasError() {
			t.Fatal(d)
		}
		return p
	}
	for _, tc := range []struct {
		name  string
		first types.Bool
		state types.Int64
		want  types.Int64
	}{
		{"first, create", types.BoolValue(true), types.Int64Null(), types.Int64Value(1)},
		{"first, moved back", types.BoolValue(true), types.Int64Value(3), types.Int64Value(1)},
		{"first, already", types.BoolValue(true), types.Int64Value(1), types.Int64Value(1)},
		{"not first, create", types.BoolValue(false), types.Int64Null(), types.Int64Unknown()},
		{"not first, stays", types.BoolValue(false), types.Int64Value(4), types.Int64Value(4)},
		{"unknown first_in_order", types.BoolUnknown(), types.Int64Value(4), types.Int64Unknown()},
	} {
		t.Run(tc.name, func(t *testing.T) {
			req := planmodifier.Int64Request{Plan: plan(tc.first), StateValue: tc.state, PlanValue: types.Int64Unknown()}
			resp := &planmodifier.Int64Response{PlanValue: req.PlanValue}
			orderPosition{}.PlanModifyInt64(ctx, req, resp)
			if resp.Diagnostics.HasError() {
				t.Fatal(resp.Diagnostics)
			}
			if !resp.PlanValue.Equal(tc.want) {
				t.Errorf("planned %s, want %s", resp.PlanValue, tc.want)
			}
		})
	}
}
