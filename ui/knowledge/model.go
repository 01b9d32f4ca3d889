// Package knowledge is the Knowledge base pane: a bank's pages (mental models kept
// as documents) in a tree of folders that folds like a file tree, each page with the
// staleness the server reports and when it last refreshed. / searches the pages on
// the server; enter opens one, its markdown drawn (cached per version, width and
// theme). Pages and folders are created, renamed, moved and deleted here (not under
// --read-only), and E writes the whole knowledge base as markdown files in folders
// that mirror the tree.
//
// The pane touches the network only once shown. Every answer carries the sequence
// number of its request, so one that arrives after the user moved on is dropped.
package knowledge

import (
	"context"
	"encoding/json"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/spinner"
	tea "charm.land/bubbletea/v2"

	"hindsight-tui/client"
	"hindsight-tui/keymap"
	"hindsight-tui/sanitize"
	"hindsight-tui/styles"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
)

// view is what the pane shows.
type view int

const (
	viewTree   view = iota // the folders and pages
	viewSearch             // the pages a search found
	viewPage               // one page
)

// Model is the knowledge base pane.
type Model struct {
	c       *common.Common
	keys    keymap.KeyMap // this pane's copy: bindings are disabled here, not globally
	width   int
	height  int
	focused bool

	bank      string
	activated bool

	tree   treeState
	search searchState
	page   pageState
	view   view
	back   view // where esc leaves the page view for

	// moving is the node being moved while the user picks its new folder ("" = none).
	moving, movingName string

	spin spinner.Model
	md   *components.MarkdownCache
}

var (
	_ common.Pane     = (*Model)(nil)
	_ common.Copier   = (*Model)(nil)
	_ common.Actioner = (*Model)(nil)
)

// New returns the knowledge base pane; it loads nothing until it is first shown.
func New(c *common.Common) *Model {
	m := &Model{c: c, keys: c.Keys, md: components.NewMarkdownCache()}
	m.keys.List.Filter.SetHelp(m.keys.List.Filter.Help().Key, keymap.FilterDesc("pages", true))
	m.search.input = components.NewInput(c.Styles, "/ ", "search the pages, enter to run")
	m.search.input.CharLimit = 500
	m.spin = spinner.New(spinner.WithSpinner(spinner.MiniDot), spinner.WithStyle(c.Styles.Accent))
	m.tree.collapsed = map[string]bool{}
	m.syncKeys()
	return m
}

// Init implements common.Pane; nothing happens before the pane is shown.
func (m *Model) Init() tea.Cmd { return nil }

// SetSize implements common.Pane.
func (m *Model) SetSize(width, height int) {
	m.width, m.height = max(width, 0), max(height, 0)
	m.settle()
}

// SetStyles implements common.Pane: the open page is drawn again (its markdown cache
// is per theme).
func (m *Model) SetStyles(st *styles.Styles) {
	m.search.input.SetStyles(components.InputStyles(st))
	m.spin.Style = st.Accent
	m.settle()
}

// Focus implements common.Pane. The first time, it loads the bank's tree.
func (m *Model) Focus() tea.Cmd {
	m.focused = true
	if m.activated {
		return nil
	}
	m.activated = true
	return m.loadTree()
}

// Blur implements common.Pane.
func (m *Model) Blur() { m.focused = false }

// Capturing implements common.Pane: true while the search box has focus.
func (m *Model) Capturing() bool { return m.search.typing }

// Update implements common.Pane.
func (m *Model) Update(msg tea.Msg) (common.Pane, tea.Cmd) {
	var cmd tea.Cmd
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		cmd = m.handleKey(msg)
	case tea.PasteMsg:
		if m.search.typing {
			m.search.input, cmd = m.search.input.Update(msg)
		}
	case common.BankSelectedMsg:
		cmd = m.selectBank(msg.BankID)
	case treeMsg:
		cmd = m.onTree(msg)
	case searchMsg:
		cmd = m.onSearch(msg)
	case pageMsg:
		cmd = m.onPage(msg)
	case savedMsg:
		cmd = m.onSaved(msg)
	case deletedMsg:
		cmd = m.onDeleted(msg)
	case common.ActionMsg:
		cmd = m.onAction(msg)
	case spinner.TickMsg:
		if msg.ID == m.spin.ID() && m.loading() {
			m.spin, cmd = m.spin.Update(msg)
		}
	}
	m.syncKeys()
	m.settle()
	return m, cmd
}

// loading says a request is in flight, so the spinner turns.
func (m *Model) loading() bool { return m.tree.busy || m.search.busy || m.page.busy }

// selectBank switches to another bank: everything loaded goes, the fold state too.
func (m *Model) selectBank(id string) tea.Cmd {
	if id == m.bank {
		return nil
	}
	m.bank = id
	m.stopAll()
	m.tree = treeState{seq: m.tree.seq, collapsed: map[string]bool{}}
	m.search = searchState{seq: m.search.seq, input: m.search.input}
	m.search.input.SetValue("")
	m.search.input.Blur()
	m.page = pageState{seq: m.page.seq}
	m.view, m.moving = viewTree, ""
	if !m.activated {
		return nil
	}
	return m.loadTree()
}

// stopAll cancels every request in flight; their answers will be dropped.
func (m *Model) stopAll() {
	m.tree.stop()
	m.search.stop()
	m.page.stop()
}

// handleKey routes a key press to the place that has it.
func (m *Model) handleKey(k tea.KeyPressMsg) tea.Cmd {
	switch {
	case m.search.typing:
		return m.searchBoxKey(k)
	case m.view == viewPage:
		return m.pageKey(k)
	case m.moving != "":
		return m.moveKey(k)
	case m.view == viewSearch:
		return m.resultsKey(k)
	}
	return m.treeKey(k)
}

// treeKey acts on the tree.
func (m *Model) treeKey(k tea.KeyPressMsg) tea.Cmd {
	kl, kk := m.keys.List, m.keys.Knowledge
	if cmd, ok := m.navKey(k); ok {
		return cmd
	}
	switch {
	case key.Matches(k, m.keys.Global.Refresh):
		return m.loadTree()
	case key.Matches(k, kl.Filter):
		return m.startSearch()
	case key.Matches(k, kl.Open):
		if r := m.selectedRow(); r != nil && r.node.Kind == client.NodeFolder {
			m.toggleFold(r.node.ID)
			return nil
		}
		return m.openSelected()
	case key.Matches(k, kk.Fold):
		if r := m.selectedRow(); r != nil && r.node.Kind == client.NodeFolder {
			m.toggleFold(r.node.ID)
		}
	case key.Matches(k, kk.Expand):
		return m.expand()
	case key.Matches(k, kk.Collapse):
		m.collapse()
	case key.Matches(k, kk.NewPage):
		return m.openPageForm()
	case key.Matches(k, kk.NewFolder):
		return m.openFolderForm()
	case key.Matches(k, kk.Rename):
		return m.openRenameForm()
	case key.Matches(k, kk.Move):
		m.startMove()
	case key.Matches(k, kk.Delete):
		return m.confirmDelete()
	case key.Matches(k, kk.Export):
		return m.openExport()
	}
	return nil
}

// navKey moves the tree's cursor; ok says the key was one of the moves.
func (m *Model) navKey(k tea.KeyPressMsg) (tea.Cmd, bool) {
	kl, page := m.keys.List, max(m.rowsHeight(), 1)
	switch {
	case key.Matches(k, kl.Up):
		m.moveCursor(m.tree.cursor - 1)
	case key.Matches(k, kl.Down):
		m.moveCursor(m.tree.cursor + 1)
	case key.Matches(k, kl.PageUp):
		m.moveCursor(m.tree.cursor - page)
	case key.Matches(k, kl.PageDown):
		m.moveCursor(m.tree.cursor + page)
	case key.Matches(k, kl.Top):
		m.moveCursor(0)
	case key.Matches(k, kl.Bottom):
		m.moveCursor(1 << 30)
	default:
		return nil, false
	}
	return nil, true
}

// pageKey scrolls the open page.
func (m *Model) pageKey(k tea.KeyPressMsg) tea.Cmd {
	kl, page := m.keys.List, max(m.height-2, 1)
	switch {
	case key.Matches(k, kl.Back):
		m.view = m.back
		m.page.stop()
	case key.Matches(k, m.keys.Global.Refresh):
		return tea.Batch(m.loadTree(), m.openPage(m.page.id, m.page.name))
	case key.Matches(k, kl.Up):
		m.page.scroll--
	case key.Matches(k, kl.Down):
		m.page.scroll++
	case key.Matches(k, kl.PageUp):
		m.page.scroll -= page
	case key.Matches(k, kl.PageDown):
		m.page.scroll += page
	case key.Matches(k, kl.Top):
		m.page.scroll = 0
	case key.Matches(k, kl.Bottom):
		m.page.scroll = 1 << 30
	}
	return nil
}

// openSelected opens the page under the tree's cursor.
func (m *Model) openSelected() tea.Cmd {
	r := m.selectedRow()
	if r == nil || r.node.Kind != client.NodePage {
		return nil
	}
	m.back = viewTree
	return m.openPage(r.node.ID, r.node.Name)
}

// syncKeys enables the bindings that act now: the writes never under --read-only.
func (m *Model) syncKeys() {
	kk := &m.keys.Knowledge
	write := !m.c.ReadOnly && m.bank != ""
	r := m.selectedRow()
	inTree := m.view == viewTree && m.moving == ""
	for _, b := range []*key.Binding{&kk.NewPage, &kk.NewFolder} {
		b.SetEnabled(write && inTree && m.tree.loaded)
	}
	for _, b := range []*key.Binding{&kk.Rename, &kk.Move, &kk.Delete} {
		b.SetEnabled(write && inTree && r != nil)
	}
	kk.Fold.SetEnabled(inTree && r != nil)
	kk.Expand.SetEnabled(inTree && r != nil)
	kk.Collapse.SetEnabled(inTree && r != nil)
	kk.Export.SetEnabled(m.bank != "" && m.tree.loaded && m.moving == "")
	kk.MoveHere.SetEnabled(m.moving != "")
	kk.Cancel.SetEnabled(m.moving != "")
}

// ShortHelp implements common.Pane: what fits a 60-column footer.
func (m *Model) ShortHelp() []key.Binding {
	kl, kk := m.keys.List, m.keys.Knowledge
	switch {
	case m.search.typing:
		return []key.Binding{kk.Submit, kk.Leave}
	case m.view == viewPage:
		return []key.Binding{kl.Back, kl.Down, m.keys.Global.Refresh}
	case m.moving != "":
		return []key.Binding{kk.MoveHere, kk.Cancel}
	case m.view == viewSearch:
		return []key.Binding{kl.Open, kl.Back, kl.Filter}
	}
	return []key.Binding{kl.Open, kl.Filter, kk.NewPage}
}

// FullHelp implements common.Pane.
func (m *Model) FullHelp() [][]key.Binding {
	kl, kk := m.keys.List, m.keys.Knowledge
	return [][]key.Binding{
		{kl.Up, kl.Down, kl.PageUp, kl.PageDown, kl.Top, kl.Bottom, kl.Open, kl.Back},
		{kk.Fold, kk.Expand, kk.Collapse, kl.Filter, kk.Submit, kk.Leave, m.keys.Global.Refresh},
		{kk.NewPage, kk.NewFolder, kk.Rename, kk.Move, kk.MoveHere, kk.Cancel, kk.Delete, kk.Export},
	}
}

// Selection implements common.Copier: the open page, else the node under the cursor.
func (m *Model) Selection() (id, what, jsonText string, ok bool) {
	var v any
	switch {
	case m.view == viewPage && m.page.page != nil:
		id, what, v = m.page.page.ID, "knowledge page "+sanitize.Line(m.page.page.Name), m.page.page
	case m.view == viewSearch:
		if r := m.search.selected(); r != nil {
			id, what, v = r.ID, "knowledge page "+sanitize.Line(r.Name), r
		}
	default:
		if r := m.selectedRow(); r != nil {
			id, what, v = r.node.ID, "knowledge "+r.node.Kind+" "+sanitize.Line(r.node.Name), r.node
		}
	}
	if v == nil {
		return "", "", "", false
	}
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return "", "", "", false
	}
	return id, what, string(b), true
}

// request starts a command under the pane's per-request timeout.
func (m *Model) request() (context.Context, context.CancelFunc) {
	return m.c.Context(context.Background())
}
