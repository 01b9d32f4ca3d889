package hindsighttest

import (
	"net/http"
	"strings"
)

// handleTemplateSchema serves GET /v1/bank-template-schema: the JSON Schema of a
// bank template manifest, in the shape Pydantic generates ($defs, nullable fields as
// anyOf with null). It needs no auth.
func (s *Server) handleTemplateSchema(w http.ResponseWriter, r *http.Request, _ pathParams) {
	markIgnored(w, ignoredQuery(r))
	writeJSON(w, http.StatusOK, bankTemplateSchema())
}

// pyTitle is Pydantic's default title of a field: "source_query" -> "Source Query".
func pyTitle(name string) string {
	words := strings.Split(name, "_")
	for i, w := range words {
		if w != "" {
			words[i] = strings.ToUpper(w[:1]) + w[1:]
		}
	}
	return strings.Join(words, " ")
}

// prop is a schema property with its title; nullable wraps it in anyOf [..., null].
func prop(name string, schema map[string]any, nullable bool, def any) map[string]any {
	out := map[string]any{"title": pyTitle(name)}
	if nullable {
		out["anyOf"] = []any{schema, map[string]any{"type": "null"}}
	} else {
		for k, v := range schema {
			out[k] = v
		}
	}
	if def != nil || nullable {
		out["default"] = def
	}
	return out
}

func ref(name string) map[string]any { return map[string]any{"$ref": "#/$defs/" + name} }

func typ(t string) map[string]any { return map[string]any{"type": t} }

func arrayOf(items map[string]any) map[string]any {
	return map[string]any{"type": "array", "items": items}
}

func enumOf(values ...string) map[string]any {
	vs := make([]any, len(values))
	for i, v := range values {
		vs[i] = v
	}
	return map[string]any{"type": "string", "enum": vs}
}

// bankTemplateSchema is the manifest's JSON Schema.
func bankTemplateSchema() map[string]any {
	config := map[string]any{}
	for _, key := range sortedMapKeys(configFields()) {
		f := configFields()[key]
		var s map[string]any
		switch f.kind {
		case kindBool:
			s = typ("boolean")
		case kindInt:
			s = typ("integer")
			if strings.HasPrefix(key, "disposition_") {
				s["minimum"], s["maximum"] = 1, 5
			}
			if key == "mental_model_min_refresh_interval_seconds" {
				s["minimum"] = 0
			}
		case kindFloat:
			s = typ("number")
		case kindString:
			s = typ("string")
		case kindList:
			s = arrayOf(map[string]any{})
			if key == "mcp_enabled_tools" {
				s = arrayOf(typ("string"))
			}
		case kindListOrObject:
			s = arrayOf(ref("LabelGroup"))
		default:
			s = map[string]any{"type": "object", "additionalProperties": true}
		}
		config[key] = prop(key, s, true, nil)
	}
	tagsMatch := enumOf(tagModes...)
	tagGroup := map[string]any{"anyOf": []any{ref("TagGroupLeaf"), ref("TagGroupAnd"), ref("TagGroupOr"), ref("TagGroupNot")}}
	trigger := map[string]any{
		"mode":                         prop("mode", enumOf("full", "delta"), false, "full"),
		"refresh_after_consolidation":  prop("refresh_after_consolidation", typ("boolean"), false, false),
		"refresh_cron":                 prop("refresh_cron", typ("string"), true, nil),
		"min_refresh_interval_seconds": prop("min_refresh_interval_seconds", map[string]any{"type": "integer", "minimum": 0}, true, nil),
		"fact_types":                   prop("fact_types", arrayOf(enumOf(allFactTypes...)), true, nil),
		"exclude_mental_models":        prop("exclude_mental_models", typ("boolean"), false, false),
		"exclude_mental_model_ids":     prop("exclude_mental_model_ids", arrayOf(typ("string")), true, nil),
		"tags_match":                   prop("tags_match", tagsMatch, true, nil),
		"tag_groups":                   prop("tag_groups", arrayOf(tagGroup), true, nil),
		"include_chunks":               prop("include_chunks", typ("boolean"), true, nil),
		"recall_max_tokens":            prop("recall_max_tokens", typ("integer"), true, nil),
		"recall_chunks_max_tokens":     prop("recall_chunks_max_tokens", typ("integer"), true, nil),
		"response_schema":              prop("response_schema", map[string]any{"type": "object", "additionalProperties": true}, true, nil),
		"keep_trace":                   prop("keep_trace", typ("boolean"), false, false),
	}
	model := func(title string, required []any, props map[string]any) map[string]any {
		m := map[string]any{"title": title, "type": "object", "properties": props}
		if len(required) > 0 {
			m["required"] = required
		}
		return m
	}
	defs := map[string]any{
		"BankTemplateConfig": model("BankTemplateConfig", nil, config),
		"BankTemplateMentalModel": model("BankTemplateMentalModel", []any{"id", "name", "source_query"}, map[string]any{
			"id":           prop("id", map[string]any{"type": "string", "pattern": templateModelID.String()}, false, nil),
			"name":         prop("name", typ("string"), false, nil),
			"source_query": prop("source_query", typ("string"), false, nil),
			"tags":         prop("tags", arrayOf(typ("string")), false, []any{}),
			"max_tokens":   prop("max_tokens", map[string]any{"type": "integer", "minimum": 256, "maximum": 8192}, false, 2048),
			"trigger":      prop("trigger", ref("MentalModelTrigger"), false, map[string]any{}),
		}),
		"BankTemplateDirective": model("BankTemplateDirective", []any{"name", "content"}, map[string]any{
			"name":      prop("name", typ("string"), false, nil),
			"content":   prop("content", typ("string"), false, nil),
			"priority":  prop("priority", typ("integer"), false, 0),
			"is_active": prop("is_active", typ("boolean"), false, true),
			"tags":      prop("tags", arrayOf(typ("string")), false, []any{}),
		}),
		"MentalModelTrigger": model("MentalModelTrigger", nil, trigger),
		"TagGroupLeaf": model("TagGroupLeaf", []any{"tags"}, map[string]any{
			"tags": prop("tags", arrayOf(typ("string")), false, nil), "match": prop("match", tagsMatch, false, "any_strict")}),
		"TagGroupAnd": model("TagGroupAnd", []any{"and"}, map[string]any{"and": prop("and", arrayOf(tagGroup), false, nil)}),
		"TagGroupOr":  model("TagGroupOr", []any{"or"}, map[string]any{"or": prop("or", arrayOf(tagGroup), false, nil)}),
		"TagGroupNot": model("TagGroupNot", []any{"not"}, map[string]any{"not": prop("not", tagGroup, false, nil)}),
		"LabelGroup": model("LabelGroup", []any{"key"}, map[string]any{
			"key":         prop("key", typ("string"), false, nil),
			"description": prop("description", typ("string"), false, ""),
			"type":        prop("type", enumOf("value", "multi-values", "text", "map"), false, "value"),
			"optional":    prop("optional", typ("boolean"), false, true),
			"tag":         prop("tag", typ("boolean"), false, false),
			"values":      prop("values", arrayOf(map[string]any{"type": "object"}), false, []any{}),
			"fields":      prop("fields", map[string]any{"type": "object"}, false, map[string]any{}),
		}),
	}
	out := model("BankTemplateManifest", []any{"version"}, map[string]any{
		"version":       prop("version", typ("string"), false, nil),
		"bank":          prop("bank", ref("BankTemplateConfig"), true, nil),
		"mental_models": prop("mental_models", arrayOf(ref("BankTemplateMentalModel")), true, nil),
		"directives":    prop("directives", arrayOf(ref("BankTemplateDirective")), true, nil),
	})
	out["$defs"] = defs
	out["description"] = "A bank template: config overrides, mental models and directives to apply to a bank."
	return out
}
