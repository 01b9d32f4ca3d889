// Package entities is the Entities pane, over what a bank's memories are about: the
// people, places and things the server extracted, most mentioned first, with the
// memories linked to the selected one (so a bad merge shows at a glance); and, behind
// t, the tag browser: every tag with how many memories carry it, searched on the
// server with anchored wildcards. From either a key jumps to the Memories pane filtered by the selection,
// and from a tag to a recall scoped to it.
//
// Both views touch the network only once shown. Every answer carries the sequence
// number of its request, so an answer that arrives after the user moved on (another
// bank, another entity, another search) is dropped.
package entities

import (
	"context"

	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"hindsight-tui/client"
	"hindsight-tui/keymap"
	"hindsight-tui/styles"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
)

// pageSize is how many entities (or tags) one request asks for.
const pageSize = 100

// memLimit is how many linked memories the detail lists.
const memLimit = 100

// zone is where the keys go.
type zone int

const (
	zoneList   zone = iota // the entities list
	zoneFilter             // the / quick filter
	zoneDetail             // the linked memories
)

// Model is the entities pane.
type Model struct {
	c       *common.Common
	keys    keymap.KeyMap
	width   int
	height  int
	focused bool

	bank      string
	activated bool // set when first shown; nothing is loaded before

	rows    []client.Entity // loaded, most mentioned first
	total   int
	loaded  bool // the first page arrived
	loading bool
	err     error
	seq     int // the list request's sequence number
	cancel  context.CancelFunc

	filter  textinput.Model
	visible []int // indexes into rows that pass the quick filter
	cursor  int   // index into visible
	offset  int

	zone  zone
	det   detail
	cache rowCache
	// detCache keeps the detail's lines, as settle drew them.
	detCache struct {
		key   detailKey
		lines []string
	}

	want string // an entity to open once its bank is listed (ShowEntityMsg)
	// keep is the entity r keeps the cursor on once the list is back; keepName names
	// it when it has left the list.
	keep, keepName string

	tags     *Tags // the tag browser, shown instead of the entities with t
	showTags bool
}

var (
	_ common.Pane     = (*Model)(nil)
	_ common.Actioner = (*Model)(nil)
	_ common.Copier   = (*Model)(nil)
)

// New returns the entities pane; it loads nothing until it is first shown.
func New(c *common.Common) *Model {
	m := &Model{c: c, keys: c.Keys, tags: NewTags(c)}
	// The / filter is a pass over the entities loaded, not a request.
	m.keys.List.Filter.SetHelp(m.keys.List.Filter.Help().Key, keymap.FilterDesc("loaded", false))
	m.filter = components.NewInput(c.Styles, "/ ", "filter the loaded entities by name")
	m.settle()
	return m
}

// Init implements common.Pane.
func (m *Model) Init() tea.Cmd { return nil }

// SetSize implements common.Pane.
func (m *Model) SetSize(width, height int) {
	m.width, m.height = max(width, 0), max(height, 0)
	m.tags.SetSize(width, height)
	m.ensureVisible()
	m.settle()
}

// SetStyles implements common.Pane: the filter takes the new colours, and what is in
// view is drawn again (the tags too).
func (m *Model) SetStyles(st *styles.Styles) {
	m.filter.SetStyles(components.InputStyles(st))
	m.tags.SetStyles(st)
	m.settle()
}

// Focus implements common.Pane. The first time, it loads the bank's entities.
func (m *Model) Focus() tea.Cmd {
	m.focused = true
	if m.showTags {
		return m.tags.Focus()
	}
	if m.activated {
		return nil
	}
	m.activated = true
	cmd := m.reload()
	m.settle()
	return cmd
}

// Blur implements common.Pane.
func (m *Model) Blur() {
	m.focused = false
	m.tags.Blur()
	m.filter.Blur()
	if m.zone == zoneFilter {
		m.zone = zoneList
	}
	m.settle()
}

// Capturing implements common.Pane: the quick filter takes every key.
func (m *Model) Capturing() bool {
	if m.showTags {
		return m.tags.Capturing()
	}
	return m.focused && m.zone == zoneFilter
}

// Update implements common.Pane.
func (m *Model) Update(msg tea.Msg) (common.Pane, tea.Cmd) {
	cmd, done := m.routeTags(msg)
	if !done {
		cmd = tea.Batch(cmd, m.update(msg))
	}
	m.settle()
	return m, cmd
}

// update handles a message that is the entities' own.
func (m *Model) update(msg tea.Msg) tea.Cmd {
	var cmd tea.Cmd
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		cmd = m.handleKey(msg)
	case tea.MouseClickMsg:
		m.click(msg)
		cmd = m.syncDetail()
	case tea.MouseWheelMsg:
		m.wheel(msg)
		cmd = tea.Batch(m.syncDetail(), m.more())
	case common.BankSelectedMsg:
		cmd = m.selectBank(msg.BankID)
	case common.ShowEntityMsg:
		cmd = m.showEntity(msg)
	case pageMsg:
		cmd = m.onPage(msg)
	case detailMsg:
		cmd = m.onDetail(msg)
	case common.MemoryChangedMsg:
		cmd = m.onMemoryChanged(msg)
	case common.ShowTagsMsg:
		if !m.showTags {
			cmd = m.toggleTags()
		}
	case common.ActionMsg:
		switch msg.Kind {
		case actToggle:
			cmd = m.toggleTags()
		case actMemories:
			cmd = m.jumpMemories()
		}
	}
	return cmd
}

// selectBank switches to another bank: what was shown goes and, once the pane has
// been shown, the new bank's entities load.
func (m *Model) selectBank(id string) tea.Cmd {
	if id == m.bank {
		return nil
	}
	m.bank = id
	m.want = ""
	if !m.activated {
		return nil
	}
	return m.reload()
}

// showEntity opens an entity another pane linked to (a memory's entity).
func (m *Model) showEntity(msg common.ShowEntityMsg) tea.Cmd {
	if msg.EntityID == "" {
		return nil
	}
	if m.showTags {
		m.showTags = false
		m.tags.Blur()
	}
	var cmd tea.Cmd
	if msg.BankID != "" && msg.BankID != m.bank {
		m.bank = msg.BankID
		m.activated = true
		cmd = m.reload()
	} else if !m.activated {
		m.activated = true
		cmd = m.reload()
	}
	m.want = msg.EntityID
	if m.selectID(msg.EntityID) {
		m.want = ""
	}
	m.zone = zoneDetail
	return tea.Batch(cmd, m.loadDetail(msg.EntityID))
}

// selected is the entity under the cursor, or nil.
func (m *Model) selected() *client.Entity {
	if m.cursor < 0 || m.cursor >= len(m.visible) {
		return nil
	}
	return &m.rows[m.visible[m.cursor]]
}

// selectID moves the cursor to the entity with id, if it is listed.
func (m *Model) selectID(id string) bool {
	for i, r := range m.visible {
		if m.rows[r].ID == id {
			m.cursor = i
			m.ensureVisible()
			return true
		}
	}
	return false
}
