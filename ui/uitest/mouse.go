package uitest

import tea "charm.land/bubbletea/v2"

// Click is a left click at x, y: cells from the top left of whatever receives it.
func Click(x, y int) tea.MouseClickMsg {
	return tea.MouseClickMsg{X: x, Y: y, Button: tea.MouseLeft}
}

// wheels are the wheel directions by name.
var wheels = map[string]tea.MouseButton{
	"up": tea.MouseWheelUp, "down": tea.MouseWheelDown, "left": tea.MouseWheelLeft, "right": tea.MouseWheelRight,
}

// Wheel is one notch of the mouse wheel, "up", "down", "left" or "right", at x, y.
func Wheel(dir string, x, y int) tea.MouseWheelMsg {
	b, ok := wheels[dir]
	if !ok {
		panic("uitest.Wheel: unknown direction " + dir)
	}
	return tea.MouseWheelMsg{X: x, Y: y, Button: b}
}
