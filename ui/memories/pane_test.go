package memories

import (
	"context"
	"net/url"
	"strings"
	"testing"

	"hindsight-tui/client"
	"hindsight-tui/client/hindsighttest"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
	"hindsight-tui/ui/uitest"
)

// TestFilterParams maps every filter to its query parameter.
func TestFilterParams(t *testing.T) {
	f := filters{typ: "world", q: " oat ", tags: "user:alex, diet", tagsMatch: "all_strict", state: "invalidated",
		consolidation: "pending", documentID: "doc-1", entityID: "5f0c8a52-3b1e-4c2d-9e7f-1a2b3c4d5e6f"}
	rec := &uitest.Recorder{}
	srv := uitest.DemoServer(t)
	cl, err := client.New(srv.URL(), rec.Option())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := cl.ListMemories(context.Background(), uitest.DemoBank, f.params(100, 200)); err != nil {
		t.Fatal(err)
	}
	got := rec.All()[0].Query
	q, _ := url.ParseQuery(got)
	want := map[string]string{"type": "world", "q": "oat", "tags_match": "all_strict", "state": "invalidated",
		"consolidation_state": "pending", "document_id": "doc-1", "entity_id": "5f0c8a52-3b1e-4c2d-9e7f-1a2b3c4d5e6f", "limit": "100", "offset": "200"}
	for k, v := range want {
		if q.Get(k) != v {
			t.Errorf("%s = %q, want %q (%s)", k, q.Get(k), v, got)
		}
	}
	if tags := q["tags"]; len(tags) != 2 || tags[0] != "user:alex" || tags[1] != "diet" {
		t.Errorf("tags = %v", tags)
	}
	// No tags: no tags_match either; zero filters send nothing.
	p := filters{tagsMatch: "all"}.params(100, 0)
	if p.TagsMatch != "" || p.Type != "" || p.Q != "" || p.State != "" {
		t.Errorf("empty filters = %+v", p)
	}
}

// TestFilterKeys cycles the type, state and consolidation filters and edits the text.
func TestFilterKeys(t *testing.T) {
	m, r := uitest.Demo(t, New)
	r.Keys("t")
	if m.filter.typ != client.FactWorld {
		t.Fatalf("type = %q", m.filter.typ)
	}
	r.Keys("v", "c")
	if m.filter.state != "invalidated" || m.filter.consolidation != "pending" {
		t.Fatalf("filters = %+v", m.filter)
	}
	r.Keys("R", "s", "o", "a", "t", "enter")
	if m.filter.q != "oat" || m.filter.typ != "" {
		t.Fatalf("filters = %+v", m.filter)
	}
	r.Keys("R", "f")
	for _, ch := range "trip:tokyo-2026" {
		r.Keys(string(ch))
	}
	r.Keys("enter", "m", "m")
	if m.filter.tags != "trip:tokyo-2026" || m.filter.tagsMatch != "any_strict" || m.win.total != 18 {
		t.Fatalf("tag filter %+v: %d memories", m.filter, m.win.total)
	}
	r.Keys("R", "s", "o", "a", "t", "enter")
	for i := 0; i < m.win.total; i++ {
		mem := m.win.item(i)
		if mem == nil || !strings.Contains(strings.ToLower(mem.Text+mem.Context), "oat") {
			t.Fatalf("row %d does not match q: %+v", i, mem)
		}
	}
}

// TestShowMemories applies the filters of a ShowMemoriesMsg and opens the memory.
func TestShowMemories(t *testing.T) {
	m, r := uitest.Demo(t, New)
	list, err := r.C.Client.ListMemories(t.Context(), uitest.DemoBank, client.ListMemoriesParams{Limit: 1, Offset: 3})
	if err != nil || len(list.Items) == 0 {
		t.Fatal(err)
	}
	want := list.Items[0]
	r.Deliver(common.ShowMemoriesMsg{BankID: uitest.DemoBank, Tags: want.Tags, TagsMatch: "any", MemoryID: want.ID})
	if m.filter.tags != strings.Join(want.Tags, ", ") || m.filter.tagsMatch != "any" {
		t.Fatalf("filters = %+v", m.filter)
	}
	if cur := m.current(); cur == nil || cur.ID != want.ID {
		t.Fatalf("cursor on %+v, want %s", cur, want.ID)
	}
	uitest.Front[*components.MemoryDialog](r)
}

// TestPagingWindow scrolls a large bank to the end: pages load ahead of the cursor, G
// fetches the last page, and never more than maxPages pages are held.
func TestPagingWindow(t *testing.T) {
	rec := &uitest.Recorder{}
	srv := uitest.Server(t, hindsighttest.WithSyntheticMemories("big", 5_000))
	m, r := uitest.Demo(t, New, uitest.OnServer(srv), uitest.WithClient(rec.Option()), uitest.Bank("big"))
	if m.win.total != 5_000 {
		t.Fatalf("total = %d", m.win.total)
	}
	for i := 0; i < 1_500; i++ {
		r.Keys("j")
		if len(m.win.pages) > maxPages {
			t.Fatalf("%d pages held at row %d", len(m.win.pages), m.cursor)
		}
		if m.current() == nil {
			t.Fatalf("row %d not loaded", m.cursor)
		}
	}
	r.Keys("G")
	if m.cursor != 4_999 || m.current() == nil {
		t.Fatalf("G: cursor %d, loaded %v", m.cursor, m.current() != nil)
	}
	if len(m.win.pages) > maxPages {
		t.Fatalf("%d pages held", len(m.win.pages))
	}
	last := rec.All()
	asked := false
	for _, req := range last {
		asked = asked || strings.Contains(req.Query, "offset=4900")
	}
	if !asked {
		t.Fatalf("last page never asked for: %v", last[len(last)-3:])
	}
	// A filter change starts a new sequence: late answers of the old one are dropped.
	old := m.win.seq
	r.Keys("t")
	if m.win.seq == old || m.cursor != 0 {
		t.Fatalf("filter change kept the window: seq %d cursor %d", m.win.seq, m.cursor)
	}
	r.Deliver(pageMsg{seq: old, bank: "big", n: 7, list: &client.MemoryList{}})
	if m.win.pages[7] != nil {
		t.Fatal("stale page stored")
	}
}

// TestJumps asks for the memory's document (with its chunk) and its entity, by id.
func TestJumps(t *testing.T) {
	m, r := uitest.Demo(t, New)
	for m.current() != nil && m.current().DocumentID == "" {
		r.Keys("j")
	}
	mem := m.current()
	r.Keys("o", "e")
	if len(r.Shown) != 2 {
		t.Fatalf("shown = %+v", r.Shown)
	}
	doc, ok := r.Shown[0].Then.(common.ShowDocumentMsg)
	if r.Shown[0].ID != common.PaneDocuments || !ok || doc.DocumentID != mem.DocumentID || doc.ChunkID != mem.ChunkID {
		t.Errorf("document jump = %+v", r.Shown[0])
	}
	ent, ok := r.Shown[1].Then.(common.ShowEntityMsg)
	if r.Shown[1].ID != common.PaneEntities || !ok || ent.EntityID == "" || ent.EntityID == mem.Entities[0] {
		t.Errorf("entity jump = %+v", r.Shown[1])
	}
}

// w shows the row under the cursor in full below the list and follows the cursor; the
// list gives up the panel's lines, and w again gives them back.
func TestExpandedRow(t *testing.T) {
	m, h := uitest.Demo(t, New)
	rows := m.rowsHeight()
	h.Keys("w")
	first := m.current()
	v := uitest.Plain(uitest.View(t, m))
	if m.rowsHeight() != rows-m.panelHeight() || !strings.Contains(v, "mentioned ") || !strings.Contains(v, "@"+first.Entities[0]) {
		t.Fatalf("rows %d → %d, panel:\n%s", rows, m.rowsHeight(), v)
	}
	h.Keys("j")
	if second := m.current(); m.panel.key.id != second.ID {
		t.Fatalf("the panel shows %s, the cursor is on %s", m.panel.key.id, second.ID)
	}
	h.Keys("w")
	if m.rowsHeight() != rows || len(m.panel.lines) != 0 {
		t.Fatalf("w again left %d rows and %d panel lines", m.rowsHeight(), len(m.panel.lines))
	}
}
