package reflect

import (
	"strconv"
	"strings"
	"time"

	"github.com/charmbracelet/x/ansi"

	"hindsight-tui/ui/components"
)

// View implements common.Pane: exactly width x height cells. It copies what Update
// prepared; the only things drawn here are those that change while nothing else
// does: the spinner and the time a question has waited.
func (m *Model) View() string {
	w, h := m.width, m.height
	if w <= 0 || h <= 0 {
		return ""
	}
	lay := &m.lay
	if m.comparing() {
		return m.compareView(w, h)
	}
	lines := make([]string, 0, h+2)
	lines = append(lines, lay.bar...)
	for i, l := range lay.lines {
		if i == lay.dyn && lay.dynTurn != nil {
			l = lay.dynMark + m.waitingLine(lay.dynTurn, w-gutter)
		}
		lines = append(lines, l)
	}
	rule := lay.rule
	if m.cur.waiting() != nil {
		rule = m.ruleLine(w)
	}
	lines = append(lines, rule)
	lines = append(lines, lay.composer...)
	for len(lines) < h {
		lines = append(lines, blank(w))
	}
	return strings.Join(lines[:h], "\n")
}

// waitingLine is the spinner, how long the question has waited, and how to stop it.
func (m *Model) waitingLine(t *turn, w int) string {
	st := m.c.Styles
	text := st.Muted.Render(" thinking… "+waited(m.c.Now().Sub(t.started))+" · ") +
		st.Subtle.Render(m.keys.Reflect.Cancel.Help().Key+" cancels")
	return components.Fit(m.spin.View()+text, w)
}

// ruleLine separates the transcript from the composer. It says where the selection
// is in the transcript and, while the bank's question is out, how long it has waited
// (the waiting turn itself may be scrolled out of view).
func (m *Model) ruleLine(w int) string {
	st := m.c.Styles
	pos := ""
	if n := len(m.cur.turns); n > 0 {
		pos = " turn " + strconv.Itoa(m.cur.sel.turn+1) + " of " + strconv.Itoa(n) + " "
	}
	left := ""
	if t := m.cur.waiting(); t != nil {
		left = m.spin.View() + st.Muted.Render(" asking… "+waited(m.c.Now().Sub(t.started))+" · "+
			m.keys.Reflect.Cancel.Help().Key+" cancels ")
	}
	fill := w - ansi.StringWidth(left) - len(pos) - 2
	if fill < 0 {
		return components.Fit(left+st.Muted.Render(pos), w)
	}
	return left + st.Subtle.Render(strings.Repeat("─", fill)) + st.Muted.Render(pos) + st.Subtle.Render("──")
}

// waited is a waiting time in whole seconds, then minutes and seconds.
func waited(d time.Duration) string {
	s := int(d / time.Second)
	if s < 60 {
		return strconv.Itoa(s) + "s"
	}
	return strconv.Itoa(s/60) + "m" + strconv.Itoa(s%60) + "s"
}
