// Package trace is the recall trace viewer: the retrieval lanes (semantic, bm25, graph,
// temporal) with each lane's ranks and scores, the RRF-fused ranking, the reranked list
// with rank changes, and the phase timings, each as a navigable table.
//
// The server's trace is opaque JSON whose shape differs between versions, so the
// viewer decodes it tolerantly: each section is read on its own, a missing one says
// "not in this trace", a field of the wrong type leaves one cell blank, and only a
// trace that is not a JSON object at all replaces the view with a one-line reason.
// Everything is parsed and formatted in SetTrace, SetSize and SetStyles; View only
// draws the rows that are visible, so its cost does not grow with the size of the
// trace, and changes nothing.
package trace

import (
	"encoding/json"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"hindsight-tui/keymap"
	"hindsight-tui/styles"
	"hindsight-tui/ui/common"
)

// Model is the trace viewer a recall pane embeds. It is not a pane itself: the pane
// owns focus and forwards keys and mouse messages in the viewer's coordinates.
type Model struct {
	c      *common.Common
	keys   keymap.KeyMap // a copy, so disabling bindings here leaves other panes alone
	width  int
	height int

	problem  string // why the trace cannot be shown at all; "" when it can
	summary  string
	sections []*section
	active   int

	look look // styles resolved for drawing; see view.go
}

// New returns an empty viewer; it shows that there is no trace until SetTrace.
func New(c *common.Common) *Model {
	m := &Model{c: c, keys: c.Keys}
	m.SetTrace(nil)
	return m
}

// SetTrace parses a trace (the raw "trace" of a recall response). It is the only place
// the JSON is read. The current section is kept when the new trace has it, so re-running
// a query keeps the user on, say, the reranked list.
func (m *Model) SetTrace(raw json.RawMessage) {
	prev := ""
	if s := m.current(); s != nil {
		prev = s.key
	}
	d, problem := decode(raw)
	m.problem, m.sections, m.active = problem, nil, 0
	if d != nil {
		m.sections = buildSections(d)
		m.summary = summarize(d)
	} else {
		m.summary = briefProblem(raw)
	}
	for i, s := range m.sections {
		if s.key == prev {
			m.active = i
		}
	}
	m.relayout()
}

// SetSize sets the size View fills. The current table is re-formatted only when the
// width changes; a height change only moves the scroll window.
func (m *Model) SetSize(width, height int) {
	width, height = max(width, 0), max(height, 0)
	if width == m.width && height == m.height {
		return // a pane may call this every frame; the layout is already right
	}
	m.width, m.height = width, height
	m.relayout()
}

// relayout brings the layout up to date with the size and the trace. Only the current
// section is formatted: the others are when they are switched to, so a resize costs
// one table, not the whole trace.
func (m *Model) relayout() {
	if s := m.current(); s != nil {
		s.layout(m.width)
	}
	top, _ := m.chrome()
	for _, s := range m.sections {
		s.tbl.visible = max(m.height-top, 0)
		s.tbl.ensureVisible()
	}
	m.look.build(m)
	m.updateKeys()
}

// SetStyles redraws the viewer's look in a new theme (Common.Styles is already the
// new value).
func (m *Model) SetStyles(*styles.Styles) { m.look.build(m) }

// chrome returns the line where rows start and whether the column titles are shown:
// the section bar and the header line come first; the titles only when at least two
// rows still fit under them.
func (m *Model) chrome() (rowsTop int, titles bool) {
	switch {
	case m.height >= 5:
		return 3, true
	case m.height >= 2:
		return 2, false
	}
	return m.height, false
}

func (m *Model) current() *section {
	if m.active < 0 || m.active >= len(m.sections) {
		return nil
	}
	return m.sections[m.active]
}

// Update handles the viewer's keys and mouse messages (positions relative to the
// top-left cell of View). Keys it does not use are left for the embedding pane.
func (m *Model) Update(msg tea.Msg) (*Model, tea.Cmd) {
	s := m.current()
	if s == nil {
		return m, nil
	}
	t := &s.tbl
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		k := m.keys
		switch {
		case key.Matches(msg, k.Trace.NextSection):
			m.switchTo(m.active + 1)
		case key.Matches(msg, k.Trace.PrevSection):
			m.switchTo(m.active - 1)
		case key.Matches(msg, k.List.Down):
			t.move(1)
		case key.Matches(msg, k.List.Up):
			t.move(-1)
		case key.Matches(msg, k.List.Top):
			t.top()
		case key.Matches(msg, k.List.Bottom):
			t.bottom()
		case key.Matches(msg, k.List.PageDown):
			t.page(1)
		case key.Matches(msg, k.List.PageUp):
			t.page(-1)
		}
	case tea.MouseWheelMsg:
		const notch = 3
		switch msg.Button {
		case tea.MouseWheelUp:
			t.scroll(-notch)
		case tea.MouseWheelDown:
			t.scroll(notch)
		case tea.MouseWheelLeft:
			m.switchTo(m.active - 1)
		case tea.MouseWheelRight:
			m.switchTo(m.active + 1)
		}
	case tea.MouseClickMsg:
		m.click(msg.Mouse())
	}
	return m, nil
}

// click selects the tab under the pointer on the section bar, or the row under it.
func (m *Model) click(ms tea.Mouse) {
	if ms.Button != tea.MouseLeft {
		return
	}
	if ms.Y == 0 {
		for _, h := range m.look.hits {
			if ms.X >= h.x0 && ms.X < h.x1 {
				m.switchTo(h.section)
			}
		}
		return
	}
	if top, _ := m.chrome(); ms.Y >= top {
		m.current().tbl.clickRow(ms.Y - top)
	}
}

// switchTo makes section i current; moving past either end wraps around.
func (m *Model) switchTo(i int) {
	n := len(m.sections)
	if n == 0 {
		return
	}
	m.active = ((i % n) + n) % n
	m.current().layout(m.width)
	m.look.build(m)
	m.updateKeys()
}

// updateKeys disables what cannot act now, so the help shows only live keys.
func (m *Model) updateKeys() {
	sections := len(m.sections) > 1
	m.keys.Trace.NextSection.SetEnabled(sections)
	m.keys.Trace.PrevSection.SetEnabled(sections)
	rows := false
	if s := m.current(); s != nil {
		rows = len(s.tbl.selectable) > 1
	}
	for _, b := range []*key.Binding{&m.keys.List.Up, &m.keys.List.Down, &m.keys.List.Top,
		&m.keys.List.Bottom, &m.keys.List.PageUp, &m.keys.List.PageDown} {
		b.SetEnabled(rows)
	}
}

// ShortHelp lists the keys worth a place in the footer.
func (m *Model) ShortHelp() []key.Binding {
	k := m.keys
	return []key.Binding{k.Trace.NextSection, k.Trace.PrevSection, k.List.Down, k.List.Up}
}

// FullHelp lists every key of the viewer, sections first, then rows.
func (m *Model) FullHelp() [][]key.Binding {
	k := m.keys
	return [][]key.Binding{
		{k.Trace.NextSection, k.Trace.PrevSection},
		{k.List.Down, k.List.Up, k.List.Top, k.List.Bottom, k.List.PageDown, k.List.PageUp},
	}
}

// Selected returns the memory id under the cursor, so the pane can open the memory.
// It is false on the phases table, on an empty or missing section, and for rows the
// trace gave no node id.
func (m *Model) Selected() (nodeID string, ok bool) {
	s := m.current()
	if s == nil || s.missing != "" {
		return "", false
	}
	r, ok := s.tbl.current()
	if !ok || r.nodeID == "" {
		return "", false
	}
	return r.nodeID, true
}

// Summary is one line about the trace for a results header: the lanes that ran, how
// many candidates were fused, and the total duration.
func (m *Model) Summary() string { return m.summary }
