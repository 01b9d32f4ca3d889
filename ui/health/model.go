// Package health is the Health pane: the bank checks of package health (the ones
// `doctor --bank` prints) for the current bank, one row each, enter showing a check's
// evidence, and a one-key fix (f) where a check has one: queue a consolidation,
// recover failed consolidation, clear the observations built on one source memory of
// a near-duplicate, refresh a stale mental model. A fix confirms, naming what it acts
// on, announces its operation (the Operations pane follows it too), follows it here
// and runs the checks again once it has ended. Under --read-only there are no fixes.
//
// The checks run in one command (package health makes the requests one after
// another, each bounded); r runs them again, esc stops a run. Every run carries a
// sequence number, so an answer for a run the user has moved on from (another bank,
// a newer run) is dropped. Each finished run is announced with common.BankHealthMsg,
// so the bank list marks a failing bank and the overview names its failing checks.
package health

import (
	"context"
	"encoding/json"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/spinner"
	tea "charm.land/bubbletea/v2"

	"hindsight-tui/client"
	hc "hindsight-tui/health"
	"hindsight-tui/keymap"
	"hindsight-tui/styles"
	"hindsight-tui/ui/common"
)

// Model is the health pane.
type Model struct {
	c       *common.Common
	keys    keymap.KeyMap
	own     keymap.Health // this pane's copy: Fix is disabled here, not globally
	width   int
	height  int
	focused bool

	bank      string
	activated bool // set when first shown; nothing runs before

	report  *hc.BankReport // the last run's checks, in report order
	loading bool
	seq     int // the run's sequence number
	cancel  context.CancelFunc

	cursor   int               // the selected check
	keep     string            // the check id a run puts the cursor back on
	expanded map[string]bool   // checks whose evidence shows, by id
	item     map[string]string // the pair or model chosen in a check's evidence (itemKeys), by check id

	follow map[string]following // operations a fix started, by operation id

	// lines are the pane's content as settle drew it; rowLine[i] is the line of
	// check i's row, offset the first line in view.
	lines    []string
	rowLine  []int
	itemLine int // the line of the chosen pair or model in the selected check, or -1
	offset   int
	reveal   reveal                   // what settle scrolls into view next
	drawn    map[string]evidenceDrawn // each open check's evidence as drawn, by check id

	spin     spinner.Model
	spinning bool
}

var (
	_ common.Pane     = (*Model)(nil)
	_ common.Copier   = (*Model)(nil)
	_ common.Actioner = (*Model)(nil)
)

// reportMsg is the answer to one run of the checks.
type reportMsg struct {
	seq    int
	bank   string
	report hc.BankReport
}

// New returns the health pane; it runs nothing until it is first shown.
func New(c *common.Common) *Model {
	m := &Model{c: c, keys: c.Keys, own: c.Keys.Health, expanded: map[string]bool{}, item: map[string]string{},
		follow: map[string]following{}, drawn: map[string]evidenceDrawn{}}
	m.spin = spinner.New(spinner.WithSpinner(spinner.MiniDot), spinner.WithStyle(c.Styles.Accent))
	m.own.Fix.SetEnabled(!c.ReadOnly)
	return m
}

// Init implements common.Pane.
func (m *Model) Init() tea.Cmd { return nil }

// SetSize implements common.Pane.
func (m *Model) SetSize(width, height int) {
	m.width, m.height = max(width, 0), max(height, 0)
	m.settle()
}

// SetStyles implements common.Pane.
func (m *Model) SetStyles(st *styles.Styles) {
	m.spin.Style = st.Accent
	m.settle()
}

// Focus implements common.Pane. The first time, it runs the checks.
func (m *Model) Focus() tea.Cmd {
	m.focused = true
	m.settle()
	if m.activated {
		return nil
	}
	m.activated = true
	return m.run(false)
}

// Blur implements common.Pane.
func (m *Model) Blur() {
	m.focused = false
	m.settle()
}

// Capturing implements common.Pane: the pane has no text field.
func (m *Model) Capturing() bool { return false }

// Update implements common.Pane.
func (m *Model) Update(msg tea.Msg) (common.Pane, tea.Cmd) {
	var cmd tea.Cmd
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		cmd = m.handleKey(msg)
	case common.BankSelectedMsg:
		cmd = m.selectBank(msg.BankID)
	case reportMsg:
		cmd = m.onReport(msg)
	case fixStartedMsg:
		cmd = m.onFixStarted(msg)
	case pollMsg:
		cmd = m.onPoll(msg)
	case polledMsg:
		cmd = m.onPolled(msg)
	case common.ActionMsg:
		cmd = m.onAction(msg)
	case spinner.TickMsg:
		if msg.ID == m.spin.ID() {
			if !m.busy() {
				m.spinning = false // let the tick chain end
				break
			}
			m.spin, cmd = m.spin.Update(msg)
		}
	}
	m.settle()
	return m, cmd
}

// syncKeys offers f only on a check with a one-key fix, and never read-only.
func (m *Model) syncKeys() {
	kind := ""
	if c := m.selected(); c != nil {
		kind, _ = fixOf(c)
	}
	m.own.Fix.SetEnabled(!m.c.ReadOnly && kind != "")
}

// busy reports whether a run or a followed fix is under way (the spinner turns).
func (m *Model) busy() bool { return m.loading || len(m.follow) > 0 }

// tick starts the spinner unless it already turns.
func (m *Model) tick() tea.Cmd {
	if m.spinning {
		return nil
	}
	m.spinning = true
	return m.spin.Tick
}

// selectBank switches to another bank: what was shown and followed belongs to the old
// one. Once the pane has been shown, the new bank's checks run.
func (m *Model) selectBank(id string) tea.Cmd {
	if id == m.bank {
		return nil
	}
	m.stop()
	m.bank = id
	m.report, m.cursor, m.offset, m.keep = nil, 0, 0, ""
	m.expanded, m.item, m.follow = map[string]bool{}, map[string]string{}, map[string]following{}
	if !m.activated {
		return nil
	}
	return m.run(false)
}

// stop cancels the run in flight; its answer, if any, is dropped.
func (m *Model) stop() {
	m.seq++
	if m.cancel != nil {
		m.cancel()
		m.cancel = nil
	}
	m.loading = false
}

// run runs every check on the bank, the LLM probe only when asked (probe: it costs a
// small LLM call per configured provider), the cursor going back to the selected
// check once they are in.
func (m *Model) run(probe bool) tea.Cmd {
	m.stop()
	if m.bank == "" {
		return nil
	}
	if c := m.selected(); c != nil {
		m.keep = c.ID
	}
	m.loading = true
	ctx, cancel := m.c.Context(context.Background())
	m.cancel = cancel
	cl, bank, seq, opts := m.c.Client, m.bank, m.seq, hc.Options{Timeout: m.c.Timeout, ProbeLLM: probe}
	return tea.Batch(func() tea.Msg {
		defer cancel()
		return reportMsg{seq: seq, bank: bank, report: hc.Run(ctx, cl, bank, opts)}
	}, m.tick())
}

// onReport shows a run's checks, unless the user has moved on since it started, and
// announces the bank's health to the bank list and the overview.
func (m *Model) onReport(msg reportMsg) tea.Cmd {
	if msg.seq != m.seq || msg.bank != m.bank {
		return nil
	}
	m.loading, m.cancel = false, nil
	r := msg.report
	m.report = &r
	m.cursor = 0
	for i, c := range r.Checks {
		if c.ID == m.keep {
			m.cursor = i
		}
	}
	m.keep = ""
	m.reveal = revealRow
	return common.Emit(common.BankHealthMsg{BankID: r.BankID, Worst: string(r.Worst()), Failing: r.Failing(), Full: true})
}

// checks are the last run's checks (none before the first answer).
func (m *Model) checks() []hc.Check {
	if m.report == nil {
		return nil
	}
	return m.report.Checks
}

// selected is the check under the cursor, or nil.
func (m *Model) selected() *hc.Check {
	cs := m.checks()
	if m.cursor < 0 || m.cursor >= len(cs) {
		return nil
	}
	return &cs[m.cursor]
}

// Selection implements common.Copier: the selected check, as doctor --json would
// print it with its evidence.
func (m *Model) Selection() (id, what, jsonText string, ok bool) {
	c := m.selected()
	if c == nil {
		return "", "", "", false
	}
	b, err := json.MarshalIndent(c, "", "  ")
	if err != nil {
		return "", "", "", false
	}
	return c.ID, "check " + c.ID, string(b), true
}

// handleKey handles a key while the pane has focus.
func (m *Model) handleKey(k tea.KeyPressMsg) tea.Cmd {
	lk := m.keys.List
	n := len(m.checks())
	switch {
	case key.Matches(k, lk.Up):
		m.move(-1)
	case key.Matches(k, lk.Down):
		m.move(1)
	case key.Matches(k, lk.PageUp):
		m.scroll(-max(m.height-2, 1))
	case key.Matches(k, lk.PageDown):
		m.scroll(max(m.height-2, 1))
	case key.Matches(k, lk.Top):
		m.move(-n)
	case key.Matches(k, lk.Bottom):
		m.move(n)
	case key.Matches(k, lk.Open):
		if c := m.selected(); c != nil {
			m.expanded[c.ID] = !m.expanded[c.ID]
			m.reveal = revealRow
		}
	case key.Matches(k, lk.Back):
		if m.loading {
			m.stop()
			return common.Toast("Stopped the health checks")
		}
		if c := m.selected(); c != nil {
			m.expanded[c.ID] = false
		}
	case key.Matches(k, m.keys.Global.Refresh):
		return m.run(false)
	case key.Matches(k, m.own.Probe):
		return m.run(true)
	case key.Matches(k, m.own.NextItem):
		m.moveItem(1)
	case key.Matches(k, m.own.PrevItem):
		m.moveItem(-1)
	case key.Matches(k, m.own.Fix):
		return m.fix()
	}
	return nil
}

// move moves the cursor by n checks; the view follows in settle.
func (m *Model) move(n int) {
	m.cursor = max(min(m.cursor+n, len(m.checks())-1), 0)
	m.reveal = revealRow
}

// scroll moves the view by n lines and the cursor to the check the view then starts in.
func (m *Model) scroll(n int) {
	m.offset = max(m.offset+n, 0)
	for i, l := range m.rowLine {
		if l <= m.offset {
			m.cursor = i
		}
	}
	if n > 0 && m.offset >= len(m.lines)-m.height {
		m.cursor = len(m.checks()) - 1
	}
}

// ShortHelp implements common.Pane.
func (m *Model) ShortHelp() []key.Binding {
	lk := m.keys.List
	// The fix first: where the footer is narrow, the keys at its end give way.
	return []key.Binding{lk.Up, lk.Down, m.own.Fix, m.openKey(), m.runKey()}
}

// FullHelp implements common.Pane.
func (m *Model) FullHelp() [][]key.Binding {
	lk := m.keys.List
	return [][]key.Binding{
		{lk.Up, lk.Down, lk.PageUp, lk.PageDown, lk.Top, lk.Bottom},
		{m.openKey(), m.own.NextItem, m.own.PrevItem, m.own.Fix, m.runKey(), m.own.Probe, m.stopKey()},
	}
}

// openKey is enter, said as what it does here.
func (m *Model) openKey() key.Binding {
	b := m.keys.List.Open
	b.SetHelp(b.Help().Key, "evidence")
	return b
}

// runKey is r, said as what it does here.
func (m *Model) runKey() key.Binding {
	b := m.keys.Global.Refresh
	b.SetHelp(b.Help().Key, "run checks again")
	return b
}

// stopKey is esc, said as what it does here.
func (m *Model) stopKey() key.Binding {
	b := m.keys.List.Back
	b.SetHelp(b.Help().Key, "stop run/fold")
	return b
}

// errOp reports a failed request to the error log (not one the user cancelled).
func errOp(what string, err error) tea.Cmd {
	if client.IsCanceled(err) {
		return nil
	}
	return common.Emit(common.ErrorMsg{Op: what, Err: err})
}
