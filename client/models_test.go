package client_test

import (
	"strings"
	"testing"
	"time"

	"hindsight-tui/client"
	"hindsight-tui/client/hindsighttest"
)

// modelSeed is a bank with a few facts about coffee and one about tea.
func modelSeed() *hindsighttest.Seed {
	mem := func(key, text, at string, tags ...string) hindsighttest.SeedMemory {
		return hindsighttest.SeedMemory{Key: key, Text: text, FactType: "world", MentionedAt: at, Tags: tags}
	}
	return &hindsighttest.Seed{Banks: []hindsighttest.SeedBank{{
		BankID: "cafe", Name: "Cafe", CreatedAt: "2026-09-01T00:00:00Z",
		Memories: []hindsighttest.SeedMemory{
			mem("oat", "Maya orders an oat milk flat white.", "2026-10-01T10:00:00Z", "person:maya"),
			mem("decaf", "Maya switched to decaf coffee after 3pm.", "2026-10-02T10:00:00Z", "person:maya"),
			mem("tea", "Leo drinks green tea.", "2026-10-03T10:00:00Z", "person:leo"),
		},
		Directives: []hindsighttest.SeedDirective{{Name: "Short", Content: "Keep it short.", Priority: 1, IsActive: true}},
	}}}
}

func TestMentalModelRefreshCycle(t *testing.T) {
	c, clock := serveAt(t, hindsighttest.WithSeed(modelSeed()), hindsighttest.WithAsyncDelay(10*time.Second))
	ctx := t.Context()

	created, err := c.CreateMentalModel(ctx, "cafe", client.CreateMentalModelRequest{ID: "maya", Name: "Maya's coffee",
		SourceQuery: "What coffee does Maya order?", Tags: []string{"person:maya"},
		Trigger: &client.MentalModelTrigger{Mode: "delta", KeepTrace: client.Ptr(true)}})
	if err != nil {
		t.Fatal(err)
	}
	m, err := c.GetMentalModel(ctx, "cafe", "maya", client.DetailFull)
	if err != nil {
		t.Fatal(err)
	}
	if m.Content != client.PlaceholderContent || !m.LastRefreshedAt.Equal(m.CreatedAt.Time) || !m.LastMemorySeenAt.IsZero() {
		t.Errorf("new model %+v", m)
	}
	dry, err := c.DryRunRefreshMentalModel(ctx, "cafe", "maya")
	if err != nil {
		t.Fatal(err)
	}
	if dry.RequestedMode != "delta" || dry.EffectiveMode != "full" || dry.ModeFallbackReason != "no_baseline_content" ||
		!dry.WouldPersist || !strings.HasPrefix(dry.Diff, "--- current\n+++ preview\n") || dry.Facts.Used["world"] != 2 ||
		len(dry.BasedOn.MemoryIDs()) != 2 || len(dry.Trace.ToolCalls) == 0 || dry.Window.CreatedBefore.IsZero() {
		t.Errorf("dry run %+v", dry)
	}

	clock.Advance(time.Minute)
	op, err := c.GetOperation(ctx, "cafe", created.OperationID, false)
	if err != nil {
		t.Fatal(err)
	}
	if op.Status != client.StatusCompleted || op.Details == nil || op.Details.Outcome != client.OutcomeContentWritten {
		t.Fatalf("first refresh %+v", op)
	}
	m, _ = c.GetMentalModel(ctx, "cafe", "maya", client.DetailFull)
	a := m.Answer()
	if a == nil || a.Trace == nil || a.Trace.EffectiveMode != "full" || len(a.BasedOn["world"]) != 2 ||
		a.BasedOn["directives"][0].Name != "Short" || m.IsStale == nil || *m.IsStale {
		t.Fatalf("answer %+v, stale %v", a, m.IsStale)
	}
	if m.LastMemorySeenAt.Format(time.RFC3339) != "2026-10-02T10:00:00Z" {
		t.Errorf("watermark %v", m.LastMemorySeenAt)
	}

	// Nothing new: a delta refresh keeps the content, writes no history.
	ref, err := c.RefreshMentalModel(ctx, "cafe", "maya")
	if err != nil || ref.Status != "queued" {
		t.Fatalf("refresh %+v %v", ref, err)
	}
	clock.Advance(time.Minute)
	op, _ = c.GetOperation(ctx, "cafe", ref.OperationID, false)
	if op.Details == nil || op.Details.Outcome != client.OutcomeNoNewFacts {
		t.Errorf("delta refresh without new facts %+v", op.Details)
	}
	hist, err := c.MentalModelHistory(ctx, "cafe", "maya")
	if err != nil || len(hist) != 1 || hist[0].PreviousContent != client.PlaceholderContent || hist[0].BasedOn() != nil {
		t.Errorf("history %+v %v", hist, err)
	}

	cleared, err := c.ClearMentalModel(ctx, "cafe", "maya")
	if err != nil || cleared.Content != "" || cleared.IsStale != nil || cleared.Answer() == nil {
		t.Errorf("clear %+v %v", cleared, err)
	}
	if _, err := c.ClearMentalModel(ctx, "cafe", "nope"); client.StatusCode(err) != 404 {
		t.Errorf("clear missing: %v", err)
	}
	if _, err := c.DryRunRefreshMentalModel(ctx, "cafe", "nope"); client.StatusCode(err) != 404 {
		t.Errorf("dry run missing: %v", err)
	}
	if _, err := c.UpdateMentalModel(ctx, "cafe", "maya", client.UpdateMentalModelRequest{}); client.StatusCode(err) != 404 {
		t.Errorf("PATCH {} is a 404: %v", err)
	}
	_, err = c.UpdateMentalModel(ctx, "cafe", "maya", client.UpdateMentalModelRequest{Trigger: &client.MentalModelTrigger{
		RefreshCron: "0 3 * * *", RefreshAfterConsolidation: client.Ptr(true)}})
	if ae, ok := err.(*client.APIError); !ok || ae.StatusCode != 422 || !strings.Contains(ae.Detail, "mutually exclusive") {
		t.Errorf("cron with refresh_after_consolidation: %v", err)
	}
}

func TestMentalModelEmptyCandidate(t *testing.T) {
	c, _ := serveAt(t, hindsighttest.WithSeed(modelSeed()))
	ctx := t.Context()
	created, err := c.CreateMentalModel(ctx, "cafe", client.CreateMentalModelRequest{Name: "Nobody", SourceQuery: "q",
		Tags: []string{"person:nobody"}})
	if err != nil {
		t.Fatal(err)
	}
	op, err := c.GetOperation(ctx, "cafe", created.OperationID, false)
	if err != nil {
		t.Fatal(err)
	}
	if op.Status != client.StatusFailed || op.Details == nil || !client.RefreshFailed(op.Details.Outcome) ||
		op.Details.FailureReason != "empty_candidate" {
		t.Errorf("refresh with nothing in scope %+v", op)
	}
	m, _ := c.GetMentalModel(ctx, "cafe", created.MentalModelID, "")
	if m.Content != client.PlaceholderContent {
		t.Errorf("content untouched: %q", m.Content)
	}
}
