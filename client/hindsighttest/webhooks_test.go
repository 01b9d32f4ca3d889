package hindsighttest

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
)

const hooksPath = "/v1/default/banks/team/webhooks"

// pgText is the Postgres text form of a timestamptz.
var pgText = regexp.MustCompile(`^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d{1,6})?\+00$`)

func createHook(t *testing.T, srv *Server, body map[string]any) map[string]any {
	t.Helper()
	return mustStatus(t, send(t, srv, "POST", hooksPath, body), 201).obj(t)
}

func TestWebhookCreate(t *testing.T) {
	srv := newTestServer(t)
	h := mustStatus(t, send(t, srv, "POST", "/v1/default/banks/fresh/webhooks",
		map[string]any{"url": "https://hooks.example.com/in", "secret": "s3cret"}), 201)
	w := h.obj(t)
	if !strings.Contains(string(h.body), `"secret":null`) || w["bank_id"] != "fresh" || w["enabled"] != true {
		t.Errorf("webhook %s", h.body)
	}
	if et := w["event_types"].([]any); len(et) != 1 || et[0] != "consolidation.completed" {
		t.Errorf("default event types %v", et)
	}
	hc := w["http_config"].(map[string]any)
	if hc["method"] != "POST" || hc["timeout_seconds"] != 30.0 || len(hc["headers"].(map[string]any)) != 0 {
		t.Errorf("default http_config %v", hc)
	}
	if w["created_at"] != "2026-11-30 09:00:00+00" || !pgText.MatchString(w["updated_at"].(string)) {
		t.Errorf("timestamps %v %v", w["created_at"], w["updated_at"])
	}
	if _, ok := canonicalUUID(w["id"].(string)); !ok {
		t.Errorf("id %v", w["id"])
	}
	// Creating a webhook creates the bank.
	mustStatus(t, send(t, srv, "GET", "/v1/default/banks/fresh/profile", nil), 200)
}

func TestWebhookURLValidation(t *testing.T) {
	srv := newTestServer(t, WithAPIKey("k"))
	tests := []struct {
		url    string
		status int
		detail string
	}{
		{"https://hooks.example.com/x", 201, ""},
		{"http://localhost:8080/hook", 201, ""}, // names are checked when delivering
		{"http://8.8.8.8/hook", 201, ""},
		{"ftp://example.com/x", 400, "Webhook URL scheme must be http or https, got 'ftp'"},
		{"example.com/x", 400, "Webhook URL scheme must be http or https, got 'empty'"},
		{"http://", 400, "Webhook URL must include a host"},
		{"http://127.0.0.1:9000/x", 400, "Webhook URL host '127.0.0.1' targets a private/loopback/link-local address, which is not an allowed destination"},
		{"http://10.1.2.3/x", 400, "private/loopback"},
		{"http://192.168.1.10/x", 400, "private/loopback"},
		{"http://169.254.169.254/latest", 400, "private/loopback"},
		{"http://100.64.0.7/x", 400, "private/loopback"},
		{"http://[::1]/x", 400, "Webhook URL host '::1' targets"},
		{"http://[::ffff:127.0.0.1]/x", 400, "private/loopback"},
		{"http://0.0.0.0/x", 400, "private/loopback"},
	}
	for _, tc := range tests {
		t.Run(tc.url, func(t *testing.T) {
			wantReply(t, send(t, srv, "POST", hooksPath, map[string]any{"url": tc.url}, "Authorization", "k"), tc.status, tc.detail)
		})
	}
	// The URL is checked before the key.
	mustStatus(t, send(t, srv, "POST", hooksPath, map[string]any{"url": "ftp://x"}), 400)
	mustStatus(t, send(t, srv, "POST", hooksPath, map[string]any{"url": "https://x.example"}), 401)
}

func TestWebhookBodyValidation(t *testing.T) {
	srv := newTestServer(t)
	tests := []struct {
		name string
		body any
		loc  string
	}{
		{"no url", map[string]any{}, "body.url"},
		{"url not a string", map[string]any{"url": 5}, "body.url"},
		{"event_types null", map[string]any{"url": "https://x.example", "event_types": nil}, "body.event_types"},
		{"enabled null", map[string]any{"url": "https://x.example", "enabled": nil}, "body.enabled"},
		{"header not a string", map[string]any{"url": "https://x.example", "http_config": map[string]any{"headers": map[string]any{"X-A": 1}}}, "body.http_config.headers.X-A"},
		{"timeout not an integer", map[string]any{"url": "https://x.example", "http_config": map[string]any{"timeout_seconds": 1.5}}, "body.http_config.timeout_seconds"},
		{"no body", nil, "body"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := mustStatus(t, send(t, srv, "POST", hooksPath, tc.body), 422)
			detail := r.obj(t)["detail"].([]any)
			var locs []string
			for _, d := range detail {
				var parts []string
				for _, p := range d.(map[string]any)["loc"].([]any) {
					parts = append(parts, fmt.Sprint(p))
				}
				locs = append(locs, strings.Join(parts, "."))
			}
			if len(locs) != 1 || locs[0] != tc.loc {
				t.Errorf("locs %v, want %s", locs, tc.loc)
			}
		})
	}
}

func TestWebhookListUpdateDelete(t *testing.T) {
	srv, clock := clockedServer(t, WithSeed(smallSeed()))
	a := createHook(t, srv, map[string]any{"url": "https://a.example/h", "event_types": []string{"retain.completed"},
		"http_config": map[string]any{"method": "POST", "timeout_seconds": 5, "headers": map[string]any{"X-Team": "platform"}}})
	clock.Advance(1e9)
	b := createHook(t, srv, map[string]any{"url": "https://b.example/h", "enabled": false})
	mustStatus(t, send(t, srv, "POST", "/v1/default/banks/other/webhooks", map[string]any{"url": "https://c.example"}), 201)

	list := getObj(t, srv, hooksPath)["items"].([]any)
	if len(list) != 2 || list[0].(map[string]any)["id"] != a["id"] || list[1].(map[string]any)["id"] != b["id"] {
		t.Fatalf("list oldest first, this bank only: %v", list)
	}
	if empty := getObj(t, srv, "/v1/default/banks/none/webhooks"); len(empty["items"].([]any)) != 0 {
		t.Errorf("missing bank %v", empty)
	}

	one := hooksPath + "/" + a["id"].(string)
	clock.Advance(1e9)
	u := mustStatus(t, send(t, srv, "PATCH", one, map[string]any{"enabled": false}), 200).obj(t)
	if u["url"] != "https://a.example/h" || u["enabled"] != false || u["updated_at"] == a["updated_at"] || u["created_at"] != a["created_at"] {
		t.Errorf("only sent keys change: %v", u)
	}
	u = mustStatus(t, send(t, srv, "PATCH", one, map[string]any{"http_config": map[string]any{"method": "GET"}}), 200).obj(t)
	if hc := u["http_config"].(map[string]any); hc["method"] != "GET" || hc["timeout_seconds"] != 30.0 || len(hc["headers"].(map[string]any)) != 0 {
		t.Errorf("http_config is replaced whole: %v", hc)
	}
	tests := []struct {
		name, path string
		body       any
		status     int
		detail     string
	}{
		{"nothing to update", one, map[string]any{}, 422, "No fields provided to update"},
		{"unknown keys only", one, map[string]any{"colour": "red"}, 422, "No fields provided to update"},
		{"not a uuid", hooksPath + "/nope", map[string]any{"enabled": true}, 500, "badly formed hexadecimal UUID string"},
		{"not a uuid beats empty", hooksPath + "/nope", map[string]any{}, 500, ""},
		{"unknown webhook", hooksPath + "/" + newUUID(), map[string]any{"enabled": true}, 404, "Webhook not found"},
		{"other bank's webhook", "/v1/default/banks/other/webhooks/" + a["id"].(string), map[string]any{"enabled": true}, 404, "Webhook not found"},
		{"private url", one, map[string]any{"url": "http://127.0.0.1/"}, 400, "private/loopback"},
		{"null url", one, map[string]any{"url": nil}, 500, `null value in column "url"`},
		{"null http_config", one, map[string]any{"http_config": nil}, 500, "'NoneType' object has no attribute 'model_dump_json'"},
		{"bad body", one, map[string]any{"enabled": "maybe"}, 422, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := mustStatus(t, send(t, srv, "PATCH", tc.path, tc.body), tc.status)
			if tc.detail != "" && !strings.Contains(detailOf(t, r), tc.detail) {
				t.Errorf("detail %q", detailOf(t, r))
			}
		})
	}

	del := mustStatus(t, send(t, srv, "DELETE", one, nil), 200)
	if string(del.body) != "{\"success\":true}\n" {
		t.Errorf("delete %s", del.body)
	}
	mustStatus(t, send(t, srv, "DELETE", one, nil), 404)
	mustStatus(t, send(t, srv, "DELETE", hooksPath+"/nope", nil), 500)
	if list := getObj(t, srv, hooksPath)["items"].([]any); len(list) != 1 {
		t.Errorf("after delete %v", list)
	}
	// Webhooks go with their bank.
	mustStatus(t, send(t, srv, "DELETE", "/v1/default/banks/team", nil), 200)
	mustStatus(t, send(t, srv, "PUT", "/v1/default/banks/team", map[string]any{}), 200)
	if list := getObj(t, srv, hooksPath)["items"].([]any); len(list) != 0 {
		t.Errorf("a recreated bank has no webhooks: %v", list)
	}
}
