package e2e

import (
	"regexp"
	"strings"
	"testing"
	"time"
)

// cancelHelp is the cancel key's line in the help overlay.
var cancelHelp = regexp.MustCompile(`\sc\s+cancel\s`)

// footer is the last non-empty line of the screen: the keys that work now.
func footer(screen string) string {
	lines := strings.Split(strings.TrimRight(screen, "\n "), "\n")
	return lines[len(lines)-1]
}

// TestOperationsRetry opens the Operations tab in the demo, finds the seeded failed
// consolidation with its error, retries it (with the confirmation) and watches the
// auto-refresh take it out of failed. Cancel is not offered for the completed
// operation it becomes.
func TestOperationsRetry(t *testing.T) {
	s := demo(t)
	// The demo's queued consolidation has not moved for days: the tab says so and does
	// not poll for it, so the demo goes quiet.
	s.tab("Operations", "status all · type all · parents shown", "✗ failed", "no auto-refresh: no change in over 1h", "1 stalled")

	// Down to the failed operation: the detail beside the list shows its error.
	const failedDetail = "✗ failed  consolidation"
	for i := 0; !strings.Contains(s.screen(), failedDetail); i++ {
		if i == 10 {
			t.Fatalf("no failed operation selected after %d moves:\n%s", i, s.screen())
		}
		s.keys("j")
		time.Sleep(100 * time.Millisecond)
	}
	s.waitFor(wait, "LLM provider error: 429", "retries 3")
	if f := footer(s.screen()); !strings.Contains(f, "R retry") || strings.Contains(f, "c cancel") {
		t.Errorf("keys for a failed operation: %q", f)
	}

	// Retry, confirmed; then the refresh follows it: pending or processing, completed.
	s.press("R", "Retry operation", "enter to retry")
	s.press("Enter", "queued for retry")
	s.waitGone(wait, failedDetail, "Retry operation")
	scr := s.waitFor(wait, "✓ completed  consolidation", "consolidation")
	if !strings.Contains(scr, "retries 0") {
		t.Errorf("the detail did not follow the retry:\n%s", scr)
	}

	// Completed: cancel is disabled, so neither the footer nor the key offers it.
	scr = s.waitFor(wait, "D delete")
	if f := footer(scr); strings.Contains(f, "c cancel") || strings.Contains(f, "R retry") {
		t.Errorf("keys for a completed operation: %q", f)
	}
	s.keys("c", "?")
	scr = s.waitFor(wait, "Keys · hindsight-tui")
	if strings.Contains(scr, "Cancel operation") || cancelHelp.MatchString(scr) {
		t.Errorf("cancel offered for a completed operation:\n%s", scr)
	}
	s.keys("Escape")
	s.waitGone(wait, "Keys · hindsight-tui")
}
