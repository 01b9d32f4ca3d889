package timeline

import (
	"context"
	"slices"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"hindsight-tui/client"
)

// list is the selected bucket's memories: the graph's rows whose time (the chart's
// time field, falling back to created_at as the series does) is in the bucket.
type list struct {
	open    bool
	col     column // the bucket listed
	field   string // the time field it was listed by
	rows    []client.GraphRow
	times   []time.Time // each row's time at field
	total   int         // memories in the bank (the graph's total_units)
	scanned int         // rows the graph returned
	loading bool
	err     error
	seq     int
	cancel  context.CancelFunc
	cursor  int
	offset  int
}

// rowsMsg answers one list request.
type rowsMsg struct {
	seq   int
	bank  string
	graph *client.MemoryGraph
	err   error
}

// stop cancels the list's load in flight.
func (l *list) stop() {
	l.seq++
	if l.cancel != nil {
		l.cancel()
		l.cancel = nil
	}
	l.loading = false
}

// settle keeps the cursor in range and in view of h rows.
func (l *list) settle(h int) {
	l.cursor = min(max(l.cursor, 0), max(len(l.rows)-1, 0))
	h = max(h, 1)
	if l.cursor < l.offset {
		l.offset = l.cursor
	}
	if l.cursor >= l.offset+h {
		l.offset = l.cursor - h + 1
	}
	l.offset = min(max(l.offset, 0), max(len(l.rows)-h, 0))
}

// rowTime is when a row counts at field: the event fields fall back to created_at.
func rowTime(r client.GraphRow, field string) time.Time {
	switch {
	case field == client.TimeFieldMentionedAt && !r.MentionedAt.IsZero():
		return r.MentionedAt.UTC()
	case field == client.TimeFieldOccurredStart && !r.OccurredStart.IsZero():
		return r.OccurredStart.UTC()
	}
	return r.CreatedAt.UTC()
}

// openBucket lists the selected bucket's memories.
func (m *Model) openBucket() tea.Cmd {
	c := m.selected()
	if c == nil || m.bank == "" || c.total() == 0 {
		return nil
	}
	m.list.stop()
	m.list = list{open: true, col: *c, field: m.series.TimeField, seq: m.list.seq}
	return m.loadRows()
}

// loadRows asks for the graph's rows of the bank.
func (m *Model) loadRows() tea.Cmd {
	l := &m.list
	l.stop()
	l.loading = true
	ctx, cancel := m.c.Context(context.Background())
	l.cancel = cancel
	cl, bank, seq := m.c.Client, m.bank, l.seq
	return tea.Batch(func() tea.Msg {
		defer cancel()
		g, err := cl.Graph(ctx, bank, client.GraphParams{Limit: graphLimit})
		return rowsMsg{seq: seq, bank: bank, graph: g, err: err}
	}, m.tick())
}

// onRows keeps the rows in the bucket, oldest first.
func (m *Model) onRows(msg rowsMsg) {
	l := &m.list
	if msg.seq != l.seq || msg.bank != m.bank || !l.open {
		return
	}
	l.loading, l.cancel = false, nil
	if msg.err != nil {
		l.err = msg.err
		return
	}
	l.err, l.rows, l.times = nil, nil, nil
	l.total, l.scanned = msg.graph.TotalUnits, len(msg.graph.TableRows)
	type hit struct {
		row client.GraphRow
		at  time.Time
	}
	var hits []hit
	for _, r := range msg.graph.TableRows {
		if at := rowTime(r, l.field); l.col.contains(at) {
			hits = append(hits, hit{r, at})
		}
	}
	slices.SortStableFunc(hits, func(a, b hit) int { return a.at.Compare(b.at) })
	for _, h := range hits {
		l.rows = append(l.rows, h.row)
		l.times = append(l.times, h.at)
	}
}

// truncated reports whether the bank holds memories the list did not search.
func (l *list) truncated() bool { return l.total > l.scanned }

// listKey acts on a key while the bucket's list is open.
func (m *Model) listKey(k tea.KeyPressMsg) tea.Cmd {
	l, kl := &m.list, m.keys.List
	page := max(m.listRows()-1, 1)
	switch {
	case key.Matches(k, kl.Back):
		if l.loading {
			l.stop()
		}
		m.list = list{seq: l.seq}
	case key.Matches(k, kl.Down):
		l.cursor++
	case key.Matches(k, kl.Up):
		l.cursor--
	case key.Matches(k, kl.PageDown):
		l.cursor += page
	case key.Matches(k, kl.PageUp):
		l.cursor -= page
	case key.Matches(k, kl.Top):
		l.cursor = 0
	case key.Matches(k, kl.Bottom):
		l.cursor = len(l.rows) - 1
	case key.Matches(k, m.keys.Global.Refresh):
		return m.loadRows()
	case key.Matches(k, kl.Open):
		if l.cursor < len(l.rows) {
			return m.openMemory(l.rows[l.cursor].ID)
		}
	}
	return nil
}
