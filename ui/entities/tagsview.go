package entities

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

// View implements common.Pane: exactly width x height cells. The rows come as settle
// drew them; the row under the cursor (it shows focus) and a row not drawn yet are
// drawn here, without being kept.
func (t *Tags) View() string {
	w, h := t.width, t.height
	if w <= 0 || h <= 0 {
		return ""
	}
	st := t.c.Styles
	if t.bank == "" {
		return components.Page([]string{st.Muted.Render("Select a bank to see its tags.")}, w, h)
	}
	count := ""
	switch {
	case t.loading && !t.loaded:
		count = "searching…"
	case t.loaded && len(t.rows) < t.total:
		count = common.Thousands(len(t.rows)) + " of " + common.Plural(t.total, "tag", "tags")
	case t.loaded:
		count = common.Plural(t.total, "tag", "tags")
	}
	top := st.Subtle.Render("/ filter (server): source:* or *trip* · t entities")
	if t.searching || t.search.Value() != "" {
		top = t.search.View()
	}
	if t.loaded && len(t.rows) > 0 {
		count = common.WithOrder(top, count, tagOrder, w)
	}
	lines := []string{
		components.Spread(top, st.Muted.Render(count), w),
		st.Label.Render(components.Fit("  "+components.Fit("tag", tagNameWidth(w))+lpad("memories"+common.SortedDown, 9), w)),
	}
	switch {
	case t.err != nil:
		for _, l := range components.Wrap("✗ "+t.c.Describe(t.err), w, 3) {
			lines = append(lines, st.Error.Render(l))
		}
	case t.loaded && len(t.rows) == 0 && t.q != "":
		lines = append(lines, st.Muted.Render(components.Truncate("  No tag matches "+sanitize.Line(t.q)+
			" (anchored: add * for any text, as in *"+strings.Trim(sanitize.Line(t.q), "*")+"*)", w)))
	case t.loaded && len(t.rows) == 0:
		lines = append(lines, st.Muted.Render("  No tags in this bank yet."))
	}
	fresh := t.cache.key == t.cacheKey()
	most := t.mostCount()
	for i := t.offset; i < len(t.rows) && len(lines) < h; i++ {
		if i == t.cursor {
			lines = append(lines, t.renderRow(&t.rows[i], w, most, true))
			continue
		}
		s, ok := t.cache.drawn[i]
		if !ok || !fresh {
			s = t.renderRow(&t.rows[i], w, most, false)
		}
		lines = append(lines, s)
	}
	return components.Page(lines, w, h)
}

// tagOrder is the order the server lists tags in: by how many memories carry each,
// most first, then by name. The route takes no order parameter.
const tagOrder = "most used first"

// settle draws the rows in view into the cache after anything changed (a key, an
// answer, a size, a theme); a new width or theme empties it first.
func (t *Tags) settle() {
	if t.width <= 0 || t.height <= 0 {
		return
	}
	if k := t.cacheKey(); t.cache.key != k || t.cache.drawn == nil {
		t.cache = rowCache{key: k, drawn: map[int]string{}}
	}
	most := t.mostCount()
	for i := t.offset; i < min(t.offset+t.rowsHeight(), len(t.rows)); i++ {
		if _, ok := t.cache.drawn[i]; !ok {
			t.cache.drawn[i] = t.renderRow(&t.rows[i], t.width, most, false)
		}
	}
}

// cacheKey is what the rows are drawn for.
func (t *Tags) cacheKey() cacheKey { return cacheKey{width: t.width, styles: t.c.Styles} }

// mostCount is the largest count near the top of the list (most used first), the
// length of a full bar.
func (t *Tags) mostCount() int {
	most := 0
	for _, r := range t.rows[:min(len(t.rows), 50)] {
		most = max(most, r.Count)
	}
	return most
}

// tagNameWidth is the tag column's width: the rest goes to the count and the bar.
func tagNameWidth(w int) int { return max(min(w/2, 48), 8) }

// renderRow draws one tag: its name, count and a bar proportional to the largest count.
func (t *Tags) renderRow(r *client.TagCount, w, most int, selected bool) string {
	st := t.c.Styles
	text, fill, g, gs := st.Text, lipgloss.NewStyle(), "  ", lipgloss.NewStyle()
	on := st.MeterOn
	if selected {
		g, gs, text = "▌ ", st.Muted, st.Bold
		if t.focused && !t.searching {
			gs, text, fill = st.Accent, st.Selected, st.Selected
			on = on.Inherit(st.Selected)
		}
	}
	nameW := tagNameWidth(w)
	cells := text.Render(components.Fit(sanitize.Line(r.Tag), nameW)) + text.Render(lpad(strconv.Itoa(r.Count), 9)) + fill.Render("  ")
	barW := min(max(w-2-ansi.StringWidth(cells), 0), 40)
	filled := 0
	if most > 0 {
		filled = max((r.Count*barW+most-1)/most, min(r.Count, 1))
	}
	filled = min(filled, barW)
	rest := max(w-2-ansi.StringWidth(cells)-filled, 0)
	return gs.Render(g) + cells + on.Render(strings.Repeat("█", filled)) + fill.Render(strings.Repeat(" ", rest))
}
