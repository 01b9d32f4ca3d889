// Package llmlog is the LLM requests pane: the server's log of the LLM calls it made
// for the bank (retain extraction, consolidation, reflect, mental-model refreshes),
// grouped by run (trace), newest run first, each run's calls oldest first. / opens the
// filter bar (operation, status, provider, document, memory, run), [ and ] page
// through runs, enter shows a call's input and output, t shows or hides the tokens
// spent per operation and day. The server forgets the log after a day, so S writes
// the marked runs (space), or the selected one, to a private JSONL file, one call a
// line, never over an existing file.
//
// Provenance: common.ShowProvenanceMsg (L in the memory inspector) lists the runs
// that created or used a memory (the memory_id filter), the extraction that produced
// it first.
//
// Every list carries a sequence number, so the answer for a list the user has moved
// on from (another bank, other filters, a newer page) is dropped; the selection is
// kept by call id across reloads. Nothing here writes to the server.
package llmlog

import (
	"context"
	"slices"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/spinner"
	tea "charm.land/bubbletea/v2"

	"hindsight-tui/client"
	"hindsight-tui/keymap"
	"hindsight-tui/styles"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
)

// runsPerPage is how many runs a page asks for.
const runsPerPage = 20

// ExtractScope is the scope of retain's fact extraction calls.
const ExtractScope = "retain_extract_facts"

// filters are what the list asks the server for; empty ones are not sent.
type filters struct {
	operation, status, provider, document, memory, run string
}

// params turns the filters into the list request of a page.
func (f filters) params(offset int) client.ListLLMRequestsParams {
	return client.ListLLMRequestsParams{Operation: f.operation, Status: f.status, Provider: f.provider,
		DocumentID: f.document, MemoryID: f.memory, TraceID: f.run, Group: true, Limit: runsPerPage, Offset: offset}
}

// callRef is one call of the list: run index and call index.
type callRef struct{ run, call int }

// Model is the LLM requests pane.
type Model struct {
	c       *common.Common
	keys    keymap.KeyMap
	own     keymap.LLMLog
	width   int
	height  int
	focused bool

	bank      string
	activated bool

	f     filters // as the bar edits them
	sent  filters // as last asked for
	bar   *components.FilterBar[filters]
	inBar bool

	provenance string // the memory whose provenance is listed, or ""

	offset, total int
	runs          []client.LLMRun
	calls         []callRef
	loaded        bool
	loading       bool
	err           error
	seq           int
	cancel        context.CancelFunc

	stats      []opTokens
	statsErr   error
	statsSeq   int
	showTokens bool

	cursor int             // index into calls
	keep   string          // the call id a reload puts the cursor back on
	marked map[string]bool // runs marked for saving, by runKey

	detail  bool // the selected call's detail is open
	dscroll int

	// Drawn in settle; View only reads them.
	lines  []string
	dlines []string

	spin     spinner.Model
	spinning bool
}

var (
	_ common.Pane     = (*Model)(nil)
	_ common.Actioner = (*Model)(nil)
	_ common.Copier   = (*Model)(nil)
)

// listMsg is the answer to one list request.
type listMsg struct {
	seq  int
	bank string
	list *client.LLMRequestList
	err  error
}

// statsMsg is the answer to the tokens-by-operation requests.
type statsMsg struct {
	seq   int
	bank  string
	stats []opTokens
	err   error
}

// New returns the pane; it lists nothing until it is first shown.
func New(c *common.Common) *Model {
	m := &Model{c: c, keys: c.Keys, own: c.Keys.LLMLog, marked: map[string]bool{}, showTokens: true}
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

// Focus implements common.Pane. The first time, it lists the bank's calls.
func (m *Model) Focus() tea.Cmd {
	m.focused = true
	var cmd tea.Cmd
	if m.inBar {
		cmd = m.bar.Focus()
	}
	m.settle()
	if m.activated {
		return cmd
	}
	m.activated = true
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
	case common.ShowProvenanceMsg:
		cmd = m.showProvenance(msg)
	case common.ShowLLMRunMsg:
		cmd = m.showRun(msg)
	case listMsg:
		m.onList(msg)
	case statsMsg:
		if msg.seq == m.statsSeq && msg.bank == m.bank {
			m.stats, m.statsErr = msg.stats, msg.err
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

// selectBank switches to another bank: its filters, marks and pages start afresh.
func (m *Model) selectBank(id string) tea.Cmd {
	if id == m.bank {
		return nil
	}
	m.stop()
	m.bank = id
	m.f, m.sent, m.provenance = filters{}, filters{}, ""
	m.runs, m.calls, m.loaded, m.err, m.stats, m.statsErr = nil, nil, false, nil, nil, nil
	m.offset, m.total, m.cursor, m.keep, m.detail = 0, 0, 0, "", false
	m.marked = map[string]bool{}
	cmd := m.bar.Bind(id, &m.f)
	if !m.activated {
		return cmd
	}
	return tea.Batch(cmd, m.reload())
}

// showProvenance lists the runs that created or used a memory.
func (m *Model) showProvenance(msg common.ShowProvenanceMsg) tea.Cmd {
	return m.showOnly(msg.BankID, filters{memory: msg.MemoryID}, msg.MemoryID, "")
}

// showRun lists the calls of one run, with the cursor on the call asked for.
func (m *Model) showRun(msg common.ShowLLMRunMsg) tea.Cmd {
	return m.showOnly(msg.BankID, filters{run: msg.TraceID}, "", msg.CallID)
}

// showOnly is another pane's link: bank's calls with only the filters f, from the
// first page, a memory's provenance when provenance is set, the cursor on call keep.
func (m *Model) showOnly(bank string, f filters, provenance, keep string) tea.Cmd {
	var cmd tea.Cmd
	if bank != "" && bank != m.bank {
		cmd = m.selectBank(bank)
	}
	m.activated = true
	m.f, m.provenance = f, provenance
	m.offset, m.keep, m.detail, m.cursor = 0, keep, false, 0
	m.marked = map[string]bool{}
	m.leaveBar()
	return tea.Batch(cmd, m.bar.Sync(), m.reload())
}

// stop cancels the list in flight; its answer, if any, is dropped.
func (m *Model) stop() {
	m.seq++
	m.statsSeq++
	if m.cancel != nil {
		m.cancel()
		m.cancel = nil
	}
	m.loading = false
}

// reload lists the current page again (keeping the selection) and the token chart.
func (m *Model) reload() tea.Cmd {
	if c := m.selected(); c != nil && m.keep == "" {
		m.keep = c.ID
	}
	return tea.Batch(m.load(), m.loadStats())
}

// load asks for the page at m.offset with the bar's filters.
func (m *Model) load() tea.Cmd {
	m.seq++
	if m.cancel != nil {
		m.cancel()
	}
	if m.bank == "" {
		m.loading, m.cancel = false, nil
		return nil
	}
	m.loading = true
	m.sent = m.f
	ctx, cancel := m.c.Context(context.Background())
	m.cancel = cancel
	cl, bank, seq, p := m.c.Client, m.bank, m.seq, m.f.params(m.offset)
	return tea.Batch(func() tea.Msg {
		defer cancel()
		list, err := cl.ListLLMRequests(ctx, bank, p)
		return listMsg{seq: seq, bank: bank, list: list, err: err}
	}, m.tick())
}

// tick starts the spinner unless it already turns.
func (m *Model) tick() tea.Cmd {
	if m.spinning {
		return nil
	}
	m.spinning = true
	return m.spin.Tick
}

// onList shows a page, unless the user has moved on since it was asked for.
func (m *Model) onList(msg listMsg) {
	if msg.seq != m.seq || msg.bank != m.bank {
		return
	}
	m.loading, m.cancel = false, nil
	if msg.err != nil {
		m.err = msg.err
		return
	}
	m.err, m.loaded = nil, true
	m.total = msg.list.Total
	m.runs = client.GroupRuns(msg.list.Items)
	if m.provenance != "" {
		m.runs = extractionFirst(m.runs, m.provenance)
	}
	m.calls = m.calls[:0]
	for r, run := range m.runs {
		for i := range run.Calls {
			m.calls = append(m.calls, callRef{r, i})
		}
	}
	m.cursor = 0
	if m.provenance != "" && m.keep == "" {
		if i := m.extractionCall(); i >= 0 {
			m.cursor = i
		}
	}
	for i, ref := range m.calls {
		if m.runs[ref.run].Calls[ref.call].ID == m.keep {
			m.cursor = i
		}
	}
	m.keep = ""
	if m.selected() == nil {
		m.detail = false
	}
}

// producedBy reports whether call is the extraction that produced memory id.
func producedBy(call *client.LLMRequest, id string) bool {
	return call.Scope == ExtractScope && slices.Contains(call.Metadata.MemoryIDs, id)
}

// extractionFirst moves the runs with an extraction call that produced memory id to
// the front, keeping the order otherwise.
func extractionFirst(runs []client.LLMRun, id string) []client.LLMRun {
	var first, rest []client.LLMRun
	for _, r := range runs {
		hit := false
		for i := range r.Calls {
			hit = hit || producedBy(&r.Calls[i], id)
		}
		if hit {
			first = append(first, r)
		} else {
			rest = append(rest, r)
		}
	}
	return append(first, rest...)
}

// extractionCall is the index in calls of the call that produced the provenance's
// memory, or -1.
func (m *Model) extractionCall() int {
	for i, ref := range m.calls {
		if producedBy(&m.runs[ref.run].Calls[ref.call], m.provenance) {
			return i
		}
	}
	return -1
}

// selected is the call under the cursor, or nil.
func (m *Model) selected() *client.LLMRequest {
	if m.cursor < 0 || m.cursor >= len(m.calls) {
		return nil
	}
	ref := m.calls[m.cursor]
	return &m.runs[ref.run].Calls[ref.call]
}

// selectedRun is the run of the call under the cursor, or nil.
func (m *Model) selectedRun() *client.LLMRun {
	if m.cursor < 0 || m.cursor >= len(m.calls) {
		return nil
	}
	return &m.runs[m.calls[m.cursor].run]
}

// runKey names a run: its trace id, or its only call's id when untraced.
func runKey(r *client.LLMRun) string {
	if r.TraceID != "" || len(r.Calls) == 0 {
		return r.TraceID
	}
	return "call:" + r.Calls[0].ID
}

// handleKey acts on a key.
func (m *Model) handleKey(k tea.KeyPressMsg) tea.Cmd {
	if m.inBar {
		return m.barInput(k)
	}
	kl, kg, o := m.keys.List, m.keys.Global, m.own
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
		case key.Matches(k, kg.Refresh):
			return m.reload()
		case key.Matches(k, o.Save):
			return m.save()
		}
		return nil
	}
	switch {
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
		m.cursor = max(len(m.calls)-1, 0)
	case key.Matches(k, kl.Open):
		if m.selected() != nil {
			m.detail, m.dscroll = true, 0
		}
	case key.Matches(k, kl.Back):
		if m.provenance != "" {
			return m.clearProvenance()
		}
	case key.Matches(k, kl.Filter):
		m.inBar = true
		return m.bar.Focus()
	case key.Matches(k, kg.Refresh):
		return m.reload()
	case key.Matches(k, o.Mark):
		if r := m.selectedRun(); r != nil {
			rk := runKey(r)
			if m.marked[rk] {
				delete(m.marked, rk)
			} else {
				m.marked[rk] = true
			}
		}
	case key.Matches(k, o.Save):
		return m.save()
	case key.Matches(k, o.Tokens):
		m.showTokens = !m.showTokens
	case key.Matches(k, o.NextPage):
		if m.offset+runsPerPage < m.total {
			m.offset += runsPerPage
			return m.load()
		}
	case key.Matches(k, o.PrevPage):
		if m.offset > 0 {
			m.offset = max(m.offset-runsPerPage, 0)
			return m.load()
		}
	}
	return nil
}

// clearProvenance goes back to the whole log.
func (m *Model) clearProvenance() tea.Cmd {
	m.provenance = ""
	m.f.memory = ""
	m.offset = 0
	return tea.Batch(m.bar.Sync(), m.load())
}

// move moves the cursor by d calls.
func (m *Model) move(d int) {
	m.cursor = min(max(m.cursor+d, 0), max(len(m.calls)-1, 0))
}

// leaveBar gives the keys back to the list.
func (m *Model) leaveBar() {
	m.inBar = false
	m.bar.Blur()
}

// barInput hands a key or a paste to the filter bar; a changed choice lists again at
// once, typed text when it is submitted or the bar is left.
func (m *Model) barInput(msg tea.Msg) tea.Cmd {
	cmd, ev := m.bar.Update(msg)
	switch ev {
	case components.FilterChanged:
		if m.bar.Cursor() < cycleItems {
			return tea.Batch(cmd, m.refilter())
		}
	case components.FilterSubmit, components.FilterLeave:
		m.leaveBar()
		if m.f != m.sent {
			return tea.Batch(cmd, m.refilter())
		}
	}
	return cmd
}

// refilter lists the first page for the changed filters; a memory filter typed by
// hand is not a provenance.
func (m *Model) refilter() tea.Cmd {
	if m.f.memory != m.provenance {
		m.provenance = ""
	}
	m.offset = 0
	return m.load()
}

// Selection implements common.Copier: the selected call.
func (m *Model) Selection() (id, what, jsonText string, ok bool) {
	c := m.selected()
	if c == nil {
		return "", "", "", false
	}
	return c.ID, "LLM call " + common.ShortID(c.ID), string(callJSON(c, true)), true
}
