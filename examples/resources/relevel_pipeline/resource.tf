# The whole fix in one resource: every Go log format relevel knows, for every
# log, kept first in the org's pipeline order.
resource "relevel_pipeline" "levels" {
  name = "relevel: true log levels"
}

# Narrower: only the loggers your services use, only for Kubernetes
# workloads, with the message cleaned of its header.
resource "relevel_pipeline" "kubernetes" {
  name             = "relevel: kubernetes"
  filter_query     = "kube_namespace:*"
  formats          = ["klog", "klog-json", "zap", "gopanic"]
  message_remapper = true
  first_in_order   = false # only one pipeline can be first
  tags             = ["team:platform"]
}
