package hindsighttest

import (
	"strings"
	"testing"
	"time"
)

// smallSeed is a hand-made bank exercising every seed feature; its timestamps are
// written relative to the seed epoch, which the tests' clock starts at.
func smallSeed() *Seed {
	zero, one := 0, 1
	return &Seed{Banks: []SeedBank{{
		BankID: "team", Name: "Team", Mission: "Remember how the team works.",
		Disposition: SeedDisposition{Skepticism: 4, Literalism: 2, Empathy: 3},
		CreatedAt:   "2026-09-01T08:00:00Z",
		Documents: []SeedDocument{
			{ID: "meeting/2026-11-20", Context: "standup", Tags: []string{"team:platform"}, CreatedAt: "2026-11-20T10:00:00Z",
				Metadata: map[string]string{"source": "notes"},
				Chunks:   []string{"Alice prefers Postgres for analytics.", "Bob moved the billing review to Friday."}},
			{ID: "notes-1", CreatedAt: "2026-11-25T09:00:00Z", Chunks: []string{"I recommended Redis for caching."}},
		},
		Memories: []SeedMemory{
			{Key: "m1", Text: "Alice prefers Postgres for analytics.", FactType: "world", Context: "standup",
				MentionedAt: "2026-11-20T10:00:00Z", Entities: []SeedEntity{{Name: "Alice", Type: "PERSON"}, {Name: "Postgres", Type: "PRODUCT"}},
				Tags: []string{"team:platform"}, DocumentID: "meeting/2026-11-20", ChunkIndex: &zero,
				Metadata: map[string]string{"source": "notes"}},
			{Key: "m2", Text: "Bob moved the billing review to Friday.", FactType: "world",
				MentionedAt: "2026-11-21T10:00:00Z", Entities: []SeedEntity{{Name: "Bob", Type: "PERSON"}, {Name: "Alice", Type: "PERSON"}},
				Tags: []string{"team:platform", "customer:acme"}, DocumentID: "meeting/2026-11-20", ChunkIndex: &one},
			{Key: "m3", Text: "I recommended Redis for caching.", FactType: "experience", MentionedAt: "2026-11-25T09:00:00Z",
				Entities: []SeedEntity{{Name: "Redis"}}, DocumentID: "notes-1", ChunkIndex: &zero, Consolidation: "pending"},
			{Key: "m4", Text: "Carol joined the data team.", Tags: []string{"team:data"},
				Entities: []SeedEntity{{Name: "Carol", Type: "PERSON"}}, Consolidation: "failed"},
			{Key: "m5", Text: "Dave owns the billing service.", MentionedAt: "2026-10-01T12:00:00Z",
				Entities: []SeedEntity{{Name: "Dave", Type: "PERSON"}}, Invalidated: true, InvalidationReason: "superseded"},
			{Key: "o1", Text: "Alice consistently favours Postgres.", FactType: "observation",
				MentionedAt: "2026-11-26T08:00:00Z", Tags: []string{"team:platform"}, Sources: []string{"m1", "m2"}},
		},
		Models: []SeedMentalModel{{ID: "platform-stack", Name: "Platform stack", SourceQuery: "Which databases does the team prefer?",
			Content: "The team prefers **Postgres**.", LastRefreshedAt: "2026-11-22T09:00:00Z", BasedOn: []string{"m1"}}},
		Directives: []SeedDirective{
			{Name: "Be concise", Content: "Answer in three sentences.", Priority: 2, IsActive: true},
			{Name: "Cite sources", Content: "Name the document.", Priority: 5, IsActive: true, Tags: []string{"team:platform"}},
			{Name: "Old rule", Content: "Unused.", Priority: 9},
		},
		Operations: []SeedOperation{
			{Key: "op-failed", Type: "retain", Status: "failed", CreatedAt: "2026-11-29T08:00:00Z", UpdatedAt: "2026-11-29T08:01:00Z",
				ItemsCount: 3, ErrorMessage: "LLM timeout"},
			{Key: "op-pending", Type: "consolidation", Status: "pending", CreatedAt: "2026-11-30T08:59:00Z"},
			{Key: "op-done", Type: "batch_retain", Status: "completed", CreatedAt: "2026-11-28T08:00:00Z", UpdatedAt: "2026-11-28T08:00:05Z", ItemsCount: 2},
			{Key: "op-running", Type: "refresh_mental_model", Status: "processing", CreatedAt: "2026-11-30T08:58:00Z",
				MentalModelID: "platform-stack"},
		},
	}}}
}

func TestSeedLoading(t *testing.T) {
	srv := newTestServer(t, WithSeed(smallSeed()))
	base := "/v1/default/banks/team"
	m1 := derivedID("team", "memory", "m1")

	t.Run("bank", func(t *testing.T) {
		p := getObj(t, srv, base+"/profile")
		if p["name"] != "Team" || p["mission"] != "Remember how the team works." {
			t.Errorf("profile %v", p)
		}
		if d := p["disposition"].(map[string]any); d["skepticism"] != 4.0 || d["literalism"] != 2.0 {
			t.Errorf("disposition %v", d)
		}
	})
	t.Run("memory ids, chunk ids and timestamps", func(t *testing.T) {
		m := getObj(t, srv, base+"/memories/"+m1)
		if m["chunk_id"] != "team_meeting/2026-11-20_0" || m["mentioned_at"] != "2026-11-20T10:00:00+00:00" {
			t.Errorf("memory %v", m)
		}
		if got := m["entities"].([]any); len(got) != 2 || got[0] != "Alice" {
			t.Errorf("entities %v", got)
		}
	})
	t.Run("observation sources and proof count", func(t *testing.T) {
		o := getObj(t, srv, base+"/memories/"+derivedID("team", "memory", "o1"))
		srcs := o["source_memories"].([]any)
		if len(srcs) != 2 || srcs[0].(map[string]any)["id"] != derivedID("team", "memory", "m2") {
			t.Errorf("source_memories newest first: %v", srcs)
		}
		if got := o["entities"].([]any); strings.Join(toStrings(got), ",") != "Alice,Postgres,Bob" {
			t.Errorf("inherited entities %v", got)
		}
		l := getObj(t, srv, base+"/memories/list?type=observation")
		if item := l["items"].([]any)[0].(map[string]any); item["proof_count"] != 2.0 {
			t.Errorf("proof_count %v", item["proof_count"])
		}
	})
	t.Run("entity ids", func(t *testing.T) {
		mustStatus(t, send(t, srv, "GET", base+"/entities/"+derivedID("team", "entity", "alice"), nil), 200)
	})
	t.Run("directive ids", func(t *testing.T) {
		mustStatus(t, send(t, srv, "GET", base+"/directives/"+derivedID("team", "directive", "Be concise"), nil), 200)
	})
	t.Run("operations", func(t *testing.T) {
		failed := getObj(t, srv, base+"/operations/"+derivedID("team", "operation", "op-failed"))
		if failed["status"] != "failed" || failed["error_message"] != "LLM timeout" {
			t.Errorf("failed op %v", failed)
		}
		srv.SetClock(func() time.Time { return testEpoch.Add(24 * time.Hour) })
		pending := getObj(t, srv, base+"/operations/"+derivedID("team", "operation", "op-pending"))
		if pending["status"] != "pending" {
			t.Errorf("seeded pending operations never finish: %v", pending)
		}
	})
}

func TestSeedShift(t *testing.T) {
	later := testEpoch.Add(36*time.Hour + 30*time.Second)
	srv := NewServer(WithClock(func() time.Time { return later }), WithSeed(smallSeed()))
	defer srv.Close()
	m := getObj(t, srv, "/v1/default/banks/team/memories/"+derivedID("team", "memory", "m1"))
	if m["mentioned_at"] != "2026-11-21T22:00:00+00:00" {
		t.Errorf("shifted mentioned_at %v (shift is truncated to the minute)", m["mentioned_at"])
	}
}

func TestSeedErrors(t *testing.T) {
	tests := []struct {
		name   string
		mutate func(*SeedBank)
		want   string
	}{
		{"unknown source", func(b *SeedBank) { b.Memories[5].Sources = []string{"nope"} }, "unknown source"},
		{"unknown document", func(b *SeedBank) { b.Memories[0].DocumentID = "nope" }, "unknown document"},
		{"bad chunk", func(b *SeedBank) { i := 7; b.Memories[0].ChunkIndex = &i }, "out of range"},
		{"duplicate key", func(b *SeedBank) { b.Memories[1].Key = "m1" }, "repeated"},
		{"bad time", func(b *SeedBank) { b.Memories[0].MentionedAt = "yesterday" }, "invalid"},
		{"bad fact type", func(b *SeedBank) { b.Memories[0].FactType = "opinion" }, "fact_type"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			seed := smallSeed()
			tc.mutate(&seed.Banks[0])
			_, err := Listen("127.0.0.1:0", WithSeed(seed))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("err = %v, want it to mention %q", err, tc.want)
			}
		})
	}
}

func TestDemoSeedLoads(t *testing.T) {
	srv, err := Listen("127.0.0.1:0", WithDemoSeed())
	if err != nil {
		t.Fatalf("demo seed: %v", err)
	}
	srv.Close()
}

func toStrings(v []any) []string {
	out := make([]string, len(v))
	for i, x := range v {
		out[i], _ = x.(string)
	}
	return out
}
