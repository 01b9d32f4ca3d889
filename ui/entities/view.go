package entities

import (
	"encoding/json"
	"slices"
	"strconv"
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"hindsight-tui/client"
	"hindsight-tui/sanitize"
	"hindsight-tui/styles"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
)

// sideBySide is the narrowest pane that shows the detail beside the list; narrower
// panes show one or the other (enter opens the detail, esc goes back).
const sideBySide = 80

// listTop is the line of the first list row: the filter line and the column titles
// are above it.
const listTop = 2

// rowCache keeps drawn list rows: they change with the width, the theme or the
// minute (relative times), not with every frame.
type rowCache struct {
	key   cacheKey
	drawn map[int]string
}

type cacheKey struct {
	width  int
	minute int64
	styles *styles.Styles
}

// listWidth is the list's width: all of it on a narrow pane, a share beside the detail.
func (m *Model) listWidth() int {
	if m.width < sideBySide {
		return m.width
	}
	return max(m.width*9/20, 44)
}

// rowsHeight is how many list rows fit.
func (m *Model) rowsHeight() int { return max(m.height-listTop, 1) }

// View implements common.Pane: exactly width x height cells. Only the rows in view are
// touched, and those come as settle drew them, so its cost does not grow with the list.
func (m *Model) View() string {
	w, h := m.width, m.height
	if w <= 0 || h <= 0 {
		return ""
	}
	if m.showTags {
		return m.tags.View()
	}
	var lines []string
	switch {
	case m.bank == "":
		lines = []string{m.c.Styles.Muted.Render("Select a bank to see its entities.")}
	case w < sideBySide && m.zone == zoneDetail:
		lines = m.detailLines(w, h)
	case w < sideBySide:
		lines = m.listLines(w, h)
	default:
		lw, dw := m.listWidth(), m.detailWidth()
		left, right := m.listLines(lw, h), m.detailLines(dw, h)
		sep := m.c.Styles.Subtle.Render(" │ ")
		lines = make([]string, h)
		for i := range lines {
			lines[i] = components.Fit(at(left, i), lw) + sep + components.Fit(at(right, i), dw)
		}
	}
	return components.Page(lines, w, h)
}

// detailWidth is the detail's width: all of it on a narrow pane, the rest beside the
// list and its separator.
func (m *Model) detailWidth() int {
	if m.width < sideBySide {
		return m.width
	}
	return m.width - m.listWidth() - 3
}

// settle prepares what View reads after anything changed (a key, an answer, a size,
// a theme, focus): the list rows in view and the detail, scrolled so that its cursor
// shows. A new width, theme or minute empties the row cache first.
func (m *Model) settle() {
	if m.width <= 0 || m.height <= 0 {
		return
	}
	lw := m.listWidth()
	if k := m.rowKey(lw); m.cache.key != k || m.cache.drawn == nil {
		m.cache = rowCache{key: k, drawn: map[int]string{}}
	}
	for i := m.offset; i < min(m.offset+m.rowsHeight(), len(m.visible)); i++ {
		if r := m.visible[i]; m.cache.drawn[r] == "" {
			m.cache.drawn[r] = m.renderRow(&m.rows[r], lw, false)
		}
	}
	dw, h := m.detailWidth(), m.height
	if m.detCache.lines != nil && m.detCache.key == m.detailFor(dw, h) {
		return // nothing the detail shows has changed
	}
	if m.det.entity != nil {
		m.det.offset = scrollTo(m.det.cursor, m.det.offset, h-len(m.detailHead(m.det.entity, dw)))
	}
	m.detCache.key, m.detCache.lines = m.detailFor(dw, h), m.drawDetail(dw, h)
}

// rowKey is what the list rows are drawn for at width w.
func (m *Model) rowKey(w int) cacheKey {
	return cacheKey{width: w, minute: m.c.Now().Unix() / 60, styles: m.c.Styles}
}

// at is lines[i], or "" past the end.
func at(lines []string, i int) string {
	if i < len(lines) {
		return lines[i]
	}
	return ""
}

// listLines are the filter line, the column titles and the rows in view.
func (m *Model) listLines(w, h int) []string {
	st := m.c.Styles
	count := ""
	switch {
	case m.loading && !m.loaded:
		count = "loading…"
	case m.loaded && len(m.rows) < m.total:
		count = common.Thousands(len(m.rows)) + " of " + common.Thousands(m.total)
	case m.loaded:
		count = common.Plural(m.total, "entity", "entities")
	}
	if len(m.visible) != len(m.rows) {
		count = common.Thousands(len(m.visible)) + " match · " + count
	}
	top := st.Subtle.Render("/ filter · t tags") // the box, once open, says it filters by name
	if m.zone == zoneFilter || m.filter.Value() != "" {
		top = m.filter.View()
	}
	if m.loaded && len(m.rows) > 0 {
		count = common.WithOrder(top, count, listOrder, w)
	}
	nameW, cols := columns(w)
	lines := []string{
		components.Spread(top, st.Muted.Render(count), w),
		st.Label.Render(components.Fit("  "+components.Fit("name", nameW)+cols, w)),
	}
	switch {
	case m.err != nil:
		for _, l := range components.Wrap("✗ "+m.c.Describe(m.err), w, 3) {
			lines = append(lines, st.Error.Render(l))
		}
		return lines
	case m.loaded && len(m.rows) == 0:
		return append(lines, st.Muted.Render("  No entities yet: the server extracts them as memories are retained."))
	case m.loaded && len(m.visible) == 0:
		return append(lines, st.Muted.Render("  No loaded entity matches; esc clears the filter."))
	}
	fresh := m.cache.key == m.rowKey(w)
	for i := m.offset; i < len(m.visible) && len(lines) < h; i++ {
		r := m.visible[i]
		if i == m.cursor {
			lines = append(lines, m.renderRow(&m.rows[r], w, true))
			continue
		}
		s, ok := m.cache.drawn[r]
		if !ok || !fresh {
			s = m.renderRow(&m.rows[r], w, false)
		}
		lines = append(lines, s)
	}
	return lines
}

// listOrder is the order the server lists entities in (mention_count, then last
// seen, largest first); the mentions column's title carries the ↓. The route takes
// no order parameter.
const listOrder = "most mentioned first"

// linkedOrder is the order of an entity's linked memories, the memory list's: the
// date each row shows is when it was mentioned.
const linkedOrder = "newest mentioned first"

// columns returns the name column's width and the other titles, for width w.
func columns(w int) (int, string) {
	mentions := lpad("mentions"+common.SortedDown, 9)
	if w < 56 {
		return max(w-2-9-10, 4), mentions + lpad("last seen", 10)
	}
	return max(w-2-9-11-10, 4), mentions + lpad("first seen", 11) + lpad("last seen", 10)
}

// renderRow draws one entity: name, mention count, first and last seen.
func (m *Model) renderRow(e *client.Entity, w int, selected bool) string {
	st := m.c.Styles
	text, muted, fill, g, gs := st.Text, st.Muted, lipgloss.NewStyle(), "  ", lipgloss.NewStyle()
	if selected {
		g, gs, text = "▌ ", st.Muted, st.Bold
		if m.focused && m.zone != zoneDetail {
			gs, text, fill, muted = st.Accent, st.Selected, st.Selected, st.Muted.Inherit(st.Selected)
		}
	}
	nameW, _ := columns(w)
	now := m.c.Now()
	cells := text.Render(components.Fit(sanitize.Line(e.CanonicalName), nameW)) +
		text.Render(lpad(strconv.Itoa(e.MentionCount), 9))
	if w >= 56 {
		cells += muted.Render(lpad(common.RelTime(e.FirstSeen.Time, now), 11))
	}
	cells += muted.Render(lpad(common.RelTime(e.LastSeen.Time, now), 10))
	return gs.Render(g) + cells + fill.Render(strings.Repeat(" ", max(w-2-ansi.StringWidth(cells), 0)))
}

// lpad right-aligns s in n cells.
func lpad(s string, n int) string {
	return strings.Repeat(" ", max(n-ansi.StringWidth(s), 0)) + s
}

// detailKey is everything the detail's lines depend on.
type detailKey struct {
	w, h, cursor, offset, seq int
	zone                      zone
	loading                   bool
	entity                    *client.Entity
	mems                      int
	err                       error
	minute                    int64
	styles                    *styles.Styles
}

// detailFor is what the detail is drawn from, at w x h.
func (m *Model) detailFor(w, h int) detailKey {
	return detailKey{w: w, h: h, cursor: m.det.cursor, offset: m.det.offset, seq: m.det.seq, zone: m.zone,
		loading: m.det.loading, entity: m.det.entity, mems: len(m.det.mems), err: m.det.err,
		minute: m.c.Now().Unix() / 60, styles: m.c.Styles}
}

// detailLines are the selected entity's facts and its linked memories, as settle
// drew them unless something they show changed since (the minute).
func (m *Model) detailLines(w, h int) []string {
	if m.detCache.lines != nil && m.detCache.key == m.detailFor(w, h) {
		return m.detCache.lines
	}
	return m.drawDetail(w, h)
}

// drawDetail draws the detail at w x h, its memories from the scroll offset settle
// chose.
func (m *Model) drawDetail(w, h int) []string {
	st := m.c.Styles
	e := m.det.entity
	if e == nil {
		if m.det.loading {
			return []string{st.Muted.Render("loading…")}
		}
		if m.det.err != nil {
			return components.Wrap("✗ "+m.c.Describe(m.det.err), w, 3)
		}
		return []string{st.Muted.Render("Select an entity to see the memories linked to it.")}
	}
	lines := m.detailHead(e, w)
	for i := m.det.offset; i < len(m.det.mems) && len(lines) < h; i++ {
		lines = append(lines, m.memRow(&m.det.mems[i], w, i == m.det.cursor && m.zone == zoneDetail))
	}
	return lines
}

// detailHead is what the detail shows above the linked memories: the entity's facts
// and the list's title.
func (m *Model) detailHead(e *client.Entity, w int) []string {
	st := m.c.Styles
	lines := m.entityDoc(e).Lines(st, w)
	title := "Linked memories"
	switch {
	case m.det.loading:
		title += " · loading…"
	case m.det.err != nil:
		title += " · ✗ " + m.c.Describe(m.det.err)
	case m.det.total > len(m.det.mems):
		title += " · " + strconv.Itoa(len(m.det.mems)) + " of " + strconv.Itoa(m.det.total) + " (m lists all)"
	default:
		title += " · " + strconv.Itoa(len(m.det.mems))
	}
	if len(m.det.mems) > 1 && ansi.StringWidth(title+" · "+linkedOrder) <= w {
		title += " · " + linkedOrder
	}
	lines = append(lines, "", st.Section.Render(components.Truncate(title, w)))
	if !m.det.loading && m.det.err == nil && len(m.det.mems) == 0 {
		lines = append(lines, st.Muted.Render("No memory is linked to this entity."))
	}
	return lines
}

// memRows is how many linked memories fit under the entity's facts (an estimate the
// keys use for paging; settle scrolls exactly).
func (m *Model) memRows() int { return max(m.height-8, 1) }

// entityDoc is the entity's facts.
func (m *Model) entityDoc(e *client.Entity) *components.Doc {
	now := m.c.Now()
	d := &components.Doc{}
	d.Section(sanitize.Line(e.CanonicalName))
	d.Field("mentions", strconv.Itoa(e.MentionCount))
	d.Field("first seen", components.FormatTime(e.FirstSeen, now))
	d.Field("last seen", components.FormatTime(e.LastSeen, now))
	keys := make([]string, 0, len(e.Metadata))
	for k := range e.Metadata {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		d.Field(sanitize.Line(k), metaValue(e.Metadata[k]))
	}
	d.Field("id", sanitize.Line(e.ID))
	return d
}

// metaValue renders a metadata value: a string as text, anything else as JSON.
func metaValue(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return sanitize.Line(s)
	}
	return sanitize.Line(string(raw))
}

// memRow draws a linked memory: type badge, when it was mentioned and the text on
// one line.
func (m *Model) memRow(mem *client.Memory, w int, selected bool) string {
	st := m.c.Styles
	text, muted, badge, g, gs := st.Text, st.Muted, st.FactType(mem.FactType), "  ", lipgloss.NewStyle()
	if selected {
		g, gs, text = "▌ ", st.Accent, st.Selected
		muted, badge = st.Muted.Inherit(st.Selected), badge.Inherit(st.Selected)
	}
	date := "          "
	if t := mem.MentionedAt; !t.IsZero() { // the date the list is ordered by
		date = t.In(m.c.Now().Location()).Format("2006-01-02")
	}
	head := badge.Render(components.TypeBadge(mem.FactType)) + text.Render(" ") + muted.Render(date) + text.Render(" ")
	rest := max(w-2-ansi.StringWidth(head), 0)
	return gs.Render(g) + head + text.Render(components.Fit(sanitize.Line(mem.Text), rest))
}
