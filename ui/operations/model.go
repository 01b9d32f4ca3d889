// Package operations is the operations pane: a bank's background operations (async
// retains and their sub-batches, consolidations, mental-model refreshes, …) with their
// status, type, items and progress, filtered on the server by status and type. Beside
// the list (or instead of it on a narrow screen) a detail panel shows everything the
// server says about the selected operation: error, retries, child operations, result
// metadata and, on request, the task payload.
//
// Cancel, retry and delete are offered only in the states the server accepts them in,
// always after a confirmation, and never in read-only mode; a 409 (the state changed
// meanwhile) is explained and the list refreshed. While an operation is pending or
// processing the pane refreshes itself, backing off while nothing changes, and it
// raises a toast when an async retain it watched finishes, even when it is not the
// pane in view. It touches the network only once it has been shown, or once another
// pane announces an operation it started (common.OperationStartedMsg).
package operations

import (
	"time"

	"charm.land/bubbles/v2/spinner"
	tea "charm.land/bubbletea/v2"

	"hindsight-tui/keymap"
	"hindsight-tui/styles"
	"hindsight-tui/ui/common"
)

// detailDebounce is how long the cursor must rest on an operation before its details
// are asked for, so holding j does not send a request per row.
const detailDebounce = 120 * time.Millisecond

// Model is the operations pane.
type Model struct {
	c       *common.Common
	keys    keymap.KeyMap // this pane's copy: bindings are disabled here, not globally
	width   int
	height  int
	focused bool

	bank string
	// activated is set the first time the pane is shown (or told to follow an
	// operation); before that it sends no request at all.
	activated bool
	filter    filters

	list    *listing // the operations shown; nil before the first answer
	want    int      // how many operations to keep loaded; grows a page at a time
	load    loadState
	err     error  // the last load's failure, shown in place
	lastErr string // the failure last logged, so a repeating poll logs it once
	cursor  int
	offset  int
	rowsH   int // list rows that fit, as settle laid them out
	listTop int // the line of the first list row, as settle laid it out

	detailToggled bool // hides the detail beside a wide list, shows it instead of a narrow one
	det           detailState

	poll   pollState
	watch  map[string]watched // async retains seen running, by id: their end raises a toast
	seek   string             // an operation another pane asked to see: its absence is said once
	follow string             // an operation to select once it is listed
	// relist says the filters changed since the list shown: the next answer is another
	// list, and the cursor starts at its top instead of following its operation.
	relist bool

	notice   notice
	head     headCache // the lines above the list, as settle drew them
	spin     spinner.Model
	spinning bool
	frame    int // advances with every answer: the processing glyph turns with each refresh
}

var (
	_ common.Pane     = (*Model)(nil)
	_ common.Actioner = (*Model)(nil)
	_ common.Copier   = (*Model)(nil)
)

// New returns the operations pane; it loads nothing until it is first shown.
func New(c *common.Common) *Model {
	m := &Model{c: c, keys: c.Keys, want: pageSize, watch: map[string]watched{}}
	m.det = newDetailState()
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

// SetStyles implements common.Pane: the spinner takes the new colours; the header,
// the rows and the detail panel are drawn again (their caches are keyed by the
// styles).
func (m *Model) SetStyles(st *styles.Styles) {
	m.spin.Style = st.Accent
	m.settle()
}

// Focus implements common.Pane. The first time, it loads the bank's operations.
func (m *Model) Focus() tea.Cmd {
	m.focused = true
	defer m.settle() // the selected row shows focus
	if m.activated {
		return nil
	}
	m.activated = true
	return m.startLoad(true)
}

// Blur implements common.Pane. The auto-refresh goes on, so a finished retain still
// raises its toast.
func (m *Model) Blur() {
	m.focused = false
	m.settle()
}

// Capturing implements common.Pane: the pane has no text field.
func (m *Model) Capturing() bool { return false }

// Update implements common.Pane.
func (m *Model) Update(msg tea.Msg) (common.Pane, tea.Cmd) {
	m.syncKeys()
	var cmd tea.Cmd
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		cmd = m.handleKey(msg)
	case tea.MouseClickMsg:
		m.click(msg)
	case tea.MouseWheelMsg:
		m.wheel(msg)
	case common.BankSelectedMsg:
		cmd = m.selectBank(msg.BankID)
	case common.OperationStartedMsg:
		cmd = m.started(msg)
	case common.ShowOperationMsg:
		cmd = m.showOperation(msg)
	case loadedMsg:
		cmd = m.onLoaded(msg)
	case pollDueMsg:
		cmd = m.onPoll(msg)
	case detailDueMsg:
		cmd = m.onDetailDue(msg)
	case detailLoadedMsg:
		cmd = m.onDetail(msg)
	case actionDoneMsg:
		cmd = m.onActionDone(msg)
	case conflictMsg:
		cmd = m.onConflict(msg)
	case spinner.TickMsg:
		if msg.ID == m.spin.ID() {
			if !m.load.busy || !m.load.visible {
				m.spinning = false // let the tick chain end
				return m, nil
			}
			m.spin, cmd = m.spin.Update(msg)
		}
	case common.ActionMsg:
		cmd = m.do(msg.Kind)
	}
	m.syncKeys()
	cmd = tea.Batch(cmd, m.ensureDetail())
	m.settle()
	return m, cmd
}

// selectBank switches to another bank: what was shown, its auto-refresh and its
// watched retains go; once the pane has been shown, the new bank loads.
func (m *Model) selectBank(id string) tea.Cmd {
	if id == m.bank {
		return nil
	}
	m.stopLoad()
	m.stopDetail()
	m.bank = id
	m.list, m.err, m.lastErr = nil, nil, ""
	m.cursor, m.offset, m.want = 0, 0, pageSize
	m.det = newDetailState()
	m.watch, m.follow, m.seek = map[string]watched{}, "", ""
	m.notice = notice{}
	m.poll.stop()
	return m.startLoad(true)
}

// showOperation lists the bank's operations, switching bank if needed, with the
// cursor on the one asked for; the load says when it is not listed.
func (m *Model) showOperation(msg common.ShowOperationMsg) tea.Cmd {
	if msg.OperationID == "" {
		return nil
	}
	m.activated = true
	var cmd tea.Cmd
	if msg.BankID != "" && msg.BankID != m.bank {
		cmd = m.selectBank(msg.BankID) // loads
	} else {
		cmd = m.startLoad(true)
	}
	m.follow, m.seek = msg.OperationID, msg.OperationID
	return cmd
}

// started follows an operation another pane submitted in this pane's bank: the pane
// wakes up if it was never shown, refreshes at once and selects the operation when it
// is listed. Its end raises no toast here: the announcing pane reports it.
func (m *Model) started(msg common.OperationStartedMsg) tea.Cmd {
	if msg.OperationID == "" || msg.BankID == "" || msg.BankID != m.bank {
		return nil
	}
	m.activated = true
	m.watch[msg.OperationID] = watched{typ: msg.Kind, status: "pending", label: common.ShortID(msg.OperationID), quiet: true}
	m.follow = msg.OperationID
	m.poll.interval = 0 // something changed: back to the quickest refresh
	return m.startLoad(m.list == nil)
}
