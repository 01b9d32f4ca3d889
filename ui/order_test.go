package ui

import (
	"testing"

	"hindsight-tui/ui/uitest"
)

// TestListsSayTheirOrder: every list with a date or count column names the order the
// server lists it in, and the column the order follows carries a ↓, so that a column
// of dates never looks unsorted without a word.
func TestListsSayTheirOrder(t *testing.T) {
	h := realModel(t, uitest.DemoServer(t), 120, 40)
	h.run(h.m.Init(), 0)
	for _, tc := range []struct {
		pane   string
		keys   []string
		order  string
		column string
	}{
		{"memories", []string{"2"}, "newest mentioned first", "MENTIONED↓"},
		{"documents", []string{"6"}, "", "UPDATED↓"}, // beside the open document the line has no room
		{"entities", []string{"7"}, "", "mentions↓"},
		{"operations", []string{"8"}, "newest created first", "created↓"},
	} {
		h.press(tc.keys...)
		scr := h.screen()
		mustContain(t, scr, tc.column, "newest write first")
		if tc.order != "" {
			mustContain(t, scr, tc.order)
		}
	}
	h.press(":")
	h.typeText("Go to Tags")
	h.press("enter")
	mustContain(t, h.screen(), "memories↓", "most used first")
	h.press("B") // the panes take the whole width: room for the order
	h.press("6")
	mustContain(t, h.screen(), "newest updated first")
	h.press("7", "t") // back from the tags to the entities
	mustContain(t, h.screen(), "most mentioned first", "newest mentioned first")
}
