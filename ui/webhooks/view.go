package webhooks

import (
	"fmt"
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

// listTop is the line of the first row: the title line and the column titles are above.
const listTop = 2

// deliveriesTop is the title, the webhook's line and the column titles; deliveriesFoot
// the selected delivery's last error under the rows.
const (
	deliveriesTop  = 3
	deliveriesFoot = 3
)

// rowsHeight is how many webhooks fit under the list's top lines.
func (m *Model) rowsHeight() int { return max(m.height-listTop, 1) }

// deliveryRows is how many deliveries fit between the top lines and the error foot
// (the foot goes where the pane is short).
func (m *Model) deliveryRows() int {
	if m.height >= 14 {
		return max(m.height-deliveriesTop-deliveriesFoot, 1)
	}
	return max(m.height-deliveriesTop, 1)
}

// View implements common.Pane: exactly width x height cells.
func (m *Model) View() string {
	w, h := m.width, m.height
	if w <= 0 || h <= 0 {
		return ""
	}
	var lines []string
	switch {
	case m.bank == "":
		lines = []string{m.c.Styles.Muted.Render("Select a bank to see its webhooks.")}
	case m.dv != nil:
		lines = m.deliveryLines(w, h)
	default:
		lines = m.listLines(w, h)
	}
	return components.Page(lines, w, h)
}

// listCols are the list's column widths at a pane width: the events column only where
// there is room.
type listCols struct{ url, events, last int }

func listColumnsFor(w int) listCols {
	rest := max(w-2-2, 10) // selection glyph, enabled mark
	c := listCols{last: min(22, max(rest/3, 18))}
	if w >= 80 {
		c.events = 22
	}
	gaps := 1 // before the last delivery, and before the events when shown
	if c.events > 0 {
		gaps = 2
	}
	c.url = max(rest-c.events-c.last-gaps, 6)
	return c
}

// listLines are the title line, the column titles and the rows in view.
func (m *Model) listLines(w, h int) []string {
	st := m.c.Styles
	count := ""
	switch {
	case m.loading:
		count = m.spin.View() + " loading…"
	case m.loaded:
		count = common.Plural(len(m.rows), "webhook", "webhooks") + " · oldest first"
	}
	on := 0
	for _, x := range m.rows {
		if x.Enabled {
			on++
		}
	}
	top := st.Subtle.Render("enter deliveries · r reload")
	if m.loaded {
		top = st.Text.Render(common.Thousands(on)+" enabled") + st.Subtle.Render(" · enter deliveries")
	}
	c := listColumnsFor(w)
	titles := "    " + components.Fit("url", c.url)
	if c.events > 0 {
		titles += " " + components.Fit("events", c.events)
	}
	titles += " " + components.Fit("last delivery", c.last)
	lines := []string{
		components.Spread(top, st.Muted.Render(count), w),
		st.Label.Render(components.Fit(titles, w)),
	}
	switch {
	case m.err != nil:
		for _, l := range components.Wrap("✗ "+m.c.Describe(m.err), w, 3) {
			lines = append(lines, st.Error.Render(l))
		}
		return lines
	case m.loaded && len(m.rows) == 0:
		hint := "  No webhooks: nothing is told of this bank's events."
		if !m.c.ReadOnly {
			hint += " n adds one."
		}
		return append(lines, st.Muted.Render(hint))
	}
	for i := m.offset; i < len(m.rows) && len(lines) < h; i++ {
		lines = append(lines, m.renderRow(&m.rows[i], w, i == m.cursor))
	}
	return lines
}

// rowStyles are a row's text, muted and fill styles and its selection glyph.
func (m *Model) rowStyles(selected bool) (text, muted, fill lipgloss.Style, glyph string) {
	st := m.c.Styles
	text, muted, fill, g, gs := st.Text, st.Muted, lipgloss.NewStyle(), "  ", lipgloss.NewStyle()
	if selected {
		g, gs, text = "▌ ", st.Muted, st.Bold
		if m.focused {
			gs, text, fill, muted = st.Accent, st.Selected, st.Selected, st.Muted.Inherit(st.Selected)
		}
	}
	return text, muted, fill, gs.Render(g)
}

// renderRow draws one webhook: enabled mark, URL, events, last delivery.
func (m *Model) renderRow(x *client.Webhook, w int, selected bool) string {
	text, muted, fill, glyph := m.rowStyles(selected)
	mark := muted.Render("○ ")
	if x.Enabled {
		mark = text.Render("● ")
	} else if !selected {
		text = m.c.Styles.Muted
	}
	c := listColumnsFor(w)
	cells := mark + text.Render(components.Fit(sanitize.Line(x.URL), c.url))
	if c.events > 0 {
		cells += muted.Render(" " + components.Fit(sanitize.Line(shortEvents(x.EventTypes)), c.events))
	}
	cells += " " + m.lastCell(x.ID, c.last, muted, selected)
	return glyph + cells + fill.Render(strings.Repeat(" ", max(w-2-ansi.StringWidth(cells), 0)))
}

// lastCell is the webhook's newest delivery: its status and when, "…" while asked.
func (m *Model) lastCell(id string, width int, muted lipgloss.Style, selected bool) string {
	if m.lastErr[id] != nil {
		return m.c.Styles.Error.Render(components.Fit("✗ unreadable", width))
	}
	d, asked := m.last[id]
	switch {
	case !asked:
		return muted.Render(components.Fit("…", width))
	case d == nil:
		return muted.Render(components.Fit("none yet", width))
	}
	style, when := m.statusStyle(d.Status), common.RelTime(d.CreatedAt.Time, m.c.Now())
	if selected && m.focused {
		style = style.Inherit(m.c.Styles.Selected)
	}
	text := statusMark(d.Status) + " " + d.Status + " " + when
	if d.Status == "pending" && d.Attempts > 1 && !d.NextRetryAt.IsZero() {
		// a failed attempt, the next one scheduled: when it comes says more than when
		// the event happened
		text = statusMark(d.Status) + " retry " + until(d.NextRetryAt.Time, m.c.Now())
	}
	return style.Render(components.Fit(text, width))
}

// shortEvents names event types without their common suffixes, for the list's
// narrow column ("retain, consolidation"); the deliveries view names them in full.
func shortEvents(types []string) string {
	out := make([]string, len(types))
	for i, t := range types {
		out[i] = strings.TrimSuffix(strings.TrimSuffix(t, ".completed"), ".triggered")
	}
	return strings.Join(out, ", ")
}

// eventName is an event type in full, or without its suffix where the column is
// too narrow for it.
func eventName(t string, width int) string {
	if ansi.StringWidth(t) <= width {
		return t
	}
	return shortEvents([]string{t})
}

// statusMark is a delivery status's glyph.
func statusMark(status string) string {
	switch status {
	case "completed":
		return "✓"
	case "failed":
		return "✗"
	case "cancelled":
		return "–"
	}
	return "↻" // pending or processing
}

func (m *Model) statusStyle(status string) lipgloss.Style {
	switch status {
	case "completed":
		return m.c.Styles.Text
	case "failed":
		return m.c.Styles.Error
	case "cancelled":
		return m.c.Styles.Muted
	}
	return m.c.Styles.Accent
}

// until is the time to t from now ("in 2h"), or when it was ("3m ago").
func until(t, now time.Time) string {
	if t.IsZero() {
		return ""
	}
	d := t.Sub(now)
	switch {
	case d < time.Minute:
		return common.RelTime(t, now)
	case d < time.Hour:
		return fmt.Sprintf("in %dm", int(d.Minutes()))
	case d < 48*time.Hour:
		return fmt.Sprintf("in %dh", int(d.Hours()))
	}
	return "in " + strconv.Itoa(int(d.Hours()/24)) + "d"
}

// deliveryCols are the deliveries' column widths: the next retry where there is room.
type deliveryCols struct{ when, event, status, attempts, retry, err int }

func deliveryColumnsFor(w int) deliveryCols {
	c := deliveryCols{when: 9, event: 23, status: 11, attempts: 4}
	if w < 70 {
		c.event = 14 // short names: see eventName
	}
	if w >= 84 {
		c.retry = 10
	}
	c.err = max(w-2-c.when-c.event-c.status-c.attempts-c.retry-5, 0)
	return c
}

// deliveryLines are the deliveries of the open webhook, the page's place, and the
// selected one's last error in full under them.
func (m *Model) deliveryLines(w, h int) []string {
	st, d := m.c.Styles, m.dv
	count := ""
	switch {
	case d.loading:
		count = m.spin.View() + " loading…"
	case d.loaded:
		count = "page " + strconv.Itoa(d.page+1) + " · " + common.Plural(len(d.items), "delivery", "deliveries")
		if d.next != "" {
			count += " · ] more"
		}
		if d.page > 0 {
			count += " · [ back"
		}
	}
	hook := d.hook
	state := "enabled"
	if !hook.Enabled {
		state = "disabled"
	}
	top := st.Subtle.Render("esc ← ") + st.Text.Render("Deliveries to "+sanitize.Line(hook.URL))
	info := state + " · " + sanitize.Line(shortEvents(hook.EventTypes)) + " · newest first"
	info = components.Truncate(info, max(w-ansi.StringWidth(count)-1, 4))
	c := deliveryColumnsFor(w)
	titles := "  " + components.Fit("when", c.when) + " " + components.Fit("event", c.event) + " " +
		components.Fit("status", c.status) + " " + components.Fit("try", c.attempts)
	if c.retry > 0 {
		titles += " " + components.Fit("next retry", c.retry)
	}
	titles += " last error"
	lines := []string{
		components.Fit(top, w),
		components.Spread(st.Muted.Render(info), st.Muted.Render(count), w),
		st.Label.Render(components.Fit(titles, w)),
	}
	switch {
	case d.err != nil:
		for _, l := range components.Wrap("✗ "+m.c.Describe(d.err), w, 3) {
			lines = append(lines, st.Error.Render(l))
		}
		return lines
	case d.loaded && len(d.items) == 0:
		return append(lines, st.Muted.Render("  No deliveries yet: none of its events has happened since it was added."))
	}
	rows := m.deliveryRows()
	for i := d.offset; i < len(d.items) && i < d.offset+rows; i++ {
		lines = append(lines, m.renderDelivery(&d.items[i], c, w, i == d.cursor))
	}
	if rows == m.height-deliveriesTop {
		return lines
	}
	for len(lines) < deliveriesTop+rows {
		lines = append(lines, "")
	}
	sel := d.selected()
	if sel == nil {
		return lines
	}
	foot := "last error: none"
	if sel.LastError != "" {
		foot = "last error: " + sanitize.Line(sel.LastError)
	}
	if sel.LastResponseStatus != nil {
		foot = "HTTP " + strconv.Itoa(*sel.LastResponseStatus) + " · " + foot
	}
	if !sel.LastAttemptAt.IsZero() {
		foot = "last attempt " + common.RelTime(sel.LastAttemptAt.Time, m.c.Now()) + " · " + foot
	}
	if sel.Status == "pending" && !sel.NextRetryAt.IsZero() {
		foot = "next retry " + until(sel.NextRetryAt.Time, m.c.Now()) + " · " + foot
	}
	lines = append(lines, st.Subtle.Render(strings.Repeat("─", w)))
	for _, l := range components.Wrap(foot, w, deliveriesFoot-1) {
		lines = append(lines, st.Muted.Render(l))
	}
	return lines
}

// renderDelivery draws one delivery: when, event, status, attempts, next retry, error.
func (m *Model) renderDelivery(x *client.WebhookDelivery, c deliveryCols, w int, selected bool) string {
	text, muted, fill, glyph := m.rowStyles(selected)
	now := m.c.Now()
	status := m.statusStyle(x.Status)
	if selected && m.focused {
		status = status.Inherit(m.c.Styles.Selected)
	}
	cells := muted.Render(components.Fit(common.RelTime(x.CreatedAt.Time, now), c.when)) + " " +
		text.Render(components.Fit(sanitize.Line(eventName(x.EventType, c.event)), c.event)) + " " +
		status.Render(components.Fit(statusMark(x.Status)+" "+x.Status, c.status)) + " " +
		text.Render(components.Fit(strconv.Itoa(x.Attempts)+"×", c.attempts))
	if c.retry > 0 {
		retry := ""
		if x.Status == "pending" || x.Status == "processing" {
			retry = until(x.NextRetryAt.Time, now)
		}
		cells += " " + muted.Render(components.Fit(retry, c.retry))
	}
	if c.err > 0 {
		cells += " " + muted.Render(components.Fit(sanitize.Line(firstLine(x.LastError)), c.err))
	}
	return glyph + cells + fill.Render(strings.Repeat(" ", max(w-2-ansi.StringWidth(cells), 0)))
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}
