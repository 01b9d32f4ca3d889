// Package models is the mental models pane: a bank's stored, self-refreshing reflect
// answers, listed with their tags and match mode, the server's staleness and why, when
// they last refreshed and when their cron fires next, their mode and size; / filters
// the loaded models by name, id or tag. Enter opens one: its content drawn as markdown
// (cached per width and theme), its configuration and its version history, whose older
// contents [ and ] bring into view.
package models

import (
	"context"
	"encoding/json"
	"slices"
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/spinner"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"hindsight-tui/client"
	"hindsight-tui/keymap"
	"hindsight-tui/sanitize"
	"hindsight-tui/styles"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
)

// Model is the mental models pane.
type Model struct {
	c       *common.Common
	keys    keymap.KeyMap // this pane's copy: bindings are disabled here, not globally
	width   int
	height  int
	focused bool

	bank      string
	activated bool

	filter    textinput.Model
	filtering bool
	visible   []int // indexes into list.items that pass the filter

	list   listState
	cursor int    // index into visible
	keep   string // the id the cursor stays on across a reload
	offset int
	rowsH  int

	det  detail
	open bool

	spin spinner.Model
	md   *components.MarkdownCache

	follow   map[string]following // refreshes this pane started, by model id
	outcomes map[string]outcome   // how each followed refresh ended, by model id
	dry      dryRun               // the dry-run refresh in view
	// justScrolled says the last key only scrolled, so settle keeps the laid-out lines
	justScrolled bool
	rot          rotState // evidence rot: what became of the memories the models cite
}

// listState is the loaded models and the request filling them.
type listState struct {
	items  []client.MentalModel
	total  int
	loaded bool
	busy   bool
	seq    int
	cancel context.CancelFunc
	err    error
}

var (
	_ common.Pane   = (*Model)(nil)
	_ common.Copier = (*Model)(nil)
)

// New returns the mental models pane; it loads nothing until it is first shown.
func New(c *common.Common) *Model {
	m := &Model{c: c, keys: c.Keys, md: components.NewMarkdownCache(), follow: map[string]following{}, outcomes: map[string]outcome{}}
	m.keys.List.Filter.SetHelp(m.keys.List.Filter.Help().Key, keymap.FilterDesc("names, ids, tags", false))
	m.filter = components.NewInput(c.Styles, "/ ", "filter the loaded models")
	m.spin = spinner.New(spinner.WithSpinner(spinner.MiniDot), spinner.WithStyle(c.Styles.Accent))
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

// SetStyles implements common.Pane: the filter and spinner take the new colours and
// the open model is drawn again (its markdown cache is per theme).
func (m *Model) SetStyles(st *styles.Styles) {
	m.filter.SetStyles(components.InputStyles(st))
	m.spin.Style = st.Accent
	m.settle()
}

// Focus implements common.Pane. The first time, it lists the bank's models.
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

// Capturing implements common.Pane: true while the filter box has focus.
func (m *Model) Capturing() bool { return m.filtering }

// Update implements common.Pane.
func (m *Model) Update(msg tea.Msg) (common.Pane, tea.Cmd) {
	var cmd tea.Cmd
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		cmd = m.handleKey(msg)
	case tea.PasteMsg:
		if m.filtering {
			m.filter, cmd = m.filter.Update(msg)
			m.applyFilter()
		}
	case common.BankSelectedMsg:
		cmd = m.selectBank(msg.BankID)
	case listedMsg:
		cmd = m.onListed(msg)
	case detailMsg:
		cmd = m.onDetail(msg)
	case refreshStartedMsg:
		cmd = m.onRefreshStarted(msg)
	case pollMsg:
		cmd = m.onPoll(msg)
	case polledMsg:
		cmd = m.onPolled(msg)
	case savedMsg:
		cmd = m.onSaved(msg)
	case clearedMsg:
		cmd = m.onCleared(msg)
	case deletedMsg:
		cmd = m.onDeleted(msg)
	case dryRunMsg:
		cmd = m.onDryRun(msg)
	case common.ActionMsg:
		cmd = m.onAction(msg)
	case rotMsg, common.MemoryChangedMsg, common.BanksChangedMsg:
		cmd = m.updateRot(msg)
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
func (m *Model) loading() bool {
	return m.list.busy || m.det.busy || m.dry.busy || m.rot.busy || len(m.follow) > 0
}

// selectBank switches to another bank: the filter stays, everything loaded goes.
func (m *Model) selectBank(id string) tea.Cmd {
	if id == m.bank {
		return nil
	}
	m.bank = id
	m.open = false
	m.det.stop()
	m.closeDryRun()
	clear(m.follow) // the operations pane still follows them and says how they end
	clear(m.outcomes)
	m.det = detail{seq: m.det.seq}
	m.keep = ""
	m.stopList()
	m.list = listState{seq: m.list.seq}
	m.resetRot()
	m.applyFilter()
	if !m.activated {
		return nil
	}
	return m.reload()
}

// handleKey routes a key press.
func (m *Model) handleKey(k tea.KeyPressMsg) tea.Cmd {
	kl, km := m.keys.List, m.keys.Models
	if m.filtering {
		if key.Matches(k, km.Leave) {
			m.filtering = false
			m.filter.Blur()
			return nil
		}
		var cmd tea.Cmd
		m.filter, cmd = m.filter.Update(k)
		m.applyFilter()
		return cmd
	}
	if m.dry.active {
		return m.dryKey(k)
	}
	if cmd, ok := m.rotKey(k); ok {
		return cmd
	}
	if cmd, ok := m.actionKey(k); ok {
		return cmd
	}
	if m.open {
		return m.detailKey(k)
	}
	switch {
	case key.Matches(k, m.keys.Global.Refresh):
		return m.reload()
	case key.Matches(k, kl.Filter):
		m.filtering = true
		return m.filter.Focus()
	case key.Matches(k, kl.Back) && m.filter.Value() != "":
		m.filter.SetValue("")
		m.applyFilter()
	case key.Matches(k, kl.Open):
		if mm := m.selected(); mm != nil {
			return m.openModel(mm.ID)
		}
	case key.Matches(k, kl.Up):
		m.moveTo(m.cursor - 1)
	case key.Matches(k, kl.Down):
		m.moveTo(m.cursor + 1)
	case key.Matches(k, kl.PageUp):
		m.moveTo(m.cursor - max(m.rowsH, 1))
	case key.Matches(k, kl.PageDown):
		m.moveTo(m.cursor + max(m.rowsH, 1))
	case key.Matches(k, kl.Top):
		m.moveTo(0)
	case key.Matches(k, kl.Bottom):
		m.moveTo(1 << 30)
	}
	return nil
}

// detailKey scrolls the open model and moves through its versions.
func (m *Model) detailKey(k tea.KeyPressMsg) tea.Cmd {
	kl, km := m.keys.List, m.keys.Models
	switch {
	case key.Matches(k, kl.Back):
		m.open = false
		m.det.stop()
	case key.Matches(k, m.keys.Global.Refresh):
		return tea.Batch(m.reload(), m.openModel(m.det.id))
	case key.Matches(k, km.OlderVersion):
		m.det.version = min(m.det.version+1, len(m.det.history)-1)
		m.det.toContent = true
	case key.Matches(k, km.NewerVersion):
		m.det.version = max(m.det.version-1, -1)
		m.det.toContent = true
	case key.Matches(k, km.Diff):
		m.det.diff = !m.det.diff
		m.det.toContent = true
	case key.Matches(k, km.Mark):
		if m.det.mark == m.det.version {
			m.det.mark = noMark
		} else {
			m.det.mark = m.det.version
		}
	default:
		m.scrollKey(k, &m.det.scroll)
	}
	return nil
}

// scrollKey moves a scrolled view (the open model, the dry run) by a line, a page or
// to an end; settle clamps it.
func (m *Model) scrollKey(k tea.KeyPressMsg, scroll *int) {
	kl, km, page := m.keys.List, m.keys.Models, max(m.height-2, 1)
	m.justScrolled = true
	switch {
	case key.Matches(k, kl.Up, km.TextUp):
		*scroll--
	case key.Matches(k, kl.Down, km.TextDown):
		*scroll++
	case key.Matches(k, kl.PageUp):
		*scroll -= page
	case key.Matches(k, kl.PageDown):
		*scroll += page
	case key.Matches(k, kl.Top):
		*scroll = 0
	case key.Matches(k, kl.Bottom):
		*scroll = 1 << 30
	}
}

// actionKey runs the writes, in the list and the open model alike (they act on the
// open model, else the selected one). ok is false for any other key.
func (m *Model) actionKey(k tea.KeyPressMsg) (tea.Cmd, bool) {
	km := m.keys.Models
	mm := m.current()
	switch {
	case key.Matches(k, km.Create):
		return m.openForm(nil), true
	case mm == nil:
		return nil, false
	case key.Matches(k, km.Edit):
		return m.openForm(mm), true
	case key.Matches(k, km.Delete):
		return m.confirmDelete(), true
	case key.Matches(k, km.Refresh):
		return m.refresh(mm.ID), true
	case key.Matches(k, km.DryRun):
		return m.startDryRun(), true
	case key.Matches(k, km.Clear):
		return m.confirmClear(), true
	}
	return nil, false
}

// dryKey scrolls the dry run; F refreshes for real, d runs it again, esc goes back.
func (m *Model) dryKey(k tea.KeyPressMsg) tea.Cmd {
	kl, km := m.keys.List, m.keys.Models
	switch {
	case key.Matches(k, kl.Back):
		m.closeDryRun()
	case key.Matches(k, km.Refresh):
		id := m.dry.id
		m.closeDryRun()
		return m.refresh(id)
	case key.Matches(k, km.DryRun):
		if mm := m.current(); mm != nil && mm.ID == m.dry.id {
			return m.startDryRun()
		}
	default:
		m.scrollKey(k, &m.dry.scroll)
	}
	return nil
}

// applyFilter recomputes the rows that pass the filter, keeping the cursor on its model.
func (m *Model) applyFilter() {
	keep := ""
	if mm := m.selected(); mm != nil {
		keep = mm.ID
	}
	q := strings.ToLower(strings.TrimSpace(m.filter.Value()))
	m.visible = m.visible[:0]
	for i := range m.list.items {
		mm := &m.list.items[i]
		hay := strings.ToLower(mm.Name + "\x00" + mm.ID + "\x00" + strings.Join(mm.Tags, "\x00"))
		if q == "" || strings.Contains(hay, q) {
			m.visible = append(m.visible, i)
		}
	}
	m.cursor = max(slices.IndexFunc(m.visible, func(i int) bool { return m.list.items[i].ID == keep }), 0)
	m.ensureVisible()
}

// selected is the model under the cursor, or nil.
func (m *Model) selected() *client.MentalModel {
	if m.cursor < 0 || m.cursor >= len(m.visible) {
		return nil
	}
	return &m.list.items[m.visible[m.cursor]]
}

// moveTo selects row i (clamped).
func (m *Model) moveTo(i int) {
	if len(m.visible) == 0 {
		return
	}
	m.cursor = min(max(i, 0), len(m.visible)-1)
	m.ensureVisible()
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
	m.offset = min(max(m.offset, 0), max(len(m.visible)-n, 0))
}

// syncKeys enables the bindings that act now.
func (m *Model) syncKeys() {
	km := &m.keys.Models
	km.TextUp.SetEnabled(m.open)
	km.TextDown.SetEnabled(m.open)
	km.OlderVersion.SetEnabled(m.open && m.det.version < len(m.det.history)-1)
	km.NewerVersion.SetEnabled(m.open && m.det.version > -1)
	km.Diff.SetEnabled(m.open && len(m.det.history) > 0)
	if m.det.diff {
		km.Diff.SetHelp(km.Diff.Help().Key, "show content")
	} else {
		km.Diff.SetHelp(km.Diff.Help().Key, m.c.Keys.Models.Diff.Help().Desc)
	}
	km.Mark.SetEnabled(m.open && len(m.det.history) > 0)
	writes, has := !m.c.ReadOnly && m.bank != "", m.current() != nil
	km.Create.SetEnabled(writes)
	for _, b := range []*key.Binding{&km.Edit, &km.Delete, &km.Refresh, &km.DryRun, &km.Clear} {
		b.SetEnabled(writes && has)
	}
	m.syncRotKeys()
}

// ShortHelp implements common.Pane.
func (m *Model) ShortHelp() []key.Binding {
	kl, km := m.keys.List, m.keys.Models
	switch {
	case m.filtering:
		return []key.Binding{km.Leave}
	case m.dry.active:
		return []key.Binding{kl.Back, km.Refresh, km.TextDown, km.DryRun}
	case m.open:
		return []key.Binding{kl.Back, km.OlderVersion, km.NewerVersion, km.Diff, km.Refresh, km.DryRun, km.Mark, km.Edit, km.TextDown, m.keys.Global.Refresh}
	}
	return []key.Binding{kl.Open, kl.Filter, km.Refresh, km.DryRun, km.Create, km.Edit, km.Delete, m.keys.Global.Refresh}
}

// FullHelp implements common.Pane.
func (m *Model) FullHelp() [][]key.Binding {
	kl, km := m.keys.List, m.keys.Models
	return [][]key.Binding{
		{kl.Up, kl.Down, kl.PageUp, kl.PageDown, kl.Top, kl.Bottom, kl.Open, kl.Back},
		{kl.Filter, km.Leave, m.keys.Global.Refresh},
		{km.TextDown, km.TextUp, km.OlderVersion, km.NewerVersion, km.Diff, km.Mark, km.NextGone},
		{km.Create, km.Edit, km.Refresh, km.DryRun, km.Clear, km.Delete},
	}
}

// Selection implements common.Copier: the open model, else the selected one.
func (m *Model) Selection() (id, what, jsonText string, ok bool) {
	mm := m.selected()
	if m.open {
		mm = m.det.model
	}
	if mm == nil {
		return "", "", "", false
	}
	b, err := json.MarshalIndent(mm, "", "  ")
	if err != nil {
		return "", "", "", false
	}
	return mm.ID, "mental model " + sanitize.Line(mm.ID), string(b), true
}
