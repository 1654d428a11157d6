# Keep the official Datadog provider's datadog_logs_custom_pipeline, and let
# relevel write its processors: no hand-escaped %%{ grok in HCL, and an
# upgrade of relevel's rules is a `tofu apply` away.
data "relevel_pipeline_definition" "levels" {
  formats = ["klog", "zap", "logrus", "slog", "gopanic"]
}

locals {
  relevel = jsondecode(data.relevel_pipeline_definition.levels.pipeline_json)
}

resource "datadog_logs_custom_pipeline" "relevel" {
  name        = local.relevel.name
  is_enabled  = local.relevel.is_enabled
  description = local.relevel.description

  filter {
    query = local.relevel.filter.query
  }

  dynamic "processor" {
    for_each = local.relevel.processors
    content {
      dynamic "grok_parser" {
        for_each = processor.value.type == "grok-parser" ? [processor.value] : []
        content {
          name       = grok_parser.value.name
          is_enabled = grok_parser.value.is_enabled
          source     = grok_parser.value.source
          samples    = grok_parser.value.samples
          grok {
            support_rules = grok_parser.value.grok.support_rules
            match_rules   = grok_parser.value.grok.match_rules
          }
        }
      }
      dynamic "category_processor" {
        for_each = processor.value.type == "category-processor" ? [processor.value] : []
        content {
          name       = category_processor.value.name
          is_enabled = category_processor.value.is_enabled
          target     = category_processor.value.target
          dynamic "category" {
            for_each = category_processor.value.categories
            content {
              name = category.value.name
              filter {
                query = category.value.filter.query
              }
            }
          }
        }
      }
      # JSON logs' level keys: one remapper copies the first a log has.
      dynamic "attribute_remapper" {
        for_each = processor.value.type == "attribute-remapper" ? [processor.value] : []
        content {
          name                 = attribute_remapper.value.name
          is_enabled           = attribute_remapper.value.is_enabled
          sources              = attribute_remapper.value.sources
          source_type          = attribute_remapper.value.source_type
          target               = attribute_remapper.value.target
          target_type          = attribute_remapper.value.target_type
          preserve_source      = attribute_remapper.value.preserve_source
          override_on_conflict = attribute_remapper.value.override_on_conflict
        }
      }
      dynamic "lookup_processor" {
        for_each = processor.value.type == "lookup-processor" ? [processor.value] : []
        content {
          name           = lookup_processor.value.name
          is_enabled     = lookup_processor.value.is_enabled
          source         = lookup_processor.value.source
          target         = lookup_processor.value.target
          lookup_table   = lookup_processor.value.lookup_table
          default_lookup = try(lookup_processor.value.default_lookup, null)
        }
      }
      dynamic "status_remapper" {
        for_each = processor.value.type == "status-remapper" ? [processor.value] : []
        content {
          name       = status_remapper.value.name
          is_enabled = status_remapper.value.is_enabled
          sources    = status_remapper.value.sources
        }
      }
      dynamic "message_remapper" {
        for_each = processor.value.type == "message-remapper" ? [processor.value] : []
        content {
          name       = message_remapper.value.name
          is_enabled = message_remapper.value.is_enabled
          sources    = message_remapper.value.sources
        }
      }
    }
  }
}

# With the official resource the pipeline order is yours to keep: relevel's
# pipeline must come first, since only the first status remapper that
# touches a log counts (relevel_pipeline does this by itself).
data "datadog_logs_pipelines" "all" {}

resource "datadog_logs_pipeline_order" "order" {
  name = "pipeline order"
  pipelines = concat(
    [datadog_logs_custom_pipeline.relevel.id],
    [for p in data.datadog_logs_pipelines.all.logs_pipelines : p.id if p.id != datadog_logs_custom_pipeline.relevel.id],
  )
}
