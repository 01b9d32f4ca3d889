// Package neighbourhood is the Neighbourhood pane: from one memory, the memories
// linked to it, grouped by link type (semantic, temporal, entity with the entity's
// name, caused_by), strongest first, from the graph endpoint.
//
// The graph has no memory-id filter and returns edges only between the memories it
// returns, so a hop fetches a bounded scope around the centre (see scopes): the
// memory itself, then one graph call each for its document, its chunk, its tags (any of them)
// and its first entity names (q), at most maxRequests requests of at most scopeLimit
// memories each, in one command. Nodes and edges are merged by id and the edges that
// touch the centre kept; when a scope has more memories than the limit, the view says
// the neighbourhood may be missing links.
//
// enter hops to the selected neighbour, which becomes the centre; the breadcrumb
// trail at the top walks back with backspace or esc, showing each step as it was
// fetched (no request). i opens a neighbour in the memory inspector.
//
// Reached with common.ShowNeighbourhoodMsg (N in the memory inspector and the
// memories list), which starts a new trail; the palette's "Go to Neighbourhood" shows
// the last trail, or says how to start one. common.ShowCooccurrenceMsg (c on an entity)
// shows the entities mentioned together with an entity, from the entity graph, with
// their counts; enter opens one in the entities pane. Nothing here writes.
package neighbourhood

import (
	"context"

	"charm.land/bubbles/v2/spinner"
	tea "charm.land/bubbletea/v2"

	"hindsight-tui/client"
	"hindsight-tui/keymap"
	"hindsight-tui/sanitize"
	"hindsight-tui/styles"
	"hindsight-tui/ui/common"
)

// step is one centre of the trail, with where the cursor was.
type step struct {
	h              *hood
	cursor, offset int
}

// loadKind says what a finished load does with the trail.
type loadKind int

const (
	loadNew     loadKind = iota // a new trail starting here
	loadHop                     // one step further
	loadRefresh                 // the last step again
)

// Model is the Neighbourhood pane.
type Model struct {
	c       *common.Common
	keys    keymap.KeyMap
	own     keymap.Neighbourhood
	width   int
	height  int
	focused bool

	bank  string
	trail []*step

	cooc       *cooccurrence // the entity view, while shown
	ccur, coff int

	loading bool
	target  string // what is loading, for the status
	seq     int
	cancel  context.CancelFunc
	err     error

	// Drawn in settle; View only reads them.
	lines []string
	body  int // first line of the rows in lines

	spin     spinner.Model
	spinning bool
}

var (
	_ common.Pane   = (*Model)(nil)
	_ common.Copier = (*Model)(nil)
)

// hoodMsg is the answer to one hop.
type hoodMsg struct {
	seq  int
	bank string
	kind loadKind
	h    *hood
	err  error
}

// coocMsg is the answer to an entity's co-occurrences.
type coocMsg struct {
	seq  int
	bank string
	c    *cooccurrence
	err  error
}

// New returns the pane; it shows nothing until another pane sends it a memory.
func New(c *common.Common) *Model {
	m := &Model{c: c, keys: c.Keys, own: c.Keys.Neighbourhood}
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

// Focus implements common.Pane.
func (m *Model) Focus() tea.Cmd {
	m.focused = true
	m.settle()
	return nil
}

// Blur implements common.Pane.
func (m *Model) Blur() {
	m.focused = false
	m.settle()
}

// Capturing implements common.Pane: nothing here takes typing.
func (m *Model) Capturing() bool { return false }

// Update implements common.Pane.
func (m *Model) Update(msg tea.Msg) (common.Pane, tea.Cmd) {
	var cmd tea.Cmd
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		cmd = m.handleKey(msg)
	case common.BankSelectedMsg:
		m.selectBank(msg.BankID)
	case common.ShowNeighbourhoodMsg:
		m.selectBank(msg.BankID)
		m.cooc = nil
		cmd = m.load(msg.MemoryID, loadNew)
	case common.ShowCooccurrenceMsg:
		m.selectBank(msg.BankID)
		cmd = m.loadCooc(msg.EntityID, msg.EntityName)
	case hoodMsg:
		cmd = m.onHood(msg)
	case coocMsg:
		cmd = m.onCooc(msg)
	case spinner.TickMsg:
		if msg.ID == m.spin.ID() {
			if !m.loading {
				m.spinning = false
				break
			}
			m.spin, cmd = m.spin.Update(msg)
		}
	}
	m.settle()
	return m, cmd
}

// selectBank switches to another bank: its trail starts afresh.
func (m *Model) selectBank(id string) {
	if id == m.bank {
		return
	}
	m.stop()
	m.bank, m.trail, m.cooc, m.err = id, nil, nil, nil
}

// stop cancels the load in flight; its answer, if any, is dropped.
func (m *Model) stop() {
	m.seq++
	if m.cancel != nil {
		m.cancel()
		m.cancel = nil
	}
	m.loading = false
}

// begin starts a load: the older one is cancelled, the spinner turns.
func (m *Model) begin(target string) (context.Context, context.CancelFunc, int, tea.Cmd) {
	m.stop()
	m.loading, m.target, m.err = true, target, nil
	ctx, cancel := m.c.Context(context.Background())
	m.cancel = cancel
	var tick tea.Cmd
	if !m.spinning {
		m.spinning = true
		tick = m.spin.Tick
	}
	m.syncKeys()
	return ctx, cancel, m.seq, tick
}

// load fetches the neighbourhood of memory id.
func (m *Model) load(id string, kind loadKind) tea.Cmd {
	if m.bank == "" || id == "" {
		return nil
	}
	ctx, cancel, seq, tick := m.begin("memory " + common.ShortID(id))
	cl, bank := m.c.Client, m.bank
	return tea.Batch(func() tea.Msg {
		defer cancel()
		h, err := fetchHood(ctx, cl, bank, id)
		return hoodMsg{seq: seq, bank: bank, kind: kind, h: h, err: err}
	}, tick)
}

// onHood shows a fetched neighbourhood, unless the user has moved on.
func (m *Model) onHood(msg hoodMsg) tea.Cmd {
	if msg.seq != m.seq || msg.bank != m.bank {
		return nil
	}
	m.loading, m.cancel = false, nil
	if msg.err != nil {
		if client.IsCanceled(msg.err) {
			return nil
		}
		m.err = msg.err
		return common.Emit(common.ErrorMsg{Op: "load neighbourhood", Err: msg.err})
	}
	s := &step{h: msg.h}
	switch {
	case msg.kind == loadNew:
		m.trail = []*step{s}
	case msg.kind == loadRefresh && len(m.trail) > 0:
		old := m.trail[len(m.trail)-1]
		s.cursor, s.offset = old.cursor, old.offset
		m.trail[len(m.trail)-1] = s
	default:
		m.trail = append(m.trail, s)
	}
	return nil
}

// loadCooc fetches the entity graph and keeps the entity's co-occurrences.
func (m *Model) loadCooc(id, name string) tea.Cmd {
	if m.bank == "" || id == "" {
		return nil
	}
	ctx, cancel, seq, tick := m.begin("entity " + sanitize.Line(name))
	cl, bank := m.c.Client, m.bank
	return tea.Batch(func() tea.Msg {
		defer cancel()
		g, err := cl.EntityGraph(ctx, bank, cooccurLimit, 1)
		if err != nil {
			return coocMsg{seq: seq, bank: bank, err: err}
		}
		return coocMsg{seq: seq, bank: bank, c: &cooccurrence{EntityID: id, EntityName: name,
			Partners: partners(g, id), Truncated: g.TotalEdges >= cooccurLimit}}
	}, tick)
}

// onCooc shows an entity's co-occurrences, unless the user has moved on.
func (m *Model) onCooc(msg coocMsg) tea.Cmd {
	if msg.seq != m.seq || msg.bank != m.bank {
		return nil
	}
	m.loading, m.cancel = false, nil
	if msg.err != nil {
		if client.IsCanceled(msg.err) {
			return nil
		}
		m.err = msg.err
		return common.Emit(common.ErrorMsg{Op: "load co-occurring entities", Err: msg.err})
	}
	m.cooc, m.ccur, m.coff = msg.c, 0, 0
	return nil
}

// current is the trail's last step, or nil.
func (m *Model) current() *step {
	if len(m.trail) == 0 {
		return nil
	}
	return m.trail[len(m.trail)-1]
}

// at is the step's i-th neighbour in the order they show, or nil.
func (s *step) at(i int) *neighbour {
	for g := range s.h.Groups {
		rows := s.h.Groups[g].Rows
		if i >= 0 && i < len(rows) {
			return &rows[i]
		}
		i -= len(rows)
	}
	return nil
}

// selected is the neighbour under the cursor, or nil.
func (m *Model) selected() *neighbour {
	s := m.current()
	if s == nil || m.cooc != nil {
		return nil
	}
	return s.at(s.cursor)
}
