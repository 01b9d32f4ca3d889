package client_test

import (
	"encoding/json"

	"hindsight-tui/client"
)

// dryRunExtract previews an extraction with every override the route accepts.
func (s *scenario) dryRunExtract(bank string) {
	ctx, c := s.ctx, s.c
	res, err := c.DryRunExtract(ctx, bank, client.DryRunExtractRequest{Content: "Alex Moreno moved to Lisbon. I booked the movers.",
		Context: "chat", Timestamp: "2026-03-14T09:30:00Z", RetainMission: client.Ptr("Remember moves."),
		RetainExtractionMode: "verbose", RetainCustomInstructions: client.Ptr(""), RetainExtractCausalLinks: client.Ptr(true),
		RetainChunkSize: client.Ptr(2000), EntityLabels: json.RawMessage(`[{"key":"city","type":"value","values":[]}]`),
		EntitiesAllowFreeForm: client.Ptr(true), LLMOutputLanguage: "en"})
	s.ok("DryRunExtract", err)
	if len(res.Facts) != 2 {
		s.t.Errorf("dry run %+v", res)
	}
	_, err = c.DryRunExtract(ctx, "contract-no-bank", client.DryRunExtractRequest{Content: "Nothing is stored."})
	s.ok("DryRunExtract", err)
	_, err = c.DryRunExtract(ctx, bank, client.DryRunExtractRequest{Content: "  "})
	s.wantStatus("DryRunExtract", err, 422)
}
