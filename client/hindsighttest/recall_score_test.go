package hindsighttest

import (
	"encoding/json"
	"math"
	"testing"
	"time"
)

// scoredResult is a recall result with the fields a client needs to check its score.
type scoredResult struct {
	ID            string  `json:"id"`
	Type          string  `json:"type"`
	OccurredStart *string `json:"occurred_start"`
	OccurredEnd   *string `json:"occurred_end"`
	MentionedAt   *string `json:"mentioned_at"`
	Scores        struct {
		Final    float64  `json:"final"`
		Reranker *float64 `json:"reranker"`
	} `json:"scores"`
}

// clientRecency is §26's linear recency as a client computes it from a result.
func clientRecency(t *testing.T, r scoredResult, now time.Time) float64 {
	t.Helper()
	for _, s := range []*string{r.OccurredStart, r.MentionedAt, r.OccurredEnd} {
		if s == nil {
			continue
		}
		at, err := time.Parse(time.RFC3339Nano, *s)
		if err != nil {
			t.Fatalf("%s: bad date %q", r.ID, *s)
		}
		days := now.Sub(at).Hours() / 24
		return max(0.1, min(1, 1-days/365))
	}
	return 0.5
}

// A client that recomputes final from a trace's score components gets the server's
// value for every result, and the components themselves follow §26.
func TestRecallFinalScoreRecomputesFromTrace(t *testing.T) {
	s := NewServer(WithDemoSeed(), WithClock(func() time.Time { return testEpoch }))
	defer s.Close()
	requests := []struct {
		bank string
		body map[string]any
		now  time.Time
	}{
		{"user-alex-prefs", map[string]any{"query": "Which trips are coming up?"}, testEpoch},
		{"user-alex-prefs", map[string]any{"query": "What does Alex like to eat and drink?", "budget": "high"}, testEpoch},
		{"team-platform", map[string]any{"query": "What happened with ledger-service in October?",
			"query_timestamp": "2026-10-20T12:00:00Z"}, time.Date(2026, 10, 20, 12, 0, 0, 0, time.UTC)},
		{"team-platform", map[string]any{"query": "payments incidents", "temporal_window": map[string]any{
			"start": "2026-10-01T00:00:00Z", "end": "2026-10-31T23:59:59Z"}}, testEpoch},
		{"writer-agent", map[string]any{"query": "What did Gabriel say about the chapters?", "types": []string{"world", "observation"}}, testEpoch},
	}
	checked := 0
	for _, rq := range requests {
		rq.body["trace"] = true
		res := post(t, s, "/v1/default/banks/"+rq.bank+"/memories/recall", rq.body)
		var out struct {
			Results []scoredResult `json:"results"`
		}
		if err := json.Unmarshal(res.body, &out); err != nil || len(out.Results) == 0 {
			t.Fatalf("%s %v: %v %.200s", rq.bank, rq.body["query"], err, res.body)
		}
		tr := decodeTrace(t, res.body)
		prev := math.Inf(1)
		for _, r := range out.Results {
			rr, ok := tr.reranked(r.ID)
			if !ok {
				t.Fatalf("%s: result not in trace.reranked", r.ID)
			}
			c := rr.ScoreComponents
			ce, rec, temp, pn := c["cross_encoder_score_normalized"], c["recency"], c["temporal"], c["proof_norm"]
			final := ce * (1 + 0.2*(rec-0.5)) * (1 + 0.2*(temp-0.5)) * (1 + 0.1*(pn-0.5))
			if math.Abs(final-r.Scores.Final) > 1e-9 {
				t.Errorf("%s: recomputed final %v, server %v (components %v)", r.ID, final, r.Scores.Final, c)
			}
			if r.Scores.Reranker == nil || *r.Scores.Reranker != ce || ce < 0 || ce > 1 || c["cross_encoder_score"] != ce {
				t.Errorf("%s: reranker %v, CE %v raw %v: want equal and in [0,1]", r.ID, r.Scores.Reranker, ce, c["cross_encoder_score"])
			}
			if rr.RerankScore != r.Scores.Final || c["combined_score"] != r.Scores.Final || c["rrf_normalized"] != 0 {
				t.Errorf("%s: rerank_score %v combined %v rrf_normalized %v", r.ID, rr.RerankScore, c["combined_score"], c["rrf_normalized"])
			}
			if want := clientRecency(t, r, rq.now); math.Abs(rec-want) > 1e-9 {
				t.Errorf("%s: recency %v, want %v from its dates", r.ID, rec, want)
			}
			fr := tr.finalResult(r.ID)
			if p, ok := fr["temporal_proximity"].(float64); ok {
				if temp != p {
					t.Errorf("%s: temporal %v, proximity %v", r.ID, temp, p)
				}
			} else if temp != 0.5 {
				t.Errorf("%s: temporal %v without a temporal record", r.ID, temp)
			}
			if pn < 0 || pn > 1 || (r.Type != "observation" && pn != 0.5) {
				t.Errorf("%s (%s): proof_norm %v", r.ID, r.Type, pn)
			}
			if fr["weight"] != r.Scores.Final || fr["activation"] != r.Scores.Final {
				t.Errorf("%s: final_results weight %v activation %v", r.ID, fr["weight"], fr["activation"])
			}
			if r.Scores.Final > prev {
				t.Errorf("%s: results not ordered by final", r.ID)
			}
			prev = r.Scores.Final
			checked++
		}
	}
	if checked < 20 {
		t.Errorf("only %d results checked", checked)
	}
}

// With reranking off for the bank, CE follows the RRF order and the response has no
// reranker score (§26).
func TestRecallWithoutReranking(t *testing.T) {
	s := newRecallServer(t)
	s.mu.Lock()
	s.store.banks["team"].configOverrides = map[string]any{"enable_reranking": false}
	s.mu.Unlock()
	out, raw := recall(t, s, map[string]any{"query": "Alice Phoenix launch", "trace": true})
	tr := decodeTrace(t, raw)
	n := len(tr.RRFMerged)
	for _, r := range out.Results {
		if r.Scores.Reranker != nil {
			t.Errorf("%s: reranker score %v with reranking off", r.ID, *r.Scores.Reranker)
		}
		rr, _ := tr.reranked(r.ID)
		want := 1 - 0.9*float64(rr.RRFRank-1)/float64(max(1, n-1))
		if c := rr.ScoreComponents; c["cross_encoder_score"] != 0 || math.Abs(c["cross_encoder_score_normalized"]-want) > 1e-12 {
			t.Errorf("%s: components %v, want CE %v from rrf rank %d", r.ID, c, want, rr.RRFRank)
		}
	}
}
