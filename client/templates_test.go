package client_test

import (
	"encoding/json"
	"strings"
	"testing"

	"hindsight-tui/client"
	"hindsight-tui/client/hindsighttest"
)

func TestBankTemplates(t *testing.T) {
	srv := server(t, hindsighttest.WithSeed(modelSeed()), hindsighttest.WithAPIKey("k"))
	c := newClient(t, srv, client.WithAPIKey("k"))
	anon := newClient(t, srv)
	ctx := t.Context()

	tpl := &client.BankTemplate{Version: "1", Bank: map[string]any{"retain_mission": "Keep orders."},
		MentalModels: []client.TemplateMentalModel{{ID: "orders", Name: "Orders", SourceQuery: "What does Maya order?",
			Tags: []string{"person:maya"}, Trigger: &client.MentalModelTrigger{Mode: "delta"}}},
		Directives: []client.TemplateDirective{{Name: "Short", Content: "Very short.", Priority: 2}, {Name: "New", Content: "Hi.", IsActive: client.Ptr(false)}}}
	dry, err := anon.ImportBankTemplate(ctx, "elsewhere", tpl, true)
	if err != nil || !dry.DryRun || strings.Join(dry.MentalModelsCreated, ",") != "orders" || len(dry.DirectivesCreated) != 2 {
		t.Fatalf("dry run without a key %+v %v", dry, err)
	}
	res, err := c.ImportBankTemplate(ctx, "cafe", tpl, false)
	if err != nil || !res.ConfigApplied || len(res.OperationIDs) != 1 || strings.Join(res.DirectivesUpdated, ",") != "Short" {
		t.Fatalf("import %+v %v", res, err)
	}
	exp, err := c.ExportBankTemplate(ctx, "cafe")
	if err != nil || exp.Version != "1" || exp.Bank["retain_mission"] != "Keep orders." || len(exp.MentalModels) != 1 ||
		exp.MentalModels[0].Trigger == nil || exp.MentalModels[0].Trigger.Mode != "delta" || len(exp.Directives) != 2 {
		t.Fatalf("export %+v %v", exp, err)
	}
	if _, err := c.ExportBankTemplate(ctx, "nowhere"); client.StatusCode(err) != 404 {
		t.Errorf("export of a missing bank: %v", err)
	}
	_, err = c.ImportBankTemplate(ctx, "cafe", json.RawMessage(`{"version":"1","mental_models":[{"id":"X","name":"","source_query":"q"}]}`), true)
	ae, ok := err.(*client.APIError)
	if !ok || ae.StatusCode != 400 || !strings.HasPrefix(ae.Detail, "Template validation failed: ") ||
		!strings.Contains(ae.Detail, "mental_models[0].id") || !strings.Contains(ae.Detail, "mental_models[0].name") {
		t.Errorf("invalid template: %v", err)
	}
	schema, err := anon.BankTemplateSchema(ctx)
	if err != nil || !json.Valid(schema) || !strings.Contains(string(schema), `"BankTemplateManifest"`) {
		t.Errorf("schema %v", err)
	}
}
