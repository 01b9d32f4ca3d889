// Package timeline is the Timeline pane: how many memories the current bank gained
// per time bucket (GET …/stats/memories-timeseries), as a column chart of block
// glyphs stacked by fact type, which reads without colour. [ and ] (or p) change the
// period (1h, 12h, 1d, 7d, 30d, 90d), f the time field the memories are counted at
// (created_at, mentioned_at, occurred_start). When the period has more buckets than
// the pane has columns, adjacent buckets are added up into one column (the header
// says how many). ←/→ move the selected bucket, marked ▲ under the axis; enter lists
// the memories retained in its time range, and enter there opens one in the memory
// inspector.
//
// The memories list has no time filter, so a bucket's memories come from the
// memory graph's table rows (GET …/graph, which carry created_at, mentioned_at and
// occurred_start), at most graphLimit of them, filtered here; the view says when the
// bank holds more and the list may be incomplete.
//
// Every request carries a sequence number, so an answer the user has moved on from
// (another bank, period or field, a newer reload) is dropped; esc cancels a load in
// flight. r reloads and keeps the selected bucket by its time, not its position (a
// period or field change too; on the current bucket it stays on the current one).
// Nothing here writes to the server.
package timeline

import (
	"context"
	"time"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/spinner"
	tea "charm.land/bubbletea/v2"

	"hindsight-tui/client"
	"hindsight-tui/keymap"
	"hindsight-tui/styles"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
)

// graphLimit is how many memories a bucket's list searches (the graph's newest).
const graphLimit = 1000

// periods and fields are the choices [ ] and f cycle through.
var (
	periods = []string{client.Period1h, client.Period12h, client.Period1d, client.Period7d, client.Period30d, client.Period90d}
	fields  = []string{client.TimeFieldCreatedAt, client.TimeFieldMentionedAt, client.TimeFieldOccurredStart}
)

// Model is the timeline pane.
type Model struct {
	c       *common.Common
	keys    keymap.KeyMap
	own     keymap.Timeline
	width   int
	height  int
	focused bool

	bank      string
	activated bool

	period, field string

	series  *client.MemoriesTimeseries
	cols    []column   // the series grouped to fit the pane (settle)
	drawn   chartCache // the chart's lines as settle drew them
	per     int        // buckets per column
	loading bool
	err     error
	seq     int
	cancel  context.CancelFunc

	cursor int       // the selected column
	keep   time.Time // the time a load puts the cursor back on (zero = the newest)
	newest bool      // a load puts the cursor on the newest bucket, whatever keep says

	list list // the selected bucket's memories, while open

	spin     spinner.Model
	spinning bool
}

var (
	_ common.Pane     = (*Model)(nil)
	_ common.Actioner = (*Model)(nil)
)

// seriesMsg answers one time-series request.
type seriesMsg struct {
	seq    int
	bank   string
	series *client.MemoriesTimeseries
	err    error
}

// New returns the pane; it loads nothing until it is first shown.
func New(c *common.Common) *Model {
	m := &Model{c: c, keys: c.Keys, own: c.Keys.Timeline, period: client.Period7d, field: client.TimeFieldCreatedAt, per: 1}
	m.spin = spinner.New(spinner.WithSpinner(spinner.MiniDot), spinner.WithStyle(c.Styles.Accent))
	return m
}

// Init implements common.Pane.
func (m *Model) Init() tea.Cmd { return nil }

// SetSize implements common.Pane.
func (m *Model) SetSize(width, height int) {
	m.width, m.height = max(width, 0), max(height, 0)
	m.settle()
}

// SetStyles implements common.Pane.
func (m *Model) SetStyles(st *styles.Styles) {
	m.spin.Style = st.Accent
	m.settle()
}

// Focus implements common.Pane. The first time, it loads the series.
func (m *Model) Focus() tea.Cmd {
	m.focused = true
	if m.activated {
		return nil
	}
	m.activated = true
	return m.load()
}

// Blur implements common.Pane.
func (m *Model) Blur() { m.focused = false }

// Capturing implements common.Pane: the pane has no text field.
func (m *Model) Capturing() bool { return false }

// Update implements common.Pane.
func (m *Model) Update(msg tea.Msg) (common.Pane, tea.Cmd) {
	var cmd tea.Cmd
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		cmd = m.handleKey(msg)
	case common.BankSelectedMsg:
		cmd = m.selectBank(msg.BankID)
	case seriesMsg:
		m.onSeries(msg)
	case rowsMsg:
		m.onRows(msg)
	case common.ActionMsg:
		cmd = m.onAction(msg)
	case spinner.TickMsg:
		if msg.ID == m.spin.ID() {
			if !m.busy() {
				m.spinning = false
				break
			}
			m.spin, cmd = m.spin.Update(msg)
		}
	}
	m.settle()
	return m, cmd
}

// busy reports whether a load is under way (the spinner turns).
func (m *Model) busy() bool { return m.loading || m.list.loading }

// tick starts the spinner unless it already turns.
func (m *Model) tick() tea.Cmd {
	if m.spinning {
		return nil
	}
	m.spinning = true
	return m.spin.Tick
}

// selectBank switches to another bank: its series starts afresh, newest bucket
// selected; the period and field stay.
func (m *Model) selectBank(id string) tea.Cmd {
	if id == m.bank {
		return nil
	}
	m.stop()
	m.bank = id
	m.series, m.cols, m.err, m.cursor, m.keep = nil, nil, nil, 0, time.Time{}
	m.list = list{}
	if !m.activated {
		return nil
	}
	return m.load()
}

// stop cancels what is in flight; its answers, if any, are dropped.
func (m *Model) stop() {
	m.seq++
	if m.cancel != nil {
		m.cancel()
		m.cancel = nil
	}
	m.loading = false
	m.list.stop()
}

// reload loads the series again, keeping the selected bucket by its time.
func (m *Model) reload() tea.Cmd {
	if c := m.selected(); c != nil {
		m.keep = c.start
		m.newest = m.cursor == len(m.cols)-1
	}
	return m.load()
}

// load asks for the series of the current period and field.
func (m *Model) load() tea.Cmd {
	m.seq++
	if m.cancel != nil {
		m.cancel()
		m.cancel = nil
	}
	if m.bank == "" {
		m.loading = false
		return nil
	}
	m.loading = true
	ctx, cancel := m.c.Context(context.Background())
	m.cancel = cancel
	cl, bank, seq, period, field := m.c.Client, m.bank, m.seq, m.period, m.field
	return tea.Batch(func() tea.Msg {
		defer cancel()
		ts, err := cl.MemoriesTimeseries(ctx, bank, period, field)
		return seriesMsg{seq: seq, bank: bank, series: ts, err: err}
	}, m.tick())
}

// onSeries takes an answer that is still wanted.
func (m *Model) onSeries(msg seriesMsg) {
	if msg.seq != m.seq || msg.bank != m.bank {
		return
	}
	m.loading, m.cancel = false, nil
	if msg.err != nil {
		m.err = msg.err
		return
	}
	m.err, m.series = nil, msg.series
	m.regroup()
	m.cursor = len(m.cols) - 1
	if !m.keep.IsZero() && !m.newest {
		for i, c := range m.cols {
			if c.contains(m.keep) {
				m.cursor = i
			}
		}
	}
	m.keep, m.newest = time.Time{}, false
}

// regroup fits the series to the pane's width, keeping the selected bucket.
func (m *Model) regroup() {
	var at time.Time
	if c := m.selected(); c != nil {
		at = c.start
	}
	if m.series == nil {
		m.cols, m.per = nil, 1
		return
	}
	m.cols, m.per = group(m.series, maxColumns(m.seriesTop(), m.width))
	m.cursor = min(max(m.cursor, 0), max(len(m.cols)-1, 0))
	if !at.IsZero() {
		for i, c := range m.cols {
			if c.contains(at) {
				m.cursor = i
			}
		}
	}
}

// seriesTop is the largest count a column could reach, for the axis's width.
func (m *Model) seriesTop() int {
	sum := 0
	for _, b := range m.series.Buckets {
		sum += b.Total()
	}
	return sum
}

// selected is the selected column, or nil.
func (m *Model) selected() *column {
	if m.cursor < 0 || m.cursor >= len(m.cols) {
		return nil
	}
	return &m.cols[m.cursor]
}

// settle keeps the grouping in step with the pane's width and the cursor in range.
func (m *Model) settle() {
	if m.series != nil {
		want := maxColumns(m.seriesTop(), m.width)
		if n := len(m.series.Buckets); (n > want) != (m.per > 1) || (m.per > 1 && (n+want-1)/want != m.per) {
			m.regroup()
		}
	}
	m.list.settle(m.listRows())
	m.settleChart()
}

// chartCache is the chart as last drawn and what it was drawn from: a frame redraws
// it only when the series, its grouping, the selection, the size or the theme changed.
type chartCache struct {
	key   chartKey
	lines []string
}

type chartKey struct {
	series             *client.MemoriesTimeseries
	cols               *column
	n, cursor, w, rows int
	styles             *styles.Styles
}

// settleChart draws the chart when something it shows changed.
func (m *Model) settleChart() {
	if m.series == nil || m.list.open {
		return
	}
	k := chartKey{series: m.series, n: len(m.cols), cursor: m.cursor, w: m.width, rows: m.chartRows(), styles: m.c.Styles}
	if len(m.cols) > 0 {
		k.cols = &m.cols[0]
	}
	if m.drawn.lines == nil || m.drawn.key != k {
		m.drawn = chartCache{key: k, lines: m.chart()}
	}
}

// cycle moves the choice in values by d and returns the new one.
func cycle(values []string, cur string, d int) string {
	for i, v := range values {
		if v == cur {
			return values[(i+d+len(values))%len(values)]
		}
	}
	return values[0]
}

// handleKey acts on a key in the chart or, while it is open, the bucket's list.
func (m *Model) handleKey(k tea.KeyPressMsg) tea.Cmd {
	if m.list.open {
		return m.listKey(k)
	}
	kl, o := m.keys.List, m.own
	switch {
	case key.Matches(k, o.Left):
		m.cursor = max(m.cursor-1, 0)
	case key.Matches(k, o.Right):
		m.cursor = min(m.cursor+1, max(len(m.cols)-1, 0))
	case key.Matches(k, kl.Top):
		m.cursor = 0
	case key.Matches(k, kl.Bottom):
		m.cursor = max(len(m.cols)-1, 0)
	case key.Matches(k, o.NextPeriod):
		return m.setPeriod(cycle(periods, m.period, 1))
	case key.Matches(k, o.PrevPeriod):
		return m.setPeriod(cycle(periods, m.period, -1))
	case key.Matches(k, o.Field):
		return m.setField(cycle(fields, m.field, 1))
	case key.Matches(k, m.keys.Global.Refresh):
		return m.reload()
	case key.Matches(k, kl.Open):
		return m.openBucket()
	case key.Matches(k, kl.Back):
		if m.loading {
			m.stop()
		}
	}
	return nil
}

// setPeriod loads another period, keeping the selected time where it still shows.
func (m *Model) setPeriod(p string) tea.Cmd {
	m.period = p
	return m.reload()
}

// setField counts at another time field, keeping the selected time.
func (m *Model) setField(f string) tea.Cmd {
	m.field = f
	return m.reload()
}

// ShortHelp implements common.Pane.
func (m *Model) ShortHelp() []key.Binding {
	lk := m.keys.List
	if m.list.open {
		return []key.Binding{lk.Up, lk.Down, lk.Open, lk.Back}
	}
	return []key.Binding{m.own.NextPeriod, m.own.Field, m.own.Left, m.own.Right, lk.Open}
}

// FullHelp implements common.Pane.
func (m *Model) FullHelp() [][]key.Binding {
	lk, g := m.keys.List, m.keys.Global
	return [][]key.Binding{
		{m.own.Left, m.own.Right, lk.Top, lk.Bottom, lk.Open, lk.Back},
		{m.own.NextPeriod, m.own.PrevPeriod, m.own.Field, g.Refresh},
		{lk.Up, lk.Down, lk.PageUp, lk.PageDown},
	}
}

// openMemory opens the shared memory inspector on id.
func (m *Model) openMemory(id string) tea.Cmd {
	return common.OpenDialog(components.NewMemoryDialog(m.c, m.bank, id))
}
