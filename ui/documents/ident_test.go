package documents

import (
	"slices"
	"strings"
	"testing"

	"hindsight-tui/client"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/uitest"
)

// TestRefreshKeepsTheDocument: r keeps the cursor on its document when a write
// elsewhere moved it up the list; when the document under the cursor was deleted
// elsewhere, the cursor keeps its row (so D cannot reach another document unseen) and a
// notice names the document that left.
func TestRefreshKeepsTheDocument(t *testing.T) {
	m, r := uitest.Demo(t, New)
	r.Keys("j", "j")
	kept := m.selected().ID
	// The document below it is written: it goes to the top, and the kept one one row down.
	if err := r.C.Client.SetDocumentTags(t.Context(), uitest.DemoBank, m.list.items[3].ID, []string{"moved"}); err != nil {
		t.Fatal(err)
	}
	r.Keys("r")
	if got := m.selected(); got == nil || got.ID != kept || m.cursor != 3 {
		t.Fatalf("after r the cursor is on row %d of %v, want %s on row 3", m.cursor, ids(m), kept)
	}

	r.Keys("k")
	gone := m.selected().ID
	next := m.list.items[m.cursor+1].ID
	if _, err := r.C.Client.DeleteDocument(t.Context(), uitest.DemoBank, gone); err != nil {
		t.Fatal(err)
	}
	n := len(r.Toasts)
	r.Keys("r")
	if got := m.selected(); m.cursor != 2 || got == nil || got.ID != next {
		t.Errorf("cursor on row %d (%v), want row 2 holding %s", m.cursor, got, next)
	}
	if len(r.Toasts) != n+1 || !strings.Contains(r.Toasts[n], gone+" is no longer in this list near row 3") {
		t.Errorf("toasts %q", r.Toasts[n:])
	}
}

// TestARetainListsTheNewDocument: a retain into the bank (the Retain tab's, or an
// async one completing) lists the documents again without r: the new document shows,
// and the cursor stays on its document. An edit does not reload the list.
func TestARetainListsTheNewDocument(t *testing.T) {
	m, r := uitest.Demo(t, New)
	r.Keys("j")
	kept := m.selected().ID
	if _, err := r.C.Client.Retain(t.Context(), uitest.DemoBank, client.RetainRequest{Items: []client.MemoryItem{
		{Content: "Alex booked a table at Sushi Arai for the 14th.", DocumentID: "retain-test-doc"}}}); err != nil {
		t.Fatal(err)
	}
	r.Send(common.MemoryChangedMsg{BankID: uitest.DemoBank, Change: common.MemoryEdited})
	if slices.Contains(ids(m), "retain-test-doc") {
		t.Fatal("an edit reloaded the list")
	}
	r.Send(common.MemoryChangedMsg{BankID: uitest.DemoBank, Change: common.MemoryRetained})
	if !slices.Contains(ids(m), "retain-test-doc") {
		t.Fatalf("the new document is not listed: %v", ids(m))
	}
	if got := m.selected(); got == nil || got.ID != kept {
		t.Errorf("the cursor left %s for %v", kept, got)
	}
}
