package ui

import (
	tea "charm.land/bubbletea/v2"

	"hindsight-tui/ui/common"
	"hindsight-tui/ui/layout"
)

// click focuses what is under the pointer (a tab, the sidebar, the main pane) and
// hands the click to that pane in its own coordinates (see common.TranslateMouse). With
// a dialog open, only the front dialog can be clicked.
func (m Model) click(msg tea.MouseClickMsg) (Model, tea.Cmd) {
	if n := len(m.r.Dialogs()); n > 0 {
		_, r := m.dialogView(n - 1)
		if !r.Contains(msg.X, msg.Y) {
			return m, nil
		}
		return m, m.r.UpdateFront(common.TranslateMouse(msg, r.X, r.Y))
	}
	if m.conn.phase != phaseConnected || m.lay.TooSmall {
		return m, nil
	}
	if msg.Y == m.lay.Tabs.Y && m.lay.Tabs.H > 0 {
		x0, items := m.tabBar()
		for _, it := range items {
			if x := msg.X - x0; x >= it.x && x < it.x+it.w {
				return m.setFocus(it.ring)
			}
		}
		return m, nil
	}
	ring, r, ok := m.paneAt(msg.X, msg.Y)
	if !ok {
		return m, nil
	}
	m, focus := m.setFocus(ring)
	in := m.inner(r)
	if !in.Contains(msg.X, msg.Y) {
		return m, focus // on the border: focus only
	}
	return m, tea.Batch(focus, m.r.Send(m.ringID(ring), common.TranslateMouse(msg, in.X, in.Y)))
}

// wheel scrolls the pane under the pointer, focused or not.
func (m Model) wheel(msg tea.MouseWheelMsg) (Model, tea.Cmd) {
	if n := len(m.r.Dialogs()); n > 0 {
		_, r := m.dialogView(n - 1)
		return m, m.r.UpdateFront(common.TranslateMouse(msg, r.X, r.Y))
	}
	if m.conn.phase != phaseConnected || m.lay.TooSmall {
		return m, nil
	}
	ring, r, ok := m.paneAt(msg.X, msg.Y)
	if !ok {
		return m, nil
	}
	in := m.inner(r)
	return m, m.r.Send(m.ringID(ring), common.TranslateMouse(msg, in.X, in.Y))
}

// paneAt is the focus-ring position and rectangle of the pane drawn at (x, y).
func (m Model) paneAt(x, y int) (int, layout.Rect, bool) {
	l := m.lay
	switch {
	case len(m.tabs) == 0 && l.Body().Contains(x, y):
		return 0, l.Body(), true
	case l.Collapsed && l.Main.Contains(x, y):
		if m.focus == 0 || len(m.tabs) == 0 {
			return 0, l.Main, true
		}
		return m.active + 1, l.Main, true
	case l.Sidebar.Contains(x, y):
		return 0, l.Sidebar, true
	case l.Main.Contains(x, y) && len(m.tabs) > 0:
		return m.active + 1, l.Main, true
	}
	return 0, layout.Rect{}, false
}

// inner is r without the pane border and padding: the pane's own coordinate space.
func (m Model) inner(r layout.Rect) layout.Rect {
	st := m.com.Styles.Pane
	return r.Inset(st.GetBorderLeftSize()+st.GetPaddingLeft(), st.GetBorderTopSize()+st.GetPaddingTop(),
		st.GetHorizontalFrameSize(), st.GetVerticalFrameSize())
}
