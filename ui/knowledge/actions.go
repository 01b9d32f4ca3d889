package knowledge

import (
	tea "charm.land/bubbletea/v2"

	"hindsight-tui/client"
	"hindsight-tui/ui/common"
)

// The palette actions the pane offers, as the Kind of their common.ActionMsg.
const (
	actReload    = "reload"
	actSearch    = "search"
	actExport    = "export"
	actNewPage   = "new-page"
	actNewFolder = "new-folder"
	actRename    = "rename"
	actMove      = "move"
	actDelete    = "delete"
)

// Actions implements common.Actioner: the writes only without --read-only, and
// those on a node only in the tree with a node under the cursor.
func (m *Model) Actions() []common.Action {
	if m.bank == "" {
		return nil
	}
	out := []common.Action{
		{Name: "Reload the knowledge base", Key: "r", Msg: common.ActionMsg{Kind: actReload}},
		{Name: "Search knowledge pages", Key: "/", Msg: common.ActionMsg{Kind: actSearch}},
	}
	if m.tree.loaded {
		out = append(out, common.Action{Name: "Export the knowledge base to markdown files", Key: "E", Msg: common.ActionMsg{Kind: actExport}})
	}
	if m.c.ReadOnly || !m.tree.loaded || m.view != viewTree || m.moving != "" {
		return out
	}
	out = append(out,
		common.Action{Name: "New knowledge page", Key: "n", Msg: common.ActionMsg{Kind: actNewPage}},
		common.Action{Name: "New knowledge folder", Key: "N", Msg: common.ActionMsg{Kind: actNewFolder}})
	if r := m.selectedRow(); r != nil {
		kind, name := "page ", common.ItemName(r.node.Name, r.node.ID)
		if r.node.Kind == client.NodeFolder {
			kind = "folder "
		}
		out = append(out,
			common.Action{Name: "Rename " + kind + name, Key: "e", Msg: common.ActionMsg{Kind: actRename}},
			common.Action{Name: "Move " + kind + name, Key: "m", Msg: common.ActionMsg{Kind: actMove}},
			common.Action{Name: "Delete " + kind + name, Key: "D", Msg: common.ActionMsg{Kind: actDelete}})
	}
	return out
}

// onAction runs a palette action; the writes go back to the tree first.
func (m *Model) onAction(msg common.ActionMsg) tea.Cmd {
	switch msg.Kind {
	case actReload:
		return m.loadTree()
	case actSearch:
		if m.view == viewPage {
			m.view = viewTree
		}
		return m.startSearch()
	case actExport:
		return m.openExport()
	}
	if m.view == viewPage || m.view == viewSearch {
		return nil
	}
	switch msg.Kind {
	case actNewPage:
		return m.openPageForm()
	case actNewFolder:
		return m.openFolderForm()
	case actRename:
		return m.openRenameForm()
	case actMove:
		m.startMove()
	case actDelete:
		return m.confirmDelete()
	}
	return nil
}
