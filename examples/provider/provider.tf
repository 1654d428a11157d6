terraform {
  required_providers {
    relevel = {
      source = "relevel/relevel"
    }
  }
}

# Every argument is optional: api_key, app_key and site default to the
# DD_API_KEY, DD_APP_KEY and DD_SITE environment variables, as Datadog's own
# tools read them. The application key's user needs the logs_write_pipelines
# and logs_read_config permissions.
provider "relevel" {
  site = "datadoghq.eu"
}
