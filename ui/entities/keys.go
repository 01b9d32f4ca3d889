package entities

import (
	"encoding/json"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"hindsight-tui/client"
	"hindsight-tui/sanitize"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
)

// handleKey routes a key press by zone.
func (m *Model) handleKey(k tea.KeyPressMsg) tea.Cmd {
	switch m.zone {
	case zoneFilter:
		return m.filterKey(k)
	case zoneDetail:
		return m.detailKey(k)
	}
	lk, ek := m.keys.List, m.keys.Entities
	switch {
	case key.Matches(k, lk.Filter):
		m.zone = zoneFilter
		return m.filter.Focus()
	case key.Matches(k, lk.Back):
		if m.filter.Value() != "" {
			m.filter.SetValue("")
			m.applyFilter()
			return m.syncDetail()
		}
	case key.Matches(k, lk.Open), key.Matches(k, ek.Detail):
		if m.selected() != nil {
			m.zone = zoneDetail
		}
	case key.Matches(k, ek.Memories):
		return m.jumpMemories()
	case key.Matches(k, ek.Cooccurring):
		return m.showCooccurring()
	case key.Matches(k, m.keys.Global.Refresh):
		return m.refresh()
	default:
		if moveCursor(lk, k, &m.cursor, len(m.visible), m.rowsHeight()) {
			m.ensureVisible()
			return tea.Batch(m.syncDetail(), m.more())
		}
	}
	return nil
}

// filterKey edits the quick filter: it narrows the loaded rows as it is typed.
func (m *Model) filterKey(k tea.KeyPressMsg) tea.Cmd {
	switch k.String() {
	case "esc":
		m.filter.SetValue("")
		fallthrough
	case "enter", "down", "up":
		m.filter.Blur()
		m.zone = zoneList
		m.applyFilter()
		return m.syncDetail()
	}
	var cmd tea.Cmd
	m.filter, cmd = m.filter.Update(k)
	m.applyFilter()
	return tea.Batch(cmd, m.syncDetail())
}

// detailKey moves through the linked memories and opens one.
func (m *Model) detailKey(k tea.KeyPressMsg) tea.Cmd {
	lk, ek := m.keys.List, m.keys.Entities
	switch {
	case key.Matches(k, lk.Back), key.Matches(k, ek.Detail):
		m.zone = zoneList
	case key.Matches(k, lk.Open):
		return m.openMemory()
	case key.Matches(k, ek.Memories):
		return m.jumpMemories()
	case key.Matches(k, ek.Cooccurring):
		return m.showCooccurring()
	case key.Matches(k, m.keys.Global.Refresh):
		return m.refresh()
	default:
		if moveCursor(lk, k, &m.det.cursor, len(m.det.mems), m.memRows()) {
			m.det.offset = scrollTo(m.det.cursor, m.det.offset, m.memRows())
		}
	}
	return nil
}

// openMemory opens the linked memory under the detail cursor.
func (m *Model) openMemory() tea.Cmd {
	if m.det.cursor >= len(m.det.mems) || m.bank == "" {
		return nil
	}
	return common.OpenDialog(components.NewMemoryDialog(m.c, m.bank, m.det.mems[m.det.cursor].ID))
}

// jumpMemories shows the Memories pane filtered by the selected entity.
func (m *Model) jumpMemories() tea.Cmd {
	e := m.det.entity
	if e == nil {
		e = m.selected()
	}
	if e == nil || m.bank == "" {
		return nil
	}
	return common.Emit(common.ShowPaneMsg{ID: common.PaneMemories, Then: common.ShowMemoriesMsg{
		BankID: m.bank, EntityID: e.ID, EntityName: sanitize.Line(e.CanonicalName)}})
}

// showCooccurring shows the entities mentioned with the selected entity, in the
// neighbourhood pane.
func (m *Model) showCooccurring() tea.Cmd {
	e := m.det.entity
	if e == nil {
		e = m.selected()
	}
	if e == nil || m.bank == "" {
		return nil
	}
	return common.Emit(common.ShowPaneMsg{ID: common.PaneNeighbourhood, Then: common.ShowCooccurrenceMsg{
		BankID: m.bank, EntityID: e.ID, EntityName: e.CanonicalName}})
}

// Actions implements common.Actioner.
func (m *Model) Actions() []common.Action {
	if m.showTags {
		return append(m.tags.Actions(), common.Action{Name: "Show entities", Key: "t", Msg: common.ActionMsg{Kind: actToggle}})
	}
	if m.selected() == nil {
		return nil
	}
	return []common.Action{{Name: "Show this entity's memories", Key: "m", Msg: common.ActionMsg{Kind: actMemories}},
		{Name: "Browse tags", Key: "t", Msg: common.ActionMsg{Kind: actToggle}}}
}

// The palette actions the panes offer, as the Kind of their common.ActionMsg. The
// entities pane hands the tags' own to the tag browser.
const (
	actToggle      = "toggle"       // between the entities and the tags
	actMemories    = "memories"     // the selected entity's memories
	actTagMemories = "tag-memories" // the memories carrying the selected tag
	actTagRecall   = "tag-recall"   // a recall scoped to the selected tag
)

// Selection implements common.Copier: the selected entity's id and JSON.
func (m *Model) Selection() (id, what, jsonText string, ok bool) {
	if m.showTags {
		return m.tags.Selection()
	}
	var e *client.Entity
	if m.zone == zoneDetail && m.det.cursor < len(m.det.mems) {
		mem := m.det.mems[m.det.cursor]
		b, _ := json.MarshalIndent(mem, "", "  ")
		return mem.ID, "memory " + sanitize.Line(mem.ID), string(b), true
	}
	if e = m.selected(); e == nil {
		return "", "", "", false
	}
	b, _ := json.MarshalIndent(e, "", "  ")
	return e.ID, "entity " + sanitize.Line(e.CanonicalName), string(b), true
}
