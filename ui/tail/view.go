package tail

import (
	"fmt"
	"strings"
	"time"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"hindsight-tui/sanitize"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
)

// headLines are the title line and the kind filter line above the rows.
const headLines = 2

// wideRow is the narrowest pane whose rows have a kind and a status column.
const wideRow = 80

// rows is how many events fit under the head.
func (m *Model) rows() int { return max(m.height-headLines, 1) }

// settle scrolls the cursor into view and lays out the open detail; View only reads.
func (m *Model) settle() {
	h := m.rows()
	if m.cursor < m.offset {
		m.offset = m.cursor
	}
	if m.cursor >= m.offset+h {
		m.offset = m.cursor - h + 1
	}
	m.offset = max(min(m.offset, len(m.visible)-h), 0)
	m.layDetail()
	m.lines = m.draw()
}

// layDetail wraps the open event's JSON to the pane's width (again when it changed).
func (m *Model) layDetail() {
	if m.detail == nil {
		m.dlines = nil
		return
	}
	if m.dlines == nil || len(m.dlines) > 0 && ansi.StringWidth(m.dlines[0]) != m.width {
		m.dlines = m.dlines[:0]
		for _, l := range strings.Split(m.detail.Detail, "\n") {
			for _, w := range components.Wrap(l, max(m.width, 1), 0) {
				m.dlines = append(m.dlines, components.Fit(w, m.width))
			}
		}
	}
	m.dscroll = max(min(m.dscroll, len(m.dlines)-(m.height-1)), 0)
}

// View implements common.Pane: exactly width x height cells, as settle drew them.
func (m *Model) View() string {
	if m.width <= 0 || m.height <= 0 {
		return ""
	}
	return components.Page(m.lines, m.width, m.height)
}

// draw lays out the page: only the rows in view, whatever the ring holds.
func (m *Model) draw() []string {
	w, h := m.width, m.height
	if w <= 0 || h <= 0 {
		return nil
	}
	st := m.c.Styles
	if !m.all && m.bank == "" {
		return []string{st.Muted.Render("Select a bank to follow, or press " +
			m.keys.Tail.AllBanks.Help().Key + " for every bank.")}
	}
	if m.detail != nil {
		return m.detailView(w, h)
	}
	lines := []string{m.titleLine(w), m.kindLine(w)}
	switch {
	case len(m.visible) == 0 && !m.polled:
		lines = append(lines, st.Muted.Render("  Waiting for the first poll…"))
	case len(m.visible) == 0 && m.ring.Len() > 0:
		lines = append(lines, st.Muted.Render("  Every event is of a kind the filter hides."))
	case len(m.visible) == 0:
		lines = append(lines, st.Muted.Render("  Nothing has happened here yet; new events show as they come."))
	default:
		end := min(m.offset+m.rows(), len(m.visible))
		for i := m.offset; i < end; i++ {
			lines = append(lines, m.row(m.ring.At(int(m.visible[i])), i == m.cursor, w))
		}
	}
	return lines
}

// titleLine says what the tail follows and how: following (and how often), paused,
// polling, or the last poll's error.
func (m *Model) titleLine(w int) string {
	st := m.c.Styles
	scope := st.Bold.Render(sanitize.Line(m.bank))
	if m.all {
		scope = st.Bold.Render("all banks")
		if m.banks > maxBanks {
			scope += st.Muted.Render(fmt.Sprintf(" (%d of %d)", maxBanks, m.banks))
		}
	}
	left := st.Accent.Render("Live tail of ") + scope
	every := " · polls every " + m.delay.String()
	if w < wideRow { // the scope needs the room more
		every = " · " + m.delay.String()
	}
	var right string
	switch {
	case m.paused:
		right = st.Warning.Render("⏸ paused")
	case m.loading && !m.polled:
		right = m.spin.View() + st.Muted.Render(" polling…")
	case m.loading: // the spinner beside what it follows, so the line does not flicker
		right = m.spin.View() + st.Success.Render(" following") + st.Muted.Render(every)
	case m.errText != "":
		right = st.Error.Render("poll failed: " + components.Truncate(m.errText, max(w/2, 10)))
	case !m.focused:
		right = st.Muted.Render("stopped while not shown")
	default:
		right = st.Success.Render("● following") + st.Muted.Render(every)
	}
	return components.Spread(left, right, w)
}

// kindLine shows which kinds show (and their keys), and how many events are held.
func (m *Model) kindLine(w int) string {
	st := m.c.Styles
	tk := m.keys.Tail
	chip := func(k Kind, b string, name string) string {
		if m.hidden[k] {
			return st.Muted.Render("○ " + b + " " + name)
		}
		return st.Text.Render("● ") + st.Label.Render(b) + st.Text.Render(" "+name)
	}
	left := chip(KindOperation, tk.Operations.Help().Key, "operations") + "  " +
		chip(KindAudit, tk.Audit.Help().Key, "audit") + "  " +
		chip(KindLLMError, tk.LLMErrors.Help().Key, "LLM errors")
	right := st.Muted.Render(common.Plural(m.ring.Len(), "event", "events"))
	if len(m.visible) != m.ring.Len() {
		right = st.Muted.Render(common.Thousands(len(m.visible)) + " of " + common.Plural(m.ring.Len(), "event", "events"))
	}
	return components.Spread(left, right, w)
}

// stamp is when an event happened: the time of day today; before, the date and
// the minute where the pane is wide, the date alone where not.
func (m *Model) stamp(t time.Time, wide bool) string {
	now := m.c.Now()
	t = t.In(now.Location())
	if y, mo, d := now.Date(); t.Year() == y && t.Month() == mo && t.Day() == d {
		return t.Format("15:04:05")
	}
	if wide {
		return t.Format("Jan 02 15:04")
	}
	return t.Format("Jan 02")
}

// kindTag is a kind in the rows: a word where the pane is wide, a letter where not.
func kindTag(k Kind, wide bool) string {
	if wide {
		return fmt.Sprintf("%-9s", k.String())
	}
	return [...]string{"O", "A", "L"}[k]
}

// row draws one event.
func (m *Model) row(e *Event, selected bool, w int) string {
	st := m.c.Styles
	text, muted, fill, g, gs := st.Text, st.Muted, lipgloss.NewStyle(), "  ", lipgloss.NewStyle()
	if selected {
		g, gs, text = "▌ ", st.Muted, st.Bold
		if m.focused {
			gs, text, fill, muted = st.Accent, st.Selected, st.Selected, st.Muted.Inherit(st.Selected)
		}
	}
	status := st.Success
	switch {
	case e.Bad:
		status = st.Error
	case e.Status == "pending" || e.Status == "processing" || e.Status == "running":
		status = st.Warning
	}
	if selected && m.focused {
		status = status.Inherit(st.Selected)
	}
	wide := w >= wideRow
	stampW := 13
	if !wide {
		stampW = 9
	}
	cells := muted.Render(components.Fit(m.stamp(e.At, wide), stampW)) + text.Render(kindTag(e.Kind, wide)+" ")
	if m.all {
		cells += muted.Render(components.Fit(e.Bank, min(18, w/6))) + text.Render(" ")
	}
	whatW := 22
	if m.all {
		whatW = 18
	}
	if !wide {
		whatW = 14
	}
	cells += text.Render(components.Fit(e.What, whatW)) + text.Render(" ")
	statusW := 10
	if !wide {
		statusW = 0
		if e.Bad {
			cells += status.Render("✗ ")
		}
	} else {
		cells += status.Render(components.Fit(e.Status, statusW)) + text.Render(" ")
	}
	room := w - 2 - ansi.StringWidth(cells)
	cells += muted.Render(components.Truncate(e.Text, room))
	return gs.Render(g) + cells + fill.Render(strings.Repeat(" ", max(w-2-ansi.StringWidth(cells), 0)))
}

// detailView is the open event's title over its JSON from the scroll position.
func (m *Model) detailView(w, h int) []string {
	st := m.c.Styles
	e := m.detail
	title := st.Accent.Render(e.Kind.String()+" ") + st.Bold.Render(components.Truncate(e.What+" · "+sanitize.Line(e.ID), w/2)) +
		st.Muted.Render(" · "+sanitize.Line(e.Bank))
	right := ""
	if n := len(m.dlines); n > h-1 {
		right = fmt.Sprintf("%d–%d of %d", m.dscroll+1, min(m.dscroll+h-1, n), n)
	}
	if m.paused {
		right = strings.TrimSpace("⏸ paused  " + right)
	}
	lines := []string{components.Spread(title, st.Muted.Render(right), w)}
	end := min(m.dscroll+h-1, len(m.dlines))
	if m.dscroll < end {
		lines = append(lines, m.dlines[m.dscroll:end]...)
	}
	return lines
}
