package client_test

import (
	"strings"
	"testing"

	"hindsight-tui/client"
	"hindsight-tui/client/hindsighttest"
)

func TestBankConfigOverridesAndDefense(t *testing.T) {
	c := serve(t, hindsighttest.WithSeed(modelSeed()))
	ctx := t.Context()

	missing, err := c.GetBankConfig(ctx, "nowhere")
	if err != nil || len(missing.Keys()) != 46 || len(missing.Overrides) != 0 || missing.MemoryDefense() != nil {
		t.Fatalf("config of a missing bank %+v %v", missing, err)
	}
	if raw, ok := missing.Value("retain_mission"); !ok || string(raw) != "null" {
		t.Errorf("unset keys are null: %s %v", raw, ok)
	}
	cfg, err := c.PatchBankConfig(ctx, "cafe", map[string]any{
		"retain_mission": "Keep orders.",
		"memory_defense": client.MemoryDefensePolicy{Enabled: true, Rules: []client.MemoryDefenseRule{
			{On: client.DetectorSensitiveData, Action: client.DefenseBlock}}},
	})
	if err != nil {
		t.Fatal(err)
	}
	var chunk int
	if !cfg.IsOverride("retain_mission") || cfg.IsOverride("retain_chunk_size") || !cfg.Decode("retain_chunk_size", &chunk) || chunk != 3000 {
		t.Errorf("override vs default: %+v", cfg.Overrides)
	}
	if p := cfg.MemoryDefense(); p == nil || !p.Enabled || p.Rules[0].Action != client.DefenseBlock {
		t.Errorf("policy %+v", p)
	}

	_, err = c.Retain(ctx, "cafe", client.RetainRequest{Items: []client.MemoryItem{{Content: "Card 4111 1111 1111 1111."}}})
	ae, ok := err.(*client.APIError)
	if !ok || ae.StatusCode != 422 || len(ae.Violations) != 1 || ae.Violations[0].Detector != client.DetectorSensitiveData {
		t.Fatalf("blocked retain: %v", err)
	}

	_, err = c.PatchBankConfig(ctx, "cafe", map[string]any{"memory_defense": map[string]any{"rules": []any{map[string]any{"on": "x", "action": "nuke"}}}})
	if ae, ok := err.(*client.APIError); !ok || ae.StatusCode != 422 || !strings.HasPrefix(ae.Detail, "invalid memory_defense policy:") {
		t.Errorf("bad policy: %v", err)
	}
	_, err = c.PatchBankConfig(ctx, "cafe", map[string]any{"enable_observations": "yes"})
	if ae, ok := err.(*client.APIError); !ok || ae.StatusCode != 400 || ae.Detail != "enable_observations must be a boolean, got str" {
		t.Errorf("mistyped value: %v", err)
	}
	cfg, err = c.ClearBankConfigKeys(ctx, "cafe", "memory_defense", "retain_mission")
	if err != nil || len(cfg.Overrides) != 0 || cfg.MemoryDefense() != nil {
		t.Errorf("cleared %+v %v", cfg, err)
	}
}
