package health

import (
	"strconv"
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	hc "hindsight-tui/health"
	"hindsight-tui/sanitize"
	"hindsight-tui/styles"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
)

// reveal is what settle scrolls into view after a move.
type reveal int

const (
	revealNone reveal = iota
	revealRow         // the selected check's row, and as much of its evidence as fits
	revealItem        // the chosen pair or model of its evidence
)

// headLines are the title line and the column titles above the checks.
const headLines = 2

// nameWidth is the check column: the longest identifier, consolidation_llm_errors.
const nameWidth = 24

// wideRow is the narrowest pane whose rows hold the summary beside the name; a
// narrower one puts it on a line of its own.
const wideRow = 80

// bodyHeight is how many lines of checks fit under the head.
func (m *Model) bodyHeight() int { return max(m.height-headLines, 1) }

// glyph is a status as a mark and a word, readable without colour.
func glyph(s hc.Status) string {
	switch s {
	case hc.OK:
		return "✓ ok  "
	case hc.Warn:
		return "! warn"
	case hc.Fail:
		return "✗ fail"
	}
	return "- skip"
}

// statusStyle colours a status.
func (m *Model) statusStyle(s hc.Status) lipgloss.Style {
	st := m.c.Styles
	switch s {
	case hc.OK:
		return st.Success
	case hc.Warn:
		return st.Warning
	case hc.Fail:
		return st.Error
	}
	return st.Muted
}

// settle draws the checks and their open evidence into lines and scrolls what the
// last move asked for into view; View only reads the result.
func (m *Model) settle() {
	m.syncKeys()
	w := m.width
	m.lines, m.rowLine, m.itemLine = m.lines[:0], m.rowLine[:0], -1
	if w <= 0 || m.height <= 0 {
		return
	}
	checks := m.checks()
	blockEnd := 0
	for i := range checks {
		c := &checks[i]
		m.rowLine = append(m.rowLine, len(m.lines))
		row, whole := m.rowLines(c, w, i == m.cursor)
		m.lines = append(m.lines, row...)
		if m.expanded[c.ID] {
			ev, item := m.evidence(c, w, whole)
			if item >= 0 && i == m.cursor {
				m.itemLine = len(m.lines) + item
			}
			m.lines = append(m.lines, ev...)
		}
		if i == m.cursor {
			blockEnd = len(m.lines)
		}
	}
	h := m.bodyHeight()
	if len(checks) > 0 {
		top := m.rowLine[m.cursor]
		switch m.reveal {
		case revealRow:
			if blockEnd > m.offset+h {
				m.offset = blockEnd - h
			}
			if top < m.offset || top >= m.offset+h {
				m.offset = top
			}
		case revealItem:
			if m.itemLine >= 0 && (m.itemLine < m.offset || m.itemLine+2 > m.offset+h) {
				m.offset = max(m.itemLine, top)
			}
		}
	}
	m.reveal = revealNone
	m.offset = max(min(m.offset, len(m.lines)-h), 0)
}

// evidenceKey is everything a check's drawn evidence depends on.
type evidenceKey struct {
	report *hc.BankReport
	width  int
	whole  bool
	item   string
	styles *styles.Styles
}

// evidenceDrawn is a check's evidence as drawn, and what for.
type evidenceDrawn struct {
	key   evidenceKey
	lines []string
	item  int
}

// evidence is evidenceLines, drawn again only when the run, the width, the chosen
// item or the theme changed: moving the cursor redraws only the rows.
func (m *Model) evidence(c *hc.Check, w int, whole bool) ([]string, int) {
	k := evidenceKey{report: m.report, width: w, whole: whole, item: m.item[c.ID], styles: m.c.Styles}
	if d, ok := m.drawn[c.ID]; ok && d.key == k {
		return d.lines, d.item
	}
	lines, item := m.evidenceLines(c, w, whole)
	m.drawn[c.ID] = evidenceDrawn{key: k, lines: lines, item: item}
	return lines, item
}

// rowLines draws one check: its status, its identifier and its summary, beside them
// when the pane is wide, under them when not; whole says the summary was not cut.
func (m *Model) rowLines(c *hc.Check, w int, selected bool) (lines []string, whole bool) {
	st := m.c.Styles
	text, muted, fill, g, gs := st.Text, st.Muted, lipgloss.NewStyle(), "  ", lipgloss.NewStyle()
	if selected {
		g, gs, text = "▌ ", st.Muted, st.Bold
		if m.focused {
			gs, text, fill, muted = st.Accent, st.Selected, st.Selected, st.Muted.Inherit(st.Selected)
		}
	}
	ss := m.statusStyle(c.Status)
	if selected && m.focused {
		ss = ss.Inherit(st.Selected)
	}
	fold := "▸ "
	if m.expanded[c.ID] {
		fold = "▾ "
	}
	if kind, _ := fixOf(c); kind != "" && !m.c.ReadOnly {
		fold = fold[:len(fold)-1] + "f"
	}
	row := func(cells string) string {
		return gs.Render(g) + cells + fill.Render(strings.Repeat(" ", max(w-2-ansi.StringWidth(cells), 0)))
	}
	summary := m.summaryOf(c)
	head := ss.Render(glyph(c.Status)) + text.Render(" ") + muted.Render(fold) + text.Render(" ")
	if w >= wideRow {
		room := w - 2 - ansi.StringWidth(head) - nameWidth - 1
		cells := head + text.Render(components.Fit(c.ID, nameWidth)) + text.Render(" ") +
			muted.Render(components.Truncate(summary, room))
		return []string{row(cells)}, ansi.StringWidth(summary) <= room
	}
	first := head + text.Render(components.Truncate(c.ID, w-2-ansi.StringWidth(head)))
	second := muted.Render(components.Truncate(summary, w-4))
	return []string{row(first), row("  " + second)}, ansi.StringWidth(summary) <= w-4
}

// View implements common.Pane: exactly width x height cells.
func (m *Model) View() string {
	w, h := m.width, m.height
	if w <= 0 || h <= 0 {
		return ""
	}
	st := m.c.Styles
	if m.bank == "" {
		return components.Page([]string{st.Muted.Render("Select a bank to check its health.")}, w, h)
	}
	lines := []string{m.titleLine(w)}
	titles := "  " + "status" + "   "
	if w >= wideRow {
		titles += components.Fit("check", nameWidth) + " finding"
		if !m.c.ReadOnly {
			titles += " (f: a one-key fix)"
		}
	} else {
		titles += "check, then the finding"
	}
	lines = append(lines, st.Label.Render(components.Fit(titles, w)))
	switch {
	case m.report == nil && m.loading:
		lines = append(lines, st.Muted.Render("  Checking "+sanitize.Line(m.bank)+"…"))
	case m.report == nil:
		lines = append(lines, st.Muted.Render("  "+m.keys.Global.Refresh.Help().Key+" runs the checks"))
	default:
		end := min(m.offset+m.bodyHeight(), len(m.lines))
		lines = append(lines, m.lines[m.offset:end]...)
	}
	return components.Page(lines, w, h)
}

// titleLine says whose checks these are and how they came out, or that they run.
func (m *Model) titleLine(w int) string {
	st := m.c.Styles
	left := st.Accent.Render("Health of ") + st.Bold.Render(sanitize.Line(m.bank))
	var right string
	switch {
	case m.loading:
		right = m.spin.View() + st.Muted.Render(" checking…")
	case len(m.follow) > 0:
		right = m.spin.View() + st.Muted.Render(" "+common.Plural(len(m.follow), "fix", "fixes")+" running…")
	case m.report != nil:
		right = m.counts()
	}
	return components.Spread(left, right, w)
}

// counts are the last run's outcomes: "2 fail · 1 warn · 6 ok · 1 skip".
func (m *Model) counts() string {
	st := m.c.Styles
	n := map[hc.Status]int{}
	for _, c := range m.checks() {
		n[c.Status]++
	}
	var parts []string
	for _, s := range []hc.Status{hc.Fail, hc.Warn, hc.OK, hc.Skip} {
		if n[s] > 0 {
			parts = append(parts, m.statusStyle(s).Render(strconv.Itoa(n[s])+" "+string(s)))
		}
	}
	return strings.Join(parts, st.Muted.Render(" · "))
}

// summaryOf is a check's finding as this pane says it: the probe that did not run
// names the key that runs it here, where the doctor's flag would not work.
func (m *Model) summaryOf(c *hc.Check) string {
	if c.ID == hc.LLMProbe && c.Status == hc.Skip && strings.Contains(c.Summary, "--probe-llm") {
		return "not run: " + m.own.Probe.Help().Key + " runs the checks with it (LLM calls)"
	}
	return sanitize.Line(c.Summary)
}
