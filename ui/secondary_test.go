package ui

import (
	"slices"
	"testing"
)

// Secondary panes are not in digit reach and have no tab until they are open: the
// palette opens them, the tab bar then shows them, and tab cycles through them only
// while they are the pane shown.
func TestSecondaryPanes(t *testing.T) {
	h, f := fakeModel(t, Options{}, "Overview", "Memories", "+Mental models", "+Directives")
	h.connectFake(120, 40)
	mustNotContain(t, h.screen(), "Mental models", "Directives")
	h.press("3") // no third primary pane: nothing happens
	if h.m.focus != 0 {
		t.Fatalf("3 moved focus to %d", h.m.focus)
	}
	h.press(":")
	// The palette offers the secondary panes without a digit: none would reach them.
	for _, a := range h.m.actions() {
		if (a.Name == "Go to Mental models" || a.Name == "Go to Directives") && a.Key != "" {
			t.Errorf("the palette names key %q for %q", a.Key, a.Name)
		}
		if a.Name == "Go to Memories" && a.Key != "2" {
			t.Errorf("the palette names key %q for Memories", a.Key)
		}
	}
	h.typeText("mental models")
	h.press("enter")
	if !f.tabs[2].focused || h.m.focus != 3 {
		t.Fatalf("the palette did not open the secondary pane: focus %d", h.m.focus)
	}
	scr := h.screen()
	mustContain(t, scr, "Mental models")
	mustNotContain(t, scr, "3 Mental models", "Directives")
	// The open secondary pane is last in the ring: tab goes on to the sidebar and
	// shift+tab comes back to it. Once a primary pane is shown it is closed, and the
	// ring no longer stops there.
	var seen []int
	for _, k := range []string{"tab", "shift+tab", "tab", "tab", "tab", "tab"} {
		h.press(k)
		seen = append(seen, h.m.focus)
	}
	if want := []int{0, 3, 0, 1, 2, 0}; !slices.Equal(seen, want) {
		t.Errorf("tab visits %v, want %v", seen, want)
	}
	// Once another pane is shown, the secondary's tab goes away.
	h.press("1")
	mustNotContain(t, h.screen(), "Mental models")
}
