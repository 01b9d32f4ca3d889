// Package tail is the Live tail: one timeline, newest first, of what happens in the
// current bank (or, with b, in every bank): background operations as they are created
// and finish, audited calls (with the query of a recall or reflect) and failed LLM
// requests. It follows by polling while it is shown, through Common.After: every 2 s
// while something changes, doubling to 30 s while nothing does, fast again after a
// change or a key. p pauses (no polling at all; the timeline stays still); o, a and e
// show or hide each kind; enter opens an event's JSON.
//
// It keeps at most MaxEvents events (Ring), one per kind and id. Every poll runs in a
// command with its own sequence number and a cancellable context; an answer for a
// poll the user has moved on from (another bank, the other scope, a pause) is
// dropped.
package tail

import (
	"context"
	"time"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/spinner"
	tea "charm.land/bubbletea/v2"

	"hindsight-tui/client"
	"hindsight-tui/keymap"
	"hindsight-tui/styles"
	"hindsight-tui/ui/common"
)

// The poll delays: fast while events arrive, doubling to slow while none do.
const (
	fastDelay = 2 * time.Second
	slowDelay = 30 * time.Second
)

// Model is the live tail pane.
type Model struct {
	c       *common.Common
	keys    keymap.KeyMap
	width   int
	height  int
	focused bool

	bank   string
	all    bool // every bank's events, not the current bank's
	paused bool
	hidden [kinds]bool // kinds the filter leaves out

	ring    *Ring
	visible []int32 // indexes into ring of the events the filter shows, newest first
	cursor  int     // into visible
	offset  int     // first visible row in view
	keep    Key     // the selected event, which a merge keeps the cursor on
	detail  *Event  // the event whose JSON shows, or nil
	dlines  []string
	dscroll int
	lines   []string // the page as settle drew it

	seq     int // the poll in flight, or the last one
	cancel  context.CancelFunc
	loading bool
	gen     int // the pending timer's generation: older timers are ignored
	delay   time.Duration
	polled  bool // a poll has answered since the scope changed
	lastAt  time.Time
	errText string // the last poll's error, "" when it went well
	banks   int    // with all banks: how many the server has

	spin     spinner.Model
	spinning bool
}

var (
	_ common.Pane   = (*Model)(nil)
	_ common.Copier = (*Model)(nil)
)

// pollDueMsg is the timer of the next poll.
type pollDueMsg struct{ gen int }

// polledMsg is one poll's answer.
type polledMsg struct {
	seq    int
	events []Event
	banks  int
	err    error
}

// New returns the live tail; it polls nothing until it is shown.
func New(c *common.Common) *Model {
	m := &Model{c: c, keys: c.Keys, ring: NewRing(MaxEvents), delay: fastDelay}
	m.spin = spinner.New(spinner.WithSpinner(spinner.MiniDot), spinner.WithStyle(c.Styles.Accent))
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

// Focus implements common.Pane: a shown tail follows, starting with a poll now.
func (m *Model) Focus() tea.Cmd {
	m.focused = true
	defer m.settle()
	if m.paused {
		return nil
	}
	return m.poll()
}

// Blur implements common.Pane: a tail that is not shown stops polling (the timer
// already set is ignored); the poll in flight still lands.
func (m *Model) Blur() {
	m.focused = false
	m.gen++
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
	case pollDueMsg:
		if msg.gen == m.gen && m.focused && !m.paused {
			cmd = m.poll()
		}
	case polledMsg:
		cmd = m.onPolled(msg)
	case spinner.TickMsg:
		if msg.ID == m.spin.ID() {
			if !m.loading {
				m.spinning = false
				break
			}
			m.spin, cmd = m.spin.Update(msg)
		}
	}
	m.settle()
	return m, cmd
}

// selectBank follows another bank. The all-banks timeline does not change with it.
func (m *Model) selectBank(id string) tea.Cmd {
	if id == m.bank {
		return nil
	}
	m.bank = id
	if m.all {
		return nil
	}
	return m.restart()
}

// restart forgets the timeline (the scope changed) and polls again if it follows.
func (m *Model) restart() tea.Cmd {
	m.stop()
	m.ring.Clear()
	m.cursor, m.offset, m.keep, m.detail = 0, 0, Key{}, nil
	m.polled, m.errText, m.delay = false, "", fastDelay
	m.refilter()
	if !m.focused || m.paused {
		return nil
	}
	return m.poll()
}

// stop cancels the poll in flight and the pending timer; a late answer is dropped.
func (m *Model) stop() {
	m.seq++
	m.gen++
	if m.cancel != nil {
		m.cancel()
		m.cancel = nil
	}
	m.loading = false
}

// poll asks for the newest events of the bank (or banks) now.
func (m *Model) poll() tea.Cmd {
	m.stop()
	if m.c.Client == nil || (!m.all && m.bank == "") {
		return nil
	}
	m.loading = true
	ctx, cancel := m.c.Context(context.Background())
	m.cancel = cancel
	// The audit_log feature is only the server-wide default of audit_log_enabled, which
	// a bank can turn on for itself: its list is always asked.
	s := source{cl: m.c.Client, banks: []string{m.bank}, all: m.all, llms: m.c.Enabled(client.FeatureLLMTrace)}
	seq := m.seq
	return tea.Batch(func() tea.Msg {
		defer cancel()
		evs, banks, err := fetch(ctx, s)
		return polledMsg{seq: seq, events: evs, banks: banks, err: err}
	}, m.tick())
}

// onPolled merges a poll's events and sets the next poll's timer: fast after a
// change, twice the last delay (up to slowDelay) after none.
func (m *Model) onPolled(msg polledMsg) tea.Cmd {
	if msg.seq != m.seq {
		return nil
	}
	m.loading, m.cancel = false, nil
	if client.IsCanceled(msg.err) {
		return nil
	}
	changed := m.ring.Add(msg.events) > 0
	m.banks = msg.banks
	m.polled, m.lastAt = true, m.c.Now()
	m.refilter()
	var report tea.Cmd
	if msg.err != nil {
		text := m.c.Describe(msg.err)
		if text != m.errText { // a failing server is reported once, not every poll
			report = common.Emit(common.ErrorMsg{Op: "follow the live tail", Err: msg.err})
		}
		m.errText = text
	} else {
		m.errText = ""
	}
	if changed {
		m.delay = fastDelay
	} else {
		m.delay = min(m.delay*2, slowDelay)
	}
	return tea.Batch(report, m.schedule())
}

// schedule sets the next poll's timer, unless the tail does not follow now.
func (m *Model) schedule() tea.Cmd {
	m.gen++
	if !m.focused || m.paused || m.loading {
		return nil
	}
	return m.c.After(m.delay, pollDueMsg{gen: m.gen})
}

// hurry is what a key does to a slow tail: the next poll comes fast again.
func (m *Model) hurry() tea.Cmd {
	if m.delay == fastDelay || m.paused || m.loading {
		return nil
	}
	m.delay = fastDelay
	return m.schedule()
}

// tick starts the spinner unless it already turns.
func (m *Model) tick() tea.Cmd {
	if m.spinning {
		return nil
	}
	m.spinning = true
	return m.spin.Tick
}

// refilter rebuilds the rows the kind filter shows and puts the cursor back on its
// event; a cursor on the newest row stays there, so the tail keeps following.
func (m *Model) refilter() {
	atTop := m.cursor == 0 && m.offset == 0
	m.visible = m.visible[:0]
	for i := range m.ring.Len() {
		if !m.hidden[m.ring.At(i).Kind] {
			m.visible = append(m.visible, int32(i))
		}
	}
	m.cursor = 0
	if !atTop && m.keep != (Key{}) {
		if i := m.ring.Index(m.keep); i >= 0 {
			for j, v := range m.visible {
				if int(v) >= i {
					m.cursor = j
					break
				}
			}
		}
	}
	m.cursor = max(min(m.cursor, len(m.visible)-1), 0)
	m.remember()
}

// remember notes the selected event's key, which a merge keeps the cursor on.
func (m *Model) remember() {
	if e := m.selected(); e != nil {
		m.keep = e.Key()
	} else {
		m.keep = Key{}
	}
}

// selected is the event under the cursor, or nil.
func (m *Model) selected() *Event {
	if m.cursor < 0 || m.cursor >= len(m.visible) {
		return nil
	}
	return m.ring.At(int(m.visible[m.cursor]))
}

// Selection implements common.Copier: the selected event (or the one open) and its
// JSON as kept.
func (m *Model) Selection() (id, what, jsonText string, ok bool) {
	e := m.detail
	if e == nil {
		e = m.selected()
	}
	if e == nil {
		return "", "", "", false
	}
	return e.ID, e.Kind.String() + " " + e.ID, e.Detail, true
}

// handleKey handles a key while the pane has focus. Every key brings a slow tail
// back to fast polling: someone is looking.
func (m *Model) handleKey(k tea.KeyPressMsg) tea.Cmd {
	cmd := m.key(k)
	return tea.Batch(cmd, m.hurry())
}

func (m *Model) key(k tea.KeyPressMsg) tea.Cmd {
	lk, tk := m.keys.List, m.keys.Tail
	if m.detail != nil {
		switch {
		case key.Matches(k, lk.Back), key.Matches(k, lk.Open):
			m.detail = nil
		case key.Matches(k, lk.Up):
			m.dscroll--
		case key.Matches(k, lk.Down):
			m.dscroll++
		case key.Matches(k, lk.PageUp):
			m.dscroll -= max(m.height-2, 1)
		case key.Matches(k, lk.PageDown):
			m.dscroll += max(m.height-2, 1)
		case key.Matches(k, lk.Top):
			m.dscroll = 0
		case key.Matches(k, lk.Bottom):
			m.dscroll = len(m.dlines)
		case key.Matches(k, tk.Pause):
			return m.togglePause()
		case key.Matches(k, tk.Source):
			return showSource(m.detail)
		}
		return nil
	}
	n := len(m.visible)
	switch {
	case key.Matches(k, lk.Up):
		m.move(-1)
	case key.Matches(k, lk.Down):
		m.move(1)
	case key.Matches(k, lk.PageUp):
		m.move(-max(m.rows()-1, 1))
	case key.Matches(k, lk.PageDown):
		m.move(max(m.rows()-1, 1))
	case key.Matches(k, lk.Top):
		m.move(-n)
	case key.Matches(k, lk.Bottom):
		m.move(n)
	case key.Matches(k, lk.Open):
		if e := m.selected(); e != nil {
			cp := *e
			m.detail, m.dscroll, m.dlines = &cp, 0, nil
		}
	case key.Matches(k, m.keys.Global.Refresh):
		if !m.paused {
			m.delay = fastDelay
			return m.poll()
		}
	case key.Matches(k, tk.Pause):
		return m.togglePause()
	case key.Matches(k, tk.AllBanks):
		m.all = !m.all
		return m.restart()
	case key.Matches(k, tk.Operations):
		m.toggleKind(KindOperation)
	case key.Matches(k, tk.Audit):
		m.toggleKind(KindAudit)
	case key.Matches(k, tk.LLMErrors):
		m.toggleKind(KindLLMError)
	case key.Matches(k, tk.Source):
		return showSource(m.selected())
	}
	return nil
}

// showSource opens an event where it lives: an operation in the Operations pane, a
// failed LLM request among its run's calls, an audited call in the Audit log.
func showSource(e *Event) tea.Cmd {
	if e == nil {
		return nil
	}
	switch e.Kind {
	case KindOperation:
		return common.Emit(common.ShowPaneMsg{ID: common.PaneOperations, Then: common.ShowOperationMsg{BankID: e.Bank, OperationID: e.ID}})
	case KindLLMError:
		return common.Emit(common.ShowPaneMsg{ID: common.PaneLLMLog, Then: common.ShowLLMRunMsg{BankID: e.Bank, TraceID: e.Run, CallID: e.ID}})
	}
	return common.Emit(common.ShowPaneMsg{ID: common.PaneAudit, Then: common.ShowAuditEntryMsg{BankID: e.Bank, EntryID: e.ID}})
}

// togglePause stops following (the poll in flight is cancelled, no timer is set) or
// follows again, polling now.
func (m *Model) togglePause() tea.Cmd {
	m.paused = !m.paused
	if m.paused {
		m.stop()
		return nil
	}
	m.delay = fastDelay
	return m.poll()
}

// toggleKind shows or hides one kind of event.
func (m *Model) toggleKind(k Kind) {
	m.hidden[k] = !m.hidden[k]
	m.refilter()
}

// move moves the cursor by n rows.
func (m *Model) move(n int) {
	m.cursor = max(min(m.cursor+n, len(m.visible)-1), 0)
	m.remember()
}

// ShortHelp implements common.Pane.
func (m *Model) ShortHelp() []key.Binding {
	lk, tk := m.keys.List, m.keys.Tail
	if m.detail != nil {
		return []key.Binding{lk.Up, lk.Down, m.backKey(), tk.Source, tk.Pause}
	}
	return []key.Binding{tk.Pause, lk.Up, lk.Down, m.openKey(), tk.AllBanks, tk.Operations, tk.Audit, tk.LLMErrors}
}

// FullHelp implements common.Pane.
func (m *Model) FullHelp() [][]key.Binding {
	lk, tk := m.keys.List, m.keys.Tail
	return [][]key.Binding{
		{lk.Up, lk.Down, lk.PageUp, lk.PageDown, lk.Top, lk.Bottom, m.openKey(), tk.Source, m.backKey()},
		{m.pauseKey(), m.pollKey(), tk.AllBanks, tk.Operations, tk.Audit, tk.LLMErrors},
	}
}

// openKey is enter, said as what it does here.
func (m *Model) openKey() key.Binding {
	b := m.keys.List.Open
	b.SetHelp(b.Help().Key, "event JSON")
	return b
}

// backKey is esc, said as what it does here.
func (m *Model) backKey() key.Binding {
	b := m.keys.List.Back
	b.SetHelp(b.Help().Key, "back to the timeline")
	return b
}

// pauseKey is p, with what following means here: the tail polls while it is shown.
func (m *Model) pauseKey() key.Binding {
	b := m.keys.Tail.Pause
	b.SetHelp(b.Help().Key, "pause/follow (follows while shown)")
	return b
}

// pollKey is r, said as what it does here.
func (m *Model) pollKey() key.Binding {
	b := m.keys.Global.Refresh
	b.SetHelp(b.Help().Key, "poll now")
	return b
}
