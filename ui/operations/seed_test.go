package operations

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"hindsight-tui/client"
	"hindsight-tui/client/hindsighttest"
	"hindsight-tui/ui/common"
	"hindsight-tui/ui/uitest"
)

// opsSeed is a bank "ops" with n operations, one a minute back from the seed epoch,
// cycling through the statuses.
func opsSeed(n int) *hindsighttest.Seed {
	statuses := []string{"completed", "failed", "pending", "completed", "cancelled", "processing"}
	types := []string{"batch_retain", "consolidation", "retain", "refresh_mental_model"}
	b := hindsighttest.SeedBank{BankID: "ops", Name: "Operations galore", CreatedAt: "2026-01-01T00:00:00Z"}
	for i := range n {
		at := uitest.Now.Add(-time.Duration(i+1) * time.Minute).Format(time.RFC3339)
		op := hindsighttest.SeedOperation{Key: fmt.Sprintf("op-%04d", i), Type: types[i%len(types)],
			Status: statuses[i%len(statuses)], CreatedAt: at, UpdatedAt: at, ItemsCount: i%7 + 1}
		if op.Type == "refresh_mental_model" {
			op.MentalModelID = "model-" + fmt.Sprint(i)
		}
		if op.Status == "failed" {
			op.ErrorMessage = fmt.Sprintf("LLM provider error %d: rate limited", i)
			op.RetryCount = 3
		}
		b.Operations = append(b.Operations, op)
	}
	return &hindsighttest.Seed{Banks: []hindsighttest.SeedBank{b}}
}

// retainAsync submits an async retain of n items straight to the server; big items go
// into sub-batches of their own, so the parent has n children.
func retainAsync(t *testing.T, c *common.Common, bank, doc string, n int, big bool) string {
	t.Helper()
	var items []client.MemoryItem
	for i := range n {
		text := "Alex switched the team standup to Tuesdays at 10:00, item " + string(rune('A'+i))
		if big {
			text = strings.Repeat("Retention policy review notes, paragraph. ", 1500)
		}
		items = append(items, client.MemoryItem{Content: text, DocumentID: doc})
	}
	resp, err := c.Client.Retain(context.Background(), bank, client.RetainRequest{Items: items, Async: true})
	if err != nil {
		t.Fatal(err)
	}
	return resp.OperationID
}
