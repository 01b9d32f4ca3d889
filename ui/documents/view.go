package documents

import (
	"fmt"
	"strconv"
	"strings"

	"charm.land/lipgloss/v2"

	"hindsight-tui/client"
	"hindsight-tui/sanitize"
	"hindsight-tui/styles"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
)

// sideBySide is the narrowest pane that shows the open document beside the list.
const sideBySide = 100

// View implements common.Pane: exactly width x height cells. It draws what settle
// prepared: rows come from a cache and only the rows in view are touched, so its cost
// does not grow with the list.
func (m *Model) View() string {
	w, h := m.width, m.height
	if w <= 0 || h <= 0 {
		return ""
	}
	var lines []string
	switch {
	case m.wide():
		lw := m.listWidth()
		left := m.listLines(lw, h)
		right := m.detailLines(m.detailWidth(), h)
		sep := m.c.Styles.Subtle.Render("│")
		for i := range h {
			lines = append(lines, left[i]+sep+right[i])
		}
	case m.open:
		lines = m.detailLines(w, h)
	default:
		lines = m.listLines(w, h)
	}
	return strings.Join(lines, "\n")
}

// settle lays the pane out after any change (a key, an answer, a size, a theme), so
// View only draws: the list's geometry, the inputs' widths, the rows and the scroll,
// and the open document's lines and scroll.
func (m *Model) settle() {
	w, h := m.width, m.height
	if w <= 0 || h <= 0 {
		return
	}
	lw := m.listWidth()
	if sw := max(lw/2-4, 8); sw != m.search.Width() {
		m.search.SetWidth(sw)
	}
	m.tags.SetWidth(max(lw/2, 12))
	top := 2 // the filter line and the column titles
	if m.tagging {
		top += len(m.tags.CompletionLines(lw, min(5, h/3)))
	}
	m.rowsH, m.listTop = max(h-top, 1), top
	if m.list.loaded && len(m.list.items) > 0 {
		m.rows.refresh(m, lw)
		m.ensureVisible()
	}
	if m.open && m.det.doc != nil {
		all := m.documentLines(m.detailWidth())
		m.det.scroll = min(max(m.det.scroll, 0), max(len(all)-max(h-1, 1), 0))
	}
}

// wide says the open document shows beside the list.
func (m *Model) wide() bool { return m.width >= sideBySide }

// listWidth is the width of the list as drawn.
func (m *Model) listWidth() int {
	if !m.wide() {
		return m.width
	}
	return m.width * 9 / 20
}

// listLines draws the filters, the column titles and the rows in view.
func (m *Model) listLines(w, h int) []string {
	st := m.c.Styles
	lines := []string{m.filterLine(w)}
	if m.tagging {
		for _, l := range m.tags.CompletionLines(w, min(5, h/3)) {
			lines = append(lines, components.Fit(l, w))
		}
	}
	lines = append(lines, components.Fit("  "+st.Label.Render(m.columns(w-gutter).titles()), w))
	body := h - len(lines)
	switch {
	case m.bank == "":
		lines = append(lines, components.Fit(st.Muted.Render("No bank selected."), w))
	case m.list.err != nil && len(m.list.items) == 0:
		for _, l := range components.Wrap("Could not list documents: "+m.c.Describe(m.list.err), w, 3) {
			lines = append(lines, components.Fit(st.Error.Render(l), w))
		}
	case !m.list.loaded:
		lines = append(lines, components.Fit(st.Muted.Render("Loading documents…"), w))
	case len(m.list.items) == 0:
		msg := "This bank has no documents yet."
		if m.query != "" || len(m.tags.Tags()) > 0 {
			msg = "No document matches the filters."
		}
		lines = append(lines, components.Fit(st.Muted.Render(msg), w))
	default:
		rows := m.rows.rows
		for i := m.offset; i < len(rows) && i < len(m.rows.plain) && i < m.offset+body; i++ {
			if i == m.cursor {
				// The glyph marks the row without colour (NO_COLOR, monochrome).
				sel, g := st.Cursor, st.Muted.Render("▌ ")
				if m.focused && !(m.open && m.wide()) {
					sel, g = st.Selected, st.Accent.Render("▌ ")
				}
				lines = append(lines, g+sel.Render(m.rows.plain[i]))
				continue
			}
			lines = append(lines, "  "+rows[i])
		}
	}
	blank := strings.Repeat(" ", w)
	for len(lines) < h {
		lines = append(lines, blank)
	}
	return lines[:h]
}

// filterLine shows the search box, the tags filter and how many documents match.
func (m *Model) filterLine(w int) string {
	st := m.c.Styles
	var left string
	if m.searching {
		left = m.search.View()
	} else if m.query != "" {
		left = st.FilterItem.Render("id ~ " + sanitize.Line(m.query))
	} else {
		left = st.Muted.Render(m.keys.Documents.Search.Help().Key + " " + m.keys.Documents.Search.Help().Desc)
	}
	tags := m.tags.Tags()
	switch {
	case m.tagging:
		left += "  " + m.tags.View()
	case len(tags) > 0:
		mode := m.match
		if mode == "" {
			mode = "any_strict"
		}
		left += "  " + st.FilterItem.Render("tags "+sanitize.Line(strings.Join(tags, ","))+" ("+mode+")")
	}
	right := ""
	if m.list.loaded {
		right = fmt.Sprintf("%d of %d", len(m.list.items), m.list.total)
		if len(m.list.items) > 0 {
			right = common.WithOrder(left, right, listOrder, w)
		}
	}
	if m.list.busy {
		right = "loading… " + right
	}
	return components.Spread(left, st.Muted.Render(right), w)
}

// listOrder is the order the server lists documents in: updated_at, newest first,
// the date the UPDATED column shows. The route takes no order parameter.
const listOrder = "newest updated first"

// columns is the list's layout at one width.
type columns struct{ id, size, mem, tags, date int }

// columns lays out the list at width w: the id takes what the others leave.
func (m *Model) columns(w int) columns {
	c := columns{size: 8, mem: 5, date: 9}
	if w >= 70 {
		c.tags = 16
	}
	c.id = max(w-c.size-c.mem-c.tags-c.date-4, 8)
	return c
}

// gutter is the columns before each row: the cursor's glyph and a space.
const gutter = 2

// titles is the column header.
func (c columns) titles() string {
	s := components.Fit("DOCUMENT", c.id) + " " + padLeft("SIZE", c.size) + " " + padLeft("MEM", c.mem) + " "
	if c.tags > 0 {
		s += components.Fit("TAGS", c.tags) + " "
	}
	return s + components.Fit("UPDATED"+common.SortedDown, c.date)
}

// rowCache keeps every row drawn at one width, so View only slices it; settle
// refreshes it.
type rowCache struct {
	width   int
	version int
	styles  *styles.Styles
	now     string
	rows    []string // styled
	plain   []string // unstyled, for the selection highlight
}

// refresh redraws the rows when the list, width, theme or minute changed.
func (r *rowCache) refresh(m *Model, w int) {
	now := m.c.Now().Format("200601021504")
	if r.rows != nil && r.width == w && r.version == m.list.version && r.styles == m.c.Styles && r.now == now {
		return
	}
	r.width, r.version, r.styles, r.now = w, m.list.version, m.c.Styles, now
	c := m.columns(w - gutter)
	r.rows, r.plain = make([]string, len(m.list.items)), make([]string, len(m.list.items))
	for i := range m.list.items {
		r.rows[i], r.plain[i] = m.row(&m.list.items[i], c, w-gutter)
	}
}

// row draws one document, styled and plain.
func (m *Model) row(d *client.Document, c columns, w int) (string, string) {
	st := m.c.Styles
	id := components.Fit(sanitize.Line(d.ID), c.id)
	size := padLeft(humanSize(d.TextLength), c.size)
	mem := padLeft(strconv.Itoa(d.MemoryUnitCount), c.mem)
	tags := ""
	if c.tags > 0 {
		tags = components.Fit(sanitize.Line(strings.Join(d.Tags, ",")), c.tags) + " "
	}
	date := components.Fit(common.RelTime(d.UpdatedAt.Time, m.c.Now()), c.date)
	plain := components.Fit(id+" "+size+" "+mem+" "+tags+date, w)
	styled := st.Text.Render(id) + " " + st.Muted.Render(size) + " " + st.Accent.Render(mem) + " " +
		st.Subtle.Render(tags) + st.Muted.Render(date)
	return components.Fit(styled, w), plain
}

// padLeft right-aligns s in width cells.
func padLeft(s string, width int) string {
	if n := lipgloss.Width(s); n < width {
		return strings.Repeat(" ", width-n) + s
	}
	return components.Truncate(s, width)
}

// humanSize is a text length in characters, in human units ("12.3k chars").
func humanSize(n int) string {
	switch {
	case n < 1000:
		return strconv.Itoa(n) + " ch"
	case n < 1_000_000:
		return strconv.FormatFloat(float64(n)/1000, 'f', 1, 64) + "k ch"
	}
	return strconv.FormatFloat(float64(n)/1_000_000, 'f', 1, 64) + "M ch"
}
