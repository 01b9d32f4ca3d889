package client_test

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"hindsight-tui/client"
)

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
