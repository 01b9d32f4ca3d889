package ui

import (
	"regexp"
	"strings"
	"testing"

	"hindsight-tui/ui/memories"
	"hindsight-tui/ui/recall"
	"hindsight-tui/ui/uitest"
)

// P in the memories list pins the memory under the cursor, and the pin reaches the
// recall pane (a broadcast through the router), whose explainer lists it.
func TestPinFromTheMemoriesListReachesRecall(t *testing.T) {
	_, h := uitest.Demo(t, memories.New, uitest.ID("memories"))
	rc := recall.New(h.C)
	w, ht := uitest.PaneSize(120, 40)
	h.Add("recall", rc, w, ht)
	h.SelectBank(uitest.DemoBank)
	h.Focus("memories")
	h.Keys("P")
	// The toast names the memory pinned: its text and the start of its id.
	found := regexp.MustCompile(`^pinned .*\(([0-9a-f]{8})\) as expected for user-alex-prefs`).FindStringSubmatch(strings.Join(h.Toasts, "\n"))
	if found == nil {
		t.Fatalf("toasts %q", h.Toasts)
	}
	id := found[1]
	h.Focus("recall")
	h.Keys("esc", "e")
	view := uitest.Plain(uitest.View(t, rc))
	if !strings.Contains(view, "1 memory pinned") || !strings.Contains(view, "("+id+")") {
		t.Errorf("the recall pane does not list the pin of %s:\n%s", id, view)
	}
}
