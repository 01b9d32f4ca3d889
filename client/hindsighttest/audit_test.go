package hindsighttest

import (
	"strings"
	"testing"
	"time"
)

const auditBank = "/v1/default/banks/team"

// enableAudit turns auditing on for the team bank of smallSeed.
func enableAudit(t *testing.T, srv *Server, on bool) {
	t.Helper()
	mustStatus(t, send(t, srv, "PATCH", auditBank+"/config", map[string]any{"updates": map[string]any{"audit_log_enabled": on}}), 200)
}

// auditItems lists the team bank's audit log with an optional query string.
func auditItems(t *testing.T, srv *Server, query string) (map[string]any, []map[string]any) {
	t.Helper()
	out := getObj(t, srv, auditBank+"/audit-logs"+query)
	var items []map[string]any
	for _, it := range out["items"].([]any) {
		items = append(items, it.(map[string]any))
	}
	return out, items
}

func actions(items []map[string]any) string {
	var a []string
	for _, it := range items {
		a = append(a, it["action"].(string))
	}
	return strings.Join(a, ",")
}

func TestAuditOffByDefault(t *testing.T) {
	srv := newTestServer(t, WithSeed(smallSeed()))
	retainSync(t, srv, "team", map[string]any{"content": "Alice likes tea."})
	mustStatus(t, send(t, srv, "POST", auditBank+"/memories/recall", map[string]any{"query": "tea"}), 200)
	out, items := auditItems(t, srv, "")
	if out["total"] != 0.0 || len(items) != 0 {
		t.Errorf("auditing is off by default, got %v", out)
	}
	cfg := getObj(t, srv, auditBank+"/config")
	if cfg["config"].(map[string]any)["audit_log_enabled"] != false {
		t.Errorf("config %v", cfg["config"])
	}
}

func TestAuditRecordsHTTPCalls(t *testing.T) {
	srv := newTestServer(t, WithSeed(smallSeed()))
	enableAudit(t, srv, true) // decided before the handler ran: not itself audited
	m1 := derivedID("team", "memory", "m1")
	calls := []struct {
		method, path string
		body         any
		status       int
	}{
		{"POST", "/memories", map[string]any{"items": []any{map[string]any{"content": "Alice likes tea.", "document_id": "d1"}}}, 200},
		{"POST", "/memories/recall", map[string]any{"query": "Postgres"}, 200},
		{"POST", "/reflect", map[string]any{"query": "What does Alice prefer?"}, 200},
		{"PATCH", "/memories/" + m1, map[string]any{"text": "Alice prefers Postgres."}, 200},
		{"PATCH", "/memories/" + newUUID(), map[string]any{"text": "x"}, 404},             // handler raised
		{"POST", "/memories/recall", map[string]any{"query": "x", "budget": "huge"}, 422}, // rejected before the handler
		{"DELETE", "/documents/d1", nil, 200},
		{"GET", "/memories/list", nil, 200}, // reads are not audited
		{"PATCH", "/config", map[string]any{"updates": map[string]any{"audit_log_enabled": false}}, 200},
		{"POST", "/memories/recall", map[string]any{"query": "after"}, 200}, // auditing is off again
	}
	for _, c := range calls {
		mustStatus(t, send(t, srv, c.method, auditBank+c.path, c.body), c.status)
	}
	out, items := auditItems(t, srv, "")
	want := "update_bank_config,delete_document,update_memory,update_memory,reflect,recall,retain"
	if got := actions(items); got != want || out["total"] != 7.0 {
		t.Fatalf("actions %s (total %v), want %s", got, out["total"], want)
	}
	byAction := map[string]map[string]any{}
	for _, it := range items {
		if it["transport"] != "http" || it["bank_id"] != "team" || len(it["metadata"].(map[string]any)) != 0 {
			t.Errorf("entry %v", it)
		}
		if it["started_at"] != "2026-11-30T09:00:00+00:00" || it["duration_ms"] != 0.0 {
			t.Errorf("timing %v %v %v", it["started_at"], it["ended_at"], it["duration_ms"])
		}
		if _, seen := byAction[it["action"].(string)]; !seen {
			byAction[it["action"].(string)] = it
		}
	}
	tests := []struct {
		name  string
		check func(t *testing.T)
	}{
		{"recall request is the model dump with defaults", func(t *testing.T) {
			req := byAction["recall"]["request"].(map[string]any)
			inc := req["include"].(map[string]any)
			if req["query"] != "Postgres" || req["budget"] != "mid" || req["max_tokens"] != 4096.0 || req["types"] != nil ||
				inc["entities"].(map[string]any)["max_tokens"] != 500.0 || inc["chunks"] != nil {
				t.Errorf("request %v", req)
			}
		}},
		{"recall response keeps nulls and every result", func(t *testing.T) {
			resp := byAction["recall"]["response"].(map[string]any)
			results := resp["results"].([]any)
			if _, ok := resp["trace"]; !ok || len(results) == 0 {
				t.Fatalf("response %v", resp)
			}
			if _, ok := results[0].(map[string]any)["occurred_start"]; !ok {
				t.Errorf("result without its null fields: %v", results[0])
			}
		}},
		{"retain dumps items with their defaults", func(t *testing.T) {
			e := byAction["retain"]
			item := e["request"].(map[string]any)["items"].([]any)[0].(map[string]any)
			if item["resolve_entities"] != true || item["tags"] != nil || e["request"].(map[string]any)["async"] != false {
				t.Errorf("request %v", e["request"])
			}
			if resp := e["response"].(map[string]any); resp["success"] != true || resp["operation_id"] != nil {
				t.Errorf("response %v", resp)
			}
		}},
		{"a failed handler has a null response", func(t *testing.T) {
			failed := items[2] // newest first: the failed update came after the good one
			if failed["action"] != "update_memory" || failed["response"] != nil || failed["request"].(map[string]any)["text"] != "x" {
				t.Errorf("failed entry %v", failed)
			}
			if items[3]["response"].(map[string]any)["text"] != "Alice prefers Postgres." {
				t.Errorf("successful update %v", items[3]["response"])
			}
		}},
		{"a bodyless route records a null request", func(t *testing.T) {
			if e := byAction["delete_document"]; e["request"] != nil || e["response"] == nil {
				t.Errorf("delete_document %v", e)
			}
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, tc.check)
	}
}

func TestAuditListFilters(t *testing.T) {
	srv, clock := clockedServer(t, WithSeed(smallSeed()))
	enableAudit(t, srv, true)
	for i, q := range []string{"one", "two", "three"} {
		if i > 0 {
			clock.Advance(24 * time.Hour)
		}
		mustStatus(t, send(t, srv, "POST", auditBank+"/memories/recall", map[string]any{"query": q}), 200)
	}
	mustStatus(t, send(t, srv, "PATCH", auditBank, map[string]any{"name": "Team 2"}), 200)
	tests := []struct {
		query string
		want  string
		total float64
	}{
		{"", "update_bank,recall,recall,recall", 4},
		{"?action=recall", "recall,recall,recall", 3},
		{"?action=recall&transport=system", "", 0},
		{"?transport=http&limit=2", "update_bank,recall", 4},
		{"?limit=2&offset=3", "recall", 4},
		{"?start_date=2026-12-01T09:00:00Z", "update_bank,recall,recall", 3},
		{"?start_date=2026-12-01T09:00:00%2B00:00&end_date=2026-12-02T09:00:00", "recall", 1},
		{"?end_date=2026-11-30", "", 0},
		{"?action=", "update_bank,recall,recall,recall", 4},
	}
	for _, tc := range tests {
		t.Run(tc.query, func(t *testing.T) {
			out, items := auditItems(t, srv, tc.query)
			if got := actions(items); got != tc.want || out["total"] != tc.total {
				t.Errorf("got %q total %v, want %q total %v", got, out["total"], tc.want, tc.total)
			}
		})
	}
	_, items := auditItems(t, srv, "?action=recall")
	if items[0]["request"].(map[string]any)["query"] != "three" {
		t.Errorf("newest first: %v", items[0]["request"])
	}
	errs := []struct {
		query  string
		status int
		detail string
	}{
		{"?limit=0", 422, ""},
		{"?limit=501", 422, ""},
		{"?offset=-1", 422, ""},
		{"?start_date=yesterday", 500, "Invalid isoformat string: 'yesterday'"},
		{"?end_date=2026-13-01Z", 500, "Invalid isoformat string: '2026-13-01+00:00'"},
	}
	for _, tc := range errs {
		wantReply(t, send(t, srv, "GET", auditBank+"/audit-logs"+tc.query, nil), tc.status, tc.detail)
	}
	r := mustStatus(t, send(t, srv, "GET", "/v1/default/banks/nope/audit-logs", nil), 404)
	if detailOf(t, r) != "Bank 'nope' not found" {
		t.Errorf("missing bank: %s", r.body)
	}
	// A bad date is a 500 even for a missing bank: the handler parses it first.
	mustStatus(t, send(t, srv, "GET", "/v1/default/banks/nope/audit-logs?start_date=x", nil), 500)
}

func TestAuditKeepsNulls(t *testing.T) {
	srv := newTestServer(t, WithSeed(smallSeed()))
	enableAudit(t, srv, true)
	mustStatus(t, send(t, srv, "DELETE", auditBank+"/documents/nope", nil), 404)
	r := mustStatus(t, send(t, srv, "GET", auditBank+"/audit-logs", nil), 200)
	for _, key := range []string{`"request":null`, `"response":null`} {
		if !strings.Contains(string(r.body), key) {
			t.Errorf("%s missing from %s", key, r.body)
		}
	}
}

func TestAuditStats(t *testing.T) {
	srv, clock := clockedServer(t, WithSeed(smallSeed()))
	enableAudit(t, srv, true)
	recallAt := func(q string) {
		mustStatus(t, send(t, srv, "POST", auditBank+"/memories/recall", map[string]any{"query": q}), 200)
	}
	recallAt("a")
	recallAt("b")
	clock.Advance(2 * 24 * time.Hour) // nothing on the day between: the buckets are sparse
	recallAt("c")
	mustStatus(t, send(t, srv, "POST", auditBank+"/reflect", map[string]any{"query": "q"}), 200)
	stats := func(query string) map[string]any {
		return getObj(t, srv, auditBank+"/audit-logs/stats"+query)
	}
	s := stats("")
	buckets := s["buckets"].([]any)
	if s["period"] != "7d" || s["trunc"] != "day" || s["start"] != "2026-11-25T09:00:00+00:00" || len(buckets) != 2 {
		t.Fatalf("stats %v", s)
	}
	first, last := buckets[0].(map[string]any), buckets[1].(map[string]any)
	if first["time"] != "2026-11-30T00:00:00+00:00" || first["total"] != 2.0 || first["actions"].(map[string]any)["recall"] != 2.0 {
		t.Errorf("first bucket %v", first)
	}
	if a := last["actions"].(map[string]any); last["total"] != 2.0 || a["recall"] != 1.0 || a["reflect"] != 1.0 {
		t.Errorf("last bucket %v", last)
	}
	if s := stats("?action=reflect"); len(s["buckets"].([]any)) != 1 {
		t.Errorf("action filter %v", s)
	}
	if s := stats("?period=1d"); s["period"] != "1d" || len(s["buckets"].([]any)) != 1 {
		t.Errorf("1d %v", s)
	}
	if s := stats("?period=fortnight"); s["period"] != "fortnight" || s["start"] != "2026-11-25T09:00:00+00:00" {
		t.Errorf("unknown period is 7 days, echoed: %v", s)
	}
	if s := stats("?period=30d"); s["start"] != "2026-11-02T09:00:00+00:00" {
		t.Errorf("30d %v", s)
	}
	mustStatus(t, send(t, srv, "GET", "/v1/default/banks/nope/audit-logs/stats", nil), 404)
}

func TestAuditSystemTasks(t *testing.T) {
	srv := newTestServer(t, WithSeed(smallSeed()))
	enableAudit(t, srv, true)
	res := mustStatus(t, send(t, srv, "POST", auditBank+"/memories", map[string]any{"async": true,
		"items": []any{map[string]any{"content": "Alice likes tea."}}}), 200).obj(t)
	// With no async delay the work is done at the next request (seeded operations,
	// which have no work queued, stay as they are).
	_, items := auditItems(t, srv, "?transport=system")
	if len(items) != 1 {
		t.Fatalf("system entries %v", items)
	}
	e := items[0]
	req := e["request"].(map[string]any)
	resp := e["response"].(map[string]any)
	if e["action"] != "batch_retain" || req["type"] != "batch_retain" || len(req["contents"].([]any)) != 1 ||
		resp["status"] != "completed" || resp["operation_id"] != req["operation_id"] || req["operation_id"] == res["operation_id"] {
		t.Errorf("system entry %v", e)
	}
	_, all := auditItems(t, srv, "")
	if got := actions(all); got != "batch_retain,retain" {
		t.Errorf("actions %s", got)
	}
}

func TestAuditSwitches(t *testing.T) {
	t.Run("server-wide switch", func(t *testing.T) {
		srv := newTestServer(t, WithSeed(smallSeed()), WithFeatures(map[string]bool{"audit_log": true}))
		mustStatus(t, send(t, srv, "POST", auditBank+"/memories/recall", map[string]any{"query": "a"}), 200)
		enableAudit(t, srv, false) // audited: the bank still had auditing on
		mustStatus(t, send(t, srv, "POST", auditBank+"/memories/recall", map[string]any{"query": "b"}), 200)
		if _, items := auditItems(t, srv, ""); actions(items) != "update_bank_config,recall" {
			t.Errorf("actions %s", actions(items))
		}
	})
	t.Run("a rejected key is audited", func(t *testing.T) {
		// The decorator reads the bank's switch without the key, then the handler
		// raises the authentication error: a row with a null response.
		srv := newTestServer(t, WithSeed(smallSeed()))
		enableAudit(t, srv, true)
		srv.SetAPIKey("k")
		mustStatus(t, send(t, srv, "POST", auditBank+"/memories/recall", map[string]any{"query": "a"}), 401)
		out := mustStatus(t, send(t, srv, "GET", auditBank+"/audit-logs", nil, "Authorization", "k"), 200).obj(t)
		items := out["items"].([]any)
		if len(items) != 1 || items[0].(map[string]any)["response"] != nil ||
			items[0].(map[string]any)["request"].(map[string]any)["query"] != "a" {
			t.Errorf("rows %v", items)
		}
	})
	t.Run("rows outlive their bank", func(t *testing.T) {
		srv := newTestServer(t, WithSeed(smallSeed()))
		enableAudit(t, srv, true)
		mustStatus(t, send(t, srv, "DELETE", auditBank, nil), 200)
		mustStatus(t, send(t, srv, "GET", auditBank+"/audit-logs", nil), 404)
		mustStatus(t, send(t, srv, "PUT", auditBank, map[string]any{}), 200)
		if _, items := auditItems(t, srv, ""); actions(items) != "delete_bank" {
			t.Errorf("actions %s", actions(items))
		}
	})
}
