package memories

import (
	"testing"

	"hindsight-tui/ui/uitest"
)

// TestContract drives the pane through everything it asks the server, through the
// validating transport: the list with every filter and paging, the single memory and
// an observation's history, an edit, and bulk invalidate and restore. Every request
// the pane sends, and every answer it reads, must match Hindsight's OpenAPI document.
func TestContract(t *testing.T) {
	m, r, check := uitest.Contract(t, New)

	// Every filter value, and paging to the end.
	for range typeCycle() {
		r.Keys("t")
	}
	for range consolidationCycle() {
		r.Keys("c")
	}
	r.Keys("f", "s", "o", "u", "r", "c", "e", ":", "c", "h", "a", "t", "enter")
	for range matchCycle() {
		r.Keys("m")
	}
	r.Keys("R", "s", "o", "a", "t", "enter", "R", "G", "g")
	if m.win.total == 0 {
		t.Fatal("nothing listed")
	}

	// Open an observation (memory and history), then edit and curate a world fact.
	r.Keys("t", "t", "t", "enter", "esc", "t", "enter", "esc")
	r.Keys("E", "enter", "x", "ctrl+s", "enter") // a new line in the text, preview, save
	r.Keys("space", "space", "x", "enter", "v", "A", "u", "enter")

	check()
}
