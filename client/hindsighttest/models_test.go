package hindsighttest

import (
	"strings"
	"testing"
	"time"
)

func TestMentalModelLifecycle(t *testing.T) {
	clock := newStepClock()
	srv := NewServer(WithClock(clock.Now), WithSeed(smallSeed()), WithAsyncDelay(10*time.Second))
	defer srv.Close()
	b := "/v1/default/banks/team/mental-models"

	created := mustStatus(t, send(t, srv, "POST", b, map[string]any{
		"name": "Alice", "source_query": "What does Alice prefer?", "tags": []string{},
	}), 200).obj(t)
	id := created["mental_model_id"].(string)
	if !strings.HasPrefix(id, "mm-") || len(id) != 35 {
		t.Errorf("generated id %q", id)
	}
	m := mustStatus(t, send(t, srv, "GET", b+"/"+id, nil), 200).obj(t)
	if m["content"] != "Generating content..." || m["max_tokens"] != 2048.0 {
		t.Errorf("placeholder %v", m)
	}
	trigger := m["trigger"].(map[string]any)
	if trigger["mode"] != "full" || trigger["refresh_after_consolidation"] != false {
		t.Errorf("default trigger %v", trigger)
	}
	if _, ok := trigger["refresh_cron"]; ok {
		t.Error("typed route drops null trigger fields")
	}

	again := mustStatus(t, send(t, srv, "POST", b+"/"+id+"/refresh", nil), 200).obj(t)
	if again["operation_id"] != created["operation_id"] || again["status"] != "queued" {
		t.Errorf("pending refresh is reused: %v vs %v", again, created)
	}
	clock.Advance(10 * time.Second)
	m = mustStatus(t, send(t, srv, "GET", b+"/"+id, nil), 200).obj(t)
	content := m["content"].(string)
	if !strings.Contains(content, "Alice prefers Postgres for analytics.") || m["last_refreshed_at"] != "2026-11-30T09:00:10+00:00" {
		t.Errorf("refreshed %v", m)
	}
	if based := m["reflect_response"].(map[string]any)["based_on"].(map[string]any)["memories"].([]any); len(based) == 0 {
		t.Error("reflect_response.based_on.memories is empty")
	}
	op := mustStatus(t, send(t, srv, "GET", "/v1/default/banks/team/operations/"+created["operation_id"].(string), nil), 200).obj(t)
	if op["operation_type"] != "refresh_mental_model" || op["details"].(map[string]any)["outcome"] != "content_written" {
		t.Errorf("refresh op %v", op)
	}

	retainSync(t, srv, "team", map[string]any{"content": "Alice now prefers DuckDB for analytics."})
	if m := mustStatus(t, send(t, srv, "GET", b+"/"+id, nil), 200).obj(t); m["is_stale"] != true {
		t.Errorf("new in-scope memory makes the model stale: %v", m["is_stale"])
	}
	second := mustStatus(t, send(t, srv, "POST", b+"/"+id+"/refresh", nil), 200).obj(t)
	if second["operation_id"] == created["operation_id"] {
		t.Error("a finished refresh is not reused")
	}
	clock.Advance(10 * time.Second)
	hist := mustStatus(t, send(t, srv, "GET", b+"/"+id+"/history", nil), 200).json(t).([]any)
	if len(hist) != 2 || hist[0].(map[string]any)["previous_content"] != content ||
		hist[1].(map[string]any)["previous_content"] != "Generating content..." {
		t.Errorf("history newest first: %v", hist)
	}
	if hist[1].(map[string]any)["previous_reflect_response"] != nil {
		t.Error("history keeps nulls")
	}

	meta := mustStatus(t, send(t, srv, "GET", b+"/"+id+"?detail=metadata", nil), 200).obj(t)
	for _, k := range []string{"content", "source_query", "reflect_response", "is_stale"} {
		if _, ok := meta[k]; ok {
			t.Errorf("detail=metadata has %q", k)
		}
	}
	if c := mustStatus(t, send(t, srv, "GET", b+"/"+id+"?detail=content", nil), 200).obj(t); c["content"] == nil || c["reflect_response"] != nil {
		t.Errorf("detail=content %v", c)
	}

	patched := mustStatus(t, send(t, srv, "PATCH", b+"/"+id, map[string]any{"name": "Alice's stack", "max_tokens": 512}), 200).obj(t)
	if patched["name"] != "Alice's stack" || patched["max_tokens"] != 512.0 {
		t.Errorf("patched %v", patched)
	}
	mustStatus(t, send(t, srv, "PATCH", b+"/"+id, map[string]any{"max_tokens": 10}), 422)
	mustStatus(t, send(t, srv, "DELETE", b+"/"+id, nil), 200)
	r := mustStatus(t, send(t, srv, "GET", b+"/"+id, nil), 404)
	if detailOf(t, r) != "Mental model '"+id+"' not found" {
		t.Errorf("detail %s", r.body)
	}
	r = mustStatus(t, send(t, srv, "POST", b+"/"+id+"/refresh", nil), 404)
	if detailOf(t, r) != "Mental model "+id+" not found in bank team" {
		t.Errorf("detail %s", r.body)
	}
}

func TestMentalModelValidationAndFilters(t *testing.T) {
	srv := newTestServer(t, WithSeed(smallSeed()))
	b := "/v1/default/banks/team/mental-models"
	tests := []struct {
		name string
		body map[string]any
	}{
		{"missing source_query", map[string]any{"name": "x"}},
		{"max_tokens too small", map[string]any{"name": "x", "source_query": "q", "max_tokens": 100}},
		{"empty fact_types", map[string]any{"name": "x", "source_query": "q", "trigger": map[string]any{"fact_types": []string{}}}},
		{"cron and consolidation", map[string]any{"name": "x", "source_query": "q",
			"trigger": map[string]any{"refresh_after_consolidation": true, "refresh_cron": "0 3 * * *"}}},
		{"bad cron", map[string]any{"name": "x", "source_query": "q", "trigger": map[string]any{"refresh_cron": "soon"}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			mustStatus(t, send(t, srv, "POST", b, tc.body), 422)
		})
	}
	for _, body := range []map[string]any{
		{"id": "tagged", "name": "Tagged", "source_query": "q", "tags": []string{"a", "b"}},
		{"id": "other", "name": "Other", "source_query": "q", "tags": []string{"c"}},
	} {
		mustStatus(t, send(t, srv, "POST", b, body), 200)
	}
	mustStatus(t, send(t, srv, "POST", b, map[string]any{"id": "other", "name": "Dup", "source_query": "q"}), 409)
	ids := func(query string) string {
		r := mustStatus(t, send(t, srv, "GET", b+query, nil), 200).obj(t)
		var out []string
		for _, it := range r["items"].([]any) {
			out = append(out, it.(map[string]any)["id"].(string))
		}
		return strings.Join(out, ",")
	}
	filters := []struct{ query, want string }{
		{"?tags=a", "tagged"},                       // any: overlap only, untagged excluded
		{"?tags=a&tags=c", "tagged,other"},          // refreshed together: id desc
		{"?tags=a&tags=b&tags_match=all", "tagged"}, // superset
		{"?tags=b&tags=a&tags_match=exact", ""},     // order-sensitive equality
		{"?tags=a&tags=b&tags_match=exact", "tagged"},
	}
	for _, tc := range filters {
		if got := ids(tc.query); got != tc.want {
			t.Errorf("%q: got %q, want %q", tc.query, got, tc.want)
		}
	}
	if got := ids(""); !strings.HasSuffix(got, "platform-stack") {
		t.Errorf("the older refresh comes last: %q", got)
	}
	mustStatus(t, send(t, srv, "GET", b+"?tags_match=any_strict", nil), 422)
	mustStatus(t, send(t, srv, "GET", b+"?limit=0", nil), 422)
}
