package hindsighttest

import (
	"strings"
	"testing"
	"time"
)

// listStale maps model id -> is_stale from the models list.
func listStale(t *testing.T, srv *Server, bank string) map[string]any {
	t.Helper()
	out := map[string]any{}
	r := getObj(t, srv, modelsPath(bank)+"?detail=metadata")
	for _, it := range r["items"].([]any) {
		m := it.(map[string]any)
		out[m["id"].(string)] = m["is_stale"]
	}
	return out
}

// TestModelStaleness covers the is_stale rule: in-scope memories written after the
// watermark (or the last refresh when there is none), by the model's scope, and on
// the single GET also cited memories that are gone.
func TestModelStaleness(t *testing.T) {
	tests := []struct {
		name  string
		model map[string]any
		write func(t *testing.T, srv *Server)
		list  bool // is_stale on the list
		get   bool // is_stale on GET ?detail=full
	}{
		{name: "fresh", model: map[string]any{}},
		{name: "in-scope memory", model: map[string]any{},
			write: func(t *testing.T, srv *Server) { retainSync(t, srv, "team", map[string]any{"content": "Erin joined."}) },
			list:  true, get: true},
		{name: "memory outside the model's tags", model: map[string]any{"tags": []string{"team:platform"}},
			write: func(t *testing.T, srv *Server) {
				retainSync(t, srv, "team", map[string]any{"content": "Erin joined.", "tags": []string{"team:data"}})
			}},
		{name: "untagged memory and a tagged model (all_strict)", model: map[string]any{"tags": []string{"team:platform"}},
			write: func(t *testing.T, srv *Server) { retainSync(t, srv, "team", map[string]any{"content": "Erin joined."}) }},
		{name: "untagged memory and tags_match any", model: map[string]any{"tags": []string{"team:platform"},
			"trigger": map[string]any{"tags_match": "any"}},
			write: func(t *testing.T, srv *Server) { retainSync(t, srv, "team", map[string]any{"content": "Erin joined."}) },
			list:  true, get: true},
		{name: "tag_groups decide the scope", model: map[string]any{"tags": []string{"team:platform"},
			"trigger": map[string]any{"tag_groups": []any{map[string]any{"tags": []string{"team:data"}}}}},
			write: func(t *testing.T, srv *Server) {
				retainSync(t, srv, "team", map[string]any{"content": "Erin joined.", "tags": []string{"team:data"}})
			}, list: true, get: true},
		{name: "fact type outside the trigger's", model: map[string]any{"trigger": map[string]any{"fact_types": []string{"observation"}}},
			write: func(t *testing.T, srv *Server) { retainSync(t, srv, "team", map[string]any{"content": "Erin joined."}) }},
		{name: "edited memory", model: map[string]any{},
			write: func(t *testing.T, srv *Server) {
				mustStatus(t, send(t, srv, "PATCH", "/v1/default/banks/team/memories/"+derivedID("team", "memory", "m2"),
					map[string]any{"text": "Bob moved the billing review to Monday."}), 200)
			}, list: true, get: true},
		{name: "cited memory invalidated (GET only)", model: map[string]any{},
			write: func(t *testing.T, srv *Server) {
				mustStatus(t, send(t, srv, "PATCH", "/v1/default/banks/team/memories/"+derivedID("team", "memory", "m1"),
					map[string]any{"state": "invalidated", "reason": "wrong"}), 200)
			}, get: true},
		{name: "cited document deleted (GET only)", model: map[string]any{},
			write: func(t *testing.T, srv *Server) {
				mustStatus(t, send(t, srv, "DELETE", "/v1/default/banks/team/documents/notes-1", nil), 200)
			}, get: true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			srv, clock := clockedServer(t, WithSeed(smallSeed()))
			body := map[string]any{"id": "probe", "name": "Probe", "source_query": "What do Alice, Bob and Redis have in common?"}
			for k, v := range tc.model {
				body[k] = v
			}
			createModel(t, srv, "team", body)
			clock.Advance(time.Minute)
			if st := listStale(t, srv, "team")["probe"]; st != false {
				t.Fatalf("just refreshed and stale: %v", st)
			}
			clock.Advance(time.Minute)
			if tc.write != nil {
				tc.write(t, srv)
			}
			if got := listStale(t, srv, "team")["probe"]; got != tc.list {
				t.Errorf("list is_stale = %v, want %v", got, tc.list)
			}
			if got := getModel(t, srv, "team", "probe", "full")["is_stale"]; got != tc.get {
				t.Errorf("GET is_stale = %v, want %v", got, tc.get)
			}
		})
	}
}

func TestModelStaleBeforeFirstRefresh(t *testing.T) {
	srv, clock := clockedServer(t, WithSeed(smallSeed()), WithAsyncDelay(time.Hour))
	createModel(t, srv, "team", map[string]any{"id": "new", "name": "N", "source_query": "q"})
	// No watermark yet: staleness counts from last_refreshed_at (= creation), so the
	// memories that existed before do not count.
	if st := listStale(t, srv, "team")["new"]; st != false {
		t.Errorf("is_stale = %v", st)
	}
	clock.Advance(time.Second)
	retainSync(t, srv, "team", map[string]any{"content": "Erin joined."})
	if st := listStale(t, srv, "team"); st["new"] != true || st["platform-stack"] != true {
		t.Errorf("is_stale = %v", st)
	}
}

func TestModelPatchAndClear(t *testing.T) {
	srv := newTestServer(t, WithSeed(smallSeed()))
	path := modelsPath("team") + "/platform-stack"
	for _, body := range []map[string]any{{}, {"name": nil}, {"unknown": 1}} {
		r := mustStatus(t, send(t, srv, "PATCH", path, body), 404)
		if detailOf(t, r) != "Mental model 'platform-stack' not found" {
			t.Errorf("PATCH %v: %s", body, r.body)
		}
	}
	m := mustStatus(t, send(t, srv, "PATCH", path, map[string]any{"trigger": map[string]any{"mode": "delta", "keep_trace": true}}), 200).obj(t)
	if _, ok := m["is_stale"]; ok {
		t.Error("PATCH answers without is_stale")
	}
	m = mustStatus(t, send(t, srv, "PATCH", path, map[string]any{"trigger": map[string]any{"refresh_cron": "0 3 * * *"}}), 200).obj(t)
	tr := m["trigger"].(map[string]any)
	if tr["mode"] != "full" || tr["keep_trace"] != false || tr["refresh_cron"] != "0 3 * * *" {
		t.Errorf("a PATCHed trigger replaces the whole trigger: %v", tr)
	}
	mustStatus(t, send(t, srv, "PATCH", path, map[string]any{"trigger": map[string]any{
		"refresh_cron": "0 3 * * *", "refresh_after_consolidation": true}}), 422)
	r := mustStatus(t, send(t, srv, "PATCH", path, map[string]any{"trigger": map[string]any{"refresh_cron": "every day"}}), 422).obj(t)
	if msg := r["detail"].([]any)[0].(map[string]any)["msg"]; msg != "Value error, refresh_cron is not a valid cron expression: 'every day'" {
		t.Errorf("msg %v", msg)
	}
	mustStatus(t, send(t, srv, "PATCH", path, map[string]any{"source_query": "Which databases?", "tags": []string{"team:platform"}}), 200)
	ops := getObj(t, srv, "/v1/default/banks/team/operations?type=refresh_mental_model")
	if ops["total"] != 1.0 {
		t.Errorf("PATCH queues no refresh: %v", ops["total"])
	}

	before := getModel(t, srv, "team", "platform-stack", "full")
	cleared := mustStatus(t, send(t, srv, "POST", path+"/clear", nil), 200).obj(t)
	if cleared["content"] != "" || cleared["reflect_response"] == nil || cleared["last_refreshed_at"] != before["last_refreshed_at"] {
		t.Errorf("clear empties the content only: %v", cleared)
	}
	if _, ok := cleared["is_stale"]; ok {
		t.Error("clear answers without is_stale")
	}
	mustStatus(t, send(t, srv, "PATCH", path, map[string]any{"trigger": map[string]any{"mode": "delta"}}), 200)
	dry := mustStatus(t, send(t, srv, "POST", path+"/dry-run-refresh", nil), 200).obj(t)
	if dry["effective_mode"] != "full" || dry["mode_fallback_reason"] != "no_baseline_content" {
		t.Errorf("after clear the next refresh is a full rebuild: %v / %v", dry["effective_mode"], dry["mode_fallback_reason"])
	}
	mustStatus(t, send(t, srv, "POST", modelsPath("team")+"/nope/clear", nil), 404)
	mustStatus(t, send(t, srv, "PATCH", modelsPath("team")+"/nope", map[string]any{"name": "x"}), 404)
	if !strings.Contains(string(mustStatus(t, send(t, srv, "DELETE", path, nil), 200).body), `"deleted"`) {
		t.Error("delete answers {status: deleted}")
	}
}
