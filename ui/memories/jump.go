package memories

import (
	"context"
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"

	"hindsight-tui/sanitize"
	"hindsight-tui/ui/common"
)

// entityScan bounds how many entities are looked through to find a name's id.
const entityScan = 5_000

// jumpDocument shows the memory's document and chunk in the documents pane.
func (m *Model) jumpDocument() tea.Cmd {
	mem := m.current()
	if mem == nil || mem.DocumentID == "" {
		return nil
	}
	return common.Emit(common.ShowPaneMsg{ID: common.PaneDocuments,
		Then: common.ShowDocumentMsg{BankID: m.bank, DocumentID: mem.DocumentID, ChunkID: mem.ChunkID}})
}

// jumpEntity shows the memory's first entity in the entities pane. A memory names its
// entities; the entities pane wants an id, so the bank's entities are looked through
// for the name first.
func (m *Model) jumpEntity() tea.Cmd {
	mem := m.current()
	if mem == nil || len(mem.Entities) == 0 {
		return nil
	}
	name, bank, cl, c := mem.Entities[0], m.bank, m.c.Client, m.c
	return func() tea.Msg {
		for off := 0; off < entityScan; off += pageSize {
			ctx, cancel := c.Context(context.Background())
			list, err := cl.ListEntities(ctx, bank, pageSize, off)
			cancel()
			if err != nil {
				return common.ErrorMsg{Op: "find entity", Err: fmt.Errorf("list entities of %s: %w", bank, err)}
			}
			for _, e := range list.Items {
				if strings.EqualFold(e.CanonicalName, name) {
					return common.ShowPaneMsg{ID: common.PaneEntities, Then: common.ShowEntityMsg{BankID: bank, EntityID: e.ID}}
				}
			}
			if len(list.Items) == 0 || off+len(list.Items) >= list.Total {
				break
			}
		}
		return common.ToastMsg{Text: "entity " + sanitize.Line(name) + " not found", Error: true}
	}
}
