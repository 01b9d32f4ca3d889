package hindsighttest

import (
	"testing"
)

func TestBankConfigResolution(t *testing.T) {
	srv := newTestServer(t, WithSeed(smallSeed()))
	path := "/v1/default/banks/team/config"
	for _, method := range []string{"GET", "DELETE"} {
		c := mustStatus(t, send(t, srv, method, "/v1/default/banks/ghost/config", nil), 200).obj(t)
		cfg := c["config"].(map[string]any)
		if len(cfg) != 46 || len(c["overrides"].(map[string]any)) != 0 || c["bank_id"] != "ghost" {
			t.Errorf("%s of a missing bank: %d keys, overrides %v", method, len(cfg), c["overrides"])
		}
		if v, ok := cfg["memory_defense"]; !ok || v != nil {
			t.Error("unset keys are listed as null")
		}
	}
	mustStatus(t, send(t, srv, "GET", "/v1/default/banks/ghost/profile", nil), 404) // never created

	patch := func(updates map[string]any) map[string]any {
		t.Helper()
		return mustStatus(t, send(t, srv, "PATCH", path, map[string]any{"updates": updates}), 200).obj(t)
	}
	patch(map[string]any{"retain_mission": "Keep decisions.", "HINDSIGHT_API_RECALL_MAX_TOKENS": 4096})
	c := patch(map[string]any{"recall_budget_adaptive_low": 1, "retain_extraction_mode": "anything"})
	ov, cfg := c["overrides"].(map[string]any), c["config"].(map[string]any)
	if len(ov) != 4 || ov["retain_mission"] != "Keep decisions." || ov["recall_max_tokens"] != 4096.0 || cfg["recall_max_tokens"] != 4096.0 {
		t.Errorf("PATCH merges: %v", ov)
	}
	c = patch(map[string]any{"recall_max_tokens": nil})
	if _, ok := c["overrides"].(map[string]any)["recall_max_tokens"]; ok || c["config"].(map[string]any)["recall_max_tokens"] != 2048.0 {
		t.Errorf("null clears an override: %v", c)
	}
	c = mustStatus(t, send(t, srv, "DELETE", path, nil), 200).obj(t)
	if len(c["overrides"].(map[string]any)) != 0 || c["config"].(map[string]any)["retain_mission"] != nil {
		t.Errorf("DELETE resets: %v", c["overrides"])
	}
	mustStatus(t, send(t, srv, "PATCH", "/v1/default/banks/fresh/config", map[string]any{"updates": map[string]any{"audit_log_enabled": true}}), 200)
	mustStatus(t, send(t, srv, "GET", "/v1/default/banks/fresh/profile", nil), 200) // PATCH creates the bank
	mustStatus(t, send(t, srv, "PATCH", path, map[string]any{"updates": "x"}), 422)
}

func TestBankConfigRejections(t *testing.T) {
	srv := newTestServer(t, WithSeed(smallSeed()))
	path := "/v1/default/banks/team/config"
	tests := []struct {
		name    string
		updates map[string]any
		status  int
		want    string
	}{
		{"unknown", map[string]any{"nonsense": 1}, 400, "Unknown configuration fields: ['nonsense']. Valid configurable fields: ['audit_log_enabled'"},
		{"credential", map[string]any{"HINDSIGHT_API_LLM_API_KEY": "k"}, 400, "Cannot set credential fields via API: ['llm_api_key']"},
		{"base url", map[string]any{"llm_base_url": "http://x"}, 400, "Cannot set credential fields via API"},
		{"static", map[string]any{"llm_provider": "openai"}, 400, "Cannot override static (server-level) fields: ['llm_provider']"},
		{"bool as int", map[string]any{"enable_observations": 1}, 400, "enable_observations must be a boolean, got int"},
		{"int as bool", map[string]any{"retain_chunk_size": true}, 400, "retain_chunk_size must be an integer, got bool"},
		{"int as float", map[string]any{"recall_max_tokens": 1.5}, 400, "recall_max_tokens must be an integer, got float"},
		{"string as number", map[string]any{"retain_mission": 3}, 400, "retain_mission must be a string, got int"},
		{"number as string", map[string]any{"recall_budget_adaptive_mid": "x"}, 400, "recall_budget_adaptive_mid must be a number, got str"},
		{"list as string", map[string]any{"mcp_enabled_tools": "recall"}, 400, "mcp_enabled_tools must be a list, got str"},
		{"object as list", map[string]any{"retain_strategies": []any{}}, 400, "retain_strategies must be an object, got list"},
		{"list or object", map[string]any{"entity_labels": "x"}, 400, "entity_labels must be a list or an object, got str"},
		{"chunk size", map[string]any{"retain_chunk_size": 0}, 400, "retain_chunk_size must be >= 1, got 0"},
		{"batch size", map[string]any{"retain_chunk_batch_size": -1}, 400, "retain_chunk_batch_size must be >= 0"},
		{"interval", map[string]any{"mental_model_min_refresh_interval_seconds": -5}, 400, "must be >= 0, got -5"},
		{"adaptive ratio", map[string]any{"recall_budget_adaptive_low": 0}, 400, "recall_budget_adaptive_low must be > 0"},
		{"fixed budget", map[string]any{"recall_budget_fixed_low": 0}, 400, "recall_budget_fixed_low must be >= 1"},
		{"budget function", map[string]any{"recall_budget_function": "magic"}, 400, "recall_budget_function must be 'fixed' or 'adaptive', got 'magic'"},
		{"disposition", map[string]any{"disposition_empathy": 6}, 400, "disposition_empathy must be between 1 and 5, got 6"},
		{"budget range", map[string]any{"recall_budget_min": 3000}, 400, "recall_budget_min (3000) must be <= recall_budget_max (2000)"},
		{"defense type", map[string]any{"memory_defense": "on"}, 422, "invalid memory_defense policy: expected an object, got str"},
		{"defense key", map[string]any{"memory_defense": map[string]any{"mode": "x"}}, 422, "invalid memory_defense policy: unknown key 'mode'"},
		{"defense enabled", map[string]any{"memory_defense": map[string]any{"enabled": "yes"}}, 422, "'enabled' must be a boolean"},
		{"defense rules", map[string]any{"memory_defense": map[string]any{"rules": map[string]any{}}}, 422, "'rules' must be a list"},
		{"defense detector", map[string]any{"memory_defense": map[string]any{"rules": []any{map[string]any{"on": " ", "action": "block"}}}},
			422, "rules[0].on must name a detector"},
		{"defense action", map[string]any{"memory_defense": map[string]any{"rules": []any{map[string]any{"on": "sensitive_data", "action": "drop"}}}},
			422, "rules[0].action must be one of allow, redact, block, got drop"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			wantReply(t, send(t, srv, "PATCH", path, map[string]any{"updates": tc.updates}), tc.status, tc.want)
		})
	}
	if ov := getObj(t, srv, path)["overrides"].(map[string]any); len(ov) != 0 {
		t.Errorf("a rejected PATCH changes nothing: %v", ov)
	}
	// A valid policy, and a min/max pair that is only valid together.
	mustStatus(t, send(t, srv, "PATCH", path, map[string]any{"updates": map[string]any{
		"memory_defense":    map[string]any{"enabled": true, "rules": []any{map[string]any{"on": "custom_detector", "action": "allow"}}},
		"recall_budget_min": 3000, "recall_budget_max": 4000}}), 200)
	mustStatus(t, send(t, srv, "PATCH", path, map[string]any{"updates": map[string]any{"recall_budget_max": 100}}), 400)
}
