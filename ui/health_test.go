package ui

import (
	"strings"
	"testing"

	"hindsight-tui/client/hindsighttest"
	"hindsight-tui/ui/uitest"
)

// The palette reaches the Health pane by its title; it checks the selected bank, and
// at 60 columns the footer offers the fix on a check that has one (and not on one
// without).
func TestHealthPaneFromThePalette(t *testing.T) {
	srv := uitest.DemoServer(t, hindsighttest.WithBankHealthSeed(), hindsighttest.WithBackgroundConsolidation())
	h := realModel(t, srv, 60, 20)
	h.run(h.m.Init(), 0)
	h.press(":")
	h.typeText("Health")
	mustContain(t, h.screen(), "Go to Health")
	h.press("enter")
	mustContain(t, h.screen(), "Health of user-alex-prefs")
	footer := func() string { lines := strings.Split(h.screen(), "\n"); return lines[len(lines)-1] }
	if strings.Contains(footer(), "f fix") {
		t.Fatalf("stranded_facts (ok) offers a fix:\n%s", h.screen())
	}
	h.press("j") // failed_consolidation, whose fix is recover
	if !strings.Contains(footer(), "f fix") {
		t.Fatalf("the footer at 60 columns lacks the fix:\n%s", h.screen())
	}
}
