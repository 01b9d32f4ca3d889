package memories

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/charmbracelet/x/ansi"

	"hindsight-tui/client"
	"hindsight-tui/sanitize"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
)

// wide is the narrowest pane that shows the tags and entities columns.
const wide = 80

// headLines is how many lines sit above the rows: filters and count, column titles.
const headLines = 2

// rowsHeight is how many list rows fit (one line is kept for the status line, and
// the expanded row's panel takes its lines).
func (m *Model) rowsHeight() int { return max(m.height-headLines-1-m.panelHeight(), 1) }

// View implements common.Pane: exactly width x height cells. It only copies what
// settle prepared: the lines above the rows and the rows in view, each drawn once per
// page and kept.
func (m *Model) View() string {
	w, h := m.width, m.height
	if w <= 0 || h <= 0 {
		return ""
	}
	st := m.c.Styles
	lines := make([]string, 0, h)
	if m.bank == "" {
		lines = append(lines, st.Muted.Render(components.Fit("No bank selected.", w)))
	} else {
		lines = append(lines, m.headLines()...)
		lines = append(lines, m.rowLines(w)...)
	}
	for len(lines) < h-1-len(m.panel.lines) {
		lines = append(lines, strings.Repeat(" ", w))
	}
	lines = append(lines[:min(len(lines), max(h-1-len(m.panel.lines), 0))], m.panel.lines...)
	lines = append(lines[:min(len(lines), h-1)], m.statusLine(w))
	return strings.Join(lines[:h], "\n")
}

// headCache keeps the lines above the rows: they change with an answer or a key, not
// with every frame; settle redraws them when what they show changed.
type headCache struct {
	key   headKey
	lines []string
}

// headKey is everything the lines above the rows depend on.
type headKey struct {
	width, total, selected int
	loading                bool
	filter                 filters
	styles                 any
	quick                  string
	shown, loaded          int
}

// headLines are the filter line and the column titles, as settle drew them.
func (m *Model) headLines() []string { return m.head.lines }

// settle recomputes what View reads after anything changed (a key, an answer, a
// size, a theme): the scroll offsets, the lines above the rows, and the rows in view.
func (m *Model) settle() {
	h, w := m.rowsHeight(), m.width
	m.offset = min(max(m.offset, m.cursor-h+1), m.cursor)
	m.quick.off = min(max(m.quick.off, m.quick.pos-h+1), m.quick.pos)
	k := headKey{width: w, total: m.win.total, selected: len(m.selected), loading: len(m.win.loading) > 0,
		filter: m.filter, styles: m.c.Styles}
	if m.quick.active() {
		k.quick, k.shown, k.loaded = m.quick.text, len(m.quick.rows), m.loaded()
	}
	if m.head.lines == nil || m.head.key != k {
		m.head.key = k
		m.head.lines = []string{m.topLine(w), m.c.Styles.Muted.Render(components.Fit(m.titles(w), w))}
	}
	for _, i := range m.inView() {
		m.keepRow(i, w)
	}
	m.settlePanel(w)
}

// inView are the window indices of the rows on screen.
func (m *Model) inView() []int {
	h := m.rowsHeight()
	var out []int
	if m.quick.active() {
		for p := m.quick.off; p < len(m.quick.rows) && len(out) < h; p++ {
			out = append(out, m.quick.rows[p])
		}
		return out
	}
	for i := m.offset; i < m.win.total && len(out) < h; i++ {
		out = append(out, i)
	}
	return out
}

// topLine shows the filters and the total.
func (m *Model) topLine(w int) string {
	st := m.c.Styles
	label := m.filter.label()
	if label == "" {
		label = "all valid memories"
	}
	right := ""
	switch {
	case m.win.total >= 0:
		right = count(m.win.total)
		if n := len(m.selected); n > 0 {
			right = strconv.Itoa(n) + " selected · " + right
		}
	case len(m.win.loading) > 0:
		right = "loading…"
	}
	if m.quick.active() {
		right = fmt.Sprintf("quick filter “%s” · %d of %d loaded", sanitize.Line(m.quick.text), len(m.quick.rows), m.loaded())
	} else if m.win.total > 0 {
		right = common.WithOrder(label, right, listOrder, w)
	}
	return components.Spread(st.Accent.Render(components.Truncate(label, w)), st.Muted.Render(right), w)
}

// listOrder is the order the server lists memories in (mentioned_at, newest first;
// memories without one last), which is the date the MENTIONED column shows. The
// list route takes no order parameter, so the pane offers no other.
const listOrder = "newest mentioned first"

// columns are the widths of a row's cells at pane width w.
type columns struct{ typ, date, text, tags, ents int }

// gutter is the columns before each row's cells: the cursor's glyph, the selection's
// and a space.
const gutter = 3

func cols(w int) columns {
	c := columns{typ: 6, date: 11}
	if w >= wide {
		c.tags, c.ents = 18, 18
	}
	c.text = max(w-gutter-c.typ-c.date-c.tags-c.ents, 8)
	return c
}

// titles are the column titles.
func (m *Model) titles(w int) string {
	c := cols(w)
	s := strings.Repeat(" ", gutter) + components.Fit("TYPE", c.typ) + components.Fit("MENTIONED"+common.SortedDown, c.date) + components.Fit("TEXT", c.text)
	if c.tags > 0 {
		s += components.Fit("TAGS", c.tags) + components.Fit("ENTITIES", c.ents)
	}
	return s
}

// rowLines are the rows in view; a row whose page is loading shows a spinner row.
func (m *Model) rowLines(w int) []string {
	st := m.c.Styles
	h := m.rowsHeight()
	if m.err != nil {
		lines := components.Wrap("Could not list memories: "+m.c.Describe(m.err), w, max(min(h, 3), 1))
		for i, l := range lines {
			lines[i] = st.Error.Render(l)
		}
		return lines
	}
	if m.win.total == 0 {
		return []string{st.Muted.Render(components.Fit("No memories match these filters.", w))}
	}
	if m.win.total < 0 {
		return []string{st.Muted.Render(components.Fit("⋯ loading memories", w))}
	}
	if m.quick.active() {
		return m.quickLines(w, h)
	}
	out := make([]string, 0, h)
	for i := m.offset; i < m.win.total && len(out) < h; i++ {
		out = append(out, m.line(i, w))
	}
	return out
}

// quickLines are the rows in view while the quick filter hides the rows not matching.
func (m *Model) quickLines(w, h int) []string {
	st, q := m.c.Styles, &m.quick
	if len(q.rows) == 0 {
		return []string{st.Muted.Render(components.Fit("No loaded memory contains “"+sanitize.Line(q.text)+"”.", w))}
	}
	out := make([]string, 0, h)
	for p := q.off; p < len(q.rows) && len(out) < h; p++ {
		i := q.rows[p]
		out = append(out, m.line(i, w))
	}
	return out
}

// line is row i with its two marks: ▌ on the cursor's row, so that it shows without
// colour (NO_COLOR, monochrome), and ● on a selected memory.
func (m *Model) line(i, w int) string {
	st := m.c.Styles
	cur, sel := " ", " "
	if i == m.cursor {
		cur = "▌"
	}
	if mem := m.win.item(i); mem != nil && m.selected[mem.ID] {
		sel = "●"
	}
	body := m.row(i, w) // rows are drawn to exactly w-gutter cells
	if i == m.cursor {
		return st.Accent.Render(cur) + st.Selected.Render(sel+" "+ansi.Strip(body))
	}
	return cur + st.Accent.Render(sel) + " " + body
}

// row returns row i's cells (without the selection mark) as settle drew them into its
// page; a row not drawn yet is drawn here without being kept.
func (m *Model) row(i, w int) string {
	p := m.win.pages[i/pageSize]
	if p == nil || i%pageSize >= len(p.items) {
		return components.Fit(m.c.Styles.Muted.Render("⋯ loading"), w-gutter)
	}
	j := i % pageSize
	if p.width == w && p.styles == m.c.Styles && p.rows[j] != "" {
		return p.rows[j]
	}
	return m.c.Styles.Text.Render(components.Fit(drawRow(&p.items[j], cols(w), m.c.Now().Location()), w-gutter))
}

// keepRow draws row i into its page's cache, which a new width or theme empties.
func (m *Model) keepRow(i, w int) {
	p := m.win.pages[i/pageSize]
	if p == nil || i%pageSize >= len(p.items) {
		return
	}
	if p.width != w || p.styles != m.c.Styles {
		clear(p.rows)
		p.width, p.styles = w, m.c.Styles
	}
	if j := i % pageSize; p.rows[j] == "" {
		p.rows[j] = m.c.Styles.Text.Render(components.Fit(drawRow(&p.items[j], cols(w), m.c.Now().Location()), w-gutter))
	}
}

// drawRow draws one memory's cells; all server text is sanitized and cut by width.
// The date is the one the list is ordered by, when the memory was mentioned, in the
// local time zone of loc.
func drawRow(mem *client.Memory, c columns, loc *time.Location) string {
	typ := mem.FactType
	if typ == client.FactObservation {
		typ = "obs"
	} else if typ == client.FactExperience {
		typ = "exp"
	}
	date := ""
	if t := mem.MentionedAt.Time; !t.IsZero() {
		date = t.In(loc).Format("2006-01-02")
	}
	s := components.Fit(typ, c.typ) + components.Fit(date, c.date) + components.Fit(sanitize.Line(mem.Text), c.text-1) + " "
	if c.tags > 0 {
		s += components.Fit(sanitize.Line(strings.Join(mem.Tags, ", ")), c.tags-1) + " " +
			components.Fit(sanitize.Line(strings.Join(mem.Entities, ", ")), c.ents)
	}
	return s
}

// statusLine shows the text filter being edited, a bulk action's progress, or the
// outcome of the last one with its failures.
func (m *Model) statusLine(w int) string {
	st := m.c.Styles
	switch {
	case m.editing:
		return components.Fit(m.input.View(), w)
	case m.quick.editing:
		return components.Fit(m.quick.input.View(), w)
	case m.bulk.running:
		return st.Accent.Render(components.Fit(fmt.Sprintf("updating %d/%d…", m.bulk.done, len(m.bulk.ids)), w))
	case len(m.bulk.failures) > 0:
		f := m.bulk.failures[0]
		return st.Error.Render(components.Fit(fmt.Sprintf("%s · failed: %s: %s", m.notice, f.id, sanitize.Line(f.err.Error())), w))
	case m.notice != "":
		return st.Muted.Render(components.Fit(m.notice, w))
	}
	return strings.Repeat(" ", w)
}
