package hindsighttest

import (
	"strings"
	"testing"
)

func TestEntityGraphRules(t *testing.T) {
	s := smallSeed()
	s.Banks[0].Memories = append(s.Banks[0].Memories,
		SeedMemory{Key: "m6", Text: "Alice moved reporting to Postgres.", MentionedAt: "2026-11-22T10:00:00Z",
			Entities: []SeedEntity{{Name: "Alice"}, {Name: "Postgres"}}},
		SeedMemory{Key: "m7", Text: "Bob put Redis in front of billing.", MentionedAt: "2026-11-25T10:00:00Z",
			Entities: []SeedEntity{{Name: "Bob"}, {Name: "Redis"}}})
	srv := newTestServer(t, WithSeed(s))
	ent := func(name string) string { return derivedID("team", "entity", strings.ToLower(name)) }
	pair := func(a, b string) string { return min(ent(a), ent(b)) + "-" + max(ent(a), ent(b)) }
	get := func(query string) (nodes, edges []map[string]any, out map[string]any) {
		out = getObj(t, srv, "/v1/default/banks/team/entities/graph"+query)
		for _, n := range out["nodes"].([]any) {
			nodes = append(nodes, n.(map[string]any)["data"].(map[string]any))
		}
		for _, e := range out["edges"].([]any) {
			edges = append(edges, e.(map[string]any)["data"].(map[string]any))
		}
		return nodes, edges, out
	}
	tests := []struct {
		query        string
		edges        []string
		nodes, total float64
	}{
		// Count DESC, then the most recent co-occurrence first.
		{"", []string{pair("Alice", "Postgres"), pair("Bob", "Redis"), pair("Alice", "Bob")}, 4, 3},
		{"?min_count=2", []string{pair("Alice", "Postgres")}, 2, 1},
		{"?min_count=-5&limit=2", []string{pair("Alice", "Postgres"), pair("Bob", "Redis")}, 4, 2},
		{"?limit=0", nil, 0, 0},
	}
	for _, tc := range tests {
		t.Run(tc.query, func(t *testing.T) {
			nodes, edges, out := get(tc.query)
			var ids []string
			for _, e := range edges {
				ids = append(ids, e["id"].(string))
			}
			if strings.Join(ids, " ") != strings.Join(tc.edges, " ") || float64(len(nodes)) != tc.nodes ||
				out["total_entities"] != tc.nodes || out["total_edges"] != tc.total {
				t.Errorf("edges %v nodes %d totals %v/%v", ids, len(nodes), out["total_entities"], out["total_edges"])
			}
		})
	}
	nodes, edges, _ := get("")
	top := edges[0]
	if top["weight"] != 2.0 || top["linkType"] != "cooccurrence" || top["color"] != "#ffd700" || top["lineStyle"] != "solid" ||
		top["lastCooccurred"] != "2026-11-22T10:00:00+00:00" || top["source"].(string) > top["target"].(string) {
		t.Errorf("edge %v", top)
	}
	colors := map[string]string{}
	for _, n := range nodes {
		colors[n["label"].(string)] = n["color"].(string)
	}
	if colors["Alice"] != "#42a5f5" || colors["Redis"] != "#42a5f5" || colors["Bob"] != "#42a5f5" || colors["Postgres"] != "#42a5f5" {
		t.Errorf("entities mentioned more than once are darker: %v", colors)
	}
	if _, ok := colors["Carol"]; ok {
		t.Errorf("an entity on no edge is a node: %v", colors)
	}
	mustStatus(t, send(t, srv, "GET", "/v1/default/banks/team/entities/graph?limit=-1", nil), 422)
	out := getObj(t, srv, "/v1/default/banks/nope/entities/graph")
	if len(out["edges"].([]any)) != 0 || out["total_entities"] != 0.0 {
		t.Errorf("missing bank %v", out)
	}
}
