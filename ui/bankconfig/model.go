// Package bankconfig is the Bank configuration pane: every key a bank may set, grouped
// as the server's reference groups them, each with its resolved value and whether the
// bank overrides it or inherits the default. / filters the keys by name; e (or enter)
// edits the selected key by its type (a boolean toggles, an enum chooses, numbers are
// checked against their bounds, text goes in the editor, lists and objects are checked
// as JSON), u drops one override so the key inherits again, U drops them all, and M
// opens the memory defense rules. Every change is shown as the PATCH body that will
// be sent, before it is sent; under --read-only none of the writes exist.
//
// FormatValue and Specs are exported so that another view (a comparison of two
// banks) draws values and groups the same way.
package bankconfig

import (
	"context"
	"encoding/json"
	"slices"
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/spinner"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"hindsight-tui/client"
	"hindsight-tui/keymap"
	"hindsight-tui/sanitize"
	"hindsight-tui/styles"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
)

// row is one configurable key with its resolved value.
type row struct {
	spec     Spec
	value    json.RawMessage
	override bool
}

// Model is the bank configuration pane.
type Model struct {
	c       *common.Common
	keys    keymap.KeyMap // this pane's copy: bindings are disabled here, not globally
	width   int
	height  int
	focused bool
	frame   string // what View shows, laid out by draw

	bank      string
	activated bool

	cfg  *client.BankConfig
	rows []row // every key, group by group
	// keyWidth is the cells of the longest key, the key column's width where it fits.
	keyWidth int
	loading  bool
	err      error
	seq      int
	cancel   context.CancelFunc

	filter    textinput.Model
	filtering bool
	visible   []int // indexes into rows that pass the filter
	cursor    int   // index into visible
	keep      string
	offset    int // first line of the list in view (group headings count)

	spin     spinner.Model
	spinning bool

	def *defense // the memory defense rules view, nil in the list
}

var (
	_ common.Pane     = (*Model)(nil)
	_ common.Copier   = (*Model)(nil)
	_ common.Actioner = (*Model)(nil)
)

// loadedMsg is the answer to GET …/config.
type loadedMsg struct {
	seq  int
	bank string
	cfg  *client.BankConfig
	err  error
}

// New returns the pane; it loads nothing until it is first shown.
func New(c *common.Common) *Model {
	m := &Model{c: c, keys: c.Keys}
	m.keys.List.Filter.SetHelp(m.keys.List.Filter.Help().Key, keymap.FilterDesc("key names", false))
	m.keys.List.Open.SetHelp(m.keys.List.Open.Help().Key, "edit value")
	m.filter = components.NewInput(c.Styles, "/ ", "filter the keys by name")
	m.spin = spinner.New(spinner.WithSpinner(spinner.MiniDot), spinner.WithStyle(c.Styles.Accent))
	m.syncKeys()
	return m
}

// Init implements common.Pane.
func (m *Model) Init() tea.Cmd { return nil }

// SetSize implements common.Pane.
func (m *Model) SetSize(width, height int) {
	m.width, m.height = max(width, 0), max(height, 0)
	m.ensureVisible()
	if m.def != nil {
		m.def.ensureVisible(m.defRowsHeight())
	}
	m.draw()
}

// SetStyles implements common.Pane.
func (m *Model) SetStyles(st *styles.Styles) {
	m.filter.SetStyles(components.InputStyles(st))
	m.spin.Style = st.Accent
	m.draw()
}

// Focus implements common.Pane. The first time, it reads the bank's configuration.
func (m *Model) Focus() tea.Cmd {
	m.focused = true
	defer m.draw()
	if m.activated {
		return nil
	}
	m.activated = true
	return m.load()
}

// Blur implements common.Pane.
func (m *Model) Blur() {
	m.focused = false
	m.draw()
}

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
	case loadedMsg:
		m.onLoaded(msg)
	case savedMsg:
		cmd = m.onSaved(msg)
	case reeditMsg:
		cmd = m.onReedit(msg)
	case ruleSavedMsg:
		m.onRuleSaved(msg)
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
	}
	m.syncKeys()
	m.draw()
	return m, cmd
}

// spinCmd starts the spinner unless it already turns.
func (m *Model) spinCmd() tea.Cmd {
	if m.spinning {
		return nil
	}
	m.spinning = true
	return m.spin.Tick
}

// selectBank switches to another bank; once the pane has been shown, its
// configuration loads. The filter and the selected key stay.
func (m *Model) selectBank(id string) tea.Cmd {
	if id == m.bank {
		return nil
	}
	if r := m.selected(); r != nil {
		m.keep = r.spec.Key
	}
	m.bank = id
	m.cfg, m.rows, m.visible, m.err, m.def = nil, nil, nil, nil, nil
	m.stop()
	if !m.activated {
		return nil
	}
	return m.load()
}

// stop cancels the request in flight; its answer, if any, is dropped.
func (m *Model) stop() {
	m.seq++
	if m.cancel != nil {
		m.cancel()
		m.cancel = nil
	}
	m.loading = false
}

// load reads the bank's configuration; the cursor stays on its key.
func (m *Model) load() tea.Cmd {
	if r := m.selected(); r != nil {
		m.keep = r.spec.Key
	}
	m.stop()
	m.err = nil
	if m.bank == "" {
		return nil
	}
	m.loading = true
	ctx, cancel := m.c.Context(context.Background())
	m.cancel = cancel
	cl, bank, seq := m.c.Client, m.bank, m.seq
	fetch := func() tea.Msg {
		defer cancel()
		cfg, err := cl.GetBankConfig(ctx, bank)
		return loadedMsg{seq: seq, bank: bank, cfg: cfg, err: err}
	}
	return tea.Batch(fetch, m.spinCmd())
}

// onLoaded shows an answer, unless the user has moved on since it was asked for.
func (m *Model) onLoaded(msg loadedMsg) {
	if msg.seq != m.seq || msg.bank != m.bank {
		return
	}
	m.loading, m.cancel = false, nil
	if msg.err != nil {
		m.err = msg.err
		return
	}
	m.show(msg.cfg)
	if m.def != nil && !m.def.dirty() { // a reload keeps rules not saved yet
		m.def.reset(msg.cfg)
	}
}

// show takes a configuration the server answered (a GET, or a write's answer),
// keeping the cursor on the key it was on.
func (m *Model) show(cfg *client.BankConfig) {
	keep := m.keep
	if r := m.selected(); keep == "" && r != nil {
		keep = r.spec.Key
	}
	m.keep = ""
	m.cfg, m.err = cfg, nil
	m.rows = buildRows(cfg)
	m.keyWidth = 0
	for _, r := range m.rows {
		m.keyWidth = max(m.keyWidth, ansi.StringWidth(sanitize.Line(r.spec.Key)))
	}
	m.filterKeeping(keep)
}

// buildRows lists every key the server lists (and every key the reference names,
// even one a server left out), in the reference's order, group by group.
func buildRows(cfg *client.BankConfig) []row {
	var out []row
	seen := map[string]bool{}
	for _, s := range Specs() {
		seen[s.Key] = true
		v, _ := cfg.Value(s.Key)
		out = append(out, row{spec: s, value: v, override: cfg.IsOverride(s.Key)})
	}
	for _, k := range cfg.Keys() {
		if !seen[k] {
			v, _ := cfg.Value(k)
			out = append(out, row{spec: SpecFor(k, v), value: v, override: cfg.IsOverride(k)})
		}
	}
	for k := range cfg.Overrides { // an override of a key the resolved config leaves out
		if _, ok := cfg.Config[k]; !ok && !seen[k] {
			v := cfg.Overrides[k]
			out = append(out, row{spec: SpecFor(k, v), value: v, override: true})
		}
	}
	return out
}

// overrides counts the bank's overrides.
func (m *Model) overrides() int {
	if m.cfg == nil {
		return 0
	}
	return len(m.cfg.Overrides)
}

// applyFilter recomputes the rows that pass the filter, keeping the cursor on its key.
func (m *Model) applyFilter() {
	keep := ""
	if r := m.selected(); r != nil {
		keep = r.spec.Key
	}
	m.filterKeeping(keep)
}

// filterKeeping recomputes the rows that pass the filter and puts the cursor on key
// (the first row when it does not pass).
func (m *Model) filterKeeping(key string) {
	q := strings.ToLower(strings.TrimSpace(m.filter.Value()))
	m.visible = m.visible[:0]
	for i, r := range m.rows {
		if q == "" || strings.Contains(strings.ToLower(r.spec.Key), q) {
			m.visible = append(m.visible, i)
		}
	}
	m.cursor = max(slices.IndexFunc(m.visible, func(i int) bool { return m.rows[i].spec.Key == key }), 0)
	m.ensureVisible()
}

// selected is the row under the cursor, or nil.
func (m *Model) selected() *row {
	if m.cursor < 0 || m.cursor >= len(m.visible) {
		return nil
	}
	return &m.rows[m.visible[m.cursor]]
}

// SelectedKey is the key under the cursor ("" when none), for tests and links.
func (m *Model) SelectedKey() string {
	if r := m.selected(); r != nil {
		return r.spec.Key
	}
	return ""
}

// handleKey routes a key press.
func (m *Model) handleKey(k tea.KeyPressMsg) tea.Cmd {
	kl, kb := m.keys.List, m.keys.BankConfig
	if m.filtering {
		if key.Matches(k, kb.Filter.Leave) {
			m.filtering = false
			m.filter.Blur()
			return nil
		}
		var cmd tea.Cmd
		m.filter, cmd = m.filter.Update(k)
		m.applyFilter()
		return cmd
	}
	if m.def != nil {
		return m.defenseKey(k)
	}
	switch {
	case key.Matches(k, m.keys.Global.Refresh):
		return m.load()
	case key.Matches(k, kl.Filter):
		m.filtering = true
		return m.filter.Focus()
	case key.Matches(k, kl.Back) && m.loading:
		m.stop() // esc cancels the read in flight
		m.spinning = false
	case key.Matches(k, kl.Back) && m.filter.Value() != "":
		m.filter.SetValue("")
		m.applyFilter()
	case key.Matches(k, kb.Edit, kl.Open):
		return m.edit()
	case key.Matches(k, kb.Reset):
		return m.resetOne()
	case key.Matches(k, kb.ResetAll):
		return m.confirmResetAll()
	case key.Matches(k, kb.Rules):
		return m.openDefense()
	case key.Matches(k, kl.Up):
		m.moveTo(m.cursor - 1)
	case key.Matches(k, kl.Down):
		m.moveTo(m.cursor + 1)
	case key.Matches(k, kl.PageUp):
		m.moveTo(m.cursor - m.rowsHeight())
	case key.Matches(k, kl.PageDown):
		m.moveTo(m.cursor + m.rowsHeight())
	case key.Matches(k, kl.Top):
		m.moveTo(0)
	case key.Matches(k, kl.Bottom):
		m.moveTo(len(m.visible) - 1)
	}
	return nil
}

// moveTo selects row i (clamped).
func (m *Model) moveTo(i int) {
	if len(m.visible) == 0 {
		return
	}
	m.cursor = min(max(i, 0), len(m.visible)-1)
	m.ensureVisible()
}
