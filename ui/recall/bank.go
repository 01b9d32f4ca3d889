package recall

import (
	"slices"
	"strings"

	tea "charm.land/bubbletea/v2"
)

// historyMax is how many queries a bank's history keeps.
const historyMax = 50

// bankState is what the pane keeps per bank for the session: the filters, the query
// history (oldest first) and the query last in the box.
type bankState struct {
	filters filters
	history []searched
	query   string
}

// searched is one entry of the history: a query and the filters it ran with, which
// come back with it.
type searched struct {
	query   string
	filters filters
}

// queries are the history's queries, oldest first.
func (s *bankState) queries() []string {
	out := make([]string, len(s.history))
	for i, h := range s.history {
		out[i] = h.query
	}
	return out
}

// state returns the bank's state, creating it with the server's defaults.
func (m *Model) state(bank string) *bankState {
	s := m.banks[bank]
	if s == nil {
		s = &bankState{}
		m.banks[bank] = s
	}
	return s
}

// selectBank switches to another bank: the search in flight is cancelled, its results
// go, and the bank's own filters, history and last query come back.
func (m *Model) selectBank(id string) tea.Cmd {
	if id == m.bank && m.cur != nil {
		return nil
	}
	m.stop()
	m.typeSeq++
	m.cur.query = m.search.Value()
	m.bank = id
	m.cur = m.state(id)
	m.search.SetValue(m.cur.query)
	m.search.CursorEnd()
	m.histPos = -1
	m.res, m.err, m.serverErrs, m.traceShown = nil, nil, nil, nil
	m.cursor, m.offset, m.showTrace = 0, 0, false
	m.detail = detailState{}
	m.exp.stop()
	m.exp = explainState{seq: m.exp.seq + 1}
	m.showExplain = false
	m.cmp.stop()
	m.cmp = compareState{seq: m.cmp.seq + 1}
	m.bar.SetKeyLine(barHints(), "done")
	if m.zone == zonePinBox {
		m.zone = zoneResults
		m.pinBox.Blur()
	}
	cmd := m.bar.Bind(id, &m.cur.filters)
	_, load := m.pinSet(id)
	m.validate()
	return tea.Batch(cmd, load)
}

// remember adds a searched query to the bank's history (moving a repeat to the end).
func (m *Model) remember(q string) {
	q = strings.TrimSpace(q)
	if q == "" || m.bank == "" {
		return
	}
	h := slices.DeleteFunc(m.cur.history, func(s searched) bool { return s.query == q })
	h = append(h, searched{query: q, filters: m.cur.filters.clone()})
	if len(h) > historyMax {
		h = h[len(h)-historyMax:]
	}
	m.cur.history = h
}

// browsing reports whether up/down walk the history: the box is empty, or shows the
// query the last up or down put there.
func (m *Model) browsing() bool {
	if m.histPos >= 0 && m.histPos < len(m.cur.history) {
		return m.search.Value() == m.cur.history[m.histPos].query
	}
	return m.search.Value() == ""
}

// historyStep moves through the history: -1 is an older query, +1 a newer one, each
// with the filters it ran with; past the newest the box and the filters get back what
// they were before browsing. The caller syncs the filter bar.
func (m *Model) historyStep(d int) bool {
	h := m.cur.history
	if len(h) == 0 || !m.browsing() {
		return false
	}
	pos := m.histPos
	if pos < 0 {
		if d > 0 {
			return false
		}
		m.histText, m.histFilters = m.search.Value(), m.cur.filters.clone()
		pos = len(h)
	}
	pos += d
	switch {
	case pos < 0:
		pos = 0
	case pos >= len(h):
		m.histPos = -1
		m.search.SetValue(m.histText)
		m.cur.filters = m.histFilters.clone()
		m.search.CursorEnd()
		return true
	}
	m.histPos = pos
	m.search.SetValue(h[pos].query)
	m.cur.filters = h[pos].filters.clone()
	m.search.CursorEnd()
	return true
}
