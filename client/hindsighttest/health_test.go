package hindsighttest

import "testing"

func TestHealthAndVersion(t *testing.T) {
	srv := newTestServer(t, WithAPIKey("k"), WithFeatures(map[string]bool{"audit_log": true}))
	h := getObj(t, srv, "/health")
	if h["status"] != "healthy" || h["database"] != "connected" {
		t.Errorf("health %v", h)
	}
	mustStatus(t, send(t, srv, "GET", "/health/ready", nil), 200)
	live := getObj(t, srv, "/health/live")
	if live["status"] != "alive" || live["version"] != "0.9.1" || live["uptime_seconds"] != 0.0 {
		t.Errorf("live %v", live)
	}
	v := getObj(t, srv, "/version")
	features := v["features"].(map[string]any)
	if v["api_version"] != "0.9.1" || len(features) != 11 || features["audit_log"] != true || features["bank_llm_health"] != false {
		t.Errorf("version %v", v)
	}
}
