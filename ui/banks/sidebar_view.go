package banks

import (
	"strings"
	"time"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"hindsight-tui/sanitize"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
)

// View implements common.Pane: exactly width x height cells, drawing only the rows in
// view, so its cost does not depend on how many banks are loaded.
func (s *Sidebar) View() string {
	w, h := s.width, s.height
	if w <= 0 || h <= 0 {
		return ""
	}
	s.restyle() // the root may have switched themes since the last Update
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

// headerLine shows the sort order and the position in the list (or a spinner).
func (s *Sidebar) headerLine(w int) string {
	st := s.c.Styles
	right := ""
	switch {
	case s.loading:
		right = s.spin.View()
	case len(s.order) > 0:
		right = st.Muted.Render(itoa(s.cursor+1) + "/" + itoa(len(s.order)))
	}
	left := st.Muted.Render("by ") + st.Accent.Render(s.sort.String())
	return components.Spread(left, right, w)
}

// filterLine is the filter input while typing, else the filter in force.
func (s *Sidebar) filterLine(w int) string {
	st := s.c.Styles
	if s.editing {
		if iw := max(w-3, 1); iw != s.filter.Width() {
			s.filter.SetWidth(iw)
			s.filter.SetCursor(s.filter.Position())
		}
		return components.Fit(s.filter.View(), w)
	}
	q := sanitize.Line(s.filter.Value())
	return components.Spread(st.Accent.Render("/ ")+st.Text.Render(q), st.Muted.Render(s.keys.List.Back.Help().Key+" clears"), w)
}

// appendRows draws the visible banks, two lines each, reusing a row's rendering while
// nothing it shows has changed.
func (s *Sidebar) appendRows(lines []string, w int) []string {
	now := s.c.Now()
	end := min(s.offset+s.visibleRows(), len(s.order))
	for pos := s.offset; pos < end; pos++ {
		e := &s.entries[s.order[pos]]
		k := rowKey{width: w, selected: pos == s.cursor, active: pos == s.cursor && s.focused,
			minute: now.Unix() / 60, styles: s.c.Styles}
		if e.drawnFor != k || e.drawn[0] == "" {
			e.drawn, e.drawnFor = s.renderRow(e, k, now), k
		}
		lines = append(lines, e.drawn[0], e.drawn[1])
	}
	return lines
}

// renderRow draws one bank: its label and fact count, then its id and last write.
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
	if w >= 24 { // room to say what the number counts
		count += " facts"
		if e.bank.FactCount == 1 {
			count = "1 fact"
		}
	}
	when := common.RelTime(e.bank.LastWriteAt.Time, now)
	return [2]string{
		gs.Render(g) + spreadStyled(e.label, ls, count, ds, fs, w-1),
		gs.Render(g) + spreadStyled(e.sub, ds, when, ds, fs, w-1),
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
