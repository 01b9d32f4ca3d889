package e2e

import "testing"

// TestEntitiesAndTags opens the Entities pane in the demo, selects an entity and sees
// the memories linked to it; then it searches the Tags pane with a wildcard and jumps
// from a tag to a recall scoped to it, whose filter shows the tag's chip.
func TestEntitiesAndTags(t *testing.T) {
	s := demo(t)
	s.tab("Entities", "53 entities", "Alex Moreno", "Linked memories · ")
	s.press("j", "mentions   20", "Jordan works rotating")
	s.keys("Enter", "j", "Enter") // into the linked memories, open the second
	s.waitFor(wait, "Memory", "observation", "esc close")
	s.keys("Escape")
	s.waitGone(wait, "esc close")

	// t switches the tab to the tag browser.
	s.press("Escape", "enter linked memories") // an escape right before a key reads as alt+key
	s.press("t", "source:chat", "30 tags")
	s.keys("/")
	s.typeText("source:*")
	s.waitFor(wait, "3 tags", "source:calendar")
	s.keys("Enter", "j", "R")
	s.waitFor(wait, "tags  source:calendar", "match any_strict", "what would your agent ask")
}
