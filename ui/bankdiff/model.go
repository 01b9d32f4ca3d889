// Package bankdiff is the "Compare banks" pane and the template flows beside it. It
// compares the current bank (A) with another bank or a template file (B): configuration
// overrides key by key, mental models and directives by name, ids and timestamps left
// out. Marked differences copy from one side to the other as a template import into
// the target bank, shown first as a plan and applied after a confirmation that names
// the bank.
//
// The palette's "Export template" writes the current bank's template to a file, and
// "Import template" reads one, plans its import into the current or a new bank and
// applies it. The server's dry run validates a template but reports every item as
// created, so a plan is computed against what the target bank holds: create, update
// or unchanged, with the server's matching (models by id, directives by name).
//
// Nothing that writes exists under --read-only. The pane touches the network only once
// shown; every answer carries the sequence number of its request, and one that arrives
// after the user moved on is dropped.
package bankdiff

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
)

// ID is the pane's id in the tab list.
const ID = "bankdiff"

// The pane's views.
const (
	viewPick = iota // choosing B
	viewDiff        // the comparison
	viewPlan        // an import's or a copy's plan, and then its result
)

// Model is the "Compare banks" pane.
type Model struct {
	c       *common.Common
	keys    keymap.KeyMap
	width   int
	height  int
	focused bool

	bank      string // the current bank: side A
	activated bool

	view int
	pick picker

	a, b    side
	ta, tb  *client.BankTemplate
	cmp     comparison
	diffs   []item
	marked  map[string]bool
	cursor  int
	offset  int
	loading bool
	err     error

	plan *planView

	seq    int
	cancel context.CancelFunc

	spin     spinner.Model
	spinning bool
}

var (
	_ common.Pane     = (*Model)(nil)
	_ common.Actioner = (*Model)(nil)
)

// picker is the chooser of side B: the other banks, then a template file.
type picker struct {
	banks   []string
	names   map[string]string
	want    string // the bank the cursor goes to once listed (an import's target)
	cursor  int
	offset  int
	loading bool
	err     error
}

// New returns the pane; it loads nothing until it is first shown.
func New(c *common.Common) *Model {
	m := &Model{c: c, keys: c.Keys, marked: map[string]bool{}}
	m.spin = spinner.New(spinner.WithSpinner(spinner.MiniDot), spinner.WithStyle(c.Styles.Accent))
	if c.ReadOnly {
		for _, b := range []*key.Binding{&m.keys.BankDiff.Mark, &m.keys.BankDiff.MarkAll, &m.keys.BankDiff.CopyToA,
			&m.keys.BankDiff.CopyToB, &m.keys.BankDiff.Apply} {
			b.SetEnabled(false)
		}
	}
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
func (m *Model) SetStyles(st *styles.Styles) { m.spin.Style = st.Accent }

// Focus implements common.Pane. The first time, it opens the chooser of B.
func (m *Model) Focus() tea.Cmd {
	m.focused = true
	if m.activated {
		return nil
	}
	m.activated = true
	return m.openPicker()
}

// Blur implements common.Pane.
func (m *Model) Blur() { m.focused = false }

// Capturing implements common.Pane: the pane's text fields are in dialogs.
func (m *Model) Capturing() bool { return false }

// Update implements common.Pane.
func (m *Model) Update(msg tea.Msg) (common.Pane, tea.Cmd) {
	var cmd tea.Cmd
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		cmd = m.handleKey(msg)
	case common.BankSelectedMsg:
		cmd = m.selectBank(msg.BankID)
	case common.BanksChangedMsg:
		if m.view == viewPick && m.activated {
			cmd = m.loadBanks()
		}
	case banksMsg:
		m.onBanks(msg)
	case compareMsg:
		m.onCompare(msg)
	case exportedMsg:
		cmd = m.onExported(msg)
	case planMsg:
		m.onPlan(msg)
	case compareFailMsg:
		cmd = m.onCopyFailed(msg)
	case appliedMsg:
		cmd = m.onApplied(msg)
	case ExportMsg:
		cmd = m.exportCurrent()
	case ImportMsg:
		cmd = m.openImport()
	case fileChosenMsg:
		cmd = m.loadCompare(m.a, side{file: msg.path})
	case common.ActionMsg:
		cmd = m.onAction(msg)
	case spinner.TickMsg:
		if msg.ID == m.spin.ID() {
			if !m.busy() {
				m.spinning = false
				break
			}
			m.spin, cmd = m.spin.Update(msg)
		}
	}
	m.settle()
	return m, cmd
}

// busy reports a request the spinner stands for.
func (m *Model) busy() bool {
	return m.loading || m.pick.loading
}

// spinCmd starts the spinner unless it already turns.
func (m *Model) spinCmd() tea.Cmd {
	if m.spinning {
		return nil
	}
	m.spinning = true
	return m.spin.Tick
}

// stop cancels the load in flight; its answer, if any, is dropped.
func (m *Model) stop() {
	m.seq++
	if m.cancel != nil {
		m.cancel()
		m.cancel = nil
	}
	m.loading, m.pick.loading = false, false
}

// selectBank makes id side A; a comparison shown starts again from the chooser.
func (m *Model) selectBank(id string) tea.Cmd {
	if id == m.bank {
		return nil
	}
	m.bank = id
	m.a = side{bank: id}
	if !m.activated {
		return nil
	}
	return m.openPicker()
}

// openPicker shows the chooser of B and lists the banks.
func (m *Model) openPicker() tea.Cmd {
	m.view, m.plan = viewPick, nil
	m.a = side{bank: m.bank}
	if m.bank == "" {
		return nil
	}
	return m.loadBanks()
}

// choices are the picker's banks other than A.
func (m *Model) choices() []string {
	out := make([]string, 0, len(m.pick.banks))
	for _, b := range m.pick.banks {
		if b != m.bank {
			out = append(out, b)
		}
	}
	return out
}

func (m *Model) onBanks(msg banksMsg) {
	if msg.seq != m.seq {
		return
	}
	m.pick.loading, m.pick.err, m.pick.banks, m.pick.names = false, msg.err, msg.banks, msg.names
	if i := slices.Index(m.choices(), m.pick.want); m.pick.want != "" && i >= 0 {
		m.pick.cursor = i
	}
	m.pick.want = ""
	if m.pick.cursor > len(m.choices()) {
		m.pick.cursor = 0
	}
}

func (m *Model) onCompare(msg compareMsg) {
	if msg.seq != m.seq {
		return
	}
	m.loading, m.err = false, msg.err
	if m.plan == nil {
		m.view = viewDiff // a copy's result stays until esc
	}
	m.a, m.b = msg.a, msg.b
	if msg.err != nil {
		m.ta, m.tb, m.cmp, m.diffs = nil, nil, comparison{}, nil
		return
	}
	keep := ""
	if m.cursor < len(m.diffs) {
		keep = itemKey(m.diffs[m.cursor])
	}
	m.ta, m.tb = msg.ta, msg.tb
	m.cmp = compare(msg.ta, msg.tb)
	m.diffs = m.cmp.differences()
	still := map[string]bool{}
	m.cursor = 0
	for i, it := range m.diffs {
		k := itemKey(it)
		if m.marked[k] {
			still[k] = true
		}
		if k == keep {
			m.cursor = i
		}
	}
	m.marked = still
}

// current is the difference under the cursor, or nil.
func (m *Model) current() *item {
	if m.view != viewDiff || m.cursor < 0 || m.cursor >= len(m.diffs) {
		return nil
	}
	return &m.diffs[m.cursor]
}

// canWriteB reports whether side B can be written: it is a bank.
func (m *Model) canWriteB() bool { return m.b.bank != "" }
