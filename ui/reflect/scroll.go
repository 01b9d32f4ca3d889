package reflect

import (
	"hindsight-tui/sanitize"
	"hindsight-tui/ui/components"
)

// layout is what View draws, prepared after every Update and SetSize: the parameter
// bar, the transcript lines in view (selection marks included), the rule and the
// composer. View adds only what changes while nothing happens: the spinner and the
// time a question has waited.
type layout struct {
	bar       []string
	lines     []string // the transcript, exactly th lines
	dyn       int      // the waiting line among lines; -1 when none is in view
	dynTurn   *turn
	dynMark   string // the selection mark drawn before the waiting line
	th        int
	composerH int
	composer  []string  // the composer's lines
	rule      string    // the line above the composer, while no question is out
	cmp       cmpLayout // the comparison, while it is shown in place of the rest
	cmpBody   int       // the height of the comparison result's body
}

// The transcript is never laid out whole: a turn's lines exist only once it has been
// in view at this width, because its answer must be rendered first. Scrolling is
// therefore kept as a position (a turn and a line of it) rather than a line number,
// and every walk below builds only the turns it passes.

// prepare lays the pane out for View.
func (m *Model) prepare() {
	w, h := m.width, m.height
	m.lay = layout{dyn: -1}
	if w <= 0 || h <= 0 {
		return
	}
	if m.comparing() {
		m.prepareCompare(w, h)
		return
	}
	own := m.invalid()
	m.bar.SetWidth(w)
	m.bar.SetErrors(own, m.cur.serverErrs)
	m.lay.bar = m.barLines(w, max(h/2, 1), own)
	m.lay.composerH = m.composerRows(w, h)
	m.lay.th = max(h-len(m.lay.bar)-m.lay.composerH-1, 0)
	b := m.cur
	if b.reveal {
		b.reveal = false
		m.ensureVisible(m.lay.th)
	}
	m.lay.lines = m.transcriptLines(w, m.lay.th)
	m.lay.rule = m.ruleLine(w)
	m.lay.composer = m.composerLines(w, m.lay.composerH)
}

// contentWidth is the width turns are drawn at, inside the selection gutter.
func (m *Model) contentWidth() int { return max(m.width-gutter, 8) }

// blockHeight is the number of lines of turn i at the current width.
func (m *Model) blockHeight(i int) int {
	return len(m.blockFor(m.cur.turns[i], i, m.contentWidth()).lines)
}

// transcriptLines draws th lines of the transcript from the scroll position.
func (m *Model) transcriptLines(w, th int) []string {
	b := m.cur
	if th <= 0 {
		return nil
	}
	if len(b.turns) == 0 {
		return m.emptyLines(w, th)
	}
	if b.follow {
		b.top = m.bottomTop(th)
	}
	b.top = m.clampTop(b.top, th)
	out := make([]string, 0, th)
	st := m.c.Styles
	active := m.focused && m.zone == zoneTranscript
	for i, line := b.top.turn, b.top.line; i < len(b.turns) && len(out) < th; i, line = i+1, 0 {
		blk := m.blockFor(b.turns[i], i, m.contentWidth())
		mark := "  "
		if i == b.sel.turn {
			mark = st.Subtle.Render("▌ ")
			if active {
				mark = st.Accent.Render("▌ ")
			}
		}
		for ; line < len(blk.lines) && len(out) < th; line++ {
			if line == blk.dyn {
				m.lay.dyn, m.lay.dynTurn, m.lay.dynMark = len(out), b.turns[i], mark
			}
			out = append(out, mark+blk.lines[line])
		}
	}
	for len(out) < th {
		out = append(out, blank(w))
	}
	return out
}

// emptyLines explains the pane before the first question.
func (m *Model) emptyLines(w, th int) []string {
	st := m.c.Styles
	var out []string
	add := func(style func(...string) string, text string) {
		for _, l := range components.Wrap(text, w, 0) {
			out = append(out, components.Fit(style(l), w))
		}
	}
	if m.bank == "" {
		add(st.Text.Render, "Select a bank to ask.")
	} else {
		add(st.Bold.Render, "Ask "+sanitize.Line(m.bank)+" a question, the way your agent's reflect tool does.")
		out = append(out, blank(w))
		add(st.Muted.Render, "The answer comes with the memories, mental models and directives it was based on. "+
			"Reflect is not streamed and can take many seconds: esc cancels. p sets the parameters "+
			"(budget, max_tokens, tags, fact types, a response schema), t turns on the tool-call trace.")
	}
	for len(out) < th {
		out = append(out, blank(w))
	}
	return out[:th]
}

// bottomTop is the position that shows the end of the transcript at the bottom of th
// lines, or the start when everything fits.
func (m *Model) bottomTop(th int) position {
	need := th
	for i := len(m.cur.turns) - 1; i >= 0; i-- {
		h := m.blockHeight(i)
		if h >= need {
			return position{turn: i, line: h - need}
		}
		need -= h
	}
	return position{}
}

// clampTop keeps p inside the transcript and, when it would leave blank lines at the
// bottom, moves it up to show the end instead.
func (m *Model) clampTop(p position, th int) position {
	n := len(m.cur.turns)
	if p.turn >= n {
		return m.bottomTop(th)
	}
	p.turn, p.line = max(p.turn, 0), max(p.line, 0)
	if h := m.blockHeight(p.turn); p.line >= h {
		p.line = h - 1
	}
	if p == (position{}) {
		return p
	}
	// Enough lines below p to fill the view?
	left := m.blockHeight(p.turn) - p.line
	for i := p.turn + 1; i < n && left < th; i++ {
		left += m.blockHeight(i)
	}
	if left < th {
		return m.bottomTop(th)
	}
	return p
}

// advance moves p by n lines (back when n < 0), stopping at the transcript's ends.
func (m *Model) advance(p position, n int) position {
	for n > 0 {
		h := m.blockHeight(p.turn)
		if p.line+n < h {
			p.line += n
			return p
		}
		if p.turn+1 >= len(m.cur.turns) {
			p.line = h - 1
			return p
		}
		n -= h - p.line
		p = position{turn: p.turn + 1}
	}
	for n < 0 {
		if p.line+n >= 0 {
			p.line += n
			return p
		}
		if p.turn == 0 {
			return position{}
		}
		n += p.line + 1
		p = position{turn: p.turn - 1, line: m.blockHeight(p.turn-1) - 1}
	}
	return p
}

// linesBetween counts the lines from a to b (a before b), giving up past limit: the
// caller only needs to know whether b is within a view of that height.
func (m *Model) linesBetween(a, b position, limit int) int {
	if a.turn == b.turn {
		return b.line - a.line
	}
	n := m.blockHeight(a.turn) - a.line
	for i := a.turn + 1; i < b.turn && n <= limit; i++ {
		n += m.blockHeight(i)
	}
	return n + b.line
}

// before reports whether a comes before b.
func before(a, b position) bool { return a.turn < b.turn || (a.turn == b.turn && a.line < b.line) }

// selectedSpan is the lines of the selection inside its turn: the whole turn, or an
// evidence item with its text when it is open.
func (m *Model) selectedSpan() (start, end int) {
	b := m.cur
	blk := m.blockFor(b.turns[b.sel.turn], b.sel.turn, m.contentWidth())
	if i := b.sel.item; i >= 0 && i < len(blk.items) && blk.items[i][0] >= 0 {
		if i == len(blk.items)-1 {
			return blk.items[i][0], len(blk.lines) // the last item brings the tool calls along
		}
		return blk.items[i][0], blk.items[i][1]
	}
	return 0, len(blk.lines)
}

// reveal scrolls turn idx of the current bank into view on the next layout, when it
// is the selected one (an answer arriving does not pull the view away from another
// turn the user went to).
func (m *Model) reveal(idx int) {
	if m.cur.sel.turn == idx {
		m.cur.reveal = true
	}
}

// ensureVisible scrolls the least that shows the selection: its start when it is
// above the view, its end (or as much as fits, from its start) when below.
func (m *Model) ensureVisible(th int) {
	b := m.cur
	if b.selected() == nil || th <= 0 {
		return
	}
	if b.follow {
		b.top, b.follow = m.bottomTop(th), false
	}
	start, end := m.selectedSpan()
	end = min(end, start+th)
	from, to := position{b.sel.turn, start}, position{b.sel.turn, end}
	switch {
	case before(from, b.top):
		b.top = from
	case b.sel.turn-b.top.turn > th:
		b.top = m.advance(to, -th) // far below: no need to walk every turn between
	default:
		if d := m.linesBetween(b.top, to, th); d > th {
			b.top = m.advance(b.top, d-th)
		}
	}
	if m.atBottom(th) {
		b.follow = true
	}
}

// atBottom reports whether the view shows the end of the transcript.
func (m *Model) atBottom(th int) bool {
	b := m.cur
	last := len(b.turns) - 1
	end := position{turn: last, line: m.blockHeight(last)}
	return m.linesBetween(b.top, end, th) <= th
}

// scroll moves the view by n lines without moving the selection, unless the selected
// turn leaves the view: then the turn at the top is selected.
func (m *Model) scroll(n int) {
	b := m.cur
	th := m.lay.th
	if len(b.turns) == 0 || th <= 0 {
		return
	}
	if b.follow {
		b.top = m.bottomTop(th)
	}
	b.follow = false
	b.top = m.clampTop(m.advance(b.top, n), th)
	if m.atBottom(th) {
		b.follow = true
	}
	inView := b.sel.turn >= b.top.turn && (b.sel.turn == b.top.turn ||
		m.linesBetween(b.top, position{turn: b.sel.turn}, th) < th)
	if !inView {
		b.sel = selection{turn: b.top.turn, item: -1}
	}
}
