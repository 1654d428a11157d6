package provider

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"

	"github.com/DataDog/datadog-api-client-go/v2/api/datadogV1"

	"github.com/relevel/relevel/rules"
	"github.com/relevel/relevel/rules/ddapi"
)

// renderProcessors renders processors as the indented JSON array that
// processors_json holds: keys sorted, two-space indent, no HTML escaping
// (grok rules keep their "<" and "&").
func renderProcessors(procs []datadogV1.LogsProcessor) (string, error) {
	maps, err := processorValues(procs)
	if err != nil {
		return "", err
	}
	return renderValue(maps)
}

func renderValue(v any) (string, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		return "", fmt.Errorf("relevel: encoding processors: %w", err)
	}
	return strings.TrimSuffix(b.String(), "\n"), nil
}

// processorValues turns each processor into its API JSON as generic values
// (maps, slices, strings…). Processor types the Go client does not know
// survive as their raw JSON.
func processorValues(procs []datadogV1.LogsProcessor) ([]any, error) {
	out := make([]any, 0, len(procs))
	for i, p := range procs {
		raw, err := json.Marshal(p)
		if err != nil {
			return nil, fmt.Errorf("relevel: encoding processor #%d: %w", i, err)
		}
		var v any
		if err := json.Unmarshal(raw, &v); err != nil {
			return nil, fmt.Errorf("relevel: decoding processor #%d: %w", i, err)
		}
		out = append(out, v)
	}
	return out, nil
}

// observedProcessors renders the processors Datadog has, as processors_json
// shows them after a refresh: a processor that matches the desired one at
// the same position (ignoring fields Datadog adds at their zero value) is
// shown exactly as the desired rendering, so a pipeline nobody touched
// renders identically to the plan and the plan stays empty; one that
// differs is shown as Datadog has it, so the plan's diff points at it.
func observedProcessors(current, desired []datadogV1.LogsProcessor) (string, error) {
	have, err := processorValues(current)
	if err != nil {
		return "", err
	}
	want, err := processorValues(desired)
	if err != nil {
		return "", err
	}
	out := make([]any, len(have))
	for i, h := range have {
		out[i] = h
		if i < len(want) && reflect.DeepEqual(ddapi.Canonical(h), ddapi.Canonical(want[i])) {
			out[i] = want[i]
		}
	}
	return renderValue(out)
}

// processorsMatch reports whether Datadog's processors are the desired
// ones, up to fields stated at their default (ddapi.Canonical).
func processorsMatch(current, desired []datadogV1.LogsProcessor) (bool, error) {
	have, err := processorValues(current)
	if err != nil {
		return false, err
	}
	want, err := processorValues(desired)
	if err != nil {
		return false, err
	}
	return reflect.DeepEqual(ddapi.Canonical(have), ddapi.Canonical(want)), nil
}

// inferOptions works out which formats (and whether the message remapper)
// a pipeline made by relevel was generated with, from its processors: every
// format names itself in a lookup processor ("klog, zap level (…) to
// canonical word") or the category processor ("json, klog-json level by
// key").
// It is how an imported pipeline gets its formats. When nothing is
// recognised it returns every format.
func inferOptions(p datadogV1.LogsPipeline) (formats []string, messageRemapper bool, err error) {
	all, err := rules.Formats()
	if err != nil {
		return nil, false, err
	}
	known := map[string]bool{}
	for _, f := range all {
		known[f] = true
	}
	seen := map[string]bool{}
	for _, proc := range p.Processors {
		switch x := proc.GetActualInstance().(type) {
		case *datadogV1.LogsLookupProcessor:
			list, _, ok := strings.Cut(x.GetName(), " level (")
			if !ok {
				continue
			}
			for _, n := range strings.Split(list, ", ") {
				if known[n] {
					seen[n] = true
				}
			}
		case *datadogV1.LogsCategoryProcessor:
			// "json, klog-json level by key": the formats' categories
			// share one processor (earlier releases named one format).
			list, ok := strings.CutSuffix(x.GetName(), " level by key")
			if !ok {
				continue
			}
			for _, n := range strings.Split(list, ", ") {
				if known[n] {
					seen[n] = true
				}
			}
		case *datadogV1.LogsMessageRemapper:
			if slices.Contains(x.Sources, rules.MessageAttr) {
				messageRemapper = true
			}
		}
	}
	for _, f := range all {
		if seen[f] {
			formats = append(formats, f)
		}
	}
	if len(formats) == 0 {
		formats = all
	}
	return formats, messageRemapper, nil
}
