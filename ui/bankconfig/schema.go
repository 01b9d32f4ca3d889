package bankconfig

import (
	"encoding/json"
	"strings"
)

// Kind is how a configuration value is edited and checked before it is sent.
type Kind int

// The kinds of value the server's configurable keys take.
const (
	KindBool   Kind = iota
	KindInt         // a JSON integer (never a boolean)
	KindFloat       // a JSON number
	KindEnum        // a string from a fixed list
	KindString      // a one-line string
	KindText        // a string of several lines (a mission, instructions)
	KindJSON        // a list or an object, typed as JSON
)

// Spec is what the server's reference says about one configurable key: its group,
// its type, the values and bounds it accepts, and what its default means.
type Spec struct {
	Key   string
	Group string
	Kind  Kind
	Enum  []string // KindEnum: the allowed values
	// Min and Max bound a number (inclusive); MinExclusive makes Min a strict bound.
	Min, Max     *float64
	MinExclusive bool
	// Shape names the JSON a KindJSON key takes: "list", "object" or "list or object".
	Shape string
	Note  string // what the default or a special value means
}

func bound(n float64) *float64 { return &n }

// Groups are the configuration's groups in the reference's order; keys the server
// lists that none of them holds go under "Other".
var groupOrder = []string{"Retain", "Observations", "Mental models", "Recall", "Reflect", "Disposition", "Audit",
	"Memory defense", "MCP / LLM"}

// Groups returns the group names in the order the pane shows them.
func Groups() []string { return append(append([]string(nil), groupOrder...), OtherGroup) }

// OtherGroup holds keys the server lists that the reference does not describe.
const OtherGroup = "Other"

// Specs returns every configurable key the reference describes, in the order the
// pane shows them (group by group).
func Specs() []Spec {
	one := bound(1)
	return []Spec{
		{Key: "retain_extraction_mode", Group: "Retain", Kind: KindEnum, Enum: []string{"concise", "verbose", "custom", "verbatim", "chunks"}},
		{Key: "retain_mission", Group: "Retain", Kind: KindText},
		{Key: "retain_custom_instructions", Group: "Retain", Kind: KindText, Note: "used when the extraction mode is custom"},
		{Key: "retain_chunk_size", Group: "Retain", Kind: KindInt, Min: one, Note: "characters"},
		{Key: "retain_structured_chunk_size", Group: "Retain", Kind: KindInt, Min: one, Note: "null = the chunk size"},
		{Key: "retain_chunk_batch_size", Group: "Retain", Kind: KindInt, Min: bound(0), Note: "0 = off"},
		{Key: "retain_default_strategy", Group: "Retain", Kind: KindString},
		{Key: "retain_strategies", Group: "Retain", Kind: KindJSON, Shape: "object", Note: `{"name": {overrides…}}`},
		{Key: "entity_labels", Group: "Retain", Kind: KindJSON, Shape: "list or object"},
		{Key: "entities_allow_free_form", Group: "Retain", Kind: KindBool},
		{Key: "store_document_text", Group: "Retain", Kind: KindBool},

		{Key: "enable_observations", Group: "Observations", Kind: KindBool},
		{Key: "enable_auto_consolidation", Group: "Observations", Kind: KindBool},
		{Key: "observations_mission", Group: "Observations", Kind: KindText},
		{Key: "consolidation_llm_batch_size", Group: "Observations", Kind: KindInt},
		{Key: "consolidation_llm_parallelism", Group: "Observations", Kind: KindInt},
		{Key: "consolidation_max_memories_per_round", Group: "Observations", Kind: KindInt, Note: "0 = no limit"},
		{Key: "consolidation_source_facts_max_tokens", Group: "Observations", Kind: KindInt, Note: "-1 = no limit"},
		{Key: "consolidation_source_facts_max_tokens_per_observation", Group: "Observations", Kind: KindInt},
		{Key: "max_observations_per_scope", Group: "Observations", Kind: KindInt, Note: "-1 = no limit"},
		{Key: "observation_scope_limits", Group: "Observations", Kind: KindJSON, Shape: "list",
			Note: `[{"scope": [glob…], "limit": n}]; the first rule that covers a scope wins`},

		{Key: "mental_model_min_refresh_interval_seconds", Group: "Mental models", Kind: KindInt, Min: bound(0), Note: "seconds"},

		{Key: "enable_temporal_retrieval", Group: "Recall", Kind: KindBool},
		{Key: "enable_graph_retrieval", Group: "Recall", Kind: KindBool},
		{Key: "enable_reranking", Group: "Recall", Kind: KindBool},
		{Key: "recall_include_chunks", Group: "Recall", Kind: KindBool, Note: "the internal recall of reflect and refreshes"},
		{Key: "recall_max_tokens", Group: "Recall", Kind: KindInt, Note: "the internal recall of reflect and refreshes"},
		{Key: "recall_chunks_max_tokens", Group: "Recall", Kind: KindInt, Note: "the internal recall of reflect and refreshes"},
		{Key: "recall_budget_function", Group: "Recall", Kind: KindEnum, Enum: []string{"fixed", "adaptive"}},
		{Key: "recall_budget_fixed_low", Group: "Recall", Kind: KindInt, Min: one},
		{Key: "recall_budget_fixed_mid", Group: "Recall", Kind: KindInt, Min: one},
		{Key: "recall_budget_fixed_high", Group: "Recall", Kind: KindInt, Min: one},
		{Key: "recall_budget_adaptive_low", Group: "Recall", Kind: KindFloat, Min: bound(0), MinExclusive: true},
		{Key: "recall_budget_adaptive_mid", Group: "Recall", Kind: KindFloat, Min: bound(0), MinExclusive: true},
		{Key: "recall_budget_adaptive_high", Group: "Recall", Kind: KindFloat, Min: bound(0), MinExclusive: true},
		{Key: "recall_budget_min", Group: "Recall", Kind: KindInt, Min: one, Note: "at most recall_budget_max"},
		{Key: "recall_budget_max", Group: "Recall", Kind: KindInt, Min: one, Note: "at least recall_budget_min"},

		{Key: "reflect_mission", Group: "Reflect", Kind: KindText, Note: "shown as the bank's mission"},
		{Key: "reflect_source_facts_max_tokens", Group: "Reflect", Kind: KindInt, Note: "-1 = off"},

		{Key: "disposition_skepticism", Group: "Disposition", Kind: KindInt, Min: one, Max: bound(5), Note: "null = the bank's own value"},
		{Key: "disposition_literalism", Group: "Disposition", Kind: KindInt, Min: one, Max: bound(5), Note: "null = the bank's own value"},
		{Key: "disposition_empathy", Group: "Disposition", Kind: KindInt, Min: one, Max: bound(5), Note: "null = the bank's own value"},

		{Key: "audit_log_enabled", Group: "Audit", Kind: KindBool},

		{Key: "memory_defense", Group: "Memory defense", Kind: KindJSON, Shape: "object",
			Note: "null = off; M edits its rules"},

		{Key: "mcp_enabled_tools", Group: "MCP / LLM", Kind: KindJSON, Shape: "list", Note: "null = every tool"},
		{Key: "llm_gemini_safety_settings", Group: "MCP / LLM", Kind: KindJSON, Shape: "list"},
	}
}

// SpecFor is the reference's description of key; a key it does not describe gets
// one guessed from its value, in the Other group.
func SpecFor(key string, value json.RawMessage) Spec {
	for _, s := range Specs() {
		if s.Key == key {
			return s
		}
	}
	s := Spec{Key: key, Group: OtherGroup, Kind: KindJSON}
	switch v := strings.TrimSpace(string(value)); {
	case v == "true" || v == "false":
		s.Kind = KindBool
	case strings.HasPrefix(v, `"`):
		s.Kind = KindString
	case v != "" && (v[0] == '-' || (v[0] >= '0' && v[0] <= '9')):
		s.Kind = KindFloat
	}
	return s
}

// TypeName is how the pane names a kind in the detail and the editor.
func (s Spec) TypeName() string {
	switch s.Kind {
	case KindBool:
		return "boolean"
	case KindInt:
		return "integer"
	case KindFloat:
		return "number"
	case KindEnum:
		return "one of " + strings.Join(s.Enum, ", ")
	case KindString, KindText:
		return "text"
	}
	if s.Shape != "" {
		return "JSON " + s.Shape
	}
	return "JSON"
}
