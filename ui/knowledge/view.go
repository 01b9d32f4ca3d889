package knowledge

import (
	"fmt"
	"strings"

	"hindsight-tui/client"
	"hindsight-tui/sanitize"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
)

// gutter is the columns before each row: the cursor's glyph and a space.
const gutter = 2

// listTop is the rows above the list (the title line), listBottom those below it
// (the lines about the node under the cursor).
const listTop, listBottom = 1, 3

// rowsHeight is how many rows of the tree or the results fit; while moving, the top
// level's row takes one.
func (m *Model) rowsHeight() int {
	if m.moving != "" {
		return max(m.height-listTop-listBottom-1, 1)
	}
	return max(m.height-listTop-listBottom, 1)
}

// View implements common.Pane: exactly width x height cells, drawn from what settle
// prepared.
func (m *Model) View() string {
	w, h := m.width, m.height
	if w <= 0 || h <= 0 {
		return ""
	}
	var lines []string
	switch {
	case m.bank == "":
		lines = []string{m.c.Styles.Muted.Render("Select a bank to see its knowledge base.")}
	case m.view == viewPage:
		lines = m.pageView(w, h)
	case m.view == viewSearch:
		lines = m.resultLines(w, h)
	default:
		lines = m.treeLines(w, h)
	}
	return components.Page(lines, w, h)
}

// settle lays the pane out after any change, so View only draws.
func (m *Model) settle() {
	w, h := m.width, m.height
	if w <= 0 || h <= 0 {
		return
	}
	if iw := max(w/2, 12); iw != m.search.input.Width() {
		m.search.input.SetWidth(iw)
	}
	m.ensureVisible()
	m.ensureResultVisible()
	if m.view == viewPage {
		m.page.lines = m.pageLines(w)
		m.page.scroll = min(max(m.page.scroll, 0), max(len(m.page.lines)-(h-1), 0))
	}
}

// pageView is the open page's title line and the lines in view.
func (m *Model) pageView(w, h int) []string {
	st := m.c.Styles
	title := m.page.name
	if m.page.page != nil {
		title = m.page.page.Name
	}
	right := ""
	if m.page.busy {
		right = m.spin.View() + " loading"
	} else if n := len(m.page.lines); n > h-1 {
		right = fmt.Sprintf("%d–%d of %d", m.page.scroll+1, min(m.page.scroll+h-1, n), n)
	}
	lines := []string{components.Spread(st.Bold.Render(components.Truncate(sanitize.Line(title), w-16)), st.Muted.Render(right), w)}
	end := min(m.page.scroll+h-1, len(m.page.lines))
	if m.page.scroll < end {
		lines = append(lines, m.page.lines[m.page.scroll:end]...)
	}
	return lines
}

// cols are the widths of the columns beside the name.
type cols struct{ state, updated int }

func columnsFor(w int) cols {
	if w < 50 {
		return cols{state: 6}
	}
	return cols{state: 8, updated: 10}
}

// treeLines are the title line, the rows in view and the line about the selection.
func (m *Model) treeLines(w, h int) []string {
	st := m.c.Styles
	lines := []string{m.titleLine(w)}
	switch {
	case m.tree.err != nil && !m.tree.loaded:
		for _, l := range components.Wrap("✗ Could not load the knowledge base: "+m.c.Describe(m.tree.err), w, 3) {
			lines = append(lines, st.Error.Render(l))
		}
		return lines
	case !m.tree.loaded:
		return append(lines, m.spin.View()+" "+st.Muted.Render("Loading the knowledge base…"))
	case len(m.tree.rows) == 0:
		hint := "This bank has no knowledge pages."
		if !m.c.ReadOnly {
			hint += " n adds a page, N a folder."
		}
		return append(lines, st.Muted.Render(hint))
	}
	c := columnsFor(w - gutter)
	if m.moving != "" {
		lines = append(lines, m.moveRootRow(w))
	}
	for i := m.tree.offset; i < len(m.tree.rows) && len(lines) < h-listBottom; i++ {
		lines = append(lines, m.treeRow(&m.tree.rows[i], c, w, i == m.tree.cursor))
	}
	for len(lines) < h-listBottom {
		lines = append(lines, "")
	}
	return append(lines, m.aboutLines(w)...)
}

// titleLine says what the tree holds, or what is being moved.
func (m *Model) titleLine(w int) string {
	st := m.c.Styles
	if m.moving != "" {
		return components.Fit(st.Accent.Render("Move "+m.movingName+" to: ")+st.Muted.Render("pick a folder, enter moves, esc cancels"), w)
	}
	left := st.Label.Render("Knowledge base")
	if m.search.typing {
		left = m.search.input.View()
	}
	right := ""
	if m.tree.loaded {
		pages, folders, stale := counts(m.tree.roots)
		right = common.Plural(pages, "page", "pages") + " · " + common.Plural(folders, "folder", "folders")
		if stale > 0 {
			right += " · " + common.Thousands(stale) + " stale"
		}
	}
	if m.tree.busy && m.tree.loaded {
		right = m.spin.View() + " " + right
	}
	if m.tree.err != nil && m.tree.loaded {
		right = st.Error.Render("reload failed: "+m.c.Describe(m.tree.err)) + " " + right
	}
	return components.Spread(left, st.Muted.Render(right), w)
}

// treeRow draws one node: its fold mark or page mark, its name, its staleness (a
// folder: how many of its pages are stale) and when it last changed.
func (m *Model) treeRow(r *row, c cols, w int, selected bool) string {
	st := m.c.Styles
	n := r.node
	mark := "• "
	if n.Kind == client.NodeFolder {
		mark = "▾ "
		if m.tree.collapsed[n.ID] {
			mark = "▸ "
		}
	}
	state, stale := "", false
	if n.Kind == client.NodeFolder {
		if _, _, s := counts(n.Children); s > 0 {
			state = common.Thousands(s) + " stale"
		}
	} else {
		s := stalenessOf(n, "", false)
		state, stale = s.badge, s.stale
	}
	updated := ""
	if c.updated > 0 && !n.Timestamp.IsZero() {
		updated = common.RelTime(n.Timestamp.Time, m.c.Now())
	}
	inner := w - gutter
	nameW := max(inner-c.state-c.updated-2, 4)
	name := strings.Repeat("  ", r.depth) + mark + sanitize.Line(n.Name)
	if n.Kind == client.NodeFolder {
		name += "/"
	}
	plain := components.Fit(name, nameW) + " " + components.Fit(state, c.state)
	if c.updated > 0 {
		plain += " " + components.Fit(updated, c.updated)
	}
	blocked := m.moving != "" && !m.canMoveInto(n)
	switch {
	case selected && m.focused:
		return st.Accent.Render("▌ ") + st.Selected.Render(components.Fit(plain, inner))
	case selected:
		return st.Muted.Render("▌ ") + st.Cursor.Render(components.Fit(plain, inner))
	case blocked:
		return "  " + st.Subtle.Render(components.Fit(plain, inner))
	case stale:
		return "  " + st.Warning.Render(components.Fit(plain, inner))
	case n.Kind == client.NodeFolder:
		return "  " + st.Bold.Render(components.Fit(plain, inner))
	}
	return "  " + st.Text.Render(components.Fit(plain, inner))
}

// aboutLines say more about the node under the cursor, in listBottom lines: a page's
// source query and its staleness with the server's reason; a folder's contents.
func (m *Model) aboutLines(w int) []string {
	st := m.c.Styles
	out := make([]string, 0, listBottom)
	r := m.selectedRow()
	switch {
	case m.moving != "" || r == nil:
	case r.node.Kind == client.NodeFolder:
		pages, folders, stale := counts(r.node.Children)
		s := "Folder " + sanitize.Line(r.node.Name) + ": " + common.Plural(pages, "page", "pages") + ", " + common.Plural(folders, "folder", "folders") + " inside"
		if stale > 0 {
			s += ", " + common.Thousands(stale) + " stale"
		}
		out = append(out, st.Muted.Render(components.Fit(s, w)))
	default:
		n := r.node
		out = append(out, st.Text.Render(components.Fit("Query: "+sanitize.Line(n.Description), w)))
		s := stalenessOf(n, "", false)
		style := st.Success
		if s.stale {
			style = st.Warning
		}
		for _, l := range components.Wrap(s.why, w, listBottom-1) {
			out = append(out, style.Render(l))
		}
	}
	for len(out) < listBottom {
		out = append([]string{""}, out...)
	}
	return out
}

// resultLines are the search line and the pages found, each with its snippet.
func (m *Model) resultLines(w, h int) []string {
	st := m.c.Styles
	s := &m.search
	var top string
	switch {
	case s.typing:
		top = s.input.View()
	default:
		top = st.FilterItem.Render("/ " + sanitize.Line(s.query))
	}
	right := ""
	switch {
	case s.busy:
		right = m.spin.View() + " searching"
	case s.done:
		right = common.Plural(len(s.results), "page", "pages") + " · best first"
	}
	lines := []string{components.Spread(top, st.Muted.Render(right), w)}
	switch {
	case s.err != nil:
		for _, l := range components.Wrap("✗ Could not search: "+m.c.Describe(s.err), w, 3) {
			lines = append(lines, st.Error.Render(l))
		}
		return lines
	case s.done && len(s.results) == 0:
		return append(lines, st.Muted.Render("No page matches "+sanitize.Line(s.query)+"."))
	}
	now := m.c.Now()
	for i := s.offset; i < len(s.results) && len(lines)+resultLines <= h; i++ {
		r := &s.results[i]
		right := common.RelTime(r.UpdatedAt.Time, now)
		name := sanitize.Line(r.Name)
		if n := m.find(r.ID); n != nil {
			if sn := stalenessOf(n, "", false); sn.stale {
				right = "stale · " + right
			}
		}
		line := components.Spread(name, right, w-gutter)
		snippet := "  " + components.Fit(sanitize.Line(plainSnippet(r.Snippet)), w-gutter-2)
		if i == s.cursor {
			g, style := st.Muted.Render("▌ "), st.Cursor
			if m.focused && !s.typing {
				g, style = st.Accent.Render("▌ "), st.Selected
			}
			lines = append(lines, g+style.Render(components.Fit(line, w-gutter)), "  "+st.Muted.Render(snippet))
			continue
		}
		lines = append(lines, "  "+st.Text.Render(components.Fit(line, w-gutter)), "  "+st.Muted.Render(snippet))
	}
	return lines
}

// plainSnippet is a search snippet (the page's first characters, markdown) as one
// line of text: heading marks go, lines join.
func plainSnippet(s string) string {
	lines := strings.Split(s, "\n")
	out := lines[:0]
	for _, l := range lines {
		if l = strings.TrimSpace(strings.TrimLeft(strings.TrimSpace(l), "#")); l != "" {
			out = append(out, l)
		}
	}
	return strings.Join(out, " · ")
}
