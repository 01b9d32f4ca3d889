package e2e

import (
	"strings"
	"testing"
	"time"
)

// wait is generous: CI machines are shared and a cold start builds nothing but still
// starts the demo server and loads five banks.
const wait = 15 * time.Second

// TestShellAndBanks walks the app shell and the banks pane the way a new user would:
// start-up, bank navigation, filter, create and delete a bank, help, resize, quit.
func TestShellAndBanks(t *testing.T) {
	s := demo(t)

	// Start-up: the demo badge, the banks and the overview of the newest bank.
	scr := s.waitFor(wait, "DEMO", "Banks", "Alex's assistant", "Overview", "Disposition", "? help")
	if !strings.Contains(scr, "bank user-alex-prefs") {
		t.Fatalf("the newest bank is not selected on start:\n%s", scr)
	}

	// Navigation: j moves to the next bank and the header and overview follow.
	s.press("j", "bank research-agent", "RAG evaluation research")

	// Filter: server-side q narrows the list; esc clears it.
	s.keys("/")
	s.typeText("writer")
	s.waitFor(wait, "Marrow Point")
	s.waitGone(wait, "Platform team")
	s.press("Enter", "bank writer-agent")
	s.keys("/", "Escape")
	s.waitFor(wait, "Platform team", "Alex's assistant")

	// Create a bank through the dialog.
	s.press("n", "Create bank")
	s.typeText("e2e-bank")
	s.keys("Tab")
	s.typeText("E2E bank")
	s.keys("Tab")
	s.typeText("Created by the end-to-end test.")
	s.press("Enter", "created bank e2e-bank", "bank e2e-bank", "Created by the end-to-end test.")

	// Delete it: enter does nothing until the typed id matches exactly.
	s.press("D", "Delete bank", "Type the bank id to confirm")
	s.typeText("e2e-ban")
	s.press("Enter", "Delete bank")
	s.typeText("k")
	s.press("Enter", "deleted bank e2e-bank")
	s.waitGone(wait, "E2E bank")

	// Help overlay.
	s.press("?", "filter", "quit", "error log")
	s.keys("Escape")
	s.waitGone(wait, "error log")

	// Resize down to the smallest supported size and back, and below it.
	s.resize(60, 20)
	s.waitFor(wait, "Banks")
	s.resize(50, 15)
	s.waitFor(wait, "too small")
	s.resize(120, 40)
	s.waitFor(wait, "Disposition", "Alex's assistant")

	// Quit.
	s.quit("q")
}

// TestUnreachableServer shows the connection explanation instead of exiting, and quits
// cleanly from it.
func TestUnreachableServer(t *testing.T) {
	bin := binary(t)
	s := start(t, 120, 40, []string{"XDG_STATE_HOME=" + t.TempDir(), "HOME=" + t.TempDir()}, bin, "--url", "http://127.0.0.1:1")
	s.waitFor(wait, "Cannot connect to Hindsight", "Cannot reach the server at http://127.0.0.1:1", "r retry", "1 error")
	s.press("r", "Cannot connect to Hindsight", "2 errors")
	s.quit("q")
}
