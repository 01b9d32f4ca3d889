package recall

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"hindsight-tui/ui/common"
)

// handleKey routes a key to the zone that has it.
func (m *Model) handleKey(k tea.KeyPressMsg) tea.Cmd {
	switch m.zone {
	case zoneSearch:
		return m.searchKey(k)
	case zoneBar:
		return m.barKey(k)
	}
	return m.resultsKey(k)
}

// searchKey handles the search box: enter searches now, esc cancels a search in
// flight (or leaves the box), up and down walk the history in an empty box (or leave
// it for the results), everything else edits the query and searches after a pause.
func (m *Model) searchKey(k tea.KeyPressMsg) tea.Cmd {
	kr := m.keys.Recall
	switch {
	case key.Matches(k, kr.Submit):
		if !hasWordChar(m.search.Value()) {
			return common.Toast("type a word to search for")
		}
		m.remember(m.search.Value())
		cmd := m.searchNow()
		return tea.Batch(cmd, m.focusZone(zoneResults))
	case key.Matches(k, kr.Searching) && m.searching:
		return m.cancelSearch()
	case key.Matches(k, m.keys.Form.Cancel):
		return m.focusZone(zoneResults)
	case key.Matches(k, kr.HistoryPrev):
		if m.historyStep(-1) {
			return tea.Batch(m.bar.Sync(), m.filtersChanged())
		}
		return nil
	case key.Matches(k, kr.HistoryNext):
		if !m.historyStep(1) {
			if m.res != nil {
				return m.focusZone(zoneResults)
			}
			return m.schedule()
		}
		return tea.Batch(m.bar.Sync(), m.filtersChanged())
	case k.String() == "tab":
		return m.focusZone(zoneBar)
	}
	before := m.search.Value()
	var cmd tea.Cmd
	m.search, cmd = m.search.Update(k)
	if m.search.Value() == before {
		return cmd
	}
	m.histPos = -1
	return tea.Batch(cmd, m.schedule())
}

// paste goes to whatever edits text.
func (m *Model) paste(msg tea.PasteMsg) tea.Cmd {
	switch m.zone {
	case zoneSearch:
		var cmd tea.Cmd
		m.search, cmd = m.search.Update(msg)
		return tea.Batch(cmd, m.schedule())
	case zoneBar:
		return m.barKey(msg)
	}
	return nil
}

// resultsKey handles the results (and the trace, which takes the keys this pane does
// not use itself).
func (m *Model) resultsKey(k tea.KeyPressMsg) tea.Cmd {
	kl, kr := m.keys.List, m.keys.Recall
	switch {
	case key.Matches(k, kr.Searching) && m.searching:
		return m.cancelSearch()
	case key.Matches(k, kl.Back) && m.showTrace:
		m.showTrace = false
		return nil
	case key.Matches(k, kr.Search):
		return m.do(doSearch)
	case key.Matches(k, kr.Filters):
		return m.do(doFilters)
	case key.Matches(k, kr.Reset):
		return m.do(doReset)
	case key.Matches(k, kr.Trace):
		return m.do(doTraceView)
	case key.Matches(k, kr.CopyCode):
		return m.do(doCode)
	case key.Matches(k, kr.Prompt):
		return m.do(doPrompt)
	case key.Matches(k, m.keys.Global.Refresh):
		return m.do(doRefresh)
	case key.Matches(k, kl.Open):
		return m.do(doOpen)
	}
	if m.showTrace {
		var cmd tea.Cmd
		m.trace, cmd = m.trace.Update(k)
		return cmd
	}
	page := m.pageRows()
	switch {
	case key.Matches(k, kl.Up):
		m.moveTo(m.cursor - 1)
	case key.Matches(k, kl.Down):
		m.moveTo(m.cursor + 1)
	case key.Matches(k, kl.PageUp):
		m.moveTo(m.cursor - page)
	case key.Matches(k, kl.PageDown):
		m.moveTo(m.cursor + page)
	case key.Matches(k, kl.Top):
		m.moveTo(0)
	case key.Matches(k, kl.Bottom):
		m.moveTo(1 << 30)
	case key.Matches(k, kr.Detail):
		m.detailToggled = !m.detailToggled
	case key.Matches(k, kr.DetailDn):
		m.scrollDetail(3)
	case key.Matches(k, kr.DetailUp):
		m.scrollDetail(-3)
	}
	return nil
}

// pageRows is how many results a page key moves.
func (m *Model) pageRows() int { return max(m.bodyH/rowHeight, 1) }

// click selects the result under the pointer; a click on the search line focuses the
// search box, one on the filter bar opens it.
func (m *Model) click(msg tea.MouseClickMsg) tea.Cmd {
	y := msg.Mouse().Y
	head := m.height - m.bodyH
	switch {
	case y >= head && m.showTrace:
		cmd := m.focusZone(zoneResults)
		var tcmd tea.Cmd
		m.trace, tcmd = m.trace.Update(common.TranslateMouse(msg, 0, head))
		return tea.Batch(cmd, tcmd)
	case y == 0:
		return m.focusZone(zoneSearch)
	case y < head && m.zone != zoneBar && y <= len(m.barSummary(m.width)):
		return m.focusZone(zoneBar)
	case y >= head && m.res != nil && !m.showTrace:
		if m.width >= sideBySide && !m.detailToggled && msg.Mouse().X >= m.width*55/100 {
			return nil
		}
		if i := m.offset + (y-head)/rowHeight; i < len(m.res.rows) {
			cmd := m.focusZone(zoneResults)
			m.moveTo(i)
			return cmd
		}
	}
	return nil
}

// wheel scrolls the results, or the detail panel when the pointer is over it, or the
// trace.
func (m *Model) wheel(msg tea.MouseWheelMsg) {
	if m.showTrace {
		m.trace, _ = m.trace.Update(common.TranslateMouse(msg, 0, m.height-m.bodyH))
		return
	}
	d := 0
	switch msg.Button {
	case tea.MouseWheelUp:
		d = -1
	case tea.MouseWheelDown:
		d = 1
	default:
		return
	}
	if m.width >= sideBySide && !m.detailToggled && msg.Mouse().X >= m.width*55/100 {
		m.scrollDetail(3 * d)
		return
	}
	m.moveTo(m.cursor + d)
}
