// Package retain is the retain editor: it writes memories into a bank the way an
// agent's retain call does, exactly and safely. A form holds every MemoryItem field
// (content in a multi-line editor or $EDITOR, context, a timestamp shown as it will be
// sent, document_id and update mode, tag chips completed from the bank, metadata,
// entity hints, async); it checks what the server would reject before sending and maps
// a 422 back to the field it names. An async retain's operation is followed to its
// end, and a recallable check then recalls the content and reports whether, at which
// rank and how soon after the submit the new memory came back. A JSON or JSONL file of
// items can be retained as one batch.
//
// Nothing typed is lost: the form is saved as a draft per server and bank (debounced,
// and at once on submit) and removed only once the server confirmed the retain.
//
// The request is built by one pure function from the form (buildRequest), so what is
// checked, shown and sent is the same request.
package retain

import (
	"context"
	"time"

	"charm.land/bubbles/v2/spinner"
	tea "charm.land/bubbletea/v2"

	"hindsight-tui/client"
	"hindsight-tui/keymap"
	"hindsight-tui/styles"
	"hindsight-tui/ui/common"
)

// zone is where the pane's keys go.
type zone int

const (
	zoneForm zone = iota // a field has the keys: typing
	zoneIdle             // outside the fields: the single-letter keys act
)

// Model is the retain pane.
type Model struct {
	c       *common.Common
	keys    keymap.KeyMap // this pane's copy: bindings are disabled here, not globally
	width   int
	height  int
	focused bool
	zone    zone

	bank  string
	banks map[string]*bankState // one editor per bank, for the session
	cur   *bankState

	spin     spinner.Model
	spinning bool
	// newID makes the document_id sent when none was typed; tests pin it.
	newID func() string

	body []string  // the fields' lines under the header, as settle laid them out
	rows []rowSpan // where each field is drawn, for clicks
}

// rowSpan is the lines a field takes on screen, relative to the pane.
type rowSpan struct {
	f           field
	top, height int
}

// bankState is the editor of one bank: its form, its draft on disk and its last
// retain. Messages name its bank, so an answer that arrives after the user moved to
// another bank still lands here.
type bankState struct {
	bank string
	form *form
	path string // the draft file; "" keeps none

	loading    bool      // the draft is being read
	gen        int       // changes to the form so far
	savedGen   int       // the change on disk
	writing    bool      // a draft write is in flight
	again      bool      // another write is due when it ends
	dirtySince time.Time // the first change not yet being written (zero: none)
	savedAt    time.Time
	restoredAt time.Time // when the restored draft had been saved
	draftErr   string
	pending    *pendingRetain // an accepted async retain of the form, awaiting its operation

	sub     *submission // the last retain from this editor; nil before the first
	formErr string      // the problem that names no field
	scroll  int         // the first line of the fields shown
}

// submission is one retain sent from an editor: the form's item or a batch file.
type submission struct {
	seq      int
	busy     bool // the retain request is in flight
	cancel   context.CancelFunc
	fromForm bool
	source   string // "" for the form, else the batch file's name
	items    int
	async    bool
	req      client.RetainRequest // as sent, for copying
	values   values               // the form as sent (fromForm)
	docID    string               // where the check finds the new memories; "" = cannot check
	phrase   string               // what the check recalls
	sentAt   time.Time

	resp      *client.RetainResponse
	err       error
	mapped    bool // err was a 422 now shown under the fields and the form
	cancelled bool
	follow    follower
	check     check
}

// accepted reports a retain the server took (its memories may still be on the way).
func (s *submission) accepted() bool { return s != nil && s.resp != nil }

// done reports a retain whose memories are stored: a sync answer, or an async
// operation that completed.
func (s *submission) done() bool {
	return s.accepted() && (!s.async || s.follow.status == client.StatusCompleted)
}

// running reports a retain that is still under way: its request, or its operation
// while it is followed.
func (s *submission) running() bool {
	return s != nil && (s.busy || s.follow.active)
}

var (
	_ common.Pane     = (*Model)(nil)
	_ common.Actioner = (*Model)(nil)
	_ common.Copier   = (*Model)(nil)
)

// New returns the retain pane; it edits nothing until a bank is selected.
func New(c *common.Common) *Model {
	m := &Model{c: c, keys: c.Keys, banks: map[string]*bankState{}, zone: zoneIdle, newID: newUUID}
	m.spin = spinner.New(spinner.WithSpinner(spinner.MiniDot), spinner.WithStyle(c.Styles.Accent))
	m.syncKeys()
	return m
}

// Init implements common.Pane; the sidebar's selection brings the first bank.
func (m *Model) Init() tea.Cmd { return nil }

// SetSize implements common.Pane.
func (m *Model) SetSize(width, height int) {
	m.width, m.height = max(width, 0), max(height, 0)
	m.settle()
}

// SetStyles implements common.Pane: the spinner and every editor's inputs take the
// new colours, and the form is laid out again in them.
func (m *Model) SetStyles(st *styles.Styles) {
	m.spin.Style = st.Accent
	for _, b := range m.banks {
		b.form.setStyles(st)
	}
	m.settle()
}

// Focus implements common.Pane: the pane opens in the form, ready to type, unless a
// retain is under way (then the form is locked and the status is what matters).
func (m *Model) Focus() tea.Cmd {
	m.focused = true
	defer m.settle()
	defer m.syncKeys()
	if m.cur == nil || m.c.ReadOnly || m.cur.locked() {
		m.zone = zoneIdle
		return nil
	}
	return m.enterForm()
}

// Blur implements common.Pane; an autosave already scheduled still runs.
func (m *Model) Blur() {
	m.focused = false
	if m.cur != nil {
		m.cur.form.blurAll()
	}
	m.syncKeys()
	m.settle()
}

// Capturing implements common.Pane: in the form every printable key is typing and tab
// moves between fields, so the globals wait.
func (m *Model) Capturing() bool {
	return m.focused && m.zone == zoneForm && m.cur != nil && !m.c.ReadOnly
}

// locked reports a form whose retain is under way: it is not edited until the
// server answered (and, for async, the operation ended or the user stopped following).
func (st *bankState) locked() bool {
	return st.sub != nil && st.sub.fromForm && st.sub.running()
}

// enterForm gives the keys to the focused field.
func (m *Model) enterForm() tea.Cmd {
	if m.cur == nil || m.c.ReadOnly || m.cur.locked() {
		return nil
	}
	m.zone = zoneForm
	return m.cur.form.activate()
}

// leaveForm takes the keys out of the fields and writes the draft now.
func (m *Model) leaveForm() tea.Cmd {
	m.zone = zoneIdle
	if m.cur == nil {
		return nil
	}
	m.cur.form.blurAll()
	return m.flushDraft(m.cur)
}

// state returns the editor of bank, creating it (and starting to read its draft) the
// first time.
func (m *Model) state(bank string) (*bankState, tea.Cmd) {
	if st, ok := m.banks[bank]; ok {
		return st, nil
	}
	st := &bankState{bank: bank, form: newForm(m.c), path: draftPath(m.c, bank)}
	st.form.tags.SetBank(bank)
	m.banks[bank] = st
	if m.c.ReadOnly || st.path == "" {
		return st, nil
	}
	st.loading = true
	return st, loadDraftCmd(bank, st.path)
}

// selectBank switches the editor to bank; the previous bank's draft is written now.
func (m *Model) selectBank(bank string) tea.Cmd {
	if bank == m.bank && m.cur != nil {
		return nil
	}
	var flush tea.Cmd
	if m.cur != nil {
		m.cur.form.blurAll()
		flush = m.flushDraft(m.cur)
	}
	m.bank = bank
	if bank == "" {
		m.cur = nil
		m.zone = zoneIdle
		return flush
	}
	st, load := m.state(bank)
	m.cur = st
	var focus tea.Cmd
	if m.focused && m.zone == zoneForm {
		if st.locked() {
			m.zone = zoneIdle
		} else {
			focus = st.form.activate()
		}
	}
	return tea.Batch(flush, load, focus)
}

// Update implements common.Pane.
func (m *Model) Update(msg tea.Msg) (common.Pane, tea.Cmd) {
	var cmd tea.Cmd
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		cmd = m.handleKey(msg)
	case tea.PasteMsg:
		cmd = m.paste(msg)
	case tea.MouseClickMsg:
		cmd = m.click(msg)
	case common.BankSelectedMsg:
		cmd = m.selectBank(msg.BankID)
	case spinner.TickMsg:
		if msg.ID == m.spin.ID() {
			if !m.loading() {
				m.spinning = false // let the tick chain end
				return m, nil
			}
			m.spin, cmd = m.spin.Update(msg)
		}
	case common.ActionMsg:
		cmd = m.do(msg.Kind)
	case common.ShowExtractionPreviewMsg:
		cmd = m.do(doPreview)
	default:
		cmd = m.handleResult(msg)
	}
	m.syncKeys()
	cmd = tea.Batch(cmd, m.spinIfLoading())
	m.settle()
	return m, cmd
}

// handleResult takes the pane's asynchronous answers; anything else goes to the tag
// inputs (their loads and typing pauses).
func (m *Model) handleResult(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case draftLoadedMsg:
		return m.onDraftLoaded(msg)
	case draftDueMsg:
		if st := m.banks[msg.bank]; st != nil && msg.gen == st.gen {
			return m.flushDraft(st)
		}
	case draftSavedMsg:
		return m.onDraftSaved(msg)
	case retainDoneMsg:
		return m.onRetain(msg)
	case pollDueMsg:
		return m.onPollDue(msg)
	case polledMsg:
		return m.onPolled(msg)
	case checkDueMsg:
		if st := m.banks[msg.bank]; st != nil && st.sub != nil && msg.seq == st.sub.check.seq && st.sub.check.waiting {
			st.sub.check.waiting, st.sub.check.running = false, true
			return checkCmd(m.c, st)
		}
	case checkDoneMsg:
		return m.onCheck(msg)
	case contentLoadedMsg:
		return m.onContentLoaded(msg)
	case editedMsg:
		return m.onEdited(msg)
	case askBatchMsg:
		return m.askBatch(msg)
	case readBatchMsg:
		return m.readBatch(msg)
	case submitBatchMsg:
		return m.onSubmitBatch(msg)
	case clearMsg:
		return m.clearForm(msg.bank)
	default:
		var cmds []tea.Cmd
		for _, st := range m.banks {
			cmds = append(cmds, st.form.tags.Update(msg))
		}
		return tea.Batch(cmds...)
	}
	return nil
}

// loading reports work the spinner stands for: a retain, a followed operation, a check.
func (m *Model) loading() bool {
	for _, st := range m.banks {
		if s := st.sub; s != nil && (s.running() || s.check.busy()) {
			return true
		}
	}
	return false
}

// spinIfLoading starts the spinner when work began and it is not running.
func (m *Model) spinIfLoading() tea.Cmd {
	if m.spinning || !m.loading() {
		return nil
	}
	m.spinning = true
	return m.spin.Tick
}
