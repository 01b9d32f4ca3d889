package bankdiff

import (
	"testing"

	"hindsight-tui/client"
)

// What the server fills in on import is no difference: a model without a trigger or a
// budget equals one with the defaults, a directive without is_active an active one,
// and a number read from a file equals the same number sent from code.
func TestDefaultsAreNoDifference(t *testing.T) {
	f := false
	a := &client.BankTemplate{Version: "1", Bank: map[string]any{"recall_max_tokens": float64(4096)},
		MentalModels: []client.TemplateMentalModel{{ID: "m", Name: "M", SourceQuery: "q"}},
		Directives:   []client.TemplateDirective{{Name: "d", Content: "c"}}}
	b := &client.BankTemplate{Version: "1", Bank: map[string]any{"recall_max_tokens": 4096},
		MentalModels: []client.TemplateMentalModel{{ID: "other-id", Name: "M", SourceQuery: "q", MaxTokens: 2048, Tags: []string{},
			Trigger: &client.MentalModelTrigger{Mode: "full", RefreshAfterConsolidation: &f, ExcludeMentalModels: &f, KeepTrace: &f}}},
		Directives: []client.TemplateDirective{{Name: "d", Content: "c", IsActive: client.Ptr(true), Tags: []string{}}}}
	if c := compare(a, b); len(c.differences()) != 0 || c.same != 3 {
		t.Errorf("differences %+v", c.differences())
	}
	b.MentalModels[0].Trigger.Mode = "delta"
	b.Directives[0].IsActive = client.Ptr(false)
	d := compare(a, b).differences()
	if len(d) != 2 || d[0].fields[0].name != "trigger" || d[1].fields[0].name != "is_active" {
		t.Errorf("differences %+v", d)
	}
}

// A plan matches models by id as the server does: a model of the same name under
// another id is created, and one of the same id under another name is updated.
func TestPlanMatchesModelsByID(t *testing.T) {
	cur := &client.BankTemplate{Version: "1", MentalModels: []client.TemplateMentalModel{
		{ID: "a", Name: "A", SourceQuery: "q"}, {ID: "b", Name: "B", SourceQuery: "q"}}}
	man := &client.BankTemplate{Version: "1", MentalModels: []client.TemplateMentalModel{
		{ID: "a2", Name: "A", SourceQuery: "q"}, {ID: "b", Name: "B2", SourceQuery: "q"}}}
	p := plan(man, cur)
	if p[0].action != actCreate || p[1].action != actUpdate || p[1].fields[0].name != "name" {
		t.Errorf("plan %+v", p)
	}
}

// A copy takes the target's id for a model of the same name, so the import updates it
// instead of adding a second; what the source lacks is skipped, except a config key
// the target sets, which is cleared.
func TestCopyManifest(t *testing.T) {
	a := &client.BankTemplate{Version: "1", MentalModels: []client.TemplateMentalModel{{ID: "a-id", Name: "M", SourceQuery: "new"}}}
	b := &client.BankTemplate{Version: "1", Bank: map[string]any{"retain_mission": "x"},
		MentalModels: []client.TemplateMentalModel{{ID: "b-id", Name: "M", SourceQuery: "old"}},
		Directives:   []client.TemplateDirective{{Name: "only-b", Content: "c"}}}
	c := compare(a, b)
	all := map[string]bool{}
	for _, it := range c.differences() {
		all[itemKey(it)] = true
	}
	m, skipped := copyManifest(c, all, true)
	if skipped != 1 || len(m.MentalModels) != 1 || m.MentalModels[0].ID != "b-id" || len(m.Directives) != 0 {
		t.Errorf("manifest %+v skipped %d", m, skipped)
	}
	if v, ok := m.Bank["retain_mission"]; !ok || v != nil {
		t.Errorf("config %v", m.Bank)
	}
	if p := plan(m, b); p[0].action != actClear || p[1].action != actUpdate {
		t.Errorf("plan %+v", p)
	}
}
