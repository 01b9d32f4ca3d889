package ui

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"hindsight-tui/ui/common"
)

// helpGroup is one titled column of the help overlay; its sections are separated
// by a blank line (a pane's FullHelp columns become the sections of one group).
type helpGroup struct {
	title    string
	sections [][]key.Binding
}

// helpGroups are the global keys, the navigation keys and the focused pane's own
// groups. Disabled bindings are left out: a key that cannot act now is not offered.
func (m Model) helpGroups() []helpGroup {
	g := m.globalKeys()
	groups := []helpGroup{
		{title: "Global", sections: [][]key.Binding{{g.Help, g.Palette, g.ErrorLog, g.Refresh, g.CopyID, g.CopyJSON, g.SaveJSON, g.Profiles, g.Theme, g.Sidebar, g.Quit, g.ForceQuit}}},
		{title: "Navigation", sections: [][]key.Binding{{g.NextPane, g.PrevPane, g.JumpPane,
			key.NewBinding(key.WithKeys("click"), key.WithHelp("click", "focus or select")),
			key.NewBinding(key.WithKeys("wheel"), key.WithHelp("wheel", "scroll"))}}},
	}
	if p := m.focused(); p != nil {
		title := "Banks"
		if m.focus > 0 {
			title = m.tabs[m.focus-1].Title
		}
		groups = append(groups, helpGroup{title: title, sections: p.FullHelp()})
	}
	out := make([]helpGroup, 0, len(groups))
	for _, grp := range groups {
		var sections [][]key.Binding
		for _, sec := range grp.sections {
			var on []key.Binding
			for _, b := range sec {
				if b.Enabled() && b.Help().Key != "" {
					on = append(on, b)
				}
			}
			if len(on) > 0 {
				sections = append(sections, on)
			}
		}
		if len(sections) > 0 {
			out = append(out, helpGroup{title: grp.title, sections: sections})
		}
	}
	return out
}

// helpDialog is the full help overlay (?). The groups are a snapshot taken when it
// opens: the focused pane does not change while it is up.
type helpDialog struct {
	com     *common.Common
	groups  []helpGroup
	version string // the app's, shown in the title
	w, h    int
	offset  int
}

func newHelpDialog(c *common.Common, groups []helpGroup, version string) *helpDialog {
	return &helpDialog{com: c, groups: groups, version: version}
}

func (d *helpDialog) Init() tea.Cmd { return nil }

func (d *helpDialog) SetSize(w, h int) { d.w, d.h = w, h }

func (d *helpDialog) Help() []string { return []string{"↑/↓ scroll", "esc close"} }

func (d *helpDialog) Update(msg tea.Msg) (common.Dialog, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		keys := d.com.Keys
		switch {
		case key.Matches(msg, keys.List.Back, keys.Global.Help, keys.Global.Quit):
			return d, common.CloseDialog(nil)
		case key.Matches(msg, keys.List.Down):
			d.scroll(1)
		case key.Matches(msg, keys.List.Up):
			d.scroll(-1)
		case key.Matches(msg, keys.List.Top):
			d.offset = 0
		}
	case tea.MouseWheelMsg:
		if msg.Button == tea.MouseWheelUp {
			d.scroll(-3)
		} else {
			d.scroll(3)
		}
	}
	return d, nil
}

// scroll moves the view by n lines within the content.
func (d *helpDialog) scroll(n int) {
	lines, visible, ok := d.window()
	if !ok {
		return
	}
	d.offset = min(max(d.offset+n, 0), len(lines)-visible)
}

// window is the laid-out content and how many of its lines fit; ok is false when
// the screen has no room for the overlay at all.
func (d *helpDialog) window() (lines []string, visible int, ok bool) {
	s := d.com.Styles
	fw, fh := s.Overlay.GetHorizontalFrameSize(), s.Overlay.GetVerticalFrameSize()
	maxW, maxH := d.w-4, d.h-2
	if maxW-fw < 10 || maxH-fh < 1 {
		return nil, 0, false
	}
	lines = d.content(maxW - fw)
	return lines, min(len(lines), maxH-fh), true
}

// column renders one group: its title, then "key  description" lines, with a blank
// line between sections.
func (d *helpDialog) column(g helpGroup) []string {
	s := d.com.Styles
	kw := 0
	for _, sec := range g.sections {
		for _, b := range sec {
			kw = max(kw, ansi.StringWidth(b.Help().Key))
		}
	}
	lines := []string{s.HelpGroup.Render(g.title)}
	for i, sec := range g.sections {
		if i > 0 {
			lines = append(lines, "")
		}
		for _, b := range sec {
			k := b.Help().Key
			pad := strings.Repeat(" ", kw-ansi.StringWidth(k))
			lines = append(lines, s.HelpKey.Render(k)+pad+"  "+s.HelpDesc.Render(b.Help().Desc))
		}
	}
	return lines
}

// content flows the groups into as many side-by-side columns as fit in width iw.
// clipboardNote says where copied text goes: the app cannot tell whether the terminal
// took it.
const clipboardNote = "Copying (y, Y, c) sends the text to the terminal's clipboard with OSC 52, which works over SSH. " +
	"In tmux it reaches the outer terminal only with `set -g set-clipboard on` in ~/.tmux.conf (the default, external, " +
	"drops it); some terminals ask first or ignore it. Reflect's e writes the transcript to a file instead."

func (d *helpDialog) content(iw int) []string {
	cols := make([][]string, len(d.groups))
	for i, g := range d.groups {
		cols[i] = d.column(g)
	}
	const gap = 4
	for n := len(cols); n >= 1; n-- {
		stacks := stackColumns(cols, n)
		rows := make([]string, 0, len(stacks))
		for _, st := range stacks {
			rows = append(rows, strings.Join(st, "\n"))
		}
		joined := lipgloss.JoinHorizontal(lipgloss.Top, interleave(rows, strings.Repeat(" ", gap))...)
		if lipgloss.Width(joined) <= iw || n == 1 {
			lines := append(strings.Split(joined, "\n"), "")
			for _, l := range wrap(clipboardNote, iw) {
				lines = append(lines, d.com.Styles.Muted.Render(l))
			}
			return lines
		}
	}
	return nil
}

// stackColumns deals the groups, in order, into n stacks of similar height.
func stackColumns(cols [][]string, n int) [][]string {
	total := 0
	for _, c := range cols {
		total += len(c) + 1
	}
	target := (total + n - 1) / n
	stacks := make([][]string, 0, n)
	var cur []string
	for i, c := range cols {
		if len(cur) > 0 {
			cur = append(cur, "")
		}
		cur = append(cur, c...)
		left := len(cols) - 1 - i
		if (len(cur) >= target && len(stacks) < n-1) || left <= n-1-len(stacks) {
			stacks = append(stacks, cur)
			cur = nil
		}
	}
	if len(cur) > 0 {
		stacks = append(stacks, cur)
	}
	return stacks
}

func interleave(items []string, sep string) []string {
	out := make([]string, 0, 2*len(items))
	for i, it := range items {
		if i > 0 {
			out = append(out, sep)
		}
		out = append(out, it)
	}
	return out
}

func (d *helpDialog) View() string {
	s := d.com.Styles
	lines, visible, ok := d.window()
	if !ok {
		return ""
	}
	fw, fh := s.Overlay.GetHorizontalFrameSize(), s.Overlay.GetVerticalFrameSize()
	cw := 0
	for _, l := range lines {
		cw = max(cw, ansi.StringWidth(l))
	}
	off := min(d.offset, len(lines)-visible)
	title := "Keys"
	if d.version != "" {
		title += " · hindsight-tui " + d.version
	}
	if visible < len(lines) {
		title += " (↑/↓ for more)"
	}
	w := min(max(cw, ansi.StringWidth(title)+4)+fw, d.w-4)
	return box(s.Overlay, s.OverlayTitle, title, strings.Join(lines[off:off+visible], "\n"), w, visible+fh)
}
