package trace

import (
	"strconv"
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"hindsight-tui/styles"
	"hindsight-tui/ui/components"
)

// span is an inline style reduced to the escape sequences around its text. Rendering
// a style costs microseconds and a frame has hundreds of cells, so the sequences are
// worked out once per theme and frames only concatenate strings.
type span struct{ open, close string }

// spanOf takes a style without padding, margins, borders or widths; for those the
// result is exactly what Render would produce around a single line of text.
func spanOf(st lipgloss.Style) span {
	const probe = "x" // never part of an SGR sequence
	r := st.Render(probe)
	i := strings.Index(r, probe)
	if i < 0 {
		return span{}
	}
	return span{open: r[:i], close: r[i+len(probe):]}
}

func (s span) wrap(b *strings.Builder, text string) {
	b.WriteString(s.open)
	b.WriteString(text)
	b.WriteString(s.close)
}

// look is what View draws with: the current theme's spans and the section bar. It is
// rebuilt when the theme, the size, the trace or the current section changes.
type look struct {
	styles   *styles.Styles
	tones    [numTones]span
	selected span
	bar      string
	hits     []tabHit
}

// tabHit is where a section's tab is on the bar, for mouse clicks.
type tabHit struct{ x0, x1, section int }

// build brings the look up to date with the model: the spans when the theme changed
// (the Styles pointer), and the section bar.
func (l *look) build(m *Model) {
	st := m.c.Styles
	if l.styles != st {
		l.styles = st
		l.tones = [numTones]span{
			toneMuted: spanOf(st.Muted), toneSubtle: spanOf(st.Subtle), toneBold: spanOf(st.Bold),
			toneSection: spanOf(st.Section), toneAccent: spanOf(st.Accent), toneSuccess: spanOf(st.Success),
			toneError: spanOf(st.Error), toneWorld: spanOf(st.FactType("world")),
			toneExperience: spanOf(st.FactType("experience")), toneObservation: spanOf(st.FactType("observation")),
		}
		l.selected = spanOf(st.Selected)
	}
	l.bar, l.hits = renderBar(m.sections, m.active, m.width, st)
}

// View draws the viewer in exactly width x height cells, with the look the last
// change built; it changes nothing.
func (m *Model) View() string {
	if m.width <= 0 || m.height <= 0 {
		return ""
	}
	f := &frame{height: m.height}
	f.b.Grow((m.width + 24) * m.height * 2)
	if m.problem != "" {
		if f.next() {
			m.look.tones[toneMuted].wrap(&f.b, components.Fit(m.problem, m.width))
		}
	} else if s := m.current(); s != nil {
		m.drawSection(f, s)
	}
	blank := strings.Repeat(" ", m.width)
	for f.next() {
		f.b.WriteString(blank)
	}
	return f.b.String()
}

// frame collects the lines of a view up to its height.
type frame struct {
	b      strings.Builder
	height int
	lines  int
}

// next starts a line and reports whether there is room for it.
func (f *frame) next() bool {
	if f.lines >= f.height {
		return false
	}
	if f.lines > 0 {
		f.b.WriteByte('\n')
	}
	f.lines++
	return true
}

// drawSection draws the bar, the header line, the column titles and the visible rows.
func (m *Model) drawSection(f *frame, s *section) {
	l := &m.look
	if f.next() {
		f.b.WriteString(l.bar)
	}
	if f.next() {
		l.drawSegs(&f.b, s.head)
	}
	if s.missing != "" {
		if f.next() {
			l.tones[toneMuted].wrap(&f.b, components.Fit("  "+s.missing, m.width))
		}
		return
	}
	t := &s.tbl
	top, titles := m.chrome()
	if titles && f.next() {
		l.drawSegs(&f.b, t.header)
	}
	if len(t.rows) == 0 {
		if f.next() {
			l.tones[toneMuted].wrap(&f.b, components.Fit("  "+t.empty, m.width))
		}
		return
	}
	cur := -1
	if len(t.selectable) > 0 {
		cur = t.selectable[t.cursor]
	}
	end := min(t.offset+m.height-top, len(t.lines))
	for i := t.offset; i < end && f.next(); i++ {
		if i == cur {
			l.drawSelected(&f.b, t.lines[i])
		} else {
			l.drawSegs(&f.b, t.lines[i])
		}
	}
}

func (l *look) drawSegs(b *strings.Builder, segs []seg) {
	for _, s := range segs {
		if s.tone == toneNone {
			b.WriteString(s.text)
			continue
		}
		l.tones[s.tone].wrap(b, s.text)
	}
}

// drawSelected draws a row in the selection style across its whole width; the cells'
// own colours give way, so the highlight reads as one bar.
func (l *look) drawSelected(b *strings.Builder, segs []seg) {
	b.WriteString(l.selected.open)
	for _, s := range segs {
		b.WriteString(s.text)
	}
	b.WriteString(l.selected.close)
}

// layoutHead fits the section's header line (title in bold, details muted) to width.
func (s *section) layoutHead(width int) {
	lb := &lineBuilder{left: width}
	lb.add(s.title, ansi.StringWidth(s.title), toneBold)
	if s.info != "" {
		rest := " · " + s.info
		lb.add(rest, ansi.StringWidth(rest), toneMuted)
	}
	s.head = lb.done()
}

// renderBar draws the section bar in the widest form that fits: lanes prefixed with
// "Lanes:", then without it, then short names, and at last only the current section.
func renderBar(secs []*section, active, width int, st *styles.Styles) (string, []tabHit) {
	if width <= 0 || len(secs) == 0 {
		return strings.Repeat(" ", max(width, 0)), nil
	}
	for _, v := range []struct {
		prefix bool
		short  bool
	}{{true, false}, {false, false}, {false, true}} {
		if barWidth(secs, active, v.prefix, v.short, st) <= width {
			return drawBar(secs, active, width, v.prefix, v.short, st)
		}
	}
	// Too narrow for every tab: the current one and where it is ("3/7").
	frame := st.TabActive.GetHorizontalFrameSize()
	label := secs[active].label
	if ansi.StringWidth(label)+frame+4 > width {
		label = secs[active].short
	}
	if width <= frame {
		return st.Accent.Render(components.Fit(label, width)), nil
	}
	label = components.Truncate(label, width-frame)
	line := st.TabActive.Render(label)
	if rest := width - ansi.StringWidth(line); rest > 0 {
		pos := " " + strconv.Itoa(active+1) + "/" + strconv.Itoa(len(secs))
		line += st.Muted.Render(components.Fit(pos, rest))
	}
	return line, nil
}

// barWidth is the width of a bar form: each tab is its label plus its style's padding,
// with a one-cell separator between tabs.
func barWidth(secs []*section, active int, prefix, short bool, st *styles.Styles) int {
	w := len(secs) - 1
	if prefix {
		w += len("Lanes:")
	}
	for i, s := range secs {
		w += ansi.StringWidth(tabLabel(s, short)) + tabStyle(st, s, i == active).GetHorizontalFrameSize()
	}
	return w
}

func tabStyle(st *styles.Styles, s *section, active bool) lipgloss.Style {
	switch {
	case active:
		return st.TabActive
	case s.absent:
		return st.Tab.Foreground(st.Palette.Subtle)
	}
	return st.Tab
}

func tabLabel(s *section, short bool) string {
	if short {
		return s.short
	}
	return s.label
}

func drawBar(secs []*section, active, width int, prefix, short bool, st *styles.Styles) (string, []tabHit) {
	var b strings.Builder
	x := 0
	write := func(text string, style lipgloss.Style, w int) {
		b.WriteString(style.Render(text))
		x += w
	}
	if prefix {
		write("Lanes:", st.Muted, len("Lanes:"))
	}
	hits := make([]tabHit, 0, len(secs))
	for i, s := range secs {
		if i > 0 {
			sep := "│"
			if s.lane && secs[i-1].lane {
				sep = "·"
			}
			write(sep, st.Subtle, 1)
		}
		style := tabStyle(st, s, i == active)
		label := tabLabel(s, short)
		w := ansi.StringWidth(label) + style.GetHorizontalFrameSize()
		hits = append(hits, tabHit{x0: x, x1: x + w, section: i})
		write(label, style, w)
	}
	if x < width {
		b.WriteString(strings.Repeat(" ", width-x))
	}
	return b.String(), hits
}
