// Package banks is the bank sidebar and the bank overview. The sidebar lists every bank
// (filtered on the server, sorted here) and announces the selection with
// common.BankSelectedMsg; the overview shows the selected bank's profile and counters.
// Both open the create, edit and delete dialogs, which are hidden in read-only mode.
package banks

import (
	"context"

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

// rowHeight is the lines per bank: the name and fact count, then the id and last write.
const rowHeight = 2

// Sidebar is the list of banks.
type Sidebar struct {
	c       *common.Common
	keys    keymap.KeyMap // this pane's copy: bindings are disabled here, not globally
	width   int
	height  int
	focused bool

	entries  []entry
	order    []int // indexes into entries in the current sort, computed per load and sort
	topFacts int   // the most facts of a bank listed: a full size bar
	sort     sortMode
	cursor   int // position in order of the selected bank
	offset   int // position in order of the first visible row

	initial     string // bank to select after the first load
	initialDone bool
	selectAfter string         // bank to select after the next load (one just created)
	deleted     string         // a bank deleted here: its leaving the list goes unsaid
	emitted     string         // the bank last announced with BankSelectedMsg
	echoes      map[string]int // our announcements the root has not yet handed back

	loaded     bool   // a load has succeeded
	shownQuery string // the filter of the banks shown
	loading    bool
	loadSeq    int
	cancel     context.CancelFunc
	err        error

	query     string // the filter of the latest load
	filter    textinput.Model
	editing   bool
	filterSeq int

	spin     spinner.Model
	spinning bool

	health    healthCache // the banks' last health results (see health.go)
	healthSeq int
}

var (
	_ common.Pane     = (*Sidebar)(nil)
	_ common.Actioner = (*Sidebar)(nil)
	_ common.Copier   = (*Sidebar)(nil)
)

// NewSidebar returns the bank list; it selects initialBank once loaded when it exists,
// else the first bank.
func NewSidebar(c *common.Common, initialBank string) *Sidebar {
	s := &Sidebar{c: c, keys: c.Keys, initial: initialBank, health: healthCache{}}
	// The server filters the banks (q), so the list holds every match, loaded or not.
	s.keys.List.Filter.SetHelp(s.keys.List.Filter.Help().Key, keymap.FilterDesc("", true))
	s.filter = components.NewInput(c.Styles, "/ ", "filter by id or name (server)")
	s.spin = spinner.New(spinner.WithSpinner(spinner.MiniDot), spinner.WithStyle(c.Styles.Accent))
	s.syncKeys()
	s.settle()
	return s
}

// Init loads the banks.
func (s *Sidebar) Init() tea.Cmd { return s.load() }

// SetSize implements common.Pane.
func (s *Sidebar) SetSize(width, height int) {
	s.width, s.height = max(width, 0), max(height, 0)
	s.ensureVisible()
	s.settle()
}

// SetStyles implements common.Pane: the filter and the spinner take the new colours,
// and the rows in view are drawn again.
func (s *Sidebar) SetStyles(st *styles.Styles) {
	s.filter.SetStyles(components.InputStyles(st))
	s.spin.Style = st.Accent
	s.settle()
}

// Focus implements common.Pane; the selected row lights up.
func (s *Sidebar) Focus() tea.Cmd {
	s.focused = true
	s.settle()
	return nil
}

// Blur implements common.Pane; a filter being typed is kept, as enter would.
func (s *Sidebar) Blur() {
	s.focused = false
	if s.editing {
		s.editing = false
		s.filter.Blur()
	}
	s.settle()
}

// Capturing is true while the filter is being typed.
func (s *Sidebar) Capturing() bool { return s.editing }

// SelectedBank returns the selected bank's id ("" when none).
func (s *Sidebar) SelectedBank() string { return s.selectedID() }

// Update implements common.Pane.
func (s *Sidebar) Update(msg tea.Msg) (common.Pane, tea.Cmd) {
	s.syncKeys()
	var cmd tea.Cmd
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		cmd = s.handleKey(msg)
	case tea.PasteMsg:
		if s.editing {
			cmd = s.editFilter(msg)
		}
	case tea.MouseClickMsg:
		cmd = s.click(msg)
	case tea.MouseWheelMsg:
		s.wheel(msg)
	case banksLoadedMsg:
		cmd = s.onLoaded(msg)
	case filterDueMsg:
		if msg.seq == s.filterSeq {
			cmd = s.applyFilter(s.filter.Value())
		}
	case spinner.TickMsg:
		switch {
		case msg.ID != s.spin.ID():
		case !s.loading:
			s.spinning = false // let the tick chain end
		default:
			s.spin, cmd = s.spin.Update(msg)
		}
	case common.BanksChangedMsg:
		if msg.Deleted != "" {
			s.deleted = msg.Deleted
		}
		cmd = s.reload(msg.Select)
	case common.MemoryChangedMsg:
		cmd = s.reload("") // the fact counts and last write changed
	case common.BankSelectedMsg:
		cmd = tea.Batch(s.onSelected(msg.BankID), s.scheduleHealth(msg.BankID))
	case healthDueMsg:
		cmd = s.onHealthDue(msg)
	case quickHealthMsg:
		cmd = onQuickHealth(msg)
	case common.BankHealthMsg:
		s.health.take(msg)
	case common.ActionMsg:
		cmd = s.do(msg.Kind)
	}
	s.syncKeys()
	s.settle()
	return s, cmd
}

// reload refreshes the list after a create, edit or delete (or the root's refresh),
// then selects sel if given.
func (s *Sidebar) reload(sel string) tea.Cmd {
	s.selectAfter = sel
	return s.load()
}

// clearFilter drops the filter without loading.
func (s *Sidebar) clearFilter() {
	s.editing = false
	s.filter.Blur()
	s.filter.Reset()
	s.query = ""
	s.filterSeq++
}

func (s *Sidebar) handleKey(k tea.KeyPressMsg) tea.Cmd {
	if s.editing {
		return s.editKey(k)
	}
	kl, kb := s.keys.List, s.keys.Banks
	switch {
	case key.Matches(k, kl.Up):
		return s.moveTo(s.cursor - 1)
	case key.Matches(k, kl.Down):
		return s.moveTo(s.cursor + 1)
	case key.Matches(k, kl.Top):
		return s.moveTo(0)
	case key.Matches(k, kl.Bottom):
		return s.moveTo(len(s.order) - 1)
	case key.Matches(k, kl.PageUp):
		return s.moveTo(s.cursor - s.visibleRows())
	case key.Matches(k, kl.PageDown):
		return s.moveTo(s.cursor + s.visibleRows())
	case key.Matches(k, kl.Back):
		if s.query != "" || s.filter.Value() != "" {
			s.filter.Reset()
			return s.applyFilter("")
		}
		return nil
	}
	for _, a := range []struct {
		b  key.Binding
		do string
	}{{kl.Filter, doFilter}, {kb.Sort, doSort}, {s.keys.Global.Refresh, doRefresh},
		{kb.Create, doCreate}, {kb.Edit, doEdit}, {kb.Delete, doDelete}} {
		if key.Matches(k, a.b) {
			return s.do(a.do)
		}
	}
	return nil
}

// do performs a pane action, from its key or from the command palette.
func (s *Sidebar) do(what string) tea.Cmd {
	b := s.selected()
	switch {
	case what == doFilter:
		s.editing = true
		s.filter.CursorEnd()
		return s.filter.Focus()
	case what == doSort:
		s.cycleSort()
	case what == doRefresh:
		return s.load()
	case s.c.ReadOnly:
		return nil // every write below is off in read-only mode
	case what == doCreate:
		return common.OpenDialog(newCreateDialog(s.c))
	case what == doEdit && b != nil:
		return common.OpenDialog(newEditDialog(s.c, b.BankID, b.Name, b.Mission, b.Disposition))
	case what == doDelete && b != nil:
		return common.OpenDialog(newDeleteDialog(s.c, b.BankID))
	}
	return nil
}

// editKey handles keys while the filter is typed: enter keeps it, esc clears it, the
// arrows still move the selection, everything else edits the text.
func (s *Sidebar) editKey(k tea.KeyPressMsg) tea.Cmd {
	switch {
	case key.Matches(k, s.keys.Form.Confirm):
		s.editing = false
		s.filter.Blur()
		return s.applyFilter(s.filter.Value())
	case key.Matches(k, s.keys.Form.Cancel):
		s.editing = false
		s.filter.Blur()
		s.filter.Reset()
		return s.applyFilter("")
	case k.Code == tea.KeyUp:
		return s.moveTo(s.cursor - 1)
	case k.Code == tea.KeyDown:
		return s.moveTo(s.cursor + 1)
	}
	return s.editFilter(k)
}

func (s *Sidebar) editFilter(msg tea.Msg) tea.Cmd {
	before := s.filter.Value()
	var cmd tea.Cmd
	s.filter, cmd = s.filter.Update(msg)
	if s.filter.Value() == before {
		return cmd
	}
	return tea.Batch(cmd, s.filterChanged())
}

// onLoaded takes a load's answer, unless a newer load has superseded it.
func (s *Sidebar) onLoaded(msg banksLoadedMsg) tea.Cmd {
	if msg.seq != s.loadSeq {
		return nil
	}
	s.loading, s.cancel = false, nil
	if msg.err != nil {
		if client.IsCanceled(msg.err) {
			return nil
		}
		s.err = msg.err
		return common.Emit(common.ErrorMsg{Op: "load banks", Err: msg.err})
	}
	if s.selectAfter != "" && s.query != "" && !containsBank(msg.banks, s.selectAfter) {
		// The bank to select (one just created, say) is hidden by the filter: drop the
		// filter rather than leave the user wondering where it went.
		s.clearFilter()
		return s.load()
	}
	prev, prevQuery := s.selectedID(), s.shownQuery
	s.err = nil
	s.entries = make([]entry, len(msg.banks))
	s.topFacts = 0
	for i, b := range msg.banks {
		s.entries[i] = newEntry(b)
		s.topFacts = max(s.topFacts, b.FactCount)
	}
	s.order = sortedOrder(s.entries, s.sort)
	s.loaded, s.shownQuery = true, s.query

	target := prev
	switch {
	case s.selectAfter != "":
		target, s.selectAfter = s.selectAfter, ""
	case !s.initialDone:
		target = s.initial
	}
	s.initialDone = true
	var left tea.Cmd
	switch i := s.indexOf(target); {
	case i >= 0:
		s.cursor = i
	case s.query != prevQuery:
		s.cursor = 0 // a new filter starts at its best match
	case target == prev && prev != "" && prev != s.deleted && len(s.order) > 0:
		// Deleted elsewhere: the cursor keeps its row, which holds another bank now.
		left = common.Toast(common.NoLongerListed("bank "+components.Truncate(sanitize.Line(prev), 40),
			min(s.cursor, len(s.order)-1)+1))
	}
	s.deleted = ""
	// Otherwise the cursor keeps its place: after a delete, the next bank is selected.
	return tea.Batch(left, s.moveTo(s.cursor))
}

func containsBank(banks []client.Bank, id string) bool {
	for i := range banks {
		if banks[i].BankID == id {
			return true
		}
	}
	return false
}
