package bankconfig

import (
	"bytes"
	"encoding/json"
	"strings"

	"charm.land/lipgloss/v2"

	"hindsight-tui/sanitize"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
)

// listTop is the lines above the rows: the title line and the column titles.
const listTop = 2

// Words of the source column.
const (
	wordOverride = "override"
	wordDefault  = "default"
)

// item is one line of the list: a group heading (row < 0) or a key.
type item struct {
	group string
	row   int // index into m.rows, -1 for a heading
	pos   int // index into m.visible of a key line
}

// items are the list's lines: each group with keys that pass the filter, its heading
// first.
func (m *Model) items() []item {
	var out []item
	last := ""
	for pos, i := range m.visible {
		g := m.rows[i].spec.Group
		if g != last || pos == 0 {
			out = append(out, item{group: g, row: -1, pos: -1})
			last = g
		}
		out = append(out, item{group: g, row: i, pos: pos})
	}
	return out
}

// footHeight is the lines of the selected key's detail under the rows: none where the
// pane is short.
func (m *Model) footHeight() int {
	if m.height < 12 {
		return 0
	}
	return min(8, max(m.height/4, 4))
}

// rowsHeight is how many list lines fit between the top lines and the detail.
func (m *Model) rowsHeight() int { return max(m.height-listTop-m.footHeight(), 1) }

// ensureVisible scrolls so that the cursor's key shows, with its group's heading
// when the key is the group's first.
func (m *Model) ensureVisible() {
	its := m.items()
	h := m.rowsHeight()
	line := 0
	for i, it := range its {
		if it.pos == m.cursor {
			line = i
			break
		}
	}
	top := line
	if line > 0 && its[line-1].row < 0 {
		top = line - 1
	}
	if top < m.offset {
		m.offset = top
	}
	if line >= m.offset+h {
		m.offset = line - h + 1
	}
	m.offset = max(min(m.offset, len(its)-h), 0)
}

// View implements common.Pane: exactly width x height cells.
func (m *Model) View() string { return m.frame }

// draw lays out the frame View shows, after anything that changes what it shows (a
// message, a size, the theme, focus): rows, values and the detail are not laid out
// again for every frame.
func (m *Model) draw() {
	m.frame = m.render()
}

// render is the pane's frame: exactly width x height cells.
func (m *Model) render() string {
	w, h := m.width, m.height
	if w <= 0 || h <= 0 {
		return ""
	}
	var lines []string
	switch {
	case m.bank == "":
		lines = []string{m.c.Styles.Muted.Render("Select a bank to see its configuration.")}
	case m.def != nil:
		lines = m.defenseLines(w, h)
	default:
		lines = m.listLines(w, h)
	}
	return components.Page(lines, w, h)
}

// cols are the key and value columns' widths at a pane width; the source column is
// as wide as its longest word. The key column takes the longest key (longest cells)
// where there is room, and at most three fifths of the row.
func cols(w, longest int) (kw, vw int) {
	rest := max(w-2-2-len(wordOverride), 10) // glyph, two gaps, source column
	kw = min(max(rest*3/5, 12), max(longest, 3))
	return kw, max(rest-kw, 4)
}

// listLines are the title line, the column titles, the rows in view and the detail.
func (m *Model) listLines(w, h int) []string {
	st := m.c.Styles
	right := ""
	switch {
	case m.loading:
		right = m.spin.View() + " loading…"
	case m.cfg != nil:
		right = common.Plural(len(m.rows), "key", "keys")
		if len(m.visible) != len(m.rows) {
			right = common.Thousands(len(m.visible)) + " of " + right
		}
	}
	var left string
	switch {
	case m.filtering:
		left = m.filter.View()
	case m.filter.Value() != "":
		left = st.FilterItem.Render("/ " + sanitize.Line(m.filter.Value()))
	case m.cfg != nil:
		left = st.Text.Render(common.Plural(m.overrides(), "override", "overrides")) + st.Muted.Render(" · bank "+sanitize.Line(m.bank))
	default:
		left = st.Muted.Render("bank " + sanitize.Line(m.bank))
	}
	kw, vw := cols(w, m.keyWidth)
	titles := "  " + components.Fit("key", kw) + " " + components.Fit("value", vw) + " " + "source"
	lines := []string{components.Spread(left, st.Muted.Render(right), w), st.Label.Render(components.Fit(titles, w))}
	switch {
	case m.err != nil:
		for _, l := range components.Wrap("✗ "+m.c.Describe(m.err), w, 3) {
			lines = append(lines, st.Error.Render(l))
		}
		return lines
	case m.cfg == nil:
		return lines
	case len(m.visible) == 0:
		return append(lines, st.Muted.Render("  No key matches the filter; esc clears it."))
	}
	its := m.items()
	end := min(m.offset+m.rowsHeight(), len(its))
	for _, it := range its[m.offset:end] {
		if it.row < 0 {
			lines = append(lines, m.headingLine(it.group, w))
			continue
		}
		lines = append(lines, m.rowLine(&m.rows[it.row], kw, vw, w, it.pos == m.cursor))
	}
	if f := m.footHeight(); f > 0 {
		for len(lines) < h-f {
			lines = append(lines, "")
		}
		lines = append(lines, m.detailLines(w, f)...)
	}
	return lines
}

// headingLine is a group's heading with its count of overrides.
func (m *Model) headingLine(group string, w int) string {
	st := m.c.Styles
	n := 0
	for _, r := range m.rows {
		if r.spec.Group == group && r.override {
			n++
		}
	}
	s := st.Section.Render(group)
	if n > 0 {
		s += st.Muted.Render(" · " + common.Plural(n, "override", "overrides"))
	}
	return components.Fit(s, w)
}

// rowLine draws one key: its name, its value on one line, override or default.
func (m *Model) rowLine(r *row, kw, vw, w int, selected bool) string {
	st := m.c.Styles
	text, muted, fill, glyph := st.Text, st.Muted, lipgloss.NewStyle(), "  "
	gs := lipgloss.NewStyle()
	if selected {
		glyph, gs, text = "▌ ", st.Muted, st.Bold
		if m.focused {
			gs, text, fill, muted = st.Accent, st.Selected, st.Selected, st.Muted.Inherit(st.Selected)
		}
	}
	value := FormatValue(r.value)
	vs := text
	if isNull(r.value) {
		vs = muted
	}
	src, ss := wordDefault, muted
	if r.override {
		src, ss = wordOverride, st.Accent
		if selected && m.focused {
			ss = st.Accent.Inherit(st.Selected)
		}
	}
	line := gs.Render(glyph) + text.Render(components.Fit(sanitize.Line(r.spec.Key), kw)) + fill.Render(" ") +
		vs.Render(components.Fit(value, vw)) + fill.Render(" ") + ss.Render(components.Fit(src, len(wordOverride)))
	return components.Fit(line, w)
}

// detailLines are the selected key in full: its type and source, its whole value and
// what the reference says of it, in n lines.
func (m *Model) detailLines(w, n int) []string {
	st := m.c.Styles
	r := m.selected()
	out := []string{st.Subtle.Render(strings.Repeat("─", w))}
	if r == nil {
		return out
	}
	src := st.Muted.Render(wordDefault + " (inherited)")
	if r.override {
		src = st.Accent.Render(wordOverride + " (set on this bank)")
	}
	out = append(out, components.Fit(st.Label.Render(sanitize.Line(r.spec.Key))+st.Muted.Render(" · ")+src, w))
	about := r.spec.TypeName() + r.spec.rangeText()
	if r.spec.Note != "" {
		about += "; " + r.spec.Note
	}
	out = append(out, components.Fit(st.Muted.Render(about), w))
	room := n - 3
	vals := detailValue(r.value, w, room)
	for _, l := range vals {
		out = append(out, components.Fit(st.Text.Render(l), w))
	}
	return out
}

// detailValue is a value in full in at most room lines of width: JSON indented where
// that fits, else on wrapped lines as FormatValue writes it; only then cut, with a
// line saying how much is left out.
func detailValue(raw json.RawMessage, w, room int) []string {
	wrap := func(text string) []string {
		var out []string
		for _, l := range strings.Split(text, "\n") {
			out = append(out, components.Wrap(l, w, 0)...)
		}
		return out
	}
	vals := wrap(FormatDetail(raw))
	if len(vals) <= room {
		return vals
	}
	if !bytes.HasPrefix(bytes.TrimSpace(raw), []byte(`"`)) {
		vals = wrap(FormatValue(raw))
	}
	if len(vals) > room {
		left := len(vals) - room + 1
		vals = append(vals[:max(room-1, 0)], components.Ellipsis+" "+common.Plural(left, "more line", "more lines")+" (Y copies it all)")
	}
	return vals
}
