package recall

import (
	"strings"
	"testing"

	"hindsight-tui/client"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/uitest"
)

// TestSearchAgainKeepsTheMemory: r runs the same search again and keeps the cursor on
// its memory when another result above it went; when the memory itself is no longer
// among the results, the cursor keeps its row and a notice names the memory.
func TestSearchAgainKeepsTheMemory(t *testing.T) {
	m, h := uitest.Demo(t, New)
	query(h, m, "tokyo")
	h.Keys("j", "j")
	kept := *m.selected()
	invalidate := func(id string) {
		t.Helper()
		if _, err := h.C.Client.UpdateMemory(t.Context(), uitest.DemoBank, id,
			client.UpdateMemoryRequest{State: client.Ptr("invalidated"), Reason: client.Ptr("test")}); err != nil {
			t.Fatal(err)
		}
	}
	invalidate(m.res.rows[0].res.ID)
	h.Keys("r")
	if got := m.selected(); got == nil || got.ID != kept.ID || m.cursor != 1 {
		t.Fatalf("after r the cursor is on row %d (%v), want %s on row 1", m.cursor, got, kept.ID)
	}

	next := m.res.rows[2].res.ID
	invalidate(kept.ID)
	n := len(h.Toasts)
	h.Keys("r")
	if got := m.selected(); got == nil || got.ID != next || m.cursor != 1 {
		t.Errorf("cursor on row %d (%v), want row 1 holding %s", m.cursor, got, next)
	}
	if len(h.Toasts) != n+1 || !strings.Contains(h.Toasts[n], common.ItemName(kept.Text, kept.ID)+" is no longer in this list near row 2") {
		t.Errorf("toasts %q", h.Toasts[n:])
	}
}
