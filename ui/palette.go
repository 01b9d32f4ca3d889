package ui

import (
	"strings"

	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"hindsight-tui/sanitize"
	"hindsight-tui/ui/common"
)

// paletteRows is the most actions the palette lists at once.
const paletteRows = 12

// palette is the command palette (: or ctrl+p): every action available now, filtered
// as the user types. Enter runs the selected action by handing its message back to
// the root, which closes the palette first.
type palette struct {
	com     *common.Common
	actions []common.Action
	names   []string
	input   textinput.Model
	matches []fuzzyMatch
	cursor  int // index in matches
	top     int // first visible match
	w, h    int
}

func newPalette(c *common.Common, actions []common.Action) *palette {
	p := &palette{com: c, actions: actions}
	for _, a := range actions {
		p.names = append(p.names, sanitize.Line(a.Name))
	}
	s := c.Styles
	in := textinput.New()
	in.Prompt = ": "
	in.Placeholder = "type to filter commands"
	st := textinput.DefaultStyles(s.IsDark)
	st.Focused.Prompt, st.Blurred.Prompt = s.Accent, s.Accent
	st.Focused.Text, st.Focused.Placeholder = s.Text, s.Subtle
	st.Cursor.Color, st.Cursor.Blink = s.Palette.Accent, false
	in.SetStyles(st)
	p.input = in
	p.refilter()
	return p
}

// Init puts the cursor in the filter box.
func (p *palette) Init() tea.Cmd { return p.input.Focus() }

func (p *palette) SetSize(w, h int) {
	p.w, p.h = w, h
	iw, _ := p.inner()
	p.input.SetWidth(max(iw-3, 1))
}

// inner is the content size of the box.
func (p *palette) inner() (int, int) {
	fw := p.com.Styles.Overlay.GetHorizontalFrameSize()
	return min(p.w-4, 72) - fw, p.rows()
}

// rows is how many actions are listed at once.
func (p *palette) rows() int { return max(min(paletteRows, len(p.actions), p.h-8), 1) }

func (p *palette) Help() []string {
	return []string{"↑/↓ choose", "enter run", "esc close"}
}

func (p *palette) Update(msg tea.Msg) (common.Dialog, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		switch msg.String() {
		case "esc":
			return p, common.CloseDialog(nil)
		case "enter":
			return p, p.run()
		case "up", "ctrl+k", "ctrl+p":
			p.move(-1)
			return p, nil
		case "down", "ctrl+j", "ctrl+n", "tab":
			p.move(1)
			return p, nil
		case "pgup":
			p.move(-p.rows())
			return p, nil
		case "pgdown":
			p.move(p.rows())
			return p, nil
		}
	case tea.MouseWheelMsg:
		if msg.Button == tea.MouseWheelUp {
			p.move(-1)
		} else {
			p.move(1)
		}
		return p, nil
	case tea.MouseClickMsg:
		// Rows start below the top border, the input line and a blank line.
		if i := p.top + msg.Y - 3; msg.Y >= 3 && i < len(p.matches) {
			p.cursor = i
			return p, p.run()
		}
		return p, nil
	}
	before := p.input.Value()
	var cmd tea.Cmd
	p.input, cmd = p.input.Update(msg)
	if p.input.Value() != before {
		p.refilter()
	}
	return p, cmd
}

// run closes the palette and hands the selected action to the root.
func (p *palette) run() tea.Cmd {
	if p.cursor >= len(p.matches) {
		return nil
	}
	a := p.actions[p.matches[p.cursor].index].Msg
	return common.CloseDialog(common.Emit(runActionMsg{msg: a}))
}

func (p *palette) refilter() {
	p.matches = fuzzyFind(p.input.Value(), p.names)
	p.cursor, p.top = 0, 0
}

func (p *palette) move(n int) {
	if len(p.matches) == 0 {
		return
	}
	p.cursor = min(max(p.cursor+n, 0), len(p.matches)-1)
	rows := p.rows()
	if p.cursor < p.top {
		p.top = p.cursor
	}
	if p.cursor >= p.top+rows {
		p.top = p.cursor - rows + 1
	}
}

func (p *palette) View() string {
	s := p.com.Styles
	iw, rows := p.inner()
	if iw < 10 {
		return ""
	}
	lines := []string{fit(p.input.View(), iw), ""}
	if len(p.matches) == 0 {
		lines = append(lines, s.Muted.Render("No matching command."))
	}
	for i := p.top; i < len(p.matches) && i < p.top+rows; i++ {
		lines = append(lines, p.row(p.matches[i], i == p.cursor, iw))
	}
	for len(lines) < rows+2 {
		lines = append(lines, "")
	}
	fw, fh := s.Overlay.GetHorizontalFrameSize(), s.Overlay.GetVerticalFrameSize()
	return box(s.Overlay, s.OverlayTitle, "Commands", strings.Join(lines, "\n"), iw+fw, len(lines)+fh)
}

// row is one action: its name with the matched letters marked, and its key on the
// right. Every piece of the selected row carries the selection background, so the
// bar spans the whole width.
func (p *palette) row(m fuzzyMatch, selected bool, iw int) string {
	s := p.com.Styles
	a := p.actions[m.index]
	text, match, keyStyle, pad := s.Text, s.Match, s.Muted, lipgloss.NewStyle()
	mark := "  "
	if selected {
		bg := s.Palette.Selection
		text, match, keyStyle, pad = s.Selected, s.Match.Background(bg), s.Muted.Background(bg), pad.Background(bg)
		mark = s.Accent.Background(bg).Render("▸ ")
	}
	k := sanitize.Line(a.Key)
	if k != "" {
		k = " " + k + " "
	}
	nameW := max(iw-2-ansi.StringWidth(k), 1)
	name := truncate(highlight(p.names[m.index], m.positions, text, match), nameW)
	gap := pad.Render(strings.Repeat(" ", max(nameW-ansi.StringWidth(name), 0)))
	return mark + name + gap + keyStyle.Render(k)
}

// highlight styles the runes at positions with match and the rest with text.
func highlight(name string, positions []int, text, match lipgloss.Style) string {
	if len(positions) == 0 {
		return text.Render(name)
	}
	hit := make(map[int]bool, len(positions))
	for _, i := range positions {
		hit[i] = true
	}
	var sb, run strings.Builder
	runHit := false
	flush := func() {
		if run.Len() == 0 {
			return
		}
		if runHit {
			sb.WriteString(match.Render(run.String()))
		} else {
			sb.WriteString(text.Render(run.String()))
		}
		run.Reset()
	}
	for i, r := range []rune(name) {
		if hit[i] != runHit {
			flush()
			runHit = hit[i]
		}
		run.WriteRune(r)
	}
	flush()
	return sb.String()
}
