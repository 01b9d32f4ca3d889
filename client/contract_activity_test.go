package client_test

import (
	"time"

	"hindsight-tui/client"
)

// activity exercises audit logs and webhooks in the scratch bank (writes) and the
// demo banks (seeded history), validating every exchange against the spec.
func (s *scenario) activity(scratch string) {
	ctx, c := s.ctx, s.c
	_, err := c.PatchBankConfig(ctx, scratch, map[string]any{"audit_log_enabled": true})
	s.ok("PatchBankConfig", err)

	h, err := c.CreateWebhook(ctx, scratch, client.CreateWebhookRequest{URL: "https://hooks.example.com/contract", Secret: "s3cret",
		EventTypes: []string{client.EventRetainCompleted, client.EventConsolidationCompleted}, Enabled: client.Ptr(true),
		HTTPConfig: &client.WebhookHTTPConfig{Method: "POST", TimeoutSeconds: 10, Headers: map[string]string{"X-Source": "contract"},
			Params: map[string]string{"bank": scratch}}})
	s.ok("CreateWebhook", err)
	down, err := c.CreateWebhook(ctx, scratch, client.CreateWebhookRequest{URL: "https://down.contract.invalid/in",
		EventTypes: []string{client.EventRetainCompleted}})
	s.ok("CreateWebhook", err)
	_, err = c.CreateWebhook(ctx, scratch, client.CreateWebhookRequest{URL: "http://127.0.0.1:8080/in"})
	s.wantStatus("CreateWebhook", err, 400)

	for _, doc := range []string{"contract-hook-1", "contract-hook-2"} {
		_, err = c.Retain(ctx, scratch, client.RetainRequest{Items: []client.MemoryItem{{Content: "Webhooks hear about this.", DocumentID: doc}}})
		s.ok("Retain", err)
		time.Sleep(2 * time.Millisecond) // distinct delivery times, so the cursor pages
	}
	s.srv.CompleteOperations()
	hooks, err := c.ListWebhooks(ctx, scratch)
	s.ok("ListWebhooks", err)
	if len(hooks) != 2 || hooks[0].ID != h.ID || hooks[0].CreatedAt.IsZero() {
		s.t.Errorf("webhooks %+v", hooks)
	}
	_, err = c.UpdateWebhook(ctx, scratch, h.ID, client.UpdateWebhookRequest{ClearSecret: true, URL: client.Ptr("https://hooks.example.com/v2"),
		EventTypes: &[]string{client.EventRetainCompleted}, Enabled: client.Ptr(true), HTTPConfig: &client.WebhookHTTPConfig{Method: "GET"}})
	s.ok("UpdateWebhook", err)
	_, err = c.UpdateWebhook(deviation(ctx, "PATCH webhook with nothing to update answers 422 with a string detail (API.md 22)"),
		scratch, h.ID, client.UpdateWebhookRequest{})
	s.wantStatus("UpdateWebhook", err, 422)
	_, err = c.UpdateWebhook(ctx, scratch, "00000000-0000-4000-8000-0000000000aa", client.UpdateWebhookRequest{Enabled: client.Ptr(false)})
	s.wantStatus("UpdateWebhook", err, 404)
	_, err = c.UpdateWebhook(ctx, scratch, "not-a-uuid", client.UpdateWebhookRequest{Enabled: client.Ptr(false)})
	s.wantStatus("UpdateWebhook", err, 500)

	first, err := c.ListWebhookDeliveries(ctx, scratch, h.ID, 1, "")
	s.ok("ListWebhookDeliveries", err)
	if len(first.Items) != 1 || first.NextCursor == "" || first.Items[0].Status != client.StatusCompleted {
		s.t.Fatalf("first delivery page %+v", first)
	}
	rest, err := c.ListWebhookDeliveries(ctx, scratch, h.ID, 200, first.NextCursor)
	s.ok("ListWebhookDeliveries", err)
	if len(rest.Items) != 1 || rest.NextCursor != "" {
		s.t.Errorf("second delivery page %+v", rest)
	}
	retrying, err := c.ListWebhookDeliveries(ctx, scratch, down.ID, 0, "")
	s.ok("ListWebhookDeliveries", err)
	if len(retrying.Items) != 2 || retrying.Items[0].NextRetryAt.IsZero() || retrying.Items[0].LastError == "" {
		s.t.Errorf("retrying deliveries %+v", retrying)
	}
	_, err = c.ListWebhookDeliveries(ctx, scratch, "00000000-0000-4000-8000-0000000000ab", 0, "")
	s.wantStatus("ListWebhookDeliveries", err, 404)

	logs, err := c.ListAuditLogs(ctx, scratch, client.ListAuditLogsParams{Action: "retain", Transport: client.TransportHTTP,
		StartDate: time.Now().Add(-time.Hour), EndDate: time.Now().Add(time.Hour), Limit: 10, Offset: 0})
	s.ok("ListAuditLogs", err)
	if len(logs.Items) != 2 {
		s.t.Errorf("audited retains %+v", logs)
	}
	all, err := c.ListAuditLogs(ctx, scratch, client.ListAuditLogsParams{Limit: 500})
	s.ok("ListAuditLogs", err)
	if len(all.Items) < 6 {
		s.t.Errorf("audit rows %d", len(all.Items))
	}
	_, err = c.ListAuditLogs(ctx, "no-such-bank", client.ListAuditLogsParams{})
	s.wantStatus("ListAuditLogs", err, 404)
	demo, err := c.ListAuditLogs(ctx, "user-alex-prefs", client.ListAuditLogsParams{Limit: 500})
	s.ok("ListAuditLogs", err)
	if len(demo.Items) == 0 {
		s.t.Error("the demo bank has no audit history")
	}
	_, err = c.AuditLogStats(ctx, scratch, "", "30d")
	s.ok("AuditLogStats", err)
	_, err = c.AuditLogStats(ctx, "user-alex-prefs", "recall", "")
	s.ok("AuditLogStats", err)

	s.ok("DeleteWebhook", c.DeleteWebhook(ctx, scratch, down.ID))
	s.wantStatus("DeleteWebhook", c.DeleteWebhook(ctx, scratch, down.ID), 404)
	_, err = c.ListWebhooks(ctx, "research-agent")
	s.ok("ListWebhooks", err)
}

// graphs reads the graph views and the timeseries of a demo bank.
func (s *scenario) graphs(bank string) {
	ctx, c := s.ctx, s.c
	g, err := c.Graph(ctx, bank, client.GraphParams{})
	s.ok("Graph", err)
	if len(g.Nodes) == 0 || len(g.Edges) == 0 {
		s.t.Errorf("graph of %s: %d nodes, %d edges", bank, len(g.Nodes), len(g.Edges))
	}
	_, err = c.Graph(ctx, bank, client.GraphParams{Type: client.FactObservation, Q: "a", Tags: []string{"x", "y"},
		TagsMatch: client.TagsAny, DocumentID: "d", ChunkID: "c", Limit: 10})
	s.ok("Graph", err)
	eg, err := c.EntityGraph(ctx, bank, 50, 2)
	s.ok("EntityGraph", err)
	if len(eg.Edges) == 0 {
		s.t.Errorf("entity graph of %s is empty", bank)
	}
	_, err = c.EntityGraph(ctx, "no-such-bank", 0, 0)
	s.ok("EntityGraph", err)
	for _, p := range []string{client.Period1h, client.Period12h, client.Period1d, client.Period7d, client.Period30d, client.Period90d, ""} {
		_, err = c.MemoriesTimeseries(ctx, bank, p, client.TimeFieldOccurredStart)
		s.ok("MemoriesTimeseries", err)
	}
	_, err = c.MemoriesTimeseries(ctx, bank, "", "")
	s.ok("MemoriesTimeseries", err)
}
