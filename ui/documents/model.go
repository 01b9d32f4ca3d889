// Package documents is the documents pane: a bank's retained source documents, paged
// from the server with their size, memory count, tags and dates, searched by id on the
// server (debounced; stale answers are dropped) and filtered by tags with a match mode.
// Enter opens a document: its original text in a scrollable viewer with the chunk
// boundaries marked, its memories counted by fact type, the retain parameters and
// metadata. From there the user can edit its tags, reprocess it or delete it with its
// memories; every write asks first and none is offered in read-only mode.
package documents

import (
	"context"
	"time"

	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"hindsight-tui/client"
	"hindsight-tui/keymap"
	"hindsight-tui/styles"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
)

// pageSize is how many documents one request lists.
const pageSize = 100

// searchDebounce is how long typing must pause before the id search is sent.
const searchDebounce = 250 * time.Millisecond

// Model is the documents pane.
type Model struct {
	c       *common.Common
	keys    keymap.KeyMap // this pane's copy: bindings are disabled here, not globally
	width   int
	height  int
	focused bool

	bank      string
	activated bool // shown at least once (or asked to open a document)

	search    textinput.Model
	searching bool   // the search box has focus
	query     string // the id search as sent
	typedSeq  int    // advances with every keystroke in the search box
	tags      *components.TagInput
	tagging   bool   // the tags filter has focus
	match     string // tags_match; "" is the server default (any_strict)

	list   listState
	cursor int
	// keep is the document r keeps the cursor on once the list is back; keepName
	// names it when it has left the list.
	keep, keepName string
	offset         int
	rowsH          int // list rows that fit
	listTop        int // the line of the first row
	rows           rowCache

	det  detail
	open bool // the detail is shown (instead of the list, on a narrow pane)
}

// listState is the loaded documents and the request filling them.
type listState struct {
	items   []client.Document
	total   int
	loaded  bool // an answer arrived for the current filters
	busy    bool
	seq     int // advances with every request; answers of older ones are dropped
	cancel  context.CancelFunc
	err     error
	version int // advances whenever items change, for the row cache
}

var (
	_ common.Pane     = (*Model)(nil)
	_ common.Actioner = (*Model)(nil)
	_ common.Copier   = (*Model)(nil)
)

// New returns the documents pane; it loads nothing until it is first shown.
func New(c *common.Common) *Model {
	m := &Model{c: c, keys: c.Keys}
	m.search = components.NewInput(c.Styles, "/ ", "document id contains…")
	m.tags = components.NewTagInput(c)
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

// SetStyles implements common.Pane: the inputs take the new colours; the rows and the
// open document are drawn again.
func (m *Model) SetStyles(st *styles.Styles) {
	m.search.SetStyles(components.InputStyles(st))
	m.tags.SetStyles(st)
	m.settle()
}

// Focus implements common.Pane. The first time, it lists the bank's documents.
func (m *Model) Focus() tea.Cmd {
	m.focused = true
	if m.activated {
		return nil
	}
	m.activated = true
	return m.reload()
}

// Blur implements common.Pane.
func (m *Model) Blur() { m.focused = false }

// Capturing implements common.Pane: true while the search box or tags filter has focus.
func (m *Model) Capturing() bool { return m.searching || m.tagging }

// Update implements common.Pane.
func (m *Model) Update(msg tea.Msg) (common.Pane, tea.Cmd) {
	m.syncKeys()
	var cmd tea.Cmd
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		cmd = m.handleKey(msg)
	case tea.PasteMsg:
		cmd = m.paste(msg)
	case tea.MouseWheelMsg:
		m.wheel(msg)
	case tea.MouseClickMsg:
		m.click(msg)
	case common.BankSelectedMsg:
		cmd = m.selectBank(msg.BankID)
	case common.ShowDocumentMsg:
		cmd = m.showDocument(msg)
	case common.MemoryChangedMsg:
		cmd = m.onMemoryChanged(msg)
	case searchDueMsg:
		if msg.seq == m.typedSeq {
			cmd = m.applySearch()
		}
	case listedMsg:
		cmd = m.onListed(msg)
	case detailMsg:
		cmd = m.onDetail(msg)
	case doneMsg:
		cmd = m.onDone(msg)
	case common.ActionMsg:
		cmd = m.do(msg.Kind)
	default:
		cmd = m.tags.Update(msg) // tag completions: late answers still fill the cache
	}
	m.syncKeys()
	m.settle()
	return m, cmd
}

// selectBank switches to another bank: the filters stay, everything loaded goes.
func (m *Model) selectBank(id string) tea.Cmd {
	if id == m.bank {
		return nil
	}
	m.bank = id
	m.tags.SetBank(id)
	m.open = false
	m.det.stop()
	m.det = detail{}
	if !m.activated {
		m.list = listState{seq: m.list.seq}
		return nil
	}
	return m.reload()
}

// showDocument opens a document another pane links to, scrolled to a chunk if set.
func (m *Model) showDocument(msg common.ShowDocumentMsg) tea.Cmd {
	if msg.DocumentID == "" {
		return nil
	}
	var cmds []tea.Cmd
	if msg.BankID != "" && msg.BankID != m.bank {
		m.activated = false // selectBank must not list twice
		cmds = append(cmds, m.selectBank(msg.BankID))
	}
	if !m.activated {
		m.activated = true
		cmds = append(cmds, m.reload())
	}
	cmds = append(cmds, m.openDocument(msg.DocumentID, msg.ChunkID))
	return tea.Batch(cmds...)
}
