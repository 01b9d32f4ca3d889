package banks

import (
	tea "charm.land/bubbletea/v2"

	"hindsight-tui/client"
	"hindsight-tui/ui/common"
)

// moveTo selects the bank at position i of the current order (clamped).
func (s *Sidebar) moveTo(i int) tea.Cmd {
	s.cursor = min(max(i, 0), max(len(s.order)-1, 0))
	s.ensureVisible()
	return s.announce()
}

// announce tells the other panes when the selection changed. An empty filter result
// is not announced, so they keep showing the last bank instead of going blank.
func (s *Sidebar) announce() tea.Cmd {
	id := s.selectedID()
	if id == s.emitted || (id == "" && s.shownQuery != "") {
		return nil
	}
	return s.send(id)
}

func (s *Sidebar) send(id string) tea.Cmd {
	s.emitted = id
	if s.echoes == nil {
		s.echoes = map[string]int{}
	}
	s.echoes[id]++
	return common.Emit(common.BankSelectedMsg{BankID: id})
}

// onSelected sees every BankSelectedMsg come back from the root. Commands run
// concurrently, so two quick announcements can arrive in either order; when an older
// one of ours lands after the newest, the newest is said again so every pane ends on
// the bank the cursor is on. A selection made elsewhere is followed.
func (s *Sidebar) onSelected(id string) tea.Cmd {
	if s.echoes[id] > 0 {
		if s.echoes[id]--; s.echoes[id] == 0 {
			delete(s.echoes, id)
		}
		if id != s.emitted && s.echoes[s.emitted] == 0 {
			return s.send(s.emitted)
		}
		return nil
	}
	if i := s.indexOf(id); i >= 0 {
		s.cursor = i
		s.ensureVisible()
	}
	s.emitted = id
	return nil
}

func (s *Sidebar) cycleSort() {
	id := s.selectedID()
	s.sort = s.sort.next()
	s.order = sortedOrder(s.entries, s.sort)
	s.cursor = max(s.indexOf(id), 0)
	s.ensureVisible()
}

func (s *Sidebar) selected() *client.Bank {
	if s.cursor < 0 || s.cursor >= len(s.order) {
		return nil
	}
	return &s.entries[s.order[s.cursor]].bank
}

func (s *Sidebar) selectedID() string {
	if b := s.selected(); b != nil {
		return b.BankID
	}
	return ""
}

// indexOf returns the position of bank id in the current order, or -1.
func (s *Sidebar) indexOf(id string) int {
	if id == "" {
		return -1
	}
	for pos, i := range s.order {
		if s.entries[i].bank.BankID == id {
			return pos
		}
	}
	return -1
}

func (s *Sidebar) click(m tea.MouseClickMsg) tea.Cmd {
	top := s.headerLines()
	if m.Button != tea.MouseLeft || m.Y < top || len(s.order) == 0 {
		return nil
	}
	row := (m.Y - top) / rowHeight
	if row >= s.visibleRows() || s.offset+row >= len(s.order) {
		return nil
	}
	return s.moveTo(s.offset + row)
}

// wheel scrolls the list without moving the selection (which would reload every
// bank-scoped pane for each notch).
func (s *Sidebar) wheel(m tea.MouseWheelMsg) {
	const notch = 3
	switch m.Button {
	case tea.MouseWheelUp:
		s.offset -= notch
	case tea.MouseWheelDown:
		s.offset += notch
	}
	s.offset = min(max(s.offset, 0), max(len(s.order)-s.visibleRows(), 0))
}

func (s *Sidebar) ensureVisible() {
	rows := s.visibleRows()
	if s.cursor < s.offset {
		s.offset = s.cursor
	}
	if s.cursor >= s.offset+rows {
		s.offset = s.cursor - rows + 1
	}
	s.offset = min(max(s.offset, 0), max(len(s.order)-rows, 0))
}

// headerLines counts the lines above the rows: the sort line, and the filter when set.
func (s *Sidebar) headerLines() int {
	if s.editing || s.shownQuery != "" || s.filter.Value() != "" {
		return 2
	}
	return 1
}

// visibleRows is how many banks fit, at least one.
func (s *Sidebar) visibleRows() int { return max((s.height-s.headerLines())/rowHeight, 1) }
