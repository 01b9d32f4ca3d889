package memories

import (
	"slices"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"hindsight-tui/client"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
)

// handleKey handles a key press in the list or in the text filter.
func (m *Model) handleKey(k tea.KeyPressMsg) tea.Cmd {
	if m.editing {
		return m.editKey(k)
	}
	if m.quick.editing {
		return m.quickKey(k)
	}
	if m.quick.active() {
		if cmd, ok := m.quickMove(k); ok {
			return cmd
		}
	}
	kl, mk := m.keys.List, m.keys.Memories
	page := max(m.rowsHeight()-1, 1)
	if cmd, ok := m.readOnlyObservation(k); ok {
		return cmd
	}
	switch {
	case key.Matches(k, kl.Down):
		return m.moveTo(m.cursor + 1)
	case key.Matches(k, kl.Up):
		return m.moveTo(m.cursor - 1)
	case key.Matches(k, kl.PageDown):
		return m.moveTo(m.cursor + page)
	case key.Matches(k, kl.PageUp):
		return m.moveTo(m.cursor - page)
	case key.Matches(k, kl.Top):
		return m.moveTo(0)
	case key.Matches(k, kl.Bottom):
		return m.moveTo(m.win.total - 1)
	case key.Matches(k, kl.Open):
		return m.openDetail()
	case key.Matches(k, mk.Type):
		m.filter.typ = next(typeCycle(), m.filter.typ)
		return m.reload()
	case key.Matches(k, mk.State):
		m.filter.state = next(stateCycle(), m.filter.state)
		return m.reload()
	case key.Matches(k, mk.Consolidation):
		m.filter.consolidation = next(consolidationCycle(), m.filter.consolidation)
		return m.reload()
	case key.Matches(k, mk.Reset):
		m.filter = filters{}
		return m.reload()
	case key.Matches(k, mk.TagsMatch):
		m.filter.tagsMatch = next(matchCycle(), m.filter.tagsMatch)
		if m.filter.tags == "" {
			return nil
		}
		return m.reload()
	case key.Matches(k, kl.Filter):
		return m.startQuick()
	case key.Matches(k, mk.Search, mk.Tags):
		return m.startEdit(key.Matches(k, mk.Tags))
	case key.Matches(k, m.keys.Global.Refresh):
		return m.refresh(m.currentID())
	case key.Matches(k, mk.Select):
		if mem := m.current(); mem != nil {
			if m.selected[mem.ID] {
				delete(m.selected, mem.ID)
			} else {
				m.selected[mem.ID] = true
			}
		}
		if m.quick.active() {
			cmd, _ := m.quickMove(tea.KeyPressMsg{Code: tea.KeyDown})
			return cmd
		}
		return m.moveTo(m.cursor + 1)
	case key.Matches(k, mk.SelectAll):
		return m.selectAll()
	case key.Matches(k, mk.Edit):
		return components.EditMemory(m.c, m.bank, m.current())
	case key.Matches(k, mk.Invalidate):
		return m.confirmBulk(true)
	case key.Matches(k, mk.Restore):
		return m.confirmBulk(false)
	case key.Matches(k, mk.Document):
		return m.jumpDocument()
	case key.Matches(k, mk.Entity):
		return m.jumpEntity()
	case key.Matches(k, mk.Sources):
		return m.openSources()
	case key.Matches(k, mk.Expand):
		m.expand = !m.expand
	case key.Matches(k, mk.Neighbourhood):
		if mem := m.current(); mem != nil {
			return components.ShowNeighbourhood(m.bank, mem.ID)
		}
	case key.Matches(k, mk.Pin):
		if mem := m.current(); mem != nil {
			return common.Emit(common.PinMemoryMsg{BankID: m.bank, MemoryID: mem.ID, Text: mem.Text})
		}
	case key.Matches(k, kl.Back):
		if m.quick.active() {
			m.quick.text = ""
			m.quick.input.SetValue("")
			m.refilter()
			return nil
		}
		if len(m.selected) > 0 {
			m.selected = map[string]bool{}
		}
	}
	return nil
}

// startEdit opens the server-side text filter (or the tag filter) for editing.
func (m *Model) startEdit(tags bool) tea.Cmd {
	m.editing, m.editTags = true, tags
	m.input.Prompt, m.input.Placeholder = "text: ", "substring of text or context"
	m.input.SetValue(m.filter.q)
	if m.editTags {
		m.input.Prompt, m.input.Placeholder = "tags: ", "comma-separated, e.g. source:chat, trip:tokyo"
		m.input.SetValue(m.filter.tags)
	}
	m.input.CursorEnd()
	return m.input.Focus()
}

// editKey edits the server-side text filter: enter applies it, esc leaves it as it was.
func (m *Model) editKey(k tea.KeyPressMsg) tea.Cmd {
	switch k.String() {
	case "enter":
		m.editing = false
		m.input.Blur()
		if m.editTags {
			m.filter.tags = m.input.Value()
		} else {
			m.filter.q = m.input.Value()
		}
		return m.reload()
	case "esc":
		m.editing = false
		m.input.Blur()
		return nil
	}
	var cmd tea.Cmd
	m.input, cmd = m.input.Update(k)
	return cmd
}

// readOnlyObservation answers edit and invalidate on an observation, which are off
// for it (observations are rebuilt by consolidation, not written), with why, instead
// of doing nothing.
func (m *Model) readOnlyObservation(k tea.KeyPressMsg) (tea.Cmd, bool) {
	mem, mk := m.current(), m.keys.Memories
	if mem == nil || mem.FactType != client.FactObservation || len(m.selected) > 0 || m.c.ReadOnly {
		return nil, false
	}
	s := k.String()
	if !slices.Contains(mk.Edit.Keys(), s) && !(m.filter.state != "invalidated" && slices.Contains(mk.Invalidate.Keys(), s)) {
		return nil, false
	}
	return common.Toast("observations are read-only: consolidation builds them from facts; " +
		mk.Sources.Help().Key + " lists the facts to edit or invalidate"), true
}

// moveTo puts the cursor on row i (clamped) and fetches the pages it needs.
func (m *Model) moveTo(i int) tea.Cmd {
	if m.win.total <= 0 {
		return nil
	}
	m.place(i)
	return m.fetch()
}

// place puts the cursor on row i (clamped) and scrolls it into view.
func (m *Model) place(i int) {
	m.cursor = min(max(i, 0), m.win.total-1)
	h := max(m.rowsHeight(), 1)
	if m.cursor < m.offset {
		m.offset = m.cursor
	} else if m.cursor >= m.offset+h {
		m.offset = m.cursor - h + 1
	}
	m.win.evict(m.cursor)
}

// Actions implements common.Actioner: the filters, and an observation's sources.
func (m *Model) Actions() []common.Action {
	if m.bank == "" {
		return nil
	}
	mk := m.keys.Memories
	out := []common.Action{
		{Name: "Quick filter the loaded memories", Key: m.keys.List.Filter.Help().Key, Msg: common.ActionMsg{Kind: "quick"}},
		{Name: "Filter memories by text (server)", Key: mk.Search.Help().Key, Msg: common.ActionMsg{Kind: "search"}},
	}
	if mem := m.current(); mem != nil && mem.FactType == client.FactObservation {
		out = append(out, common.Action{Name: "Show the observation's source memories", Key: mk.Sources.Help().Key,
			Msg: common.ActionMsg{Kind: "sources"}})
	}
	return out
}

// onAction runs a palette action.
func (m *Model) onAction(a common.ActionMsg) tea.Cmd {
	if m.editing || m.quick.editing {
		return nil
	}
	switch a.Kind {
	case "quick":
		return m.startQuick()
	case "search":
		return m.startEdit(false)
	case "sources":
		return m.openSources()
	}
	return nil
}
