package provider

import (
	"context"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/relevel/relevel/rules"
)

// pipelineDefinitionDataSource is relevel_pipeline_definition: the
// pipeline rendered offline, for users who keep the official provider's
// datadog_logs_custom_pipeline.
type pipelineDefinitionDataSource struct{}

var _ datasource.DataSource = (*pipelineDefinitionDataSource)(nil)

func newPipelineDefinitionDataSource() datasource.DataSource { return &pipelineDefinitionDataSource{} }

type pipelineDefinitionModel struct {
	Name            types.String `tfsdk:"name"`
	FilterQuery     types.String `tfsdk:"filter_query"`
	Formats         types.Set    `tfsdk:"formats"`
	MessageRemapper types.Bool   `tfsdk:"message_remapper"`
	Enabled         types.Bool   `tfsdk:"enabled"`
	Description     types.String `tfsdk:"description"`
	Tags            types.Set    `tfsdk:"tags"`
	PipelineJSON    types.String `tfsdk:"pipeline_json"`
	ProcessorsJSON  types.String `tfsdk:"processors_json"`
}

func (d *pipelineDefinitionDataSource) Metadata(_ context.Context, req datasource.MetadataRequest, resp *datasource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_pipeline_definition"
}

func (d *pipelineDefinitionDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	all, err := rules.Formats()
	if err != nil {
		resp.Diagnostics.AddError("relevel's format rules do not load", err.Error())
		return
	}
	resp.Schema = schema.Schema{
		MarkdownDescription: "Renders relevel's pipeline without calling Datadog, as `relevel pipeline render` " +
			"does, for configurations that keep the official `datadog_logs_custom_pipeline` resource: " +
			"`processors_json` feeds its `processor` blocks, `pipeline_json` is the API body. No " +
			"credentials needed. With the official resource the pipeline order is yours to manage " +
			"(`datadog_logs_pipeline_order`): keep this pipeline first.",
		Attributes: map[string]schema.Attribute{
			"name": schema.StringAttribute{
				Optional:            true,
				MarkdownDescription: "Pipeline name. Defaults to `" + rules.DefaultName + "`.",
				Validators:          []validator.String{notBlank{why: "leave it out for relevel's default name"}},
			},
			"filter_query": schema.StringAttribute{
				Optional:            true,
				MarkdownDescription: "Datadog search query selecting the logs. Defaults to `*`.",
				Validators:          []validator.String{notBlank{why: "use \"*\" for every log"}},
			},
			"formats": schema.SetAttribute{
				ElementType: types.StringType,
				Optional:    true,
				MarkdownDescription: "Log formats to recognise. Defaults to all of them: `" +
					strings.Join(all, "`, `") + "`.",
				Validators: []validator.Set{knownFormats{}},
			},
			"message_remapper": schema.BoolAttribute{
				Optional:            true,
				MarkdownDescription: "Add a message remapper that replaces each log's message with the message the rules extract. Defaults to `false`.",
			},
			"enabled": schema.BoolAttribute{
				Optional:            true,
				MarkdownDescription: "`is_enabled` of the rendered pipeline. Defaults to `true`.",
			},
			"description": schema.StringAttribute{
				Optional:            true,
				MarkdownDescription: "Pipeline description. Defaults to relevel's, which names the formats.",
				Validators:          []validator.String{notBlank{why: "leave it out for relevel's description"}},
			},
			"tags": schema.SetAttribute{
				ElementType:         types.StringType,
				Optional:            true,
				MarkdownDescription: "Pipeline tags.",
				Validators:          []validator.Set{nonEmptyElements{}},
			},
			"pipeline_json": schema.StringAttribute{
				Computed: true,
				MarkdownDescription: "The whole pipeline as Datadog API JSON, the body of " +
					"`POST /api/v1/logs/config/pipelines`, exactly as `relevel pipeline render` prints it.",
			},
			"processors_json": schema.StringAttribute{
				Computed: true,
				MarkdownDescription: "The processors as a JSON array (the same rendering as " +
					"`relevel_pipeline.processors_json`); `jsondecode()` it to build the official " +
					"resource's `processor` blocks.",
			},
		},
	}
}

func (d *pipelineDefinitionDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	var m pipelineDefinitionModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &m)...)
	if resp.Diagnostics.HasError() {
		return
	}
	formats, diags := setStrings(ctx, m.Formats)
	resp.Diagnostics.Append(diags...)
	tags, diags := setStrings(ctx, m.Tags)
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	p, err := rules.Build(rules.Options{
		Name:            m.Name.ValueString(),
		FilterQuery:     m.FilterQuery.ValueString(),
		Formats:         formats,
		MessageRemapper: m.MessageRemapper.ValueBool(),
		Description:     m.Description.ValueString(),
		Tags:            tags,
	})
	if err != nil {
		resp.Diagnostics.AddError("The pipeline cannot be built", err.Error())
		return
	}
	if !m.Enabled.IsNull() {
		p.SetIsEnabled(m.Enabled.ValueBool())
	}
	js, err := rules.RenderJSON(p)
	if err != nil {
		resp.Diagnostics.AddError("Cannot render the pipeline", err.Error())
		return
	}
	procs, err := renderProcessors(p.Processors)
	if err != nil {
		resp.Diagnostics.AddError("Cannot render the processors", err.Error())
		return
	}
	m.PipelineJSON = types.StringValue(string(js))
	m.ProcessorsJSON = types.StringValue(procs)
	resp.Diagnostics.Append(resp.State.Set(ctx, &m)...)
}
