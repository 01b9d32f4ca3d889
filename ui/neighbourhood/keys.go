package neighbourhood

import (
	"encoding/json"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"hindsight-tui/sanitize"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
)

// handleKey acts on a key.
func (m *Model) handleKey(k tea.KeyPressMsg) tea.Cmd {
	kl, o := m.keys.List, m.own
	switch {
	case key.Matches(k, o.Back):
		switch {
		case m.loading:
			m.stop()
		case m.cooc != nil:
			m.cooc = nil
		case len(m.trail) > 1:
			m.trail = m.trail[:len(m.trail)-1]
		}
		return nil
	case key.Matches(k, m.keys.Global.Refresh):
		if m.cooc != nil {
			return m.loadCooc(m.cooc.EntityID, m.cooc.EntityName)
		}
		if s := m.current(); s != nil {
			return m.load(s.h.Centre.ID, loadRefresh)
		}
		return nil
	}
	if m.cooc != nil {
		return m.coocKey(k)
	}
	s := m.current()
	if s == nil {
		return nil
	}
	n := s.h.count()
	page := max(m.rowsHeight()-1, 1)
	switch {
	case key.Matches(k, kl.Down):
		s.cursor++
	case key.Matches(k, kl.Up):
		s.cursor--
	case key.Matches(k, kl.PageDown):
		s.cursor += page
	case key.Matches(k, kl.PageUp):
		s.cursor -= page
	case key.Matches(k, kl.Top):
		s.cursor = 0
	case key.Matches(k, kl.Bottom):
		s.cursor = n - 1
	case key.Matches(k, o.Hop):
		if nb := m.selected(); nb != nil {
			return m.load(nb.ID, loadHop)
		}
	case key.Matches(k, o.Inspect):
		if nb := m.selected(); nb != nil {
			return common.OpenDialog(components.NewMemoryDialog(m.c, m.bank, nb.ID))
		}
	}
	s.cursor = min(max(s.cursor, 0), max(n-1, 0))
	return nil
}

// coocKey moves through the co-occurring entities and opens one.
func (m *Model) coocKey(k tea.KeyPressMsg) tea.Cmd {
	kl, n := m.keys.List, len(m.cooc.Partners)
	page := max(m.rowsHeight()-1, 1)
	switch {
	case key.Matches(k, kl.Down):
		m.ccur++
	case key.Matches(k, kl.Up):
		m.ccur--
	case key.Matches(k, kl.PageDown):
		m.ccur += page
	case key.Matches(k, kl.PageUp):
		m.ccur -= page
	case key.Matches(k, kl.Top):
		m.ccur = 0
	case key.Matches(k, kl.Bottom):
		m.ccur = n - 1
	case key.Matches(k, m.own.Hop):
		if m.ccur < n {
			return common.Emit(common.ShowPaneMsg{ID: common.PaneEntities,
				Then: common.ShowEntityMsg{BankID: m.bank, EntityID: m.cooc.Partners[m.ccur].ID}})
		}
	}
	m.ccur = min(max(m.ccur, 0), max(n-1, 0))
	return nil
}

// Selection implements common.Copier: the selected neighbour (or entity), else the
// centre.
func (m *Model) Selection() (id, what, jsonText string, ok bool) {
	if m.cooc != nil {
		if m.ccur >= len(m.cooc.Partners) {
			return "", "", "", false
		}
		p := m.cooc.Partners[m.ccur]
		b, _ := json.MarshalIndent(p, "", "  ")
		return p.ID, "entity " + sanitize.Line(p.Name), string(b), true
	}
	if nb := m.selected(); nb != nil {
		b, _ := json.MarshalIndent(nb, "", "  ")
		return nb.ID, "memory " + common.ShortID(nb.ID), string(b), true
	}
	if s := m.current(); s != nil {
		return s.h.Centre.ID, "memory " + common.ShortID(s.h.Centre.ID), components.MemoryJSON(s.h.Centre, nil), true
	}
	return "", "", "", false
}

// ShortHelp implements common.Pane.
func (m *Model) ShortHelp() []key.Binding {
	lk := m.keys.List
	return []key.Binding{m.own.Hop, m.own.Back, m.own.Inspect, lk.Up, lk.Down}
}

// FullHelp implements common.Pane.
func (m *Model) FullHelp() [][]key.Binding {
	lk, g := m.keys.List, m.keys.Global
	return [][]key.Binding{
		{lk.Up, lk.Down, lk.PageUp, lk.PageDown, lk.Top, lk.Bottom},
		{m.own.Hop, m.own.Back, m.own.Inspect, g.Refresh, g.CopyID, g.CopyJSON},
	}
}

// syncKeys enables the keys that act now and says what enter and esc do.
func (m *Model) syncKeys() {
	o := &m.own
	o.Hop.SetEnabled(m.selected() != nil || m.cooc != nil && len(m.cooc.Partners) > 0)
	if m.cooc != nil {
		o.Hop.SetHelp("enter", "open entity")
	} else {
		o.Hop.SetHelp("enter", "hop to neighbour")
	}
	o.Back.SetEnabled(m.loading || m.cooc != nil || len(m.trail) > 1)
	o.Inspect.SetEnabled(m.selected() != nil)
}
