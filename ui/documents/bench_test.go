package documents

import (
	"fmt"
	"testing"

	"hindsight-tui/client"
	"hindsight-tui/ui/uitest"
)

// loadedPane is a focused pane the size (the main pane of a 120x40 terminal) with 1,000
// documents loaded and the cursor in the middle of the list.
func loadedPane(b *testing.B) *Model {
	b.Helper()
	c := uitest.NewCommon(b, nil)
	m := New(c)
	m.SetSize(uitest.PaneSize(120, 40))
	m.bank = "bench"
	_ = m.Focus()
	items := make([]client.Document, 1000)
	for i := range items {
		items[i] = client.Document{ID: fmt.Sprintf("email-2026-11-%04d-quarterly-review", i), TextLength: 1200 + i,
			MemoryUnitCount: i % 17, Tags: []string{"source:email", "team:platform"},
			UpdatedAt: client.Time{Time: uitest.Now.Add(-3600e9)}}
	}
	m.list.seq = 1
	m.Update(listedMsg{bank: "bench", seq: 1, page: &client.DocumentList{Items: items, Page: client.Page{Total: 1000}}})
	m.cursor = 500
	return m
}

// BenchmarkView is one frame of the list with 1,000 documents loaded.
func BenchmarkView(b *testing.B) {
	uitest.BenchView(b, loadedPane(b))
}

// BenchmarkMoveCursor is one step down the list and the frame after it.
func BenchmarkMoveCursor(b *testing.B) {
	uitest.BenchKeys(b, loadedPane(b), "down", "up")
}
