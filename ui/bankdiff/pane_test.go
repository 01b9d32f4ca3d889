package bankdiff

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"hindsight-tui/client"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
	"hindsight-tui/ui/uitest"
)

// bankA is the demo bank with config overrides, mental models and directives.
const bankA = "team-platform"

func demo(t *testing.T, opts ...uitest.Option) (*Model, *uitest.Host) {
	t.Helper()
	return uitest.Demo(t, New, append([]uitest.Option{uitest.Bank(bankA)}, opts...)...)
}

// field is the form's i-th text field.
func field(t *testing.T, f *components.Form, i int) *components.TextField {
	t.Helper()
	tf, ok := f.Fields()[i].(*components.TextField)
	if !ok {
		t.Fatalf("field %d is %T", i, f.Fields()[i])
	}
	return tf
}

// exportFile writes bank's template, as the server exports it, to a file.
func exportFile(t *testing.T, h *uitest.Host, bank string, edit func(*client.BankTemplate)) string {
	t.Helper()
	tpl, err := h.C.Client.ExportBankTemplate(context.Background(), bank)
	if err != nil {
		t.Fatal(err)
	}
	if edit != nil {
		edit(tpl)
	}
	raw, _ := json.Marshal(tpl)
	path := filepath.Join(t.TempDir(), "template.json")
	if err := os.WriteFile(path, raw, 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

// importFile runs the import form with path and target and returns the plan shown.
func importFile(t *testing.T, m *Model, h *uitest.Host, path, target string) *planView {
	t.Helper()
	h.Deliver(ImportMsg{})
	f := uitest.Front[*components.Form](h)
	field(t, f, 0).SetValue(path)
	field(t, f, 1).SetValue(target)
	h.Keys("ctrl+s")
	if h.Front() != nil || m.view != viewPlan || m.plan == nil {
		t.Fatalf("no plan: front %T, view %d, errors %v, form %q", h.Front(), m.view, h.Errors, f.Err())
	}
	return m.plan
}

// apply confirms the plan shown and returns its result.
func apply(t *testing.T, m *Model, h *uitest.Host) *client.TemplateImportResult {
	t.Helper()
	h.Keys("a")
	d := uitest.Front[*components.Confirm](h)
	if !strings.Contains(uitest.Plain(d.View()), "bank "+m.plan.target) {
		t.Errorf("the confirmation does not name bank %s:\n%s", m.plan.target, uitest.Plain(d.View()))
	}
	h.Keys("enter")
	if m.plan.result == nil {
		t.Fatalf("not applied: %v %v", m.plan.err, h.Errors)
	}
	return m.plan.result
}

func names(p []planItem, section, action string) []string {
	var out []string
	for _, it := range p {
		if it.section == section && it.action == action {
			out = append(out, it.name)
		}
	}
	return out
}

// For a new bank, the import's plan lists exactly what the apply then creates, and
// the server's dry run agrees with it.
func TestNewBankPlanIsWhatApplyCreates(t *testing.T) {
	m, h := demo(t)
	p := importFile(t, m, h, exportFile(t, h, bankA, nil), "platform-copy")
	if !p.newBank || counts(p.items)[actUpdate] != 0 || counts(p.items)[actUnchanged] != 0 {
		t.Fatalf("plan %+v", p.items)
	}
	models, dirs := names(p.items, secModel, actCreate), names(p.items, secDirective, actCreate)
	if len(models) != 6 || len(dirs) != 4 || len(names(p.items, secConfig, actCreate)) != 3 {
		t.Fatalf("plan creates models %v directives %v", models, dirs)
	}
	if !slices.Equal(p.dry.MentalModelsCreated, models) || !slices.Equal(p.dry.DirectivesCreated, dirs) {
		t.Errorf("dry run %+v, plan %v %v", p.dry, models, dirs)
	}
	res := apply(t, m, h)
	if !slices.Equal(res.MentalModelsCreated, models) || !slices.Equal(res.DirectivesCreated, dirs) ||
		len(res.MentalModelsUpdated)+len(res.DirectivesUpdated) != 0 || !res.ConfigApplied {
		t.Errorf("apply %+v, plan %v %v", res, models, dirs)
	}
	if len(uitest.Messages[common.BanksChangedMsg](h)) == 0 {
		t.Error("the bank list was not told")
	}
	if v := uitest.Plain(uitest.View(t, m)); !strings.Contains(v, "Applied: configuration set, 10 created, 6 refreshes queued") {
		t.Errorf("view:\n%s", v)
	}
}

// For an existing bank the plan is computed against what it holds: the changed items
// update, a new one is created, the rest are unchanged, though the server's dry run
// reports all of them as created.
func TestExistingBankPlan(t *testing.T) {
	m, h := demo(t)
	path := exportFile(t, h, bankA, func(tpl *client.BankTemplate) {
		tpl.Bank["recall_max_tokens"] = 1024
		tpl.Directives[1].Content = "Name the owning team."
		tpl.MentalModels[0].Tags = nil // an import keeps the tags it is not given
		tpl.MentalModels[2].MaxTokens = 2048
		tpl.MentalModels = append(tpl.MentalModels, client.TemplateMentalModel{ID: "new-model", Name: "New", SourceQuery: "What is new?"})
	})
	p := importFile(t, m, h, path, bankA)
	if p.newBank {
		t.Fatal("the bank exists")
	}
	want := map[string]string{"recall_max_tokens": actUpdate, "retain_mission": actUnchanged, "memory_defense": actUnchanged,
		"Ownership answers": actUpdate, "No secrets from logs": actUnchanged, "black-friday-readiness": actUnchanged,
		"mm-1d2d7d8d2c4351caaa4ff2c754ef1153": actUpdate, "new-model": actCreate, "service-ownership": actUnchanged}
	for _, it := range p.items {
		if w, ok := want[it.name]; ok && it.action != w {
			t.Errorf("%s %s: %s, want %s", it.section, it.name, it.action, w)
		}
	}
	if n := counts(p.items); n[actCreate] != 1 || n[actUpdate] != 3 || n[actUnchanged] != 10 {
		t.Errorf("counts %v", n)
	}
	if len(p.dry.MentalModelsCreated) != 7 || len(p.dry.MentalModelsUpdated) != 0 {
		t.Errorf("the server's dry run %+v", p.dry)
	}
	res := apply(t, m, h)
	if !slices.Equal(res.MentalModelsCreated, []string{"new-model"}) || len(res.DirectivesCreated) != 0 {
		t.Errorf("apply %+v", res)
	}
	// Planned again, everything is unchanged.
	after := importFile(t, m, h, path, bankA)
	if n := counts(after.items); n[actUnchanged] != len(after.items) {
		t.Errorf("after the import: %v", n)
	}
}

// Export writes the template through the save dialog (private, never over a file
// silently); imported into a new bank, the comparison of the two banks finds nothing
// but the id.
func TestExportImportCompare(t *testing.T) {
	m, h := demo(t)
	path := filepath.Join(t.TempDir(), "tpl.json")
	if err := os.WriteFile(path, []byte("keep"), 0o644); err != nil {
		t.Fatal(err)
	}
	h.Deliver(ExportMsg{})
	f := uitest.Front[*components.Form](h)
	field(t, f, 0).SetValue(path)
	h.Keys("ctrl+s")
	if b, _ := os.ReadFile(path); string(b) != "keep" || !strings.Contains(uitest.Plain(f.View()), "exists: save") {
		t.Fatalf("the file was replaced at once: %q\n%s", b, uitest.Plain(f.View()))
	}
	h.Keys("ctrl+s")
	if h.Front() != nil {
		t.Fatalf("the dialog is still open: %s", uitest.Plain(f.View()))
	}
	if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("stat %v %v", fi, err)
	}
	if toasts := uitest.Messages[common.ToastMsg](h); len(toasts) == 0 || !strings.Contains(toasts[len(toasts)-1].Text, path) {
		t.Errorf("toasts %+v", toasts)
	}
	importFile(t, m, h, path, "platform-copy")
	apply(t, m, h)
	h.Keys("esc") // back to the chooser, on the new bank
	if choices := m.choices(); m.view != viewPick || m.pick.cursor >= len(choices) || choices[m.pick.cursor] != "platform-copy" {
		t.Fatalf("view %d, choices %v, cursor %d", m.view, choices, m.pick.cursor)
	}
	h.Keys("enter")
	if m.view != viewDiff || m.err != nil || len(m.diffs) != 0 || m.cmp.same != 13 {
		t.Fatalf("view %d err %v diffs %+v same %d", m.view, m.err, m.diffs, m.cmp.same)
	}
	if v := uitest.Plain(uitest.View(t, m)); !strings.Contains(v, "No differences but the id") {
		t.Errorf("view:\n%s", v)
	}
	// The file itself compares the same.
	h.Keys("b", "G", "enter")
	field(t, uitest.Front[*components.Form](h), 0).SetValue(path)
	h.Keys("ctrl+s")
	if m.b.file != path || len(m.diffs) != 0 || m.err != nil {
		t.Errorf("with the file: b %+v diffs %d err %v", m.b, len(m.diffs), m.err)
	}
}

// compareWith opens the comparison of bank A with bank b from the chooser.
func compareWith(t *testing.T, m *Model, h *uitest.Host, b string) {
	t.Helper()
	i := slices.Index(m.choices(), b)
	if m.view != viewPick || i < 0 {
		t.Fatalf("view %d, choices %v", m.view, m.choices())
	}
	h.Keys("g")
	for range i {
		h.Keys("j")
	}
	h.Keys("enter")
	if m.view != viewDiff || m.err != nil {
		t.Fatalf("view %d err %v", m.view, m.err)
	}
}

// markWhere moves to the difference matching and marks it.
func markWhere(t *testing.T, m *Model, h *uitest.Host, section, name string) {
	t.Helper()
	for i, it := range m.diffs {
		if it.section == section && it.name == name {
			m.cursor = i
			h.Keys("space")
			return
		}
	}
	t.Fatalf("no difference %s %s in %+v", section, name, m.diffs)
}

// Copying applies the marked parts and nothing else: a config key, a mental model and
// a directive go from A to B; B's other differences stay.
func TestCopyMarkedOnly(t *testing.T) {
	m, h := demo(t)
	compareWith(t, m, h, "writer-agent")
	before := len(m.diffs)
	markWhere(t, m, h, secConfig, "recall_max_tokens")
	markWhere(t, m, h, secModel, "Service ownership map")
	markWhere(t, m, h, secDirective, "Freeze reminder")
	h.Keys(">")
	p := m.plan
	if m.view != viewPlan || p == nil || len(p.items) != 3 || p.target != "writer-agent" {
		t.Fatalf("plan %+v errors %v", p, h.Errors)
	}
	apply(t, m, h)
	h.Keys("esc")
	if m.view != viewDiff || len(m.diffs) != before-3 || len(m.marked) != 0 {
		t.Fatalf("view %d diffs %d (before %d) marked %v", m.view, len(m.diffs), before, m.marked)
	}
	tpl, err := h.C.Client.ExportBankTemplate(context.Background(), "writer-agent")
	if err != nil {
		t.Fatal(err)
	}
	if tpl.Bank["recall_max_tokens"] != float64(4096) || tpl.Bank["retain_mission"] == bankATemplate(t, h).Bank["retain_mission"] {
		t.Errorf("writer-agent config %v", tpl.Bank)
	}
	var models, dirs []string
	for _, mm := range tpl.MentalModels {
		models = append(models, mm.Name)
	}
	for _, d := range tpl.Directives {
		dirs = append(dirs, d.Name)
	}
	if !slices.Contains(models, "Service ownership map") || slices.Contains(models, "On-call handbook") ||
		!slices.Contains(dirs, "Freeze reminder") || slices.Contains(dirs, "Incident comms") {
		t.Errorf("writer-agent models %v directives %v", models, dirs)
	}
}

func bankATemplate(t *testing.T, h *uitest.Host) *client.BankTemplate {
	t.Helper()
	tpl, err := h.C.Client.ExportBankTemplate(context.Background(), bankA)
	if err != nil {
		t.Fatal(err)
	}
	return tpl
}

// A copy from B to A writes A, and a config key A sets but B does not is cleared.
func TestCopyToAClears(t *testing.T) {
	m, h := demo(t)
	compareWith(t, m, h, "writer-agent")
	markWhere(t, m, h, secConfig, "memory_defense")
	h.Keys("<")
	if m.plan == nil || m.plan.target != bankA || len(m.plan.items) != 1 || m.plan.items[0].action != actClear {
		t.Fatalf("plan %+v", m.plan)
	}
	apply(t, m, h)
	if _, ok := bankATemplate(t, h).Bank["memory_defense"]; ok {
		t.Error("memory_defense is still set on A")
	}
}

// Under --read-only nothing writes: no import in the palette, no marks, copies or
// apply, and none of them in the help.
func TestReadOnly(t *testing.T) {
	m, h := demo(t, uitest.ReadOnly())
	for _, a := range PaletteActions(true) {
		if a.Name == "Import template" {
			t.Error("Import template is offered")
		}
	}
	if len(PaletteActions(false)) != 2 {
		t.Error("import is missing without --read-only")
	}
	compareWith(t, m, h, "writer-agent")
	h.Keys("space", ">", "<", "*")
	if len(m.marked) != 0 || m.view != viewDiff || h.Front() != nil {
		t.Fatalf("marked %v view %d front %T", m.marked, m.view, h.Front())
	}
	h.Deliver(ImportMsg{})
	if h.Front() != nil {
		t.Fatal("the import form opened")
	}
	for _, group := range m.FullHelp() {
		for _, b := range group {
			if b.Enabled() && slices.Contains([]string{"mark", "apply the plan"}, b.Help().Desc) || strings.HasPrefix(b.Help().Desc, "copy") && b.Enabled() {
				t.Errorf("help shows %q", b.Help().Desc)
			}
		}
	}
	for _, a := range m.Actions() {
		if strings.Contains(a.Name, "Copy") || strings.Contains(a.Name, "Apply") {
			t.Errorf("palette offers %q", a.Name)
		}
	}
	if v := uitest.Plain(uitest.View(t, m)); strings.Contains(v, "[ ]") {
		t.Errorf("marks show:\n%s", v)
	}
}

// A file that is not a template is refused under the path field; the form stays.
func TestImportRefusesNonTemplates(t *testing.T) {
	m, h := demo(t)
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.json")
	_ = os.WriteFile(bad, []byte("[1,2]"), 0o600)
	refused := filepath.Join(dir, "refused.json") // the server's dry run refuses it
	_ = os.WriteFile(refused, []byte(`{"version":"1","directives":[{"name":"x","content":""}]}`), 0o600)
	for _, path := range []string{filepath.Join(dir, "missing.json"), bad, refused} {
		h.Deliver(ImportMsg{})
		f := uitest.Front[*components.Form](h)
		field(t, f, 0).SetValue(path)
		h.Keys("ctrl+s")
		if h.Front() == nil || m.view == viewPlan {
			t.Fatalf("%s was accepted", path)
		}
		if v := uitest.Plain(f.View()); !strings.Contains(v, "cannot read") && !strings.Contains(v, "is not") &&
			!strings.Contains(v, "Template validation") {
			t.Errorf("form:\n%s", v)
		}
		h.Keys("esc")
	}
}

// Text from the server reaches the screen sanitized: a directive's name and content
// and a config value with escapes show as visible placeholders, never as controls.
func TestHostileTextIsSanitized(t *testing.T) {
	m, h := demo(t)
	ctx := context.Background()
	if _, err := h.C.Client.CreateDirective(ctx, "scratch", client.CreateDirectiveRequest{Name: "evil\x1b]0;pwned\x07", Content: "x\x1b[2Jy"}); err != nil {
		t.Fatal(err)
	}
	if _, err := h.C.Client.PatchBankConfig(ctx, "scratch", map[string]any{"retain_mission": "a\x1b[31mred"}); err != nil {
		t.Fatal(err)
	}
	compareWith(t, m, h, "scratch")
	v := uitest.Plain(uitest.View(t, m))
	if strings.ContainsAny(v, "\x1b\x07") || !strings.Contains(v, "evil␛]0;pwned") {
		t.Errorf("view:\n%q", v)
	}
}
