package provider

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// orderPosition plans order_position, the pipeline's 1-based place in the
// org's pipeline order as the last refresh saw it. With first_in_order the
// plan is always 1, so a pipeline that another one was moved ahead of
// shows "order_position: 3 -> 1" and apply moves it back. Without it, the
// position is whatever it is: the state's value (unknown on create).
type orderPosition struct{}

var _ planmodifier.Int64 = orderPosition{}

func (orderPosition) Description(context.Context) string {
	return "1 when first_in_order is true, else the position the last refresh read"
}

func (m orderPosition) MarkdownDescription(ctx context.Context) string { return m.Description(ctx) }

func (orderPosition) PlanModifyInt64(ctx context.Context, req planmodifier.Int64Request, resp *planmodifier.Int64Response) {
	if req.Plan.Raw.IsNull() { // destroy
		return
	}
	var first types.Bool
	resp.Diagnostics.Append(req.Plan.GetAttribute(ctx, path.Root("first_in_order"), &first)...)
	if resp.Diagnostics.HasError() {
		return
	}
	switch {
	case first.IsUnknown():
		resp.PlanValue = types.Int64Unknown()
	case first.ValueBool():
		resp.PlanValue = types.Int64Value(1)
	case req.StateValue.IsNull():
		resp.PlanValue = types.Int64Unknown()
	default:
		resp.PlanValue = req.StateValue
	}
}
