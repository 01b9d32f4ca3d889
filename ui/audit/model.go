// Package audit is the audit log pane: what the server recorded of the calls made to
// the bank (over HTTP, MCP, and its own worker tasks), newest first, a page at a time.
// Each row has the call's time, action, transport, status and duration, and for a
// recall or reflect its query. / opens the filter bar (action, transport, a time
// range), enter shows an entry's request and response as indented JSON, t shows or
// hides the calls per action and day.
//
// The server records nothing unless the bank's audit_log_enabled config is on; the
// pane reads it, says when it is off, and A turns it on after a confirmation that
// names the bank (absent under --read-only).
//
// p on a recall entry replays it: common.ReplayRecallMsg opens the recall pane, which
// sends the logged request again and compares the logged answer ("then") with the
// new one ("now") in its A/B comparison.
//
// Every list carries a sequence number, so the answer for a list the user has moved
// on from (another bank, other filters, another page) is dropped; r keeps the
// selection by entry id.
package audit

import (
	"context"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/spinner"
	tea "charm.land/bubbletea/v2"

	"hindsight-tui/client"
	"hindsight-tui/keymap"
	"hindsight-tui/styles"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
)

// pageSize is how many entries a page asks for (the server's default).
const pageSize = 50

// auditKey is the bank config key that turns auditing on.
const auditKey = "audit_log_enabled"

// auditState is what the bank's config says of auditing.
type auditState int

const (
	auditUnknown auditState = iota // not read yet, or the config cannot be read
	auditOn
	auditOff
)

// Model is the audit log pane.
type Model struct {
	c       *common.Common
	keys    keymap.KeyMap
	own     keymap.Audit
	width   int
	height  int
	focused bool

	bank      string
	activated bool

	f     filters // as the bar edits them
	sent  filters // as last asked for
	bar   *components.FilterBar[filters]
	inBar bool
	bad   string // the filters' own problem (an unreadable date), or ""

	state  auditState
	cfgErr error

	offset, total int
	entries       []client.AuditLogEntry
	loaded        bool
	loading       bool
	err           error
	seq           int
	cancel        context.CancelFunc

	stats     []actionCounts
	statsErr  error
	showChart bool

	cursor  int
	keep    string // the entry id a reload puts the cursor back on
	seek    string // an entry another pane linked to: its absence is said
	actionW int    // the action column: the page's widest action, within bounds

	detail  bool
	dscroll int

	// Drawn in settle; View only reads them.
	lines []string

	spin     spinner.Model
	spinning bool
}

// The pane is not a common.Copier: y copies an entry's request, not its id, so it
// takes y, Y and W itself (copy.go).
var (
	_ common.Pane     = (*Model)(nil)
	_ common.Actioner = (*Model)(nil)
)

// loadedMsg answers one load: the page, the bank's audit switch and the chart.
type loadedMsg struct {
	seq      int
	bank     string
	list     *client.AuditLogList
	err      error
	state    auditState
	cfgErr   error
	stats    []actionCounts
	statsErr error
}

// enabledMsg says auditing was turned on for bank.
type enabledMsg struct{ bank string }

// New returns the pane; it lists nothing until it is first shown.
func New(c *common.Common) *Model {
	m := &Model{c: c, keys: c.Keys, own: c.Keys.Audit, showChart: true}
	m.spin = spinner.New(spinner.WithSpinner(spinner.MiniDot), spinner.WithStyle(c.Styles.Accent))
	m.bar = newBar(c)
	_ = m.bar.Bind("", &m.f)
	return m
}

// Init implements common.Pane.
func (m *Model) Init() tea.Cmd { return nil }

// SetSize implements common.Pane.
func (m *Model) SetSize(width, height int) {
	m.width, m.height = max(width, 0), max(height, 0)
	m.bar.SetWidth(m.width)
	m.settle()
}

// SetStyles implements common.Pane.
func (m *Model) SetStyles(st *styles.Styles) {
	m.spin.Style = st.Accent
	m.bar.SetStyles(st)
	m.settle()
}

// Focus implements common.Pane. It lists the bank's entries, again each time it is
// shown (keeping the selection): the calls made in other panes meanwhile are what
// one comes here to see.
func (m *Model) Focus() tea.Cmd {
	m.focused = true
	var cmd tea.Cmd
	if m.inBar {
		cmd = m.bar.Focus()
	}
	m.activated = true
	m.settle()
	return tea.Batch(cmd, m.reload())
}

// Blur implements common.Pane.
func (m *Model) Blur() {
	m.focused = false
	m.bar.Blur()
	m.settle()
}

// Capturing implements common.Pane: the filter bar takes typing while it is open.
func (m *Model) Capturing() bool { return m.focused && m.inBar }

// Update implements common.Pane.
func (m *Model) Update(msg tea.Msg) (common.Pane, tea.Cmd) {
	var cmd tea.Cmd
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		cmd = m.handleKey(msg)
	case tea.PasteMsg:
		if m.inBar {
			cmd = m.barInput(msg)
		}
	case common.BankSelectedMsg:
		cmd = m.selectBank(msg.BankID)
	case common.ShowAuditEntryMsg:
		cmd = m.showEntry(msg)
	case loadedMsg:
		cmd = m.onLoaded(msg)
	case enabledMsg:
		if msg.bank == m.bank {
			m.state = auditOn
			cmd = tea.Batch(common.Toast("auditing is on for "+m.bankName()), m.reload())
		}
	case common.ActionMsg:
		cmd = m.onAction(msg)
	case spinner.TickMsg:
		if msg.ID == m.spin.ID() {
			if !m.loading {
				m.spinning = false
				break
			}
			m.spin, cmd = m.spin.Update(msg)
		}
	default:
		cmd, _ = m.bar.Update(msg)
	}
	m.settle()
	return m, cmd
}

// selectBank switches to another bank: its filters and pages start afresh.
func (m *Model) selectBank(id string) tea.Cmd {
	if id == m.bank {
		return nil
	}
	m.stop()
	m.bank = id
	m.f, m.sent, m.bad = filters{}, filters{}, ""
	m.entries, m.loaded, m.err, m.stats, m.statsErr = nil, false, nil, nil, nil
	m.state, m.cfgErr = auditUnknown, nil
	m.offset, m.total, m.cursor, m.keep, m.seek, m.detail = 0, 0, 0, "", "", false
	cmd := m.bar.Bind(id, &m.f)
	if !m.activated {
		return cmd
	}
	return tea.Batch(cmd, m.load())
}

// showEntry is another pane's link to an entry: the bank's entries from the newest,
// without filters, the cursor on it (the load says when the first page lacks it).
func (m *Model) showEntry(msg common.ShowAuditEntryMsg) tea.Cmd {
	cmd := m.selectBank(msg.BankID)
	m.activated = true
	m.f, m.offset, m.detail = filters{}, 0, false
	m.leaveBar()
	m.keep, m.seek = msg.EntryID, msg.EntryID
	return tea.Batch(cmd, m.bar.Sync(), m.load())
}

// stop cancels the load in flight; its answer, if any, is dropped.
func (m *Model) stop() {
	m.seq++
	if m.cancel != nil {
		m.cancel()
		m.cancel = nil
	}
	m.loading = false
}

// reload lists the current page again, keeping the selected entry.
func (m *Model) reload() tea.Cmd {
	if e := m.selected(); e != nil && m.keep == "" {
		m.keep = e.ID
	}
	return m.load()
}

// load asks, in one command, for the page at m.offset with the sent filters, the
// bank's audit switch and the week's counts per action.
func (m *Model) load() tea.Cmd {
	m.stop()
	if m.bank == "" {
		return nil
	}
	p, err := m.f.params(m.c.Now())
	if err != nil {
		m.bad = err.Error()
		return nil
	}
	m.bad = ""
	p.Offset, p.Limit = m.offset, pageSize
	m.loading = true
	m.sent = m.f
	ctx, cancel := m.c.Context(context.Background())
	m.cancel = cancel
	cl, bank, seq, action := m.c.Client, m.bank, m.seq, m.f.action
	return tea.Batch(func() tea.Msg {
		defer cancel()
		out := loadedMsg{seq: seq, bank: bank}
		out.list, out.err = cl.ListAuditLogs(ctx, bank, p)
		out.state, out.cfgErr = readSwitch(ctx, cl, bank)
		out.stats, out.statsErr = loadStats(ctx, cl, bank, action)
		return out
	}, m.tick())
}

// readSwitch reads whether the bank audits; a server without the config API answers
// unknown, with no error to show.
func readSwitch(ctx context.Context, cl *client.Client, bank string) (auditState, error) {
	cfg, err := cl.GetBankConfig(ctx, bank)
	if err != nil {
		if client.IsNotFound(err) {
			return auditUnknown, nil
		}
		return auditUnknown, err
	}
	var on bool
	if !cfg.Decode(auditKey, &on) {
		return auditUnknown, nil
	}
	if on {
		return auditOn, nil
	}
	return auditOff, nil
}

// tick starts the spinner unless it already turns.
func (m *Model) tick() tea.Cmd {
	if m.spinning {
		return nil
	}
	m.spinning = true
	return m.spin.Tick
}

// onLoaded shows a page, unless the user has moved on since it was asked for.
func (m *Model) onLoaded(msg loadedMsg) tea.Cmd {
	if msg.seq != m.seq || msg.bank != m.bank {
		return nil
	}
	m.loading, m.cancel = false, nil
	m.state, m.cfgErr = msg.state, msg.cfgErr
	m.stats, m.statsErr = msg.stats, msg.statsErr
	if msg.err != nil {
		m.err = msg.err
		return nil
	}
	m.err, m.loaded = nil, true
	m.total = msg.list.Total
	m.entries = msg.list.Items
	m.actionW = actionWidth(m.entries)
	var missing tea.Cmd
	m.cursor = 0
	for i := range m.entries {
		if m.entries[i].ID == m.keep && m.keep != "" {
			m.cursor = i
		}
	}
	if m.seek != "" && (m.selected() == nil || m.selected().ID != m.seek) {
		missing = common.Toast("audit entry " + common.ShortID(m.seek) + " is not among the newest " +
			common.Plural(len(m.entries), "entry", "entries") + ": ] pages back")
	}
	m.keep, m.seek = "", ""
	if m.selected() == nil {
		m.detail = false
	}
	return missing
}

// selected is the entry under the cursor, or nil.
func (m *Model) selected() *client.AuditLogEntry {
	if m.cursor < 0 || m.cursor >= len(m.entries) {
		return nil
	}
	return &m.entries[m.cursor]
}

// canEnable reports whether A may be offered: a write, so never read-only, and only
// while the bank's config says auditing is off.
func (m *Model) canEnable() bool {
	return !m.c.ReadOnly && m.bank != "" && m.state == auditOff
}

// canReplay reports whether p may be offered: on a recall entry.
func (m *Model) canReplay() bool {
	e := m.selected()
	return e != nil && e.Action == "recall"
}

// handleKey acts on a key.
func (m *Model) handleKey(k tea.KeyPressMsg) tea.Cmd {
	if m.inBar {
		return m.barInput(k)
	}
	kl, kg, o := m.keys.List, m.keys.Global, m.own
	switch {
	case key.Matches(k, kg.Refresh):
		return m.reload()
	case key.Matches(k, kg.CopyID, kg.CopyJSON, kg.SaveJSON):
		return m.copyKey(k)
	case key.Matches(k, o.Enable) && m.canEnable():
		return m.confirmEnable()
	case key.Matches(k, o.Replay) && m.canReplay():
		return m.replay()
	}
	if m.detail {
		page := max(m.detailHeight()-1, 1)
		switch {
		case key.Matches(k, kl.Back):
			m.detail = false
		case key.Matches(k, kl.Down):
			m.dscroll++
		case key.Matches(k, kl.Up):
			m.dscroll--
		case key.Matches(k, kl.PageDown):
			m.dscroll += page
		case key.Matches(k, kl.PageUp):
			m.dscroll -= page
		case key.Matches(k, kl.Top):
			m.dscroll = 0
		case key.Matches(k, kl.Bottom):
			m.dscroll = 1 << 30
		}
		return nil
	}
	switch {
	case key.Matches(k, kl.Back) && m.loading:
		m.stop()
		return common.Toast("listing cancelled")
	case key.Matches(k, kl.Down):
		m.move(1)
	case key.Matches(k, kl.Up):
		m.move(-1)
	case key.Matches(k, kl.PageDown):
		m.move(max(m.listHeight()-1, 1))
	case key.Matches(k, kl.PageUp):
		m.move(-max(m.listHeight()-1, 1))
	case key.Matches(k, kl.Top):
		m.cursor = 0
	case key.Matches(k, kl.Bottom):
		m.cursor = max(len(m.entries)-1, 0)
	case key.Matches(k, kl.Open):
		if m.selected() != nil {
			m.detail, m.dscroll = true, 0
		}
	case key.Matches(k, kl.Filter):
		m.inBar = true
		return m.bar.Focus()
	case key.Matches(k, o.Chart):
		m.showChart = !m.showChart
	case key.Matches(k, o.NextPage):
		if m.offset+pageSize < m.total {
			m.offset += pageSize
			return m.load()
		}
	case key.Matches(k, o.PrevPage):
		if m.offset > 0 {
			m.offset = max(m.offset-pageSize, 0)
			return m.load()
		}
	}
	return nil
}

// move moves the cursor by d entries.
func (m *Model) move(d int) {
	m.cursor = min(max(m.cursor+d, 0), max(len(m.entries)-1, 0))
}

// leaveBar gives the keys back to the list.
func (m *Model) leaveBar() {
	m.inBar = false
	m.bar.Blur()
}

// barInput hands a key or a paste to the filter bar; a changed choice lists again at
// once, typed dates when they are submitted or the bar is left.
func (m *Model) barInput(msg tea.Msg) tea.Cmd {
	cmd, ev := m.bar.Update(msg)
	switch ev {
	case components.FilterChanged:
		if m.bar.Cursor() < cycleItems {
			return tea.Batch(cmd, m.refilter())
		}
	case components.FilterSubmit, components.FilterLeave:
		m.leaveBar()
		if m.f != m.sent || m.bad != "" {
			return tea.Batch(cmd, m.refilter())
		}
	}
	return cmd
}

// refilter lists the first page for the changed filters.
func (m *Model) refilter() tea.Cmd {
	m.offset = 0
	return m.load()
}

// bankName is the bank's id, one safe line.
func (m *Model) bankName() string { return safeLine(m.bank) }

// SelectedID is the id of the entry under the cursor ("" when none).
func (m *Model) SelectedID() string {
	if e := m.selected(); e != nil {
		return e.ID
	}
	return ""
}
