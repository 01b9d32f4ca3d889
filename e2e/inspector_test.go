package e2e

import (
	"regexp"
	"testing"
)

// inspectedID is the id the memory inspector shows under its title.
var inspectedID = regexp.MustCompile(`│ world ([0-9a-f-]{36})`)

// TestCurateFromRecall acts on a memory where recall found it: opens a result in the
// memory inspector, edits it (with the preview), invalidates it with a reason, finds
// it among the invalidated memories in the Memories tab and restores it there. Each
// step checks the inspector shows the same memory id and each confirmation names it.
func TestCurateFromRecall(t *testing.T) {
	s := demo(t)
	s.tab("Recall", "what would your agent ask")
	s.typeText("aisle seat")
	s.keys("Enter")
	s.waitFor(wait, "results ·", "Alex flies Seattle to Tokyo")

	// The first result is the flight; open it.
	scr := s.press("Enter", "Memory", "E edit · x invalidate")
	m := inspectedID.FindStringSubmatch(scr)
	if m == nil {
		t.Fatalf("no memory id in the inspector:\n%s", scr)
	}
	id := m[1]

	// Edit: the preview names the memory; saving shows the stored text.
	s.press("E", "Edit memory", "ctrl+s preview")
	s.keys("C-e")
	s.typeText(" Confirmed.")
	s.press("C-s", "Save changes?", "Save these changes to “Alex flies Seattle", "("+id[:8]+")", "+ … 24C. Confirmed.")
	s.press("Enter", "saved “Alex flies Seattle", "in aisle seat 24C. Confirmed.")

	// Invalidate with a reason, from the same inspector.
	s.press("x", "Invalidate memory", "invalidate “Alex flies Seattle", "("+id[:8]+")")
	s.typeText("booked a window seat instead")
	s.press("Enter", "invalidated “Alex flies Seattle", "reason      booked a window seat instead", "u restore")
	if got := inspectedID.FindStringSubmatch(s.screen()); got == nil || got[1] != id {
		t.Fatalf("the inspector moved to another memory: %v", got)
	}
	// Back in the results: the list says it shows what was recalled.
	s.press("Escape", "1 result written since this search (shown as recalled) · r searches again")

	// In Memories, among the invalidated: the same memory, with its reason.
	s.tab("Memories", "all valid memories", "79 facts")
	s.press("v", "state: invalidated", "Alex flies Seattle to Tokyo")
	s.keys("/")
	s.typeText("Seattle to Tokyo")
	s.keys("Enter")
	scr = s.press("Enter", "Memory", "reason      booked a window seat instead", "u restore")
	if got := inspectedID.FindStringSubmatch(scr); got == nil || got[1] != id {
		t.Fatalf("Memories opened another memory: %v\n%s", got, scr)
	}
	s.press("u", "Restore memory", "restore “Alex flies Seattle", "("+id[:8]+")")
	s.press("Enter", "restored “Alex flies Seattle", "state    valid", "x invalidate")
	s.keys("Escape")
	s.waitFor(wait, "80 facts")
}
