package recall

import (
	"strconv"
	"strings"
	"time"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"hindsight-tui/client"
	"hindsight-tui/sanitize"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
)

// sideBySide is the narrowest pane that shows the detail panel beside the list;
// narrower panes show one or the other (d switches).
const sideBySide = 80

// View implements common.Pane: exactly width x height cells. It only copies what
// settle prepared (the bar, the status, the rows and the detail in view), so its cost
// depends on what is visible, not on how many results are loaded.
func (m *Model) View() string {
	w, h := m.width, m.height
	if w <= 0 || h <= 0 {
		return ""
	}
	lines := make([]string, 0, h+8)
	lines = append(lines, m.searchLine(w))
	lines = append(lines, m.head...)
	lines = append(lines, m.bodyLines(w, m.bodyH)...)
	for len(lines) < h {
		lines = append(lines, strings.Repeat(" ", w))
	}
	return strings.Join(lines[:h], "\n")
}

// settle recomputes what View reads after anything changed (a key, an answer, a
// size, a theme): the search box's prompt and width, the filter bar, the lines above
// the results and the height left under them, the scroll positions, the rows and the
// detail in view, and the trace viewer's size.
func (m *Model) settle() {
	w, h := m.width, m.height
	m.search.Prompt = "› "
	if m.zone != zoneSearch || !m.focused {
		m.search.Prompt = "/ "
	}
	if iw := max(w-ansi.StringWidth(m.searchRight())-4, 4); iw != m.search.Width() {
		m.search.SetWidth(iw)
		m.search.SetCursor(m.search.Position())
	}
	m.bar.SetWidth(w)
	m.head = nil
	switch {
	case m.cmp.editing:
		m.bar.SetErrors(m.cmp.invalid, nil)
		if w > 0 && h > 0 {
			m.head = append([]string{m.compareEditLine(w)}, m.barLines(w, h-4)...)
			m.head = append(m.head, m.statusLines(w)...)
		}
	case m.cmp.show:
		if w > 0 && h > 0 {
			m.head = m.compareHead(w)
		}
	default:
		m.bar.SetErrors(m.invalid, m.serverErrs)
		if w > 0 && h > 0 {
			m.head = append(m.barLines(w, h-3), m.statusLines(w)...)
		}
	}
	m.bodyH = max(h-1-len(m.head), 0)
	if m.cmp.show {
		m.keepCompare(w, m.bodyH)
		return
	}
	m.ensureVisible()
	m.trace.SetSize(w, m.bodyH)
	m.pinBox.SetWidth(max(w-20, 4))
	if m.showExplain && w > 0 {
		m.keepExplain(w, m.bodyH)
	}
	if m.res == nil || m.showTrace || m.showExplain || m.bodyH <= 0 {
		return
	}
	m.keepRows(m.listWidth())
	if dw := m.detailWidth(); dw > 0 {
		m.keepDetail(dw, m.bodyH)
	}
}

// searchRight is what the search line shows right of the box: the spinner while a
// search runs.
func (m *Model) searchRight() string {
	switch {
	case m.cmp.running:
		return m.spin.View() + m.c.Styles.Muted.Render(" running B…")
	case !m.searching:
		return ""
	}
	return m.spin.View() + m.c.Styles.Muted.Render(" searching…")
}

// searchLine is the search box, with the spinner while a search runs.
func (m *Model) searchLine(w int) string {
	return components.Spread(m.search.View(), m.searchRight(), w)
}

// statusLines are the token meter with the result count and latency, and a note when
// the results probably stopped at max_tokens or at the budget's cap.
func (m *Model) statusLines(w int) []string {
	st := m.c.Styles
	rs := m.res
	if rs == nil {
		hint := "enter searches · " + m.keys.Recall.Filters.Help().Key + " filters · ↑ earlier queries"
		if m.zone != zoneSearch {
			hint = m.keys.Recall.Search.Help().Key + " query · " + m.keys.Recall.Filters.Help().Key + " filters"
		}
		return []string{components.Fit(st.Subtle.Render(components.Truncate(hint, w)), w)}
	}
	summary := common.Plural(len(rs.rows), "result", "results") + " · " + latency(rs.took)
	if rs.visited >= 0 && w >= 80 { // the trace's count of memory nodes searched
		summary = common.Plural(len(rs.rows), "result", "results") + " · " + common.Thousands(rs.visited) +
			" nodes visited · " + latency(rs.took)
	}
	right := st.Muted.Render(summary)
	switch {
	case len(m.invalid) > 0 && m.invalid["query"] == "":
		right = st.Warning.Render("not searched: fix the filter · ") + right
	}
	cut := rs.likelyCut()
	barW := 10
	if w < 60 {
		barW = 5
	}
	meter := st.Muted.Render("tokens ") + m.meter(rs.tokens, rs.maxTokens, barW, cut) + " " +
		st.Text.Render(common.Thousands(rs.tokens)) + st.Muted.Render(" / "+common.Thousands(rs.maxTokens))
	lines := []string{components.Spread(meter, right, w)}
	if m.showTrace {
		sum := sanitize.Line(m.trace.Summary())
		lines = append(lines, components.Fit(st.Muted.Render(components.Truncate("trace · "+sum, w)), w))
	}
	if s := m.curPins(); s != nil && len(s.pins) > 0 && !m.showExplain {
		lines = append(lines, components.Fit(st.Info.Render(components.Truncate(
			m.pinSummary()+" · "+m.keys.Recall.Explain.Help().Key+" explains", w)), w))
	}
	if n := len(rs.changed); n > 0 {
		lines = append(lines, components.Fit(st.Warning.Render(components.Truncate(
			common.Plural(n, "result", "results")+" written since this search (shown as recalled) · "+
				m.keys.Global.Refresh.Help().Key+" searches again", w)), w))
	}
	capN, capped := rs.budgetCap()
	switch {
	case capped:
		lines = append(lines, components.Fit(st.Warning.Render(components.Truncate(
			"results stop at the budget's cap of "+common.Thousands(capN)+": a higher budget returns more", w)), w))
	case cut && len(rs.rows) > 0:
		lines = append(lines, components.Fit(st.Warning.Render(components.Truncate(
			"results stop at max_tokens: the cut is greedy, the next result did not fit", w)), w))
	}
	return lines
}

// meter draws used/limit as a bar of width cells.
func (m *Model) meter(used, limit, width int, hot bool) string {
	st := m.c.Styles
	filled := width
	if limit > 0 {
		filled = min(width, (used*width+limit-1)/limit)
	}
	on := st.MeterOn
	if hot {
		on = st.MeterHot
	}
	return on.Render(strings.Repeat("━", filled)) + st.MeterOff.Render(strings.Repeat("─", width-filled))
}

func latency(d time.Duration) string {
	if d < time.Second {
		return strconv.FormatInt(d.Milliseconds(), 10) + " ms"
	}
	return strconv.FormatFloat(d.Seconds(), 'f', 2, 64) + " s"
}

// bodyLines is the list and detail, the trace, or what to do instead.
func (m *Model) bodyLines(w, h int) []string {
	if h <= 0 {
		return nil
	}
	st := m.c.Styles
	switch {
	case m.bank == "":
		return message(w, st.Text, "Select a bank to recall from.", "")
	case m.cmp.show:
		return m.compareBody(w, h)
	case m.showExplain:
		return m.explainBody(w, h)
	case m.err != nil:
		return m.errorLines(w)
	case m.res == nil:
		return message(w, st.Text, "Recall from "+sanitize.Line(m.bank)+" the way your agent does.",
			"Type a query: enter searches now, typing searches after a pause. Filters (f) reproduce "+
				"the agent's call: types, tags and their match mode, budget, max_tokens. t shows the trace, "+
				"c copies the request as code, p previews the prompt block.")
	case len(m.res.rows) == 0:
		return message(w, st.Text, "No memories matched.", m.emptyHint())
	case m.showTrace:
		return m.traceLines(w, h)
	}
	lw, dw := m.listWidth(), m.detailWidth()
	switch {
	case lw > 0 && dw > 0:
		list, det := m.listLines(lw, h), m.detailView(dw, h)
		sep := st.Subtle.Render("│")
		out := make([]string, h)
		for i := range out {
			out[i] = list[i] + sep + det[i]
		}
		return out
	case dw > 0:
		return m.detailView(w, h)
	}
	return m.listLines(w, h)
}

// listWidth is the width of the result list: all of a narrow pane, 55% of a wide one
// that shows the detail beside it; 0 while a narrow pane shows the detail instead.
func (m *Model) listWidth() int {
	wide := m.width >= sideBySide
	switch {
	case wide && !m.detailToggled:
		return m.width * 55 / 100
	case !wide && m.detailToggled:
		return 0
	}
	return m.width
}

// detailWidth is the width of the detail panel, 0 while it is hidden.
func (m *Model) detailWidth() int {
	wide := m.width >= sideBySide
	switch {
	case wide && !m.detailToggled:
		return m.width - m.width*55/100 - 1
	case !wide && m.detailToggled:
		return m.width
	}
	return 0
}

// emptyHint says why nothing may have matched, from the filters in force.
func (m *Model) emptyHint() string {
	f := &m.cur.filters
	var hints []string
	switch {
	case f.match == client.TagsExact && len(f.tags) == 0:
		hints = append(hints, "tags_match exact with no tags selects only untagged memories.")
	case len(f.tags) > 0 && (f.match == client.TagsAnyStrict || f.match == client.TagsAllStrict || f.match == client.TagsExact):
		hints = append(hints, "tags_match "+f.match+" leaves out untagged memories; any or all keep them.")
	}
	if f.minScores != [4]string{} {
		hints = append(hints, "A score floor (min) may have removed them.")
	}
	switch s := strings.TrimSpace(f.maxTokens); {
	case s == "0":
		hints = append(hints, "max_tokens 0 returns no results.")
	case m.res != nil && m.res.maxTokens < defaultMaxTokens:
		hints = append(hints, "max_tokens "+common.Thousands(m.res.maxTokens)+" may be smaller than the best result: "+
			"the cut is greedy and stops at the first result that does not fit.")
	}
	hints = append(hints, "Tags are case-sensitive. R resets the filters to the server's defaults.")
	return strings.Join(hints, " ")
}

// errorLines explains a failed search; a 422 names the filter that caused it.
func (m *Model) errorLines(w int) []string {
	st := m.c.Styles
	body := m.c.Describe(m.err)
	if p := m.bar.Problems(m.serverErrs); p != "" {
		body = "The server rejected a filter: " + p + ". It is marked in the filter bar (f)."
	}
	lines := message(w, st.Error, "Recall failed", body)
	return append(lines, message(w, st.Muted, "", m.keys.Global.Refresh.Help().Key+" searches again")...)
}

// message renders a title and a wrapped explanation.
func message(w int, ts lipgloss.Style, title, body string) []string {
	var out []string
	if title != "" {
		for _, l := range components.Wrap(title, w, 0) {
			out = append(out, components.Fit(ts.Render(l), w))
		}
	}
	if body != "" {
		for _, l := range components.Wrap(body, w, 0) {
			out = append(out, components.Fit(l, w))
		}
	}
	return out
}
