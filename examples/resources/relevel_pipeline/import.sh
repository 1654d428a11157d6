# Adopt a pipeline that `relevel pipeline apply` (or anyone) created, by its
# Datadog pipeline id (Logs > Configuration > Pipelines, or
# GET /api/v1/logs/config/pipelines). Formats are read back from the
# processors.
tofu import relevel_pipeline.levels abcd1234-EFGH-5678

# With Terraform:
terraform import relevel_pipeline.levels abcd1234-EFGH-5678
