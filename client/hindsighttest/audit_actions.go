package hindsighttest

import "encoding/json"

// auditRoute is one audited route: its action name, whether the handler takes a body
// (bodyless handlers record a null request), and the Pydantic models its request and
// response are dumped through (nil: the JSON as sent).
type auditRoute struct {
	method, path string // path below /v1/default/banks/{bank_id}
	action       string
	body         bool
	request      model
	response     model
}

// auditedRoutes are the handlers the real server wraps with @audited (http.py).
// GETs, exports, the knowledge base, profile, background, dry-run extract and the
// LLM health probe are not audited.
var auditedRoutes = []auditRoute{
	{method: "POST", path: "/memories", action: "retain", body: true, request: retainRequestModel, response: retainResponseModel},
	{method: "POST", path: "/files/retain", action: "file_retain"},
	{method: "POST", path: "/memories/recall", action: "recall", body: true, request: recallRequestModel, response: recallResponseModel},
	{method: "POST", path: "/reflect", action: "reflect", body: true, request: reflectRequestModel, response: reflectResponseModel},
	{method: "PATCH", path: "/memories/{memory_id}", action: "update_memory", body: true, request: updateMemoryModel},
	{method: "DELETE", path: "/memories", action: "clear_memories", response: deleteResponseModel},
	{method: "PUT", path: "", action: "create_bank", body: true, request: bankRequestModel, response: bankProfileModel},
	{method: "PATCH", path: "", action: "update_bank", body: true, request: bankRequestModel, response: bankProfileModel},
	{method: "DELETE", path: "", action: "delete_bank", response: deleteResponseModel},
	{method: "PATCH", path: "/config", action: "update_bank_config", body: true},
	{method: "DELETE", path: "/config", action: "reset_bank_config"},
	{method: "POST", path: "/consolidate", action: "consolidation", body: true},
	{method: "POST", path: "/consolidation/recover", action: "recover_consolidation"},
	{method: "DELETE", path: "/observations", action: "clear_observations", response: deleteResponseModel},
	{method: "DELETE", path: "/memories/{memory_id}/observations", action: "clear_memory_observations"},
	{method: "POST", path: "/mental-models", action: "create_mental_model", body: true},
	{method: "PATCH", path: "/mental-models/{mental_model_id}", action: "update_mental_model", body: true},
	{method: "DELETE", path: "/mental-models/{mental_model_id}", action: "delete_mental_model"},
	{method: "POST", path: "/mental-models/{mental_model_id}/refresh", action: "refresh_mental_model"},
	{method: "POST", path: "/mental-models/{mental_model_id}/clear", action: "clear_mental_model"},
	{method: "POST", path: "/mental-models/{mental_model_id}/dry-run-refresh", action: "dry_run_refresh_mental_model"},
	{method: "POST", path: "/directives", action: "create_directive", body: true, request: createDirectiveModel},
	{method: "PATCH", path: "/directives/{directive_id}", action: "update_directive", body: true},
	{method: "DELETE", path: "/directives/{directive_id}", action: "delete_directive"},
	{method: "POST", path: "/documents/{document_id:path}/reprocess", action: "reprocess_document"},
	{method: "PATCH", path: "/documents/{document_id:path}", action: "update_document", body: true},
	{method: "DELETE", path: "/documents/{document_id:path}", action: "delete_document"},
	{method: "DELETE", path: "/operations/{operation_id}", action: "cancel_operation"},
	{method: "POST", path: "/operations/{operation_id}/retry", action: "retry_operation"},
	{method: "DELETE", path: "/operations/{operation_id}/delete", action: "delete_operation"},
	{method: "POST", path: "/import", action: "import_bank_template"},
	{method: "POST", path: "/document-transfer", action: "import_documents"},
	{method: "POST", path: "/webhooks", action: "create_webhook", body: true, request: createWebhookModel, response: webhookModel},
	{method: "PATCH", path: "/webhooks/{webhook_id}", action: "update_webhook", body: true, request: updateWebhookModel, response: webhookModel},
	{method: "DELETE", path: "/webhooks/{webhook_id}", action: "delete_webhook", response: deleteResponseModel},
}

// model lists a Pydantic model's fields with their defaults, so that a dump shows
// every field the way model_dump() does: absent optional fields as their default
// (usually null), nested models dumped in turn. Keys the model does not declare are
// dropped, as Pydantic ignores them.
type model []field

type field struct {
	name string
	def  any   // default when absent; a map or list is copied per dump
	sub  model // nested model applied to a present (or defaulted) object
	list bool  // sub applies to each element of a list
}

// dumpJSON decodes raw and dumps it through m; an empty or non-JSON body is null.
func (m model) dumpJSON(raw []byte) any {
	var v any
	if len(raw) == 0 || json.Unmarshal(raw, &v) != nil {
		return nil
	}
	return m.dump(v)
}

func (m model) dump(v any) any {
	obj, ok := v.(map[string]any)
	if !ok || m == nil {
		return v
	}
	out := make(map[string]any, len(m))
	for _, f := range m {
		x, present := obj[f.name]
		if !present {
			x = copyJSON(f.def)
		}
		if f.sub != nil && x != nil {
			if xs, ok := x.([]any); ok && f.list {
				for i := range xs {
					xs[i] = f.sub.dump(xs[i])
				}
			} else if !f.list {
				x = f.sub.dump(x)
			}
		}
		out[f.name] = x
	}
	return out
}

// copyJSON deep-copies a JSON-shaped default so dumps never share it.
func copyJSON(v any) any {
	switch x := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[k] = copyJSON(e)
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = copyJSON(e)
		}
		return out
	}
	return v
}

// nulls declares fields whose default is null.
func nulls(names ...string) model {
	m := make(model, len(names))
	for i, n := range names {
		m[i] = field{name: n}
	}
	return m
}

// with appends fields to a copy of m.
func (m model) with(fs ...field) model { return append(append(model{}, m...), fs...) }

var (
	includeOptionsModel = model{
		{name: "entities", def: map[string]any{}, sub: model{{name: "max_tokens", def: 500.0}}},
		{name: "chunks", sub: model{{name: "max_tokens", def: 8192.0}}},
		{name: "source_facts", sub: model{{name: "max_tokens", def: 4096.0}, {name: "max_tokens_per_observation", def: -1.0}}},
	}
	recallRequestModel = nulls("query", "types", "query_timestamp", "tags", "tag_groups", "min_scores", "temporal_window").with(
		field{name: "prefer_observations", def: false}, field{name: "budget", def: "mid"},
		field{name: "max_tokens", def: 4096.0}, field{name: "trace", def: false},
		field{name: "include", def: map[string]any{}, sub: includeOptionsModel}, field{name: "tags_match", def: "any"})
	recallResultModel = nulls("id", "text", "type", "entities", "context", "occurred_start", "occurred_end",
		"mentioned_at", "document_id", "metadata", "chunk_id", "tags", "source_fact_ids", "scores")
	recallResponseModel = nulls("trace", "entities", "chunks", "source_facts", "source_facts_truncated").with(
		field{name: "results", sub: recallResultModel, list: true})
	reflectRequestModel = nulls("query", "context", "response_schema", "tags", "tag_groups", "fact_types",
		"exclude_mental_model_ids").with(field{name: "budget", def: "low"}, field{name: "max_tokens", def: 4096.0},
		field{name: "include", sub: nulls("facts", "tool_calls")}, field{name: "tags_match", def: "any"},
		field{name: "apply_all_directives", def: false}, field{name: "exclude_mental_models", def: false})
	reflectResponseModel = nulls("text", "based_on", "structured_output", "usage", "trace")
	memoryItemModel      = nulls("content", "timestamp", "context", "metadata", "document_id", "entities", "tags",
		"observation_scopes", "strategy", "update_mode").with(field{name: "resolve_entities", def: true})
	retainRequestModel = nulls("document_tags", "operation_id").with(
		field{name: "items", sub: memoryItemModel, list: true}, field{name: "async", def: false})
	retainResponseModel = nulls("success", "bank_id", "items_count", "async", "operation_id", "operation_ids", "usage")
	updateMemoryModel   = nulls("text", "context", "occurred_start", "occurred_end", "fact_type", "entities",
		"state", "reason").with(field{name: "resolve_entities", def: true})
	bankRequestModel = nulls("name", "disposition", "disposition_skepticism", "disposition_literalism",
		"disposition_empathy", "mission", "background", "reflect_mission", "retain_mission", "retain_extraction_mode",
		"retain_custom_instructions", "retain_chunk_size", "retain_structured_chunk_size", "enable_observations",
		"observations_mission", "enable_temporal_retrieval", "enable_graph_retrieval", "enable_reranking")
	bankProfileModel     = nulls("bank_id", "name", "disposition", "mission", "background")
	deleteResponseModel  = nulls("success", "message", "deleted_count")
	createDirectiveModel = nulls("name", "content").with(field{name: "priority", def: 0.0},
		field{name: "is_active", def: true}, field{name: "tags", def: []any{}})
	httpConfigModel = model{{name: "method", def: "POST"}, {name: "timeout_seconds", def: 30.0},
		{name: "headers", def: map[string]any{}}, {name: "params", def: map[string]any{}}}
	createWebhookModel = nulls("url", "secret").with(field{name: "event_types", def: []any{"consolidation.completed"}},
		field{name: "enabled", def: true}, field{name: "http_config", def: map[string]any{}, sub: httpConfigModel})
	updateWebhookModel = nulls("url", "secret", "event_types", "enabled").with(
		field{name: "http_config", sub: httpConfigModel})
	webhookModel = nulls("id", "bank_id", "url", "secret", "event_types", "enabled", "created_at", "updated_at").with(
		field{name: "http_config", def: map[string]any{}, sub: httpConfigModel})
)
