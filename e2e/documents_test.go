package e2e

import (
	"fmt"
	"regexp"
	"strconv"
	"testing"
)

// overviewTotal is the memory total in the overview's Memories table.
var overviewTotal = regexp.MustCompile(`[┃│] total\s+(\d+)\s`)

// deleteCount is the memory count the delete confirmation states.
var deleteCount = regexp.MustCompile(`and its (\d+) memories\?`)

// TestDocumentDelete opens a document of the demo bank with its text, deletes it after
// the confirmation that states its memory count, and sees the document leave the list
// and the overview's memory total drop by exactly that count.
func TestDocumentDelete(t *testing.T) {
	s := demo(t)
	before := number(t, overviewTotal, s.waitFor(wait, "Alex's assistant", "documents"))
	s.tab("Documents", "chat-2026-11-02-tokyo-food", "5 of 5")

	// Open the Tokyo chat: its text, chunk by chunk.
	s.keys("/")
	s.typeText("tokyo-food")
	s.press("Enter", "1 of 1")
	s.press("Enter", "── chunk 0", "Retain parameters", "world 3")

	// Delete, confirmed; the dialog says how many memories go with it.
	s.keys("D")
	scr := s.waitFor(wait, "Delete document", "enter to delete")
	n := number(t, deleteCount, scr)
	s.press("Enter", "Deleted document chat-2026-11-02-tokyo-food")
	s.waitFor(wait, "0 of 0")
	s.keys("/")
	for range len("tokyo-food") {
		s.keys("BSpace")
	}
	s.press("Enter", "4 of 4")
	s.waitGone(wait, "chat-2026-11-02-tokyo-food")

	// The sidebar's fact count follows at once (after the bank's health mark, ✗ here:
	// the demo bank has a failed consolidation); the overview's counters on refresh.
	s.waitFor(wait, fmt.Sprintf("Alex's assistant ✗ %d facts", before-n))
	s.press("1", "Mission")
	s.keys("r")
	after := number(t, overviewTotal, s.waitFor(wait, "documents                4"))
	if after != before-n {
		t.Fatalf("memory total %d → %d, deleted %d", before, after, n)
	}
}

// number is the first group of re in screen, as an int.
func number(t *testing.T, re *regexp.Regexp, screen string) int {
	t.Helper()
	m := re.FindStringSubmatch(screen)
	if m == nil {
		t.Fatalf("no %s on screen:\n%s", re, screen)
	}
	n, err := strconv.Atoi(m[1])
	if err != nil {
		t.Fatal(err)
	}
	return n
}
