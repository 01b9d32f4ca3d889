package neighbourhood

import (
	"fmt"
	"math"
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"hindsight-tui/client"
	"hindsight-tui/sanitize"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
)

// barCells is the width of a weight's bar (components.SizeBar: eighths of a cell on
// a dotted track), so the weight reads without colour.
const barCells = 5

// crumbWidth is the most cells one step of the breadcrumb takes.
const crumbWidth = 24

// bar draws fraction f (0..1) as a bar of barCells cells, unstyled.
func bar(f float64) string {
	plain := lipgloss.NewStyle()
	return components.SizeBar(int(math.Round(min(max(f, 0), 1)*1000)), 1000, barCells, plain, plain)
}

// day is a date as the rows show it, in the clock's zone, or "–".
func (m *Model) day(t client.Time) string {
	if t.IsZero() {
		return "–         "
	}
	return t.In(m.c.Now().Location()).Format("2006-01-02")
}

// settle draws the pane's lines and keeps the cursor's row in view. View only pages
// them.
func (m *Model) settle() {
	m.syncKeys()
	m.lines, m.body = nil, 0
	if m.width <= 0 || m.height <= 0 {
		return
	}
	if m.cooc != nil {
		m.settleCooc()
		return
	}
	s := m.current()
	if s == nil {
		m.settleEmpty()
		return
	}
	head := m.head(s)
	layout, at := items(s)
	avail := max(m.height-len(head), 1)
	if at > 0 && layout[at-1].row < 0 && at-1 < s.offset {
		at-- // the first row of a group brings its heading into view
	}
	s.offset = scrollTo(at, s.offset, avail, len(layout))
	m.body = len(head)
	m.lines = append(head, m.rowLines(s, layout, s.offset, avail)...)
}

// status is the right end of the first line: what is loading, or the error.
func (m *Model) status(idle string) string {
	st := m.c.Styles
	switch {
	case m.loading:
		return m.spin.View() + " loading " + m.target
	case m.err != nil:
		return st.Error.Render("✗ " + sanitize.Line(m.err.Error()))
	}
	return st.Muted.Render(idle)
}

// settleEmpty says how to get a neighbourhood.
func (m *Model) settleEmpty() {
	st, w := m.c.Styles, m.width
	b := components.Lines{Width: w}
	b.Add(components.Spread(st.Bold.Render("Neighbourhood"), m.status(""), w))
	b.Add("")
	b.Wrap("No memory yet. Press "+m.keys.Memories.Neighbourhood.Help().Key+
		" on a memory in the Memories pane, or in the memory inspector (enter on a memory anywhere), to see the memories linked to it, grouped by link type.",
		st.Muted.Render)
	b.Add("")
	b.Wrap("From an entity in the Entities pane, "+m.keys.Entities.Cooccurring.Help().Key+
		" shows the entities mentioned together with it.", st.Muted.Render)
	m.lines = b.Out
}

// head is the breadcrumb, the centre and the scope note.
func (m *Model) head(s *step) []string {
	st, w := m.c.Styles, m.width
	h := s.h
	var out []string
	idle := fmt.Sprintf("%s · %s", common.Plural(h.count(), "link", "links"), common.Plural(h.Requests, "request", "requests"))
	out = append(out, components.Spread(m.crumbs(w-ansi.StringWidth(ansi.Strip(m.status(idle)))-1), m.status(idle), w))
	c := h.Centre
	meta := st.FactType(c.FactType).Render(components.TypeBadge(c.FactType)) + " " + st.Muted.Render(m.day(centreDate(c))) +
		" " + st.Subtle.Render(common.ShortID(c.ID))
	if len(c.Entities) > 0 {
		meta += st.Muted.Render(" · " + sanitize.Line(strings.Join(c.Entities, ", ")))
	}
	out = append(out, components.Fit(st.Bold.Render("● ")+meta, w))
	lines := 2
	if m.height >= 30 {
		lines = 3
	}
	for _, l := range components.Wrap(sanitize.Line(c.Text), max(w-2, 1), lines) {
		out = append(out, components.Fit("  "+st.Text.Render(l), w))
	}
	out = append(out, components.Fit(m.scopeNote(h), w))
	return out
}

// centreDate is the centre's event date, else when it was mentioned.
func centreDate(c *client.Memory) client.Time {
	for _, t := range []client.Time{c.OccurredStart, c.Date, c.MentionedAt} {
		if !t.IsZero() {
			return t
		}
	}
	return client.Time{}
}

// scopeNote says what was searched, and warns when a scope was cut at the limit.
func (m *Model) scopeNote(h *hood) string {
	st, w := m.c.Styles, m.width
	switch {
	case h.Missing:
		return st.Warning.Render(components.Truncate("⚠ the memory is in none of its scopes (gone or invalidated?): no links to show", w))
	case len(h.Truncated) > 0:
		return st.Warning.Render(components.Truncate(fmt.Sprintf("⚠ truncated: %s held more than %d memories; links beyond them are not shown",
			sanitize.Line(strings.Join(h.Truncated, "; ")), scopeLimit), w))
	}
	return st.Muted.Render(components.Truncate(fmt.Sprintf("links among %s in %s (≤%d each)",
		common.Plural(h.Nodes, "memory", "memories"), common.Plural(h.Requests-1, "scope", "scopes"), scopeLimit), w))
}

// crumbs is the trail as "A › B › C", cut from the left to fit width.
func (m *Model) crumbs(width int) string {
	st := m.c.Styles
	parts := make([]string, len(m.trail))
	// Narrow panes cut each step shorter, so the last three still fit.
	cw := min(crumbWidth, max((width-8)/min(len(m.trail), 3), 8))
	for i, s := range m.trail {
		label := components.Truncate(sanitize.Line(s.h.Centre.Text), cw)
		if label == "" {
			label = common.ShortID(s.h.Centre.ID)
		}
		parts[i] = label
	}
	sep := " › "
	out := parts[len(parts)-1]
	i := len(parts) - 2
	for ; i >= 0; i-- {
		next := parts[i] + sep + out
		if ansi.StringWidth(next)+2 > width {
			break
		}
		out = next
	}
	if i >= 0 {
		out = "…" + sep + out
	}
	last := strings.LastIndex(out, sep)
	if last < 0 {
		return st.Bold.Render(components.Truncate(out, width))
	}
	return components.Truncate(st.Muted.Render(out[:last+len(sep)])+st.Bold.Render(out[last+len(sep):]), width)
}

// item is one line of the rows: a group's heading (row < 0) or one of its rows.
type item struct{ group, row int }

// items lays the groups out as lines, without drawing them, and finds the line of
// the cursor's row.
func items(s *step) (out []item, cursorLine int) {
	i := 0
	for g, gr := range s.h.Groups {
		out = append(out, item{g, -1})
		for r := range gr.Rows {
			if i == s.cursor {
				cursorLine = len(out)
			}
			out = append(out, item{g, r})
			i++
		}
	}
	return out, cursorLine
}

// rowLines draws the lines of the rows from offset on, at most height of them.
func (m *Model) rowLines(s *step, layout []item, offset, height int) []string {
	st, w := m.c.Styles, m.width
	if s.h.count() == 0 {
		return []string{"", components.Fit(st.Muted.Render("no links to this memory in its scopes"), w)}
	}
	var lines []string
	flat := 0
	for _, it := range layout[:min(offset, len(layout))] {
		if it.row >= 0 {
			flat++
		}
	}
	for _, it := range layout[min(offset, len(layout)):min(offset+height, len(layout))] {
		g := s.h.Groups[it.group]
		if it.row < 0 {
			lines = append(lines, components.Fit(st.Section.Render(fmt.Sprintf("%s · %d", g.LinkType, len(g.Rows))), w))
			continue
		}
		lines = append(lines, m.row(g.Rows[it.row], flat == s.cursor))
		flat++
	}
	return lines
}

// row is one neighbour: weight, bar, type, date, the entity of an entity link, text.
func (m *Model) row(r neighbour, selected bool) string {
	st, w := m.c.Styles, m.width
	text := sanitize.Line(r.Text)
	if text == "" {
		text = common.ShortID(r.ID)
	}
	if len(r.Entities) > 0 {
		names := strings.Join(r.Entities, ", ")
		if w < 90 && len(r.Entities) > 1 { // narrow: the first entity and how many more
			names = fmt.Sprintf("%s +%d", r.Entities[0], len(r.Entities)-1)
		}
		text = "[" + sanitize.Line(names) + "] " + text
	}
	date := " " + m.day(r.Date)
	if w < 64 {
		date = ""
	}
	plain := fmt.Sprintf("%4.2f %s %s%s %s", r.Weight, bar(r.Weight), components.TypeBadge(r.FactType), date, text)
	if selected {
		style := st.Cursor
		if m.focused {
			style = st.Selected
		}
		return style.Render(components.Fit("› "+plain, w))
	}
	return components.Fit("  "+fmt.Sprintf("%4.2f ", r.Weight)+st.Accent.Render(bar(r.Weight))+" "+
		st.FactType(r.FactType).Render(components.TypeBadge(r.FactType))+st.Muted.Render(date)+" "+text, w)
}

// settleCooc draws the entity view.
func (m *Model) settleCooc() {
	st, w, c := m.c.Styles, m.width, m.cooc
	head := []string{components.Spread(st.Bold.Render(components.Truncate("Entities mentioned with "+sanitize.Line(c.EntityName), w)),
		m.status(common.Plural(len(c.Partners), "entity", "entities")), w)}
	note := st.Muted.Render(fmt.Sprintf("counts of memories mentioning both · from the bank's %d strongest pairs", cooccurLimit))
	if c.Truncated {
		note = st.Warning.Render(fmt.Sprintf("⚠ truncated: the bank has %d pairs or more; weaker ones are not shown", cooccurLimit))
	}
	head = append(head, components.Fit(components.Truncate(note, w), w), "")
	var rows []string
	top := 1
	for _, p := range c.Partners {
		top = max(top, p.Count)
	}
	for i, p := range c.Partners {
		plain := fmt.Sprintf("%4d %s %s", p.Count, bar(float64(p.Count)/float64(top)), sanitize.Line(p.Name))
		right := common.Plural(p.Mentions, "mention", "mentions")
		if w >= 64 && !p.Last.IsZero() {
			right += " · last " + m.day(p.Last)
		}
		line := components.Spread(plain, right, w-2)
		if i == m.ccur {
			style := st.Cursor
			if m.focused {
				style = st.Selected
			}
			rows = append(rows, style.Render(components.Fit("› "+line, w)))
			continue
		}
		rows = append(rows, components.Fit("  "+line, w))
	}
	if len(rows) == 0 {
		rows = append(rows, components.Fit(st.Muted.Render("no entity is mentioned together with it"), w))
	}
	avail := max(m.height-len(head), 1)
	m.coff = scrollTo(m.ccur, m.coff, avail, len(rows))
	m.body = len(head)
	m.lines = append(head, rows[min(m.coff, len(rows)):]...)
}

// scrollTo is the offset that keeps line at in a window of height lines of n.
func scrollTo(at, offset, height, n int) int {
	if at < offset {
		offset = at
	}
	if at >= offset+height {
		offset = at - height + 1
	}
	return min(max(offset, 0), max(n-height, 0))
}

// rowsHeight is the lines under the head.
func (m *Model) rowsHeight() int { return max(m.height-m.body, 1) }

// View implements common.Pane.
func (m *Model) View() string {
	if m.width <= 0 || m.height <= 0 {
		return ""
	}
	return components.Page(m.lines, m.width, m.height)
}
