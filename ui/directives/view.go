package directives

import (
	"strconv"
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"hindsight-tui/client"
	"hindsight-tui/sanitize"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
)

// listTop is the line of the first row: the title line and the column titles are above.
const listTop = 2

// listOrder is the order the server lists directives in, the order reflect applies
// them: priority, then the newest first. The route takes no order parameter.
const listOrder = "highest priority first"

// rowsHeight is how many rows fit, under the list's or the preview's top lines.
func (m *Model) rowsHeight() int {
	if m.pv.open {
		return max(m.height-m.previewTop(), 1)
	}
	return max(m.height-listTop, 1)
}

// cols are the column widths at a pane width: the tags column only where there is room.
type cols struct{ name, tags, content int }

func columnsFor(w int) cols {
	rest := max(w-2-2-6, 8) // selection glyph, active mark, priority
	c := cols{name: min(max(rest/3, 6), 28)}
	if w >= 80 {
		c.tags = 18
	}
	c.content = max(rest-c.name-c.tags, 0)
	return c
}

// View implements common.Pane: exactly width x height cells.
func (m *Model) View() string {
	w, h := m.width, m.height
	if w <= 0 || h <= 0 {
		return ""
	}
	var lines []string
	switch {
	case m.bank == "":
		lines = []string{m.c.Styles.Muted.Render("Select a bank to see its directives.")}
	case m.pv.open:
		lines = m.previewLines(w, h)
	default:
		lines = m.listLines(w, h)
	}
	return components.Page(lines, w, h)
}

// listLines are the title line, the column titles and the rows in view.
func (m *Model) listLines(w, h int) []string {
	st := m.c.Styles
	count := ""
	switch {
	case m.loading:
		count = m.spin.View() + " loading…"
	case m.loaded:
		count = common.Plural(m.total, "directive", "directives")
		if len(m.rows) < m.total {
			count = common.Thousands(len(m.rows)) + " of " + common.Thousands(m.total) + " directives"
		}
	}
	active := 0
	for _, d := range m.rows {
		if d.IsActive {
			active++
		}
	}
	top := st.Subtle.Render("space on/off · r reload")
	if m.loaded {
		top = st.Text.Render(common.Thousands(active)+" active") + st.Subtle.Render(" · space on/off")
	}
	if m.loaded && len(m.rows) > 0 && !m.loading {
		count = common.WithOrder(top, count, listOrder, w)
	}
	c := columnsFor(w)
	titles := "  " + "  " + lpad("prio"+common.SortedDown, 5) + " " + components.Fit("name", c.name)
	if c.tags > 0 {
		titles += components.Fit(" tags", c.tags)
	}
	titles += " content"
	lines := []string{
		components.Spread(top, st.Muted.Render(count), w),
		st.Label.Render(components.Fit(titles, w)),
	}
	switch {
	case m.err != nil:
		for _, l := range components.Wrap("✗ "+m.c.Describe(m.err), w, 3) {
			lines = append(lines, st.Error.Render(l))
		}
		return lines
	case m.loaded && len(m.rows) == 0:
		return append(lines, st.Muted.Render("  No directives: reflect follows only the bank's mission."))
	}
	for i := m.offset; i < len(m.rows) && len(lines) < h; i++ {
		lines = append(lines, m.renderRow(&m.rows[i], w, i == m.cursor))
	}
	return lines
}

// renderRow draws one directive: active mark, priority, name, tags, content.
func (m *Model) renderRow(d *client.Directive, w int, selected bool) string {
	st := m.c.Styles
	text, muted, fill, g, gs := st.Text, st.Muted, lipgloss.NewStyle(), "  ", lipgloss.NewStyle()
	if selected {
		g, gs, text = "▌ ", st.Muted, st.Bold
		if m.focused {
			gs, text, fill, muted = st.Accent, st.Selected, st.Selected, st.Muted.Inherit(st.Selected)
		}
	}
	mark := muted.Render("○ ")
	if d.IsActive {
		mark = text.Render("● ")
	} else if !selected {
		text = st.Muted
	}
	c := columnsFor(w)
	cells := mark + text.Render(lpad(strconv.Itoa(d.Priority), 5)+" ") +
		text.Render(components.Fit(sanitize.Line(d.Name), c.name))
	if c.tags > 0 {
		tags := "global"
		if len(d.Tags) > 0 {
			tags = sanitize.Line(strings.Join(d.Tags, ", "))
		}
		cells += muted.Render(components.Fit(" "+tags, c.tags))
	}
	if c.content > 1 {
		cells += muted.Render(" " + components.Fit(sanitize.Line(d.Content), c.content-1))
	}
	return gs.Render(g) + cells + fill.Render(strings.Repeat(" ", max(w-2-ansi.StringWidth(cells), 0)))
}

// lpad right-aligns s in n cells.
func lpad(s string, n int) string {
	return strings.Repeat(" ", max(n-ansi.StringWidth(s), 0)) + s
}
