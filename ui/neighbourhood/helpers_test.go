package neighbourhood

import (
	"context"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"hindsight-tui/client"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/uitest"
)

// centreText picks the demo memory the tests start from: a fact of a document, with
// tags and entities, so every kind of scope is asked for.
const centreText = "For Tokyo, Alex wants a kaiseki dinner"

// memoryID finds the id of the demo bank's memory whose text holds q.
func memoryID(t testing.TB, cl *client.Client, q string) string {
	t.Helper()
	l, err := cl.ListMemories(context.Background(), uitest.DemoBank, client.ListMemoriesParams{Q: q, Limit: 5})
	if err != nil {
		t.Fatal(err)
	}
	if len(l.Items) == 0 {
		t.Fatalf("no demo memory holds %q", q)
	}
	return l.Items[0].ID
}

// show is the message N sends for memory id of the demo bank.
func show(id string) common.ShowNeighbourhoodMsg {
	return common.ShowNeighbourhoodMsg{BankID: uitest.DemoBank, MemoryID: id}
}

// view is the pane's plain text.
func view(t testing.TB, m *Model) string { t.Helper(); return ansi.Strip(uitest.View(t, m)) }

// cooccurring is the message c sends for the demo bank's first entity.
func cooccurring(t testing.TB, h *uitest.Host) common.ShowCooccurrenceMsg {
	t.Helper()
	ents, err := h.C.Client.ListEntities(context.Background(), uitest.DemoBank, 100, 0)
	if err != nil || len(ents.Items) == 0 {
		t.Fatalf("entities: %v", err)
	}
	e := ents.Items[0]
	return common.ShowCooccurrenceMsg{BankID: uitest.DemoBank, EntityID: e.ID, EntityName: e.CanonicalName}
}
