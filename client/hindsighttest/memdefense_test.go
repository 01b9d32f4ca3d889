package hindsighttest

import (
	"strings"
	"testing"
)

func TestSensitiveDataDetector(t *testing.T) {
	tests := []struct {
		text, labels, redacted string
	}{
		{"Alex likes tea.", "", "Alex likes tea."},
		{"Write to bob@example.com today.", "email address", "Write to [REDACTED] today."},
		{"The key is sk-abcdefghijklmnop1234.", "API key", "The key is [REDACTED]."},
		{"aws AKIAABCDEFGHIJKLMNOP leaked", "API key", "aws [REDACTED] leaked"},
		{"password: hunter2 was used", "password", "[REDACTED] was used"},
		{"Authorization: Bearer abcdefghijklmnopqrstu", "bearer token", "Authorization: [REDACTED]"},
		{"db at postgres://app:s3cr3t@db.internal:5432/main", "connection string", "db at [REDACTED]"},
		{"card 4111 1111 1111 1111 on file", "card number", "card [REDACTED] on file"},
		{"order 1234 5678 9012 3456 shipped", "", "order 1234 5678 9012 3456 shipped"}, // fails the Luhn check
		{"SSN 123-45-6789", "social security number", "SSN [REDACTED]"},
	}
	for _, tc := range tests {
		labels, redacted := detectSensitive(tc.text)
		if strings.Join(labels, ",") != tc.labels || redacted != tc.redacted {
			t.Errorf("%q: %v %q, want %q %q", tc.text, labels, redacted, tc.labels, tc.redacted)
		}
	}
}

func TestMemoryDefenseOnRetain(t *testing.T) {
	rule := func(on, action string) map[string]any { return map[string]any{"on": on, "action": action} }
	secret := "Deploy with password: hunter2 tonight."
	clean := "Deploys happen on Tuesdays."
	tests := []struct {
		name   string
		policy map[string]any
		items  []string
		status int
		stored []string
	}{
		{"off by default", nil, []string{secret}, 200, []string{secret}},
		{"disabled policy", map[string]any{"enabled": false, "rules": []any{rule("sensitive_data", "block")}}, []string{secret}, 200, []string{secret}},
		{"redact", map[string]any{"enabled": true, "rules": []any{rule("sensitive_data", "redact")}}, []string{secret}, 200,
			[]string{"Deploy with [REDACTED] tonight."}},
		{"block all", map[string]any{"enabled": true, "rules": []any{rule("sensitive_data", "block")}}, []string{secret}, 422, nil},
		{"block some", map[string]any{"enabled": true, "rules": []any{rule("sensitive_data", "block")}}, []string{secret, clean}, 200, []string{clean}},
		{"first matching rule wins", map[string]any{"enabled": true, "rules": []any{rule("sensitive_data", "allow"), rule("sensitive_data", "block")}},
			[]string{secret}, 200, []string{secret}},
		{"unknown detectors never fire", map[string]any{"enabled": true, "rules": []any{rule("toxicity", "block")}}, []string{secret}, 200, []string{secret}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			srv := newTestServer(t)
			if tc.policy != nil {
				mustStatus(t, send(t, srv, "PATCH", "/v1/default/banks/d/config", map[string]any{"updates": map[string]any{"memory_defense": tc.policy}}), 200)
			}
			var items []map[string]any
			for _, c := range tc.items {
				items = append(items, map[string]any{"content": c})
			}
			r := mustStatus(t, send(t, srv, "POST", "/v1/default/banks/d/memories", map[string]any{"items": items}), tc.status)
			if tc.status == 422 {
				v := r.obj(t)["detail"].(map[string]any)["violations"].([]any)[0].(map[string]any)
				if v["index"] != 0.0 || v["detector"] != "sensitive_data" || !strings.Contains(v["message"].(string), "password") {
					t.Errorf("violation %v", v)
				}
			}
			list := getObj(t, srv, "/v1/default/banks/d/memories/list")["items"].([]any)
			got := pluck(list, "text")
			if strings.Join(got, "|") != strings.Join(tc.stored, "|") {
				t.Errorf("stored %q, want %q", got, tc.stored)
			}
		})
	}
}

func TestMemoryDefenseOnAsyncRetain(t *testing.T) {
	srv := newTestServer(t)
	mustStatus(t, send(t, srv, "PATCH", "/v1/default/banks/d/config", map[string]any{"updates": map[string]any{
		"memory_defense": map[string]any{"enabled": true, "rules": []any{map[string]any{"on": "sensitive_data", "action": "block"}}}}}), 200)
	mustStatus(t, send(t, srv, "POST", "/v1/default/banks/d/memories", map[string]any{"async": true,
		"items": []any{map[string]any{"content": "Mail bob@example.com."}}}), 422)
}
