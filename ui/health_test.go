package ui

import (
	"strings"
	"testing"

	"hindsight-tui/client/hindsighttest"
	"hindsight-tui/ui/uitest"
)

// The palette reaches the Health pane by its title; it checks the selected bank, and
// at 60 columns the footer still offers the fix and the re-run.
func TestHealthPaneFromThePalette(t *testing.T) {
	srv := uitest.DemoServer(t, hindsighttest.WithBankHealthSeed(), hindsighttest.WithBackgroundConsolidation())
	h := realModel(t, srv, 60, 20)
	h.run(h.m.Init(), 0)
	h.press(":")
	h.typeText("Health")
	mustContain(t, h.screen(), "Go to Health")
	h.press("enter")
	mustContain(t, h.screen(), "Health of user-alex-prefs")
	lines := strings.Split(h.screen(), "\n")
	if footer := lines[len(lines)-1]; !strings.Contains(footer, "f fix") {
		t.Fatalf("the footer at 60 columns lacks the fix:\n%s", h.screen())
	}
}
