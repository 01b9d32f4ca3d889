package hindsighttest

import (
	"testing"
	"time"
)

// refreshOps lists the bank's refresh operations, newest first.
func refreshOps(t *testing.T, srv *Server, bank string) []map[string]any {
	t.Helper()
	r := getObj(t, srv, "/v1/default/banks/"+bank+"/operations?type=refresh_mental_model&limit=100")
	var out []map[string]any
	for _, it := range r["operations"].([]any) {
		out = append(out, it.(map[string]any))
	}
	return out
}

func TestCronRefresh(t *testing.T) {
	tests := []struct {
		name    string
		cron    string
		stale   bool
		advance time.Duration
		want    int // automatic refreshes queued
	}{
		{"due and stale", "*/5 * * * *", true, 5 * time.Minute, 1},
		{"due but fresh", "*/5 * * * *", false, 5 * time.Minute, 0},
		{"before the first tick", "* * * * *", true, 4 * time.Minute, 0},
		{"not fired since the refresh", "0 3 * * *", true, 5 * time.Minute, 0},
		{"hourly, fired", "0 * * * *", true, 65 * time.Minute, 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			srv, clock := clockedServer(t, WithSeed(smallSeed()))
			createModel(t, srv, "team", map[string]any{"id": "cron", "name": "C", "source_query": "What does Alice prefer?",
				"trigger": map[string]any{"refresh_cron": tc.cron}})
			getModel(t, srv, "team", "cron", "") // completes the first refresh at 09:00
			if tc.stale {
				retainSync(t, srv, "team", map[string]any{"content": "Alice now prefers DuckDB."})
			}
			before := len(refreshOps(t, srv, "team"))
			clock.Advance(tc.advance)
			if got := len(refreshOps(t, srv, "team")) - before; got != tc.want {
				t.Fatalf("automatic refreshes = %d, want %d", got, tc.want)
			}
			if tc.want > 0 {
				clock.Advance(time.Second)
				if getModel(t, srv, "team", "cron", "full")["is_stale"] != false {
					t.Error("the cron refresh brought the model up to date")
				}
				clock.Advance(10 * time.Minute)
				if got := len(refreshOps(t, srv, "team")) - before; got != tc.want {
					t.Errorf("a fresh model is not refreshed again: %d", got)
				}
			}
		})
	}
}

func TestMinRefreshIntervalParksAutomaticRefreshes(t *testing.T) {
	srv, clock := clockedServer(t, WithSeed(smallSeed()))
	createModel(t, srv, "team", map[string]any{"id": "slow", "name": "S", "source_query": "What does Alice prefer?",
		"tags": []string{"team:platform"}, "trigger": map[string]any{"refresh_after_consolidation": true, "min_refresh_interval_seconds": 3600}})
	getModel(t, srv, "team", "slow", "")
	retainSync(t, srv, "team", map[string]any{"content": "Alice now prefers DuckDB.", "tags": []string{"team:platform"}})
	var ops []*operation
	func() {
		srv.mu.Lock()
		defer srv.mu.Unlock()
		b := srv.store.banks["team"]
		ops = srv.refreshAfterConsolidation(b, []*memory{b.memories[derivedID("team", "memory", "m1")]}, srv.now())
		if again := srv.refreshAfterConsolidation(b, []*memory{b.memories[derivedID("team", "memory", "m1")]}, srv.now()); len(again) != 1 || again[0] != ops[0] {
			t.Error("a later trigger folds into the parked refresh")
		}
		if none := srv.refreshAfterConsolidation(b, []*memory{b.memories[derivedID("team", "memory", "m4")]}, srv.now()); len(none) != 0 {
			t.Error("consolidating memories out of the model's tags does not refresh it")
		}
	}()
	if len(ops) != 1 {
		t.Fatalf("queued %d refreshes", len(ops))
	}
	clock.Advance(time.Minute)
	op := getOperation(t, srv, "team", ops[0].id)
	if op["status"] != "pending" || op["next_retry_at"] != "2026-11-30T10:00:00+00:00" {
		t.Fatalf("parked until the interval has passed: %v", op)
	}
	for _, listed := range refreshOps(t, srv, "team") {
		if listed["id"] == ops[0].id && listed["next_retry_at"] != "2026-11-30T10:00:00+00:00" {
			t.Errorf("list item %v", listed)
		}
	}
	// An explicit refresh reuses the parked one and starts it now.
	r := mustStatus(t, send(t, srv, "POST", modelsPath("team")+"/slow/refresh", nil), 200).obj(t)
	if r["operation_id"] != ops[0].id {
		t.Errorf("explicit refresh %v, want the parked %s", r, ops[0].id)
	}
	op = getOperation(t, srv, "team", ops[0].id)
	if op["status"] != "completed" || op["next_retry_at"] != nil {
		t.Errorf("un-parked refresh %v", op)
	}
}

func TestParkedRefreshRunsWhenDue(t *testing.T) {
	srv, clock := clockedServer(t, WithSeed(smallSeed()))
	mustStatus(t, send(t, srv, "PATCH", "/v1/default/banks/team/config", map[string]any{
		"updates": map[string]any{"mental_model_min_refresh_interval_seconds": 600}}), 200)
	createModel(t, srv, "team", map[string]any{"id": "cron", "name": "C", "source_query": "What does Alice prefer?",
		"trigger": map[string]any{"refresh_cron": "*/5 * * * *"}})
	getModel(t, srv, "team", "cron", "")
	retainSync(t, srv, "team", map[string]any{"content": "Alice now prefers DuckDB."})
	clock.Advance(5 * time.Minute)
	ops := refreshOps(t, srv, "team")
	if ops[0]["status"] != "pending" || ops[0]["next_retry_at"] != "2026-11-30T09:10:00+00:00" {
		t.Fatalf("the bank's interval parks the cron refresh: %v", ops[0])
	}
	clock.Advance(5 * time.Minute)
	if op := getOperation(t, srv, "team", ops[0]["id"].(string)); op["status"] != "completed" {
		t.Errorf("parked refresh at its due time: %v", op)
	}
}

func TestExplicitRefreshReusesPendingOnly(t *testing.T) {
	srv, clock := clockedServer(t, WithSeed(smallSeed()), WithAsyncDelay(10*time.Second))
	_, first := createModel(t, srv, "team", map[string]any{"id": "m", "name": "M", "source_query": "q"})
	clock.Advance(time.Second)
	if r := mustStatus(t, send(t, srv, "POST", modelsPath("team")+"/m/refresh", nil), 200).obj(t); r["operation_id"] != first {
		t.Errorf("pending refresh reused: %v", r)
	}
	clock.Advance(5 * time.Second) // processing now
	if op := getOperation(t, srv, "team", first); op["status"] != "processing" {
		t.Fatalf("op %v", op)
	}
	if r := mustStatus(t, send(t, srv, "POST", modelsPath("team")+"/m/refresh", nil), 200).obj(t); r["operation_id"] == first {
		t.Error("an explicit refresh does not fold into a processing one")
	}
}
