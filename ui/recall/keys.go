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
	case zonePinBox:
		return m.pinBoxKey(k)
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
	case zonePinBox:
		var cmd tea.Cmd
		m.pinBox, cmd = m.pinBox.Update(msg)
		return cmd
	}
	return nil
}

// resultsKey handles the results (and the trace, which takes the keys this pane does
// not use itself).
func (m *Model) resultsKey(k tea.KeyPressMsg) tea.Cmd {
	kl, kr := m.keys.List, m.keys.Recall
	if m.cmp.show {
		return m.compareKey(k)
	}
	switch {
	case key.Matches(k, kr.Searching) && m.searching:
		return m.cancelSearch()
	case key.Matches(k, kl.Back) && m.showTrace:
		m.showTrace = false
		return nil
	case key.Matches(k, kl.Back) && m.showExplain:
		m.showExplain = false
		return nil
	case key.Matches(k, kr.Explain):
		return m.do(doExplain)
	case key.Matches(k, kr.SaveCase):
		return m.do(doSaveCase)
	case key.Matches(k, kr.Compare):
		return m.do(doCompare)
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
	case m.showExplain:
		return m.explainKey(k)
	case key.Matches(k, kl.Open):
		return m.do(doOpen)
	case key.Matches(k, m.keys.Memories.Pin) && !m.showTrace:
		return m.do(doPin)
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
	case key.Matches(k, kr.Scores):
		m.showScores = !m.showScores
	case key.Matches(k, kr.DetailDn):
		m.scrollDetail(3)
	case key.Matches(k, kr.DetailUp):
		m.scrollDetail(-3)
	}
	return nil
}

// compareKey handles the comparison: the list keys move through the merged rows,
// enter opens the memory, b edits B, r runs B again, w writes the comparison, esc
// cancels B in flight or goes back to the results.
func (m *Model) compareKey(k tea.KeyPressMsg) tea.Cmd {
	kl, kr, s := m.keys.List, m.keys.Recall, &m.cmp
	switch {
	case key.Matches(k, kr.Searching) && s.running:
		return m.cancelB()
	case key.Matches(k, kl.Back):
		return m.do(doEndAB)
	case key.Matches(k, kr.Compare):
		return m.do(doCompare)
	case key.Matches(k, m.keys.Global.Refresh):
		return m.do(doRunB)
	case key.Matches(k, kr.SaveAB):
		return m.do(doSaveAB)
	case key.Matches(k, kl.Open):
		return m.do(doOpen)
	case key.Matches(k, kl.Up):
		s.cursor--
	case key.Matches(k, kl.Down):
		s.cursor++
	case key.Matches(k, kl.PageUp):
		s.cursor -= m.comparePage()
	case key.Matches(k, kl.PageDown):
		s.cursor += m.comparePage()
	case key.Matches(k, kl.Top):
		s.cursor = 0
	case key.Matches(k, kl.Bottom):
		s.cursor = 1 << 30
	}
	s.cursor = min(max(s.cursor, 0), max(len(s.rows)-1, 0))
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
	case y >= head && m.cmp.show:
		cmd := m.focusZone(zoneResults)
		if i := m.cmp.offset + y - head - 1; y > head && i < len(m.cmp.rows) {
			m.cmp.cursor = i
		}
		return cmd
	case y >= head && m.showTrace:
		cmd := m.focusZone(zoneResults)
		var tcmd tea.Cmd
		m.trace, tcmd = m.trace.Update(common.TranslateMouse(msg, 0, head))
		return tea.Batch(cmd, tcmd)
	case y >= head && m.showExplain:
		return m.focusZone(zoneResults)
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
	if m.cmp.show {
		m.cmp.cursor = min(max(m.cmp.cursor+d, 0), max(len(m.cmp.rows)-1, 0))
		return
	}
	if m.showExplain {
		m.exp.cursor = min(max(m.exp.cursor+d, 0), max(len(m.verdicts())-1, 0))
		return
	}
	if m.width >= sideBySide && !m.detailToggled && msg.Mouse().X >= m.width*55/100 {
		m.scrollDetail(3 * d)
		return
	}
	m.moveTo(m.cursor + d)
}

// explainKey handles the explainer: the cursor moves by verdict, enter tries the
// selected verdict's fix, P opens the pin box, U unpins.
func (m *Model) explainKey(k tea.KeyPressMsg) tea.Cmd {
	kl, kr := m.keys.List, m.keys.Recall
	e := &m.exp
	switch {
	case key.Matches(k, kl.Up):
		e.cursor--
	case key.Matches(k, kl.Down):
		e.cursor++
	case key.Matches(k, kl.PageUp):
		e.cursor -= 5
	case key.Matches(k, kl.PageDown):
		e.cursor += 5
	case key.Matches(k, kl.Top):
		e.cursor = 0
	case key.Matches(k, kl.Bottom):
		e.cursor = 1 << 30
	case key.Matches(k, kl.Open):
		return m.do(doTryFix)
	case key.Matches(k, m.keys.Memories.Pin):
		return m.do(doPinBox)
	case key.Matches(k, kr.Unpin):
		return m.do(doUnpin)
	}
	e.cursor = min(max(e.cursor, 0), max(len(m.verdicts())-1, 0))
	return nil
}

// pinBoxKey edits the pin box: enter looks the text up and pins what it names, esc
// closes the box.
func (m *Model) pinBoxKey(k tea.KeyPressMsg) tea.Cmd {
	switch {
	case key.Matches(k, m.keys.Form.Cancel):
		m.closeBox()
		return nil
	case k.String() == "enter":
		if m.exp.resolving {
			return nil
		}
		return m.resolvePin(m.pinBox.Value())
	}
	var cmd tea.Cmd
	m.pinBox, cmd = m.pinBox.Update(k)
	m.exp.boxErr = ""
	return cmd
}

// openBox opens the explainer's pin box.
func (m *Model) openBox() tea.Cmd {
	if m.bank == "" {
		return nil
	}
	m.showTrace, m.showExplain = false, true
	m.exp.box, m.exp.boxErr = true, ""
	m.pinBox.SetValue("")
	return m.focusZone(zonePinBox)
}

// closeBox closes the pin box; the keys go back to the verdicts.
func (m *Model) closeBox() {
	m.exp.box, m.exp.boxErr, m.exp.resolving = false, "", false
	m.pinBox.SetValue("")
	if m.zone == zonePinBox {
		m.focusZone(zoneResults)
	}
}
