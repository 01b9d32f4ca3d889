package knowledge

import (
	"context"
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"hindsight-tui/client"
	"hindsight-tui/ui/common"
)

// searchLimit is how many pages a search asks for: the server's maximum.
const searchLimit = 50

// searchState is the search box and the pages the last search found.
type searchState struct {
	input   textinput.Model
	typing  bool // the box has focus
	query   string
	results []client.KnowledgeSearchResult
	done    bool // results hold the answer to query
	busy    bool
	err     error
	seq     int
	cancel  context.CancelFunc
	cursor  int
	offset  int
}

// stop cancels the search in flight.
func (s *searchState) stop() {
	s.seq++
	if s.cancel != nil {
		s.cancel()
		s.cancel = nil
	}
	s.busy = false
}

// selected is the result under the cursor, or nil.
func (s *searchState) selected() *client.KnowledgeSearchResult {
	if s.cursor < 0 || s.cursor >= len(s.results) {
		return nil
	}
	return &s.results[s.cursor]
}

// searchMsg answers a search.
type searchMsg struct {
	bank, query string
	seq         int
	res         *client.KnowledgeSearchResults
	err         error
}

// startSearch focuses the search box, keeping the last query to edit.
func (m *Model) startSearch() tea.Cmd {
	if m.bank == "" {
		return nil
	}
	m.search.typing = true
	return m.search.input.Focus()
}

// searchBoxKey types in the search box: enter searches, esc leaves (and an empty
// box goes back to the tree).
func (m *Model) searchBoxKey(k tea.KeyPressMsg) tea.Cmd {
	kk := m.keys.Knowledge
	switch {
	case key.Matches(k, kk.Submit):
		q := strings.TrimSpace(m.search.input.Value())
		m.search.typing = false
		m.search.input.Blur()
		if q == "" {
			m.endSearch()
			return nil
		}
		return m.runSearch(q)
	case key.Matches(k, kk.Leave):
		m.search.typing = false
		m.search.input.Blur()
		if strings.TrimSpace(m.search.input.Value()) == "" || (!m.search.done && !m.search.busy) {
			m.endSearch()
		}
		return nil
	}
	var cmd tea.Cmd
	m.search.input, cmd = m.search.input.Update(k)
	return cmd
}

// endSearch goes back to the tree, forgetting the results.
func (m *Model) endSearch() {
	m.search.stop()
	m.search.results, m.search.done, m.search.err, m.search.query = nil, false, nil, ""
	m.search.input.SetValue("")
	m.view = viewTree
}

// runSearch asks the server for the pages matching q; an older search is cancelled
// and its answer dropped.
func (m *Model) runSearch(q string) tea.Cmd {
	m.search.stop()
	m.view = viewSearch
	m.search.query, m.search.busy, m.search.err = q, true, nil
	ctx, cancel := m.request()
	m.search.cancel = cancel
	cl, bank, seq := m.c.Client, m.bank, m.search.seq
	return tea.Batch(func() tea.Msg {
		defer cancel()
		res, err := cl.SearchKnowledge(ctx, bank, q, searchLimit)
		return searchMsg{bank: bank, query: q, seq: seq, res: res, err: err}
	}, m.spin.Tick)
}

// onSearch takes a search answer unless the user has searched again or moved on.
func (m *Model) onSearch(msg searchMsg) tea.Cmd {
	if msg.bank != m.bank || msg.seq != m.search.seq {
		return nil
	}
	m.search.busy, m.search.cancel = false, nil
	if msg.err != nil {
		m.search.err = msg.err
		if client.IsCanceled(msg.err) {
			return nil
		}
		return common.Emit(common.ErrorMsg{Op: "search the knowledge base of " + msg.bank, Err: msg.err})
	}
	m.search.results, m.search.done = msg.res.Results, true
	m.search.cursor, m.search.offset = 0, 0
	return nil
}

// resultsKey moves through the results; enter opens one, esc goes back to the tree.
func (m *Model) resultsKey(k tea.KeyPressMsg) tea.Cmd {
	kl, s, page := m.keys.List, &m.search, max(m.rowsHeight(), 1)
	move := func(i int) {
		s.cursor = max(min(i, len(s.results)-1), 0)
		m.ensureResultVisible()
	}
	switch {
	case key.Matches(k, kl.Back):
		m.endSearch()
	case key.Matches(k, kl.Filter):
		return m.startSearch()
	case key.Matches(k, m.keys.Global.Refresh):
		if s.query != "" {
			return m.runSearch(s.query)
		}
	case key.Matches(k, kl.Open):
		if r := s.selected(); r != nil {
			m.back = viewSearch
			return m.openPage(r.ID, r.Name)
		}
	case key.Matches(k, kl.Up):
		move(s.cursor - 1)
	case key.Matches(k, kl.Down):
		move(s.cursor + 1)
	case key.Matches(k, kl.PageUp):
		move(s.cursor - page)
	case key.Matches(k, kl.PageDown):
		move(s.cursor + page)
	case key.Matches(k, kl.Top):
		move(0)
	case key.Matches(k, kl.Bottom):
		move(len(s.results))
	}
	return nil
}

// resultLines is how many lines one result takes: its name line and its snippet.
const resultLines = 2

// ensureResultVisible scrolls the results so that the cursor's shows.
func (m *Model) ensureResultVisible() {
	s := &m.search
	n := max(m.rowsHeight()/resultLines, 1)
	if s.cursor < s.offset {
		s.offset = s.cursor
	}
	if s.cursor >= s.offset+n {
		s.offset = s.cursor - n + 1
	}
	s.offset = max(min(s.offset, len(s.results)-n), 0)
}
