package hindsighttest

import (
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strings"
)

// responseSchemaTypes are the property types structured output can build a field for.
var responseSchemaTypes = []string{"array", "boolean", "integer", "number", "object", "string"}

// parseResponseSchema reads response_schema (a JSON object or null) and applies the
// real server's validate_response_schema, whose ValueError becomes a 422 value_error.
func parseResponseSchema(f *pydanticFields, raw json.RawMessage) map[string]any {
	if raw == nil || isJSONNull(raw) {
		return nil
	}
	var schema map[string]any
	if err := json.Unmarshal(raw, &schema); err != nil || schema == nil {
		f.fail("dict_type", "Input should be a valid dictionary", rawValue(raw), nil, "body", "response_schema")
		return nil
	}
	if msg := schemaProblem(schema); msg != "" {
		f.errs = append(f.errs, valueError(msg, rawValue(raw), "body", "response_schema"))
		return nil
	}
	return schema
}

// schemaProblem returns why schema is unusable for structured output, or "".
func schemaProblem(schema map[string]any) string {
	if t, ok := schema["type"]; ok && t != nil && t != "object" {
		return `response_schema must be an object schema (its "type" must be "object")`
	}
	props, ok := schema["properties"].(map[string]any)
	if !ok || len(props) == 0 {
		return "response_schema must define a non-empty 'properties' object"
	}
	for _, name := range sortedMapKeys(props) {
		prop, ok := props[name].(map[string]any)
		if !ok {
			return fmt.Sprintf("response_schema property '%s' must be an object", name)
		}
		if t, ok := prop["type"]; ok && t != nil {
			ts, isStr := t.(string)
			if !isStr || !slices.Contains(responseSchemaTypes, ts) {
				return fmt.Sprintf("response_schema property '%s' has unsupported type '%v'; expected one of ['array', 'boolean', 'integer', 'number', 'object', 'string']", name, t)
			}
		}
	}
	if req, ok := schema["required"]; ok && req != nil {
		list, ok := req.([]any)
		if !ok {
			return "response_schema 'required' must be a list of property names"
		}
		var unknown []string
		for _, item := range list {
			s, ok := item.(string)
			if !ok {
				return "response_schema 'required' must be a list of property names"
			}
			if _, known := props[s]; !known {
				unknown = append(unknown, "'"+s+"'")
			}
		}
		if len(unknown) > 0 {
			return "response_schema 'required' references unknown properties: [" + strings.Join(unknown, ", ") + "]"
		}
	}
	return ""
}

func sortedMapKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// structuredSource is what structured output is extracted from: the answer and the
// evidence behind it.
type structuredSource struct {
	summary string   // the answer's opening paragraph, plain text
	answer  string   // the whole answer
	facts   []string // evidence texts, best first
}

// fillSchema plays the extraction call: strings come from the summary (or the fact
// that best matches the property), arrays of strings from the facts, numbers from the
// evidence count, booleans from whether there is any. It reports false when a
// required property cannot be filled (an enum without a matching value, an array of
// numbers or objects, a nested object that cannot be filled...). The real server then
// returns the answer without structured_output rather than inventing values.
func fillSchema(schema map[string]any, src structuredSource) (map[string]any, bool) {
	props, _ := schema["properties"].(map[string]any)
	required := map[string]bool{}
	if list, ok := schema["required"].([]any); ok {
		for _, r := range list {
			if s, ok := r.(string); ok {
				required[s] = true
			}
		}
	}
	out := map[string]any{}
	for _, name := range sortedMapKeys(props) {
		prop, _ := props[name].(map[string]any)
		v, ok := fillProperty(name, prop, src)
		if !ok {
			if required[name] {
				return nil, false
			}
			continue
		}
		out[name] = v
	}
	return out, true
}

func fillProperty(name string, prop map[string]any, src structuredSource) (any, bool) {
	if enum, ok := prop["enum"].([]any); ok {
		return pickEnum(enum, src.answer)
	}
	typ, _ := prop["type"].(string)
	switch typ {
	case "", "string":
		return bestString(name, prop, src), true
	case "integer":
		return len(src.facts), true
	case "number":
		return float64(len(src.facts)), true
	case "boolean":
		return len(src.facts) > 0, true
	case "array":
		items, _ := prop["items"].(map[string]any)
		if it, _ := items["type"].(string); it != "" && it != "string" {
			return nil, false
		}
		if _, hasEnum := items["enum"]; hasEnum {
			return nil, false
		}
		return append([]string{}, src.facts...), true
	case "object":
		if nested, ok := prop["properties"].(map[string]any); ok && len(nested) > 0 {
			return fillSchema(prop, src)
		}
		return map[string]any{}, true
	}
	return nil, false
}

// pickEnum chooses the first enum value the answer mentions.
func pickEnum(enum []any, answer string) (any, bool) {
	lower := strings.ToLower(answer)
	for _, v := range enum {
		if s, ok := v.(string); ok && s != "" && strings.Contains(lower, strings.ToLower(s)) {
			return s, true
		}
	}
	return nil, false
}

// bestString picks the fact that best matches the property's name and description,
// falling back to the summary for generic properties ("summary", "answer") or when
// nothing matches.
func bestString(name string, prop map[string]any, src structuredSource) string {
	desc, _ := prop["description"].(string)
	terms := uniqueTerms(strings.ReplaceAll(name, "_", " ") + " " + desc)
	best, bestScore := src.summary, 0.0
	for _, f := range src.facts {
		if sc := termCoverage(terms, &memory{text: f}); sc > bestScore {
			best, bestScore = f, sc
		}
	}
	return best
}
