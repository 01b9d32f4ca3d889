package recall

import (
	"strconv"
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
)

// listLines draws the visible results, two lines each, exactly w x h.
func (m *Model) listLines(w, h int) []string {
	out := make([]string, 0, h)
	rs := m.res
	rows := max(h/rowHeight, 1)
	// The list height is only known here; keep the cursor in view for it.
	if m.cursor < m.offset {
		m.offset = m.cursor
	} else if m.cursor >= m.offset+rows {
		m.offset = m.cursor - rows + 1
	}
	now := m.c.Now()
	end := min(m.offset+rows, len(rs.rows))
	for i := m.offset; i < end; i++ {
		r := &rs.rows[i]
		k := rowKey{width: w, selected: i == m.cursor, active: i == m.cursor && m.focused && m.zone == zoneResults,
			minute: now.Unix() / 60, styles: m.c.Styles}
		if r.drawnFor != k || r.drawn[0] == "" {
			r.drawn, r.drawnFor = m.renderRow(r, i, k), k
		}
		out = append(out, r.drawn[0], r.drawn[1])
	}
	blank := strings.Repeat(" ", w)
	for len(out) < h {
		out = append(out, blank)
	}
	return out[:h]
}

// renderRow draws one result: rank, type badge, final score, tags (or "untagged") and
// date, then the text on one line.
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
	if r.tags != "" {
		tags = text.Render(r.tags)
	}
	left := text.Render(rank+" ") + badge.Render(components.TypeBadge(r.res.Type)) + fill.Render(" ") +
		text.Render(sc) + fill.Render("  ") + tags
	date := ""
	if t := r.res.MentionedAt; !t.IsZero() {
		date = common.RelTime(t.Time, m.c.Now())
	} else if t := r.res.OccurredStart; !t.IsZero() {
		date = common.RelTime(t.Time, m.c.Now())
	}
	indent := strings.Repeat(" ", m.res.rankW+1)
	return [2]string{
		gs.Render(g) + spreadStyled(left, muted.Render(date), fill, w-1),
		gs.Render(g) + fill.Render(indent) + text.Render(components.Fit(r.text, max(w-1-len(indent), 0))),
	}
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

// detailView is the selected result's details, scrolled, exactly w x h.
func (m *Model) detailView(w, h int) []string {
	all := m.detailLines(w)
	d := &m.detail
	d.scroll = min(d.scroll, max(len(all)-h, 0))
	out := make([]string, 0, h)
	out = append(out, all[d.scroll:min(d.scroll+h, len(all))]...)
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

// scrollDetail scrolls the detail panel by n lines.
func (m *Model) scrollDetail(n int) {
	m.detail.scroll = max(m.detail.scroll+n, 0) // View clamps the end
}

// traceLines is the trace viewer, exactly w x h.
func (m *Model) traceLines(w, h int) []string {
	if m.traceW != w || m.traceH != h {
		m.trace.SetSize(w, h)
		m.traceW, m.traceH = w, h
	}
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
