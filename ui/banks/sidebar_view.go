package banks

import (
	"strconv"
	"strings"
	"time"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"hindsight-tui/sanitize"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
)

// View implements common.Pane: exactly width x height cells, drawing only the rows in
// view, so its cost does not depend on how many banks are loaded. It only reads what
// settle prepared.
func (s *Sidebar) View() string {
	w, h := s.width, s.height
	if w <= 0 || h <= 0 {
		return ""
	}
	st := s.c.Styles
	lines := make([]string, 0, h+rowHeight)
	lines = append(lines, s.headerLine(w))
	if s.headerLines() > 1 {
		lines = append(lines, s.filterLine(w))
	}
	refresh := s.keys.Global.Refresh.Help().Key
	switch {
	case s.err != nil:
		lines = append(lines, message(w, st.Error, "Couldn't load banks", st.Text, s.c.Describe(s.err), "")...)
		lines = append(lines, message(w, st.Muted, refresh+" to retry", st.Muted, "", "")...)
	case len(s.order) == 0 && !s.loaded:
		lines = append(lines, components.Fit(s.spin.View()+" "+st.Muted.Render("Loading banks…"), w))
	case len(s.order) == 0 && s.shownQuery != "":
		lines = append(lines, message(w, st.Text, "No banks match “"+sanitize.Line(s.shownQuery)+"”",
			st.Muted, s.keys.List.Back.Help().Key+" clears the filter", "")...)
	case len(s.order) == 0 && s.c.ReadOnly:
		lines = append(lines, message(w, st.Text, "No banks yet.", st.Muted, "", "")...)
	case len(s.order) == 0:
		lines = append(lines, message(w, st.Text, "No banks yet — press "+
			s.keys.Banks.Create.Help().Key+" to create one", st.Muted, "", "")...)
	default:
		lines = s.appendRows(lines, w)
	}
	for len(lines) < h {
		lines = append(lines, strings.Repeat(" ", w))
	}
	return strings.Join(lines[:h], "\n")
}

// headerLine says the list's order and the position in it (or a spinner).
func (s *Sidebar) headerLine(w int) string {
	st := s.c.Styles
	right := ""
	switch {
	case s.loading:
		right = s.spin.View()
	case len(s.order) > 0:
		right = st.Muted.Render(strconv.Itoa(s.cursor+1) + "/" + strconv.Itoa(len(s.order)))
	}
	if w < factsUnitWidth && len(s.order) > 0 && !s.loading {
		// The rows have no room to say what their number counts: the header says it.
		right = st.Muted.Render("facts ") + right
	}
	order := s.sort.order()
	if ansi.StringWidth(order)+1+ansi.StringWidth(right) > w {
		order = s.sort.shortOrder()
	}
	if ansi.StringWidth(order)+1+ansi.StringWidth(right) > w && w < factsUnitWidth && !s.loading {
		// Too narrow for the order, the unit and the position: what the list shows
		// goes first, where the cursor is (the ▌ marks it) gives way.
		right = st.Muted.Render("facts")
	}
	left := st.Accent.Render(order)
	return components.Spread(left, right, w)
}

// filterLine is the filter input while typing, else the filter in force.
func (s *Sidebar) filterLine(w int) string {
	st := s.c.Styles
	if s.editing {
		return components.Fit(s.filter.View(), w)
	}
	q := sanitize.Line(s.filter.Value())
	return components.Spread(st.Accent.Render("/ ")+st.Text.Render(q), st.Muted.Render(s.keys.List.Back.Help().Key+" clears"), w)
}

// appendRows adds the visible banks, two lines each, as settle drew them. A row whose
// relative time turned a minute since is drawn here again, without being kept.
func (s *Sidebar) appendRows(lines []string, w int) []string {
	now := s.c.Now()
	end := min(s.offset+s.visibleRows(), len(s.order))
	for pos := s.offset; pos < end; pos++ {
		e := &s.entries[s.order[pos]]
		drawn := e.drawn
		if k := s.rowKey(pos, w, now); e.drawnFor != k || drawn[0] == "" {
			drawn = s.renderRow(e, k, now)
		}
		lines = append(lines, drawn[0], drawn[1])
	}
	return lines
}

// settle prepares what View reads after anything changed (a key, an answer, a size,
// a theme, focus): the scroll offset in range, the filter's width, and the rows in
// view, each redrawn only when something it shows changed.
func (s *Sidebar) settle() {
	rows := s.visibleRows()
	s.offset = min(max(s.offset, 0), max(len(s.order)-rows, 0))
	if iw := max(s.width-3, 1); iw != s.filter.Width() {
		s.filter.SetWidth(iw)
		s.filter.SetCursor(s.filter.Position())
	}
	if s.width <= 0 || s.height <= 0 {
		return // nothing is drawn
	}
	now := s.c.Now()
	for pos := s.offset; pos < min(s.offset+rows, len(s.order)); pos++ {
		e := &s.entries[s.order[pos]]
		if k := s.rowKey(pos, s.width, now); e.drawnFor != k || e.drawn[0] == "" {
			e.drawn, e.drawnFor = s.renderRow(e, k, now), k
		}
	}
}

// rowKey is what the row at position pos of the order is drawn from, at width w.
func (s *Sidebar) rowKey(pos, w int, now time.Time) rowKey {
	return rowKey{width: w, selected: pos == s.cursor, active: pos == s.cursor && s.focused,
		failing: s.health.failing(s.entries[s.order[pos]].bank.BankID), minute: now.Unix() / 60, top: s.topFacts, styles: s.c.Styles}
}

// factsUnitWidth is the narrowest row that says "facts" after its count; below it the
// header line says it once.
const factsUnitWidth = 24

// labelledWhen is the narrowest row that says "wrote" before the time of the last
// write; a narrower one keeps the room for the id, and the title line's
// "newest write first" says which time it is.
const labelledWhen = 32

// sizeBarWidth is the size bar's length, drawn on rows at least sizeBarRow wide: its
// eighths tell 32 sizes apart.
const sizeBarWidth, sizeBarRow = 4, 24

// renderRow draws one bank: its label and fact count, then its id, a bar of its size
// beside the largest bank listed, and its last write.
func (s *Sidebar) renderRow(e *entry, k rowKey, now time.Time) [2]string {
	st := s.c.Styles
	w := k.width
	plain := lipgloss.NewStyle()
	ls, ds, fs, g, gs := st.Text, st.Muted, plain, " ", plain
	if k.selected {
		g, gs, ls = "▌", st.Muted, st.Bold
		if k.active {
			gs, ls, ds, fs = st.Accent, st.Selected, st.Muted.Inherit(st.Selected), st.Selected
		}
	}
	count := countLabel(e.bank.FactCount)
	if w >= factsUnitWidth { // room to say what the number counts
		count += " " + common.Noun(e.bank.FactCount, "fact", "facts")
	}
	if k.failing { // a mark readable without colour; the overview names the checks
		count = "✗ " + count
	}
	when := common.RelTime(e.bank.LastWriteAt.Time, now)
	if w-1 >= labelledWhen { // room to say which date it is
		when = "wrote " + when
		if e.bank.LastWriteAt.IsZero() {
			when = "never written"
		}
	}
	right, rs := ds.Render(when), ds
	if w-1 >= sizeBarRow {
		bs, track := st.Accent, st.Subtle
		if k.active {
			bs, track = st.Selected, st.Selected
		}
		right = components.SizeBar(e.bank.FactCount, k.top, sizeBarWidth, bs, track) + fs.Render(" ") + right
		rs = plain // right holds its own styles
	}
	return [2]string{
		gs.Render(g) + spreadStyled(e.label, ls, count, ds, fs, w-1),
		gs.Render(g) + spreadStyled(e.sub, ds, right, rs, fs, w-1),
	}
}

// spreadStyled is components.Spread for one row whose parts share a background: the
// gap is drawn with fill so a selected row is highlighted end to end.
func spreadStyled(left string, ls lipgloss.Style, right string, rs, fill lipgloss.Style, width int) string {
	if width <= 0 {
		return ""
	}
	rw := ansi.StringWidth(right)
	if rw >= width {
		return rs.Render(components.Fit(right, width))
	}
	l := components.Truncate(left, width-rw-1)
	gap := width - ansi.StringWidth(l) - rw
	return ls.Render(l) + fill.Render(strings.Repeat(" ", gap)) + rs.Render(right)
}

// message renders a titled explanation wrapped to w: a state of the pane instead of
// rows (loading failed, nothing to show). The texts are plain; the styles colour them.
func message(w int, ts lipgloss.Style, title string, bs lipgloss.Style, body, hint string) []string {
	var lines []string
	for _, part := range []struct {
		style lipgloss.Style
		text  string
	}{{ts, title}, {bs, body}, {bs, hint}} {
		if part.text == "" {
			continue
		}
		for _, l := range components.Wrap(part.text, w, 0) {
			lines = append(lines, components.Fit(part.style.Render(l), w))
		}
	}
	return lines
}
