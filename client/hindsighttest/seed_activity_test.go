package hindsighttest

import (
	"strings"
	"testing"
	"time"
)

func TestDemoAuditHistory(t *testing.T) {
	srv := newTestServer(t, WithDemoSeed())
	const bank = "/v1/default/banks/user-alex-prefs"
	out := getObj(t, srv, bank+"/audit-logs?limit=500")
	items := out["items"].([]any)
	if out["total"] != float64(len(alexAuditCalls())) || len(items) < 30 {
		t.Fatalf("%v rows", out["total"])
	}
	counts := map[string]int{}
	for _, it := range items {
		e := it.(map[string]any)
		counts[e["action"].(string)+"/"+e["transport"].(string)]++
		started, ok := parsePGTime(e["started_at"].(string))
		if !ok || started.After(testEpoch) || started.Before(testEpoch.AddDate(0, 0, -20)) {
			t.Errorf("started_at %v", e["started_at"])
		}
		if e["duration_ms"].(float64) <= 0 {
			t.Errorf("duration %v", e)
		}
		switch e["action"] {
		case "recall":
			resp := e["response"].(map[string]any)
			if len(resp["results"].([]any)) == 0 || e["request"].(map[string]any)["query"] == "" {
				t.Errorf("a recall that found nothing: %v", e["request"])
			}
			if _, ok := resp["trace"]; !ok {
				t.Errorf("recall response without its nulls: %v", resp)
			}
		case "reflect":
			if resp, _ := e["response"].(map[string]any); resp == nil {
				if !strings.Contains(e["request"].(map[string]any)["query"].(string), "seating plan") {
					t.Errorf("reflect without an answer: %v", e)
				}
			} else if resp["text"] == "" {
				t.Errorf("empty reflect answer %v", e)
			}
		case "retain":
			if e["response"].(map[string]any)["usage"] == nil {
				t.Errorf("retain response %v", e["response"])
			}
		}
	}
	for _, want := range []string{"recall/http", "reflect/http", "retain/http", "refresh_mental_model/http", "refresh_mental_model/system"} {
		if counts[want] == 0 {
			t.Errorf("no %s row: %v", want, counts)
		}
	}
	// The refresh rows point at the seeded operation.
	sys := getObj(t, srv, bank+"/audit-logs?transport=system")["items"].([]any)[0].(map[string]any)
	opID := sys["response"].(map[string]any)["operation_id"].(string)
	if op := getObj(t, srv, bank+"/operations/"+opID); op["operation_type"] != "refresh_mental_model" {
		t.Errorf("operation %v", op)
	}
	stats := getObj(t, srv, bank+"/audit-logs/stats")
	if len(stats["buckets"].([]any)) < 5 {
		t.Errorf("a week of history has few buckets: %v", stats["buckets"])
	}
	cfg := getObj(t, srv, bank+"/config")
	if cfg["overrides"].(map[string]any)["audit_log_enabled"] != true {
		t.Errorf("overrides %v", cfg["overrides"])
	}
	// New calls join the history.
	mustStatus(t, send(t, srv, "POST", bank+"/memories/recall", map[string]any{"query": "lease"}), 200)
	if out := getObj(t, srv, bank+"/audit-logs?limit=1"); out["total"] != float64(len(alexAuditCalls())+1) {
		t.Errorf("live call not audited: %v", out["total"])
	}
	// Other demo banks are not audited.
	for _, other := range []string{"research-agent", "writer-agent", "team-platform", "scratch"} {
		if out := getObj(t, srv, "/v1/default/banks/"+other+"/audit-logs"); out["total"] != 0.0 {
			t.Errorf("%s has audit rows", other)
		}
	}
}

func TestDemoWebhooks(t *testing.T) {
	srv, clock := clockedServer(t, WithDemoSeed())
	const bank = "/v1/default/banks/research-agent"
	hooks := getObj(t, srv, bank+"/webhooks")["items"].([]any)
	if len(hooks) != 3 {
		t.Fatalf("webhooks %v", hooks)
	}
	ids := map[string]string{}
	for _, h := range hooks {
		m := h.(map[string]any)
		ids[m["url"].(string)] = m["id"].(string)
		if m["secret"] != nil || !pgText.MatchString(m["created_at"].(string)) {
			t.Errorf("webhook %v", m)
		}
	}
	if first := hooks[0].(map[string]any); first["enabled"] != false {
		t.Errorf("the oldest webhook is the disabled one: %v", first)
	}
	statuses := map[string]int{}
	var pending map[string]any
	for _, id := range ids {
		for _, d := range getObj(t, srv, bank+"/webhooks/"+id+"/deliveries")["items"].([]any) {
			m := d.(map[string]any)
			statuses[m["status"].(string)]++
			if m["status"] == "pending" {
				pending = m
			}
		}
	}
	if statuses["completed"] == 0 || statuses["failed"] == 0 || statuses["pending"] != 1 {
		t.Fatalf("delivery statuses %v", statuses)
	}
	if pending["attempts"] != 5.0 || pending["next_retry_at"] != "2026-11-30 10:56:05+00" || pending["last_response_status"] != 503.0 {
		t.Errorf("pending delivery %v", pending)
	}
	op := getObj(t, srv, bank+"/operations/"+pending["id"].(string)+"?include_payload=true")
	if p := op["task_payload"].(map[string]any); p["secret"] != "whsec_demo_lab_relay" || !strings.Contains(p["payload"].(string), "consolidation.completed") {
		t.Errorf("payload %v", p)
	}
	// The relay is back by the time of the next retry.
	clock.Advance(time.Hour + 56*time.Minute + 5*time.Second)
	send(t, srv, "GET", "/health", nil)
	d := getObj(t, srv, bank+"/webhooks/"+ids[pending["url"].(string)]+"/deliveries?limit=1")["items"].([]any)[0].(map[string]any)
	if d["id"] != pending["id"] || d["status"] != "completed" || d["attempts"] != 5.0 || d["last_response_status"] != 200.0 {
		t.Errorf("after the retry %v", d)
	}
	// A new retain reaches the two enabled webhooks subscribed to it.
	retainSync(t, srv, "research-agent", map[string]any{"content": "Tomás finished exp-021.", "document_id": "exp-021-log"})
	send(t, srv, "GET", "/health", nil)
	ops := getObj(t, srv, bank+"/operations?type=webhook_delivery&limit=100")
	fresh := 0
	for _, o := range ops["operations"].([]any) {
		if o.(map[string]any)["created_at"] == isoTime(clock.Now()) {
			fresh++
		}
	}
	if fresh != 2 {
		t.Errorf("%d deliveries for the new retain, want 2", fresh)
	}
}
