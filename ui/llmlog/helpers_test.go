package llmlog

import (
	"context"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"hindsight-tui/client"
	"hindsight-tui/client/hindsighttest"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/uitest"
)

// logBank has three seeded runs: a reflect, and two consolidations each with a call
// that hit a rate limit.
const logBank = "travel-concierge"

// seed is the demo with the bank-health banks, whose seed holds LLM runs.
func seed() uitest.Option {
	return uitest.Seed(hindsighttest.WithBankHealthSeed(), hindsighttest.WithBackgroundConsolidation(), hindsighttest.WithBankLLMHealth())
}

// server is a demo server with the bank-health banks.
func server(t *testing.T) *hindsighttest.Server {
	t.Helper()
	return uitest.DemoServer(t, hindsighttest.WithBankHealthSeed(), hindsighttest.WithBackgroundConsolidation(), hindsighttest.WithBankLLMHealth())
}

// view is the pane's plain text.
func view(t *testing.T, m *Model) string { t.Helper(); return ansi.Strip(uitest.View(t, m)) }

// retainFact retains content into bank through c and returns the id of a memory its
// extraction produced.
func retainFact(t *testing.T, cl *client.Client, bank, doc, content string) string {
	t.Helper()
	ctx := context.Background()
	if _, err := cl.Retain(ctx, bank, client.RetainRequest{Items: []client.MemoryItem{{Content: content, DocumentID: doc}}}); err != nil {
		t.Fatal(err)
	}
	l, err := cl.ListLLMRequests(ctx, bank, client.ListLLMRequestsParams{DocumentID: doc, Scope: ExtractScope})
	if err != nil {
		t.Fatal(err)
	}
	for _, it := range l.Items {
		if len(it.Metadata.MemoryIDs) > 0 {
			return it.Metadata.MemoryIDs[0]
		}
	}
	t.Fatalf("no extraction with memories for %s: %+v", doc, l.Items)
	return ""
}

// showProvenance is the message the memory inspector's L sends on.
func showProvenance(bank, id string) common.ShowProvenanceMsg {
	return common.ShowProvenanceMsg{BankID: bank, MemoryID: id}
}
