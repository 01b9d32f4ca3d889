package documents

import (
	"encoding/json"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"hindsight-tui/client"
	"hindsight-tui/sanitize"
	"hindsight-tui/ui/common"
)

// The pane's actions, from its keys or the command palette (common.ActionMsg.Kind).
const (
	doRefresh   = "refresh"
	doSearch    = "search"
	doTags      = "tags"
	doMatch     = "match"
	doEditTags  = "edit tags"
	doReprocess = "reprocess"
	doDelete    = "delete"
	doMemories  = "memories"
)

// matchModes are the tags_match values the filter cycles through ("" = server default).
func matchModes() []string { return []string{"", "any", "all", "all_strict"} }

// do performs an action.
func (m *Model) do(what string) tea.Cmd {
	if m.bank == "" {
		return nil
	}
	switch what {
	case doRefresh:
		cmd := m.refresh()
		if m.open && m.det.id != "" {
			return tea.Batch(cmd, m.openDocument(m.det.id, ""))
		}
		return cmd
	case doSearch:
		m.searching = true
		return m.search.Focus()
	case doTags:
		m.tagging = true
		return m.tags.Focus()
	case doMatch:
		modes := matchModes()
		for i, v := range modes {
			if v == m.match {
				m.match = modes[(i+1)%len(modes)]
				break
			}
		}
		if len(m.tags.Tags()) == 0 {
			return nil
		}
		return m.reload()
	case doEditTags:
		return m.editTags()
	case doReprocess:
		return m.confirmReprocess()
	case doDelete:
		return m.confirmDelete()
	case doExport:
		return m.openExport()
	case doImport:
		return m.openImport()
	case doReextract:
		return m.reextractChunk()
	case doMemories:
		if d := m.target(); d != nil {
			return common.Emit(common.ShowPaneMsg{ID: common.PaneMemories,
				Then: common.ShowMemoriesMsg{BankID: m.bank, DocumentID: d.ID}})
		}
	}
	return nil
}

// handleKey routes a key press.
func (m *Model) handleKey(k tea.KeyPressMsg) tea.Cmd {
	kl, kd := m.keys.List, m.keys.Documents
	switch {
	case m.searching:
		return m.searchKey(k)
	case m.tagging:
		return m.tagKey(k)
	}
	a := func(what string) tea.Cmd { return m.do(what) }
	switch {
	case key.Matches(k, kl.Back) && m.open:
		m.open = false
		m.det.stop()
	case key.Matches(k, m.keys.Global.Refresh):
		return a(doRefresh)
	case key.Matches(k, kd.Search):
		return a(doSearch)
	case key.Matches(k, kd.Tags):
		return a(doTags)
	case key.Matches(k, kd.Match):
		return a(doMatch)
	case key.Matches(k, kd.EditTags):
		return a(doEditTags)
	case key.Matches(k, kd.Reprocess):
		return a(doReprocess)
	case key.Matches(k, kd.Delete):
		return a(doDelete)
	case key.Matches(k, kd.Memories):
		return a(doMemories)
	case key.Matches(k, m.keys.Transfer.Export):
		return a(doExport)
	case key.Matches(k, m.keys.Transfer.Import):
		return a(doImport)
	case key.Matches(k, m.keys.Extract.Reextract):
		return a(doReextract)
	case key.Matches(k, kd.NextChunk):
		m.jumpChunk(1)
	case key.Matches(k, kd.PrevChunk):
		m.jumpChunk(-1)
	case key.Matches(k, kd.TextDown):
		m.scrollText(3)
	case key.Matches(k, kd.TextUp):
		m.scrollText(-3)
	case m.open && !m.wide() && key.Matches(k, kl.Up, kl.Down, kl.PageUp, kl.PageDown, kl.Top, kl.Bottom):
		return m.scrollKey(k)
	case key.Matches(k, kl.Open):
		if d := m.selected(); d != nil {
			return m.openDocument(d.ID, "")
		}
	case key.Matches(k, kl.Up):
		return m.moveTo(m.cursor - 1)
	case key.Matches(k, kl.Down):
		return m.moveTo(m.cursor + 1)
	case key.Matches(k, kl.PageUp):
		return m.moveTo(m.cursor - max(m.rowsH, 1))
	case key.Matches(k, kl.PageDown):
		return m.moveTo(m.cursor + max(m.rowsH, 1))
	case key.Matches(k, kl.Top):
		return m.moveTo(0)
	case key.Matches(k, kl.Bottom):
		return m.moveTo(1 << 30)
	}
	return nil
}

// scrollKey moves the text viewer with the list keys when it fills the pane.
func (m *Model) scrollKey(k tea.KeyPressMsg) tea.Cmd {
	kl, page := m.keys.List, max(m.height-4, 1)
	switch {
	case key.Matches(k, kl.Up):
		m.scrollText(-1)
	case key.Matches(k, kl.Down):
		m.scrollText(1)
	case key.Matches(k, kl.PageUp):
		m.scrollText(-page)
	case key.Matches(k, kl.PageDown):
		m.scrollText(page)
	case key.Matches(k, kl.Top):
		m.det.scroll = 0
	case key.Matches(k, kl.Bottom):
		m.scrollText(1 << 30)
	}
	return nil
}

// searchKey types in the search box; the search is sent once typing pauses.
func (m *Model) searchKey(k tea.KeyPressMsg) tea.Cmd {
	if key.Matches(k, m.keys.Documents.Leave) {
		m.searching = false
		m.search.Blur()
		return m.applySearch()
	}
	before := m.search.Value()
	var cmd tea.Cmd
	m.search, cmd = m.search.Update(k)
	if m.search.Value() == before {
		return cmd
	}
	m.typedSeq++
	return tea.Batch(cmd, m.c.After(searchDebounce, searchDueMsg{seq: m.typedSeq}))
}

// applySearch sends the id search if it changed.
func (m *Model) applySearch() tea.Cmd {
	q := m.search.Value()
	if q == m.query {
		return nil
	}
	m.query = q
	return m.reload()
}

// tagKey edits the tags filter; the list reloads whenever the chips change.
func (m *Model) tagKey(k tea.KeyPressMsg) tea.Cmd {
	handled, changed, cmd := m.tags.HandleKey(k)
	if !handled && key.Matches(k, m.keys.Documents.Leave) {
		m.tagging = false
		m.tags.Blur()
		return nil
	}
	if changed {
		return tea.Batch(cmd, m.reload())
	}
	return cmd
}

// paste goes to the field with focus.
func (m *Model) paste(msg tea.PasteMsg) tea.Cmd {
	switch {
	case m.searching:
		var cmd tea.Cmd
		m.search, cmd = m.search.Update(msg)
		m.typedSeq++
		return tea.Batch(cmd, m.c.After(searchDebounce, searchDueMsg{seq: m.typedSeq}))
	case m.tagging:
		return m.tags.Paste(msg)
	}
	return nil
}

// wheel scrolls the text when the pointer is over it, else moves through the list.
func (m *Model) wheel(msg tea.MouseWheelMsg) {
	d := 0
	switch msg.Button {
	case tea.MouseWheelUp:
		d = -1
	case tea.MouseWheelDown:
		d = 1
	default:
		return
	}
	if m.open && (!m.wide() || msg.Mouse().X >= m.listWidth()) {
		m.scrollText(3 * d)
		return
	}
	if n := len(m.list.items); n > 0 {
		m.cursor = min(max(m.cursor+d, 0), n-1)
		m.ensureVisible()
	}
}

// click selects the row under the pointer.
func (m *Model) click(msg tea.MouseClickMsg) {
	p := msg.Mouse()
	if (m.open && !m.wide()) || p.X >= m.listWidth() || p.Y < m.listTop {
		return
	}
	if i := m.offset + p.Y - m.listTop; i < len(m.list.items) {
		m.cursor = i
		m.ensureVisible()
	}
}

// selected is the document under the cursor, or nil.
func (m *Model) selected() *client.Document {
	if m.cursor < 0 || m.cursor >= len(m.list.items) {
		return nil
	}
	return &m.list.items[m.cursor]
}

// target is what the writes act on: the open document, else the selected one.
func (m *Model) target() *client.Document {
	if m.open && m.det.doc != nil {
		return m.det.doc
	}
	if m.open && !m.wide() {
		return nil
	}
	return m.selected()
}

// moveTo selects row i (clamped); reaching the last loaded row lists the next page.
func (m *Model) moveTo(i int) tea.Cmd {
	n := len(m.list.items)
	if n == 0 {
		return nil
	}
	m.cursor = min(max(i, 0), n-1)
	m.ensureVisible()
	if m.cursor == n-1 {
		return m.more()
	}
	return nil
}

// ensureVisible scrolls the cursor into view.
func (m *Model) ensureVisible() {
	n := max(m.rowsH, 1)
	switch {
	case m.cursor < m.offset:
		m.offset = m.cursor
	case m.cursor >= m.offset+n:
		m.offset = m.cursor - n + 1
	}
	m.offset = min(max(m.offset, 0), max(len(m.list.items)-n, 0))
}

// syncKeys enables the bindings that act now: no writes in read-only mode.
func (m *Model) syncKeys() {
	kd := &m.keys.Documents
	has := m.target() != nil
	ro := m.c.ReadOnly
	kd.EditTags.SetEnabled(has && !ro)
	kd.Reprocess.SetEnabled(has && !ro)
	kd.Delete.SetEnabled(has && !ro)
	kd.Memories.SetEnabled(has)
	kd.NextChunk.SetEnabled(m.open)
	kd.PrevChunk.SetEnabled(m.open)
	kd.TextUp.SetEnabled(m.open)
	kd.TextDown.SetEnabled(m.open)
	m.keys.Transfer.Export.SetEnabled(m.bank != "")
	m.keys.Transfer.Import.SetEnabled(m.bank != "" && !ro)
	_, chunk := m.chunkInView()
	m.keys.Extract.Reextract.SetEnabled(chunk)
}

// ShortHelp implements common.Pane.
func (m *Model) ShortHelp() []key.Binding {
	kd, kl := m.keys.Documents, m.keys.List
	if m.searching || m.tagging {
		return []key.Binding{kd.Leave}
	}
	if m.open && !m.wide() {
		return []key.Binding{kl.Back, kd.TextDown, kd.NextChunk, kd.Memories, kd.EditTags, kd.Delete}
	}
	return []key.Binding{kl.Open, kd.Search, kd.Tags, kd.EditTags, kd.Delete, kd.Memories}
}

// FullHelp implements common.Pane.
func (m *Model) FullHelp() [][]key.Binding {
	kd, kl := m.keys.Documents, m.keys.List
	return [][]key.Binding{
		{kl.Up, kl.Down, kl.PageUp, kl.PageDown, kl.Top, kl.Bottom, kl.Open, kl.Back},
		{kd.Search, kd.Tags, kd.Match, m.keys.Global.Refresh},
		{kd.TextDown, kd.TextUp, kd.NextChunk, kd.PrevChunk, m.keys.Extract.Reextract, kd.Memories},
		{kd.EditTags, kd.Reprocess, kd.Delete},
		{m.keys.Transfer.Export, m.keys.Transfer.Import},
	}
}

// Actions implements common.Actioner.
func (m *Model) Actions() []common.Action {
	kd := m.keys.Documents
	out := []common.Action{
		{Name: "Filter documents by id (server)", Key: m.keys.Documents.Search.Help().Key, Msg: common.ActionMsg{Kind: doSearch}},
		{Name: "Filter documents by tags", Key: "t", Msg: common.ActionMsg{Kind: doTags}},
	}
	add := func(b key.Binding, name, do string) {
		if b.Enabled() {
			out = append(out, common.Action{Name: name, Key: b.Help().Key, Msg: common.ActionMsg{Kind: do}})
		}
	}
	add(kd.Memories, "Show the document's memories", doMemories)
	add(m.keys.Extract.Reextract, "Re-extract the chunk in view and compare with its stored memories", doReextract)
	add(kd.EditTags, "Edit the document's tags", doEditTags)
	add(kd.Reprocess, "Reprocess the document", doReprocess)
	add(kd.Delete, "Delete the document", doDelete)
	add(m.keys.Transfer.Export, "Export documents", doExport)
	add(m.keys.Transfer.Import, "Import documents", doImport)
	return out
}

// Selection implements common.Copier.
func (m *Model) Selection() (id, what, jsonText string, ok bool) {
	d := m.target()
	if d == nil {
		return "", "", "", false
	}
	b, err := json.MarshalIndent(d, "", "  ")
	if err != nil {
		return "", "", "", false
	}
	return d.ID, "document " + sanitize.Line(d.ID), string(b), true
}
