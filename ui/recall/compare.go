package recall

import (
	"context"
	"fmt"
	"slices"
	"time"

	tea "charm.land/bubbletea/v2"

	"hindsight-tui/client"
	"hindsight-tui/explain"
	"hindsight-tui/styles"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
)

// The A/B comparison: b keeps the answer shown as A and opens the filter bar on a
// copy of its filters as B; leaving the bar runs B (same query), and the pane shows
// one merged list (explain.Merge) with each memory's rank in A and in B, how it moved,
// its final score in each, and the result counts and token totals of both. r runs B
// again with the same filters, so a curation made meanwhile (an invalidation from the
// inspector, say) shows as the difference between before (A) and after (B).

// compareState is the comparison: A, B's filters and answer, the merged rows.
type compareState struct {
	a        *resultSet // the answer kept as A (nil: no comparison)
	bFilters filters    // B's filters, edited in the bar while editing
	invalid  fieldErrors
	editing  bool // the bar edits bFilters
	show     bool // the comparison replaces the results

	seq     int // of B's recall in flight; a newer one, esc or a bank switch supersede it
	cancel  context.CancelFunc
	running bool
	err     error
	b       *resultSet // B's answer (nil until it comes)

	rows    []cmpRow
	diff    explain.Diff
	changes []string // what B's request changes of A's; none: the same request again
	changed map[string]bool
	cursor  int
	offset  int
	lines   []string // the rows in view, as settle drew them

	// A replay (replay.go): the sides' names ("" = A and B), the logged request B
	// sends as it is, and when it was logged.
	names    [2]string
	replay   *client.RecallRequest
	replayAt time.Time
}

// cmpRow is one memory of A∪B: its move and its result in each list (nil where absent).
type cmpRow struct {
	mv   explain.Move
	a, b *row

	drawn    string
	drawnFor cmpRowKey
}

// cmpRowKey is everything a comparison row's drawing depends on besides the row.
type cmpRowKey struct {
	width, rankW     int
	selected, active bool
	styles           *styles.Styles
}

// compareDoneMsg answers B's recall.
type compareDoneMsg struct {
	seq  int
	bank string
	req  client.RecallRequest
	resp *client.RecallResponse
	err  error
	took time.Duration
}

// stop cancels B's recall in flight, if any.
func (s *compareState) stop() {
	if s.cancel != nil {
		s.cancel()
		s.cancel = nil
	}
	s.running = false
}

// startCompare is b: in a comparison it edits B again; in the results it keeps them
// as A and edits a copy of the filters as B.
func (m *Model) startCompare() tea.Cmd {
	if m.bank == "" {
		return nil
	}
	if m.cmp.a == nil {
		if m.res == nil {
			return common.Toast("search first: the results become A")
		}
		m.cmp = compareState{seq: m.cmp.seq + 1, a: m.res, bFilters: m.cur.filters.clone()}
	}
	m.cmp.replay = nil // B edited: it is built from its filters from now on
	m.showTrace, m.showExplain = false, false
	m.cmp.editing = true
	m.bar.SetKeyLine([]string{"enter runs B"}, "runs B")
	cmd := m.bar.Bind(m.bank, &m.cmp.bFilters)
	return tea.Batch(cmd, m.focusZone(zoneBar))
}

// endCompare leaves the comparison for the results; A and B are forgotten.
func (m *Model) endCompare() tea.Cmd {
	m.cmp.stop()
	editing := m.cmp.editing
	m.cmp = compareState{seq: m.cmp.seq + 1}
	if editing && m.zone == zoneBar {
		m.focusZone(zoneResults)
	}
	m.bar.SetKeyLine(barHints(), "done")
	return m.bar.Bind(m.bank, &m.cur.filters)
}

// compareBar acts on what the bar did while it edits B: a change is checked, enter or
// esc runs B.
func (m *Model) compareBar(ev components.FilterEvent) tea.Cmd {
	switch ev {
	case components.FilterChanged:
		_, m.cmp.invalid = buildRequest("x", m.cmp.bFilters, m.c.Now())
	case components.FilterSubmit, components.FilterLeave:
		return m.runB()
	case components.FilterOpen:
		if m.zone != zoneBar {
			return m.focusZone(zoneBar)
		}
	}
	return nil
}

// runB sends B's request (A's query with B's filters) unless B's filters have errors,
// and shows the comparison.
func (m *Model) runB() tea.Cmd {
	s := &m.cmp
	if s.a == nil || m.bank == "" {
		return nil
	}
	req, errs := buildRequest(s.a.req.Query, s.bFilters, m.c.Now())
	if s.replay != nil {
		req, errs = cloneRequest(*s.replay), nil
	}
	if s.invalid = errs; len(errs) > 0 {
		if m.zone != zoneBar {
			return m.startCompare()
		}
		return common.Toast("fix B's filters first: " + m.bar.Problems(errs))
	}
	if s.editing {
		s.editing = false
		m.focusZone(zoneResults)
		m.bar.SetKeyLine(barHints(), "done")
		_ = m.bar.Bind(m.bank, &m.cur.filters)
	}
	s.show = true
	s.stop()
	s.seq++
	ctx, cancel := m.c.Context(context.Background())
	s.cancel, s.running, s.err = cancel, true, nil
	seq, bank, cl, clock := s.seq, m.bank, m.c.Client, m.c.Now
	call := func() tea.Msg {
		defer cancel()
		started := clock()
		resp, err := cl.Recall(ctx, bank, req)
		if err != nil {
			err = fmt.Errorf("recall B in %s: %w", bank, err)
		}
		return compareDoneMsg{seq: seq, bank: bank, req: req, resp: resp, err: err, took: clock().Sub(started)}
	}
	return tea.Batch(call, m.startSpinner())
}

// cancelB is esc while B runs: the request stops, what was shown stays.
func (m *Model) cancelB() tea.Cmd {
	m.cmp.stop()
	m.cmp.seq++
	return common.Toast("B cancelled")
}

// onCompared takes B's answer unless it is stale, and merges it with A.
func (m *Model) onCompared(msg compareDoneMsg) tea.Cmd {
	s := &m.cmp
	if msg.seq != s.seq || msg.bank != m.bank || !s.running || s.a == nil {
		return nil
	}
	s.running, s.cancel = false, nil
	if msg.err != nil {
		if client.IsCanceled(msg.err) {
			return nil
		}
		s.err = msg.err
		return common.Emit(common.ErrorMsg{Op: "recall B", Err: msg.err})
	}
	prev := ""
	if r := s.selectedRow(); r != nil {
		prev = r.mv.ID
	}
	s.err, s.changed = nil, nil
	s.b = newResultSet(m.c, msg.req, msg.resp, msg.took)
	s.merge()
	s.changes = requestChanges(s.a.req, s.b.req)
	s.cursor = max(slices.IndexFunc(s.rows, func(r cmpRow) bool { return r.mv.ID == prev }), 0)
	return nil
}

// merge builds the rows from A and B.
func (s *compareState) merge() {
	moves := explain.Merge(s.a.results(), s.b.results())
	s.diff = explain.Compare(s.a.results(), s.b.results())
	s.rows = make([]cmpRow, len(moves))
	for i, mv := range moves {
		r := cmpRow{mv: mv}
		if mv.From > 0 {
			r.a = &s.a.rows[mv.From-1]
		}
		if mv.To > 0 {
			r.b = &s.b.rows[mv.To-1]
		}
		s.rows[i] = r
	}
}

// selectedRow is the comparison's selected row, or nil.
func (s *compareState) selectedRow() *cmpRow {
	if s.cursor < 0 || s.cursor >= len(s.rows) {
		return nil
	}
	return &s.rows[s.cursor]
}

// result is the row's result, B's when B has it.
func (r *cmpRow) result() *client.RecallResult {
	if r.b != nil {
		return r.b.res
	}
	return r.a.res
}

// line is the row's text, B's when B has it.
func (r *cmpRow) line() string {
	if r.b != nil {
		return r.b.text
	}
	return r.a.text
}

// compareWritten notes the compared memories written since B ran.
func (m *Model) compareWritten(msg common.MemoryChangedMsg) {
	s := &m.cmp
	if s.b == nil || msg.BankID != m.bank {
		return
	}
	for _, r := range s.rows {
		if slices.Contains(msg.IDs, r.mv.ID) {
			if s.changed == nil {
				s.changed = map[string]bool{}
			}
			s.changed[r.mv.ID] = true
		}
	}
}
