package common

import (
	"testing"

	tea "charm.land/bubbletea/v2"
)

func TestTranslateMouseKeepsTheType(t *testing.T) {
	in := tea.Mouse{X: 10, Y: 7, Button: tea.MouseLeft}
	for _, msg := range []tea.MouseMsg{tea.MouseClickMsg(in), tea.MouseReleaseMsg(in), tea.MouseWheelMsg(in), tea.MouseMotionMsg(in)} {
		out := TranslateMouse(msg, 3, 2)
		if got := out.Mouse(); got.X != 7 || got.Y != 5 || got.Button != tea.MouseLeft {
			t.Errorf("%T: %+v", msg, got)
		}
		if typeName(out) != typeName(msg) {
			t.Errorf("%T became %T", msg, out)
		}
	}
}

func typeName(m tea.MouseMsg) string {
	switch m.(type) {
	case tea.MouseClickMsg:
		return "click"
	case tea.MouseReleaseMsg:
		return "release"
	case tea.MouseWheelMsg:
		return "wheel"
	case tea.MouseMotionMsg:
		return "motion"
	}
	return "?"
}
