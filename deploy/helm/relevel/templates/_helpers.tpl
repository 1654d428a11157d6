{{- define "relevel.fullname" -}}
{{- if contains .Chart.Name .Release.Name -}}
{{- .Release.Name | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name .Chart.Name | trunc 63 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}

{{- define "relevel.selectorLabels" -}}
app.kubernetes.io/name: {{ .Chart.Name }}
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end -}}

{{- define "relevel.labels" -}}
{{ include "relevel.selectorLabels" . }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version }}
{{- end -}}

{{- define "relevel.serviceAccountName" -}}
{{- if .Values.serviceAccount.create -}}
{{- default (include "relevel.fullname" .) .Values.serviceAccount.name -}}
{{- else -}}
{{- default "default" .Values.serviceAccount.name -}}
{{- end -}}
{{- end -}}

{{/* The Secret holding the API key, and whether the chart makes it. */}}
{{- define "relevel.apiKeySecret" -}}
{{- default (printf "%s-datadog" (include "relevel.fullname" .)) .Values.datadog.apiKeyExistingSecret -}}
{{- end -}}

{{- define "relevel.validate" -}}
{{- if eq .Values.sink "datadog" -}}
{{- if and (not .Values.datadog.apiKeyExistingSecret) (not .Values.datadog.apiKey) -}}
{{- fail "sink=datadog needs an API key: set datadog.apiKeyExistingSecret (a Secret with the key in datadog.apiKeySecretKey) or datadog.apiKey" -}}
{{- end -}}
{{- if and .Values.datadog.apiKeyExistingSecret .Values.datadog.apiKey -}}
{{- fail "set only one of datadog.apiKeyExistingSecret and datadog.apiKey" -}}
{{- end -}}
{{- end -}}
{{- if and .Values.metrics.serviceMonitor.enabled .Values.metrics.podMonitor.enabled -}}
{{- fail "enable metrics.serviceMonitor or metrics.podMonitor, not both: Prometheus would scrape every pod twice" -}}
{{- end -}}
{{- end -}}
