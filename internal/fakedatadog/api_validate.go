package fakedatadog

// Validation is done by github.com/getkin/kin-openapi (openapi3 +
// openapi3filter) against Datadog's own v1 document: it loads the 1.7 MB spec
// in a fraction of a second, resolves every $ref, checks method and path,
// security schemes (DD-API-KEY + DD-APPLICATION-KEY), Content-Type, required
// properties, types, enums, maxItems/maxLength, readOnly properties and the
// 22-way oneOf of processors, and fills schema defaults in the accepted body
// the way Datadog's backend does (is_enabled:false, support_rules:"", …).
// That clearly beats a hand-written validator. On top of it this file adds two
// things kin-openapi does not do: a focused message for a failed oneOf (the
// branch named by the object's "type" is re-checked alone, instead of 22
// branch failures), and a check for properties the schema does not declare
// (Datadog drops them silently, so a misspelt field would pass unnoticed).

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"sort"
	"strings"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
)

// checked is the outcome of validating one request.
type checked struct {
	route  *routers.Route
	params map[string]string
	op     string // operationId; "" when no route matched
	// body is the request body after validation, with schema defaults
	// filled in; nil when the operation takes none.
	body []byte
	// raw is the body as the client sent it.
	raw []byte
	// problems are the validation failures, empty when the request is valid.
	problems []string
	// status is the status a real API would answer for the first problem:
	// 404/405 for routing, 403 for security, 400 for the rest.
	status int
	input  *openapi3filter.RequestValidationInput
}

// check validates r against the spec. It consumes r.Body.
func (sp *v1Spec) check(r *http.Request) checked {
	var raw []byte
	if r.Body != nil {
		raw, _ = io.ReadAll(r.Body)
	}
	r.Body = io.NopCloser(bytes.NewReader(raw))

	route, params, err := sp.router.FindRoute(r)
	if err != nil {
		c := checked{status: http.StatusNotFound, raw: raw}
		c.problems = []string{fmt.Sprintf("%s %s: %v", r.Method, r.URL.Path, err)}
		if allowed := sp.allowedMethods(r); len(allowed) > 0 {
			c.status = http.StatusMethodNotAllowed
			c.problems = []string{fmt.Sprintf("method %s not allowed on %s (the spec has %s)", r.Method, r.URL.Path, strings.Join(allowed, ", "))}
		}
		return c
	}
	c := checked{route: route, params: params, op: route.Operation.OperationID, raw: raw}
	opts := &openapi3filter.Options{
		AuthenticationFunc: checkSecurity,
		MultiError:         false,
	}
	c.input = &openapi3filter.RequestValidationInput{Request: r, PathParams: params, Route: route, Options: opts}
	err = openapi3filter.ValidateRequest(context.Background(), c.input)
	after, _ := io.ReadAll(r.Body)
	r.Body = io.NopCloser(bytes.NewReader(raw))
	if len(bytes.TrimSpace(raw)) > 0 {
		c.body = after
	}
	if err != nil {
		c.status, c.problems = sp.explainRequest(err, route, raw)
		return c
	}
	if body := route.Operation.RequestBody; body != nil && body.Value != nil {
		if mt := body.Value.Content.Get("application/json"); mt != nil && mt.Schema != nil {
			var v any
			if json.Unmarshal(raw, &v) == nil {
				unknownFields(mt.Schema.Value, v, "", &c.problems)
				if len(c.problems) > 0 {
					c.status = http.StatusBadRequest
				}
			}
		}
	}
	return c
}

// allowedMethods lists the methods the spec has for r's path.
func (sp *v1Spec) allowedMethods(r *http.Request) []string {
	var out []string
	for _, m := range []string{http.MethodGet, http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete} {
		if m == r.Method {
			continue
		}
		probe := r.Clone(r.Context())
		probe.Method = m
		if _, _, err := sp.router.FindRoute(probe); err == nil {
			out = append(out, m)
		}
	}
	return out
}

// checkSecurity is the AuthenticationFunc: an apiKey scheme passes when its
// header is present and non-empty. OAuth (the spec's alternative AuthZ
// scheme) is not emulated and always fails, so the key pair is required.
func checkSecurity(_ context.Context, in *openapi3filter.AuthenticationInput) error {
	ss := in.SecurityScheme
	if ss == nil || ss.Type != "apiKey" {
		return fmt.Errorf("security scheme %s is not emulated", in.SecuritySchemeName)
	}
	if ss.In != "header" {
		return fmt.Errorf("security scheme %s: only header keys are emulated", in.SecuritySchemeName)
	}
	if in.RequestValidationInput.Request.Header.Get(ss.Name) == "" {
		return fmt.Errorf("missing %s header", ss.Name)
	}
	return nil
}

// explainRequest turns a kin-openapi error into short messages.
func (sp *v1Spec) explainRequest(err error, route *routers.Route, raw []byte) (int, []string) {
	var sec *openapi3filter.SecurityRequirementsError
	if errors.As(err, &sec) {
		var msgs []string
		seen := map[string]bool{}
		for _, e := range sec.Errors {
			m := e.Error()
			if strings.Contains(m, "not emulated") || seen[m] {
				continue
			}
			seen[m] = true
			msgs = append(msgs, m)
		}
		if len(msgs) == 0 {
			msgs = []string{sec.Error()}
		}
		return http.StatusForbidden, msgs
	}
	var re *openapi3filter.RequestError
	if errors.As(err, &re) && re.RequestBody != nil {
		var se *openapi3.SchemaError
		if errors.As(re.Err, &se) {
			if mt := re.RequestBody.Content.Get("application/json"); mt != nil && mt.Schema != nil {
				var v any
				if json.Unmarshal(raw, &v) == nil {
					var msgs []string
					explainValue(mt.Schema.Value, v, "", &msgs)
					if len(msgs) > 0 {
						return http.StatusBadRequest, msgs
					}
				}
			}
			return http.StatusBadRequest, []string{schemaErrorLine(se, "")}
		}
	}
	return http.StatusBadRequest, []string{err.Error()}
}

// explainValue validates v against schema one level at a time and appends
// one line per problem, each prefixed with its JSON pointer. A oneOf is
// resolved by the object's "type" and only that branch is checked, so a bad
// processor gets its own problems instead of one failure per branch.
func explainValue(schema *openapi3.Schema, v any, ptr string, out *[]string) {
	if schema == nil {
		return
	}
	if len(schema.OneOf) > 0 {
		obj, isObj := v.(map[string]any)
		t, _ := obj["type"].(string)
		if branch := branchForType(schema, t); isObj && branch != nil {
			explainValue(branch, v, ptr, out)
			return
		}
		err := schema.VisitJSON(v, openapi3.VisitAsRequest())
		if err == nil {
			return
		}
		if types := branchTypes(schema); isObj && len(types) > 0 {
			*out = append(*out, fmt.Sprintf("%s: unknown type %q (one of: %s)", orRoot(ptr), t, strings.Join(types, ", ")))
			return
		}
		flattenSchemaError(err, ptr, out)
		return
	}
	if len(schema.AllOf) > 0 || len(schema.AnyOf) > 0 {
		flattenSchemaError(schema.VisitJSON(v, openapi3.VisitAsRequest(), openapi3.MultiErrors()), ptr, out)
		return
	}
	// This level alone: children are stubbed (keeping readOnly, which the
	// parent checks), then visited with their own schemas.
	shallow := *schema
	if len(schema.Properties) > 0 {
		shallow.Properties = openapi3.Schemas{}
		for k, p := range schema.Properties {
			stub := &openapi3.Schema{}
			if p != nil && p.Value != nil {
				stub.ReadOnly, stub.WriteOnly = p.Value.ReadOnly, p.Value.WriteOnly
			}
			shallow.Properties[k] = &openapi3.SchemaRef{Value: stub}
		}
	}
	if schema.Items != nil {
		shallow.Items = &openapi3.SchemaRef{Value: &openapi3.Schema{}}
	}
	shallow.AdditionalProperties = openapi3.AdditionalProperties{}
	before := len(*out)
	flattenSchemaError(shallow.VisitJSON(v, openapi3.VisitAsRequest(), openapi3.MultiErrors()), ptr, out)
	if len(*out) > before {
		return
	}
	switch x := v.(type) {
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			if p := schema.Properties[k]; p != nil && p.Value != nil {
				explainValue(p.Value, x[k], ptr+"/"+k, out)
			} else if ap := schema.AdditionalProperties.Schema; ap != nil && ap.Value != nil {
				explainValue(ap.Value, x[k], ptr+"/"+k, out)
			}
		}
	case []any:
		if schema.Items != nil && schema.Items.Value != nil {
			for i, e := range x {
				explainValue(schema.Items.Value, e, fmt.Sprintf("%s/%d", ptr, i), out)
			}
		}
	}
}

func flattenSchemaError(err error, prefix string, out *[]string) {
	if err == nil {
		return
	}
	var me openapi3.MultiError
	if errors.As(err, &me) {
		for _, e := range me {
			flattenSchemaError(e, prefix, out)
		}
		return
	}
	var se *openapi3.SchemaError
	if !errors.As(err, &se) {
		*out = append(*out, orRoot(prefix)+": "+err.Error())
		return
	}
	*out = append(*out, schemaErrorLine(se, prefix))
}

func schemaErrorLine(se *openapi3.SchemaError, prefix string) string {
	reason := se.Reason
	if reason == "" {
		reason = fmt.Sprintf("does not match %q", se.SchemaField)
	}
	return orRoot(prefix+jsonPointer(se.JSONPointer())) + ": " + reason
}

func jsonPointer(parts []string) string {
	if len(parts) == 0 {
		return ""
	}
	return "/" + strings.Join(parts, "/")
}

func orRoot(p string) string {
	if p == "" {
		return "/"
	}
	return p
}

// branchForType returns the oneOf branch whose "type" property enumerates t.
func branchForType(s *openapi3.Schema, t string) *openapi3.Schema {
	var match *openapi3.Schema
	for _, ref := range s.OneOf {
		if ref == nil || ref.Value == nil {
			continue
		}
		tp := ref.Value.Properties["type"]
		if tp == nil || tp.Value == nil {
			continue
		}
		for _, e := range tp.Value.Enum {
			if e == t {
				if match != nil {
					// Two branches share the type (lookup-processor and the
					// reference-table lookup): no single branch to blame.
					return nil
				}
				match = ref.Value
			}
		}
	}
	return match
}

// branchTypes lists the "type" enums of a oneOf's branches.
func branchTypes(s *openapi3.Schema) []string {
	seen := map[string]bool{}
	var out []string
	for _, ref := range s.OneOf {
		if ref == nil || ref.Value == nil {
			continue
		}
		if tp := ref.Value.Properties["type"]; tp != nil && tp.Value != nil {
			for _, e := range tp.Value.Enum {
				if s, ok := e.(string); ok && !seen[s] {
					seen[s] = true
					out = append(out, s)
				}
			}
		}
	}
	sort.Strings(out)
	return out
}

// unknownFields reports object properties that schema does not declare.
// Schemas that explicitly allow additional properties are respected; oneOf is
// resolved by "type" (or by the branch v validates against).
func unknownFields(schema *openapi3.Schema, v any, ptr string, out *[]string) {
	if schema == nil {
		return
	}
	if len(schema.OneOf) > 0 {
		if branch := pickBranch(schema, v); branch != nil {
			unknownFields(branch, v, ptr, out)
		}
		return
	}
	if len(schema.AllOf) > 0 || len(schema.AnyOf) > 0 {
		return // a union of properties; not needed for the pipelines API
	}
	switch x := v.(type) {
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			p := ptr + "/" + k
			if prop := schema.Properties[k]; prop != nil {
				unknownFields(prop.Value, x[k], p, out)
				continue
			}
			ap := schema.AdditionalProperties
			switch {
			case ap.Schema != nil:
				unknownFields(ap.Schema.Value, x[k], p, out)
			case ap.Has != nil && *ap.Has:
			default:
				*out = append(*out, fmt.Sprintf("%s: property %q is not in the schema (Datadog would ignore it)", p, k))
			}
		}
	case []any:
		if schema.Items != nil {
			for i, e := range x {
				unknownFields(schema.Items.Value, e, fmt.Sprintf("%s/%d", ptr, i), out)
			}
		}
	}
}

func pickBranch(s *openapi3.Schema, v any) *openapi3.Schema {
	if obj, ok := v.(map[string]any); ok {
		if t, ok := obj["type"].(string); ok {
			if b := branchForType(s, t); b != nil {
				return b
			}
		}
	}
	for _, ref := range s.OneOf {
		if ref != nil && ref.Value != nil && ref.Value.VisitJSON(v, openapi3.VisitAsRequest()) == nil {
			return ref.Value
		}
	}
	return nil
}

// checkResponse validates one of the fake's own answers against the spec;
// a failure is a bug in the fake, reported as a violation too.
func checkResponse(in *openapi3filter.RequestValidationInput, status int, header http.Header, body []byte) error {
	if in == nil {
		return nil
	}
	return openapi3filter.ValidateResponse(context.Background(), &openapi3filter.ResponseValidationInput{
		RequestValidationInput: in,
		Status:                 status,
		Header:                 header,
		Body:                   io.NopCloser(bytes.NewReader(body)),
		Options:                &openapi3filter.Options{IncludeResponseStatus: true},
	})
}
