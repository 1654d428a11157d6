// Package provider is the relevel Terraform/OpenTofu provider
// (terraform-plugin-framework, protocol 6): the relevel_pipeline resource,
// which keeps relevel's Datadog Logs pipeline in place and first in the
// pipeline order, and the relevel_pipeline_definition data source, which
// renders the same pipeline as JSON for users of the official
// datadog_logs_custom_pipeline resource. Both build the pipeline with
// package rules and talk to Datadog through rules/ddapi, the code behind
// `relevel pipeline apply`.
package provider

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/provider"
	"github.com/hashicorp/terraform-plugin-framework/provider/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/relevel/relevel/rules/ddapi"
)

// Address is the provider's registry address.
const Address = "registry.terraform.io/relevel/relevel"

// relevelProvider is the provider; version is set by the binary.
type relevelProvider struct {
	version string
}

var _ provider.Provider = (*relevelProvider)(nil)

// New returns the provider factory providerserver wants.
func New(version string) func() provider.Provider {
	return func() provider.Provider { return &relevelProvider{version: version} }
}

type providerModel struct {
	APIKey types.String `tfsdk:"api_key"`
	AppKey types.String `tfsdk:"app_key"`
	Site   types.String `tfsdk:"site"`
	APIURL types.String `tfsdk:"api_url"`
}

func (p *relevelProvider) Metadata(_ context.Context, _ provider.MetadataRequest, resp *provider.MetadataResponse) {
	resp.TypeName = "relevel"
	resp.Version = p.version
}

func (p *relevelProvider) Schema(_ context.Context, _ provider.SchemaRequest, resp *provider.SchemaResponse) {
	resp.Schema = schema.Schema{
		MarkdownDescription: "Manages relevel's Datadog Logs pipeline, which recovers the real level of Go " +
			"log lines (klog, zap, logrus, slog, zerolog…) that the Datadog Agent marks as errors because " +
			"they were written to stderr. Credentials are only needed by `relevel_pipeline`; the " +
			"`relevel_pipeline_definition` data source works offline.",
		Attributes: map[string]schema.Attribute{
			"api_key": schema.StringAttribute{
				Optional:            true,
				Sensitive:           true,
				MarkdownDescription: "Datadog API key. Defaults to the `DD_API_KEY` environment variable.",
			},
			"app_key": schema.StringAttribute{
				Optional:  true,
				Sensitive: true,
				MarkdownDescription: "Datadog application key, of a user with the `logs_write_pipelines` and " +
					"`logs_read_config` permissions. Defaults to `DD_APP_KEY` (or `DD_APPLICATION_KEY`).",
			},
			"site": schema.StringAttribute{
				Optional: true,
				MarkdownDescription: "Datadog site, as `DD_SITE` spells it: `datadoghq.com` (the default), " +
					"`datadoghq.eu`, `us3.datadoghq.com`, `us5.datadoghq.com`, `ap1.datadoghq.com`, " +
					"`ddog-gov.com`… The API is at `https://api.<site>`. Defaults to `DD_SITE`.",
			},
			"api_url": schema.StringAttribute{
				Optional: true,
				MarkdownDescription: "Full URL of the Datadog API, instead of the one `site` implies: " +
					"a proxy, or a fake API in tests (e.g. `http://127.0.0.1:8080`).",
			},
		},
	}
}

// providerData is what resources and data sources get from Configure.
type providerData struct {
	client *ddapi.Client
	// err says why there is no client (missing keys, a bad site): reported
	// when a resource needs the API, so the data source works without keys.
	err error
	// deferred is true when err only says that the configuration is not
	// known yet (plan): the CLI configures the provider again for apply.
	deferred bool
	// writes serialises the API writes of every resource of this provider:
	// Datadog answers concurrent pipeline creations with intermittent 400s,
	// and order updates race with each other.
	writes sync.Mutex
}

// Client returns the API client, or the diagnostic that explains why there
// is none.
func (d *providerData) Client() (*ddapi.Client, diag.Diagnostics) {
	var diags diag.Diagnostics
	if d == nil {
		diags.AddError("Provider not configured", "The relevel provider was not configured before use. This is a bug in the provider.")
		return nil, diags
	}
	if d.err != nil {
		diags.AddError("Cannot reach Datadog", d.err.Error())
		return nil, diags
	}
	return d.client, diags
}

func (p *relevelProvider) Configure(ctx context.Context, req provider.ConfigureRequest, resp *provider.ConfigureResponse) {
	var m providerModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &m)...)
	if resp.Diagnostics.HasError() {
		return
	}
	data := &providerData{}
	resp.ResourceData = data
	resp.DataSourceData = data

	cfg := ddapi.ConfigFromEnv()
	var unknown []string
	for _, a := range []struct {
		name string
		v    types.String
		dst  *string
	}{
		{"api_key", m.APIKey, &cfg.APIKey},
		{"app_key", m.AppKey, &cfg.AppKey},
		{"site", m.Site, &cfg.Site},
		{"api_url", m.APIURL, &cfg.APIURL},
	} {
		switch {
		case a.v.IsUnknown():
			unknown = append(unknown, a.name)
		case !a.v.IsNull():
			*a.dst = a.v.ValueString()
		}
	}
	if len(unknown) > 0 {
		data.err = fmt.Errorf("the provider's %s depend on values not known until apply; relevel_pipeline needs them to read the pipeline. Set them from variables or the environment (DD_API_KEY, DD_APP_KEY, DD_SITE)", strings.Join(unknown, ", "))
		data.deferred = true
		return
	}
	client, err := ddapi.NewClient(cfg)
	switch {
	case errors.Is(err, ddapi.ErrNoAPIKey):
		data.err = errors.New("no Datadog API key: set api_key in the relevel provider block or the DD_API_KEY environment variable")
	case errors.Is(err, ddapi.ErrNoAppKey):
		data.err = errors.New("no Datadog application key: set app_key in the relevel provider block or the DD_APP_KEY environment variable (a key whose user has the logs_write_pipelines and logs_read_config permissions)")
	case err != nil:
		// A malformed site or api_url is a mistake in the configuration
		// itself: say so now.
		resp.Diagnostics.AddError("Invalid relevel provider configuration", err.Error())
		data.err = err
	default:
		data.client = client
	}
}

func (p *relevelProvider) Resources(context.Context) []func() resource.Resource {
	return []func() resource.Resource{newPipelineResource}
}

func (p *relevelProvider) DataSources(context.Context) []func() datasource.DataSource {
	return []func() datasource.DataSource{newPipelineDefinitionDataSource}
}
