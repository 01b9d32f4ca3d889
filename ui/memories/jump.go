package memories

import (
	tea "charm.land/bubbletea/v2"

	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
)

// jumpDocument shows the memory's document and chunk in the documents pane.
func (m *Model) jumpDocument() tea.Cmd {
	mem := m.current()
	if mem == nil || mem.DocumentID == "" {
		return nil
	}
	return common.Emit(common.ShowPaneMsg{ID: common.PaneDocuments,
		Then: common.ShowDocumentMsg{BankID: m.bank, DocumentID: mem.DocumentID, ChunkID: mem.ChunkID}})
}

// jumpEntity shows the memory's first entity in the entities pane.
func (m *Model) jumpEntity() tea.Cmd {
	mem := m.current()
	if mem == nil || len(mem.Entities) == 0 {
		return nil
	}
	return components.JumpEntity(m.c, m.bank, mem.Entities[0])
}
