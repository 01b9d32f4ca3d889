package operations

import (
	"strings"
	"testing"

	"hindsight-tui/client"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/uitest"
)

// TestRefreshKeepsTheOperation: r keeps the cursor on its operation when a new one came
// first; when the operation under the cursor was deleted elsewhere, the cursor keeps
// its row and a notice names the operation that left.
func TestRefreshKeepsTheOperation(t *testing.T) {
	m, h := uitest.Demo(t, New)
	done := func(op client.Operation) bool { return !isActive(op.Status) }
	kept := selectRow(t, h, m, done)
	row := m.cursor
	if _, err := h.C.Client.Retain(t.Context(), uitest.DemoBank, client.RetainRequest{Async: true,
		Items: []client.MemoryItem{{Content: "Something new."}}}); err != nil {
		t.Fatal(err)
	}
	h.Keys("r")
	if r := m.selected(); r == nil || r.op.ID != kept.ID || m.cursor <= row {
		t.Fatalf("after r the cursor is on row %d (%+v), want %s further down than row %d", m.cursor, r, kept.ID, row)
	}
	row = m.cursor

	next := m.list.rows[m.cursor+1].op.ID
	if _, err := h.C.Client.DeleteOperation(t.Context(), uitest.DemoBank, kept.ID); err != nil {
		t.Fatal(err)
	}
	n := len(h.Toasts)
	h.Keys("r")
	if r := m.selected(); r == nil || r.op.ID != next || m.cursor != row {
		t.Errorf("cursor on row %d (%v), want row %d holding %s", m.cursor, r, row, next)
	}
	if len(h.Toasts) < n+1 || !strings.Contains(strings.Join(h.Toasts[n:], "\n"), "operation "+common.ShortID(kept.ID)) ||
		!strings.Contains(strings.Join(h.Toasts[n:], "\n"), "is no longer in this list") {
		t.Errorf("toasts %q", h.Toasts[n:])
	}

	// Another filter is another list: it starts at its top and says nothing.
	n = len(h.Toasts)
	h.Keys("s")
	if m.cursor != 0 || len(h.Toasts) != n {
		t.Errorf("after a filter change: cursor %d, toasts %q", m.cursor, h.Toasts[n:])
	}
}
