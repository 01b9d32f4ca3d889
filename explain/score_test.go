package explain_test

import (
	"context"
	"math"
	"strings"
	"testing"

	"hindsight-tui/client"
	"hindsight-tui/explain"
)

// For every result of demo recalls (recency from a query timestamp, a temporal window,
// observations with many proofs, reranking on), the formula computed from the trace's
// score components is the server's final score.
func TestBreakdownMatchesEveryResult(t *testing.T) {
	c := demoClient(t, seedEpoch)
	recalls := []struct {
		bank string
		req  client.RecallRequest
	}{
		{"explain-lab", client.RecallRequest{Query: "When does Priya fly to Lisbon next?"}},
		{"explain-lab", client.RecallRequest{Query: "Who travels to Lisbon most?", Types: []string{client.FactObservation, client.FactWorld}}},
		{"explain-lab", client.RecallRequest{Query: "trips in March", QueryTimestamp: "2026-06-01T00:00:00Z", Budget: client.BudgetHigh}},
		{"explain-lab", client.RecallRequest{Query: "Berlin sprint", TemporalWindow: &client.TemporalWindow{Start: "2026-02-01T00:00:00Z", End: "2026-04-30T00:00:00Z"}}},
		{"user-alex-prefs", client.RecallRequest{Query: "What does Alex like to drink?"}},
	}
	checked := 0
	for _, r := range recalls {
		rep, err := explain.Explain(context.Background(), c, r.bank, r.req, nil)
		if err != nil {
			t.Fatal(err)
		}
		if len(rep.Results) == 0 {
			t.Fatalf("%q: no results", r.req.Query)
		}
		for _, res := range rep.Results {
			b, ok := rep.Breakdown(res.ID)
			if !ok || res.Scores == nil {
				t.Fatalf("%q: no breakdown for %s", r.req.Query, res.ID)
			}
			if b.Final != res.Scores.Final || b.Boost() != 0 {
				t.Errorf("%q %s: formula %v, server %v", r.req.Query, res.ID, b.Final, res.Scores.Final)
			}
			if res.Scores.Reranker != nil && *res.Scores.Reranker != b.CE {
				t.Errorf("%s: CE %v, scores.reranker %v", res.ID, b.CE, *res.Scores.Reranker)
			}
			checked++
		}
	}
	if checked < 100 {
		t.Errorf("checked only %d results", checked)
	}
}

func TestBreakdownString(t *testing.T) {
	r := explain.Reranked{Score: 0.9218879632930116, Components: map[string]float64{
		"cross_encoder_score_normalized": 0.8380799666300105, "recency": 1, "temporal": 0.5, "proof_norm": 0.5}}
	b, ok := explain.BreakdownOf(r)
	if !ok || math.Abs(b.Final-r.Score) > 1e-15 {
		t.Fatalf("%+v", b)
	}
	want := "final 0.9219 = CE 0.8381 × (1+0.2·(1.0000−0.5)) × (1+0.2·(0.5000−0.5)) × (1+0.1·(0.5000−0.5))"
	if b.String() != want {
		t.Errorf("got  %s\nwant %s", b, want)
	}
	// A server with arm boosts on adds to the formula; the line says by how much.
	r.Score += 0.05
	b, _ = explain.BreakdownOf(r)
	if !strings.HasSuffix(b.String(), "+0.0500 arm boosts") || !strings.HasPrefix(b.String(), "final 0.9719 = ") {
		t.Errorf("with boosts: %s", b)
	}
	if _, ok := explain.BreakdownOf(explain.Reranked{}); ok {
		t.Error("a reranked entry without components has no breakdown")
	}
}
