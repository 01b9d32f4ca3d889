package e2e

import "testing"

// TestMemoriesCurate filters the demo bank's memories by tag and type, opens one,
// edits it with a diff preview, invalidates it, finds it under the invalidated state
// and restores it.
func TestMemoriesCurate(t *testing.T) {
	s := demo(t)
	s.tab("Memories", "all valid memories", "80 memories")

	// Tag and type filters.
	s.keys("f")
	s.typeText("trip:tokyo-2026")
	s.keys("Enter", "m", "m", "t")
	s.waitFor(wait, "type: world · tags(any_strict): trip:tokyo-2026", "11 memories")

	// Open the first memory in full.
	s.press("Enter", "Alex said the Tokyo trip", "esc close", "chat after the trip")
	s.keys("Escape")
	s.waitGone(wait, "esc close")

	// Edit its text, adding a line (enter starts one; ctrl+s previews): the preview
	// shows the change before anything is saved.
	s.press("E", "Edit memory", "ctrl+s preview · enter new line")
	s.keys("C-End", "Enter")
	s.typeText("Truly.")
	s.press("C-s", "Save changes?", "+ ", "↵ Truly.")
	s.press("Enter", "saved “Alex said the Tokyo trip")

	// Invalidate it, confirmed.
	s.press("x", "invalidate “Alex said the Tokyo trip")
	s.press("Enter", "invalidated 1 memory", "10 memories")

	// Find it under the invalidated state and restore it.
	s.press("v", "state: invalidated", "Alex said the Tokyo trip")
	s.press("u", "restore “Alex said the Tokyo trip")
	s.press("Enter", "restored 1 memory")
	s.press("v", "11 memories", "Alex said the Tokyo trip")
}
