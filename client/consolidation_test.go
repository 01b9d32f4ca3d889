package client_test

import (
	"strings"
	"testing"
	"time"

	"hindsight-tui/client"
	"hindsight-tui/client/hindsighttest"
)

// healthSeed is a bank with a pending consolidation run of the whole bank, a fact whose
// consolidation failed, and an observation built on two facts.
func healthSeed() *hindsighttest.Seed {
	ana := []hindsighttest.SeedEntity{{Name: "Ana", Type: "PERSON"}}
	mem := func(key, text string, tags []string, cons string) hindsighttest.SeedMemory {
		return hindsighttest.SeedMemory{Key: key, Text: text, FactType: "world", MentionedAt: "2026-11-20T10:00:00Z",
			Entities: ana, Tags: tags, Consolidation: cons}
	}
	return &hindsighttest.Seed{Banks: []hindsighttest.SeedBank{{
		BankID: "h", Name: "Health", CreatedAt: "2026-09-01T00:00:00Z",
		Memories: []hindsighttest.SeedMemory{
			mem("tea", "Ana likes tea.", []string{"user:ana"}, ""),
			mem("kyoto", "Ana visits Kyoto.", []string{"user:ana"}, ""),
			mem("pending", "Ana bought a kettle.", []string{"user:ana"}, "pending"),
			mem("failed", "Ana reads on trains.", nil, "failed"),
			{Key: "obs", Text: "Ana likes tea and Kyoto.", FactType: "observation", MentionedAt: "2026-11-21T10:00:00Z",
				Tags: []string{"user:ana"}, Sources: []string{"tea", "kyoto"}},
		},
		Operations: []hindsighttest.SeedOperation{{Key: "waiting", Type: "consolidation", Status: "pending",
			CreatedAt: "2026-11-30T08:00:00Z", ItemsCount: 1}},
	}}}
}

func TestConsolidate(t *testing.T) {
	c, clock := serveAt(t, hindsighttest.WithSeed(healthSeed()), hindsighttest.WithAsyncDelay(10*time.Second))
	ctx := t.Context()

	_, err := c.Consolidate(ctx, "nope", nil)
	if !client.IsNotFound(err) || !strings.Contains(err.Error(), "Bank 'nope' not found") {
		t.Errorf("missing bank: %v", err)
	}
	tests := []struct {
		name   string
		scopes [][]string
		dedup  bool
	}{
		{"whole bank reuses the pending run", nil, true},
		{"empty list queues a run", [][]string{}, false},
		{"scoped run", [][]string{{"user:ana"}, nil}, false},
	}
	var reused string
	for _, tt := range tests {
		res, err := c.Consolidate(ctx, "h", tt.scopes)
		if err != nil || res.OperationID == "" || res.Deduplicated != tt.dedup {
			t.Errorf("%s: %+v, %v", tt.name, res, err)
			continue
		}
		if tt.dedup {
			reused = res.OperationID
		}
	}
	clock.Advance(10 * time.Second)
	op, err := c.GetOperation(ctx, "h", reused, false)
	if err != nil || op.Status != client.StatusCompleted || op.OperationType != "consolidation" {
		t.Fatalf("the reused run completes on the server clock: %+v, %v", op, err)
	}
	st, err := c.BankStats(ctx, "h", false)
	if err != nil || st.PendingConsolidation != 0 || st.FailedConsolidation != 1 || st.LastConsolidatedAt.IsZero() {
		t.Errorf("stats after the run: %+v, %v", st, err)
	}

	rec, err := c.RecoverConsolidation(ctx, "h")
	if err != nil || rec.RetriedCount != 1 {
		t.Errorf("recover: %+v, %v", rec, err)
	}
	scopes, err := c.ListObservationScopes(ctx, "h")
	if err != nil || len(scopes) != 1 || strings.Join(scopes[0].Tags, ",") != "user:ana" || scopes[0].Count != 1 {
		t.Errorf("scopes: %+v, %v", scopes, err)
	}

	list, err := c.ListMemories(ctx, "h", client.ListMemoriesParams{Q: "likes tea", Type: client.FactWorld})
	if err != nil || len(list.Items) != 1 {
		t.Fatalf("fact: %+v, %v", list, err)
	}
	cleared, err := c.ClearMemoryObservations(ctx, "h", list.Items[0].ID)
	if err != nil || cleared.DeletedCount != 1 {
		t.Errorf("clear the fact's observations: %+v, %v", cleared, err)
	}
	_, err = c.ClearMemoryObservations(ctx, "h", "not-a-uuid")
	if client.StatusCode(err) != 500 {
		t.Errorf("malformed id: %v", err)
	}
	del, err := c.ClearObservations(ctx, "h")
	if err != nil || !del.Success || del.Message != "Cleared 0 observations" {
		t.Errorf("clear observations: %+v, %v", del, err)
	}
}
