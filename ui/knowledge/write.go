package knowledge

import (
	"context"
	"slices"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"hindsight-tui/client"
	"hindsight-tui/sanitize"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
)

// savedMsg reports a node created, renamed or moved; the tree reloads with the
// cursor on it.
type savedMsg struct {
	bank, id, toast string
	op              *common.OperationStartedMsg // a page's first refresh
}

// deletedMsg reports a node deleted with what it held.
type deletedMsg struct {
	bank, id, name string
}

// folderLabel names a folder in a form title ("" = the top level).
func folderLabel(name string) string {
	if name == "" {
		return "the top level"
	}
	return "folder " + components.Truncate(sanitize.Line(name), 30)
}

// canWrite says a write may start: never under --read-only.
func (m *Model) canWrite() bool {
	return !m.c.ReadOnly && m.bank != "" && m.tree.loaded && m.view == viewTree && m.moving == ""
}

// openFolderForm asks for a new folder's name; it goes in the current folder.
func (m *Model) openFolderForm() tea.Cmd {
	if !m.canWrite() {
		return nil
	}
	parent, parentName := m.currentFolder()
	name := components.NewTextField(m.c, "Name", "the folder's name", "name")
	bank, cl := m.bank, m.c.Client
	submit := func() (components.Request, error) {
		n := strings.TrimSpace(name.Value())
		if n == "" {
			return nil, components.Invalid{"name": "name the folder"}
		}
		return func(ctx context.Context) (tea.Cmd, error) {
			out, err := cl.CreateKnowledgeFolder(ctx, bank, n, parent)
			if err != nil {
				return nil, err
			}
			return common.Emit(savedMsg{bank: bank, id: out.ID, toast: "Created folder " + common.ItemName(out.Name, out.ID)}), nil
		}, nil
	}
	return common.OpenDialog(components.NewForm(m.c, "New folder in "+folderLabel(parentName), "create knowledge folder", "create", submit, name))
}

// openPageForm asks for a new page: its name and the source query its mental model
// answers (the server refreshes it once created), and tags. It goes in the current
// folder.
func (m *Model) openPageForm() tea.Cmd {
	if !m.canWrite() {
		return nil
	}
	parent, parentName := m.currentFolder()
	name := components.NewTextField(m.c, "Name", "unique in its folder", "name")
	query := components.NewTextField(m.c, "Source query", "the question the page answers, kept fresh by refreshes", "source_query")
	tags := components.NewTextField(m.c, "Tags", "comma-separated; scope the page to memories so tagged; type:<x> sets its type", "tags")
	bank, cl := m.bank, m.c.Client
	submit := func() (components.Request, error) {
		bad := components.Invalid{}
		n, q := strings.TrimSpace(name.Value()), strings.TrimSpace(query.Value())
		if n == "" {
			bad["name"] = "name the page"
		}
		if q == "" {
			bad["source_query"] = "ask the question the page answers"
		}
		if len(bad) > 0 {
			return nil, bad
		}
		req := client.CreateKnowledgePageRequest{Name: n, SourceQuery: q, ParentID: parent, Tags: components.SplitList(tags.Value())}
		return func(ctx context.Context) (tea.Cmd, error) {
			out, err := cl.CreateKnowledgePage(ctx, bank, req)
			if err != nil {
				return nil, err
			}
			msg := savedMsg{bank: bank, id: out.PageID, toast: "Created page " + common.ItemName(n, out.PageID) + "; its first refresh is queued"}
			if out.OperationID != "" {
				msg.op = &common.OperationStartedMsg{BankID: bank, OperationID: out.OperationID, Kind: "refresh_mental_model"}
			}
			return common.Emit(msg), nil
		}, nil
	}
	return common.OpenDialog(components.NewForm(m.c, "New page in "+folderLabel(parentName), "create knowledge page", "create", submit, name, query, tags))
}

// openRenameForm asks for the node's new name.
func (m *Model) openRenameForm() tea.Cmd {
	r := m.selectedRow()
	if !m.canWrite() || r == nil {
		return nil
	}
	n := r.node
	name := components.NewTextField(m.c, "Name", "the new name", "name")
	name.SetValue(sanitize.Line(n.Name))
	bank, cl, id, kind, old := m.bank, m.c.Client, n.ID, n.Kind, n.Name
	submit := func() (components.Request, error) {
		nn := strings.TrimSpace(name.Value())
		if nn == "" {
			return nil, components.Invalid{"name": "name the " + kind}
		}
		if nn == old {
			return nil, components.Invalid{"name": "that is its name already"}
		}
		return func(ctx context.Context) (tea.Cmd, error) {
			out, err := cl.UpdateKnowledgeNode(ctx, bank, id, client.UpdateKnowledgeNodeRequest{Name: &nn})
			if err != nil {
				return nil, err
			}
			return common.Emit(savedMsg{bank: bank, id: out.ID, toast: "Renamed " + kind + " " + common.ItemName(old, id) + " to “" + sanitize.Line(out.Name) + "”"}), nil
		}, nil
	}
	title := "Rename " + kind + " " + components.Truncate(sanitize.Line(n.Name), 40)
	return common.OpenDialog(components.NewForm(m.c, title, "rename knowledge "+kind, "rename", submit, name))
}

// startMove begins picking the folder the node under the cursor moves to.
func (m *Model) startMove() {
	r := m.selectedRow()
	if !m.canWrite() || r == nil {
		return
	}
	m.moving, m.movingName = r.node.ID, common.ItemName(r.node.Name, r.node.ID)
	// Start on the folder it is in, the top level being the row above the tree.
	if r.node.ParentID == "" || !m.selectID(r.node.ParentID) {
		m.tree.cursor = -1
	}
}

// canMoveInto says the node being moved may go into n (or, for a page, the folder
// n is in): not into itself or anything below it.
func (m *Model) canMoveInto(n *client.KnowledgeNode) bool {
	if n.Kind != client.NodeFolder {
		return false
	}
	above, _ := m.pathTo(n.ID)
	return n.ID != m.moving && !slices.ContainsFunc(above, func(f *client.KnowledgeNode) bool { return f.ID == m.moving })
}

// moveRootRow is the row that stands for the top level while moving.
func (m *Model) moveRootRow(w int) string {
	st := m.c.Styles
	plain := components.Fit("⌂ top level", w-gutter)
	if m.tree.cursor == -1 {
		return st.Accent.Render("▌ ") + st.Selected.Render(plain)
	}
	return "  " + st.Bold.Render(plain)
}

// moveKey picks the new folder: the list keys move, enter moves the node there.
func (m *Model) moveKey(k tea.KeyPressMsg) tea.Cmd {
	kl, kk := m.keys.List, m.keys.Knowledge
	switch {
	case key.Matches(k, kk.Cancel):
		id := m.moving
		m.moving = ""
		m.selectID(id)
		return nil
	case key.Matches(k, kk.MoveHere):
		return m.moveHere()
	case key.Matches(k, kl.Up) && m.tree.cursor == 0:
		m.tree.cursor = -1
		return nil
	case key.Matches(k, kl.Top):
		m.tree.cursor = -1
		return nil
	case key.Matches(k, kl.Down) && m.tree.cursor == -1:
		m.moveCursor(0)
		return nil
	case key.Matches(k, kk.Fold, kk.Expand, kk.Collapse):
		if r := m.selectedRow(); r != nil && r.node.Kind == client.NodeFolder {
			m.toggleFold(r.node.ID)
		}
		return nil
	}
	cmd, _ := m.navKey(k)
	return cmd
}

// moveHere moves the node being moved into the folder under the cursor (the top
// level on the row above the tree).
func (m *Model) moveHere() tea.Cmd {
	parent, parentName := "", ""
	if m.tree.cursor >= 0 {
		r := m.selectedRow()
		if r == nil {
			return nil
		}
		if !m.canMoveInto(r.node) {
			why := "a page holds nothing: pick a folder"
			if r.node.Kind == client.NodeFolder {
				why = "a folder cannot move into itself or a folder inside it"
			}
			return common.Toast("Cannot move " + m.movingName + " there: " + why)
		}
		parent, parentName = r.node.ID, r.node.Name
	}
	id, name := m.moving, m.movingName
	m.moving = ""
	if n := m.find(id); n != nil && n.ParentID == parent {
		m.selectID(id)
		return common.Toast(name + " is in " + folderLabel(parentName) + " already")
	}
	bank, cl := m.bank, m.c.Client
	ctx, cancel := m.request()
	return func() tea.Msg {
		defer cancel()
		out, err := cl.UpdateKnowledgeNode(ctx, bank, id, client.UpdateKnowledgeNodeRequest{Move: true, ParentID: parent})
		if err != nil {
			return common.ErrorMsg{Op: "move " + name + " to " + folderLabel(parentName), Err: err}
		}
		return savedMsg{bank: bank, id: out.ID, toast: "Moved " + name + " to " + folderLabel(parentName)}
	}
}

// onSaved reloads the tree with the cursor on the node saved, and passes on the
// operation a new page started.
func (m *Model) onSaved(msg savedMsg) tea.Cmd {
	cmds := []tea.Cmd{common.Toast(msg.toast)}
	if msg.op != nil {
		cmds = append(cmds, common.Emit(*msg.op))
	}
	if msg.bank == m.bank {
		m.tree.keep, m.tree.keepName = msg.id, ""
		cmds = append(cmds, m.loadTree())
	}
	return tea.Batch(cmds...)
}

// confirmDelete asks, naming the node and what a folder holds, before deleting it.
func (m *Model) confirmDelete() tea.Cmd {
	r := m.selectedRow()
	if !m.canWrite() || r == nil {
		return nil
	}
	n := r.node
	bank, id, cl, name := m.bank, n.ID, m.c.Client, common.ItemName(n.Name, n.ID)
	req := func(ctx context.Context) (tea.Cmd, error) {
		if err := cl.DeleteKnowledgeNode(ctx, bank, id); err != nil {
			return nil, err
		}
		return common.Emit(deletedMsg{bank: bank, id: id, name: name}), nil
	}
	title := "Delete page"
	msg := "Delete page " + name + "? Its mental model goes with it, and this cannot be undone."
	if n.Kind == client.NodeFolder {
		title = "Delete folder"
		pages, folders, _ := counts(n.Children)
		if pages+folders == 0 {
			msg = "Delete the empty folder " + name + "? This cannot be undone."
		} else {
			msg = "Delete folder " + name + " with everything in it: " + common.Plural(pages, "page", "pages") + " (their mental models too) and " +
				common.Plural(folders, "folder", "folders") + "? This cannot be undone."
		}
	}
	return common.OpenDialog(components.NewConfirm(m.c, title, msg, "", "delete knowledge "+n.Kind, "delete", req))
}

// onDeleted reloads the tree; the cursor keeps its row.
func (m *Model) onDeleted(msg deletedMsg) tea.Cmd {
	if msg.bank != m.bank {
		return common.Toast("Deleted " + msg.name)
	}
	m.tree.keep, m.tree.keepName = "", ""
	if r := m.selectedRow(); r != nil && r.node.ID == msg.id {
		m.tree.keepRow = true
	}
	return tea.Batch(common.Toast("Deleted "+msg.name), m.loadTree())
}
