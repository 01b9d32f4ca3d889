package client_test

import (
	"math"
	"testing"

	"hindsight-tui/client"
	"hindsight-tui/client/hindsighttest"
)

// TestScoreBreakdownMatchesTheFinalScore recalls from every demo bank with the trace
// on and checks, for every result, that the breakdown read from the trace multiplies
// out to the final score the server returned.
func TestScoreBreakdownMatchesTheFinalScore(t *testing.T) {
	c := serve(t, hindsighttest.WithDemoSeed())
	banks, err := c.ListBanks(t.Context(), client.ListBanksParams{})
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, b := range banks.Banks {
		for _, q := range []string{"what does the user prefer", "meeting next week", "coffee"} {
			resp, err := c.Recall(t.Context(), b.BankID, client.RecallRequest{Query: q, Trace: true})
			if err != nil {
				t.Fatal(err)
			}
			parts := client.ScoreBreakdowns(resp.Trace)
			for _, r := range resp.Results {
				bd, ok := parts[r.ID]
				if !ok {
					t.Errorf("%s %q: result %s has no breakdown", b.BankID, q, r.ID)
					continue
				}
				if math.Abs(bd.Product()-r.Scores.Final) > 1e-9 || math.Abs(bd.Final-r.Scores.Final) > 1e-9 {
					t.Errorf("%s %q: %s: %s = %.6f, final %.6f", b.BankID, q, r.ID, bd, bd.Product(), r.Scores.Final)
				}
				if r.Scores.Reranker != nil && math.Abs(*r.Scores.Reranker-bd.CrossEncoder) > 1e-9 {
					t.Errorf("%s: CE %.6f, reranker score %.6f", r.ID, bd.CrossEncoder, *r.Scores.Reranker)
				}
				checked++
			}
		}
	}
	if checked < 50 {
		t.Errorf("only %d results checked", checked)
	}
	if got := client.ScoreBreakdowns([]byte(`{"reranked":"nope"}`)); len(got) != 0 {
		t.Errorf("a trace of another shape: %v", got)
	}
}
