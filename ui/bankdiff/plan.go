package bankdiff

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"

	"hindsight-tui/client"
	"hindsight-tui/sanitize"
	"hindsight-tui/styles"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
)

// planView is an import's plan (an imported file or a copy between the compared
// banks) and, once applied, its result.
type planView struct {
	title    string // what is imported where, unsanitized
	target   string
	newBank  bool
	manifest json.RawMessage // sent as is by the dry run and the apply
	items    []planItem
	dry      *client.TemplateImportResult
	copy     bool // a copy between the compared sides: the comparison reloads after it
	result   *client.TemplateImportResult
	err      error
	offset   int
}

// planMsg is a plan ready to show: the dry run passed. A copy's carries the sequence
// number of its request (an import's, planned in its dialog, none).
type planMsg struct {
	seq  int
	plan *planView
}

// appliedMsg is the answer to applying a plan.
type appliedMsg struct {
	plan *planView
	res  *client.TemplateImportResult
	err  error
}

// makePlan checks manifest with the server's dry run and plans it against what
// target holds. It runs in a command.
func makePlan(ctx context.Context, cl *client.Client, target string, raw json.RawMessage, t *client.BankTemplate) (*planView, error) {
	dry, err := cl.ImportBankTemplate(ctx, target, raw, true)
	if err != nil {
		return nil, err
	}
	cur, err := snapshot(ctx, cl, target)
	if err != nil {
		return nil, err
	}
	return &planView{target: target, newBank: cur == nil, manifest: raw, items: plan(t, cur), dry: dry}, nil
}

func (m *Model) onPlan(msg planMsg) {
	if msg.seq != 0 && msg.seq != m.seq {
		return
	}
	m.stop()
	m.plan, m.view = msg.plan, viewPlan
}

func (m *Model) onCopyFailed(msg compareFailMsg) tea.Cmd {
	if msg.seq != m.seq {
		return nil
	}
	m.loading = false
	return common.Emit(common.ErrorMsg{Op: "plan a copy", Err: msg.err})
}

// confirmApply asks before applying the plan shown, naming the target bank.
func (m *Model) confirmApply() tea.Cmd {
	p := m.plan
	if m.c.ReadOnly || p == nil || p.result != nil {
		return nil
	}
	target := sanitize.Line(p.target)
	n := counts(p.items)
	what := common.Plural(n[actCreate], "item", "items") + " to create, " + fmt.Sprint(n[actUpdate]+n[actClear]) + " to update"
	msg := "Import into bank " + target + ": " + what + "."
	if p.newBank {
		msg = "Create bank " + target + " and import into it: " + what + "."
	}
	if k := len(p.dry.MentalModelsCreated); k > 0 {
		msg += " Each mental model is refreshed (" + common.Plural(k, "refresh", "refreshes") + " queued)."
	}
	cl := m.c.Client
	raw, bank := p.manifest, p.target
	req := func(ctx context.Context) (tea.Cmd, error) {
		res, err := cl.ImportBankTemplate(ctx, bank, raw, false)
		if err != nil {
			return nil, err
		}
		return common.Emit(appliedMsg{plan: p, res: res}), nil
	}
	d := components.NewConfirm(m.c, "Import into bank "+target, msg, "", "import a template into bank "+target, "import", req)
	return common.OpenDialog(d)
}

func (m *Model) onApplied(msg appliedMsg) tea.Cmd {
	p := msg.plan
	p.result, p.err = msg.res, msg.err
	if msg.err != nil || msg.res == nil {
		return nil
	}
	text := "imported into bank " + sanitize.Line(p.target) + ": " + resultSummary(msg.res)
	cmds := []tea.Cmd{common.Toast(text), common.Emit(common.BanksChangedMsg{})}
	if p.copy && m.plan == p {
		cmds = append(cmds, m.reloadBehind())
	}
	return tea.Batch(cmds...)
}

// reloadBehind compares again while the plan's result shows; esc then goes back to
// the fresh comparison.
func (m *Model) reloadBehind() tea.Cmd {
	plan := m.plan
	cmd := m.loadCompare(m.a, m.b)
	m.plan, m.view = plan, viewPlan
	return cmd
}

// planBack leaves a plan: a copy's goes back to the comparison (compared again when
// the copy was applied), an import's to the chooser.
func (m *Model) planBack() tea.Cmd {
	if m.plan != nil && m.plan.copy {
		m.plan, m.view = nil, viewDiff
		return nil
	}
	if m.plan != nil && m.plan.result != nil {
		m.pick.want = m.plan.target // compare with what was imported: one enter away
	}
	m.plan = nil
	return m.openPicker()
}

// headLines are the plan's title, its tally and a note on how it was computed.
func (p *planView) headLines(st *styles.Styles, spin string) []string {
	out := []string{st.Bold.Render(sanitize.Line(p.title)) + spin}
	n := counts(p.items)
	tally := fmt.Sprintf("%d to create · %d to update · %d unchanged", n[actCreate], n[actUpdate]+n[actClear], n[actUnchanged])
	switch {
	case p.err != nil:
		out = append(out, st.Error.Render("the import failed: "+sanitize.Line(p.err.Error())))
	case p.result != nil:
		out = append(out, st.Success.Render("Applied: "+resultSummary(p.result)))
	default:
		out = append(out, tally)
	}
	switch {
	case p.newBank && p.result != nil:
		out = append(out, st.Muted.Render("bank "+sanitize.Line(p.target)+" was created by the import"))
	case p.newBank:
		out = append(out, st.Muted.Render("bank "+sanitize.Line(p.target)+" does not exist yet: the import creates it"))
	case p.result != nil && p.copy:
		out = append(out, st.Muted.Render("applied to bank "+sanitize.Line(p.target)+"; esc shows the comparison again"))
	case p.result != nil:
		out = append(out, st.Muted.Render("applied to bank "+sanitize.Line(p.target)))
	default:
		out = append(out, st.Muted.Render("planned against what bank "+sanitize.Line(p.target)+" holds now"))
	}
	return out
}

// actionGlyph marks a plan row.
var actionGlyph = map[string]string{actCreate: "+", actUpdate: "~", actClear: "~", actUnchanged: "="}

// rows are the plan's items by section, an update with the fields it changes.
func (p *planView) rows() []row {
	var out []row
	section := ""
	for _, it := range p.items {
		if it.section != section {
			section = it.section
			out = append(out, row{text: sectionTitles[section], item: -1, head: true})
		}
		label := sanitize.Line(it.label)
		if it.section == secModel && it.name != it.label {
			label += " (" + sanitize.Line(it.name) + ")"
		}
		out = append(out, row{text: "  " + actionGlyph[it.action] + " " + padRight(it.action, 9) + " " + label, item: -1, muted: it.action == actUnchanged})
		for _, f := range it.fields {
			out = append(out, row{text: "        " + f.name + ": " + sanitize.Line(f.a) + " → " + sanitize.Line(f.b), item: -1, muted: true})
		}
	}
	if len(p.items) == 0 {
		out = append(out, row{text: "  the template holds nothing to import", item: -1, muted: true})
	}
	return out
}

func padRight(s string, n int) string {
	if len(s) >= n {
		return s
	}
	return s + strings.Repeat(" ", n-len(s))
}

// ImportMsg opens the import of a template file (the palette's "Import template").
type ImportMsg struct{}

// ExportMsg writes the current bank's template to a file (the palette's "Export
// template").
type ExportMsg struct{}

// openImport asks for the template file and the target bank; submitting runs the dry
// run and plans the import, and the plan shows in the pane.
func (m *Model) openImport() tea.Cmd {
	if m.c.ReadOnly {
		return nil
	}
	path := components.NewTextField(m.c, "Template file", "a file path", "path")
	path.SetValue(components.DefaultSavePath(""))
	target := components.NewTextField(m.c, "Into bank (the current one, or a new id)", "a bank id", "bank")
	target.SetValue(m.bank)
	cl := m.c.Client
	submit := func() (components.Request, error) {
		p, bank := strings.TrimSpace(path.Value()), strings.TrimSpace(target.Value())
		switch {
		case p == "":
			return nil, components.Invalid{"path": "type the path of a template file"}
		case bank == "":
			return nil, components.Invalid{"bank": "type a bank id"}
		}
		return func(ctx context.Context) (tea.Cmd, error) {
			raw, t, abs, err := readTemplate(p)
			if err != nil {
				return nil, err
			}
			pl, err := makePlan(ctx, cl, bank, raw, t)
			if err != nil {
				return nil, err
			}
			pl.title = "Import into bank " + bank + " from " + abs
			return common.Emit(planMsg{plan: pl}), nil
		}, nil
	}
	return common.OpenDialog(components.NewForm(m.c, "Import template", "plan a template import", "plan the import", submit, path, target))
}

// fileChosenMsg is the template file to compare with.
type fileChosenMsg struct{ path string }

// openFileChoice asks for the template file to compare A with; it is read and checked
// before the dialog closes.
func (m *Model) openFileChoice() tea.Cmd {
	path := components.NewTextField(m.c, "Template file", "a file path", "path")
	path.SetValue(components.DefaultSavePath(""))
	submit := func() (components.Request, error) {
		p := strings.TrimSpace(path.Value())
		if p == "" {
			return nil, components.Invalid{"path": "type the path of a template file"}
		}
		return func(context.Context) (tea.Cmd, error) {
			_, _, abs, err := readTemplate(p)
			if err != nil {
				return nil, err
			}
			return common.Emit(fileChosenMsg{path: abs}), nil
		}, nil
	}
	return common.OpenDialog(components.NewForm(m.c, "Compare with a template file", "read a template file", "compare", submit, path))
}

// planCopy plans copying the marked differences from A to B (toB) or from B to A.
func (m *Model) planCopy(toB bool) tea.Cmd {
	if m.c.ReadOnly || m.view != viewDiff || m.loading || m.err != nil {
		return nil
	}
	if toB && !m.canWriteB() {
		return common.Toast("B is a template file: only B → A copies")
	}
	if len(m.marked) == 0 {
		return common.Toast("mark the differences to copy first (space)")
	}
	man, skipped := copyManifest(m.cmp, m.marked, toB)
	from, to := m.a, m.b
	if !toB {
		from, to = m.b, m.a
	}
	if len(man.Bank)+len(man.MentalModels)+len(man.Directives) == 0 {
		return common.Toast("nothing to copy: the marked items are not in " + sanitize.Line(from.name()))
	}
	raw, err := json.Marshal(man)
	if err != nil {
		return common.Emit(common.ErrorMsg{Op: "plan a copy", Err: err})
	}
	cl, target := m.c.Client, to.bank
	title := fmt.Sprintf("Copy %s from %s to bank %s", common.Plural(len(m.marked)-skipped, "item", "items"), from.name(), target)
	ctx, cancel := m.c.Context(context.Background())
	m.stop()
	m.loading = true
	seq := m.seq
	m.cancel = cancel
	return tea.Batch(m.spinCmd(), func() tea.Msg {
		defer cancel()
		pl, err := makePlan(ctx, cl, target, raw, man)
		if err != nil {
			return compareFailMsg{seq: seq, err: err}
		}
		pl.title, pl.copy = title, true
		return planMsg{seq: seq, plan: pl}
	})
}

// compareFailMsg is a copy that could not be planned.
type compareFailMsg struct {
	seq int
	err error
}

// resultSummary says what an import did: the configuration applied, the models and
// directives created and updated, the refreshes queued; nothing that did not happen.
func resultSummary(r *client.TemplateImportResult) string {
	var parts []string
	if r.ConfigApplied {
		parts = append(parts, "configuration set")
	}
	if n := len(r.MentalModelsCreated) + len(r.DirectivesCreated); n > 0 {
		parts = append(parts, fmt.Sprintf("%d created", n))
	}
	if n := len(r.MentalModelsUpdated) + len(r.DirectivesUpdated); n > 0 {
		parts = append(parts, fmt.Sprintf("%d updated", n))
	}
	if n := len(r.OperationIDs); n > 0 {
		parts = append(parts, common.Plural(n, "refresh", "refreshes")+" queued")
	}
	if len(parts) == 0 {
		return "nothing to change"
	}
	return strings.Join(parts, ", ")
}
