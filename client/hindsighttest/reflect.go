package hindsighttest

import (
	"encoding/json"
	"net/http"
)

// reflectKeys are the ReflectRequest fields; anything else goes to X-Ignored-Params.
var reflectKeys = []string{
	"query", "budget", "context", "max_tokens", "include", "response_schema", "tags", "tags_match",
	"tag_groups", "apply_all_directives", "fact_types", "exclude_mental_models", "exclude_mental_model_ids",
}

// reflectRequest is a validated ReflectRequest.
type reflectRequest struct {
	query              string // with the deprecated context appended
	budget             string
	maxTokens          int
	includeFacts       bool
	includeToolCalls   bool
	toolOutputs        bool
	responseSchema     map[string]any
	tags               []string
	tagsMatch          string
	tagGroups          []tagGroup
	applyAllDirectives bool
	factTypes          []string // nil means all
	excludeModels      bool
	excludeModelIDs    []string
}

// handleReflect serves POST /v1/default/banks/{bank_id}/reflect. Nothing is persisted
// except the lazily created bank; the answer is composed deterministically from what
// recall finds, so tests can assert on it.
func (s *Server) handleReflect(w http.ResponseWriter, r *http.Request, bankID string) {
	obj, errs := decodeBody(r, false)
	if errs != nil {
		markIgnored(w, ignoredQuery(r))
		writeValidation(w, errs)
		return
	}
	markIgnored(w, ignoredQuery(r), ignoredKeys(obj, reflectKeys...))
	req, errs := parseReflectRequest(obj)
	if len(errs) > 0 {
		writeValidation(w, errs)
		return
	}
	if !s.authorized(w, r) {
		return
	}
	b := s.ensureBank(bankID)
	writeJSON(w, http.StatusOK, s.reflect(b, req))
}

func parseReflectRequest(obj map[string]json.RawMessage) (*reflectRequest, []validationError) {
	f := &pydanticFields{obj: obj}
	req := &reflectRequest{toolOutputs: true}
	if raw, ok := obj["query"]; !ok {
		f.errs = append(f.errs, missingField("body", "query"))
	} else if q, ok := f.stringValue(raw, "body", "query"); ok {
		req.query = q
	}
	req.budget = f.choice(obj["budget"], "low", "enum", budgetChoices, "body", "budget")
	if c := f.optString("context"); c != nil && *c != "" {
		req.query += "\n\nAdditional context: " + *c
	}
	req.maxTokens = f.intField(4096, "body", "max_tokens")
	if raw, sent := obj["include"]; sent {
		inc, ok := f.object(raw, "ReflectIncludeOptions", "body", "include")
		if ok && inc == nil {
			f.fail("model_type", "Input should be a valid dictionary or instance of ReflectIncludeOptions", nil,
				map[string]any{"class_name": "ReflectIncludeOptions"}, "body", "include")
		}
		if facts, ok := f.object(inc["facts"], "FactsIncludeOptions", "body", "include", "facts"); ok && facts != nil {
			req.includeFacts = true
		}
		if tc, ok := f.object(inc["tool_calls"], "ToolCallsIncludeOptions", "body", "include", "tool_calls"); ok && tc != nil {
			req.includeToolCalls = true
			if out, ok := tc["output"]; ok {
				req.toolOutputs = f.boolValue(out, true, "body", "include", "tool_calls", "output")
			}
		}
	}
	req.responseSchema = parseResponseSchema(f, obj["response_schema"])
	req.tags = f.stringList(obj["tags"], "body", "tags")
	req.tagsMatch = f.choice(obj["tags_match"], "any", "literal_error", tagModes, "body", "tags_match")
	req.tagGroups = parseTagGroups(f, obj["tag_groups"], "body", "tag_groups")
	req.applyAllDirectives = f.boolField(false, "body", "apply_all_directives")
	req.factTypes = parseReflectFactTypes(f, obj["fact_types"])
	req.excludeModels = f.boolField(false, "body", "exclude_mental_models")
	req.excludeModelIDs = f.stringList(obj["exclude_mental_model_ids"], "body", "exclude_mental_model_ids")
	if len(f.errs) == 0 && f.present("tags") && f.present("tag_groups") {
		f.errs = append(f.errs, valueError("'tags' and 'tag_groups' are mutually exclusive. Use 'tag_groups' for compound filtering.",
			rawObject(obj), "body"))
	}
	return req, f.errs
}

// parseReflectFactTypes reads fact_types: a list of world|experience|observation,
// where an empty list is rejected (null means all types).
func parseReflectFactTypes(f *pydanticFields, raw json.RawMessage) []string {
	if raw == nil || isJSONNull(raw) {
		return nil
	}
	var items []json.RawMessage
	if err := json.Unmarshal(raw, &items); err != nil {
		f.fail("list_type", "Input should be a valid list", rawValue(raw), nil, "body", "fact_types")
		return nil
	}
	before := len(f.errs)
	out := make([]string, 0, len(items))
	for i, it := range items {
		if t := f.choice(it, "", "literal_error", allFactTypes, "body", "fact_types", i); t != "" {
			out = append(out, t)
		}
	}
	if len(f.errs) == before && len(out) == 0 {
		f.errs = append(f.errs, valueError("fact_types must not be empty. Use null to include all fact types.", []any{}, "body", "fact_types"))
	}
	return out
}
