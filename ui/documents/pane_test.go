package documents

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"hindsight-tui/client"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/uitest"
)

// TestListFiltersToRequests checks that the first list, the id search (debounced,
// sent on a pause) and the tags filter with its match mode become the right requests.
func TestListFiltersToRequests(t *testing.T) {
	rec := &uitest.Recorder{}
	m, r := uitest.Demo(t, New, uitest.WithClient(rec.Option()))
	if got := lastRequest(rec); got != "GET /v1/default/banks/user-alex-prefs/documents?limit=100" {
		t.Fatalf("first list: %s", got)
	}
	if len(ids(m)) != 5 || m.list.total != 5 {
		t.Fatalf("listed %v (total %d)", ids(m), m.list.total)
	}

	r.Keys("/")
	if !m.Capturing() {
		t.Fatal("search box does not capture")
	}
	r.Type("tokyo")
	r.Keys("esc")
	if got := lastRequest(rec); !strings.Contains(got, "q=tokyo") {
		t.Fatalf("search request: %s", got)
	}
	for _, id := range ids(m) {
		if !strings.Contains(id, "tokyo") {
			t.Fatalf("search listed %q", id)
		}
	}
	if len(ids(m)) != 2 {
		t.Fatalf("search listed %v", ids(m))
	}

	r.Keys("t")
	r.Type("trip:tokyo-2026")
	r.Keys("enter", "esc")
	if got := lastRequest(rec); !strings.Contains(got, "tags=trip%3Atokyo-2026") || strings.Contains(got, "tags_match") {
		t.Fatalf("tags request: %s", got)
	}
	r.Keys("M")
	if got := lastRequest(rec); !strings.Contains(got, "tags_match=any") {
		t.Fatalf("match request: %s", got)
	}
	if !strings.Contains(m.View(), "(any)") {
		t.Fatal("match mode not shown")
	}
}

// TestStaleAnswersDropped checks that the answer of a replaced request is ignored.
func TestStaleAnswersDropped(t *testing.T) {
	m, r := uitest.Demo(t, New)
	before := slices.Clone(ids(m))
	r.Deliver(listedMsg{bank: uitest.DemoBank, seq: m.list.seq - 1,
		page: &client.DocumentList{Items: []client.Document{{ID: "stale"}}}})
	if !slices.Equal(before, ids(m)) {
		t.Fatalf("stale answer taken: %v", ids(m))
	}
}

// TestPaging lists 130 documents: a page of 100 with the total, the rest at the end.
func TestPaging(t *testing.T) {
	srv := uitest.DemoServer(t)
	seedDocuments(t, uitest.NewCommon(t, srv), "paging", 130)
	rec := &uitest.Recorder{}
	m, r := uitest.Demo(t, New, uitest.OnServer(srv), uitest.WithClient(rec.Option()), uitest.Bank("paging"))
	if len(ids(m)) != 100 || m.list.total != 130 {
		t.Fatalf("first page: %d of %d", len(ids(m)), m.list.total)
	}
	if !strings.Contains(m.View(), "100 of 130") {
		t.Fatal("count not shown")
	}
	r.Keys("G")
	if got := lastRequest(rec); !strings.Contains(got, "offset=100") {
		t.Fatalf("next page request: %s", got)
	}
	if len(ids(m)) != 130 || m.cursor != 99 {
		t.Fatalf("after paging: %d rows, cursor %d", len(ids(m)), m.cursor)
	}
}

// TestDetailLoading opens a document: counts by type, parameters, metadata, chunks;
// ] jumps to a chunk, m links to its memories and esc goes back to the list.
func TestDetailLoading(t *testing.T) {
	m, r := uitest.Demo(t, New)
	id := "chat-2026-11-02-tokyo-food"
	m.cursor = slices.Index(ids(m), id)
	r.Keys("enter")
	if m.det.doc == nil || m.det.doc.ID != id || len(m.det.chunks) != 3 {
		t.Fatalf("detail: %+v", m.det)
	}
	v := m.View()
	for _, want := range []string{"world 3", "chunk 0", "chunk 2", "Retain parameters", "Metadata", "tokyo-planning"} {
		if !strings.Contains(v, want) {
			t.Fatalf("detail lacks %q:\n%s", want, v)
		}
	}
	r.Keys("]")
	// The first chunk's line, or as far as the text scrolls when it ends sooner.
	if want := min(m.det.view.starts[0], max(len(m.det.view.lines)-(m.height-1), 0)); m.det.scroll != want {
		t.Fatalf("] went to line %d, want %d", m.det.scroll, want)
	}
	r.Keys("m")
	nav := uitest.Messages[common.ShowPaneMsg](r)
	if len(nav) != 1 || nav[0].ID != common.PaneMemories {
		t.Fatalf("memories link: %+v", nav)
	}
	if sm, ok := nav[0].Then.(common.ShowMemoriesMsg); !ok || sm.BankID != uitest.DemoBank || sm.DocumentID != id {
		t.Fatalf("memories link: %+v", nav)
	}
	r.Keys("esc")
	if m.open {
		t.Fatal("esc did not close the document")
	}
	_ = m.View()
	r.Send(uitest.Click(3, m.listTop+2))
	if m.cursor != 2 {
		t.Fatalf("click selected row %d", m.cursor)
	}
}

// TestShowDocumentScrollsToChunk follows another pane's link to a chunk.
func TestShowDocumentScrollsToChunk(t *testing.T) {
	// A pane never shown yet, in a 60x20 terminal, follows the link.
	m, r := uitest.Demo(t, New, uitest.Bank(""), uitest.Terminal(60, 20), uitest.Unfocused())
	chunks, err := r.C.Client.ListChunks(t.Context(), uitest.DemoBank, "chat-2026-10-03-weekend-plans", 0, 0)
	if err != nil || len(chunks.Items) < 3 {
		t.Fatalf("chunks: %v %v", chunks, err)
	}
	r.Deliver(common.ShowDocumentMsg{BankID: uitest.DemoBank, DocumentID: "chat-2026-10-03-weekend-plans", ChunkID: chunks.Items[2].ChunkID})
	v := m.View()
	if !m.open || !strings.Contains(v, "chunk 2") || len(ids(m)) != 5 {
		t.Fatalf("not scrolled to chunk 2:\n%s", v)
	}
}

// TestNoStoredText says so when the server keeps no document text.
func TestNoStoredText(t *testing.T) {
	m, r := uitest.Demo(t, New)
	m.open, m.det = true, detail{id: "x", seq: 7}
	r.Deliver(detailMsg{bank: uitest.DemoBank, seq: 7, doc: &client.Document{ID: "x"}})
	if v := m.View(); !strings.Contains(v, "does not store this document's text") {
		t.Fatalf("missing note:\n%s", v)
	}
}

// TestEditTags re-tags a document through the tags dialog.
func TestEditTags(t *testing.T) {
	m, r := uitest.Demo(t, New)
	c := r.C
	id := ids(m)[0]
	r.Keys("e")
	if r.Front() == nil {
		t.Fatal("no tags dialog")
	}
	// The form's tag input loaded the bank's tags when the dialog opened, and
	// completes from them as the user types.
	r.Type("tok")
	if v := uitest.Plain(uitest.View(t, r.Front())); !strings.Contains(v, "trip:tokyo-2026") {
		t.Fatalf("no completion from the bank's tags:\n%s", v)
	}
	for range "tok" {
		r.Keys("backspace")
	}
	r.Type("reviewed")
	r.Keys("ctrl+s")
	if r.Front() != nil {
		t.Fatalf("dialog still open:\n%s", r.Front().View())
	}
	doc, err := c.Client.GetDocument(t.Context(), uitest.DemoBank, id)
	if err != nil || !slices.Contains(doc.Tags, "reviewed") {
		t.Fatalf("server tags %v (%v)", doc.Tags, err)
	}
	if !slices.Contains(m.list.items[0].Tags, "reviewed") || len(uitest.Messages[common.ToastMsg](r)) != 1 {
		t.Fatalf("pane not updated: %v", m.list.items[0].Tags)
	}
}

// TestReprocess asks first, then announces the operation and refreshes the counts.
func TestReprocess(t *testing.T) {
	_, r := uitest.Demo(t, New)
	r.Keys("P")
	if r.Front() == nil || !strings.Contains(r.Front().View(), "Reprocess document") {
		t.Fatal("reprocess does not ask first")
	}
	r.Keys("enter")
	ops := uitest.Messages[common.OperationStartedMsg](r)
	if len(ops) != 1 || ops[0].OperationID == "" || ops[0].BankID != uitest.DemoBank {
		t.Fatalf("operation not announced: %+v", ops)
	}
	toasts := uitest.Messages[common.ToastMsg](r)
	if len(toasts) != 1 || !strings.Contains(toasts[0].Text, ops[0].OperationID) {
		t.Fatalf("toast: %+v", toasts)
	}
	if len(uitest.Messages[common.BanksChangedMsg](r)) != 1 {
		t.Fatal("counts not refreshed")
	}
}

// TestDeleteConfirmation states the memory count, does nothing on esc and, confirmed,
// deletes the document, drops it from the list and refreshes the counts.
func TestDeleteConfirmation(t *testing.T) {
	m, r := uitest.Demo(t, New)
	c := r.C
	id := "chat-2026-11-02-tokyo-food"
	m.cursor = slices.Index(ids(m), id)
	r.Keys("enter", "D")
	if r.Front() == nil || !strings.Contains(strings.Join(strings.Fields(r.Front().View()), " "), "and its 5 memories?") {
		t.Fatal("confirmation does not state the memory count")
	}
	r.Keys("esc")
	if _, err := c.Client.GetDocument(t.Context(), uitest.DemoBank, id); err != nil {
		t.Fatal("esc deleted the document")
	}
	r.Keys("D", "enter")
	if _, err := c.Client.GetDocument(t.Context(), uitest.DemoBank, id); err == nil {
		t.Fatal("document not deleted")
	}
	if slices.Contains(ids(m), id) || m.list.total != 4 || m.open {
		t.Fatalf("still listed: %v", ids(m))
	}
	toasts := uitest.Messages[common.ToastMsg](r)
	if len(toasts) != 1 || !strings.Contains(toasts[0].Text, "5 memories") || len(uitest.Messages[common.BanksChangedMsg](r)) != 1 {
		t.Fatalf("toast/refresh: %+v", r.Up)
	}
}

// TestReadOnly offers no write, by key or in the palette; copying still works.
func TestReadOnly(t *testing.T) {
	m, r := uitest.Demo(t, New, uitest.ReadOnly())
	r.Keys("enter")
	for _, k := range []string{"e", "P", "D"} {
		r.Keys(k)
		if r.Front() != nil {
			t.Fatalf("%s opened a dialog in read-only mode", k)
		}
	}
	for _, a := range m.Actions() {
		if a.Key == "e" || a.Key == "P" || a.Key == "D" {
			t.Fatalf("write offered: %s", a.Name)
		}
	}
	if _, _, _, ok := m.Selection(); !ok {
		t.Fatal("nothing to copy")
	}
}

// lastRequest is the method and request URI of the last request rec saw.
func lastRequest(rec *uitest.Recorder) string {
	all := rec.All()
	if len(all) == 0 {
		return ""
	}
	last := all[len(all)-1]
	if last.Query == "" {
		return last.Method + " " + last.Path
	}
	return last.Method + " " + last.Path + "?" + last.Query
}

// ids lists the loaded documents' ids.
func ids(m *Model) []string {
	var out []string
	for _, d := range m.list.items {
		out = append(out, d.ID)
	}
	return out
}

// seedDocuments retains n one-chunk documents into bank.
func seedDocuments(t testing.TB, c *common.Common, bank string, n int) {
	t.Helper()
	items := make([]client.MemoryItem, n)
	for i := range items {
		items[i] = client.MemoryItem{Content: fmt.Sprintf("Note number %d about the quarterly review.", i),
			DocumentID: fmt.Sprintf("note-%03d", i)}
	}
	if _, err := c.Client.Retain(context.Background(), bank, client.RetainRequest{Items: items}); err != nil {
		t.Fatal(err)
	}
}
