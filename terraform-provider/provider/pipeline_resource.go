package provider

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/DataDog/datadog-api-client-go/v2/api/datadogV1"
	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/booldefault"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/setdefault"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringdefault"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/relevel/relevel/rules"
	"github.com/relevel/relevel/rules/ddapi"
)

// pipelineResource is relevel_pipeline.
type pipelineResource struct {
	data *providerData
}

var (
	_ resource.Resource                   = (*pipelineResource)(nil)
	_ resource.ResourceWithConfigure      = (*pipelineResource)(nil)
	_ resource.ResourceWithImportState    = (*pipelineResource)(nil)
	_ resource.ResourceWithModifyPlan     = (*pipelineResource)(nil)
	_ resource.ResourceWithValidateConfig = (*pipelineResource)(nil)
)

func newPipelineResource() resource.Resource { return &pipelineResource{} }

// pipelineModel is relevel_pipeline's state.
type pipelineModel struct {
	ID              types.String `tfsdk:"id"`
	Name            types.String `tfsdk:"name"`
	FilterQuery     types.String `tfsdk:"filter_query"`
	Formats         types.Set    `tfsdk:"formats"`
	MessageRemapper types.Bool   `tfsdk:"message_remapper"`
	Enabled         types.Bool   `tfsdk:"enabled"`
	FirstInOrder    types.Bool   `tfsdk:"first_in_order"`
	Description     types.String `tfsdk:"description"`
	Tags            types.Set    `tfsdk:"tags"`
	ProcessorsJSON  types.String `tfsdk:"processors_json"`
	OrderPosition   types.Int64  `tfsdk:"order_position"`
}

func (r *pipelineResource) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_pipeline"
}

func (r *pipelineResource) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	all, err := rules.Formats()
	if err != nil {
		resp.Diagnostics.AddError("relevel's format rules do not load", err.Error())
		return
	}
	allValues := make([]attr.Value, len(all))
	for i, f := range all {
		allValues[i] = types.StringValue(f)
	}
	resp.Schema = schema.Schema{
		MarkdownDescription: "relevel's Datadog Logs pipeline: grok parsers that extract the level each Go " +
			"logger wrote, lookups that map it to one canonical word, and a status remapper, so that " +
			"`I0102`, `level=info` or `INFO` lines written to stderr stop showing as errors. The pipeline " +
			"is kept first in the org's pipeline order (`first_in_order`), because only the first status " +
			"remapper that touches a log counts. Refresh notices edits made in the Datadog UI " +
			"(`processors_json` and the other attributes show the diff), a pipeline deleted outside " +
			"Terraform (it is created again), and a pipeline moved ahead of this one (`order_position`).",
		Attributes: map[string]schema.Attribute{
			"id": schema.StringAttribute{
				Computed:            true,
				MarkdownDescription: "Datadog's pipeline id.",
				PlanModifiers:       []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
			"name": schema.StringAttribute{
				Required: true,
				MarkdownDescription: "Pipeline name, as the Datadog UI shows it. Changing it replaces the " +
					"pipeline (relevel finds its pipeline by name, as `relevel pipeline apply` does).",
				Validators:    []validator.String{notBlank{why: "Datadog shows and relevel finds the pipeline by its name"}},
				PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()},
			},
			"filter_query": schema.StringAttribute{
				Optional: true,
				Computed: true,
				Default:  stringdefault.StaticString(rules.DefaultFilter),
				MarkdownDescription: "Datadog search query selecting the logs the pipeline processes, e.g. " +
					"`service:(api OR worker)`. Defaults to `*`.",
				Validators: []validator.String{notBlank{why: "use \"*\" for every log"}},
			},
			"formats": schema.SetAttribute{
				ElementType: types.StringType,
				Optional:    true,
				Computed:    true,
				Default:     setdefault.StaticValue(types.SetValueMust(types.StringType, allValues)),
				MarkdownDescription: "Log formats to recognise. Defaults to all of them: `" +
					strings.Join(all, "`, `") + "`.",
				Validators: []validator.Set{knownFormats{}},
			},
			"message_remapper": schema.BoolAttribute{
				Optional: true,
				Computed: true,
				Default:  booldefault.StaticBool(false),
				MarkdownDescription: "Also replace each log's message with the message the rules extract " +
					"(without the timestamp and level header). Defaults to `false`.",
			},
			"enabled": schema.BoolAttribute{
				Optional:            true,
				Computed:            true,
				Default:             booldefault.StaticBool(true),
				MarkdownDescription: "Whether Datadog runs the pipeline. Defaults to `true`.",
			},
			"first_in_order": schema.BoolAttribute{
				Optional: true,
				Computed: true,
				Default:  booldefault.StaticBool(true),
				MarkdownDescription: "Keep the pipeline first in the org's pipeline order: only the first " +
					"status remapper that touches a log counts, so a pipeline ahead of this one that " +
					"remaps the status wins. When another pipeline is moved ahead, the next plan shows " +
					"`order_position` changing back to 1. Set it on one pipeline only. Defaults to `true`.",
			},
			"description": schema.StringAttribute{
				Optional: true,
				Computed: true,
				MarkdownDescription: "Pipeline description. Defaults to relevel's, which names the formats " +
					"and explains why the pipeline must stay first.",
				Validators: []validator.String{notBlank{why: "leave it out for relevel's description"}},
			},
			"tags": schema.SetAttribute{
				ElementType:         types.StringType,
				Optional:            true,
				MarkdownDescription: "Pipeline tags, e.g. `[\"team:platform\"]`.",
				Validators:          []validator.Set{nonEmptyElements{}},
			},
			"processors_json": schema.StringAttribute{
				Computed: true,
				MarkdownDescription: "The pipeline's processors as Datadog API JSON (an array). The plan " +
					"holds what relevel generates; a refresh holds what Datadog has, so a processor " +
					"edited in the Datadog UI shows up as a diff here and apply restores it.",
			},
			"order_position": schema.Int64Attribute{
				Computed: true,
				MarkdownDescription: "The pipeline's place in the org's pipeline order (1 is first; 0 when " +
					"Datadog does not list it) as of the last refresh. With `first_in_order` the plan " +
					"is always 1.",
				PlanModifiers: []planmodifier.Int64{orderPosition{}},
			},
		},
	}
}

func (r *pipelineResource) Configure(_ context.Context, req resource.ConfigureRequest, resp *resource.ConfigureResponse) {
	if req.ProviderData == nil { // validation and plan before Configure
		return
	}
	d, ok := req.ProviderData.(*providerData)
	if !ok {
		resp.Diagnostics.AddError("Unexpected provider data", fmt.Sprintf("got %T; this is a bug in the provider", req.ProviderData))
		return
	}
	r.data = d
}

// ValidateConfig checks what the attribute validators cannot: that the
// whole pipeline builds (e.g. Datadog's advised processor count).
func (r *pipelineResource) ValidateConfig(ctx context.Context, req resource.ValidateConfigRequest, resp *resource.ValidateConfigResponse) {
	var m pipelineModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &m)...)
	if resp.Diagnostics.HasError() || m.Formats.IsUnknown() || m.MessageRemapper.IsUnknown() {
		return
	}
	formats, diags := setStrings(ctx, m.Formats)
	if diags.HasError() || slices.Contains(formats, "") {
		return
	}
	if _, err := rules.Build(rules.Options{Formats: formats, MessageRemapper: m.MessageRemapper.ValueBool()}); err != nil {
		if strings.Contains(err.Error(), "unknown format") {
			return // the formats validator said it better
		}
		resp.Diagnostics.AddAttributeError(path.Root("formats"), "The pipeline cannot be built", err.Error())
	}
}

// ModifyPlan puts what relevel will generate into the plan: the processors
// (so drift in Datadog shows as a diff of processors_json) and the default
// description, which names the formats.
func (r *pipelineResource) ModifyPlan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	if req.Plan.Raw.IsNull() { // destroy
		return
	}
	// Missing credentials fail the plan, not the apply halfway through.
	if r.data != nil && r.data.err != nil && !r.data.deferred {
		resp.Diagnostics.AddError("Cannot reach Datadog", r.data.err.Error())
		return
	}
	var plan, config pipelineModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	resp.Diagnostics.Append(req.Config.Get(ctx, &config)...)
	if resp.Diagnostics.HasError() {
		return
	}
	if plan.Formats.IsUnknown() || plan.MessageRemapper.IsUnknown() {
		plan.ProcessorsJSON = types.StringUnknown()
		if config.Description.IsNull() {
			plan.Description = types.StringUnknown()
		}
		resp.Diagnostics.Append(resp.Plan.Set(ctx, &plan)...)
		return
	}
	formats, diags := setStrings(ctx, plan.Formats)
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	p, err := rules.Build(rules.Options{Formats: formats, MessageRemapper: plan.MessageRemapper.ValueBool()})
	if err != nil {
		resp.Diagnostics.AddAttributeError(path.Root("formats"), "The pipeline cannot be built", err.Error())
		return
	}
	js, err := renderProcessors(p.Processors)
	if err != nil {
		resp.Diagnostics.AddError("Cannot render the processors", err.Error())
		return
	}
	plan.ProcessorsJSON = types.StringValue(js)
	if config.Description.IsNull() {
		plan.Description = types.StringValue(p.GetDescription())
	}
	resp.Diagnostics.Append(resp.Plan.Set(ctx, &plan)...)
}

// desired builds the pipeline m describes.
func (m *pipelineModel) desired(ctx context.Context) (datadogV1.LogsPipeline, diag.Diagnostics) {
	var diags diag.Diagnostics
	formats, d := setStrings(ctx, m.Formats)
	diags.Append(d...)
	tags, d := setStrings(ctx, m.Tags)
	diags.Append(d...)
	if diags.HasError() {
		return datadogV1.LogsPipeline{}, diags
	}
	desc := ""
	if !m.Description.IsUnknown() {
		desc = m.Description.ValueString()
	}
	p, err := rules.Build(rules.Options{
		Name:            m.Name.ValueString(),
		FilterQuery:     m.FilterQuery.ValueString(),
		Formats:         formats,
		MessageRemapper: m.MessageRemapper.ValueBool(),
		Description:     desc,
		Tags:            tags,
	})
	if err != nil {
		diags.AddError("The pipeline cannot be built", err.Error())
		return p, diags
	}
	p.SetIsEnabled(m.Enabled.ValueBool())
	return p, diags
}

// applied records in m what apply sent: the rendered processors and the
// description (relevel's default when none was configured).
func (m *pipelineModel) applied(p datadogV1.LogsPipeline) diag.Diagnostics {
	var diags diag.Diagnostics
	js, err := renderProcessors(p.Processors)
	if err != nil {
		diags.AddError("Cannot render the processors", err.Error())
		return diags
	}
	m.ProcessorsJSON = types.StringValue(js)
	m.Description = types.StringValue(p.GetDescription())
	return diags
}

func (r *pipelineResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan pipelineModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if resp.Diagnostics.HasError() {
		return
	}
	client, diags := r.data.Client()
	resp.Diagnostics.Append(diags...)
	desired, diags := plan.desired(ctx)
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	r.data.writes.Lock()
	defer r.data.writes.Unlock()

	// Adopting a pipeline silently could let two configurations fight over
	// it; ask for an import instead.
	existing, err := client.FindByName(ctx, desired.Name)
	switch {
	case err == nil:
		resp.Diagnostics.AddAttributeError(path.Root("name"), "Pipeline already exists",
			fmt.Sprintf("Datadog already has a pipeline named %q (id %s). Import it to manage it here:\n\n"+
				"  tofu import <resource address> %s\n\nor give this one another name.", desired.Name, existing.GetId(), existing.GetId()))
		return
	case !errors.Is(err, ddapi.ErrNotFound):
		addAPIError(&resp.Diagnostics, "Cannot look up the pipeline", err)
		return
	}
	res, err := client.Apply(ctx, desired, ddapi.PlanOptions{NoOrder: !plan.FirstInOrder.ValueBool()})
	if err != nil {
		if res != nil && res.ID != "" {
			// Created, but the order update failed: keep the id so the
			// resource is tainted and replaced rather than duplicated.
			plan.ID = types.StringValue(res.ID)
			plan.OrderPosition = types.Int64Value(0)
			resp.Diagnostics.Append(plan.applied(desired)...)
			resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
		}
		addAPIError(&resp.Diagnostics, "Cannot create the pipeline", err)
		return
	}
	plan.ID = types.StringValue(res.ID)
	resp.Diagnostics.Append(plan.applied(desired)...)
	if plan.OrderPosition.IsUnknown() {
		pos, err := position(ctx, client, res.ID)
		if err != nil {
			addAPIError(&resp.Diagnostics, "Cannot read the pipeline order", err)
			pos = 0
		}
		plan.OrderPosition = types.Int64Value(pos)
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

func (r *pipelineResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var state pipelineModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	client, diags := r.data.Client()
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	id := state.ID.ValueString()
	current, err := client.Get(ctx, id)
	if errors.Is(err, ddapi.ErrNotFound) {
		// Deleted outside Terraform: forget it, so the plan creates it.
		resp.State.RemoveResource(ctx)
		return
	}
	if err != nil {
		addAPIError(&resp.Diagnostics, "Cannot read the pipeline", err)
		return
	}
	pos, err := position(ctx, client, id)
	if err != nil {
		addAPIError(&resp.Diagnostics, "Cannot read the pipeline order", err)
		return
	}
	resp.Diagnostics.Append(state.observe(ctx, current, pos)...)
	if resp.Diagnostics.HasError() {
		return
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}

// observe records in m the pipeline as Datadog has it. Attributes Datadog
// does not store (formats, message_remapper, first_in_order) keep their
// state values; after an import they are inferred from the processors.
func (m *pipelineModel) observe(ctx context.Context, current datadogV1.LogsPipeline, pos int64) diag.Diagnostics {
	var diags diag.Diagnostics
	if m.Formats.IsNull() || m.Formats.IsUnknown() || m.MessageRemapper.IsNull() || m.MessageRemapper.IsUnknown() {
		formats, mr, err := inferOptions(current)
		if err != nil {
			diags.AddError("relevel's format rules do not load", err.Error())
			return diags
		}
		if m.Formats.IsNull() || m.Formats.IsUnknown() {
			set, d := types.SetValueFrom(ctx, types.StringType, formats)
			diags.Append(d...)
			m.Formats = set
		}
		if m.MessageRemapper.IsNull() || m.MessageRemapper.IsUnknown() {
			m.MessageRemapper = types.BoolValue(mr)
		}
	}
	if m.FirstInOrder.IsNull() || m.FirstInOrder.IsUnknown() {
		m.FirstInOrder = types.BoolValue(true)
	}
	formats, d := setStrings(ctx, m.Formats)
	diags.Append(d...)
	if diags.HasError() {
		return diags
	}
	want, err := rules.Build(rules.Options{Formats: formats, MessageRemapper: m.MessageRemapper.ValueBool()})
	if err != nil {
		diags.AddAttributeError(path.Root("formats"), "The pipeline cannot be built", err.Error())
		return diags
	}
	js, err := observedProcessors(current.Processors, want.Processors)
	if err != nil {
		diags.AddError("Cannot render the processors", err.Error())
		return diags
	}
	m.ID = types.StringValue(current.GetId())
	m.Name = types.StringValue(current.Name)
	query := ""
	if f, ok := current.GetFilterOk(); ok && f != nil {
		query = f.GetQuery()
	}
	m.FilterQuery = types.StringValue(query)
	m.Enabled = types.BoolValue(current.GetIsEnabled())
	m.Description = types.StringValue(current.GetDescription())
	switch {
	case len(current.Tags) > 0:
		tags := slices.Clone(current.Tags)
		slices.Sort(tags)
		set, d := types.SetValueFrom(ctx, types.StringType, tags)
		diags.Append(d...)
		m.Tags = set
	case m.Tags.IsNull() || m.Tags.IsUnknown():
		m.Tags = types.SetNull(types.StringType)
	default: // tags = [] in the configuration
		m.Tags = types.SetValueMust(types.StringType, []attr.Value{})
	}
	m.ProcessorsJSON = types.StringValue(js)
	m.OrderPosition = types.Int64Value(pos)
	return diags
}

func (r *pipelineResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var plan, state pipelineModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	client, diags := r.data.Client()
	resp.Diagnostics.Append(diags...)
	desired, diags := plan.desired(ctx)
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	r.data.writes.Lock()
	defer r.data.writes.Unlock()

	opts := ddapi.PlanOptions{NoOrder: !plan.FirstInOrder.ValueBool()}
	// ddapi applies by name (the name cannot change in place): make sure
	// the name still points at this resource's pipeline before writing.
	p, err := client.Plan(ctx, desired, opts)
	if err != nil {
		addAPIError(&resp.Diagnostics, "Cannot plan the pipeline update", err)
		return
	}
	if p.ID != state.ID.ValueString() {
		what := "no pipeline is named " + fmt.Sprintf("%q", desired.Name)
		if p.ID != "" {
			what = fmt.Sprintf("the pipeline named %q is %s", desired.Name, p.ID)
		}
		resp.Diagnostics.AddError("The pipeline changed since the plan",
			fmt.Sprintf("This resource manages pipeline %s, but %s now. Run plan again: a refresh will pick up the change.", state.ID.ValueString(), what))
		return
	}
	if _, err := client.Apply(ctx, desired, opts); err != nil {
		addAPIError(&resp.Diagnostics, "Cannot update the pipeline", err)
		return
	}
	resp.Diagnostics.Append(plan.applied(desired)...)
	if plan.OrderPosition.IsUnknown() {
		pos, err := position(ctx, client, state.ID.ValueString())
		if err != nil {
			addAPIError(&resp.Diagnostics, "Cannot read the pipeline order", err)
			return
		}
		plan.OrderPosition = types.Int64Value(pos)
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

func (r *pipelineResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	var state pipelineModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	client, diags := r.data.Client()
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	r.data.writes.Lock()
	defer r.data.writes.Unlock()
	if err := client.Delete(ctx, state.ID.ValueString()); err != nil && !errors.Is(err, ddapi.ErrNotFound) {
		addAPIError(&resp.Diagnostics, "Cannot delete the pipeline", err)
	}
}

// ImportState takes a pipeline id (Datadog → Logs → Pipelines → the
// pipeline's id, or `relevel pipeline diff`); Read fills in the rest.
func (r *pipelineResource) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	id := strings.TrimSpace(req.ID)
	if id == "" {
		resp.Diagnostics.AddError("No pipeline id", "Import relevel_pipeline by its Datadog pipeline id: tofu import relevel_pipeline.NAME <pipeline-id>")
		return
	}
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("id"), id)...)
}

// position is id's 1-based place in the pipeline order, 0 when absent.
func position(ctx context.Context, client *ddapi.Client, id string) (int64, error) {
	order, err := client.Order(ctx)
	if err != nil {
		return 0, err
	}
	return int64(slices.Index(order, id) + 1), nil
}

// setStrings returns a set of strings sorted; nil for null.
func setStrings(ctx context.Context, s types.Set) ([]string, diag.Diagnostics) {
	if s.IsNull() || s.IsUnknown() {
		return nil, nil
	}
	var out []string
	diags := s.ElementsAs(ctx, &out, false)
	slices.Sort(out)
	return out, diags
}

// addAPIError reports an error of ddapi. Its text already carries
// Datadog's message, the processor a 400 is about and, for a 403, which
// key or permission to check; never the keys.
func addAPIError(diags *diag.Diagnostics, summary string, err error) {
	diags.AddError(summary, err.Error())
}
