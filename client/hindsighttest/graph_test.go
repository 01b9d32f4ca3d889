package hindsighttest

import (
	"slices"
	"strings"
	"testing"
	"time"
)

// graphSeed is smallSeed plus a second observation sharing a source with the first,
// so derived and copied edges have something to work on.
func graphSeed() *Seed {
	s := smallSeed()
	s.Banks[0].Memories = append(s.Banks[0].Memories, SeedMemory{Key: "o2", Text: "Bob runs the billing reviews.",
		FactType: "observation", MentionedAt: "2026-11-27T08:00:00Z", Sources: []string{"m2"}})
	return s
}

type graphReply struct {
	nodes, edges, rows []map[string]any
	total              float64
}

func getGraph(t *testing.T, srv *Server, query string) graphReply {
	t.Helper()
	out := getObj(t, srv, "/v1/default/banks/team/graph"+query)
	var g graphReply
	for key, dst := range map[string]*[]map[string]any{"nodes": &g.nodes, "edges": &g.edges, "table_rows": &g.rows} {
		for _, x := range out[key].([]any) {
			m := x.(map[string]any)
			if d, ok := m["data"].(map[string]any); ok {
				m = d
			}
			*dst = append(*dst, m)
		}
	}
	g.total = out["total_units"].(float64)
	return g
}

func (g graphReply) texts() string {
	var out []string
	for _, n := range g.nodes {
		out = append(out, strings.Fields(n["text"].(string))[0]+"/"+strings.Fields(n["text"].(string))[1])
	}
	return strings.Join(out, ",")
}

func (g graphReply) edge(from, to, linkType string) map[string]any {
	for _, e := range g.edges {
		if e["source"] == from && e["target"] == to && e["linkType"] == linkType {
			return e
		}
	}
	return nil
}

func TestGraphFilters(t *testing.T) {
	srv := newTestServer(t, WithSeed(graphSeed()))
	tests := []struct {
		query string
		want  string // first two words of each node's text, in order
		total float64
	}{
		{"", "Bob/runs,Alice/consistently,I/recommended,Bob/moved,Alice/prefers,Carol/joined", 6},
		{"?limit=2", "Bob/runs,Alice/consistently", 6},
		{"?limit=0", "", 6},
		{"?type=observation", "Bob/runs,Alice/consistently", 2},
		{"?type=opinion", "", 0},
		{"?type=", "Bob/runs,Alice/consistently,I/recommended,Bob/moved,Alice/prefers,Carol/joined", 6},
		{"?q=STANDUP", "Alice/prefers", 1}, // context matches too
		{"?q=billing", "Bob/runs,Bob/moved", 2},
		{"?q=b_ll%25", "Bob/runs,Bob/moved", 2}, // SQL LIKE wildcards
		{"?tags=team:platform", "Alice/consistently,Bob/moved,Alice/prefers", 3},
		{"?tags=team:platform&tags=customer:acme", "Bob/moved", 1},
		{"?tags=team:platform&tags_match=any", "Bob/runs,Alice/consistently,I/recommended,Bob/moved,Alice/prefers", 5},
		{"?tags=team:platform&tags_match=bogus", "Bob/runs,Alice/consistently,I/recommended,Bob/moved,Alice/prefers", 5},
		{"?tags_match=exact", "Bob/runs,I/recommended", 2},
		{"?tags=team:data&tags_match=exact", "Carol/joined", 1},
		{"?document_id=meeting/2026-11-20", "Bob/runs,Alice/consistently,Bob/moved,Alice/prefers", 4},
		{"?chunk_id=team_meeting/2026-11-20_0", "Alice/consistently,Alice/prefers", 2},
		{"?document_id=notes-1&type=observation", "", 0},
	}
	for _, tc := range tests {
		t.Run(tc.query, func(t *testing.T) {
			g := getGraph(t, srv, tc.query)
			if got := g.texts(); got != tc.want || g.total != tc.total {
				t.Errorf("nodes %q total %v, want %q total %v", got, g.total, tc.want, tc.total)
			}
			if len(g.rows) != len(g.nodes) {
				t.Errorf("%d rows for %d nodes", len(g.rows), len(g.nodes))
			}
		})
	}
	mustStatus(t, send(t, srv, "GET", "/v1/default/banks/team/graph?limit=-1", nil), 422)
	empty := getObj(t, srv, "/v1/default/banks/nope/graph")
	if empty["total_units"] != 0.0 || len(empty["nodes"].([]any)) != 0 || empty["limit"] != 1000.0 {
		t.Errorf("missing bank %v", empty)
	}
}

func TestGraphNodesAndRows(t *testing.T) {
	srv := newTestServer(t, WithSeed(graphSeed()))
	g := getGraph(t, srv, "")
	byText := map[string]int{}
	for i, n := range g.nodes {
		byText[strings.Fields(n["text"].(string))[0]+" "+strings.Fields(n["text"].(string))[1]] = i
	}
	m1, o1, m4 := g.nodes[byText["Alice prefers"]], g.nodes[byText["Alice consistently"]], g.nodes[byText["Carol joined"]]
	if m1["label"] != "Alice prefers Postgres for ana..." || m1["date"] != "2026-11-20T10:00:00+00:00" ||
		m1["context"] != "standup" || m1["entities"] != "Alice, Postgres" || m1["color"] != "#42a5f5" {
		t.Errorf("node %v", m1)
	}
	if o1["entities"] != "Alice, Postgres, Bob" || o1["context"] != "" {
		t.Errorf("an observation inherits its sources' entities: %v", o1)
	}
	if m4["date"] != "" || m4["entities"] != "Carol" || m4["color"] != "#90caf9" {
		t.Errorf("undated node %v", m4)
	}
	if n := g.nodes[byText["Bob runs"]]; n["entities"] != "Bob, Alice" || n["label"] != "Bob runs the billing reviews." {
		t.Errorf("short label %v", n)
	}
	r1, r4, ro := g.rows[byText["Alice prefers"]], g.rows[byText["Carol joined"]], g.rows[byText["Alice consistently"]]
	if r1["date"] != "2026-11-20 10:00" || r1["chunk_id"] != "team_meeting/2026-11-20_0" || r1["proof_count"] != 1.0 ||
		r1["document_id"] != "meeting/2026-11-20" || r1["fact_type"] != "world" || r1["entities"] != "Alice, Postgres" {
		t.Errorf("row %v", r1)
	}
	if r4["date"] != "N/A" || r4["context"] != "N/A" || r4["mentioned_at"] != nil || r4["document_id"] != nil {
		t.Errorf("row without date or context %v", r4)
	}
	if ro["proof_count"] != 2.0 || ro["chunk_id"] != nil || slices.Compare(toStrings(ro["tags"].([]any)), []string{"team:platform"}) != 0 {
		t.Errorf("observation row %v", ro)
	}
}

func TestGraphEdges(t *testing.T) {
	srv := newTestServer(t, WithSeed(graphSeed()))
	id := func(key string) string { return derivedID("team", "memory", key) }
	g := getGraph(t, srv, "")
	tests := []struct {
		name           string
		from, to, kind string
		weight         float64
		entity         string
		color, style   string
	}{
		{"stored temporal link, a day apart", id("m2"), id("m1"), "temporal", 0.3, "", "#00bcd4", "dashed"},
		{"stored semantic link to a source", id("o1"), id("m1"), "semantic", 0, "", "#ff69b4", "solid"},
		{"entity edge between facts", id("m2"), id("m1"), "entity", 1, "Alice", "#ffd700", "solid"},
		{"entity edge from an observation", id("o2"), id("o1"), "entity", 1, "Bob", "#ffd700", "solid"},
		// o1 and o2 share the source m2, so a semantic edge is derived between them, but
		// the links of m2 copied onto them come first and win the dedupe.
		{"observations sharing a source", id("o2"), id("o1"), "semantic", 0.813, "", "#ff69b4", "solid"},
		{"source link copied onto the other observation", id("o1"), id("o2"), "semantic", 0, "", "#ff69b4", "solid"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			e := g.edge(tc.from, tc.to, tc.kind)
			if e == nil {
				t.Fatalf("no %s edge %s -> %s in %v", tc.kind, tc.from, tc.to, g.edges)
			}
			if e["id"] != tc.from+"-"+tc.to+"-"+tc.kind || e["color"] != tc.color || e["lineStyle"] != tc.style ||
				(tc.weight != 0 && e["weight"] != tc.weight) {
				t.Errorf("edge %v", e)
			}
			if tc.kind == "entity" && !strings.Contains(entityNamesOf(g, tc.from, tc.to), tc.entity) {
				t.Errorf("entity edges %s", entityNamesOf(g, tc.from, tc.to))
			}
		})
	}
	seen := map[string]bool{}
	for _, e := range g.edges {
		key := e["source"].(string) + e["target"].(string) + e["linkType"].(string) + e["entityName"].(string)
		if seen[key] {
			t.Errorf("duplicate edge %v", e)
		}
		seen[key] = true
	}
	// Only the observations visible: the temporal link between their sources is
	// copied onto them.
	obs := getGraph(t, srv, "?type=observation")
	if e := obs.edge(id("o2"), id("o1"), "temporal"); e == nil || e["weight"] != 0.3 {
		t.Errorf("copied link missing: %v", obs.edges)
	}
	if e := obs.edge(id("o1"), id("m1"), "semantic"); e != nil {
		t.Errorf("an edge to an invisible unit: %v", e)
	}
}

func entityNamesOf(g graphReply, from, to string) string {
	var names []string
	for _, e := range g.edges {
		if e["source"] == from && e["target"] == to && e["linkType"] == "entity" {
			names = append(names, e["entityName"].(string))
		}
	}
	return strings.Join(names, ",")
}

// The graph's stored links are the ones the overview counts.
func TestGraphLinksMatchStats(t *testing.T) {
	srv := newTestServer(t, WithDemoSeed())
	for _, b := range srv.store.banks {
		counts := map[string]int{}
		for _, l := range bankLinks(b) {
			counts[l.linkType]++
		}
		st := getObj(t, srv, "/v1/default/banks/"+b.id+"/stats")
		byType := st["links_by_link_type"].(map[string]any)
		for _, kind := range []string{"temporal", "semantic"} {
			want, _ := byType[kind].(float64)
			if float64(counts[kind]) != want {
				t.Errorf("bank %s: %d %s links, stats says %v", b.id, counts[kind], kind, want)
			}
		}
		g := getGraphOf(t, srv, b.id)
		if len(g["nodes"].([]any)) == 0 || len(g["edges"].([]any)) == 0 && b.id != "scratch" {
			t.Errorf("bank %s: empty graph", b.id)
		}
	}
}

func getGraphOf(t *testing.T, srv *Server, bankID string) map[string]any {
	t.Helper()
	return getObj(t, srv, "/v1/default/banks/"+bankID+"/graph")
}

// Each unit links to at most the next ten units sharing an entity.
func TestGraphEntityWindow(t *testing.T) {
	var mems []SeedMemory
	for i := 0; i < 12; i++ {
		mems = append(mems, SeedMemory{Key: string(rune('a' + i)), Text: "Zoe did thing " + string(rune('a'+i)),
			MentionedAt: time.Date(2026, 11, 1+i, 10, 0, 0, 0, time.UTC).Format(time.RFC3339), Entities: []SeedEntity{{Name: "Zoe"}}})
	}
	srv := newTestServer(t, WithSeed(&Seed{Banks: []SeedBank{{BankID: "team", CreatedAt: "2026-10-01T00:00:00Z", Memories: mems}}}))
	g := getGraph(t, srv, "?tags_match=any")
	newest := g.nodes[0]["id"].(string)
	linked := 0
	for _, e := range g.edges {
		if e["source"] == newest && e["linkType"] == "entity" {
			linked++
		}
	}
	if len(g.nodes) != 12 || linked != graphNeighbors {
		t.Errorf("%d nodes; the newest links to %d units, want %d", len(g.nodes), linked, graphNeighbors)
	}
	// Units 0 and 1 reach ten successors each, unit i>1 the 11-i left.
	if len(g.edges) != 10+10+9+8+7+6+5+4+3+2+1 {
		t.Errorf("%d entity edges", len(g.edges))
	}
}

func TestGraphRowNullProofCount(t *testing.T) {
	row := tableRow(&memory{id: "x", text: "t", factType: "world"}, nil)
	if row["proof_count"] != nil || row["date"] != "N/A" || row["entities"] != "None" || row["chunk_id"] != (*string)(nil) {
		t.Errorf("row %v", row)
	}
}
