package client_test

import (
	"hindsight-tui/client"
)

// modelsInDepth exercises the mental-model routes beyond create/read/update: the
// refresh outcomes, clear, the dry run and the PATCH error paths.
func (s *scenario) modelsInDepth(bank string) {
	ctx, c := s.ctx, s.c
	_, err := c.CreateMentalModel(ctx, bank, client.CreateMentalModelRequest{ID: "contract-delta", Name: "Delta",
		SourceQuery: "What does Alex drink?", Trigger: &client.MentalModelTrigger{Mode: "delta", KeepTrace: client.Ptr(true),
			RefreshCron: "0 6 * * mon", MinRefreshIntervalSeconds: client.Ptr(0),
			ResponseSchema: []byte(`{"type":"object","properties":{"summary":{"type":"string"}}}`)}})
	s.ok("CreateMentalModel", err)
	dry, err := c.DryRunRefreshMentalModel(ctx, bank, "contract-delta")
	s.ok("DryRunRefreshMentalModel", err)
	if dry.ModeFallbackReason != "no_baseline_content" {
		s.t.Errorf("dry run of a new delta model: %+v", dry)
	}
	s.srv.CompleteOperations()
	got, err := c.GetMentalModel(ctx, bank, "contract-delta", client.DetailFull)
	s.ok("GetMentalModel", err)
	if a := got.Answer(); a == nil || a.Trace == nil {
		s.t.Errorf("keep_trace stores the trace: %+v", a)
	}
	dry, err = c.DryRunRefreshMentalModel(ctx, bank, "contract-delta")
	s.ok("DryRunRefreshMentalModel", err)
	if dry.EffectiveMode != "delta" || dry.DeltaOperations == nil {
		s.t.Errorf("dry run of a delta model with a baseline: %+v", dry)
	}
	_, err = c.GetMentalModel(ctx, bank, "contract-delta", client.DetailContent)
	s.ok("GetMentalModel", err)
	_, err = c.ListMentalModels(ctx, bank, client.ListMentalModelsParams{Detail: client.DetailContent})
	s.ok("ListMentalModels", err)
	_, err = c.ListMentalModels(ctx, bank, client.ListMentalModelsParams{Tags: []string{"x"}, TagsMatch: "exact", Detail: client.DetailFull})
	s.ok("ListMentalModels", err)
	cleared, err := c.ClearMentalModel(ctx, bank, "contract-delta")
	s.ok("ClearMentalModel", err)
	if cleared.Content != "" {
		s.t.Errorf("clear: %+v", cleared)
	}
	_, err = c.ClearMentalModel(ctx, bank, "nope")
	s.wantStatus("ClearMentalModel", err, 404)
	_, err = c.DryRunRefreshMentalModel(ctx, bank, "nope")
	s.wantStatus("DryRunRefreshMentalModel", err, 404)
	_, err = c.UpdateMentalModel(ctx, bank, "contract-delta", client.UpdateMentalModelRequest{})
	s.wantStatus("UpdateMentalModel", err, 404)
	_, err = c.UpdateMentalModel(ctx, bank, "contract-delta", client.UpdateMentalModelRequest{Trigger: &client.MentalModelTrigger{
		RefreshCron: "not cron"}})
	s.wantStatus("UpdateMentalModel", err, 422)
	_, err = c.UpdateMentalModel(ctx, bank, "contract-delta", client.UpdateMentalModelRequest{SourceQuery: client.Ptr("Who is Alex?"),
		Trigger: &client.MentalModelTrigger{RefreshAfterConsolidation: client.Ptr(true), FactTypes: []string{client.FactObservation}}})
	s.ok("UpdateMentalModel", err)
	r, err := c.RefreshMentalModel(ctx, bank, "contract-delta")
	s.ok("RefreshMentalModel", err)
	s.srv.CompleteOperations()
	op, err := c.GetOperation(ctx, bank, r.OperationID, false)
	s.ok("GetOperation", err)
	if op.Details == nil || op.Details.Outcome == "" {
		s.t.Errorf("refresh details %+v", op)
	}
	_, err = c.ListOperations(ctx, bank, client.ListOperationsParams{Type: "refresh_mental_model"})
	s.ok("ListOperations", err)
	hist, err := c.MentalModelHistory(ctx, bank, "contract-delta")
	s.ok("MentalModelHistory", err)
	if len(hist) == 0 {
		s.t.Error("refreshes write history")
	}
	s.ok("DeleteMentalModel", c.DeleteMentalModel(ctx, bank, "contract-delta"))
}
