package recall

import (
	"strconv"
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"hindsight-tui/client"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
)

// listLines draws the visible results, two lines each, exactly w x h, from the rows
// settle drew (a row it did not draw, say as the minute turned, is drawn here and not
// kept).
func (m *Model) listLines(w, h int) []string {
	out := make([]string, 0, h)
	rs := m.res
	rows := max(h/rowHeight, 1)
	end := min(m.offset+rows, len(rs.rows))
	for i := m.offset; i < end; i++ {
		r := &rs.rows[i]
		k := m.rowKey(i, w)
		drawn := r.drawn
		if r.drawnFor != k || drawn[0] == "" {
			drawn = m.renderRow(r, i, k)
		}
		out = append(out, drawn[0], drawn[1])
	}
	blank := strings.Repeat(" ", w)
	for len(out) < h {
		out = append(out, blank)
	}
	return out[:h]
}

// rowKey is what result i's drawing at width w depends on.
func (m *Model) rowKey(i, w int) rowKey {
	return rowKey{width: w, selected: i == m.cursor, active: i == m.cursor && m.focused && m.zone == zoneResults,
		scores: m.showScores, minute: m.c.Now().Unix() / 60, styles: m.c.Styles}
}

// keepRows draws the rows in view at width w into their cache.
func (m *Model) keepRows(w int) {
	if w <= 0 {
		return
	}
	rs := m.res
	end := min(m.offset+m.visibleRows(), len(rs.rows))
	for i := m.offset; i < end; i++ {
		r := &rs.rows[i]
		if k := m.rowKey(i, w); r.drawnFor != k || r.drawn[0] == "" {
			r.drawn, r.drawnFor = m.renderRow(r, i, k), k
		}
	}
}

// renderRow draws one result: rank, type badge, final score, tags (or "untagged"; or,
// with the score columns on, every score the server gave) and date, then the text on
// one line.
func (m *Model) renderRow(r *row, i int, k rowKey) [2]string {
	st := m.c.Styles
	w := k.width
	plain := lipgloss.NewStyle()
	text, muted, fill, g, gs := st.Text, st.Muted, plain, " ", plain
	badge := st.FactType(r.res.Type)
	if k.selected {
		g, gs, text = "▌", st.Muted, st.Bold
		if k.active {
			gs, text, fill = st.Accent, st.Selected, st.Selected
			muted, badge = st.Muted.Inherit(st.Selected), badge.Inherit(st.Selected)
		}
	}
	rank := strconv.Itoa(i + 1)
	rank = strings.Repeat(" ", max(m.res.rankW-len(rank), 0)) + rank
	sc := "  –  "
	if r.res.Scores != nil {
		sc = score(&r.res.Scores.Final)
	}
	tags := muted.Render("untagged")
	switch {
	case k.scores:
		tags = scoreColumns(r.res.Scores, text, muted)
	case r.tags != "":
		tags = text.Render(r.tags)
	}
	left := text.Render(rank+" ") + badge.Render(components.TypeBadge(r.res.Type)) + fill.Render(" ") +
		text.Render(sc) + fill.Render("  ") + tags
	date := ""
	switch {
	case k.scores: // the columns take the date's room; the detail has the dates
	case !r.res.MentionedAt.IsZero():
		date = common.RelTime(r.res.MentionedAt.Time, m.c.Now())
	case !r.res.OccurredStart.IsZero():
		date = common.RelTime(r.res.OccurredStart.Time, m.c.Now())
	}
	indent := strings.Repeat(" ", m.res.rankW+1)
	return [2]string{
		gs.Render(g) + spreadStyled(left, muted.Render(date), fill, w-1),
		gs.Render(g) + fill.Render(indent) + text.Render(components.Fit(r.text, max(w-1-len(indent), 0))),
	}
}

// scoreColumns are the arms' scores of a result, labelled (rr reranker, sem semantic,
// kw keyword), "–" where an arm did not surface it (the reranker's is absent when
// reranking is off).
func scoreColumns(s *client.Scores, text, muted lipgloss.Style) string {
	col := func(label string, v *float64) string {
		out := muted.Render(label + " ")
		if v == nil {
			return out + muted.Render("  –  ")
		}
		return out + text.Render(score(v))
	}
	if s == nil {
		return muted.Render("no scores")
	}
	return col("rr", s.Reranker) + " " + col("sem", s.Semantic) + " " + col("kw", s.Keyword)
}

// spreadStyled puts styled left and right parts on one line of width cells, the gap
// drawn with fill so a selected row is highlighted end to end; left gives way first.
func spreadStyled(left, right string, fill lipgloss.Style, width int) string {
	if width <= 0 {
		return ""
	}
	rw := ansi.StringWidth(right)
	if rw >= width {
		return components.Fit(right, width)
	}
	l := components.Truncate(left, width-rw-1)
	gap := width - ansi.StringWidth(l) - rw
	return l + fill.Render(strings.Repeat(" ", gap)) + right
}

// detailView is the selected result's details as settle drew and scrolled them,
// exactly w x h.
func (m *Model) detailView(w, h int) []string {
	d := &m.detail
	all := d.lines
	if d.id != m.selectedID() || d.width != w || d.styles != m.c.Styles {
		all = nil // not drawn for this selection yet: settle draws it after the next change
	}
	out := make([]string, 0, h)
	out = append(out, all[min(d.scroll, len(all)):min(d.scroll+h, len(all))]...)
	if len(all) > h && h > 1 {
		// The last line says there is more, and how to see it.
		pos := m.keys.Recall.DetailDn.Help().Key + "/" + m.keys.Recall.DetailUp.Help().Key +
			" scroll · " + strconv.Itoa(d.scroll+1) + "–" + strconv.Itoa(min(d.scroll+h-1, len(all))) + "/" + strconv.Itoa(len(all))
		if len(out) >= h {
			out = out[:h-1]
		}
		out = append(out, components.Fit(m.c.Styles.Subtle.Render(components.Truncate(pos, w)), w))
	}
	blank := strings.Repeat(" ", w)
	for len(out) < h {
		out = append(out, blank)
	}
	return out
}

// scrollDetail scrolls the detail panel by n lines (settle clamps the end).
func (m *Model) scrollDetail(n int) {
	m.detail.scroll = max(m.detail.scroll+n, 0)
}

// traceLines is the trace viewer, exactly w x h (settle sized it).
func (m *Model) traceLines(w, h int) []string {
	out := strings.Split(m.trace.View(), "\n")
	blank := strings.Repeat(" ", w)
	for i := range out {
		out[i] = components.Fit(out[i], w)
	}
	for len(out) < h {
		out = append(out, blank)
	}
	return out[:h]
}

// syncTrace hands the results' trace to the viewer once per answer.
func (m *Model) syncTrace() {
	if m.res == nil || m.traceShown == m.res {
		return
	}
	m.traceShown = m.res
	m.trace.SetTrace(m.res.resp.Trace)
}

// hasTrace reports whether the results carry a trace.
func (m *Model) hasTrace() bool { return m.res != nil && len(m.res.resp.Trace) > 0 }
