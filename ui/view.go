package ui

import (
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"hindsight-tui/sanitize"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/layout"
)

// View draws the whole screen. Its cost is the visible cells: the panes render only
// what fits their size, and dialogs are composited over the base view as layers.
func (m Model) View() tea.View {
	v := tea.NewView(m.render())
	v.AltScreen = true
	v.MouseMode = tea.MouseModeCellMotion
	v.WindowTitle = m.windowTitle()
	return v
}

func (m Model) windowTitle() string {
	if b := sanitize.Line(m.bank); b != "" {
		return "hindsight-tui — " + b
	}
	return "hindsight-tui"
}

func (m Model) render() string {
	l := m.lay
	switch {
	case l.Width <= 0 || l.Height <= 0:
		return ""
	case l.TooSmall:
		return m.tooSmallView()
	}
	base := m.headerView() + "\n" + m.tabsView() + "\n" + m.bodyView() + "\n" + m.footerView()
	if m.r.Front() == nil {
		return base
	}
	return m.overlay(base)
}

// overlay draws the dialogs as lipgloss layers over the base view. Compositing parses
// every cell it covers, so only the band of lines the dialogs span goes through the
// compositor; the lines above and below are kept as they are.
func (m Model) overlay(base string) string {
	dialogs := m.r.Dialogs()
	views := make([]string, len(dialogs))
	rects := make([]layout.Rect, len(dialogs))
	top, bottom := m.lay.Height, 0
	for i := range dialogs {
		views[i], rects[i] = m.dialogView(i)
		top, bottom = min(top, rects[i].Y), max(bottom, rects[i].Y+rects[i].H)
	}
	if top >= bottom {
		return base
	}
	lines := strings.Split(base, "\n")
	bottom = min(bottom, len(lines))
	layers := []*lipgloss.Layer{lipgloss.NewLayer(strings.Join(lines[top:bottom], "\n"))}
	for i, v := range views {
		layers = append(layers, lipgloss.NewLayer(v).X(rects[i].X).Y(rects[i].Y-top).Z(i+1))
	}
	band := strings.Split(lipgloss.NewCompositor(layers...).Render(), "\n")
	out := make([]string, 0, len(lines))
	out = append(out, lines[:top]...)
	for i := top; i < bottom; i++ {
		if j := i - top; j < len(band) {
			out = append(out, band[j])
		} else {
			out = append(out, lines[i])
		}
	}
	return strings.Join(append(out, lines[bottom:]...), "\n")
}

// dialogView is dialog i's box, clipped to the screen, and where it sits (centred).
func (m Model) dialogView(i int) (string, layout.Rect) {
	w, h := m.lay.Width, m.lay.Height
	view := clip(m.r.Dialogs()[i].View(), w, h)
	dw, dh := lipgloss.Width(view), lipgloss.Height(view)
	return view, layout.Rect{X: max((w-dw)/2, 0), Y: max((h-dh)/2, 0), W: dw, H: dh}
}

// tooSmallView replaces everything when the terminal is below the minimum size. The
// wording is stable: scripts look for "Terminal too small".
func (m Model) tooSmallView() string {
	w, h := m.lay.Width, m.lay.Height
	msg := fmt.Sprintf("Terminal too small: %d×%d.\nhindsight-tui needs at least %d×%d.", w, h, layout.MinWidth, layout.MinHeight)
	var lines []string
	for _, l := range strings.Split(msg, "\n") {
		lines = append(lines, wrap(l, w)...)
	}
	return clip(lipgloss.Place(w, h, lipgloss.Center, lipgloss.Center, m.com.Styles.Warning.Render(strings.Join(lines, "\n"))), w, h)
}

// tabItem is one label of the tab bar and the focus ring position it selects; x is
// relative to the tab bar's left edge.
type tabItem struct {
	text string
	ring int
	x, w int
}

// tabLabels is how the tab bar names the tabs: by their titles, by their short names
// (the active tab still by its title, unless all is set), or by their short names cut
// to cut letters (cut > 0; only their numbers at 0).
type tabLabels struct {
	short, all bool
	cut        int
	// tight drops the labels' padding, leaving two spaces between them, for the
	// narrowest bars (the hidden sidebar's Banks tab costs a label).
	tight bool
}

// tabItems lays out the tab bar once for both drawing and mouse hit tests. In the
// collapsed layout the sidebar becomes the first tab, "Banks".
func (m Model) tabItems(how tabLabels) []tabItem {
	if m.conn.phase != phaseConnected {
		return nil
	}
	s := m.com.Styles
	var items []tabItem
	x := 0
	add := func(label string, ring int, active bool) {
		st := s.Tab
		if active {
			st = s.TabActive
		}
		gap := 1
		if how.tight {
			st, gap = st.Padding(0, 0), 2
		}
		text := st.Render(label)
		w := lipgloss.Width(text)
		items = append(items, tabItem{text: text, ring: ring, x: x, w: w})
		x += w + gap
	}
	if m.lay.Collapsed {
		add("Banks", 0, m.focus == 0)
	}
	for i, t := range m.tabs {
		if t.Secondary && i != m.active {
			continue // a secondary pane has a tab only while it is open
		}
		active := i == m.active && (!m.lay.Collapsed || m.focus != 0)
		title := t.Title
		if how.short && (!active || how.all) && t.Short != "" {
			title = t.Short
		}
		if how.cut > 0 && !active {
			title = string([]rune(title)[:min(how.cut, len([]rune(title)))])
		} else if how.cut == 0 && how.short && !active {
			title = ""
		}
		label := fmt.Sprintf("%d %s", i+1, title)
		if t.Secondary {
			label = title // no digit reaches it
		}
		add(strings.TrimSpace(label), i+1, active)
	}
	return items
}

// tabBar places the tab labels: over the main pane when they fit there, else across
// the whole row, else by their short names ("Docs", "Ops"), the active tab keeping its
// title if it can, else with the short names cut to the most letters that fit (at
// least three, else only the numbers), so every tab stays visible and clickable.
func (m Model) tabBar() (x0 int, items []tabItem) {
	width := func(items []tabItem) int {
		if len(items) == 0 {
			return 0
		}
		last := items[len(items)-1]
		return last.x + last.w
	}
	full := m.tabItems(tabLabels{cut: -1})
	switch {
	case width(full) <= m.lay.Tabs.W:
		return m.lay.Tabs.X, full
	case width(full) <= m.lay.Width:
		return 0, full
	}
	for _, how := range []tabLabels{{short: true, cut: -1}, {short: true, all: true, cut: -1},
		{short: true, cut: -1, tight: true}, {short: true, all: true, cut: -1, tight: true}} {
		if items := m.tabItems(how); width(items) <= m.lay.Width {
			return 0, items
		}
	}
	for n := 6; n >= 3; n-- {
		if short := m.tabItems(tabLabels{short: true, cut: n, tight: true}); width(short) <= m.lay.Width {
			return 0, short
		}
	}
	return 0, m.tabItems(tabLabels{short: true})
}

// tabsView is the tab bar row (blank above the sidebar in the wide layout, unless the
// labels need the whole row).
func (m Model) tabsView() string {
	x0, items := m.tabBar()
	var sb strings.Builder
	x := 0
	for _, it := range items {
		sb.WriteString(strings.Repeat(" ", max(it.x-x, 0)))
		sb.WriteString(it.text)
		x = it.x + it.w
	}
	return strings.Repeat(" ", x0) + fit(sb.String(), m.lay.Width-x0)
}

// bodyView is the panes (or, before the server answered, the connection screen).
func (m Model) bodyView() string {
	l := m.lay
	if m.conn.phase != phaseConnected {
		return m.connectionView(l.Body())
	}
	s := m.com.Styles
	sidebar := m.r.Pane(sidebarID)
	frame := func(p common.Pane, title string, focused bool, r layout.Rect) string {
		style, titleStyle := s.Pane, s.PaneTitle
		if focused {
			style, titleStyle = s.PaneFocused, s.PaneTitleOn
		}
		slot := 1
		if p == sidebar {
			slot = 0
		}
		content := p.View()
		return m.frames.get(slot, s, focused, title, content, r.W, r.H, func() string {
			return box(style, titleStyle, title, content, r.W, r.H)
		})
	}
	mainTitle, mainPane := "", common.Pane(nil)
	if len(m.tabs) > 0 {
		mainTitle, mainPane = m.tabs[m.active].Title, m.r.Pane(m.tabs[m.active].ID)
	}
	switch {
	case mainPane == nil: // every pane is off on this server: the bank list takes the body
		return frame(sidebar, "Banks", true, l.Body())
	case l.Collapsed && m.focus == 0:
		return frame(sidebar, "Banks", true, l.Main)
	case l.Collapsed:
		return frame(mainPane, mainTitle, true, l.Main)
	}
	left := strings.Split(frame(sidebar, "Banks", m.focus == 0, l.Sidebar), "\n")
	right := strings.Split(frame(mainPane, mainTitle, m.focus != 0, l.Main), "\n")
	var sb strings.Builder
	for i := range l.Main.H {
		if i > 0 {
			sb.WriteByte('\n')
		}
		if i < len(left) {
			sb.WriteString(left[i])
		}
		if i < len(right) {
			sb.WriteString(right[i])
		}
	}
	return sb.String()
}
