package agent

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"go.yaml.in/yaml/v4"
)

// Form is a way to deploy the Agent's multi-line configuration.
type Form string

// The forms Render writes.
const (
	// DatadogYAML: datadog.yaml's logs_config, auto multi-line detection
	// with relevel's custom samples (Agent 7.65+), for every source.
	DatadogYAML Form = "datadog-yaml"
	// Env: the same as DD_LOGS_CONFIG_* environment variables.
	Env Form = "env"
	// Helm: values for the datadog Helm chart (datadog.logs,
	// datadog.env).
	Helm Form = "helm"
	// Operator: a DatadogAgent resource for the Datadog Operator
	// (spec.override.nodeAgent.env).
	Operator Form = "operator"
	// Annotation: the pod annotation ad.datadoghq.com/<container>.logs
	// with a log_processing_rules multi_line rule, for one container, on
	// any Agent version; it takes precedence over auto multi-line
	// detection for that container. Written as a patch of a workload's
	// pod template (spec.template.metadata.annotations).
	Annotation Form = "annotation"
	// Pattern: the multi_line rule's pattern alone.
	Pattern Form = "pattern"
	// SamplesJSON: the custom samples alone, as JSON.
	SamplesJSON Form = "samples"
)

// Forms lists the forms Render writes.
func Forms() []Form {
	return []Form{DatadogYAML, Env, Helm, Operator, Annotation, Pattern, SamplesJSON}
}

// Options are the annotation's log source settings.
type Options struct {
	// Container is the container the annotation is for (default
	// "<CONTAINER_NAME>", a placeholder to replace).
	Container string
	// Source and Service are set in the annotation's log config when not
	// empty; the Agent otherwise takes them from the container.
	Source, Service string
}

// Environment variable names and the multi_line rule's name.
const (
	EnvAutoMultiLine = "DD_LOGS_CONFIG_AUTO_MULTI_LINE_DETECTION"
	EnvCustomSamples = "DD_LOGS_CONFIG_AUTO_MULTI_LINE_DETECTION_CUSTOM_SAMPLES"
	RuleName         = "relevel_record_start"
)

const header = `relevel: the Datadog Agent's multi-line settings, generated from the
parser's record-start rule, so that Datadog receives whole records (stack
traces, klog key=< blocks, Go panics) and the relevel pipeline gives every
line its record's level. Regenerate with: relevel pipeline agent-config`

const autoNote = `Auto multi-line detection with custom samples needs Agent 7.65 or later.
A line the first sample matches starts a log (start_group); the second
marks a line that stands alone (no_aggregate); the third starts a log too;
the fourth (a pretty-printed JSON member) and any other line join the log
before it. See docs/agent-multiline.md.`

// Render writes the configuration in form f.
func Render(f Form, opts Options) ([]byte, error) {
	samples, err := Samples()
	if err != nil {
		return nil, err
	}
	samplesJSON, err := compactJSON(samples)
	if err != nil {
		return nil, err
	}
	switch f {
	case Pattern:
		p, err := StartPattern()
		if err != nil {
			return nil, err
		}
		return []byte(p + "\n"), nil
	case SamplesJSON:
		return append(samplesJSON, '\n'), nil
	case DatadogYAML:
		type autoCfg struct {
			AutoMultiLineDetection bool     `yaml:"auto_multi_line_detection"`
			CustomSamples          []Sample `yaml:"auto_multi_line_detection_custom_samples"`
		}
		v := struct {
			LogsConfig autoCfg `yaml:"logs_config"`
		}{autoCfg{true, samples}}
		return yamlDoc(header+"\n\n"+autoNote, v)
	case Env:
		var b strings.Builder
		b.WriteString(comment(header + "\n\n" + autoNote))
		fmt.Fprintf(&b, "%s=true\n", EnvAutoMultiLine)
		fmt.Fprintf(&b, "%s=%s\n", EnvCustomSamples, shellQuote(string(samplesJSON)))
		return []byte(b.String()), nil
	case Helm:
		type logs struct {
			Enabled                bool `yaml:"enabled"`
			AutoMultiLineDetection bool `yaml:"autoMultiLineDetection"`
		}
		v := struct {
			Datadog struct {
				Logs logs     `yaml:"logs"`
				Env  []envVar `yaml:"env"`
			} `yaml:"datadog"`
		}{}
		v.Datadog.Logs = logs{true, true}
		v.Datadog.Env = []envVar{{EnvCustomSamples, string(samplesJSON)}}
		return yamlDoc(header+"\n\n"+autoNote+"\n\nValues for the datadog Helm chart (helm upgrade … -f this-file): datadog.logs.autoMultiLineDetection\nsets "+EnvAutoMultiLine+"; the custom samples have no chart key and go in datadog.env.", v)
	case Operator:
		type logCollection struct {
			Enabled bool `yaml:"enabled"`
		}
		v := struct {
			APIVersion string `yaml:"apiVersion"`
			Kind       string `yaml:"kind"`
			Metadata   struct {
				Name string `yaml:"name"`
			} `yaml:"metadata"`
			Spec struct {
				Features struct {
					LogCollection logCollection `yaml:"logCollection"`
				} `yaml:"features"`
				Override struct {
					NodeAgent struct {
						Env []envVar `yaml:"env"`
					} `yaml:"nodeAgent"`
				} `yaml:"override"`
			} `yaml:"spec"`
		}{APIVersion: "datadoghq.com/v2alpha1", Kind: "DatadogAgent"}
		v.Metadata.Name = "datadog"
		v.Spec.Features.LogCollection.Enabled = true
		v.Spec.Override.NodeAgent.Env = []envVar{{EnvAutoMultiLine, "true"}, {EnvCustomSamples, string(samplesJSON)}}
		return yamlDoc(header+"\n\n"+autoNote+"\n\nMerge into your DatadogAgent resource (Datadog Operator): the environment of the\nnode Agent, under spec.override.nodeAgent.env.", v)
	case Annotation:
		p, err := StartPattern()
		if err != nil {
			return nil, err
		}
		container := opts.Container
		if container == "" {
			container = "<CONTAINER_NAME>"
		}
		type rule struct {
			Type    string `json:"type"`
			Name    string `json:"name"`
			Pattern string `json:"pattern"`
		}
		type source struct {
			Source          string `json:"source,omitempty"`
			Service         string `json:"service,omitempty"`
			ProcessingRules []rule `json:"log_processing_rules"`
		}
		value, err := compactJSON([]source{{opts.Source, opts.Service, []rule{{"multi_line", RuleName, p}}}})
		if err != nil {
			return nil, err
		}
		v := map[string]map[string]map[string]map[string]map[string]string{"spec": {"template": {"metadata": {"annotations": {"ad.datadoghq.com/" + container + ".logs": string(value)}}}}}
		return yamlDoc(header+"\n\nThe pod annotation for one container (any Agent version): a log_processing_rules\nmulti_line rule. A line the pattern matches starts a log; any other line joins\nthe log before it. On that container it takes precedence over auto multi-line\ndetection. As written, a patch for a Deployment, StatefulSet or DaemonSet:\n  kubectl patch deployment NAME --patch-file THIS-FILE\nSee docs/agent-multiline.md.", v)
	}
	var names []string
	for _, f := range Forms() {
		names = append(names, string(f))
	}
	return nil, fmt.Errorf("agent: unknown form %q (want one of %s)", f, strings.Join(names, ", "))
}

type envVar struct {
	Name  string `yaml:"name"`
	Value string `yaml:"value"`
}

// compactJSON encodes v on one line without HTML escaping (the patterns
// hold '<' and '&').
func compactJSON(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimRight(b.Bytes(), "\n"), nil
}

// yamlDoc writes v as YAML after a comment: two-space indent, and no line
// wrapping, which would fold a long pattern's spaces.
func yamlDoc(head string, v any) ([]byte, error) {
	body, err := yaml.Dump(v, yaml.WithIndent(2), yaml.WithLineWidth(-1))
	if err != nil {
		return nil, err
	}
	return append([]byte(comment(head)), body...), nil
}

func comment(text string) string {
	var b strings.Builder
	for _, l := range strings.Split(text, "\n") {
		if l == "" {
			b.WriteString("#\n")
			continue
		}
		b.WriteString("# " + l + "\n")
	}
	return b.String()
}

// shellQuote quotes s for a POSIX shell (and docker --env-file keeps it
// verbatim only unquoted, so the env form is for shells and manifests).
func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
