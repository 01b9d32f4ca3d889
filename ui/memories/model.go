// Package memories is the memories pane: a bank's memories, paged from the server as
// the cursor moves (only a few pages around the cursor are held), with server-side
// filters on type, text, tags, state, consolidation state, document and entity. Enter
// opens a memory in full (observations with their sources and history); o and e jump
// to its document and entity. Memories are invalidated and restored one at a time or
// in bulk after a confirmation that states the count, never in read-only mode, and
// never for observations, which the server keeps read-only.
package memories

import (
	"slices"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"hindsight-tui/client"
	"hindsight-tui/keymap"
	"hindsight-tui/styles"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
)

// Model is the memories pane.
type Model struct {
	c       *common.Common
	keys    keymap.KeyMap // this pane's copy: bindings are disabled here, not globally
	width   int
	height  int
	focused bool

	bank      string
	activated bool // set when first shown; nothing is sent before
	expand    bool // the selected row in full under the list (panel.go)
	panel     panelCache
	filter    filters
	win       window
	err       error
	cursor    int
	offset    int
	open      string // a memory to open once it is listed (ShowMemoriesMsg.MemoryID)

	selected  map[string]bool // ids chosen with space or A
	bulk      bulkState
	notice    string
	noticeSeq int // of the notice, which expires (noticeExpiredMsg)
	// keep is the memory the cursor stays on across a refresh, once its page is back.
	keep, keepName string
	head           headCache

	input    textinput.Model // the server-side text filter, while editing
	editing  bool
	editTags bool        // the input edits the tag filter, not the text filter
	quick    quickFilter // the / filter over the loaded rows
}

var (
	_ common.Pane     = (*Model)(nil)
	_ common.Actioner = (*Model)(nil)
)

// New returns the memories pane; it loads nothing until it is first shown.
func New(c *common.Common) *Model {
	m := &Model{c: c, keys: c.Keys, win: newWindow(0), selected: map[string]bool{}}
	m.input = components.NewInput(c.Styles, "text: ", "substring of text or context")
	// The / filter is a pass over the rows loaded; s asks the server (q).
	m.keys.List.Filter.SetHelp(m.keys.List.Filter.Help().Key, keymap.FilterDesc("loaded", false))
	m.quick.input = components.NewInput(c.Styles, "/", "filter the loaded rows")
	m.syncKeys()
	m.settle()
	return m
}

// Init implements common.Pane.
func (m *Model) Init() tea.Cmd { return nil }

// SetSize implements common.Pane.
func (m *Model) SetSize(width, height int) {
	m.width, m.height = max(width, 0), max(height, 0)
	m.settle()
}

// SetStyles implements common.Pane: the inputs take the new colours and the rows are
// drawn again.
func (m *Model) SetStyles(st *styles.Styles) {
	m.input.SetStyles(components.InputStyles(st))
	m.quick.input.SetStyles(components.InputStyles(st))
	m.settle()
}

// Focus implements common.Pane; the first time, the list loads.
func (m *Model) Focus() tea.Cmd {
	m.focused = true
	if m.activated {
		return nil
	}
	m.activated = true
	return m.fetch()
}

// Blur implements common.Pane.
func (m *Model) Blur() { m.focused = false }

// Capturing implements common.Pane: true while the text filter or the quick filter
// is edited.
func (m *Model) Capturing() bool { return m.editing || m.quick.editing }

// Update implements common.Pane.
func (m *Model) Update(msg tea.Msg) (common.Pane, tea.Cmd) {
	m.syncKeys()
	var cmd tea.Cmd
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		cmd = m.handleKey(msg)
	case common.BankSelectedMsg:
		if msg.BankID != m.bank {
			m.bank = msg.BankID
			m.filter = filters{}
			cmd = m.reload()
		}
	case common.ShowMemoriesMsg:
		cmd = m.show(msg)
	case pageMsg:
		cmd = m.onPage(msg)
	case selectedMsg:
		cmd = m.onSelected(msg)
	case common.MemoryChangedMsg:
		cmd = m.onMemoryChanged(msg)
	case noticeExpiredMsg:
		m.onNoticeExpired(msg)
	case bulkProgressMsg:
		cmd = m.onBulkProgress(msg)
	case common.ActionMsg:
		cmd = m.onAction(msg)
	case sourcesMsg:
		cmd = m.onSources(msg)
	}
	m.syncKeys()
	m.settle()
	return m, cmd
}

// show applies a ShowMemoriesMsg: its bank, its filters, and a memory to open.
func (m *Model) show(msg common.ShowMemoriesMsg) tea.Cmd {
	if msg.BankID != "" {
		m.bank = msg.BankID
	}
	m.activated = true
	m.filter = fromShow(msg)
	m.open = msg.MemoryID
	return m.reload()
}

// reload resets the window (new sequence, cursor at the top) and fetches the first page:
// the list is another one (bank or filters changed).
func (m *Model) reload() tea.Cmd {
	m.win.reset()
	m.cursor, m.offset, m.err, m.keep = 0, 0, nil, ""
	m.selected = map[string]bool{}
	m.refilter()
	return m.fetch()
}

// refresh fetches the same list again around the cursor's row, and puts the cursor
// back on the memory id wherever the new order put it among the loaded rows; follow
// says so when it left them. With no id the cursor keeps its row.
func (m *Model) refresh(id string) tea.Cmd {
	m.keepName = common.ItemName("", id)
	if i, ok := m.win.find(id); ok {
		m.keepName = common.ItemName(m.win.item(i).Text, id)
	}
	m.win.reset()
	m.err, m.keep = nil, id
	return m.fetch()
}

// onMemoryChanged reloads the list when memories of its bank were written, here or
// anywhere else (an inspector opened from recall, a retain): the cursor stays on its
// memory, unless that memory was invalidated or restored and so left this list, when
// the row then holds the next one.
func (m *Model) onMemoryChanged(msg common.MemoryChangedMsg) tea.Cmd {
	if msg.BankID != m.bank || !m.activated {
		return nil
	}
	keep := m.currentID()
	if msg.Change == common.MemoryInvalidated || msg.Change == common.MemoryRestored {
		if slices.Contains(msg.IDs, keep) {
			keep = ""
		}
	}
	return m.refresh(keep)
}

// currentID is the id of the memory under the cursor, "" when none is.
func (m *Model) currentID() string {
	if mem := m.current(); mem != nil {
		return mem.ID
	}
	return ""
}

// current is the memory under the cursor (nil while its page loads).
func (m *Model) current() *client.Memory {
	if m.quick.active() && len(m.quick.rows) == 0 {
		return nil
	}
	return m.win.item(m.cursor)
}

// follow puts the cursor back on the memory a refresh keeps, and opens the one a
// ShowMemoriesMsg asked for, once it is in a loaded page.
func (m *Model) follow() tea.Cmd {
	if m.keep != "" {
		if i, ok := m.win.find(m.keep); ok {
			m.keep = ""
			m.place(i)
		} else if len(m.win.loading) == 0 {
			// Every page around the row is back and the memory is not among them.
			m.keep = ""
			return common.Toast(common.NoLongerListed(m.keepName, m.cursor+1))
		}
	}
	if m.open == "" {
		return nil
	}
	if i, ok := m.win.find(m.open); ok {
		m.cursor, m.open = i, ""
		return m.openDetail()
	}
	return nil
}

// openDetail shows the memory under the cursor in full.
func (m *Model) openDetail() tea.Cmd {
	mem := m.current()
	if mem == nil {
		return nil
	}
	return common.OpenDialog(components.NewMemoryDialog(m.c, m.bank, mem.ID))
}

// syncKeys enables the bindings that apply now.
func (m *Model) syncKeys() {
	mk := &m.keys.Memories
	mem := m.current()
	writable := !m.c.ReadOnly && !m.bulk.running
	mk.Invalidate.SetEnabled(writable && m.filter.state != "invalidated" && (len(m.selected) > 0 || mem != nil && mem.FactType != client.FactObservation))
	mk.Restore.SetEnabled(writable && m.filter.state == "invalidated" && (len(m.selected) > 0 || mem != nil))
	mk.Edit.SetEnabled(writable && mem != nil && mem.FactType != client.FactObservation)
	mk.Document.SetEnabled(mem != nil && mem.DocumentID != "")
	mk.Entity.SetEnabled(mem != nil && len(mem.Entities) > 0)
	mk.Sources.SetEnabled(mem != nil && mem.FactType == client.FactObservation)
	mk.Select.SetEnabled(!m.c.ReadOnly)
	mk.Pin.SetEnabled(mem != nil)
	mk.Neighbourhood.SetEnabled(mem != nil)
	mk.SelectAll.SetEnabled(!m.c.ReadOnly && m.win.total > 0)
}

// ShortHelp implements common.Pane.
func (m *Model) ShortHelp() []key.Binding {
	mk := m.keys.Memories
	// The actions first: the footer drops keys from the end when it is narrow.
	return []key.Binding{m.keys.List.Open, mk.Edit, mk.Invalidate, mk.Restore, mk.Select, mk.Sources,
		m.keys.List.Filter, mk.Type, mk.Tags, mk.State, mk.Search, mk.Pin}
}

// FullHelp implements common.Pane.
func (m *Model) FullHelp() [][]key.Binding {
	mk, kl := m.keys.Memories, m.keys.List
	return [][]key.Binding{
		{kl.Up, kl.Down, kl.Top, kl.Bottom, kl.PageUp, kl.PageDown, kl.Open, kl.Filter},
		{mk.Type, mk.State, mk.Consolidation, mk.Search, mk.Tags, mk.TagsMatch, mk.Reset},
		{mk.Edit, mk.Select, mk.SelectAll, mk.Invalidate, mk.Restore, mk.Document, mk.Entity, mk.Sources, mk.Pin, mk.Neighbourhood, mk.Expand},
	}
}
