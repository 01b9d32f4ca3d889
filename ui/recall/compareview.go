package recall

import (
	"strconv"
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
)

// compareTypeWidth is the narrowest pane whose comparison rows show the type badge.
const compareTypeWidth = 80

// compareHead is the comparison's lines over its rows: what B changes, how the lists
// differ, and what happened since B ran.
func (m *Model) compareHead(w int) []string {
	st, s, k := m.c.Styles, &m.cmp, m.keys
	names := s.sideNames()
	what := names[1] + ": the same request again"
	if len(s.changes) > 0 {
		what = names[1] + ": " + strings.Join(s.changes, " · ")
	}
	if s.replay != nil {
		what = s.replayLine()
	}
	if s.b == nil {
		what = names[1] + ": not run yet"
	}
	keys := k.Recall.Compare.Help().Key + " edit B · " + k.Global.Refresh.Help().Key + " run B again · " +
		k.Recall.SaveAB.Help().Key + " write"
	if w < compareTypeWidth {
		keys = ""
	}
	out := []string{components.Spread(st.Accent.Render(names[0]+"/"+names[1])+st.Subtle.Render(" · ")+st.Text.Render(what), st.Muted.Render(keys), w)}
	switch {
	case s.err != nil:
		out = append(out, components.Fit(st.Error.Render(components.Truncate("✗ "+names[1]+" failed: "+m.c.Describe(s.err), w)), w))
	case s.b != nil:
		d := s.diff
		parts := []string{strconv.Itoa(len(d.Entered)) + " new", strconv.Itoa(len(d.Left)) + " gone",
			strconv.Itoa(len(d.Moved)) + " moved", strconv.Itoa(d.Same) + " same"}
		out = append(out, components.Fit(st.Muted.Render(components.Truncate(
			strings.Join(parts, " · "), w)), w))
	}
	if n := len(s.changed); n > 0 {
		out = append(out, components.Fit(st.Warning.Render(components.Truncate(
			common.Plural(n, "memory", "memories")+" written since B ran · "+k.Global.Refresh.Help().Key+" runs B again", w)), w))
	}
	return out
}

// compareEditLine is the line over the filter bar while it edits B.
func (m *Model) compareEditLine(w int) string {
	st := m.c.Styles
	text := "editing B's filters · enter or esc runs B"
	if w >= compareTypeWidth {
		text = "editing B's filters (A: the results below) · enter or esc runs B"
	}
	return components.Fit(st.Accent.Render("B")+st.Subtle.Render(" · ")+st.Text.Render(components.Truncate(text, max(w-4, 0))), w)
}

// keepCompare scrolls the selected row into a body h lines high (a column line, the
// rows, a totals line) and draws the rows in view; View only copies them.
func (m *Model) keepCompare(w, h int) {
	s := &m.cmp
	s.lines = nil
	s.cursor = min(max(s.cursor, 0), max(len(s.rows)-1, 0))
	view := max(h-2, 1)
	switch {
	case s.cursor < s.offset:
		s.offset = s.cursor
	case s.cursor >= s.offset+view:
		s.offset = s.cursor - view + 1
	}
	s.offset = min(max(s.offset, 0), max(len(s.rows)-view, 0))
	if s.b == nil || w <= 0 {
		return
	}
	rw := s.rankWidth()
	for i := s.offset; i < min(s.offset+view, len(s.rows)); i++ {
		r := &s.rows[i]
		k := cmpRowKey{width: w, rankW: rw, selected: i == s.cursor, active: i == s.cursor && m.focused && m.zone == zoneResults,
			styles: m.c.Styles}
		if r.drawnFor != k || r.drawn == "" {
			r.drawn, r.drawnFor = m.compareRow(r, k), k
		}
		s.lines = append(s.lines, r.drawn)
	}
}

// comparePage is how many rows a page key moves.
func (m *Model) comparePage() int { return max(m.bodyH-2, 1) }

// rankCell is a rank right-aligned in w cells, "–" for absent.
func rankCell(r, w int) string {
	s := "–"
	if r > 0 {
		s = strconv.Itoa(r)
	}
	return strings.Repeat(" ", max(w-len([]rune(s)), 0)) + s
}

// scoreCell is a row's final score in five cells, "–" when it has none.
func scoreCell(r *row) string {
	if r == nil || r.res.Scores == nil {
		return "  –  "
	}
	return score(&r.res.Scores.Final)
}

// rankWidth is the width of a rank column: the largest rank's digits, or the sides'
// names where they are wider (then, now).
func (s *compareState) rankWidth() int {
	names := s.sideNames()
	rw := len(strconv.Itoa(max(len(s.a.rows), len(s.b.rows))))
	return max(rw, len(names[0]), len(names[1]))
}

// compareColumns is the column line over the rows.
func (m *Model) compareColumns(rw, w int) string {
	names := m.cmp.sideNames()
	final := "final " + names[0] + "→" + names[1]
	if len([]rune(final)) > 11 {
		final = names[0] + "→" + names[1]
	}
	cols := " " + rankName(names[0], rw) + " " + rankName(names[1], rw) + "  move  " + components.Fit(final, 11) + "  "
	if w >= compareTypeWidth {
		cols += "type  "
	}
	return components.Fit(m.c.Styles.Subtle.Render(cols+"memory"), w)
}

// compareRow draws one memory of A∪B: the ranks, the move, the scores, the type (on
// a wide pane) and the text.
func (m *Model) compareRow(r *cmpRow, k cmpRowKey) string {
	st, rw, w := m.c.Styles, k.rankW, k.width
	plain := lipgloss.NewStyle()
	text, fill, g, gs := st.Text, plain, " ", plain
	res := r.result()
	badge := st.FactType(res.Type)
	mvs := moveStyle(st.Muted, st.Success, st.Warning, st.Error, r.mv.Change())
	if k.selected {
		g, gs, text = "▌", st.Muted, st.Bold
		if k.active {
			gs, text, fill = st.Accent, st.Selected, st.Selected
			badge, mvs = badge.Inherit(st.Selected), mvs.Inherit(st.Selected)
		}
	}
	line := text.Render(rankCell(r.mv.From, rw)+" "+rankCell(r.mv.To, rw)+"  ") +
		mvs.Render(components.Fit(r.mv.Change(), 4)) + fill.Render("  ") +
		text.Render(scoreCell(r.a)+"→"+scoreCell(r.b)) + fill.Render("  ")
	if w >= compareTypeWidth {
		line += badge.Render(components.TypeBadge(res.Type)) + fill.Render(" ")
	}
	line += text.Render(r.line())
	return gs.Render(g) + fill.Render(components.Fit(line, max(w-1, 0)))
}

// moveStyle colours a move: new and up in the success colour, down as a warning, gone
// as an error, the same rank muted. The glyphs say it without colour.
func moveStyle(same, up, down, gone lipgloss.Style, change string) lipgloss.Style {
	switch {
	case change == "new" || strings.HasPrefix(change, "↑"):
		return up
	case change == "gone":
		return gone
	case strings.HasPrefix(change, "↓"):
		return down
	}
	return same
}

// compareTotals is the line under the rows: each list's result count and tokens.
func (m *Model) compareTotals(w int) string {
	st, s := m.c.Styles, &m.cmp
	names := s.sideNames()
	short := w < compareTypeWidth
	side := func(name string, rs *resultSet) string {
		if short {
			return name + " " + strconv.Itoa(len(rs.rows)) + " · " + common.Thousands(rs.tokens) + " tokens"
		}
		return name + " " + common.Plural(len(rs.rows), "result", "results") + " · " +
			common.Thousands(rs.tokens) + " / " + common.Thousands(rs.maxTokens) + " tokens"
	}
	d := s.b.tokens - s.a.tokens
	delta := "±0"
	switch {
	case d > 0:
		delta = "+" + common.Thousands(d)
	case d < 0:
		delta = "−" + common.Thousands(-d)
	}
	line := "total  " + side(names[0], s.a) + "   " + side(names[1], s.b) + " (" + delta + ")"
	if !short && ansi.StringWidth(line) > w { // longer names (then, now): the short form
		short = true
		line = "total  " + side(names[0], s.a) + "   " + side(names[1], s.b) + " (" + delta + ")"
	}
	return components.Fit(st.Muted.Render(components.Truncate(line, w)), w)
}

// compareBody is the comparison, exactly w x h: the column line, the rows settle drew,
// the totals; or what B is doing instead.
func (m *Model) compareBody(w, h int) []string {
	st, s := m.c.Styles, &m.cmp
	var out []string
	switch {
	case s.b == nil && s.running:
		out = message(w, st.Muted, "Running B…", "")
	case s.b == nil && s.err != nil:
		out = message(w, st.Error, "B failed", m.c.Describe(s.err)+" · "+m.keys.Global.Refresh.Help().Key+" runs B again")
	case s.b == nil:
		out = message(w, st.Text, "B has not run.", m.keys.Global.Refresh.Help().Key+" runs it, "+
			m.keys.Recall.Compare.Help().Key+" edits its filters, esc goes back to the results.")
	case len(s.rows) == 0:
		out = message(w, st.Text, "Neither A nor B recalled anything.", "")
	default:
		out = append(out, m.compareColumns(s.rankWidth(), w))
		out = append(out, s.lines...)
	}
	blank := strings.Repeat(" ", w)
	for len(out) < h-1 {
		out = append(out, blank)
	}
	if s.b != nil && h > 1 {
		out = append(out[:h-1], m.compareTotals(w))
	}
	for len(out) < h {
		out = append(out, blank)
	}
	return out[:h]
}

// rankName is a side's name right-aligned over its rank column.
func rankName(name string, w int) string {
	return strings.Repeat(" ", max(w-len(name), 0)) + name
}
