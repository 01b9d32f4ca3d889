package client_test

import (
	"testing"
	"time"

	"hindsight-tui/client"
	"hindsight-tui/client/hindsighttest"
)

func TestGraphsOnDemoBanks(t *testing.T) {
	c, _ := serveAt(t, hindsighttest.WithDemoSeed())
	ctx := t.Context()

	g, err := c.Graph(ctx, "user-alex-prefs", client.GraphParams{})
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Nodes) == 0 || len(g.Nodes) != len(g.TableRows) || g.TotalUnits < len(g.Nodes) || g.Limit != 1000 {
		t.Fatalf("graph: %d nodes, %d rows, total %d", len(g.Nodes), len(g.TableRows), g.TotalUnits)
	}
	kinds := map[string]int{}
	for _, e := range g.Edges {
		kinds[e.LinkType]++
		if e.Source == "" || e.Target == "" || e.Weight <= 0 || e.Color == "" || (e.LinkType == client.LinkEntity) != (e.EntityName != "") {
			t.Errorf("edge %+v", e)
		}
	}
	for _, kind := range []string{client.LinkTemporal, client.LinkSemantic, client.LinkEntity} {
		if kinds[kind] == 0 {
			t.Errorf("no %s edge: %v", kind, kinds)
		}
	}
	withEntities, undated := 0, 0
	for i, n := range g.Nodes {
		if n.ID != g.TableRows[i].ID || len([]rune(n.Label)) > 33 || n.Text == "" {
			t.Errorf("node %+v", n)
		}
		if len(n.Entities) > 0 {
			withEntities++
		}
		if n.Date.IsZero() {
			undated++
		}
		if i > 0 && g.TableRows[i].MentionedAt.After(g.TableRows[i-1].MentionedAt.Time) {
			t.Errorf("nodes not newest first at %d", i)
		}
	}
	if withEntities == 0 || undated == len(g.Nodes) {
		t.Errorf("%d nodes with entities, %d undated", withEntities, undated)
	}

	obs, err := c.Graph(ctx, "user-alex-prefs", client.GraphParams{Type: client.FactObservation, Tags: []string{"trip:tokyo-2026"},
		TagsMatch: client.TagsAny, Q: "tokyo", Limit: 2})
	if err != nil {
		t.Fatal(err)
	}
	if len(obs.Nodes) == 0 || len(obs.Nodes) > 2 || obs.Limit != 2 {
		t.Errorf("filtered graph %+v", obs)
	}
	for _, r := range obs.TableRows {
		if r.FactType != client.FactObservation || r.ProofCount == nil {
			t.Errorf("row %+v", r)
		}
	}
	byDoc, err := c.Graph(ctx, "user-alex-prefs", client.GraphParams{DocumentID: "email-2026-11-24-lease-renewal", ChunkID: "user-alex-prefs_email-2026-11-24-lease-renewal_1"})
	if err != nil || byDoc.TotalUnits == 0 {
		t.Errorf("by document and chunk: %+v %v", byDoc, err)
	}

	eg, err := c.EntityGraph(ctx, "user-alex-prefs", 5, 2)
	if err != nil {
		t.Fatal(err)
	}
	if len(eg.Edges) == 0 || len(eg.Edges) > 5 || eg.TotalEdges != len(eg.Edges) || eg.TotalEntities != len(eg.Nodes) || eg.Limit != 5 {
		t.Fatalf("entity graph %+v", eg)
	}
	for i, e := range eg.Edges {
		if e.Weight < 2 || e.LinkType != client.LinkCooccurrence || e.LastCooccurred.IsZero() || (i > 0 && e.Weight > eg.Edges[i-1].Weight) {
			t.Errorf("edge %+v", e)
		}
	}

	ts, err := c.MemoriesTimeseries(ctx, "user-alex-prefs", client.Period90d, client.TimeFieldMentionedAt)
	if err != nil {
		t.Fatal(err)
	}
	total := 0
	for _, b := range ts.Buckets {
		total += b.Total()
	}
	if ts.Period != "90d" || ts.Trunc != "day" || ts.TimeField != "mentioned_at" || len(ts.Buckets) != 90 || total == 0 ||
		!ts.Buckets[89].Time.Equal(epoch.Truncate(24*time.Hour)) {
		t.Errorf("timeseries %s/%s/%s %d buckets, %d memories", ts.Period, ts.Trunc, ts.TimeField, len(ts.Buckets), total)
	}
	def, err := c.MemoriesTimeseries(ctx, "user-alex-prefs", "fortnight", "")
	if err != nil || def.Period != client.Period7d || def.TimeField != client.TimeFieldCreatedAt || len(def.Buckets) != 7 {
		t.Errorf("defaults %+v %v", def, err)
	}
	if _, err := c.Graph(ctx, "user-alex-prefs", client.GraphParams{Limit: -1}); client.StatusCode(err) != 422 {
		t.Errorf("limit -1: %v", err)
	}
}

func TestGraphRowsKeepServerText(t *testing.T) {
	seed := &hindsighttest.Seed{Banks: []hindsighttest.SeedBank{{BankID: "g", CreatedAt: "2026-09-01T00:00:00Z",
		Memories: []hindsighttest.SeedMemory{
			{Key: "a", Text: "Undated fact with no context and no entity."},
			{Key: "b", Text: "Ana and Ben met in Lisbon.", MentionedAt: "2026-11-01T10:00:00Z", Context: "chat",
				Entities: []hindsighttest.SeedEntity{{Name: "Ana"}, {Name: "Ben"}}},
		}}}}
	// On the seed epoch, seed times load unshifted.
	g, _ := serveAt(t, hindsighttest.WithSeed(seed))
	out, err := g.Graph(t.Context(), "g", client.GraphParams{TagsMatch: client.TagsAny})
	if err != nil || len(out.Nodes) != 2 {
		t.Fatalf("%+v %v", out, err)
	}
	dated, undated := out.TableRows[0], out.TableRows[1]
	if dated.Date.Raw != "2026-11-01 10:00" || !dated.Date.Equal(time.Date(2026, 11, 1, 10, 0, 0, 0, time.UTC)) ||
		len(dated.Entities) != 2 || out.Nodes[0].Entities[1] != "Ben" {
		t.Errorf("dated row %+v", dated)
	}
	if undated.Date.Raw != "N/A" || !undated.Date.IsZero() || undated.Context != "N/A" || len(undated.Entities) != 0 ||
		len(out.Nodes[1].Entities) != 0 || !out.Nodes[1].Date.IsZero() {
		t.Errorf("undated row %+v / node %+v", undated, out.Nodes[1])
	}
}
