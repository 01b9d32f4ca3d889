package explain

import (
	"strings"
	"testing"

	"hindsight-tui/client"
)

func verdictOf(t *testing.T, in Input, i int) Verdict {
	t.Helper()
	return Analyze(in, []string{synthID(i)})[0]
}

func wantVerdict(t *testing.T, v Verdict, stage Stage, fix string, words ...string) {
	t.Helper()
	if v.Stage != stage || !strings.HasPrefix(v.Fix.Text(), fix) {
		t.Errorf("stage %s, fix %q; want %s, %q\n%s\n%q", v.Stage, v.Fix.Text(), stage, fix, v.Summary, v.Evidence)
	}
	all := v.Summary + " | " + strings.Join(v.Evidence, " | ")
	for _, w := range words {
		if !strings.Contains(all, w) {
			t.Errorf("%s: the explanation lacks %q:\n%s", stage, w, all)
		}
	}
}

// A memory the lanes found but fusion ranked past the reranker's candidates is a
// retrieval miss, and the verdict says so rather than blaming the budget.
func TestPastTheRerankerCandidates(t *testing.T) {
	tr, _ := synthSpec{n: 400, budget: 400, fused: 400, reranked: 300}.build()
	tr.Summary.Phases = []Phase{{Name: "hydrate_results", Details: map[string]any{"candidates": 300.0}}}
	v := verdictOf(t, synthInput(tr, client.RecallRequest{Query: "billing"}, 50, synthMemory(350)), 350)
	wantVerdict(t, v, StageRetrieval, "no request parameter raises its fused rank", "fusion ranked it #351, past the 300 candidates", "found by semantic #")
	if v.FusedRank != 351 || v.RerankedRank != 0 {
		t.Errorf("ranks %d %d", v.FusedRank, v.RerankedRank)
	}
}

func TestRetrievalFixes(t *testing.T) {
	tr, _ := synthSpec{n: 100, budget: 50, fused: 100, reranked: 100}.build()
	stranger := &client.Memory{ID: synthID(999), Text: "Snow in Oslo", FactType: client.FactWorld, State: "valid", Entities: []string{"Oslo"}}
	// The semantic floor pruned it: lifting the floor is the fix.
	req := client.RecallRequest{Query: "billing Postgres", MinScores: &client.MinScores{Semantic: client.Ptr(0.9)}}
	v := verdictOf(t, synthInput(tr, req, 10, stranger), 999)
	wantVerdict(t, v, StageRetrieval, "remove min_scores.semantic", "min_scores.semantic 0.9", "semantic 50 of up to 50")
	if v.Fix.Request.MinScores != nil || req.MinScores.Semantic == nil {
		t.Errorf("fix %+v, original %+v", v.Fix.Request.MinScores, req.MinScores)
	}
	// A lane returned as many as its limit: a deeper budget searches further.
	v = verdictOf(t, synthInput(tr, client.RecallRequest{Query: "billing Postgres"}, 10, stranger), 999)
	wantVerdict(t, v, StageRetrieval, "budget high", "as many candidates as its limit")
	// Nothing full, no floors: only the query can help, and the verdict says how.
	v = verdictOf(t, synthInput(tr, client.RecallRequest{Query: "billing Postgres", Budget: client.BudgetHigh}, 10, stranger), 999)
	wantVerdict(t, v, StageRetrieval, "no request parameter reaches it: a query that names Oslo", "names none of its entities (Oslo)")
}

func TestRankingFloorWithoutScores(t *testing.T) {
	tr, _ := synthSpec{n: 100, budget: 300, fused: 100, reranked: 40}.build()
	req := client.RecallRequest{Query: "billing", MinScores: &client.MinScores{Final: client.Ptr(0.8), Reranker: client.Ptr(0.2)}}
	v := verdictOf(t, synthInput(tr, req, 10, synthMemory(60)), 60)
	wantVerdict(t, v, StageMinScores, "remove min_scores.reranker and min_scores.final", "min_scores.reranker 0.2 and min_scores.final 0.8")
	un, _ := synthSpec{n: 100, budget: 300, fused: 100, reranked: 100}.build()
	in := synthInput(tr, req, 10, synthMemory(60))
	in.Unfloored = un
	v = verdictOf(t, in, 60)
	wantVerdict(t, v, StageMinScores, "lower min_scores.final to 0.74", "final score 0.7", "without the floors it ranks #61")
	if *v.Fix.Request.MinScores.Reranker != 0.2 {
		t.Errorf("a floor it passes changed: %v", *v.Fix.Request.MinScores.Reranker)
	}
}

func TestTokenCutStoppedEarlier(t *testing.T) {
	tr, _ := synthSpec{n: 100, budget: 300, fused: 100, reranked: 100}.build()
	req := client.RecallRequest{Query: "billing", MaxTokens: client.Ptr(50)}
	v := verdictOf(t, synthInput(tr, req, 2, synthMemory(5)), 5)
	wantVerdict(t, v, StageMaxTokens, "max_tokens 200", "ranked #6, but the token scan stopped at rank 3", "exceed max_tokens 50")
}

func TestBudgetCuts(t *testing.T) {
	tr, _ := synthSpec{n: 2500, budget: 1000, fused: 2500, reranked: 2500}.build()
	v := verdictOf(t, synthInput(tr, client.RecallRequest{Query: "billing", Budget: client.BudgetHigh}, 2000, synthMemory(2100)), 2100)
	wantVerdict(t, v, StageBudget, "no budget reaches rank 2101", "below the cut at 2000")
	tr, _ = synthSpec{n: 500, budget: 100, fused: 500, reranked: 500}.build()
	v = verdictOf(t, synthInput(tr, client.RecallRequest{Query: "billing", Budget: client.BudgetLow}, 200, synthMemory(300)), 300)
	wantVerdict(t, v, StageBudget, "budget mid", "ranked #301, below the cut at 200 (twice the low budget's 100")
}

// Under prefer_observations, a fact an observation within the cut cites is named
// observation even when it also ranks below the cut; the fix then also raises the
// budget.
func TestObservationBelowTheCut(t *testing.T) {
	tr, _ := synthSpec{n: 300, budget: 100, fused: 300, reranked: 300}.build()
	obs := synthID(3)
	tr.Lanes[6].Results = append(tr.Lanes[6].Results, LaneHit{Rank: 1, NodeID: obs, FactType: client.FactObservation})
	tr.ix = nil
	req := client.RecallRequest{Query: "billing", Budget: client.BudgetLow, PreferObservations: true}
	in := synthInput(tr, req, 1, synthMemory(250))
	in.Sources = map[string][]string{obs: {synthID(250)}}
	v := verdictOf(t, in, 250)
	wantVerdict(t, v, StageObservation, "prefer_observations off, budget mid", "without the observation it would still rank #251, below the cut at 200")
	// A fact the observation does not cite is ranked one higher for the one it does.
	v = verdictOf(t, synthInput(tr, req, 1, synthMemory(260)), 260)
	wantVerdict(t, v, StageBudget, "budget mid", "ranked #261")
	in.Sources = map[string][]string{obs: {synthID(1)}}
	in.Memories[synthID(260)] = synthMemory(260)
	v = verdictOf(t, in, 260)
	wantVerdict(t, v, StageBudget, "budget mid", "ranked #260", "#260 once prefer_observations dropped")
}

func TestTypeAndTimeNotes(t *testing.T) {
	tr, _ := synthSpec{n: 20, budget: 300, fused: 20, reranked: 20}.build()
	v := verdictOf(t, synthInput(tr, client.RecallRequest{Query: "q", Types: []string{"opinion"}}, 5, synthMemory(7)), 7)
	wantVerdict(t, v, StageType, "add type world", "names no searchable type")
	req := client.RecallRequest{Query: "q", QueryTimestamp: "2026-01-01T00:00:00Z",
		TemporalWindow: &client.TemporalWindow{Start: "2025-12-01", End: "2025-12-31"}}
	v = verdictOf(t, synthInput(tr, req, 5, synthMemory(2)), 2)
	wantVerdict(t, v, StageRecalled, "", "time ranks, it does not filter: recency 1.0000, counted from query_timestamp 2026-01-01T00:00:00Z; temporal 0.4000 for the window 2025-12-01 to 2025-12-31")
	gone := &client.Memory{ID: synthID(8), State: "invalidated", FactType: client.FactWorld}
	v = verdictOf(t, synthInput(tr, req, 5, gone), 8)
	wantVerdict(t, v, StageInvalidated, "no request parameter returns it: restore it")
}
