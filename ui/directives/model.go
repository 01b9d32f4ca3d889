// Package directives is the Directives pane: a bank's hard rules for reflect, the
// inactive ones too, in the order the server applies them (highest priority first).
// space switches the selected directive on or off.
//
// The pane touches the network only once shown. Every list answer carries the
// sequence number of its request, so an answer that arrives after the user moved on
// (another bank, another reload) is dropped.
package directives

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
)

// listLimit is how many directives one request asks for, the server's maximum: reflect
// applies the first 100 active ones, so a bank rarely holds more.
const listLimit = 1000

// Model is the directives pane.
type Model struct {
	c       *common.Common
	keys    keymap.KeyMap
	width   int
	height  int
	focused bool

	bank      string
	activated bool // set when first shown; nothing is loaded before

	rows    []client.Directive // highest priority first, as the server lists them
	total   int
	loaded  bool
	loading bool
	err     error
	seq     int // the list request's sequence number
	cancel  context.CancelFunc

	cursor int
	offset int
	// keep is the directive a reload puts the cursor back on; keepName names it when
	// it has left the list.
	keep, keepName string

	spin     spinner.Model
	spinning bool

	pv preview // the applies-to preview
}

var (
	_ common.Pane     = (*Model)(nil)
	_ common.Copier   = (*Model)(nil)
	_ common.Actioner = (*Model)(nil)
)

// listMsg is the answer to a list request.
type listMsg struct {
	seq  int
	bank string
	list *client.DirectiveList
	err  error
}

// toggledMsg is the answer to switching a directive on or off.
type toggledMsg struct {
	bank string
	d    *client.Directive
	name string
	err  error
}

// New returns the directives pane; it loads nothing until it is first shown.
func New(c *common.Common) *Model {
	m := &Model{c: c, keys: c.Keys}
	m.spin = spinner.New(spinner.WithSpinner(spinner.MiniDot), spinner.WithStyle(c.Styles.Accent))
	return m
}

// Init implements common.Pane.
func (m *Model) Init() tea.Cmd { return nil }

// SetSize implements common.Pane.
func (m *Model) SetSize(width, height int) {
	m.width, m.height = max(width, 0), max(height, 0)
	if m.pv.tags != nil {
		m.pv.tags.SetWidth(m.previewTagsWidth())
	}
	m.ensureVisible()
}

// SetStyles implements common.Pane.
func (m *Model) SetStyles(st *styles.Styles) {
	m.spin.Style = st.Accent
	if m.pv.tags != nil {
		m.pv.tags.SetStyles(st)
	}
}

// Focus implements common.Pane. The first time, it loads the bank's directives.
func (m *Model) Focus() tea.Cmd {
	m.focused = true
	if m.activated {
		return nil
	}
	m.activated = true
	return m.load("")
}

// Blur implements common.Pane.
func (m *Model) Blur() { m.focused = false }

// Capturing implements common.Pane: while the preview's tags are typed.
func (m *Model) Capturing() bool { return m.pv.open && m.pv.tags.Focused() }

// Update implements common.Pane.
func (m *Model) Update(msg tea.Msg) (common.Pane, tea.Cmd) {
	var cmd tea.Cmd
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		cmd = m.handleKey(msg)
	case tea.PasteMsg:
		if m.Capturing() {
			cmd = m.pv.tags.Paste(msg)
		}
	case common.NewDirectiveMsg:
		cmd = m.newFrom(msg)
	case common.BankSelectedMsg:
		cmd = m.selectBank(msg.BankID)
	case listMsg:
		cmd = m.onList(msg)
	case toggledMsg:
		cmd = m.onToggled(msg)
	case deletedMsg:
		cmd = m.onDeleted(msg)
	case savedMsg:
		cmd = m.onSaved(msg)
	case common.ActionMsg:
		cmd = m.onAction(msg)
	case spinner.TickMsg:
		if msg.ID == m.spin.ID() {
			if !m.loading {
				m.spinning = false // let the tick chain end
				break
			}
			m.spin, cmd = m.spin.Update(msg)
		}
	default:
		if m.pv.tags != nil { // the preview's tag input: loaded tags, typing pauses
			cmd = m.pv.tags.Update(msg)
			m.ensureVisible()
		}
	}
	return m, cmd
}

// newFrom opens the form for a new directive filled from a reflect answer.
func (m *Model) newFrom(msg common.NewDirectiveMsg) tea.Cmd {
	if msg.BankID != m.bank {
		return common.Toast("the answer is of bank " + sanitize.Line(msg.BankID) + ", not the one shown: no directive form")
	}
	return m.openFormWith(nil, msg.Content, msg.Tags)
}

// selectBank switches to another bank; once the pane has been shown, its directives load.
func (m *Model) selectBank(id string) tea.Cmd {
	if id == m.bank {
		return nil
	}
	m.bank = id
	m.rows, m.total, m.loaded, m.err, m.cursor, m.offset = nil, 0, false, nil, 0, 0
	if m.pv.tags != nil {
		m.pv.tags.SetBank(id)
		m.pv.tags.SetTags(nil) // another bank's tags
	}
	m.judge()
	if !m.activated {
		m.stop()
		return nil
	}
	return m.load("")
}

// selected is the directive under the cursor, or nil.
func (m *Model) selected() *client.Directive {
	if m.cursor < 0 || m.cursor >= len(m.rows) {
		return nil
	}
	return &m.rows[m.cursor]
}

// stop cancels the list request in flight; its answer, if any, is dropped.
func (m *Model) stop() {
	m.seq++
	if m.cancel != nil {
		m.cancel()
		m.cancel = nil
	}
	m.loading = false
}

// refresh lists the directives again, the cursor going back to its directive
// wherever the new order puts it.
func (m *Model) refresh() tea.Cmd {
	if d := m.selected(); d != nil {
		m.keepName = common.ItemName(d.Name, d.ID)
		return m.load(d.ID)
	}
	return m.load("")
}

// load asks for every directive, the inactive ones too; keep is the directive the
// cursor goes back to once they are listed ("" = the first).
func (m *Model) load(keep string) tea.Cmd {
	m.stop()
	m.keep, m.err = keep, nil
	if m.bank == "" {
		return nil
	}
	m.loading = true
	ctx, cancel := m.c.Context(context.Background())
	m.cancel = cancel
	cl, bank, seq := m.c.Client, m.bank, m.seq
	all := false
	fetch := func() tea.Msg {
		defer cancel()
		l, err := cl.ListDirectives(ctx, bank, client.ListDirectivesParams{ActiveOnly: &all, Limit: listLimit})
		return listMsg{seq: seq, bank: bank, list: l, err: err}
	}
	if m.spinning {
		return fetch
	}
	m.spinning = true
	return tea.Batch(fetch, m.spin.Tick)
}

// onList shows a list answer, unless the user has moved on since it was asked for.
func (m *Model) onList(msg listMsg) tea.Cmd {
	if msg.seq != m.seq || msg.bank != m.bank {
		return nil
	}
	m.loading, m.cancel = false, nil
	if msg.err != nil {
		m.err = msg.err
		return nil
	}
	m.rows, m.total, m.loaded, m.err = msg.list.Items, msg.list.Total, true, nil
	keep := m.keep
	m.keep = ""
	var cmd tea.Cmd
	if keep != "" && !m.selectID(keep) {
		cmd = common.Toast(common.NoLongerListed(m.keepName, m.cursor+1))
	} else if keep == "" {
		m.cursor, m.offset = 0, 0
	}
	m.clamp()
	m.judge()
	return cmd
}

// selectID moves the cursor to the directive with id, if it is listed.
func (m *Model) selectID(id string) bool {
	for i := range m.rows {
		if m.rows[i].ID == id {
			m.cursor = i
			m.ensureVisible()
			return true
		}
	}
	return false
}

// toggle switches the selected directive on or off; nothing under --read-only.
func (m *Model) toggle() tea.Cmd {
	d := m.selected()
	if d == nil || m.c.ReadOnly || m.bank == "" {
		return nil
	}
	on := !d.IsActive
	ctx, cancel := m.c.Context(context.Background())
	cl, bank, id, name := m.c.Client, m.bank, d.ID, common.ItemName(d.Name, d.ID)
	return func() tea.Msg {
		defer cancel()
		out, err := cl.UpdateDirective(ctx, bank, id, client.UpdateDirectiveRequest{IsActive: &on})
		return toggledMsg{bank: bank, d: out, name: name, err: err}
	}
}

// onToggled puts the directive the server returned in its row and says what changed.
func (m *Model) onToggled(msg toggledMsg) tea.Cmd {
	if msg.err != nil {
		return common.Emit(common.ErrorMsg{Op: "switch directive " + msg.name, Err: msg.err})
	}
	if msg.bank != m.bank || msg.d == nil {
		return nil
	}
	for i := range m.rows {
		if m.rows[i].ID == msg.d.ID {
			m.rows[i] = *msg.d
		}
	}
	m.judge()
	state := "inactive: reflect no longer applies it"
	if msg.d.IsActive {
		state = "active: reflect applies it"
	}
	return common.Toast("Directive " + msg.name + " is " + state)
}

// Selection implements common.Copier.
func (m *Model) Selection() (id, what, jsonText string, ok bool) {
	d := m.selected()
	if d == nil {
		return "", "", "", false
	}
	b, err := json.MarshalIndent(d, "", "  ")
	if err != nil {
		return "", "", "", false
	}
	return d.ID, "directive " + sanitize.Line(d.Name), string(b), true
}

// handleKey handles a key while the pane has focus.
func (m *Model) handleKey(k tea.KeyPressMsg) tea.Cmd {
	if m.pv.open {
		return m.previewKey(k)
	}
	lk := m.keys.List
	switch {
	case key.Matches(k, lk.Up):
		m.move(-1)
	case key.Matches(k, lk.Down):
		m.move(1)
	case key.Matches(k, lk.PageUp):
		m.move(-m.rowsHeight())
	case key.Matches(k, lk.PageDown):
		m.move(m.rowsHeight())
	case key.Matches(k, lk.Top):
		m.move(-len(m.rows))
	case key.Matches(k, lk.Bottom):
		m.move(len(m.rows))
	case key.Matches(k, m.keys.Directives.Preview):
		return m.togglePreview()
	}
	return m.listKey(k)
}

// listKey handles the keys that act on the directive under the cursor, in the list
// and in the preview alike.
func (m *Model) listKey(k tea.KeyPressMsg) tea.Cmd {
	switch {
	case key.Matches(k, m.keys.Global.Refresh):
		return m.refresh()
	case key.Matches(k, m.keys.Directives.Toggle):
		return m.toggle()
	case key.Matches(k, m.keys.Directives.Delete):
		return m.confirmDelete()
	case key.Matches(k, m.keys.Directives.Create):
		return m.openForm(nil)
	case key.Matches(k, m.keys.Directives.Edit):
		return m.openForm(m.selected())
	}
	return nil
}

// move moves the cursor by n rows, within the list.
func (m *Model) move(n int) {
	m.cursor += n
	m.clamp()
}

// clamp keeps the cursor on a row and in view.
func (m *Model) clamp() {
	m.cursor = max(min(m.cursor, len(m.rows)-1), 0)
	m.ensureVisible()
}

// ensureVisible scrolls so that the cursor's row shows, in the list or the preview.
func (m *Model) ensureVisible() {
	h, cur := m.rowsHeight(), m.cursor
	if m.pv.open {
		cur = m.previewIndex()
	}
	if cur < m.offset {
		m.offset = cur
	}
	if cur >= m.offset+h {
		m.offset = cur - h + 1
	}
	m.offset = max(min(m.offset, len(m.rows)-h), 0)
}

// ShortHelp implements common.Pane. The toggle comes first: the footer drops the
// last keys first when it is narrow, and space is the pane's reason to be.
func (m *Model) ShortHelp() []key.Binding {
	if m.pv.open {
		return m.previewHelp()
	}
	lk, dk := m.keys.List, m.keys.Directives
	return []key.Binding{m.writeKey(dk.Toggle), dk.Preview, lk.Up, lk.Down, m.keys.Global.Refresh}
}

// FullHelp implements common.Pane.
func (m *Model) FullHelp() [][]key.Binding {
	lk := m.keys.List
	return [][]key.Binding{
		{lk.Up, lk.Down, lk.PageUp, lk.PageDown, lk.Top, lk.Bottom},
		{m.writeKey(m.keys.Directives.Toggle), m.writeKey(m.keys.Directives.Create), m.writeKey(m.keys.Directives.Edit),
			m.writeKey(m.keys.Directives.Delete), m.keys.Global.Refresh},
		{m.keys.Directives.Preview, m.keys.Directives.Tags, m.keys.Directives.Match, m.keys.Directives.All,
			m.keys.Directives.Leave},
	}
}

// writeKey is b, off under --read-only: it writes to the server.
func (m *Model) writeKey(b key.Binding) key.Binding {
	b.SetEnabled(!m.c.ReadOnly)
	return b
}
