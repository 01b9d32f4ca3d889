package client_test

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"hindsight-tui/client"
)

// The bank activity endpoints, audit logs and webhooks, whose shapes the contract
// scenario checks in contract_activity_test.go.

func TestAuditLogs(t *testing.T) {
	c, clock := serveAt(t)
	ctx := t.Context()
	if _, err := c.ListAuditLogs(ctx, "audited", client.ListAuditLogsParams{}); client.StatusCode(err) != 404 {
		t.Fatalf("missing bank: %v", err)
	}
	if _, err := c.PatchBankConfig(ctx, "audited", map[string]any{"audit_log_enabled": true}); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Retain(ctx, "audited", client.RetainRequest{Items: []client.MemoryItem{{Content: "Priya owns payments."}}}); err != nil {
		t.Fatal(err)
	}
	clock.Advance(time.Hour)
	if _, err := c.Recall(ctx, "audited", client.RecallRequest{Query: "who owns payments"}); err != nil {
		t.Fatal(err)
	}
	if _, err := c.UpdateMemory(ctx, "audited", "00000000-0000-4000-8000-000000000000", client.UpdateMemoryRequest{Text: client.Ptr("x")}); client.StatusCode(err) != 404 {
		t.Fatalf("update of a missing memory: %v", err)
	}

	all, err := c.ListAuditLogs(ctx, "audited", client.ListAuditLogsParams{})
	if err != nil {
		t.Fatal(err)
	}
	if all.Total != 3 || all.BankID != "audited" || all.Limit != 50 || len(all.Items) != 3 {
		t.Fatalf("list %+v", all)
	}
	failed, recall, retain := all.Items[0], all.Items[1], all.Items[2]
	if !failed.Failed() || !failed.HasRequest() || failed.Action != "update_memory" {
		t.Errorf("failed call %+v", failed)
	}
	var req struct {
		Query  string `json:"query"`
		Budget string `json:"budget"`
	}
	if err := json.Unmarshal(recall.Request, &req); err != nil || req.Query != "who owns payments" || req.Budget != "mid" {
		t.Errorf("recall request %s", recall.Request)
	}
	if recall.Failed() || recall.Transport != client.TransportHTTP || recall.DurationMS == nil || *recall.DurationMS != 0 ||
		!recall.StartedAt.Equal(epoch.Add(time.Hour)) || !recall.EndedAt.Equal(recall.StartedAt.Time) {
		t.Errorf("recall entry %+v", recall)
	}
	if retain.Action != "retain" || !retain.StartedAt.Equal(epoch) {
		t.Errorf("retain entry %+v", retain)
	}

	tests := []struct {
		name string
		p    client.ListAuditLogsParams
		want []string
	}{
		{"action", client.ListAuditLogsParams{Action: "recall"}, []string{"recall"}},
		{"transport", client.ListAuditLogsParams{Transport: client.TransportSystem}, nil},
		{"since", client.ListAuditLogsParams{StartDate: epoch.Add(time.Minute)}, []string{"update_memory", "recall"}},
		{"until, another zone", client.ListAuditLogsParams{EndDate: epoch.Add(time.Minute).In(time.FixedZone("PST", -8*3600))}, []string{"retain"}},
		{"page", client.ListAuditLogsParams{Limit: 1, Offset: 1}, []string{"recall"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			l, err := c.ListAuditLogs(ctx, "audited", tc.p)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, e := range l.Items {
				got = append(got, e.Action)
			}
			if strings.Join(got, ",") != strings.Join(tc.want, ",") {
				t.Errorf("got %v, want %v", got, tc.want)
			}
		})
	}
	if _, err := c.ListAuditLogs(ctx, "audited", client.ListAuditLogsParams{Limit: 501}); client.StatusCode(err) != 422 {
		t.Errorf("limit 501: %v", err)
	}

	stats, err := c.AuditLogStats(ctx, "audited", "", "30d")
	if err != nil {
		t.Fatal(err)
	}
	if stats.Period != "30d" || stats.Trunc != "day" || len(stats.Buckets) != 1 || stats.Buckets[0].Total != 3 ||
		stats.Buckets[0].Actions["recall"] != 1 || !stats.Buckets[0].Time.Equal(epoch.Truncate(24*time.Hour)) {
		t.Errorf("stats %+v", stats)
	}
	if s, err := c.AuditLogStats(ctx, "audited", "reflect", ""); err != nil || len(s.Buckets) != 0 || s.Period != "7d" {
		t.Errorf("no reflect calls: %+v %v", s, err)
	}
}

func TestWebhooks(t *testing.T) {
	c, clock := serveAt(t)
	ctx := t.Context()
	h, err := c.CreateWebhook(ctx, "hooked", client.CreateWebhookRequest{URL: "https://hooks.example.com/in", Secret: "s",
		EventTypes: []string{client.EventRetainCompleted}, HTTPConfig: &client.WebhookHTTPConfig{Headers: map[string]string{"X-A": "1"}}})
	if err != nil {
		t.Fatal(err)
	}
	if h.BankID != "hooked" || !h.Enabled || !h.CreatedAt.Equal(epoch) || h.CreatedAt.Raw != "2026-11-30 09:00:00+00" ||
		h.HTTPConfig.Method != "POST" || h.HTTPConfig.TimeoutSeconds != 30 || h.HTTPConfig.Headers["X-A"] != "1" {
		t.Errorf("created %+v", h)
	}
	if _, err := c.CreateWebhook(ctx, "hooked", client.CreateWebhookRequest{URL: "http://10.0.0.1/in"}); client.StatusCode(err) != 400 ||
		!strings.Contains(err.Error(), "private/loopback") {
		t.Errorf("private URL: %v", err)
	}

	clock.Advance(time.Second)
	up, err := c.UpdateWebhook(ctx, "hooked", h.ID, client.UpdateWebhookRequest{ClearSecret: true, Enabled: client.Ptr(false)})
	if err != nil || up.Enabled || !up.UpdatedAt.After(up.CreatedAt.Time) || up.URL != h.URL {
		t.Errorf("update %+v %v", up, err)
	}
	errs := []struct {
		name   string
		id     string
		u      client.UpdateWebhookRequest
		status int
	}{
		{"nothing", h.ID, client.UpdateWebhookRequest{}, 422},
		{"unknown", "00000000-0000-4000-8000-00000000000a", client.UpdateWebhookRequest{Enabled: client.Ptr(true)}, 404},
		{"malformed", "nope", client.UpdateWebhookRequest{Enabled: client.Ptr(true)}, 500},
	}
	for _, tc := range errs {
		_, err := c.UpdateWebhook(ctx, "hooked", tc.id, tc.u)
		if client.StatusCode(err) != tc.status {
			t.Errorf("%s: %v", tc.name, err)
		}
	}
	if _, err := c.UpdateWebhook(ctx, "hooked", h.ID, client.UpdateWebhookRequest{Enabled: client.Ptr(true)}); err != nil {
		t.Fatal(err)
	}

	for i := 0; i < 3; i++ {
		clock.Advance(time.Second)
		if _, err := c.Retain(ctx, "hooked", client.RetainRequest{Items: []client.MemoryItem{{Content: "Item", DocumentID: "doc"}}}); err != nil {
			t.Fatal(err)
		}
	}
	var seen []client.WebhookDelivery
	cursor := ""
	for pages := 0; pages < 5; pages++ {
		p, err := c.ListWebhookDeliveries(ctx, "hooked", h.ID, 2, cursor)
		if err != nil {
			t.Fatal(err)
		}
		seen = append(seen, p.Items...)
		if cursor = p.NextCursor; cursor == "" {
			break
		}
	}
	if len(seen) != 3 || seen[0].Status != client.StatusCompleted || seen[0].Attempts != 1 || seen[0].WebhookID != h.ID ||
		seen[0].LastResponseStatus == nil || *seen[0].LastResponseStatus != 200 || seen[0].LastResponseBody != nil ||
		!seen[0].CreatedAt.After(seen[1].CreatedAt.Time) || seen[0].LastAttemptAt.IsZero() || !seen[0].NextRetryAt.IsZero() {
		t.Errorf("deliveries %+v", seen)
	}
	hooks, err := c.ListWebhooks(ctx, "hooked")
	if err != nil || len(hooks) != 1 {
		t.Fatalf("list %v %v", hooks, err)
	}
	if err := c.DeleteWebhook(ctx, "hooked", h.ID); err != nil {
		t.Fatal(err)
	}
	if err := c.DeleteWebhook(ctx, "hooked", h.ID); client.StatusCode(err) != 404 {
		t.Errorf("second delete: %v", err)
	}
}

func TestWebhookDeliveryRetryDecoded(t *testing.T) {
	c, _ := serveAt(t)
	ctx := t.Context()
	h, err := c.CreateWebhook(ctx, "b", client.CreateWebhookRequest{URL: "https://down.lab.invalid/in", EventTypes: []string{client.EventRetainCompleted}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.Retain(ctx, "b", client.RetainRequest{Items: []client.MemoryItem{{Content: "x"}}}); err != nil {
		t.Fatal(err)
	}
	p, err := c.ListWebhookDeliveries(ctx, "b", h.ID, 0, "")
	if err != nil || len(p.Items) != 1 {
		t.Fatalf("%+v %v", p, err)
	}
	d := p.Items[0]
	if d.Status != client.StatusPending || d.Attempts != 2 || !d.NextRetryAt.Equal(epoch.Add(5*time.Second)) ||
		d.LastError == "" || d.LastResponseStatus != nil {
		t.Errorf("retrying delivery %+v", d)
	}
}

func TestTextTime(t *testing.T) {
	tests := []struct {
		in   string
		want time.Time
	}{
		{`"2026-01-15 10:30:00.123456+00"`, time.Date(2026, 1, 15, 10, 30, 0, 123456000, time.UTC)},
		{`"2026-01-15 10:30:00+00"`, time.Date(2026, 1, 15, 10, 30, 0, 0, time.UTC)},
		{`"2026-01-15 12:30:00+02"`, time.Date(2026, 1, 15, 10, 30, 0, 0, time.UTC)},
		{`"2026-01-15 16:00:00+05:30"`, time.Date(2026, 1, 15, 10, 30, 0, 0, time.UTC)},
		{`"2026-01-15T10:30:00+00:00"`, time.Date(2026, 1, 15, 10, 30, 0, 0, time.UTC)},
		{`null`, time.Time{}},
		{`"soon"`, time.Time{}},
	}
	for _, tc := range tests {
		var v client.TextTime
		if err := json.Unmarshal([]byte(tc.in), &v); err != nil || !v.Equal(tc.want) {
			t.Errorf("%s: %v %v", tc.in, v.Time, err)
		}
	}
}

func TestUpdateWebhookEncoding(t *testing.T) {
	tests := []struct {
		u    client.UpdateWebhookRequest
		want string
	}{
		{client.UpdateWebhookRequest{}, `{}`},
		{client.UpdateWebhookRequest{ClearSecret: true}, `{"secret":null}`},
		{client.UpdateWebhookRequest{Secret: client.Ptr("s"), Enabled: client.Ptr(false)}, `{"enabled":false,"secret":"s"}`},
		{client.UpdateWebhookRequest{EventTypes: &[]string{}, HTTPConfig: &client.WebhookHTTPConfig{Method: "GET"}},
			`{"event_types":[],"http_config":{"method":"GET"}}`},
	}
	for _, tc := range tests {
		got, err := json.Marshal(tc.u)
		if err != nil || string(got) != tc.want {
			t.Errorf("got %s %v, want %s", got, err, tc.want)
		}
	}
}
