package ddapi

import (
	"encoding/json"
	"fmt"
	"reflect"

	"github.com/DataDog/datadog-api-client-go/v2/api/datadogV1"
)

// serverFields are the pipeline's read-only fields, set by Datadog.
var serverFields = []string{"id", "type", "is_read_only"}

// implicitDefaults holds, per "type" of a JSON object (a processor or an
// array-processor operation), the values the API assumes when a field is
// absent and writes back in its answers (the spec's non-zero "default"s;
// a test checks this table against the spec). Fields without an entry
// default to their zero value (false, "", [], {}), like is_enabled.
var implicitDefaults = map[string]map[string]any{
	"grok-parser":         {"source": "message"},
	"message-remapper":    {"sources": []any{"msg"}},
	"attribute-remapper":  {"source_type": "attribute", "target_type": "attribute"},
	"url-parser":          {"sources": []any{"http.url"}, "target": "http.url_details"},
	"user-agent-parser":   {"sources": []any{"http.useragent"}, "target": "http.useragent_details"},
	"geo-ip-parser":       {"sources": []any{"network.client.ip"}, "target": "network.client.geoip"},
	"trace-id-remapper":   {"sources": []any{"dd.trace_id"}},
	"span-id-remapper":    {"sources": []any{"dd.span_id"}},
	"array-map-processor": {"preserve_source": true},
	"append":              {"preserve_source": true}, // array-processor operation
}

// canonicalJSON renders a pipeline for comparison: server-side fields
// dropped, and every field that states its implicit default dropped, so an
// absent field and its default compare equal. Keys are sorted.
func canonicalJSON(p datadogV1.LogsPipeline) (map[string]any, error) {
	raw, err := json.Marshal(p)
	if err != nil {
		return nil, fmt.Errorf("ddapi: encode pipeline %q: %w", p.Name, err)
	}
	var m map[string]any
	if err := json.Unmarshal(raw, &m); err != nil {
		return nil, fmt.Errorf("ddapi: decode pipeline %q: %w", p.Name, err)
	}
	for _, k := range serverFields {
		delete(m, k)
	}
	out, _ := canonical(m).(map[string]any)
	if out == nil {
		out = map[string]any{}
	}
	return out, nil
}

// Canonical normalises a decoded JSON value (a pipeline, a processor, a list
// of processors) for comparison with what Datadog stores: members that state
// their implicit default — false, "", [], {}, or a processor type's known
// non-zero default such as a grok parser's source "message" — are dropped,
// recursively. The Terraform provider compares processors with it too.
func Canonical(v any) any { return canonical(v) }

func canonical(v any) any {
	switch x := v.(type) {
	case map[string]any:
		kind, _ := x["type"].(string)
		defs := implicitDefaults[kind]
		out := make(map[string]any, len(x))
		for k, val := range x {
			cv := canonical(val)
			if d, ok := defs[k]; ok {
				if reflect.DeepEqual(cv, d) {
					continue
				}
			} else if isZero(cv) {
				continue
			}
			out[k] = cv
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = canonical(e)
		}
		return out
	}
	return v
}

// isZero reports the values that mean "absent" when a field has no
// non-zero default. Numbers are kept: 0 is not assumed to be a default.
func isZero(v any) bool {
	switch x := v.(type) {
	case nil:
		return true
	case bool:
		return !x
	case string:
		return x == ""
	case []any:
		return len(x) == 0
	case map[string]any:
		return len(x) == 0
	}
	return false
}

// requestBody is desired without the read-only fields the API sets.
func requestBody(desired datadogV1.LogsPipeline) datadogV1.LogsPipeline {
	body := desired
	body.Id, body.Type, body.IsReadOnly = nil, nil, nil
	if desired.UnparsedObject != nil {
		body.UnparsedObject = make(map[string]any, len(desired.UnparsedObject))
		for k, v := range desired.UnparsedObject {
			body.UnparsedObject[k] = v
		}
		for _, k := range serverFields {
			delete(body.UnparsedObject, k)
		}
	}
	return body
}
