package hindsighttest

import (
	"net/http"
	"slices"
	"sort"
	"strings"
)

// Validation of bank config updates, in the real resolver's order
// (config_resolver.py): key names first (credentials, server-level fields, unknown
// keys), then each value's type, then the per-key rules. Every failure is a 400 with
// a string detail, except an invalid memory_defense policy, which is a 422.

// credentialMarkers make a key a credential, never settable per bank.
var credentialMarkers = []string{"api_key", "base_url", "secret", "password", "token", "database_url"}

// staticFields are server-level settings a bank cannot override.
func staticFields() map[string]bool {
	names := strings.Fields(`llm_provider llm_model llm_max_concurrent llm_timeout llm_max_retries
		retain_llm_provider retain_llm_model reflect_llm_provider reflect_llm_model consolidation_llm_provider
		consolidation_llm_model embeddings_provider embeddings_model reranker_provider reranker_model host port
		base_path log_level worker_enabled worker_max_retries worker_poll_interval_seconds enable_bank_config_api
		enable_file_upload_api enable_document_export_api enable_document_import_api enable_dry_run_extract
		enable_bank_llm_health enable_mental_model_history mental_model_history_max_entries
		mental_model_refresh_tick_seconds retain_batch_enabled recall_max_query_tokens reflect_max_iterations
		reflect_timeout semantic_min_similarity llm_trace_enabled llm_trace_retention_days llm_trace_scopes
		audit_log_retention_days audit_log_actions tenant_extension file_parser file_max_size_mb
		webhook_expose_response_body`)
	m := make(map[string]bool, len(names))
	for _, n := range names {
		m[n] = true
	}
	return m
}

// policyError is a memory_defense policy the server rejects with a 422.
type policyError string

func (e policyError) Error() string { return "invalid memory_defense policy: " + string(e) }

// configErrorStatus is the HTTP status of a config validation error.
func configErrorStatus(err error) int {
	if _, ok := err.(policyError); ok {
		return http.StatusUnprocessableEntity
	}
	return http.StatusBadRequest
}

// kindName is how the server names a type in "<key> must be <kind>, got <type>".
func kindName(k configKind) string {
	return [...]string{kindBool: "a boolean", kindInt: "an integer", kindFloat: "a number", kindString: "a string",
		kindList: "a list", kindObject: "an object", kindListOrObject: "a list or an object"}[k]
}

// hasKind checks a decoded JSON value against a kind; booleans are not integers,
// integers are numbers.
func hasKind(v any, k configKind) bool {
	switch k {
	case kindBool:
		_, ok := v.(bool)
		return ok
	case kindInt:
		_, ok := asInt(v)
		return ok
	case kindFloat:
		_, ok := v.(float64)
		return ok
	case kindString:
		_, ok := v.(string)
		return ok
	case kindList:
		_, ok := v.([]any)
		return ok
	case kindObject:
		_, ok := v.(map[string]any)
		return ok
	}
	return hasKind(v, kindList) || hasKind(v, kindObject)
}

// validateConfigUpdates normalises keys (env form HINDSIGHT_API_X accepted) and checks
// names and values; current holds the bank's stored overrides, for rules that span
// keys (recall_budget_min <= recall_budget_max).
func validateConfigUpdates(updates map[string]any, current ...map[string]any) (map[string]any, error) {
	fieldsByName, static := configFields(), staticFields()
	out := map[string]any{}
	var unknown, credentials, statics []string
	for k, v := range updates {
		key := strings.ToLower(strings.TrimPrefix(strings.TrimPrefix(k, "HINDSIGHT_API_"), "hindsight_api_"))
		switch _, ok := fieldsByName[key]; {
		case ok:
			out[key] = v
		case slices.ContainsFunc(credentialMarkers, func(m string) bool { return strings.Contains(key, m) }):
			credentials = append(credentials, key)
		case static[key]:
			statics = append(statics, key)
		default:
			unknown = append(unknown, key)
		}
	}
	switch {
	case len(credentials) > 0:
		sort.Strings(credentials)
		return nil, detailf("Cannot set credential fields via API: %s. Credentials (API keys, base URLs) must be set at server level only.", pyList(credentials))
	case len(statics) > 0:
		sort.Strings(statics)
		return nil, detailf("Cannot override static (server-level) fields: %s. These can only be set in the server's environment.", pyList(statics))
	case len(unknown) > 0:
		sort.Strings(unknown)
		return nil, detailf("Unknown configuration fields: %s. Valid configurable fields: %s...", pyList(unknown), pyList(sortedMapKeys(fieldsByName)[:10]))
	}
	for _, key := range sortedMapKeys(out) {
		v, f := out[key], fieldsByName[key]
		if v == nil {
			continue
		}
		if key == "memory_defense" {
			if err := validateDefensePolicy(v); err != nil {
				return nil, err
			}
			continue
		}
		if !hasKind(v, f.kind) {
			return nil, detailf("%s must be %s, got %s", key, kindName(f.kind), pyType(v))
		}
		if n, ok := asInt(v); ok && f.kind == kindInt {
			out[key] = n
		}
		if err := checkConfigValue(key, v, f); err != nil {
			return nil, err
		}
	}
	if err := checkBudgetRange(out, current...); err != nil {
		return nil, err
	}
	return out, nil
}

// checkConfigValue applies the per-key rules to a value of the right type.
func checkConfigValue(key string, v any, f configField) error {
	switch {
	case strings.HasPrefix(key, "disposition_"):
		if n, _ := asInt(v); n < 1 || n > 5 {
			return detailf("%s must be between 1 and 5, got %d", key, n)
		}
	case key == "recall_budget_function":
		if s := v.(string); s != "fixed" && s != "adaptive" {
			return detailf("recall_budget_function must be 'fixed' or 'adaptive', got '%s'", s)
		}
	case f.min != nil && f.kind == kindFloat:
		if n := v.(float64); n <= *f.min {
			return detailf("%s must be > %g, got %g", key, *f.min, n)
		}
	case f.min != nil:
		if n, _ := asInt(v); float64(n) < *f.min {
			return detailf("%s must be >= %g, got %d", key, *f.min, n)
		}
	}
	return nil
}

// checkBudgetRange rejects a recall_budget_min above recall_budget_max once the
// update is merged with the stored overrides.
func checkBudgetRange(update map[string]any, current ...map[string]any) error {
	resolved := func(key string) int {
		if v, ok := update[key]; ok && v != nil {
			n, _ := asInt(v)
			return n
		}
		for _, c := range current {
			if n, ok := asInt(c[key]); ok {
				return n
			}
		}
		n, _ := asInt(configFields()[key].def)
		return n
	}
	if lo, hi := resolved("recall_budget_min"), resolved("recall_budget_max"); lo > hi {
		return detailf("recall_budget_min (%d) must be <= recall_budget_max (%d)", lo, hi)
	}
	return nil
}
