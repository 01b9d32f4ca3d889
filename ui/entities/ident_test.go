package entities

import (
	"fmt"
	"strings"
	"testing"

	"hindsight-tui/client"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/uitest"
)

// retainMentioning stores n memories that mention name, in document doc.
func retainMentioning(t *testing.T, h *uitest.Host, name, doc string, n int) {
	t.Helper()
	var items []client.MemoryItem
	for i := range n {
		items = append(items, client.MemoryItem{Content: fmt.Sprintf("%s came up again (%d).", name, i),
			DocumentID: doc, Entities: []client.EntityHint{{Text: name}}})
	}
	if _, err := h.C.Client.Retain(t.Context(), alex, client.RetainRequest{Items: items}); err != nil {
		t.Fatal(err)
	}
}

// TestRefreshKeepsTheEntity: r keeps the cursor on its entity when new mentions moved
// another one above it; when the entity under the cursor left the bank, the cursor
// keeps its row and a notice names the entity that left.
func TestRefreshKeepsTheEntity(t *testing.T) {
	m, h := uitest.Demo(t, New, uitest.ID(common.PaneEntities))
	h.Keys("j", "j")
	kept := m.selected().ID
	below := m.rows[m.visible[3]]
	retainMentioning(t, h, below.CanonicalName, "", m.rows[0].MentionCount-below.MentionCount+1)
	h.Keys("r")
	if got := m.selected(); got == nil || got.ID != kept || m.cursor != 3 || m.rows[0].ID != below.ID {
		t.Fatalf("after r the cursor is on row %d (%v), want %s on row 3", m.cursor, got, kept)
	}

	retainMentioning(t, h, "Zebulon Quux", "ident-test-doc", 1)
	h.Keys("r")
	var zeb client.Entity
	for i := range m.rows {
		if m.rows[i].CanonicalName == "Zebulon Quux" {
			zeb = m.rows[i]
		}
	}
	if !m.selectID(zeb.ID) {
		t.Fatal("the new entity is not listed")
	}
	row := m.cursor
	if _, err := h.C.Client.DeleteDocument(t.Context(), alex, "ident-test-doc"); err != nil {
		t.Fatal(err)
	}
	n := len(h.Toasts)
	h.Keys("r")
	if got := m.selected(); m.cursor != min(row, len(m.visible)-1) || got == nil || got.ID == zeb.ID {
		t.Errorf("cursor on row %d (%v), want row %d", m.cursor, got, row)
	}
	if len(h.Toasts) != n+1 || !strings.Contains(h.Toasts[n], common.ItemName(zeb.CanonicalName, zeb.ID)+" is no longer in this list") {
		t.Errorf("toasts %q", h.Toasts[n:])
	}
	if m.det.id != m.selected().ID {
		t.Errorf("the detail shows %s, not the entity under the cursor", m.det.id)
	}
}

// TestDetailKeepsTheMemory: in the detail, r keeps the cursor on its memory when a new
// one came first; when that memory was invalidated elsewhere, the cursor keeps its row
// and a notice names it. An invalidation from the inspector (a MemoryChangedMsg) says
// nothing: the user did it.
func TestDetailKeepsTheMemory(t *testing.T) {
	m, h := uitest.Demo(t, New, uitest.ID(common.PaneEntities))
	h.Keys("enter", "j")
	kept := m.det.mems[1]
	retainMentioning(t, h, m.det.entity.CanonicalName, "", 1)
	h.Keys("r")
	if m.det.cursor != 2 || m.det.mems[m.det.cursor].ID != kept.ID || m.det.total != len(m.det.mems) {
		t.Fatalf("after r the detail cursor is on row %d, want %s on row 2", m.det.cursor, kept.ID)
	}

	if _, err := h.C.Client.UpdateMemory(t.Context(), alex, kept.ID,
		client.UpdateMemoryRequest{State: client.Ptr("invalidated"), Reason: client.Ptr("test")}); err != nil {
		t.Fatal(err)
	}
	next := m.det.mems[3].ID
	n := len(h.Toasts)
	h.Keys("r")
	if m.det.cursor != 2 || m.det.mems[2].ID != next {
		t.Errorf("detail cursor on row %d, want row 2 holding %s", m.det.cursor, next)
	}
	if len(h.Toasts) != n+1 || !strings.Contains(h.Toasts[n], common.ItemName(kept.Text, kept.ID)+" is no longer in this list near row 3") {
		t.Errorf("toasts %q", h.Toasts[n:])
	}

	gone := m.det.mems[2]
	if _, err := h.C.Client.UpdateMemory(t.Context(), alex, gone.ID,
		client.UpdateMemoryRequest{State: client.Ptr("invalidated"), Reason: client.Ptr("test")}); err != nil {
		t.Fatal(err)
	}
	next = m.det.mems[3].ID
	n = len(h.Toasts)
	h.Send(common.MemoryChangedMsg{BankID: alex, IDs: []string{gone.ID}, Change: common.MemoryInvalidated})
	if m.det.cursor != 2 || m.det.mems[2].ID != next || len(h.Toasts) != n {
		t.Errorf("after the invalidation the detail cursor is on row %d (want 2, holding %s); toasts %q", m.det.cursor, next, h.Toasts[n:])
	}
}

// TestRefreshKeepsTheTag: r keeps the cursor on its tag when new memories moved another
// tag above it; when the tag under the cursor left the bank, the cursor keeps its row
// and a notice names the tag that left.
func TestRefreshKeepsTheTag(t *testing.T) {
	tg, h := uitest.Demo(t, NewTags)
	h.Keys("j", "j")
	kept := tg.rows[2].Tag
	below := tg.rows[3]
	var items []client.MemoryItem
	for range tg.rows[0].Count - below.Count + 1 {
		items = append(items, client.MemoryItem{Content: "One more.", Tags: []string{below.Tag}})
	}
	items = append(items, client.MemoryItem{Content: "A tag of its own.", DocumentID: "ident-tag-doc", Tags: []string{"zz-ident"}})
	if _, err := h.C.Client.Retain(t.Context(), alex, client.RetainRequest{Items: items}); err != nil {
		t.Fatal(err)
	}
	h.Keys("r")
	if tg.cursor != 3 || tg.rows[3].Tag != kept || tg.rows[0].Tag != below.Tag {
		t.Fatalf("after r the cursor is on row %d of %+v, want %s on row 3", tg.cursor, tg.rows[:4], kept)
	}

	h.Keys("G")
	row := tg.cursor
	if tg.rows[row].Tag != "zz-ident" {
		t.Fatalf("last tag %q", tg.rows[row].Tag)
	}
	if _, err := h.C.Client.DeleteDocument(t.Context(), alex, "ident-tag-doc"); err != nil {
		t.Fatal(err)
	}
	n := len(h.Toasts)
	h.Keys("r")
	if tg.cursor != row-1 || tg.cursor != len(tg.rows)-1 {
		t.Errorf("cursor on row %d of %d, want the last row", tg.cursor, len(tg.rows))
	}
	if len(h.Toasts) != n+1 || !strings.Contains(h.Toasts[n], "tag “zz-ident” is no longer in this list") {
		t.Errorf("toasts %q", h.Toasts[n:])
	}
}

// TestARetainListsTheNewEntity: a retain into the bank lists the entities again
// without r: a new entity shows, counts follow, and the cursor stays on its entity.
func TestARetainListsTheNewEntity(t *testing.T) {
	m, h := uitest.Demo(t, New, uitest.ID(common.PaneEntities))
	h.Keys("j")
	kept := m.selected().ID
	retainMentioning(t, h, "Zebulon Quux", "", 2)
	h.Send(common.MemoryChangedMsg{BankID: alex, Change: common.MemoryRetained})
	found := false
	for _, e := range m.rows {
		found = found || e.CanonicalName == "Zebulon Quux"
	}
	if !found {
		t.Error("the new entity is not listed")
	}
	if got := m.selected(); got == nil || got.ID != kept {
		t.Errorf("the cursor left %s for %v", kept, got)
	}
}
