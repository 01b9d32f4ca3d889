package models

import (
	"fmt"
	"strings"
	"time"

	"hindsight-tui/client"
	"hindsight-tui/sanitize"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
)

// gutter is the columns before each row: the cursor's glyph and a space.
const gutter = 2

// View implements common.Pane: exactly width x height cells, drawn from what settle
// prepared.
func (m *Model) View() string {
	w, h := m.width, m.height
	if w <= 0 || h <= 0 {
		return ""
	}
	var lines []string
	switch {
	case m.dry.active:
		lines = m.dryView(w, h)
	case m.open:
		lines = m.detailView(w, h)
	default:
		lines = m.listLines(w, h)
	}
	blank := strings.Repeat(" ", w)
	for len(lines) < h {
		lines = append(lines, blank)
	}
	return strings.Join(lines[:h], "\n")
}

// settle lays the pane out after any change, so View only draws.
func (m *Model) settle() {
	w, h := m.width, m.height
	if w <= 0 || h <= 0 {
		return
	}
	if fw := max(w/2, 12); fw != m.filter.Width() {
		m.filter.SetWidth(fw)
	}
	m.rowsH = max(h-2, 1)
	m.ensureVisible()
	// A key that only scrolled changes no line: the layout stays, the offset is clamped.
	relay := !m.justScrolled
	m.justScrolled = false
	if m.open && (relay || m.det.lines == nil) {
		m.det.lines = m.detailLines(w)
	}
	if m.open {
		if m.det.toContent && m.det.model != nil {
			m.det.scroll, m.det.toContent = m.det.contentAt, false
		}
		m.det.scroll = min(max(m.det.scroll, 0), max(len(m.det.lines)-(h-1), 0))
	}
	if m.dry.active && (relay || m.dry.lines == nil) {
		m.dry.lines = m.dryRunLines(w)
	}
	if m.dry.active {
		m.dry.scroll = min(max(m.dry.scroll, 0), max(len(m.dry.lines)-(h-1), 0))
	}
}

// listOrder is the server's order, the one the REFRESHED column shows; the route
// takes no order parameter.
const listOrder = "newest refresh first"

// nameMin is the least the name column keeps: a model is known by its name, so the
// other columns give way before it is cut short.
const nameMin = 24

// column is one column of the list: its title, width and cell.
type column struct {
	title string
	width int
	cell  func(mm *client.MentalModel, s staleness) string
}

// columns lays the list out at width w: the name takes what the others leave, and
// the others join in priority order while the name keeps nameMin cells.
func (m *Model) columns(w int) []column {
	now := m.c.Now()
	all := []column{
		{"STATE", stateWidth, func(mm *client.MentalModel, s staleness) string {
			if _, ok := m.follow[mm.ID]; ok {
				return "refreshing…"
			}
			return s.badge
		}},
		{"REFRESHED" + common.SortedDown, 10, func(mm *client.MentalModel, _ staleness) string { return refreshed(mm, now) }},
		{"TAGS (MATCH)", 20, func(mm *client.MentalModel, _ staleness) string {
			if len(mm.Tags) == 0 {
				return "– (" + tagsMatch(mm) + ")"
			}
			return strings.Join(mm.Tags, ",") + " (" + tagsMatch(mm) + ")"
		}},
		{"NEXT (UTC)", 11, func(mm *client.MentalModel, _ staleness) string {
			if t, ok := nextRun(mm, now); ok {
				return t.Format("01-02 15:04")
			}
			return "–"
		}},
		{"ID", 20, func(mm *client.MentalModel, _ staleness) string { return mm.ID }},
		{"SIZE", 8, func(mm *client.MentalModel, _ staleness) string { return humanSize(len(mm.Content)) }},
		{"MODE", 5, func(mm *client.MentalModel, _ staleness) string { return mode(mm) }},
	}
	order := []string{"ID", "TAGS (MATCH)", "STATE", "REFRESHED" + common.SortedDown, "NEXT (UTC)", "MODE", "SIZE"} // left to right
	picked := map[string]bool{}
	left := w - nameMin
	for _, c := range all {
		if c.width+1 <= left {
			picked[c.title] = true
			left -= c.width + 1
		}
	}
	cols := []column{{title: "NAME", cell: func(mm *client.MentalModel, _ staleness) string { return mm.Name }}}
	used := 0
	for _, t := range order {
		for _, c := range all {
			if c.title == t && picked[t] {
				cols = append(cols, c)
				used += c.width + 1
			}
		}
	}
	cols[0].width = max(w-used, 8)
	return cols
}

// row draws a model in the columns, plain.
func row(cols []column, mm *client.MentalModel, s staleness) string {
	parts := make([]string, len(cols))
	for i, c := range cols {
		parts[i] = components.Fit(sanitize.Line(c.cell(mm, s)), c.width)
	}
	return strings.Join(parts, " ")
}

// listLines draws the filter line, the column titles and the rows in view.
func (m *Model) listLines(w, h int) []string {
	st := m.c.Styles
	lines := []string{m.filterLine(w)}
	cols := m.columns(w - gutter)
	titles := make([]string, len(cols))
	for i, c := range cols {
		titles[i] = components.Fit(c.title, c.width)
	}
	lines = append(lines, components.Fit("  "+st.Label.Render(strings.Join(titles, " ")), w))
	switch {
	case m.bank == "":
		lines = append(lines, components.Fit(st.Muted.Render("No bank selected."), w))
	case m.list.err != nil && len(m.list.items) == 0:
		for _, l := range components.Wrap("Could not list mental models: "+m.c.Describe(m.list.err), w, 3) {
			lines = append(lines, components.Fit(st.Error.Render(l), w))
		}
	case !m.list.loaded:
		lines = append(lines, components.Fit(m.spin.View()+" "+st.Muted.Render("Loading mental models…"), w))
	case len(m.list.items) == 0:
		lines = append(lines, components.Fit(st.Muted.Render("This bank has no mental models."), w))
	case len(m.visible) == 0:
		lines = append(lines, components.Fit(st.Muted.Render("No mental model matches the filter."), w))
	default:
		for i := m.offset; i < len(m.visible) && len(lines) < h; i++ {
			mm := &m.list.items[m.visible[i]]
			s := m.withRot(mm, stalenessOf(mm, mm.IsStale, nil))
			plain := row(cols, mm, s)
			switch {
			case i == m.cursor && m.focused:
				lines = append(lines, st.Accent.Render("▌ ")+st.Selected.Render(components.Fit(plain, w-gutter)))
			case i == m.cursor:
				lines = append(lines, st.Muted.Render("▌ ")+st.Cursor.Render(components.Fit(plain, w-gutter)))
			case s.stale:
				lines = append(lines, "  "+st.Warning.Render(components.Fit(plain, w-gutter)))
			default:
				lines = append(lines, "  "+st.Text.Render(components.Fit(plain, w-gutter)))
			}
		}
	}
	return lines
}

// filterLine shows the filter box (or how to open it) and how many models show.
func (m *Model) filterLine(w int) string {
	st := m.c.Styles
	var left string
	switch {
	case m.filtering:
		left = m.filter.View()
	case m.filter.Value() != "":
		left = st.FilterItem.Render("/ " + sanitize.Line(m.filter.Value()))
	default:
		left = st.Muted.Render(m.keys.List.Filter.Help().Key + " " + m.keys.List.Filter.Help().Desc)
	}
	right := ""
	if m.list.loaded {
		right = fmt.Sprintf("%d of %d", len(m.visible), m.list.total)
		if len(m.visible) > 0 {
			right = common.WithOrder(left, right, listOrder, w)
		}
	}
	if m.list.busy && m.list.loaded {
		right = m.spin.View() + " " + right
	}
	right = m.rotStatus() + right
	if m.list.err != nil && len(m.list.items) > 0 {
		right = st.Error.Render("reload failed: "+m.c.Describe(m.list.err)) + " " + right
	}
	return components.Spread(left, st.Muted.Render(right), w)
}

// refreshed is when the model last refreshed, relative to now; "never" while it holds
// its creation's placeholder (the server then reports its creation time, API §15.1).
func refreshed(mm *client.MentalModel, now time.Time) string {
	if mm.Content == client.PlaceholderContent {
		return "never"
	}
	return common.RelTime(mm.LastRefreshedAt.Time, now)
}
