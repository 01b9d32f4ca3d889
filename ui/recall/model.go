// Package recall is the recall pane: it answers "why did my agent (not) remember X?"
// by reproducing an agent's recall call exactly. A search box (debounced, cancelable,
// with a per-bank query history), a filter bar with every option agent integrations
// expose (types, tags and their match mode, budget, max_tokens, timestamps, includes,
// score floors, trace), the ranked results with a token meter that makes the
// max_tokens cut visible, a detail panel, the server's trace, and ways to carry the
// request back into code (copy as curl, Python, Go, AutoGen, SmolAgents) and to see
// the results as the prompt block an integration injects.
//
// The request is built by one pure function from the filter state (buildRequest), so
// what the pane shows, copies and sends is the same request.
package recall

import (
	"context"
	"time"

	"charm.land/bubbles/v2/spinner"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"hindsight-tui/keymap"
	"hindsight-tui/styles"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
	"hindsight-tui/ui/trace"
)

// zone is the part of the pane that takes keys.
type zone int

const (
	zoneSearch zone = iota
	zoneBar
	zoneResults
	zonePinBox // the explainer's box that pins a memory by id or text
)

// debounce is how long typing must pause before the query is searched.
const debounce = 300 * time.Millisecond

// Model is the recall pane.
type Model struct {
	c       *common.Common
	keys    keymap.KeyMap // this pane's copy: bindings are disabled here, not globally
	width   int
	height  int
	focused bool
	zone    zone

	bank  string
	banks map[string]*bankState // filters, history and query per bank, for the session
	cur   *bankState            // banks[bank]

	search   textinput.Model
	histPos  int    // position in the history while browsing it with up/down; -1 when not
	histText string // what was typed before browsing began
	// histFilters are the filters set before browsing began.
	histFilters filters

	bar     *components.FilterBar[filters]
	invalid fieldErrors // the filters' own problems; nothing is sent while there are any

	// Searching: typing schedules a search after a pause (typeSeq drops the pauses a
	// later key made stale); each request has its own sequence number and context, so
	// a newer one cancels it and its late answer is dropped.
	typeSeq   int
	seq       int
	cancel    context.CancelFunc
	searching bool
	spin      spinner.Model
	spinning  bool

	res        *resultSet // the results shown (nil before the first answer)
	err        error      // the last search's failure, shown instead of results
	lastErr    string     // the failure last logged, so a repeat is not logged again
	serverErrs fieldErrors
	cursor     int
	offset     int
	againSeq   int // the search r sent again: its answer keeps the cursor's memory, or its row
	detail     detailState
	// detailToggled hides the detail panel beside a wide list, or shows it instead of
	// a narrow one.
	detailToggled bool
	showScores    bool // the rows show every score in place of the tags

	showTrace  bool
	trace      *trace.Model
	traceShown *resultSet // the results whose trace the viewer holds

	// pins are the memories expected of each bank (loaded from the state directory
	// the first time the bank is seen); exp explains the answer shown against them.
	pins        map[string]*pinSet
	exp         explainState
	showExplain bool
	pinBox      textinput.Model

	// cmp is the A/B comparison (compare.go): the answer kept as A, B's filters and
	// answer, and their merged rows.
	cmp compareState

	// head is the filter bar and the status lines as settle drew them, and bodyH the
	// lines left under them for the results, the detail or the trace.
	head  []string
	bodyH int
}

var (
	_ common.Pane     = (*Model)(nil)
	_ common.Actioner = (*Model)(nil)
	_ common.Copier   = (*Model)(nil)
)

// New returns the recall pane; it searches nothing until a bank is selected and a
// query typed.
func New(c *common.Common) *Model {
	m := &Model{c: c, keys: c.Keys, banks: map[string]*bankState{}, histPos: -1}
	m.search = components.NewInput(c.Styles, "› ", "what would your agent ask? enter searches")
	m.spin = spinner.New(spinner.WithSpinner(spinner.MiniDot), spinner.WithStyle(c.Styles.Accent))
	m.bar = newBar(c)
	m.trace = trace.New(c)
	m.pinBox = components.NewInput(c.Styles, "› ", "a memory id, or a fragment of its text")
	m.cur = m.state("")
	_ = m.bar.Bind("", &m.cur.filters) // the bar is closed: nothing loads
	m.syncKeys()
	m.settle()
	return m
}

// Init implements common.Pane; the sidebar's selection brings the first bank.
func (m *Model) Init() tea.Cmd { return nil }

// SetSize implements common.Pane.
func (m *Model) SetSize(width, height int) {
	m.width, m.height = max(width, 0), max(height, 0)
	m.settle()
}

// SetStyles implements common.Pane: the inputs, the spinner and the trace take the
// new colours, and what settle drew is drawn again.
func (m *Model) SetStyles(st *styles.Styles) {
	m.search.SetStyles(components.InputStyles(st))
	m.pinBox.SetStyles(components.InputStyles(st))
	m.bar.SetStyles(st)
	m.spin.Style = st.Accent
	m.trace.SetStyles(st)
	m.settle()
}

// Focus implements common.Pane. With nothing searched yet the pane opens on the
// search box, so a query can be typed at once; with results it opens on them, so the
// list keys (and q, tab, 1-9) work.
func (m *Model) Focus() tea.Cmd {
	m.focused = true
	z := m.zone
	switch {
	case m.res == nil && m.err == nil:
		z = zoneSearch
	case z == zoneSearch:
		z = zoneResults
	}
	cmd := m.focusZone(z)
	m.settle()
	return cmd
}

// Blur implements common.Pane; what is being typed stays.
func (m *Model) Blur() {
	m.focused = false
	m.search.Blur()
	m.bar.Blur()
	m.pinBox.Blur()
	m.settle()
}

// Capturing implements common.Pane: the search box and the filter bar take every
// printable key (digits edit max_tokens, they do not jump to pane 2).
func (m *Model) Capturing() bool {
	return m.focused && (m.zone == zoneSearch || m.zone == zoneBar || m.zone == zonePinBox)
}

// Update implements common.Pane.
func (m *Model) Update(msg tea.Msg) (common.Pane, tea.Cmd) {
	m.syncKeys()
	var cmd tea.Cmd
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		cmd = m.handleKey(msg)
	case tea.PasteMsg:
		cmd = m.paste(msg)
	case tea.MouseClickMsg:
		cmd = m.click(msg)
	case tea.MouseWheelMsg:
		m.wheel(msg)
	case common.BankSelectedMsg:
		cmd = m.selectBank(msg.BankID)
	case common.RecallScopedMsg:
		cmd = m.scoped(msg)
	case common.ReplayRecallMsg:
		cmd = m.replayed(msg)
	case common.MemoryChangedMsg:
		m.memoryChanged(msg)
		m.compareWritten(msg)
	case common.PinMemoryMsg:
		cmd = m.onPin(msg)
	case pinsLoadedMsg:
		cmd = m.onPinsLoaded(msg)
	case pinsSavedMsg:
		if msg.err != nil {
			cmd = common.Emit(common.ErrorMsg{Op: "save the pinned memories", Err: msg.err})
		}
	case explainDoneMsg:
		cmd = m.onExplained(msg)
	case retryDoneMsg:
		cmd = m.onRetried(msg)
	case resolvedMsg:
		cmd = m.onResolved(msg)
	case searchDueMsg:
		if msg.seq == m.typeSeq {
			cmd = m.runSearch()
		}
	case recallDoneMsg:
		cmd = m.onRecall(msg)
	case compareDoneMsg:
		cmd = m.onCompared(msg)
	case spinner.TickMsg:
		if msg.ID == m.spin.ID() {
			if !m.searching && !m.cmp.running {
				m.spinning = false // let the tick chain end
				break
			}
			m.spin, cmd = m.spin.Update(msg)
		}
	case common.ActionMsg:
		cmd = m.onAction(msg)
	default:
		cmd, _ = m.bar.Update(msg)
	}
	m.syncKeys()
	m.settle()
	return m, cmd
}

// focusZone moves the keys to z.
func (m *Model) focusZone(z zone) tea.Cmd {
	if z != zoneSearch && m.zone == zoneSearch {
		m.search.Blur()
		m.remember(m.search.Value())
	}
	if z != zoneBar && m.zone == zoneBar {
		m.bar.Blur()
	}
	if z != zonePinBox && m.zone == zonePinBox {
		m.pinBox.Blur()
	}
	m.zone = z
	switch z {
	case zoneSearch:
		m.histPos = -1
		_ = m.search.Focus()
		m.search.CursorEnd()
	case zoneBar:
		return m.bar.Focus()
	case zonePinBox:
		return m.pinBox.Focus()
	}
	return nil
}
