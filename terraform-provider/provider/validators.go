package provider

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/relevel/relevel/rules"
)

// notBlank rejects a string that is empty or only white space. A null or
// unknown value is left to the other checks (and to apply time).
type notBlank struct {
	// why ends the error message: what the value is for.
	why string
}

var _ validator.String = notBlank{}

func (v notBlank) Description(context.Context) string { return "must not be empty" }

func (v notBlank) MarkdownDescription(ctx context.Context) string { return v.Description(ctx) }

func (v notBlank) ValidateString(_ context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	if strings.TrimSpace(req.ConfigValue.ValueString()) == "" {
		resp.Diagnostics.AddAttributeError(req.Path, "Empty "+req.Path.String(),
			fmt.Sprintf("%s must not be empty: %s.", req.Path, v.why))
	}
}

// knownFormats accepts a set of format names relevel has rules for, at
// least one. Unknown elements are left to apply time.
type knownFormats struct{}

var _ validator.Set = knownFormats{}

func (knownFormats) Description(context.Context) string {
	all, _ := rules.Formats()
	return "each element must be one of: " + strings.Join(all, ", ")
}

func (v knownFormats) MarkdownDescription(ctx context.Context) string { return v.Description(ctx) }

func (knownFormats) ValidateSet(_ context.Context, req validator.SetRequest, resp *validator.SetResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	all, err := rules.Formats()
	if err != nil {
		resp.Diagnostics.AddAttributeError(req.Path, "relevel's format rules do not load", err.Error())
		return
	}
	elems := req.ConfigValue.Elements()
	if len(elems) == 0 {
		resp.Diagnostics.AddAttributeError(req.Path, "No formats",
			fmt.Sprintf("formats must name at least one format; leave it out for every format (%s).", strings.Join(all, ", ")))
		return
	}
	var unknown []string
	for _, e := range elems {
		s, ok := e.(types.String)
		if !ok || s.IsUnknown() {
			continue
		}
		if s.IsNull() {
			unknown = append(unknown, "null")
			continue
		}
		if v := s.ValueString(); !slices.Contains(all, v) {
			if near := nearest(v, all); near != "" {
				unknown = append(unknown, fmt.Sprintf("%q (did you mean %q?)", v, near))
			} else {
				unknown = append(unknown, fmt.Sprintf("%q", v))
			}
		}
	}
	if len(unknown) == 0 {
		return
	}
	slices.Sort(unknown)
	noun := "format"
	if len(unknown) > 1 {
		noun = "formats"
	}
	resp.Diagnostics.AddAttributeError(req.Path, "Unknown log "+noun,
		fmt.Sprintf("relevel has no rules for the %s %s. Valid formats: %s.", noun, strings.Join(unknown, ", "), strings.Join(all, ", ")))
}

// nonEmptyElements rejects "" in a set of strings (a Datadog tag).
type nonEmptyElements struct{}

var _ validator.Set = nonEmptyElements{}

func (nonEmptyElements) Description(context.Context) string { return "elements must not be empty" }

func (v nonEmptyElements) MarkdownDescription(ctx context.Context) string { return v.Description(ctx) }

func (nonEmptyElements) ValidateSet(_ context.Context, req validator.SetRequest, resp *validator.SetResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	for _, e := range req.ConfigValue.Elements() {
		if s, ok := e.(types.String); ok && !s.IsUnknown() && (s.IsNull() || strings.TrimSpace(s.ValueString()) == "") {
			resp.Diagnostics.AddAttributeError(req.Path, "Empty tag", "tags must not contain an empty string; Datadog tags look like \"team:platform\".")
			return
		}
	}
}

// nearest is the name in names closest to s, when it is a likely typo (a
// different case, or at most two edits away); "" otherwise.
func nearest(s string, names []string) string {
	best, bestD := "", 3
	for _, n := range names {
		if strings.EqualFold(s, n) {
			return n
		}
		if d := editDistance(strings.ToLower(s), n); d < bestD {
			best, bestD = n, d
		}
	}
	return best
}

// editDistance is the Levenshtein distance between a and b, in bytes.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
