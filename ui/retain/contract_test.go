package retain

import (
	"os"
	"path/filepath"
	"testing"

	"hindsight-tui/ui/uitest"
)

// TestContract sends every request the pane makes through the validating transport,
// against the demo server: sync and async retains of forms with every field (unset
// and explicit timestamps, metadata, entities with and without a type, append), the
// operation polls, the recallable check's memory list and recall, the tag
// completions, and a batch. Each request and each answer must match Hindsight's
// OpenAPI document.
func TestContract(t *testing.T) {
	m, r, check := uitest.Contract(t, New)

	forms := []values{
		{Content: "Alex moved to Lisbon."},
		{Content: "Alex moved to Lisbon.", Timestamp: "unset", Context: "chat"},
		{Content: "Alex moved to Lisbon.", Timestamp: "2026-03-01 10:30", Metadata: "source=chat\nid=42",
			Entities: "Alex:PERSON, Lisbon", Tags: []string{"move", "source:chat"}},
		{Content: "Alex likes Lisbon.", DocumentID: "contract-doc", Append: true, Timestamp: "2026-03-01T10:30:00+01:00"},
		{Content: "Alex adopted a cat.", Async: true, Tags: []string{"pets"}},
	}
	for i, f := range forms {
		m.cur.form.setValues(f)
		r.Keys("ctrl+s")
		sub := m.cur.sub
		if sub.err != nil || sub.resp == nil {
			t.Fatalf("form %d: %v", i, sub.err)
		}
		r.Fire(uitest.Is[pollDueMsg]) // the async one completes at its first poll
		r.Keys("v")
		if sub.check.err != nil || sub.check.res == nil {
			t.Fatalf("form %d check: %v", i, sub.check.err)
		}
	}

	// The tag input's completions.
	r.Keys("enter")
	focusField(r, m, fTags)
	if len(m.cur.form.tags.Known()) == 0 {
		t.Fatal("tags were not loaded")
	}

	// A batch, sync and async.
	file := filepath.Join(t.TempDir(), "items.jsonl")
	_ = os.WriteFile(file, []byte(`{"content":"One.","document_id":"b1","metadata":{"k":"v"},"entities":[{"text":"Alex","type":"PERSON"}]}
{"content":"Two.","document_id":"b2","timestamp":"unset","update_mode":"replace"}
`), 0o600)
	for _, async := range []bool{false, true} {
		r.Keys("ctrl+b")
		r.Paste(file)
		r.Keys("enter")
		if d := uitest.Front[*batchDialog](r); d.async != async {
			r.Keys("space")
		}
		r.Keys("enter")
		r.Fire(uitest.Is[pollDueMsg])
		if sub := m.cur.sub; sub.err != nil || !sub.done() {
			t.Fatalf("batch async=%v: %v %+v", async, sub.err, sub.follow)
		}
		r.Keys("enter")
	}

	check()
}
