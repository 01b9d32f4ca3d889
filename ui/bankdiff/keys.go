package bankdiff

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"hindsight-tui/sanitize"
	"hindsight-tui/ui/common"
)

// handleKey acts on a key in the view shown.
func (m *Model) handleKey(k tea.KeyPressMsg) tea.Cmd {
	lk, bk := m.keys.List, m.keys.BankDiff
	if key.Matches(k, m.keys.Global.Refresh) {
		return m.refresh()
	}
	switch m.view {
	case viewPick:
		return m.pickKey(k)
	case viewPlan:
		switch {
		case key.Matches(k, lk.Back):
			return m.planBack()
		case key.Matches(k, bk.Apply):
			return m.confirmApply()
		case key.Matches(k, lk.Down):
			m.scrollPlan(1)
		case key.Matches(k, lk.Up):
			m.scrollPlan(-1)
		case key.Matches(k, lk.PageDown):
			m.scrollPlan(m.bodyHeight())
		case key.Matches(k, lk.PageUp):
			m.scrollPlan(-m.bodyHeight())
		}
		return nil
	}
	switch {
	case key.Matches(k, lk.Back), key.Matches(k, bk.ChooseB):
		m.stop()
		return m.openPicker()
	case key.Matches(k, lk.Down):
		m.move(1)
	case key.Matches(k, lk.Up):
		m.move(-1)
	case key.Matches(k, lk.PageDown):
		m.move(m.bodyHeight())
	case key.Matches(k, lk.PageUp):
		m.move(-m.bodyHeight())
	case key.Matches(k, lk.Top):
		m.cursor = 0
	case key.Matches(k, lk.Bottom):
		m.cursor = max(len(m.diffs)-1, 0)
	case key.Matches(k, bk.Mark):
		if it := m.current(); it != nil {
			if k := itemKey(*it); m.marked[k] {
				delete(m.marked, k)
			} else {
				m.marked[k] = true
			}
			m.move(1)
		}
	case key.Matches(k, bk.MarkAll):
		m.markAll()
	case key.Matches(k, bk.CopyToB):
		return m.planCopy(true)
	case key.Matches(k, bk.CopyToA):
		return m.planCopy(false)
	}
	return nil
}

// pickKey acts on a key in the chooser.
func (m *Model) pickKey(k tea.KeyPressMsg) tea.Cmd {
	lk := m.keys.List
	n := len(m.choices()) + 1 // the file row last
	switch {
	case key.Matches(k, lk.Down):
		m.pick.cursor = min(m.pick.cursor+1, n-1)
	case key.Matches(k, lk.Up):
		m.pick.cursor = max(m.pick.cursor-1, 0)
	case key.Matches(k, lk.Top):
		m.pick.cursor = 0
	case key.Matches(k, lk.Bottom):
		m.pick.cursor = n - 1
	case key.Matches(k, lk.Back):
		if m.loading {
			m.stop() // the comparison asked for is not wanted after all
			return nil
		}
		if m.b != (side{}) && m.err == nil && m.ta != nil {
			m.view = viewDiff // back to the comparison shown before
		}
	case key.Matches(k, lk.Open):
		if m.bank == "" {
			return nil
		}
		if c := m.choices(); m.pick.cursor < len(c) {
			return m.loadCompare(side{bank: m.bank}, side{bank: c[m.pick.cursor]})
		}
		return m.openFileChoice()
	}
	return nil
}

// move moves the comparison's cursor by d differences.
func (m *Model) move(d int) {
	m.cursor = min(max(m.cursor+d, 0), max(len(m.diffs)-1, 0))
}

// scrollPlan scrolls the plan by d rows (settle clamps it).
func (m *Model) scrollPlan(d int) {
	if m.plan != nil {
		m.plan.offset = max(m.plan.offset+d, 0)
	}
}

// markAll marks every difference, or none when all are marked.
func (m *Model) markAll() {
	if len(m.marked) == len(m.diffs) {
		m.marked = map[string]bool{}
		return
	}
	for _, it := range m.diffs {
		m.marked[itemKey(it)] = true
	}
}

// refresh loads the view shown again.
func (m *Model) refresh() tea.Cmd {
	switch {
	case m.bank == "":
		return nil
	case m.view == viewPick:
		return m.loadBanks()
	case m.view == viewDiff && m.b != (side{}):
		return m.loadCompare(m.a, m.b)
	}
	return nil
}

// ShortHelp implements common.Pane.
func (m *Model) ShortHelp() []key.Binding {
	lk, bk := m.keys.List, m.keys.BankDiff
	switch m.view {
	case viewPick:
		open := lk.Open
		open.SetHelp("enter", "compare")
		return []key.Binding{open, lk.Up, lk.Down, m.keys.Global.Refresh}
	case viewPlan:
		apply := bk.Apply
		apply.SetEnabled(apply.Enabled() && m.plan != nil && m.plan.result == nil)
		return []key.Binding{apply, lk.Back, lk.Up, lk.Down}
	}
	toB := bk.CopyToB
	toB.SetEnabled(toB.Enabled() && m.canWriteB())
	return []key.Binding{bk.Mark, toB, bk.CopyToA, bk.ChooseB, lk.Up, lk.Down, m.keys.Global.Refresh}
}

// FullHelp implements common.Pane.
func (m *Model) FullHelp() [][]key.Binding {
	lk, bk := m.keys.List, m.keys.BankDiff
	open := lk.Open
	open.SetHelp("enter", "chooser: compare with it")
	back := lk.Back
	back.SetHelp("esc", "back")
	return [][]key.Binding{
		{lk.Up, lk.Down, lk.PageUp, lk.PageDown, lk.Top, lk.Bottom},
		{open, back, bk.ChooseB, m.keys.Global.Refresh},
		{bk.Mark, bk.MarkAll, bk.CopyToB, bk.CopyToA, bk.Apply},
	}
}

// The palette actions the pane offers, as the Kind of their common.ActionMsg.
const (
	actChoose  = "choose"
	actCopyToB = "copy-to-b"
	actCopyToA = "copy-to-a"
	actApply   = "apply"
)

// Actions implements common.Actioner: choosing B, and the copies and the apply only
// without --read-only. Export and import are the root's (PaletteActions), offered
// wherever the focus is.
func (m *Model) Actions() []common.Action {
	if m.bank == "" {
		return nil
	}
	bk := m.keys.BankDiff
	out := []common.Action{{Name: "Compare bank " + sanitize.Line(m.bank) + " with another bank or a template file",
		Key: bk.ChooseB.Help().Key, Msg: common.ActionMsg{Kind: actChoose}}}
	if m.c.ReadOnly {
		return out
	}
	if m.view == viewDiff && len(m.marked) > 0 {
		if m.canWriteB() {
			out = append(out, common.Action{Name: "Copy the marked items from A to B (plan first)", Key: bk.CopyToB.Help().Key, Msg: common.ActionMsg{Kind: actCopyToB}})
		}
		out = append(out, common.Action{Name: "Copy the marked items from B to A (plan first)", Key: bk.CopyToA.Help().Key, Msg: common.ActionMsg{Kind: actCopyToA}})
	}
	if m.view == viewPlan && m.plan != nil && m.plan.result == nil {
		out = append(out, common.Action{Name: "Apply the plan to bank " + sanitize.Line(m.plan.target), Key: bk.Apply.Help().Key, Msg: common.ActionMsg{Kind: actApply}})
	}
	return out
}

// onAction runs a palette action.
func (m *Model) onAction(msg common.ActionMsg) tea.Cmd {
	switch msg.Kind {
	case actChoose:
		m.stop()
		return m.openPicker()
	case actCopyToB:
		return m.planCopy(true)
	case actCopyToA:
		return m.planCopy(false)
	case actApply:
		return m.confirmApply()
	}
	return nil
}

// PaletteActions are the template actions the palette offers wherever the focus is:
// they show this pane and then export or import. Import writes, so it is absent under
// --read-only.
func PaletteActions(readOnly bool) []common.Action {
	out := []common.Action{{Name: "Export template", Msg: common.ShowPaneMsg{ID: ID, Then: ExportMsg{}}}}
	if !readOnly {
		out = append(out, common.Action{Name: "Import template", Msg: common.ShowPaneMsg{ID: ID, Then: ImportMsg{}}})
	}
	return out
}
