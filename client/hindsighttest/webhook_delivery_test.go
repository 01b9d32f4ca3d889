package hindsighttest

import (
	"encoding/json"
	"fmt"
	"net/url"
	"strings"
	"testing"
	"time"
)

// deliveries lists a webhook's deliveries with an optional query string.
func deliveries(t *testing.T, srv *Server, hookID, query string) (items []map[string]any, next any) {
	t.Helper()
	out := getObj(t, srv, hooksPath+"/"+hookID+"/deliveries"+query)
	for _, it := range out["items"].([]any) {
		items = append(items, it.(map[string]any))
	}
	return items, out["next_cursor"]
}

func retainDoc(t *testing.T, srv *Server, docID string) {
	t.Helper()
	retainSync(t, srv, "team", map[string]any{"content": "Alice likes tea.", "document_id": docID, "tags": []string{"t1"}})
}

func TestWebhookDeliveryOnRetain(t *testing.T) {
	srv, clock := clockedServer(t, WithSeed(smallSeed()))
	h := createHook(t, srv, map[string]any{"url": "https://hooks.example.com/in", "secret": "s3cret",
		"event_types": []string{"retain.completed"}})
	createHook(t, srv, map[string]any{"url": "https://other.example.com/in"}) // consolidation only
	createHook(t, srv, map[string]any{"url": "https://off.example.com/in", "event_types": []string{"retain.completed"}, "enabled": false})
	retainDoc(t, srv, "d1")
	items, next := deliveries(t, srv, h["id"].(string), "")
	if len(items) != 1 || next != nil {
		t.Fatalf("deliveries %v next %v", items, next)
	}
	d := items[0]
	if d["status"] != "completed" || d["attempts"] != 1.0 || d["event_type"] != "retain.completed" || d["webhook_id"] != h["id"] ||
		d["url"] != "https://hooks.example.com/in" || d["last_response_status"] != 200.0 || d["last_response_body"] != nil ||
		d["last_error"] != nil || d["next_retry_at"] != nil || d["last_attempt_at"] != "2026-11-30T09:00:00+00:00" ||
		!pgText.MatchString(d["created_at"].(string)) || !pgText.MatchString(d["updated_at"].(string)) {
		t.Errorf("delivery %v", d)
	}
	// The delivery is a webhook_delivery operation whose payload holds the secret and
	// the event body.
	op := getObj(t, srv, "/v1/default/banks/team/operations/"+d["id"].(string)+"?include_payload=true")
	payload := op["task_payload"].(map[string]any)
	if op["operation_type"] != "webhook_delivery" || payload["secret"] != "s3cret" || payload["webhook_id"] != h["id"] {
		t.Fatalf("operation %v", op)
	}
	var event map[string]any
	if err := json.Unmarshal([]byte(payload["payload"].(string)), &event); err != nil {
		t.Fatal(err)
	}
	data := event["data"].(map[string]any)
	if event["event"] != "retain.completed" || event["bank_id"] != "team" || event["status"] != "completed" ||
		event["timestamp"] != "2026-11-30T09:00:00Z" || len(event["operation_id"].(string)) != 32 ||
		data["document_id"] != "d1" || data["memory_unit_count"] == nil || fmt.Sprint(data["tags"]) != "[t1]" {
		t.Errorf("event %v", event)
	}
	// Without a document the event has neither document_id nor a count.
	clock.Advance(time.Second)
	retainSync(t, srv, "team", map[string]any{"content": "Bob likes coffee."})
	items, _ = deliveries(t, srv, h["id"].(string), "")
	if len(items) != 2 {
		t.Fatalf("deliveries %v", items)
	}
	op = getObj(t, srv, "/v1/default/banks/team/operations/"+items[0]["id"].(string)+"?include_payload=true")
	if body := op["task_payload"].(map[string]any)["payload"].(string); strings.Contains(body, "document_id") || strings.Contains(body, "memory_unit_count") {
		t.Errorf("event without a document %s", body)
	}
}

func TestWebhookDeliveryAsyncRetain(t *testing.T) {
	srv := newTestServer(t, WithSeed(smallSeed()))
	h := createHook(t, srv, map[string]any{"url": "https://hooks.example.com/in", "event_types": []string{"retain.completed"}})
	mustStatus(t, send(t, srv, "POST", "/v1/default/banks/team/memories", map[string]any{"async": true,
		"items": []any{map[string]any{"content": "a", "document_id": "x"}, map[string]any{"content": "b", "document_id": "y"}}}), 200)
	send(t, srv, "GET", "/health", nil) // the retain runs
	send(t, srv, "GET", "/health", nil) // its deliveries run
	items, _ := deliveries(t, srv, h["id"].(string), "")
	if len(items) != 2 || items[0]["status"] != "completed" {
		t.Errorf("one delivery per retained item: %v", items)
	}
}

func TestWebhookDeliveryRetries(t *testing.T) {
	tests := []struct {
		name     string
		url      string
		attempts float64 // after the first attempt
		status   string
		lastErr  string
		code     any
	}{
		{"unreachable host", "https://hooks.lab.invalid/in", 2, "pending", "[Errno -2] Name or service not known", nil},
		{"server error", "https://hooks.example.com/status/503", 2, "pending", "Server error '503 Service Unavailable' for url", 503.0},
		{"loopback name", "http://localhost:9000/in", 1, "failed", "WebhookURLError: Webhook host 'localhost' resolved to disallowed address 127.0.0.1", nil},
		{"accepted", "https://hooks.example.com/status/204", 1, "completed", "", 204.0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			srv := newTestServer(t, WithSeed(smallSeed()))
			h := createHook(t, srv, map[string]any{"url": tc.url, "event_types": []string{"retain.completed"}})
			retainDoc(t, srv, "d1")
			items, _ := deliveries(t, srv, h["id"].(string), "")
			d := items[0]
			lastErr, _ := d["last_error"].(string)
			if d["status"] != tc.status || d["attempts"] != tc.attempts || !strings.HasPrefix(lastErr, tc.lastErr) ||
				d["last_response_status"] != tc.code {
				t.Errorf("delivery %v", d)
			}
			if tc.status == "pending" && d["next_retry_at"] != "2026-11-30 09:00:05+00" {
				t.Errorf("first retry after 5 s: %v", d["next_retry_at"])
			}
		})
	}
}

func TestWebhookDeliveryRetrySchedule(t *testing.T) {
	srv, clock := clockedServer(t, WithSeed(smallSeed()))
	enableAudit(t, srv, true)
	h := createHook(t, srv, map[string]any{"url": "https://hooks.lab.invalid/in", "event_types": []string{"retain.completed"}})
	retainDoc(t, srv, "d1")
	schedule := []time.Duration{5 * time.Second, 5 * time.Minute, 30 * time.Minute, 2 * time.Hour, 5 * time.Hour}
	at := testEpoch
	for i, wait := range schedule {
		items, _ := deliveries(t, srv, h["id"].(string), "")
		d := items[0]
		want := pgTime(at.Add(wait))
		if d["status"] != "pending" || d["attempts"] != float64(i+2) || d["next_retry_at"] != want {
			t.Fatalf("after attempt %d: %v, want retry at %s", i+1, d, want)
		}
		// One second early nothing happens.
		clock.Advance(wait - time.Second)
		if items, _ := deliveries(t, srv, h["id"].(string), ""); items[0]["attempts"] != float64(i+2) {
			t.Fatalf("retried early: %v", items[0])
		}
		clock.Advance(time.Second)
		at = at.Add(wait)
	}
	items, _ := deliveries(t, srv, h["id"].(string), "")
	d := items[0]
	if d["status"] != "failed" || d["attempts"] != 6.0 || d["last_error"] != "ConnectError: [Errno -2] Name or service not known" ||
		d["last_attempt_at"] != isoTime(at) {
		t.Errorf("after the last attempt %v", d)
	}
	// Every attempt is a system audit row; failed ones have no response.
	_, rows := auditItems(t, srv, "?action=webhook_delivery")
	if len(rows) != 6 || rows[0]["response"] != nil || rows[0]["request"].(map[string]any)["url"] != "https://hooks.lab.invalid/in" {
		t.Errorf("audit rows %d: %v", len(rows), rows)
	}
	// Retrying the failed delivery starts its schedule again.
	mustStatus(t, send(t, srv, "POST", "/v1/default/banks/team/operations/"+d["id"].(string)+"/retry", nil), 200)
	if items, _ := deliveries(t, srv, h["id"].(string), ""); items[0]["status"] != "pending" || items[0]["attempts"] != 2.0 {
		t.Errorf("after retry %v", items[0])
	}
}

func TestWebhookDeliveryPaging(t *testing.T) {
	srv, clock := clockedServer(t, WithSeed(smallSeed()))
	h := createHook(t, srv, map[string]any{"url": "https://hooks.example.com/in", "event_types": []string{"retain.completed"}})
	for i := 0; i < 3; i++ {
		clock.Advance(1500 * time.Millisecond)
		retainDoc(t, srv, fmt.Sprintf("d%d", i))
	}
	id := h["id"].(string)
	page1, next := deliveries(t, srv, id, "?limit=2")
	if len(page1) != 2 || next != page1[1]["created_at"] || next != "2026-11-30 09:00:03+00" {
		t.Fatalf("page 1 %v next %v", page1, next)
	}
	page2, next2 := deliveries(t, srv, id, "?limit=2&cursor="+url.QueryEscape(next.(string)))
	if len(page2) != 1 || next2 != nil || page2[0]["created_at"] != "2026-11-30 09:00:01.5+00" {
		t.Errorf("page 2 %v next %v", page2, next2)
	}
	if all, _ := deliveries(t, srv, id, "?limit=3"); len(all) != 3 {
		t.Errorf("limit 3: %d", len(all))
	}
	if none, next := deliveries(t, srv, id, "?limit=0"); len(none) != 0 || next != nil {
		t.Errorf("limit 0: %v %v", none, next)
	}
	errs := []struct {
		path   string
		status int
		detail string
	}{
		{hooksPath + "/" + id + "/deliveries?limit=201", 422, ""},
		{hooksPath + "/" + id + "/deliveries?cursor=soon", 500, `invalid input syntax for type timestamp with time zone: "soon"`},
		{hooksPath + "/" + id + "/deliveries?limit=-5", 500, "LIMIT must not be negative"},
		{hooksPath + "/nope/deliveries", 500, "badly formed hexadecimal UUID string"},
		{hooksPath + "/" + newUUID() + "/deliveries", 404, "Webhook not found"},
	}
	for _, tc := range errs {
		wantReply(t, send(t, srv, "GET", tc.path, nil), tc.status, tc.detail)
	}
}

func TestWebhookConsolidationEvent(t *testing.T) {
	srv := newTestServer(t, WithSeed(smallSeed()))
	h := createHook(t, srv, map[string]any{"url": "https://hooks.example.com/in"})
	srv.mu.Lock()
	op := srv.newOperation("team", "consolidation", srv.now(), func(time.Time) error { return nil })
	op.resultMeta["observations_created"] = 2
	failing := srv.newOperation("team", "consolidation", srv.now(), func(time.Time) error { return detailError("LLM timeout") })
	srv.mu.Unlock()
	send(t, srv, "GET", "/health", nil) // the consolidations run
	items, _ := deliveries(t, srv, h["id"].(string), "")
	if len(items) != 2 {
		t.Fatalf("deliveries %v", items)
	}
	events := map[string]map[string]any{}
	for _, d := range items {
		o := getObj(t, srv, "/v1/default/banks/team/operations/"+d["id"].(string)+"?include_payload=true")
		var ev map[string]any
		_ = json.Unmarshal([]byte(o["task_payload"].(map[string]any)["payload"].(string)), &ev)
		events[ev["operation_id"].(string)] = ev
	}
	if ev := events[op.id]; ev["status"] != "completed" || ev["data"].(map[string]any)["observations_created"] != 2.0 {
		t.Errorf("completed event %v", ev)
	}
	if ev := events[failing.id]; ev["status"] != "failed" || ev["data"].(map[string]any)["error_message"] != "LLM timeout" {
		t.Errorf("failed event %v", ev)
	}
}

func TestWebhookSecretAndEventTypes(t *testing.T) {
	srv, clock := clockedServer(t, WithSeed(smallSeed()))
	// Event types are not validated: an unknown one is stored and never fires.
	odd := createHook(t, srv, map[string]any{"url": "https://odd.example.com", "event_types": []string{"memory.forgotten"}})
	if et := odd["event_types"].([]any); len(et) != 1 || et[0] != "memory.forgotten" {
		t.Errorf("event types %v", et)
	}
	h := createHook(t, srv, map[string]any{"url": "https://hooks.example.com/in", "secret": "first",
		"event_types": []string{"retain.completed"}})
	one := hooksPath + "/" + h["id"].(string)
	secretOfLatest := func() any {
		t.Helper()
		clock.Advance(time.Second)
		retainDoc(t, srv, "d1")
		items, _ := deliveries(t, srv, h["id"].(string), "?limit=1")
		op := getObj(t, srv, "/v1/default/banks/team/operations/"+items[0]["id"].(string)+"?include_payload=true")
		return op["task_payload"].(map[string]any)["secret"]
	}
	if got := secretOfLatest(); got != "first" {
		t.Errorf("secret %v", got)
	}
	// Leaving the secret out keeps it; a new one replaces it; null clears it.
	mustStatus(t, send(t, srv, "PATCH", one, map[string]any{"enabled": true}), 200)
	if got := secretOfLatest(); got != "first" {
		t.Errorf("secret after an unrelated update %v", got)
	}
	r := mustStatus(t, send(t, srv, "PATCH", one, map[string]any{"secret": "second"}), 200)
	if !strings.Contains(string(r.body), `"secret":null`) {
		t.Errorf("the secret is never returned: %s", r.body)
	}
	if got := secretOfLatest(); got != "second" {
		t.Errorf("secret after replacing it %v", got)
	}
	mustStatus(t, send(t, srv, "PATCH", one, map[string]any{"secret": nil}), 200)
	if got := secretOfLatest(); got != nil {
		t.Errorf("secret after clearing it %v", got)
	}
	if items, _ := deliveries(t, srv, odd["id"].(string), ""); len(items) != 0 {
		t.Errorf("an unknown event type fired: %v", items)
	}
}
