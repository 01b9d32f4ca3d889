package hindsighttest

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

func statsOf(t *testing.T, srv *Server, bank string) map[string]any {
	t.Helper()
	return getObj(t, srv, "/v1/default/banks/"+bank+"/stats")
}

func opStatus(t *testing.T, srv *Server, bank, id string) map[string]any {
	t.Helper()
	return getObj(t, srv, "/v1/default/banks/"+bank+"/operations/"+id)
}

func TestConsolidateRequests(t *testing.T) {
	srv, clock := clockedServer(t, WithSeed(smallSeed()), WithAsyncDelay(10*time.Second))
	path := "/v1/default/banks/team/consolidate"
	post := func(body any) map[string]any {
		t.Helper()
		return mustStatus(t, send(t, srv, "POST", path, body), 200).obj(t)
	}

	r := mustStatus(t, send(t, srv, "POST", "/v1/default/banks/nope/consolidate", nil), 404)
	if detailOf(t, r) != "Bank 'nope' not found" {
		t.Errorf("missing bank: %s", r.body)
	}
	// The seeded pending run of the whole bank is reused, whatever the empty body says.
	seeded := derivedID("team", "operation", "op-pending")
	for _, body := range []any{nil, "null", map[string]any{}, map[string]any{"observation_scopes": nil}} {
		if got := post(body); got["operation_id"] != seeded || got["deduplicated"] != true {
			t.Errorf("body %v: %v, want the seeded pending run", body, got)
		}
	}
	// Scoped requests, and an explicit empty list, always queue a new run.
	scoped := post(map[string]any{"observation_scopes": [][]string{{"team:platform"}}})
	empty := post(map[string]any{"observation_scopes": [][]string{}})
	for _, got := range []map[string]any{scoped, empty} {
		if got["deduplicated"] != false || got["operation_id"] == seeded {
			t.Errorf("scoped request reused a run: %v", got)
		}
	}
	if scoped["operation_id"] == empty["operation_id"] {
		t.Error("two scoped requests share a run")
	}
	// Once the reused run is processing, it is no longer reused.
	clock.Advance(6 * time.Second)
	if st := opStatus(t, srv, "team", seeded); st["status"] != "processing" ||
		st["progress"].(map[string]any)["stage"] != "consolidating" {
		t.Fatalf("seeded run after reuse: %v", st)
	}
	fresh := post(nil)
	if fresh["deduplicated"] != false || fresh["operation_id"] == seeded {
		t.Errorf("processing run reused: %v", fresh)
	}
	if again := post(nil); again["operation_id"] != fresh["operation_id"] || again["deduplicated"] != true {
		t.Errorf("pending run not reused: %v", again)
	}

	for name, body := range map[string]any{
		"scopes not a list":  map[string]any{"observation_scopes": "team:platform"},
		"scope not a list":   map[string]any{"observation_scopes": []any{"team:platform"}},
		"tag not a string":   map[string]any{"observation_scopes": []any{[]any{1}}},
		"body not an object": []any{},
	} {
		if r := send(t, srv, "POST", path, body); r.status != 422 || !strings.Contains(string(r.body), `"loc":["body"`) {
			t.Errorf("%s: %d %s", name, r.status, r.body)
		}
	}
	r = mustStatus(t, send(t, srv, "POST", path, map[string]any{"observation_scopes": nil, "mode": "all"}), 200)
	if r.header.Get("X-Ignored-Params") != "mode" {
		t.Errorf("ignored keys: %q", r.header.Get("X-Ignored-Params"))
	}
}

func TestConsolidationRun(t *testing.T) {
	srv, clock := clockedServer(t, WithSeed(smallSeed()), WithAsyncDelay(10*time.Second))
	m1, m2, m3 := derivedID("team", "memory", "m1"), derivedID("team", "memory", "m2"), derivedID("team", "memory", "m3")
	o1 := derivedID("team", "memory", "o1")
	mustStatus(t, send(t, srv, "DELETE", "/v1/default/banks/team/memories/"+m1+"/observations", nil), 200)
	if st := statsOf(t, srv, "team"); st["pending_consolidation"] != 3.0 || st["total_observations"] != 0.0 {
		t.Fatalf("before the run: %v", st)
	}
	id := mustStatus(t, send(t, srv, "POST", "/v1/default/banks/team/consolidate", nil), 200).obj(t)["operation_id"].(string)
	clock.Advance(10 * time.Second)
	st := opStatus(t, srv, "team", id)
	meta := st["result_metadata"].(map[string]any)
	if st["status"] != "completed" || meta["memories_processed"] != 3.0 || meta["observations_created"] != 3.0 {
		t.Fatalf("run: %v", st)
	}
	stats := statsOf(t, srv, "team")
	if stats["pending_consolidation"] != 0.0 || stats["failed_consolidation"] != 1.0 || stats["total_observations"] != 3.0 ||
		stats["last_consolidated_at"] != "2026-11-30T09:00:10+00:00" {
		t.Errorf("stats after the run: %v", stats)
	}
	// m1 and m2 are both about Alice (their first entity) and share no scope; m3 is
	// untagged. So: one observation per scope and entity.
	obs := getObj(t, srv, "/v1/default/banks/team/memories/list?type=observation")["items"].([]any)
	bySources := map[string]map[string]any{}
	for _, it := range obs {
		o := it.(map[string]any)
		var ids []string
		for _, s := range o["source_memory_ids"].([]any) {
			ids = append(ids, s.(string))
		}
		bySources[strings.Join(ids, ",")] = o
	}
	for src, wantTags := range map[string]string{m1: "team:platform", m2: "customer:acme,team:platform", m3: ""} {
		o := bySources[src]
		if o == nil {
			t.Errorf("no observation citing %s: %v", src, obs)
			continue
		}
		if tags := joinAny(o["tags"]); tags != wantTags {
			t.Errorf("observation of %s has tags %q, want %q", src, tags, wantTags)
		}
	}
	if _, ok := bySources[o1]; ok {
		t.Error("the cleared observation came back")
	}
	// Without background consolidation a retain is consolidated as it is stored.
	retainSync(t, srv, "team", map[string]any{"content": "Alice also likes Grafana.", "tags": []string{"team:platform"}})
	if list := listTexts(t, srv, "team", "?consolidation_state=pending"); len(list) != 0 {
		t.Errorf("pending after a retain: %q", list)
	}
}

func joinAny(v any) string {
	var out []string
	for _, s := range v.([]any) {
		out = append(out, s.(string))
	}
	return strings.Join(out, ",")
}

func TestRecoverAndClear(t *testing.T) {
	srv := newTestServer(t, WithSeed(smallSeed()))
	b := "/v1/default/banks/team"
	tests := []struct {
		name, method, path string
		status             int
		want               string
	}{
		{"recover failed facts", "POST", b + "/consolidation/recover", 200, `{"retried_count":1}`},
		{"recover again", "POST", b + "/consolidation/recover", 200, `{"retried_count":0}`},
		{"recover missing bank", "POST", "/v1/default/banks/nope/consolidation/recover", 200, `{"retried_count":0}`},
		{"clear unknown memory", "DELETE", b + "/memories/" + newUUID() + "/observations", 200, `{"deleted_count":0}`},
		{"clear malformed memory", "DELETE", b + "/memories/x/observations", 500, "invalid UUID 'x'"},
		{"clear observations", "DELETE", b + "/observations", 200, `{"deleted_count":1,"message":"Cleared 1 observations","success":true}`},
		{"clear again", "DELETE", b + "/observations", 200, `"message":"Cleared 0 observations"`},
		{"clear missing bank", "DELETE", "/v1/default/banks/nope/observations", 200, `"deleted_count":0`},
		{"scopes missing bank", "GET", "/v1/default/banks/nope/observations/scopes", 200, `{"scopes":[]}`},
	}
	for _, tt := range tests {
		r := send(t, srv, tt.method, tt.path, nil)
		if r.status != tt.status || !strings.Contains(string(r.body), tt.want) {
			t.Errorf("%s: %d %s, want %d with %s", tt.name, r.status, r.body, tt.status, tt.want)
		}
	}
	// Clearing observations unconsolidates every fact and forgets the last run.
	st := statsOf(t, srv, "team")
	if st["pending_consolidation"] != 4.0 || st["failed_consolidation"] != 0.0 {
		t.Errorf("after recover and clear: %v", st)
	}
	if _, ok := st["last_consolidated_at"]; ok {
		t.Errorf("last_consolidated_at survived the clear: %v", st)
	}
}

func TestObservationScopes(t *testing.T) {
	srv := newTestServer(t)
	retainSync(t, srv, "s", map[string]any{"content": "Seed."})
	for _, it := range []map[string]any{
		{"content": "Ana likes tea.", "tags": []string{"user:ana"}, "document_id": "d1"},
		{"content": "Bo likes coffee.", "tags": []string{"user:bo", "team:x"}, "document_id": "d2", "observation_scopes": "per_tag"},
		{"content": "Cy likes juice.", "tags": []string{"user:cy", "team:x"}, "document_id": "d3", "observation_scopes": "all_combinations"},
		{"content": "Di likes milk.", "tags": []string{"user:di"}, "document_id": "d4", "observation_scopes": "shared"},
		{"content": "Ed likes water.", "tags": []string{"a", "b", "c"}, "document_id": "d5", "observation_scopes": [][]string{{"b", "a"}}},
	} {
		retainSync(t, srv, "s", it)
	}
	mustStatus(t, send(t, srv, "DELETE", "/v1/default/banks/s/observations", nil), 200)
	mustStatus(t, send(t, srv, "POST", "/v1/default/banks/s/consolidate", nil), 200)
	srv.CompleteOperations()
	got := getObj(t, srv, "/v1/default/banks/s/observations/scopes")["scopes"].([]any)
	var rendered []string
	for _, sc := range got {
		m := sc.(map[string]any)
		rendered = append(rendered, fmt.Sprintf("[%s]=%v", joinAny(m["tags"]), m["count"]))
	}
	want := "[]=2 [team:x]=2 [a,b]=1 [team:x,user:cy]=1 [user:ana]=1 [user:bo]=1 [user:cy]=1"
	if strings.Join(rendered, " ") != want {
		t.Errorf("scopes\n got %s\nwant %s", strings.Join(rendered, " "), want)
	}
}
