package hindsighttest

import (
	"fmt"
	"strings"
	"testing"
)

func TestEntities(t *testing.T) {
	srv := newTestServer(t, WithSeed(smallSeed()))
	b := "/v1/default/banks/team"
	r := getObj(t, srv, b+"/entities?limit=3")
	names := pluck(r["items"], "canonical_name")
	// mention_count desc, then last_seen desc.
	if strings.Join(names, ",") != "Alice,Redis,Bob" || r["total"] != 6.0 {
		t.Errorf("entities %v (total %v)", names, r["total"])
	}
	alice := derivedID("team", "entity", "alice")
	e := getObj(t, srv, b+"/entities/"+alice)
	if e["mention_count"] != 2.0 || e["first_seen"] != "2026-11-20T10:00:00+00:00" || len(e["observations"].([]any)) != 0 {
		t.Errorf("entity %v", e)
	}
	r2 := mustStatus(t, send(t, srv, "GET", b+"/entities/not-a-uuid", nil), 400)
	if detailOf(t, r2) != "Invalid entity_id: 'not-a-uuid' is not a valid UUID" {
		t.Errorf("detail %s", r2.body)
	}
	missing := newUUID()
	r2 = mustStatus(t, send(t, srv, "GET", b+"/entities/"+missing, nil), 404)
	if detailOf(t, r2) != "Entity "+missing+" not found" {
		t.Errorf("detail %s", r2.body)
	}

	g := getObj(t, srv, b+"/entities/graph")
	edges := g["edges"].([]any)
	// The totals count what this response holds: entities on an edge, not the bank's.
	if len(edges) != 2 || g["total_edges"] != 2.0 || g["total_entities"] != 3.0 {
		t.Fatalf("graph %v", g)
	}
	edge := edges[0].(map[string]any)["data"].(map[string]any)
	if edge["linkType"] != "cooccurrence" || edge["weight"] != 1.0 {
		t.Errorf("edge %v", edge)
	}
	g = getObj(t, srv, b+"/entities/graph?min_count=2")
	if len(g["edges"].([]any)) != 0 || len(g["nodes"].([]any)) != 0 {
		t.Errorf("min_count %v", g)
	}
}

func TestTags(t *testing.T) {
	srv := newTestServer(t, WithSeed(smallSeed()))
	tags := func(query string) string {
		r := getObj(t, srv, "/v1/default/banks/team/tags"+query)
		var out []string
		for _, it := range r["items"].([]any) {
			m := it.(map[string]any)
			out = append(out, fmt.Sprintf("%s=%v", m["tag"], m["count"]))
		}
		return strings.Join(out, " ")
	}
	tests := []struct{ query, want string }{
		{"", "team:platform=3 customer:acme=1 team:data=1"}, // count desc, tag asc
		{"?q=team", ""}, // anchored
		{"?q=TEAM:*", "team:platform=3 team:data=1"}, // * wildcard, case-insensitive
		{"?q=*acme", "customer:acme=1"},
		{"?q=team:dat_", "team:data=1"},
		{"?limit=1&offset=1", "customer:acme=1"},
	}
	for _, tc := range tests {
		if got := tags(tc.query); got != tc.want {
			t.Errorf("%q: got %q, want %q", tc.query, got, tc.want)
		}
	}
	mustStatus(t, send(t, srv, "GET", "/v1/default/banks/team/tags?source=models", nil), 422)
	mustStatus(t, send(t, srv, "GET", "/v1/default/banks/team/tags?source=mental_models", nil), 200)
}
