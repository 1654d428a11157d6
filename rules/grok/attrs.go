package grok

import "strings"

// insert stores v at path in m. An existing value at the same path turns
// into an array of the values, in insertion order; a non-object in the way of
// a longer path is replaced by an object.
func insert(m map[string]any, path []string, v any) {
	for _, k := range path[:len(path)-1] {
		next, ok := m[k].(map[string]any)
		if !ok {
			next = map[string]any{}
			m[k] = next
		}
		m = next
	}
	k := path[len(path)-1]
	switch prev := m[k].(type) {
	case nil:
		m[k] = v
	case []any:
		m[k] = append(prev, v)
	default:
		m[k] = []any{prev, v}
	}
}

// mergeInto merges src into dst: objects merge recursively, anything else in
// src replaces what dst holds.
func mergeInto(dst, src map[string]any) {
	for k, v := range src {
		if sv, ok := v.(map[string]any); ok {
			if dv, ok := dst[k].(map[string]any); ok {
				mergeInto(dv, sv)
				continue
			}
		}
		dst[k] = v
	}
}

// expandKeys returns v with every object key that holds dots turned into a
// nested path ({"a.b":1} → {"a":{"b":1}}), recursively.
func expandKeys(v any) any {
	switch x := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, val := range x {
			val = expandKeys(val)
			if !strings.Contains(k, ".") {
				if sv, ok := val.(map[string]any); ok {
					if dv, ok := out[k].(map[string]any); ok {
						mergeInto(dv, sv)
						continue
					}
				}
				out[k] = val
				continue
			}
			path := strings.Split(k, ".")
			if !validPath(path) {
				out[k] = val
				continue
			}
			setPath(out, path, val)
		}
		return out
	case []any:
		for i := range x {
			x[i] = expandKeys(x[i])
		}
		return x
	}
	return v
}

func validPath(path []string) bool {
	for _, p := range path {
		if p == "" {
			return false
		}
	}
	return true
}

// setPath stores v at path, merging objects and overwriting anything else.
func setPath(m map[string]any, path []string, v any) {
	for _, k := range path[:len(path)-1] {
		next, ok := m[k].(map[string]any)
		if !ok {
			next = map[string]any{}
			m[k] = next
		}
		m = next
	}
	k := path[len(path)-1]
	if sv, ok := v.(map[string]any); ok {
		if dv, ok := m[k].(map[string]any); ok {
			mergeInto(dv, sv)
			return
		}
	}
	m[k] = v
}

// prune removes null, empty-string and empty-object values from m and from
// the objects nested in it (arrays keep their elements, but objects inside
// them are pruned too).
func prune(m map[string]any) {
	for k, v := range m {
		if empty(pruneValue(v)) {
			delete(m, k)
		}
	}
}

func pruneValue(v any) any {
	switch x := v.(type) {
	case map[string]any:
		prune(x)
	case []any:
		for _, e := range x {
			pruneValue(e)
		}
	}
	return v
}

func empty(v any) bool {
	switch x := v.(type) {
	case nil:
		return true
	case string:
		return x == ""
	case map[string]any:
		return len(x) == 0
	}
	return false
}
