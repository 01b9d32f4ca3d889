package client_test

import (
	"encoding/json"

	"hindsight-tui/client"
)

// templates exports a bank's template, imports it elsewhere (dry run and real) and
// reads the manifest schema.
func (s *scenario) templates(bank string) {
	ctx, c := s.ctx, s.c
	_, err := c.PatchBankConfig(ctx, bank, map[string]any{"retain_mission": "Template test.", "disposition_empathy": 4,
		"entity_labels": []any{map[string]any{"key": "team", "values": []any{}}}})
	s.ok("PatchBankConfig", err)
	_, err = c.CreateMentalModel(ctx, bank, client.CreateMentalModelRequest{ID: "template-model", Name: "T", SourceQuery: "What is there?",
		Trigger: &client.MentalModelTrigger{TagGroups: []client.TagGroup{{Tags: []string{"a"}}}, RecallMaxTokens: client.Ptr(512)}})
	s.ok("CreateMentalModel", err)
	_, err = c.CreateDirective(ctx, bank, client.CreateDirectiveRequest{Name: "Template rule", Content: "Be exact.", IsActive: client.Ptr(false)})
	s.ok("CreateDirective", err)
	tpl, err := c.ExportBankTemplate(ctx, bank)
	s.ok("ExportBankTemplate", err)
	if tpl.Bank["retain_mission"] != "Template test." || len(tpl.MentalModels) == 0 || len(tpl.Directives) == 0 {
		s.t.Errorf("template %+v", tpl)
	}
	_, err = c.ExportBankTemplate(ctx, "contract-no-bank")
	s.wantStatus("ExportBankTemplate", err, 404)
	dry, err := c.ImportBankTemplate(ctx, "contract-template-copy", tpl, true)
	s.ok("ImportBankTemplate", err)
	if !dry.DryRun || len(dry.OperationIDs) != 0 {
		s.t.Errorf("dry run %+v", dry)
	}
	res, err := c.ImportBankTemplate(ctx, "contract-template-copy", tpl, false)
	s.ok("ImportBankTemplate", err)
	if len(res.OperationIDs) != len(tpl.MentalModels) {
		s.t.Errorf("import %+v", res)
	}
	_, err = c.ImportBankTemplate(ctx, "contract-template-copy", json.RawMessage(`{"version":"9"}`), true)
	s.wantStatus("ImportBankTemplate", err, 400)
	schema, err := c.BankTemplateSchema(ctx)
	s.ok("BankTemplateSchema", err)
	if !json.Valid(schema) {
		s.t.Error("schema is not JSON")
	}
	_, err = c.DeleteBank(ctx, "contract-template-copy")
	s.ok("DeleteBank", err)
}
