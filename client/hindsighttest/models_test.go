package hindsighttest

import (
	"strings"
	"testing"
	"time"
)

// modelsPath is the mental-models collection of bank.
func modelsPath(bank string) string { return "/v1/default/banks/" + bank + "/mental-models" }

// createModel creates a mental model and returns its id and first refresh operation.
func createModel(t *testing.T, srv *Server, bank string, body map[string]any) (id, opID string) {
	t.Helper()
	r := mustStatus(t, send(t, srv, "POST", modelsPath(bank), body), 200).obj(t)
	return r["mental_model_id"].(string), r["operation_id"].(string)
}

// getModel fetches a model at a detail level ("" = default full).
func getModel(t *testing.T, srv *Server, bank, id, detail string) map[string]any {
	t.Helper()
	path := modelsPath(bank) + "/" + id
	if detail != "" {
		path += "?detail=" + detail
	}
	return getObj(t, srv, path)
}

// getOperation fetches an operation's status.
func getOperation(t *testing.T, srv *Server, bank, id string) map[string]any {
	t.Helper()
	return getObj(t, srv, "/v1/default/banks/"+bank+"/operations/"+id)
}

func TestMentalModelLifecycle(t *testing.T) {
	srv, clock := clockedServer(t, WithSeed(smallSeed()), WithAsyncDelay(10*time.Second))
	b := modelsPath("team")

	id, opID := createModel(t, srv, "team", map[string]any{"name": "Alice", "source_query": "What does Alice prefer?", "tags": []string{}})
	if !strings.HasPrefix(id, "mm-") || len(id) != 35 {
		t.Errorf("generated id %q", id)
	}
	m := getModel(t, srv, "team", id, "")
	if m["content"] != "Generating content..." || m["max_tokens"] != 2048.0 {
		t.Errorf("placeholder %v", m)
	}
	if m["last_refreshed_at"] != m["created_at"] || m["created_at"] != "2026-11-30T09:00:00+00:00" {
		t.Errorf("a model that never refreshed shows its creation time: %v / %v", m["last_refreshed_at"], m["created_at"])
	}
	if _, ok := m["last_memory_seen_at"]; ok {
		t.Error("last_memory_seen_at is absent until a refresh saw a memory")
	}
	trigger := m["trigger"].(map[string]any)
	if trigger["mode"] != "full" || trigger["refresh_after_consolidation"] != false {
		t.Errorf("default trigger %v", trigger)
	}
	if _, ok := trigger["refresh_cron"]; ok {
		t.Error("typed route drops null trigger fields")
	}

	again := mustStatus(t, send(t, srv, "POST", b+"/"+id+"/refresh", nil), 200).obj(t)
	if again["operation_id"] != opID || again["status"] != "queued" {
		t.Errorf("pending refresh is reused: %v vs %v", again, opID)
	}
	clock.Advance(10 * time.Second)
	m = getModel(t, srv, "team", id, "")
	content := m["content"].(string)
	if !strings.Contains(content, "Alice prefers Postgres for analytics.") || m["last_refreshed_at"] != "2026-11-30T09:00:10+00:00" {
		t.Errorf("refreshed %v", m)
	}
	if m["last_memory_seen_at"] != "2026-11-26T08:00:00+00:00" {
		t.Errorf("watermark = newest in-scope memory: %v", m["last_memory_seen_at"])
	}
	if based := m["reflect_response"].(map[string]any)["based_on"].(map[string]any)["world"].([]any); len(based) == 0 {
		t.Error("reflect_response.based_on.world is empty")
	}
	op := getOperation(t, srv, "team", opID)
	if op["operation_type"] != "refresh_mental_model" || op["details"].(map[string]any)["outcome"] != "content_written" {
		t.Errorf("refresh op %v", op)
	}

	retainSync(t, srv, "team", map[string]any{"content": "Alice now prefers DuckDB for analytics."})
	if m := getModel(t, srv, "team", id, ""); m["is_stale"] != true {
		t.Errorf("new in-scope memory makes the model stale: %v", m["is_stale"])
	}
	second := mustStatus(t, send(t, srv, "POST", b+"/"+id+"/refresh", nil), 200).obj(t)
	if second["operation_id"] == opID {
		t.Error("a finished refresh is not reused")
	}
	clock.Advance(10 * time.Second)
	hist := mustStatus(t, send(t, srv, "GET", b+"/"+id+"/history", nil), 200).json(t).([]any)
	if len(hist) != 2 || hist[0].(map[string]any)["previous_content"] != content ||
		hist[1].(map[string]any)["previous_content"] != "Generating content..." {
		t.Fatalf("history newest first: %v", hist)
	}
	if hist[1].(map[string]any)["previous_reflect_response"] != nil {
		t.Error("history keeps nulls")
	}
	prev := hist[0].(map[string]any)["previous_reflect_response"].(map[string]any)
	if _, ok := prev["based_on"]; !ok || prev["text"] != nil {
		t.Errorf("previous_reflect_response holds based_on (and trace), not the text: %v", prev)
	}

	meta := getModel(t, srv, "team", id, "metadata")
	for _, k := range []string{"content", "source_query", "reflect_response", "is_stale"} {
		if _, ok := meta[k]; ok {
			t.Errorf("detail=metadata has %q", k)
		}
	}
	if c := getModel(t, srv, "team", id, "content"); c["content"] == nil || c["reflect_response"] != nil || c["is_stale"] != nil {
		t.Errorf("detail=content %v", c)
	}

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
	b := modelsPath("team")
	tests := []struct {
		name string
		body map[string]any
		msg  string // part of the first error's msg
	}{
		{"missing source_query", map[string]any{"name": "x"}, "Field required"},
		{"max_tokens too small", map[string]any{"name": "x", "source_query": "q", "max_tokens": 100}, "greater than or equal to 256"},
		{"max_tokens too large", map[string]any{"name": "x", "source_query": "q", "max_tokens": 9000}, "less than or equal to 8192"},
		{"empty fact_types", map[string]any{"name": "x", "source_query": "q", "trigger": map[string]any{"fact_types": []string{}}}, "must not be empty"},
		{"bad fact type", map[string]any{"name": "x", "source_query": "q", "trigger": map[string]any{"fact_types": []string{"opinion"}}}, "Input should be"},
		{"cron and consolidation", map[string]any{"name": "x", "source_query": "q",
			"trigger": map[string]any{"refresh_after_consolidation": true, "refresh_cron": "0 3 * * *"}}, "mutually exclusive"},
		{"bad cron", map[string]any{"name": "x", "source_query": "q", "trigger": map[string]any{"refresh_cron": "soon"}},
			"Value error, refresh_cron is not a valid cron expression: 'soon'"},
		{"cron out of range", map[string]any{"name": "x", "source_query": "q", "trigger": map[string]any{"refresh_cron": "61 * * * *"}},
			"not a valid cron expression"},
		{"negative interval", map[string]any{"name": "x", "source_query": "q", "trigger": map[string]any{"min_refresh_interval_seconds": -1}},
			"greater than or equal to 0"},
		{"bad mode", map[string]any{"name": "x", "source_query": "q", "trigger": map[string]any{"mode": "partial"}}, "'full' or 'delta'"},
		{"bad tags_match", map[string]any{"name": "x", "source_query": "q", "trigger": map[string]any{"tags_match": "some"}}, "Input should be"},
		{"bad tag_groups", map[string]any{"name": "x", "source_query": "q", "trigger": map[string]any{"tag_groups": "a"}}, "valid list"},
		{"bad response_schema", map[string]any{"name": "x", "source_query": "q", "trigger": map[string]any{"response_schema": []string{}}}, "dictionary"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := mustStatus(t, send(t, srv, "POST", b, tc.body), 422).obj(t)
			first := r["detail"].([]any)[0].(map[string]any)
			if !strings.Contains(first["msg"].(string), tc.msg) {
				t.Errorf("msg %q, want it to contain %q", first["msg"], tc.msg)
			}
		})
	}
	blank := mustStatus(t, send(t, srv, "POST", b, map[string]any{"id": "blank-cron", "name": "x", "source_query": "q",
		"trigger": map[string]any{"refresh_cron": "  "}}), 200).obj(t)
	if _, ok := getModel(t, srv, "team", blank["mental_model_id"].(string), "")["trigger"].(map[string]any)["refresh_cron"]; ok {
		t.Error("a blank refresh_cron is stored as null")
	}
	for _, body := range []map[string]any{
		{"id": "tagged", "name": "Tagged", "source_query": "q", "tags": []string{"a", "b"}},
		{"id": "other", "name": "Other", "source_query": "q", "tags": []string{"c"}},
	} {
		mustStatus(t, send(t, srv, "POST", b, body), 200)
	}
	r := mustStatus(t, send(t, srv, "POST", b, map[string]any{"id": "other", "name": "Dup", "source_query": "q"}), 500)
	if !strings.Contains(detailOf(t, r), "duplicate key") {
		t.Errorf("duplicate custom id: %s", r.body)
	}
	ids := func(query string) string {
		r := getObj(t, srv, b+query)
		return strings.Join(pluck(r["items"], "id"), ",")
	}
	filters := []struct{ query, want string }{
		{"?tags=a", "tagged"},                       // any: overlap only, untagged excluded
		{"?tags=a&tags=c", "tagged,other"},          // created (so last refreshed) together: id desc
		{"?tags=a&tags=b&tags_match=all", "tagged"}, // superset
		{"?tags=b&tags=a&tags_match=exact", ""},     // order-sensitive equality
		{"?tags=a&tags=b&tags_match=exact", "tagged"},
		{"?tags=zzz", ""},
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
	mustStatus(t, send(t, srv, "GET", b+"?detail=everything", nil), 422)
}
