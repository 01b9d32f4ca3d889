package hindsighttest

import (
	"fmt"
	"strings"
	"testing"
)

func TestBankLLMHealthDisabled(t *testing.T) {
	srv := newTestServer(t)
	r := mustStatus(t, send(t, srv, "POST", "/v1/default/banks/b/health/llm", nil), 404)
	if !strings.Contains(detailOf(t, r), "HINDSIGHT_API_ENABLE_BANK_LLM_HEALTH=true") {
		t.Errorf("detail: %s", r.body)
	}
	if v := getObj(t, srv, "/version")["features"].(map[string]any); v["bank_llm_health"] != false {
		t.Errorf("feature flag: %v", v)
	}
}

func TestBankLLMHealth(t *testing.T) {
	srv := newTestServer(t, WithBankLLMHealth(), WithAPIKey("k"))
	if v := getObj(t, srv, "/version")["features"].(map[string]any); v["bank_llm_health"] != true {
		t.Errorf("feature flag: %v", v)
	}
	probe := func(bank string) []map[string]any {
		t.Helper()
		r := mustStatus(t, send(t, srv, "POST", "/v1/default/banks/"+bank+"/health/llm", nil, "Authorization", "Bearer k"), 200).obj(t)
		if r["bank_id"] != bank {
			t.Errorf("bank_id %v", r["bank_id"])
		}
		var out []map[string]any
		for _, op := range r["operations"].([]any) {
			out = append(out, op.(map[string]any))
		}
		return out
	}
	mustStatus(t, send(t, srv, "POST", "/v1/default/banks/b/health/llm", nil), 401)

	// A bank that does not exist is probed all the same; one shared LLM, one latency.
	ops := probe("never-created")
	if len(ops) != 3 || ops[0]["operation"] != "retain" || ops[1]["operation"] != "consolidation" || ops[2]["operation"] != "reflect" {
		t.Fatalf("operations: %v", ops)
	}
	for _, op := range ops {
		if op["ok"] != true || op["status"] != "connected" || op["latency_ms"] != ops[0]["latency_ms"] || op["latency_ms"].(float64) <= 0 {
			t.Errorf("healthy probe: %v", op)
		}
	}
	tests := []struct {
		status, want string
		ok, latency  bool
	}{
		{LLMFlaky, "connected", true, true},
		{LLMUnreachable, "unreachable", false, false},
		{LLMTimeout, "timeout", false, false},
		{LLMAuthFailed, "auth_failed", false, true},
		{LLMNotConfigured, "not_configured", false, false},
	}
	for _, tt := range tests {
		bank := "b-" + tt.status
		srv.SetBankLLM(bank, "consolidation", tt.status)
		ops := probe(bank)
		got := ops[1]
		_, hasLatency := got["latency_ms"]
		if got["status"] != tt.want || got["ok"] != tt.ok || hasLatency != tt.latency {
			t.Errorf("%s: %v", tt.status, got)
		}
		if ops[0]["status"] != "connected" || ops[2]["status"] != "connected" {
			t.Errorf("%s: the other operations keep their LLM: %v", tt.status, ops)
		}
	}
	if a, b := fmt.Sprint(probe("x")[0]["latency_ms"]), fmt.Sprint(probe("x")[0]["latency_ms"]); a != b {
		t.Errorf("latency is not repeatable: %s / %s", a, b)
	}
}
