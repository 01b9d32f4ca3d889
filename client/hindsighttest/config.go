package hindsighttest

import (
	"math"
	"net/http"
	"strings"
)

// configKind is the declared type of a configurable field.
type configKind int

const (
	kindBool configKind = iota
	kindInt
	kindFloat
	kindString
	kindList
	kindObject
	kindListOrObject
)

// configField is one bank-configurable setting with its server default and, for
// numbers, the bound the server enforces.
type configField struct {
	kind configKind
	def  any
	min  *float64 // inclusive lower bound (exclusive for floats)
}

func atLeast(n float64) *float64 { return &n }

// configFields are the real server's _CONFIGURABLE_FIELDS with their defaults.
func configFields() map[string]configField {
	return map[string]configField{
		"mcp_enabled_tools":                                     {kindList, nil, nil},
		"audit_log_enabled":                                     {kindBool, false, nil},
		"store_document_text":                                   {kindBool, true, nil},
		"retain_chunk_size":                                     {kindInt, 3000, atLeast(1)},
		"retain_structured_chunk_size":                          {kindInt, nil, atLeast(1)},
		"retain_extraction_mode":                                {kindString, "concise", nil},
		"retain_mission":                                        {kindString, nil, nil},
		"retain_custom_instructions":                            {kindString, nil, nil},
		"retain_default_strategy":                               {kindString, nil, nil},
		"retain_strategies":                                     {kindObject, nil, nil},
		"retain_chunk_batch_size":                               {kindInt, 100, atLeast(0)},
		"entity_labels":                                         {kindListOrObject, nil, nil},
		"entities_allow_free_form":                              {kindBool, true, nil},
		"enable_temporal_retrieval":                             {kindBool, true, nil},
		"enable_graph_retrieval":                                {kindBool, true, nil},
		"enable_reranking":                                      {kindBool, true, nil},
		"enable_observations":                                   {kindBool, true, nil},
		"enable_auto_consolidation":                             {kindBool, true, nil},
		"consolidation_llm_batch_size":                          {kindInt, 8, nil},
		"consolidation_llm_parallelism":                         {kindInt, 4, nil},
		"consolidation_max_memories_per_round":                  {kindInt, 100, nil},
		"consolidation_source_facts_max_tokens":                 {kindInt, 4096, nil},
		"consolidation_source_facts_max_tokens_per_observation": {kindInt, 256, nil},
		"observations_mission":                                  {kindString, nil, nil},
		"max_observations_per_scope":                            {kindInt, -1, nil},
		"observation_scope_limits":                              {kindList, nil, nil},
		"mental_model_min_refresh_interval_seconds":             {kindInt, 0, atLeast(0)},
		"reflect_mission":                                       {kindString, nil, nil},
		"reflect_source_facts_max_tokens":                       {kindInt, -1, nil},
		"recall_include_chunks":                                 {kindBool, true, nil},
		"recall_max_tokens":                                     {kindInt, 2048, nil},
		"recall_chunks_max_tokens":                              {kindInt, 1000, nil},
		"recall_budget_function":                                {kindString, "fixed", nil},
		"recall_budget_fixed_low":                               {kindInt, 100, atLeast(1)},
		"recall_budget_fixed_mid":                               {kindInt, 300, atLeast(1)},
		"recall_budget_fixed_high":                              {kindInt, 1000, atLeast(1)},
		"recall_budget_adaptive_low":                            {kindFloat, 0.025, atLeast(0)},
		"recall_budget_adaptive_mid":                            {kindFloat, 0.075, atLeast(0)},
		"recall_budget_adaptive_high":                           {kindFloat, 0.25, atLeast(0)},
		"recall_budget_min":                                     {kindInt, 20, atLeast(1)},
		"recall_budget_max":                                     {kindInt, 2000, atLeast(1)},
		"disposition_skepticism":                                {kindInt, nil, nil},
		"disposition_literalism":                                {kindInt, nil, nil},
		"disposition_empathy":                                   {kindInt, nil, nil},
		"llm_gemini_safety_settings":                            {kindList, nil, nil},
		"memory_defense":                                        {kindObject, nil, nil},
	}
}

// asInt reads an integer from a decoded JSON number or a Go int.
func asInt(v any) (int, bool) {
	switch n := v.(type) {
	case int:
		return n, true
	case float64:
		if n == math.Trunc(n) {
			return int(n), true
		}
	}
	return 0, false
}

// pyType names a decoded JSON value's Python type, for error messages.
func pyType(v any) string {
	switch v := v.(type) {
	case nil:
		return "NoneType"
	case bool:
		return "bool"
	case float64:
		if v == math.Trunc(v) {
			return "int"
		}
		return "float"
	case int:
		return "int"
	case string:
		return "str"
	case []any:
		return "list"
	}
	return "dict"
}

// pyList renders names like Python's repr of a list of strings.
func pyList(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = "'" + n + "'"
	}
	return "[" + strings.Join(q, ", ") + "]"
}

// setOverrides stores validated overrides; a null value removes the override.
func setOverrides(b *bank, updates map[string]any) {
	for k, v := range updates {
		if v == nil {
			delete(b.configOverrides, k)
			continue
		}
		b.configOverrides[k] = v
	}
}

// bankConfig is BankConfigResponse: resolved config (defaults merged with the bank's
// overrides; nulls kept, it is a free-form dict) and the overrides alone.
func bankConfig(bankID string, overrides map[string]any) map[string]any {
	config := map[string]any{}
	for k, f := range configFields() {
		config[k] = f.def
	}
	ov := map[string]any{}
	for k, v := range overrides {
		config[k] = v
		ov[k] = v
	}
	return map[string]any{"bank_id": bankID, "config": config, "overrides": ov}
}

// configAPIDisabled answers 404 when the bank_config_api feature is off.
func (s *Server) configAPIDisabled(w http.ResponseWriter) bool {
	if s.features["bank_config_api"] {
		return false
	}
	writeDetail(w, http.StatusNotFound, "Bank configuration API is disabled. Set HINDSIGHT_API_ENABLE_BANK_CONFIG_API=true to re-enable.")
	return true
}

// handleGetConfig serves GET …/config.
func (s *Server) handleGetConfig(w http.ResponseWriter, r *http.Request, bankID string) {
	markIgnored(w, ignoredQuery(r))
	if s.configAPIDisabled(w) || !s.authorized(w, r) {
		return
	}
	var overrides map[string]any
	if b := s.store.banks[bankID]; b != nil {
		overrides = b.configOverrides
	}
	writeJSON(w, http.StatusOK, bankConfig(bankID, overrides))
}

// handlePatchConfig serves PATCH …/config; it creates the bank when missing.
func (s *Server) handlePatchConfig(w http.ResponseWriter, r *http.Request, bankID string) {
	q := newRequest(w, r)
	var updates map[string]any
	if f := q.body(false, "updates"); f != nil && f.required("updates") {
		if obj := f.object("updates"); obj != nil {
			updates = map[string]any{}
			for k := range obj.obj {
				updates[k] = obj.input(k)
			}
		} else if f.null("updates") {
			q.fail(validationError{Type: "dict_type", Loc: f.at("updates"), Msg: "Input should be a valid dictionary", Input: nil})
		}
	}
	if q.invalid() || s.configAPIDisabled(w) || !s.authorized(w, r) {
		return
	}
	var current map[string]any
	if b := s.store.banks[bankID]; b != nil {
		current = b.configOverrides
	}
	normalized, err := validateConfigUpdates(updates, current)
	if err != nil {
		writeDetail(w, configErrorStatus(err), err.Error())
		return
	}
	b := s.ensureBank(bankID)
	setOverrides(b, normalized)
	b.updatedAt = s.now()
	writeJSON(w, http.StatusOK, bankConfig(bankID, b.configOverrides))
}

// handleResetConfig serves DELETE …/config: drops every override.
func (s *Server) handleResetConfig(w http.ResponseWriter, r *http.Request, bankID string) {
	markIgnored(w, ignoredQuery(r))
	if s.configAPIDisabled(w) || !s.authorized(w, r) {
		return
	}
	if b := s.store.banks[bankID]; b != nil {
		b.configOverrides = map[string]any{}
		b.updatedAt = s.now()
	}
	writeJSON(w, http.StatusOK, bankConfig(bankID, nil))
}

// configInt is the bank's resolved integer setting.
func configInt(b *bank, key string) int {
	if n, ok := asInt(b.configOverrides[key]); ok {
		return n
	}
	n, _ := asInt(configFields()[key].def)
	return n
}
