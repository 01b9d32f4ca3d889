package knowledge

import (
	"context"

	tea "charm.land/bubbletea/v2"

	"hindsight-tui/client"
	"hindsight-tui/ui/common"
)

// treeState is the loaded tree, the rows it shows and the request filling it.
type treeState struct {
	roots     []client.KnowledgeNode
	rows      []row
	collapsed map[string]bool // folders folded by the user; new ones start unfolded
	loaded    bool
	busy      bool
	err       error
	seq       int
	cancel    context.CancelFunc

	cursor int
	offset int
	// keep is the node the cursor goes back to once the tree is listed again;
	// keepName names it for the notice when it has gone.
	keep, keepName string
	keepRow        bool // the node under the cursor is gone: the cursor keeps its row
}

// row is one visible node: its depth in the tree and its folder path.
type row struct {
	node  *client.KnowledgeNode
	depth int
	path  []string // the names of the folders above it
}

// stop cancels the tree request in flight.
func (t *treeState) stop() {
	t.seq++
	if t.cancel != nil {
		t.cancel()
		t.cancel = nil
	}
	t.busy = false
}

// treeMsg answers a tree request.
type treeMsg struct {
	bank string
	seq  int
	tree *client.KnowledgeTree
	err  error
}

// loadTree asks for the tree again; the cursor stays on its node wherever the new
// tree puts it.
func (m *Model) loadTree() tea.Cmd {
	if m.bank == "" {
		return nil
	}
	if r := m.selectedRow(); r != nil && m.tree.keep == "" && !m.tree.keepRow {
		m.tree.keep, m.tree.keepName = r.node.ID, common.ItemName(r.node.Name, r.node.ID)
	}
	m.tree.stop()
	m.tree.busy, m.tree.err = true, nil
	ctx, cancel := m.request()
	m.tree.cancel = cancel
	cl, bank, seq := m.c.Client, m.bank, m.tree.seq
	return tea.Batch(func() tea.Msg {
		defer cancel()
		t, err := cl.KnowledgeTree(ctx, bank)
		return treeMsg{bank: bank, seq: seq, tree: t, err: err}
	}, m.spin.Tick)
}

// onTree takes a tree answer unless a newer request replaced it. A failure stays in
// place; the rows loaded before are kept.
func (m *Model) onTree(msg treeMsg) tea.Cmd {
	if msg.bank != m.bank || msg.seq != m.tree.seq {
		return nil
	}
	m.tree.busy, m.tree.cancel = false, nil
	keep, name := m.tree.keep, m.tree.keepName
	m.tree.keep, m.tree.keepName, m.tree.keepRow = "", "", false
	if msg.err != nil {
		m.tree.err = msg.err
		if client.IsCanceled(msg.err) {
			return nil
		}
		return common.Emit(common.ErrorMsg{Op: "load the knowledge base of " + msg.bank, Err: msg.err})
	}
	m.tree.roots, m.tree.loaded = msg.tree.Roots, true
	if m.moving != "" && m.find(m.moving) == nil {
		m.moving = "" // the node being moved is gone
	}
	m.flatten()
	if keep != "" && !m.selectID(keep) {
		m.clampCursor()
		if name != "" {
			return common.Toast(common.NoLongerListed(name, m.tree.cursor+1))
		}
	}
	m.clampCursor()
	return nil
}

// flatten lays the tree out as rows, folded folders hiding their children.
func (m *Model) flatten() {
	m.tree.rows = m.tree.rows[:0]
	var walk func(nodes []client.KnowledgeNode, depth int, path []string)
	walk = func(nodes []client.KnowledgeNode, depth int, path []string) {
		for i := range nodes {
			n := &nodes[i]
			m.tree.rows = append(m.tree.rows, row{node: n, depth: depth, path: path})
			if n.Kind == client.NodeFolder && !m.tree.collapsed[n.ID] {
				walk(n.Children, depth+1, append(path[:len(path):len(path)], n.Name))
			}
		}
	}
	walk(m.tree.roots, 0, nil)
}

// find is the node with id anywhere in the tree, folded or not.
func (m *Model) find(id string) *client.KnowledgeNode {
	var walk func(nodes []client.KnowledgeNode) *client.KnowledgeNode
	walk = func(nodes []client.KnowledgeNode) *client.KnowledgeNode {
		for i := range nodes {
			if nodes[i].ID == id {
				return &nodes[i]
			}
			if n := walk(nodes[i].Children); n != nil {
				return n
			}
		}
		return nil
	}
	return walk(m.tree.roots)
}

// pathTo is the folders from the root down to the node with id, without it.
func (m *Model) pathTo(id string) ([]*client.KnowledgeNode, bool) {
	var walk func(nodes []client.KnowledgeNode, above []*client.KnowledgeNode) ([]*client.KnowledgeNode, bool)
	walk = func(nodes []client.KnowledgeNode, above []*client.KnowledgeNode) ([]*client.KnowledgeNode, bool) {
		for i := range nodes {
			if nodes[i].ID == id {
				return above, true
			}
			if p, ok := walk(nodes[i].Children, append(above[:len(above):len(above)], &nodes[i])); ok {
				return p, true
			}
		}
		return nil, false
	}
	return walk(m.tree.roots, nil)
}

// selectID puts the cursor on the node with id, unfolding the folders above it.
func (m *Model) selectID(id string) bool {
	above, ok := m.pathTo(id)
	if !ok {
		return false
	}
	unfolded := false
	for _, f := range above {
		if m.tree.collapsed[f.ID] {
			delete(m.tree.collapsed, f.ID)
			unfolded = true
		}
	}
	if unfolded {
		m.flatten()
	}
	for i, r := range m.tree.rows {
		if r.node.ID == id {
			m.tree.cursor = i
			m.ensureVisible()
			return true
		}
	}
	return false
}

// selectedRow is the row under the tree's cursor, or nil.
func (m *Model) selectedRow() *row {
	if m.tree.cursor < 0 || m.tree.cursor >= len(m.tree.rows) {
		return nil
	}
	return &m.tree.rows[m.tree.cursor]
}

// toggleFold folds or unfolds a folder, the cursor staying on its row.
func (m *Model) toggleFold(id string) {
	if m.tree.collapsed[id] {
		delete(m.tree.collapsed, id)
	} else {
		m.tree.collapsed[id] = true
	}
	m.flatten()
	m.selectID(id)
}

// expand unfolds the folder under the cursor, or steps into it when it is unfolded
// already; on a page it opens the page.
func (m *Model) expand() tea.Cmd {
	r := m.selectedRow()
	switch {
	case r == nil:
	case r.node.Kind == client.NodePage:
		return m.openSelected()
	case m.tree.collapsed[r.node.ID]:
		m.toggleFold(r.node.ID)
	case len(r.node.Children) > 0:
		m.moveCursor(m.tree.cursor + 1)
	}
	return nil
}

// collapse folds the unfolded folder under the cursor, else goes to the folder above.
func (m *Model) collapse() {
	r := m.selectedRow()
	if r == nil {
		return
	}
	if r.node.Kind == client.NodeFolder && !m.tree.collapsed[r.node.ID] && len(r.node.Children) > 0 {
		m.toggleFold(r.node.ID)
		return
	}
	if r.node.ParentID != "" {
		m.selectID(r.node.ParentID)
	}
}

// currentFolder is the folder new nodes go in: the folder under the cursor, else the
// folder of the page under it ("" = the top level), and its name.
func (m *Model) currentFolder() (id, name string) {
	r := m.selectedRow()
	switch {
	case r == nil:
		return "", ""
	case r.node.Kind == client.NodeFolder:
		return r.node.ID, r.node.Name
	case r.node.ParentID != "":
		if f := m.find(r.node.ParentID); f != nil {
			return f.ID, f.Name
		}
	}
	return "", ""
}

// moveCursor selects row i (clamped).
func (m *Model) moveCursor(i int) {
	m.tree.cursor = i
	m.clampCursor()
}

// clampCursor keeps the cursor on a row and in view.
func (m *Model) clampCursor() {
	m.tree.cursor = max(min(m.tree.cursor, len(m.tree.rows)-1), 0)
	m.ensureVisible()
}

// ensureVisible scrolls so that the cursor's row shows.
func (m *Model) ensureVisible() {
	h := max(m.rowsHeight(), 1)
	if m.tree.cursor < m.tree.offset {
		m.tree.offset = m.tree.cursor
	}
	if m.tree.cursor >= m.tree.offset+h {
		m.tree.offset = m.tree.cursor - h + 1
	}
	m.tree.offset = max(min(m.tree.offset, len(m.tree.rows)-h), 0)
}

// counts are the pages, folders and stale pages under nodes.
func counts(nodes []client.KnowledgeNode) (pages, folders, stale int) {
	for i := range nodes {
		n := &nodes[i]
		if n.Kind == client.NodeFolder {
			folders++
			p, f, s := counts(n.Children)
			pages, folders, stale = pages+p, folders+f, stale+s
			continue
		}
		pages++
		if n.IsStale != nil && *n.IsStale {
			stale++
		}
	}
	return pages, folders, stale
}
