package documents

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"hindsight-tui/client"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/components"
	"hindsight-tui/ui/uitest"
)

const probeDoc = "reextract-probe"

// retainProbe stores a two-chunk document in the demo bank: its nine sentences are one
// more than retain keeps from an item, and one stored memory is edited afterwards, so
// the second chunk has facts stored, facts not stored, and a memory the extractor
// would not write. It returns the chunks.
func retainProbe(t *testing.T, r *uitest.Host) []client.Chunk {
	t.Helper()
	ctx, cl, bank := context.Background(), r.C.Client, uitest.DemoBank
	if _, err := cl.PatchBankConfig(ctx, bank, map[string]any{"retain_chunk_size": 200}); err != nil {
		t.Fatal(err)
	}
	content := "Alex Moreno moved to Lisbon on 2026-03-02. I booked the movers for Rita. Rita starts at Acme in April.\n\n" +
		"The flat tour ran from 2026-02-20 to 2026-02-22. Alex liked the tiles. I sent the lease to Rita. " +
		"Bruno fixed the sink. The boiler is new. Alex bought plants."
	if _, err := cl.Retain(ctx, bank, client.RetainRequest{Items: []client.MemoryItem{{Content: content, Context: "weekly check-in",
		Timestamp: "2026-03-05T09:00:00Z", DocumentID: probeDoc}}}); err != nil {
		t.Fatal(err)
	}
	list, err := cl.ListMemories(ctx, bank, client.ListMemoriesParams{DocumentID: probeDoc, Q: "Bruno"})
	if err != nil || len(list.Items) != 1 {
		t.Fatalf("%v %v", list, err)
	}
	if _, err := cl.UpdateMemory(ctx, bank, list.Items[0].ID, client.UpdateMemoryRequest{Text: client.Ptr("Bruno fixed the kitchen sink.")}); err != nil {
		t.Fatal(err)
	}
	chunks, err := cl.ListChunks(ctx, bank, probeDoc, 0, 0)
	if err != nil || len(chunks.Items) != 2 {
		t.Fatalf("chunks %v %v", chunks, err)
	}
	return chunks.Items
}

// openChunk opens the probe document scrolled to chunk i and re-extracts it.
func openChunk(t *testing.T, r *uitest.Host, chunks []client.Chunk, i int) *components.ExtractDialog {
	t.Helper()
	r.Deliver(common.ShowDocumentMsg{BankID: uitest.DemoBank, DocumentID: probeDoc, ChunkID: chunks[i].ChunkID})
	r.Keys("x")
	return uitest.Front[*components.ExtractDialog](r)
}

// TestReextractChunk: x re-extracts the chunk in view with the document's context and
// timestamp, and sorts the facts into stored, not stored and stored but not extracted.
func TestReextractChunk(t *testing.T) {
	rec := &uitest.Recorder{}
	m, r := uitest.Demo(t, New, uitest.WithClient(rec.Option()))
	if m.keys.Extract.Reextract.Enabled() {
		t.Fatal("x without an open document")
	}
	chunks := retainProbe(t, r)
	d := openChunk(t, r, chunks, 1)
	bodies := rec.Bodies("POST", "/memories/dry-run-extract")
	var sent client.DryRunExtractRequest
	if len(bodies) != 1 || json.Unmarshal([]byte(bodies[0]), &sent) != nil {
		t.Fatalf("sent %v", bodies)
	}
	if sent.Content != chunks[1].ChunkText || sent.Context != "weekly check-in" || !strings.HasPrefix(sent.Timestamp, "2026-03-05T09:00:00") {
		t.Errorf("request %+v", sent)
	}
	view := uitest.Plain(uitest.View(t, d))
	for _, want := range []string{"chunk 1 of reextract-probe", "Re-extracted 6 facts", "stored 5 memories",
		"Extracted and stored (4)", "Extracted but not stored (2)", "not stored: deduplicated or merged by entity resolution",
		"Stored but not re-extracted (1)", "Bruno fixed the kitchen sink."} {
		if !strings.Contains(view, want) {
			t.Errorf("no %q in\n%s", want, view)
		}
	}
	if d.Help()[0] == "o candidate settings" {
		t.Error("a chunk has no candidate settings")
	}
	r.Keys("esc")
	// [ goes back to the first chunk, which x then re-extracts, even in a text too
	// short to scroll.
	r.Keys("[", "x")
	if d := uitest.Front[*components.ExtractDialog](r); !strings.Contains(uitest.Plain(uitest.View(t, d)), "chunk 0 of") {
		t.Error("the first chunk")
	}
}

// TestReextractReadOnly: a dry run stores nothing, so read-only mode keeps the key.
func TestReextractReadOnly(t *testing.T) {
	m, r := uitest.Demo(t, New, uitest.ReadOnly())
	r.Deliver(common.ShowDocumentMsg{BankID: uitest.DemoBank, DocumentID: "chat-2026-11-02-tokyo-food"})
	if !m.keys.Extract.Reextract.Enabled() {
		t.Fatal("x is a read")
	}
	found := false
	for _, a := range m.Actions() {
		found = found || strings.HasPrefix(a.Name, "Re-extract the chunk")
	}
	if !found {
		t.Error("no palette action")
	}
}

// TestGoldenReextract compares the chunk comparison. Regenerate with:
// go test ./ui/documents -run TestGoldenReextract -update
func TestGoldenReextract(t *testing.T) {
	for _, term := range uitest.Terminals {
		t.Run(uitest.TermName(term), func(t *testing.T) {
			_, r := uitest.Demo(t, New, uitest.Terminal(term[0], term[1]))
			uitest.RequireGolden(t, openChunk(t, r, retainProbe(t, r), 1))
		})
	}
}

// TestReextractContract: the re-extraction's dry run and memory list, and the answers,
// match Hindsight's OpenAPI document.
func TestReextractContract(t *testing.T) {
	_, r, check := uitest.Contract(t, New)
	d := openChunk(t, r, retainProbe(t, r), 1)
	if d.Current() == nil {
		t.Fatal("no extraction")
	}
	check()
}
