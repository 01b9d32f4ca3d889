package client_test

import (
	"hindsight-tui/client"
)

// configInDepth covers the config answers the settings view relies on: defaults of a
// missing bank, merges and clears, the 400s and the memory-defense 422, and a retain
// that memory defense blocks.
func (s *scenario) configInDepth(bank string) {
	ctx, c := s.ctx, s.c
	cfg, err := c.GetBankConfig(ctx, "contract-no-config")
	s.ok("GetBankConfig", err)
	if len(cfg.Keys()) != 46 || len(cfg.Overrides) != 0 {
		s.t.Errorf("config of a missing bank: %d keys, %v", len(cfg.Keys()), cfg.Overrides)
	}
	_, err = c.ResetBankConfig(ctx, "contract-no-config")
	s.ok("ResetBankConfig", err)
	cfg, err = c.PatchBankConfig(ctx, bank, map[string]any{"retain_mission": "Keep what matters.", "recall_max_tokens": 4096,
		"memory_defense": client.MemoryDefensePolicy{Enabled: true, Rules: []client.MemoryDefenseRule{
			{On: client.DetectorSensitiveData, Action: client.DefenseBlock}}}})
	s.ok("PatchBankConfig", err)
	if !cfg.IsOverride("retain_mission") || cfg.MemoryDefense() == nil {
		s.t.Errorf("overrides %v", cfg.Overrides)
	}
	_, err = c.PatchBankConfig(ctx, bank, map[string]any{"llm_provider": "openai"})
	s.wantStatus("PatchBankConfig", err, 400)
	_, err = c.PatchBankConfig(ctx, bank, map[string]any{"retain_chunk_size": true})
	s.wantStatus("PatchBankConfig", err, 400)
	_, err = c.PatchBankConfig(deviation(ctx, "an invalid memory_defense policy is a 422 with a string detail (API.md 18)"),
		bank, map[string]any{"memory_defense": "on"})
	s.wantStatus("PatchBankConfig", err, 422)
	_, err = c.Retain(deviation(ctx, "retain blocked by memory defense answers 422 with an object detail (API.md 1.3)"),
		bank, client.RetainRequest{Items: []client.MemoryItem{{Content: "My password: hunter2"}}})
	if ae := s.wantStatus("Retain", err, 422); len(ae.Violations) != 1 {
		s.t.Errorf("violations %+v", ae)
	}
	cfg, err = c.ClearBankConfigKeys(ctx, bank, "retain_mission", "recall_max_tokens", "memory_defense")
	s.ok("ClearBankConfigKeys", err)
	if len(cfg.Overrides) != 0 {
		s.t.Errorf("cleared overrides %v", cfg.Overrides)
	}
}
