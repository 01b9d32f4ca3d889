package operations

import (
	"strconv"
	"strings"
	"time"

	"charm.land/lipgloss/v2"

	"hindsight-tui/sanitize"
	"hindsight-tui/styles"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
)

// sideBySide is the narrowest pane that shows the detail panel beside the list;
// narrower panes show one or the other (d switches).
const sideBySide = 80

// minListWidth keeps the list's most useful columns beside the panel.
const minListWidth = 54

// View implements common.Pane: exactly width x height cells. It draws what settle
// laid out; its cost depends on what is visible, not on how many operations are
// loaded: rows come from their cache and only the rows in view are touched.
func (m *Model) View() string {
	w, h := m.width, m.height
	if w <= 0 || h <= 0 {
		return ""
	}
	lines := m.topLines(w)
	if len(lines) > h {
		lines = lines[:h]
	}
	lines = append(lines, m.bodyLines(w, h-len(lines))...)
	blank := strings.Repeat(" ", w)
	for len(lines) < h {
		lines = append(lines, blank)
	}
	return strings.Join(lines[:h], "\n")
}

// settle lays the pane out after any change (a key, an answer, a size, a theme, focus),
// so View only draws: the lines above the list, where the list starts and how many
// rows fit, the scroll that keeps the cursor in view, the rows in view, and the detail
// panel with its scroll.
func (m *Model) settle() {
	w, h := m.width, m.height
	if w <= 0 || h <= 0 {
		return
	}
	top := 0
	if m.bank != "" {
		if k := m.headKeyFor(w); m.head.lines == nil || m.head.key != k {
			m.head.key, m.head.lines = k, m.drawTop(w)
		}
		top = min(len(m.head.lines), h)
	}
	m.listTop = top + 1 // below the column titles
	body := h - top
	if body <= 0 || m.bank == "" || m.list == nil || len(m.list.rows) == 0 {
		return
	}
	lw, dw := m.split()
	if lw > 0 {
		m.rowsH = max(body-1, 1)
		m.ensureVisible()
		m.keepRows(lw)
	}
	if dw > 0 {
		m.keepDetail(dw, body)
	}
}

// split shares the width between the list and the detail panel: beside a wide list
// unless hidden, instead of a narrow one when asked for (0: not shown).
func (m *Model) split() (list, detail int) {
	w := m.width
	switch {
	case w >= sideBySide && !m.detailToggled:
		detail = min(max(w*2/5, 30), 64, w-minListWidth-1)
		return w - detail - 1, detail
	case w < sideBySide && m.detailToggled:
		return 0, w
	}
	return w, 0
}

// headCache keeps the lines above the list and the column titles: they change with
// an answer, a key or the theme, not with every frame.
type headCache struct {
	key   headKey
	lines []string

	cols   columns
	width  int
	styles *styles.Styles
	titles string
}

// headKey is everything the lines above the list depend on.
type headKey struct {
	width           int
	bank            string
	filter          filters
	list            *listing
	want            int
	interval        time.Duration
	paused, loading bool
	spin, err       string
	notice          notice
	styles          *styles.Styles
}

// headKeyFor is everything the lines above the list depend on at width w.
func (m *Model) headKeyFor(w int) headKey {
	k := headKey{width: w, bank: m.bank, filter: m.filter, list: m.list, want: m.want, interval: m.poll.interval,
		paused: m.poll.paused, loading: m.load.busy && m.load.visible, notice: m.notice, styles: m.c.Styles}
	if k.loading {
		k.spin = m.spin.View()
	}
	if m.err != nil {
		k.err = m.err.Error()
	}
	return k
}

// topLines are the filters and the count, the auto-refresh state with what is
// running, and a notice or a refresh failure when there is one: as settle drew them,
// or drawn now if something changed since.
func (m *Model) topLines(w int) []string {
	if m.bank == "" {
		return nil
	}
	if m.head.lines != nil && m.head.key == m.headKeyFor(w) {
		return m.head.lines
	}
	return m.drawTop(w)
}

// listOrder is the order the server lists operations in: created_at, newest first
// (the created column's title carries the ↓). The route takes no order parameter.
const listOrder = "newest created first"

// drawTop draws topLines.
func (m *Model) drawTop(w int) []string {
	st := m.c.Styles
	count := ""
	if l := m.list; l != nil {
		count = common.Plural(l.total, "operation", "operations")
		if len(l.rows) < l.total {
			count = common.Thousands(len(l.rows)) + " of " + common.Thousands(l.total) + " operations"
		}
	}
	summary := m.filter.summary(st)
	if l := m.list; l != nil && len(l.rows) > 0 {
		count = common.WithOrder(summary, count, listOrder, w)
	}
	lines := []string{components.Spread(summary, st.Muted.Render(count), w)}
	lines = append(lines, components.Spread(m.indicator(w), m.counts(), w))
	switch {
	case m.notice.text != "":
		style := st.Info
		if m.notice.isErr {
			style = st.Error
		}
		for _, l := range components.Wrap(m.notice.text, w, 2) {
			lines = append(lines, components.Fit(style.Render(l), w))
		}
	case m.err != nil && m.list != nil:
		for _, l := range components.Wrap("✗ refresh failed: "+m.c.Describe(m.err), w, 2) {
			lines = append(lines, components.Fit(st.Error.Render(l), w))
		}
	}
	return lines
}

// indicator says whether and how often the pane refreshes itself, or that it loads.
func (m *Model) indicator(w int) string {
	st := m.c.Styles
	pk := m.keys.Operations.Pause.Help().Key
	narrow := w < 70
	switch {
	case m.load.busy && m.load.visible:
		label := " loading…"
		if m.list != nil && m.want > len(m.list.rows) {
			label = " loading more…"
		}
		return m.spin.View() + st.Muted.Render(label)
	case m.poll.paused && narrow:
		return st.Warning.Render("‖ paused · " + pk + " resumes")
	case m.poll.paused:
		return st.Warning.Render("‖ auto-refresh paused · " + pk + " resumes")
	case m.poll.interval > 0:
		every := "every " + seconds(m.poll.interval)
		if narrow {
			return st.Info.Render("● " + every + " · " + pk + " pauses")
		}
		return st.Info.Render("● auto-refresh " + every + " · " + pk + " pauses")
	case m.list != nil && m.list.stalled > 0:
		rk := m.keys.Global.Refresh.Help().Key
		if narrow {
			return st.Warning.Render("○ stalled · " + rk + " refreshes")
		}
		return st.Warning.Render("○ no auto-refresh: no change in over 1h · " + rk + " refreshes")
	case m.list != nil:
		return st.Muted.Render("nothing running · " + m.keys.Global.Refresh.Help().Key + " refreshes")
	}
	return ""
}

// counts are the pending, processing and failed operations among those listed.
func (m *Model) counts() string {
	l := m.list
	if l == nil {
		return ""
	}
	st := m.c.Styles
	var parts []string
	if l.pending > 0 {
		parts = append(parts, st.OpPending.Render(strconv.Itoa(l.pending)+" pending"))
	}
	if n := l.active - l.pending; n > 0 {
		parts = append(parts, st.Info.Render(strconv.Itoa(n)+" processing"))
	}
	if l.failed > 0 {
		parts = append(parts, st.Error.Render(strconv.Itoa(l.failed)+" failed"))
	}
	if l.stalled > 0 {
		parts = append(parts, st.Warning.Render(strconv.Itoa(l.stalled)+" stalled"))
	}
	return strings.Join(parts, st.Muted.Render(" · "))
}

func seconds(d time.Duration) string { return strconv.Itoa(int(d/time.Second)) + "s" }

// bodyLines is the list and the detail panel, or what to do instead.
func (m *Model) bodyLines(w, h int) []string {
	if h <= 0 {
		return nil
	}
	st := m.c.Styles
	switch {
	case m.bank == "":
		return message(w, st.Text, "Select a bank to see its operations.", "")
	case m.list == nil && m.err != nil:
		return message(w, st.Error, "Could not list the operations",
			m.c.Describe(m.err)+" "+m.keys.Global.Refresh.Help().Key+" tries again.")
	case m.list == nil:
		return message(w, st.Muted, "Loading operations…", "")
	case len(m.list.rows) == 0:
		return message(w, st.Text, "No operations.", m.emptyHint())
	}
	switch lw, dw := m.split(); {
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

// emptyHint says why nothing is listed.
func (m *Model) emptyHint() string {
	k := m.keys.Operations
	if !m.filter.isZero() {
		return "Nothing matches the filters. " + k.Status.Help().Key + ", " + k.Type.Help().Key + " and " +
			k.Parents.Help().Key + " change them."
	}
	return "This bank has no background operations. Async retains, consolidations and mental-model " +
		"refreshes are listed here while they run and after."
}

// listLines draws the column titles and the visible rows, exactly w x h, from what
// settle drew (a row whose drawing is out of date is drawn again, not kept).
func (m *Model) listLines(w, h int) []string {
	st := m.c.Styles
	cols := layoutColumns(w)
	out := make([]string, 0, h)
	if hc := &m.head; hc.titles != "" && hc.cols == cols && hc.width == w && hc.styles == st {
		out = append(out, hc.titles)
	} else {
		out = append(out, headerLine(st, cols, w))
	}
	l := m.list
	end := min(m.offset+max(h-1, 1), len(l.rows))
	for i := m.offset; i < end; i++ {
		r := &l.rows[i]
		if k := m.rowKeyFor(i, cols); r.drawnFor == k && r.drawn != "" {
			out = append(out, r.drawn)
		} else {
			out = append(out, components.Fit(m.renderRow(r, k), w))
		}
	}
	blank := strings.Repeat(" ", w)
	for len(out) < h {
		out = append(out, blank)
	}
	return out[:h]
}

// keepRows draws the column titles and the rows in view at width w where what they
// show changed.
func (m *Model) keepRows(w int) {
	st := m.c.Styles
	cols := layoutColumns(w)
	if hc := &m.head; hc.titles == "" || hc.cols != cols || hc.width != w || hc.styles != st {
		hc.cols, hc.width, hc.styles, hc.titles = cols, w, st, headerLine(st, cols, w)
	}
	l := m.list
	end := min(m.offset+m.rowsH, len(l.rows))
	for i := m.offset; i < end; i++ {
		r := &l.rows[i]
		if k := m.rowKeyFor(i, cols); r.drawnFor != k || r.drawn == "" {
			r.drawn, r.drawnFor = components.Fit(m.renderRow(r, k), w), k
		}
	}
}

// rowKeyFor is what row i's drawing depends on besides the row itself.
func (m *Model) rowKeyFor(i int, cols columns) rowKey {
	k := rowKey{cols: cols, selected: i == m.cursor, active: i == m.cursor && m.focused,
		minute: m.c.Now().Unix() / 60, styles: m.c.Styles}
	if m.list.rows[i].op.Status == "processing" {
		k.frame = m.frame
	}
	return k
}

// message renders a title and a wrapped explanation.
func message(w int, ts lipgloss.Style, title, body string) []string {
	var out []string
	for _, l := range components.Wrap(title, w, 0) {
		out = append(out, components.Fit(ts.Render(l), w))
	}
	if body != "" {
		for _, l := range components.Wrap(sanitize.Line(body), w, 0) {
			out = append(out, components.Fit(l, w))
		}
	}
	return out
}
