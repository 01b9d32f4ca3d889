package common

import tea "charm.land/bubbletea/v2"

// Mouse convention. The root forwards a tea.MouseClickMsg or tea.MouseWheelMsg to the
// pane under the pointer with X and Y made relative to that pane's content area: the
// area inside the border the root draws, whose size SetSize gave. (0, 0) is the first
// cell of the first line of the pane's View, so a list drawn from line 0 finds the
// clicked row as its scroll offset plus Y. A click also focuses the pane first; clicks
// on the border only focus. The wheel goes to the pane under the pointer whether or
// not it has focus. Dialogs get the same messages relative to the top-left cell of
// their own View (their border included). Motion and release messages are not
// forwarded.

// TranslateMouse returns msg with its position moved by (-dx, -dy), keeping its type,
// so a container can hand a mouse message to a child in the child's coordinates.
func TranslateMouse(msg tea.MouseMsg, dx, dy int) tea.MouseMsg {
	m := msg.Mouse()
	m.X -= dx
	m.Y -= dy
	switch msg.(type) {
	case tea.MouseClickMsg:
		return tea.MouseClickMsg(m)
	case tea.MouseReleaseMsg:
		return tea.MouseReleaseMsg(m)
	case tea.MouseWheelMsg:
		return tea.MouseWheelMsg(m)
	case tea.MouseMotionMsg:
		return tea.MouseMotionMsg(m)
	}
	return msg
}
