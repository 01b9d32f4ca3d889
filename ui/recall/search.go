package recall

import (
	"context"
	"fmt"
	"time"

	tea "charm.land/bubbletea/v2"

	"hindsight-tui/client"
	"hindsight-tui/ui/common"
)

// searchDueMsg fires when typing (or changing filters) has paused.
type searchDueMsg struct {
	seq int
}

// recallDoneMsg answers one search. seq drops answers a newer search superseded;
// started and took measure the call itself, not the time the answer waited in the
// event loop.
type recallDoneMsg struct {
	seq     int
	bank    string
	req     client.RecallRequest
	resp    *client.RecallResponse
	err     error
	started time.Time
	took    time.Duration
}

// schedule asks for a search once typing pauses; each call makes the previous pause
// stale.
func (m *Model) schedule() tea.Cmd {
	m.typeSeq++
	if m.bank == "" || !hasWordChar(m.search.Value()) {
		return nil
	}
	return m.c.After(debounce, searchDueMsg{seq: m.typeSeq})
}

// searchNow searches at once (enter, refresh), dropping a pending pause.
func (m *Model) searchNow() tea.Cmd {
	m.typeSeq++
	return m.runSearch()
}

// runSearch sends the current request unless the filters have errors or the query
// has nothing to search for. A search in flight is cancelled: its answer will be
// dropped.
func (m *Model) runSearch() tea.Cmd {
	if m.bank == "" {
		return nil
	}
	req, errs := buildRequest(m.search.Value(), m.cur.filters, m.c.Now())
	m.invalid = errs
	if len(errs) > 0 {
		return nil // the bar marks what to fix; the query error is shown as a hint
	}
	m.stop()
	m.seq++
	ctx, cancel := m.c.Context(context.Background())
	m.cancel = cancel
	m.searching = true
	m.serverErrs = nil
	seq, bank, cl, clock := m.seq, m.bank, m.c.Client, m.c.Now
	call := func() tea.Msg {
		defer cancel()
		started := clock()
		resp, err := cl.Recall(ctx, bank, req)
		took := clock().Sub(started)
		if err != nil {
			err = fmt.Errorf("recall in %s: %w", bank, err)
		}
		return recallDoneMsg{seq: seq, bank: bank, req: req, resp: resp, err: err, started: started, took: took}
	}
	return tea.Batch(call, m.startSpinner())
}

// stop cancels the search in flight, if any.
func (m *Model) stop() {
	if m.cancel != nil {
		m.cancel()
		m.cancel = nil
	}
	m.searching = false
}

// cancelSearch is esc while searching: the request stops and the results shown stay.
func (m *Model) cancelSearch() tea.Cmd {
	if !m.searching {
		return nil
	}
	m.stop()
	m.seq++ // an answer already on its way is stale too
	return common.Toast("search cancelled")
}

// onRecall takes a search's answer unless a newer search (or a bank switch, or esc)
// has made it stale.
func (m *Model) onRecall(msg recallDoneMsg) tea.Cmd {
	if msg.seq != m.seq || msg.bank != m.bank || !m.searching {
		return nil
	}
	m.searching, m.cancel = false, nil
	if msg.err != nil {
		if client.IsCanceled(msg.err) {
			return nil
		}
		m.err = msg.err
		m.serverErrs = m.serverFieldErrors(msg.err)
		// Searching as you type repeats a failure with every pause; the log gets it
		// once, until something else happens.
		if text := msg.err.Error(); text != m.lastErr {
			m.lastErr = text
			return common.Emit(common.ErrorMsg{Op: "recall", Err: msg.err})
		}
		return nil
	}
	prev, prevQuery, prevName, prevRow := m.selectedID(), "", "", m.cursor
	if r := m.selected(); r != nil {
		prevName = common.ItemName(r.Text, r.ID)
	}
	if m.res != nil {
		prevQuery = m.res.req.Query
	}
	m.err, m.lastErr = nil, ""
	m.res = newResultSet(m.c, msg.req, msg.resp, msg.took)
	m.cursor, m.offset = 0, 0
	var left tea.Cmd
	switch i := m.res.indexOf(prev); {
	case msg.req.Query != prevQuery:
	case i >= 0:
		// The same query again (a refresh, a changed filter): the memory being looked
		// at stays selected when it is still there.
		m.cursor = i
	case msg.seq == m.againSeq && prev != "" && len(m.res.rows) > 0:
		// The same search again (r) lost it (invalidated, or outranked): the cursor
		// keeps its row, and says so.
		m.cursor = min(prevRow, len(m.res.rows)-1)
		left = common.Toast(common.NoLongerListed(prevName, m.cursor+1))
	}
	m.detail = detailState{}
	m.ensureVisible()
	if m.showTrace && len(m.res.resp.Trace) == 0 {
		m.showTrace = false
	}
	m.syncTrace()
	return tea.Batch(left, m.explainNow())
}

func (m *Model) startSpinner() tea.Cmd {
	if m.spinning {
		return nil
	}
	m.spinning = true
	return m.spin.Tick
}

// filtersChanged re-checks the filters and searches again once editing pauses.
func (m *Model) filtersChanged() tea.Cmd {
	m.validate()
	m.serverErrs = nil
	if len(m.invalid) > 0 {
		m.typeSeq++ // a search scheduled before the mistake must not run
		return nil
	}
	return m.schedule()
}

// validate recomputes the filters' own errors. A query with nothing to search for is
// not a filter problem: it is only reported when a search is asked for.
func (m *Model) validate() {
	_, errs := buildRequest("x", m.cur.filters, m.c.Now())
	m.invalid = errs
}
