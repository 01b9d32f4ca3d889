package components

import (
	"strings"

	"charm.land/lipgloss/v2"
)

// Dialog boxes are at most this wide: forms read badly when a field spans a whole
// ultra-wide terminal.
const dialogMaxWidth = 72

// dialogInnerWidth is the text width of a dialog on a screen of the given width: the box
// shrinks with the screen and never gets narrower than a usable minimum.
func dialogInnerWidth(screen int) int {
	if screen <= 0 {
		screen = 80
	}
	outer := min(screen-4, dialogMaxWidth)
	return max(outer-4, 16) // the overlay style's border and padding take four cells
}

// renderBox draws body in the overlay box, keeping the whole box within height lines
// when the screen is that short (the end of the body is cut, never the frame).
func renderBox(box lipgloss.Style, body string, height int) string {
	if height > 0 {
		if room := height - box.GetVerticalFrameSize(); room > 0 && strings.Count(body, "\n")+1 > room {
			body = Clip(body, room)
		}
	}
	return box.Render(body)
}
