package timeline

import (
	"fmt"
	"strings"

	"charm.land/lipgloss/v2"

	"hindsight-tui/sanitize"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
)

// chartChrome is the chart's lines that are not rows: title, totals, legend, axis,
// marker, dates, the selection (two lines where it wraps).
const chartChrome = 8

// View implements common.Pane.
func (m *Model) View() string {
	var lines []string
	if m.list.open {
		lines = m.listView()
	} else {
		lines = m.chartView()
	}
	return components.Page(lines, m.width, m.height)
}

// title is the pane's first line, the spinner at its end while loading.
func (m *Model) title(s string) string {
	st := m.c.Styles
	s = st.PaneTitle.Render(s)
	if m.busy() {
		s += " " + m.spin.View()
	}
	return components.Truncate(s, m.width)
}

// chartRows is how many rows the chart gets.
func (m *Model) chartRows() int { return max(m.height-chartChrome-m.spare(), 2) }

// spare is the blank lines the chart sets apart with where the pane is tall enough.
func (m *Model) spare() int {
	if m.height >= 20 {
		return 2
	}
	return 0
}

func (m *Model) chartView() []string {
	st, w := m.c.Styles, m.width
	head := fmt.Sprintf("Timeline · %s · by %s", m.period, m.field)
	if m.per > 1 {
		head += fmt.Sprintf(" · %d %s a column", m.per, unit(m.series.Trunc, m.per))
	}
	out := []string{m.title(head)}
	switch {
	case m.bank == "":
		return append(out, st.Muted.Render("No bank selected."))
	case m.err != nil:
		return append(out, st.Error.Render(components.Truncate("✗ "+sanitize.Line(m.c.Describe(m.err)), w)),
			st.Muted.Render("r tries again"))
	case m.series == nil:
		return append(out, st.Muted.Render("Loading the time series…"))
	}
	legend := fmt.Sprintf("%s world  %s experience  %s observation", st.World.Render(string(fullGlyph(0))),
		st.Experience.Render(string(fullGlyph(1))), st.Observation.Render(string(fullGlyph(2))))
	if w >= 70 {
		legend += st.Muted.Render("  (stacked, bottom up)")
	}
	out = append(out, components.Truncate(m.totals(), w), components.Truncate(legend, w))
	if m.spare() > 0 {
		out = append(out, "")
	}
	out = append(out, m.drawn.lines...)
	if m.spare() > 0 {
		out = append(out, "")
	}
	return append(out, components.Wrap(m.selection(), w, 2)...)
}

// unit names per buckets of trunc: "minutes", "hours", "days".
func unit(trunc string, n int) string { return common.Noun(n, trunc, trunc+"s") }

// totals is the line of the period's memories and its busiest bucket.
func (m *Model) totals() string {
	sum, best := 0, -1
	for i, c := range m.cols {
		sum += c.total()
		if c.total() > 0 && (best < 0 || c.total() > m.cols[best].total()) {
			best = i
		}
	}
	s := fmt.Sprintf("%s in the last %s", common.Plural(sum, "memory", "memories"), m.series.Period)
	if best < 0 {
		return s + " · nothing retained in this period"
	}
	return s + fmt.Sprintf(" · busiest %s: %d", rangeLabel(m.cols[best], m.series.Trunc), m.cols[best].total())
}

// chart is the rows of columns with the count axis, the time axis, the ▲ under the
// selected column and the dates.
func (m *Model) chart() []string {
	st, w, rows := m.c.Styles, m.width, m.chartRows()
	top := 0
	for _, c := range m.cols {
		top = max(top, c.total())
	}
	g := layout(len(m.cols), top, w)
	bounds := make([][4]int, len(m.cols))
	for i, c := range m.cols {
		bounds[i] = stack(c, top, rows)
	}
	typeStyle := []lipgloss.Style{st.World, st.Experience, st.Observation}
	var out []string
	for r := rows - 1; r >= 0; r-- {
		var b strings.Builder
		label := axisLabel(r, rows, top)
		b.WriteString(st.Muted.Render(fmt.Sprintf("%*s", g.axisW-1, label)))
		if label != "" {
			b.WriteString(st.Muted.Render("┤"))
		} else {
			b.WriteString(st.Muted.Render("│"))
		}
		for i := range m.cols {
			glyph, kind := cell(bounds[i], r)
			s := strings.Repeat(string(glyph), g.colW)
			if kind >= 0 {
				style := typeStyle[kind]
				if i == m.cursor {
					style = style.Inherit(st.Selected)
				}
				s = style.Render(s)
			} else if glyph == '·' {
				style := st.Muted
				if i == m.cursor {
					style = st.Selected
				}
				s = style.Render(s)
			}
			b.WriteString(s)
			if i < len(m.cols)-1 {
				b.WriteString(strings.Repeat(" ", g.gap))
			}
		}
		out = append(out, components.Truncate(b.String(), w))
	}
	width := max(len(m.cols)*(g.colW+g.gap)-g.gap, 0)
	out = append(out, st.Muted.Render(fmt.Sprintf("%*s", g.axisW-1, "0")+"└"+strings.Repeat("─", min(width, max(w-g.axisW, 0)))))
	marker := ""
	if len(m.cols) > 0 {
		marker = strings.Repeat(" ", g.x(m.cursor)+g.colW/2) + st.Accent.Render("▲")
	}
	out = append(out, components.Truncate(marker, w))
	return append(out, st.Muted.Render(ticks(m.cols, g, m.series.Trunc, w)))
}

// selection is the line about the selected column.
func (m *Model) selection() string {
	c := m.selected()
	if c == nil {
		return ""
	}
	s := fmt.Sprintf("▲ %s: %s", rangeLabel(*c, m.series.Trunc), common.Plural(c.total(), "memory", "memories"))
	if c.total() == 0 {
		return s
	}
	var parts []string
	for i, n := range c.counts {
		if n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", n, factTypes[i]))
		}
	}
	return s + " (" + strings.Join(parts, ", ") + ") · enter lists them"
}

// listRows is how many memories the bucket's list shows at once.
func (m *Model) listRows() int { return max(m.height-3, 1) }

func (m *Model) listView() []string {
	st, w, l := m.c.Styles, m.width, &m.list
	trunc := "day"
	if m.series != nil {
		trunc = m.series.Trunc
	}
	out := []string{m.title(fmt.Sprintf("Retained %s · by %s", rangeLabel(l.col, trunc), l.field))}
	switch {
	case l.err != nil:
		return append(out, st.Error.Render(components.Truncate("✗ "+sanitize.Line(m.c.Describe(l.err)), w)),
			st.Muted.Render("r tries again · esc back to the chart"))
	case l.loading && l.rows == nil:
		return append(out, st.Muted.Render("Loading the memories…"))
	}
	info := common.Plural(len(l.rows), "memory", "memories")
	if l.truncated() {
		info += fmt.Sprintf(" · truncated: searched the newest %d of the bank's %d memories", l.scanned, l.total)
	}
	out = append(out, components.Truncate(st.Muted.Render(info), w), "")
	if len(l.rows) == 0 {
		return append(out, st.Muted.Render("No memories in this bucket."))
	}
	layout := "15:04:05"
	if trunc == "day" {
		layout = "Jan 2 15:04"
	}
	for i := l.offset; i < min(l.offset+m.listRows(), len(l.rows)); i++ {
		r := l.rows[i]
		mark := "  "
		if i == l.cursor {
			mark = "▸ "
		}
		ft := components.Fit(sanitize.Line(r.FactType), 11)
		row := mark + l.times[i].Format(layout) + "  " + st.FactType(r.FactType).Render(ft) + " " + sanitize.Line(r.Text)
		row = components.Truncate(row, w)
		if i == l.cursor {
			row = st.Selected.Render(components.Fit(row, w))
		}
		out = append(out, row)
	}
	return out
}
