package components

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

// entityPage is how many entities one request of that scan asks for.
const entityPage = 100

// JumpEntity shows the entity a memory names in the entities pane. A memory names its
// entities; the entities pane wants an id, so the bank's entities are looked through
// for the name first (at most entityScan of them).
func JumpEntity(c *common.Common, bank, name string) tea.Cmd {
	cl := c.Client
	return func() tea.Msg {
		for off := 0; off < entityScan; off += entityPage {
			ctx, cancel := c.Context(context.Background())
			list, err := cl.ListEntities(ctx, bank, entityPage, off)
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

// ShowNeighbourhood brings the neighbourhood pane forward on memory id of bank: the
// inspector's and the memories list's N.
func ShowNeighbourhood(bank, id string) tea.Cmd {
	return common.Emit(common.ShowPaneMsg{ID: common.PaneNeighbourhood,
		Then: common.ShowNeighbourhoodMsg{BankID: bank, MemoryID: id}})
}
