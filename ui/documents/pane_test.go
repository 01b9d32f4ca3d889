package documents

import (
	tea "charm.land/bubbletea/v2"
	"net/http"
	"slices"
	"strings"
	"testing"

	"hindsight-tui/client"
	"hindsight-tui/ui/common"
)

// TestListFiltersToRequests checks that the first list, the id search (debounced,
// sent on a pause) and the tags filter with its match mode become the right requests.
func TestListFiltersToRequests(t *testing.T) {
	srv := demoServer(t)
	rec := &recorder{}
	c := newCommon(t, srv, client.WithHTTPClient(&http.Client{Transport: rec}))
	r := startPane(t, c, demoBank, 88, 35)
	if got := rec.last(); got != "GET /v1/default/banks/user-alex-prefs/documents?limit=100" {
		t.Fatalf("first list: %s", got)
	}
	if len(r.ids()) != 5 || r.m.list.total != 5 {
		t.Fatalf("listed %v (total %d)", r.ids(), r.m.list.total)
	}

	r.keys("/")
	if !r.m.Capturing() {
		t.Fatal("search box does not capture")
	}
	r.typeText("tokyo")
	r.keys("esc")
	if got := rec.last(); !strings.Contains(got, "q=tokyo") {
		t.Fatalf("search request: %s", got)
	}
	for _, id := range r.ids() {
		if !strings.Contains(id, "tokyo") {
			t.Fatalf("search listed %q", id)
		}
	}
	if len(r.ids()) != 2 {
		t.Fatalf("search listed %v", r.ids())
	}

	r.keys("t")
	r.typeText("trip:tokyo-2026")
	r.keys("enter", "esc")
	if got := rec.last(); !strings.Contains(got, "tags=trip%3Atokyo-2026") || strings.Contains(got, "tags_match") {
		t.Fatalf("tags request: %s", got)
	}
	r.keys("M")
	if got := rec.last(); !strings.Contains(got, "tags_match=any") {
		t.Fatalf("match request: %s", got)
	}
	if !strings.Contains(r.m.View(), "(any)") {
		t.Fatal("match mode not shown")
	}
}

// TestStaleAnswersDropped checks that the answer of a replaced request is ignored.
func TestStaleAnswersDropped(t *testing.T) {
	srv := demoServer(t)
	r := startPane(t, newCommon(t, srv), demoBank, 88, 35)
	before := slices.Clone(r.ids())
	r.send(listedMsg{owner: r.m, bank: demoBank, seq: r.m.list.seq - 1,
		page: &client.DocumentList{Items: []client.Document{{ID: "stale"}}}})
	if !slices.Equal(before, r.ids()) {
		t.Fatalf("stale answer taken: %v", r.ids())
	}
}

// TestPaging lists 130 documents: a page of 100 with the total, the rest at the end.
func TestPaging(t *testing.T) {
	srv := demoServer(t)
	rec := &recorder{}
	c := newCommon(t, srv, client.WithHTTPClient(&http.Client{Transport: rec}))
	seedDocuments(t, c, "paging", 130)
	r := startPane(t, c, "paging", 88, 35)
	if len(r.ids()) != 100 || r.m.list.total != 130 {
		t.Fatalf("first page: %d of %d", len(r.ids()), r.m.list.total)
	}
	if !strings.Contains(r.m.View(), "100 of 130") {
		t.Fatal("count not shown")
	}
	r.keys("G")
	if got := rec.last(); !strings.Contains(got, "offset=100") {
		t.Fatalf("next page request: %s", got)
	}
	if len(r.ids()) != 130 || r.m.cursor != 99 {
		t.Fatalf("after paging: %d rows, cursor %d", len(r.ids()), r.m.cursor)
	}
}

// TestDetailLoading opens a document: counts by type, parameters, metadata, chunks;
// ] jumps to a chunk, m links to its memories and esc goes back to the list.
func TestDetailLoading(t *testing.T) {
	srv := demoServer(t)
	r := startPane(t, newCommon(t, srv), demoBank, 88, 35)
	id := "chat-2026-11-02-tokyo-food"
	r.m.cursor = slices.Index(r.ids(), id)
	r.keys("enter")
	if r.m.det.doc == nil || r.m.det.doc.ID != id || len(r.m.det.chunks) != 3 {
		t.Fatalf("detail: %+v", r.m.det)
	}
	v := r.m.View()
	for _, want := range []string{"world 3", "chunk 0", "chunk 2", "Retain parameters", "Metadata", "tokyo-planning"} {
		if !strings.Contains(v, want) {
			t.Fatalf("detail lacks %q:\n%s", want, v)
		}
	}
	r.keys("]")
	if r.m.det.scroll != r.m.det.view.starts[0] {
		t.Fatalf("] went to line %d", r.m.det.scroll)
	}
	r.keys("m")
	nav := rootMsgs[common.ShowPaneMsg](r)
	if len(nav) != 1 || nav[0].ID != common.PaneMemories {
		t.Fatalf("memories link: %+v", nav)
	}
	if sm, ok := nav[0].Then.(common.ShowMemoriesMsg); !ok || sm.BankID != demoBank || sm.DocumentID != id {
		t.Fatalf("memories link: %+v", nav)
	}
	r.keys("esc")
	if r.m.open {
		t.Fatal("esc did not close the document")
	}
	_ = r.m.View()
	r.send(tea.MouseClickMsg{X: 3, Y: r.m.listTop + 2, Button: tea.MouseLeft})
	if r.m.cursor != 2 {
		t.Fatalf("click selected row %d", r.m.cursor)
	}
}

// TestShowDocumentScrollsToChunk follows another pane's link to a chunk.
func TestShowDocumentScrollsToChunk(t *testing.T) {
	srv := demoServer(t)
	c := newCommon(t, srv)
	chunks, err := c.Client.ListChunks(t.Context(), demoBank, "chat-2026-10-03-weekend-plans", 0, 0)
	if err != nil || len(chunks.Items) < 3 {
		t.Fatalf("chunks: %v %v", chunks, err)
	}
	m := New(c)
	m.SetSize(58, 15)
	r := &rig{t: t, m: m}
	r.send(common.ShowDocumentMsg{BankID: demoBank, DocumentID: "chat-2026-10-03-weekend-plans", ChunkID: chunks.Items[2].ChunkID})
	v := m.View()
	if !m.open || !strings.Contains(v, "chunk 2") || len(r.ids()) != 5 {
		t.Fatalf("not scrolled to chunk 2:\n%s", v)
	}
}

// TestNoStoredText says so when the server keeps no document text.
func TestNoStoredText(t *testing.T) {
	srv := demoServer(t)
	r := startPane(t, newCommon(t, srv), demoBank, 88, 35)
	r.m.open, r.m.det = true, detail{id: "x", seq: 7}
	r.send(detailMsg{owner: r.m, bank: demoBank, seq: 7, doc: &client.Document{ID: "x"}})
	if v := r.m.View(); !strings.Contains(v, "does not store this document's text") {
		t.Fatalf("missing note:\n%s", v)
	}
}

// TestEditTags re-tags a document through the tags dialog.
func TestEditTags(t *testing.T) {
	srv := demoServer(t)
	c := newCommon(t, srv)
	r := startPane(t, c, demoBank, 88, 35)
	id := r.ids()[0]
	r.keys("e")
	if r.dlg == nil {
		t.Fatal("no tags dialog")
	}
	r.typeText("reviewed")
	r.keys("ctrl+s")
	if r.dlg != nil {
		t.Fatalf("dialog still open:\n%s", r.dlg.View())
	}
	doc, err := c.Client.GetDocument(t.Context(), demoBank, id)
	if err != nil || !slices.Contains(doc.Tags, "reviewed") {
		t.Fatalf("server tags %v (%v)", doc.Tags, err)
	}
	if !slices.Contains(r.m.list.items[0].Tags, "reviewed") || len(rootMsgs[common.ToastMsg](r)) != 1 {
		t.Fatalf("pane not updated: %v", r.m.list.items[0].Tags)
	}
}

// TestReprocess asks first, then announces the operation and refreshes the counts.
func TestReprocess(t *testing.T) {
	srv := demoServer(t)
	r := startPane(t, newCommon(t, srv), demoBank, 88, 35)
	r.keys("P")
	if r.dlg == nil || !strings.Contains(r.dlg.View(), "Reprocess document") {
		t.Fatal("reprocess does not ask first")
	}
	r.keys("enter")
	ops := rootMsgs[common.OperationStartedMsg](r)
	if len(ops) != 1 || ops[0].OperationID == "" || ops[0].BankID != demoBank {
		t.Fatalf("operation not announced: %+v", ops)
	}
	toasts := rootMsgs[common.ToastMsg](r)
	if len(toasts) != 1 || !strings.Contains(toasts[0].Text, ops[0].OperationID) {
		t.Fatalf("toast: %+v", toasts)
	}
	if len(rootMsgs[common.BanksChangedMsg](r)) != 1 {
		t.Fatal("counts not refreshed")
	}
}

// TestDeleteConfirmation states the memory count, does nothing on esc and, confirmed,
// deletes the document, drops it from the list and refreshes the counts.
func TestDeleteConfirmation(t *testing.T) {
	srv := demoServer(t)
	c := newCommon(t, srv)
	r := startPane(t, c, demoBank, 88, 35)
	id := "chat-2026-11-02-tokyo-food"
	r.m.cursor = slices.Index(r.ids(), id)
	r.keys("enter", "D")
	if r.dlg == nil || !strings.Contains(strings.Join(strings.Fields(r.dlg.View()), " "), "and its 5 memories?") {
		t.Fatal("confirmation does not state the memory count")
	}
	r.keys("esc")
	if _, err := c.Client.GetDocument(t.Context(), demoBank, id); err != nil {
		t.Fatal("esc deleted the document")
	}
	r.keys("D", "enter")
	if _, err := c.Client.GetDocument(t.Context(), demoBank, id); err == nil {
		t.Fatal("document not deleted")
	}
	if slices.Contains(r.ids(), id) || r.m.list.total != 4 || r.m.open {
		t.Fatalf("still listed: %v", r.ids())
	}
	toasts := rootMsgs[common.ToastMsg](r)
	if len(toasts) != 1 || !strings.Contains(toasts[0].Text, "5 memories") || len(rootMsgs[common.BanksChangedMsg](r)) != 1 {
		t.Fatalf("toast/refresh: %+v", r.root)
	}
}

// TestReadOnly offers no write, by key or in the palette; copying still works.
func TestReadOnly(t *testing.T) {
	srv := demoServer(t)
	c := newCommon(t, srv)
	c.ReadOnly = true
	r := startPane(t, c, demoBank, 88, 35)
	r.keys("enter")
	for _, k := range []string{"e", "P", "D"} {
		r.keys(k)
		if r.dlg != nil {
			t.Fatalf("%s opened a dialog in read-only mode", k)
		}
	}
	for _, a := range r.m.Actions() {
		if a.Key == "e" || a.Key == "P" || a.Key == "D" {
			t.Fatalf("write offered: %s", a.Name)
		}
	}
	if _, _, _, ok := r.m.Selection(); !ok {
		t.Fatal("nothing to copy")
	}
}
