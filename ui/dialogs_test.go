package ui

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"hindsight-tui/ui/uitest"
)

// TestDialogLoadsLandInTheDialog opens, in the real app against the in-process demo
// server (which answers at once), every dialog that loads something when it opens: the
// answer must reach the dialog, which the router put on the stack before running the
// load. It used to be possible for the answer to arrive first, which is why panes kept
// relaying messages to their dialogs.
func TestDialogLoadsLandInTheDialog(t *testing.T) {
	batch := filepath.Join(t.TempDir(), "items.jsonl")
	items := `{"content": "Alex renewed the gym membership."}` + "\n" + `{"content": "Alex prefers aisle seats."}` + "\n"
	if err := os.WriteFile(batch, []byte(items), 0o600); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name  string
		open  func(h *harness)
		front string // the dialog's type
		shows string // what only the load's answer puts on screen
		not   string // what the dialog shows while it waits
	}{
		{name: "memory", open: func(h *harness) { h.press("2", "enter") },
			front: "*components.MemoryDialog", shows: "entities", not: "loading memory"},
		{name: "document tags form", open: func(h *harness) { h.press("6", "e") },
			front: "*components.Form", shows: "source:chat", not: "loading tags"},
		{name: "retain batch file", open: func(h *harness) {
			h.press("5", "esc", "ctrl+b")
			h.typeText(batch)
			h.press("enter")
		}, front: "*retain.batchDialog", shows: "Alex prefers aisle seats", not: "reading"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			h := realModel(t, uitest.DemoServer(t), 120, 40)
			h.run(h.m.Init(), 0)
			tc.open(h)
			front := h.m.r.Front()
			if got := typeName(front); got != tc.front {
				t.Fatalf("front dialog %s, want %s:\n%s", got, tc.front, h.screen())
			}
			view := uitest.Plain(uitest.View(t, front))
			if !strings.Contains(view, tc.shows) || strings.Contains(view, tc.not) {
				t.Fatalf("the load did not land in the dialog:\n%s", view)
			}
		})
	}
}

func typeName(v any) string { return fmt.Sprintf("%T", v) }
