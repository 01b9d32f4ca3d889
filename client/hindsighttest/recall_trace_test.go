package hindsighttest

import (
	"math"
	"slices"
	"testing"
)

// The trace carries what the real SearchTrace does (§5.5, §26), consistently: lane
// limits, ranks and scores; fusion scores from the lane ranks; every candidate that
// passed the score floors in reranked, with its components; and final_results with
// the real per-result keys.
func TestRecallTraceFields(t *testing.T) {
	s := newRecallServer(t)
	out, raw := recall(t, s, map[string]any{"query": "Alice Phoenix April launch", "trace": true, "max_tokens": 30})
	tr := decodeTrace(t, raw)
	if tr.Query.Budget != 300 || tr.Query.MaxTokens != 30 {
		t.Errorf("query = %+v", tr.Query)
	}
	laneRank := map[string]map[string]int{} // "semantic_rank" -> node -> rank
	for _, l := range tr.RetrievalResults {
		key := "limit"
		if l.MethodName == "graph" || l.MethodName == "temporal" {
			key = "budget"
		}
		if l.Metadata[key] != float64(tr.Query.Budget) {
			t.Errorf("%s/%s metadata %v, want %s %d", l.MethodName, l.FactType, l.Metadata, key, tr.Query.Budget)
		}
		for i, r := range l.Results {
			if r.Rank != i+1 || (i > 0 && r.Score > l.Results[i-1].Score) {
				t.Errorf("%s/%s: result %d has rank %d score %v", l.MethodName, l.FactType, i, r.Rank, r.Score)
			}
			if l.MethodName == "semantic" && r.Score < defaultSemanticFloor {
				t.Errorf("semantic hit %s under the floor: %v", r.NodeID, r.Score)
			}
		}
	}
	// Fusion ranks are within the combined (all fact types) list of each method.
	for _, m := range tr.RRFMerged {
		var sum float64
		for arm, rank := range m.SourceRanks {
			sum += 1 / float64(60+rank)
			if laneRank[arm] == nil {
				laneRank[arm] = map[string]int{}
			}
			laneRank[arm][m.NodeID] = rank
		}
		if math.Abs(sum-m.RRFScore) > 1e-12 {
			t.Errorf("%s: rrf_score %v, sum of 1/(60+rank) %v", m.NodeID, m.RRFScore, sum)
		}
	}
	if len(tr.Reranked) != len(tr.RRFMerged) || len(out.Results) >= len(tr.Reranked) {
		t.Errorf("reranked %d of %d merged, %d returned: want all merged reranked, more than returned",
			len(tr.Reranked), len(tr.RRFMerged), len(out.Results))
	}
	components := []string{"cross_encoder_score", "cross_encoder_score_normalized", "rrf_score", "rrf_normalized",
		"recency", "temporal", "proof_norm", "combined_score"}
	for i, r := range tr.Reranked {
		if r.RerankRank != i+1 || r.RankChange != r.RRFRank-r.RerankRank {
			t.Errorf("%s: rerank_rank %d rank_change %d rrf_rank %d", r.NodeID, r.RerankRank, r.RankChange, r.RRFRank)
		}
		keys := make([]string, 0, len(r.ScoreComponents))
		for k := range r.ScoreComponents {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		want := slices.Clone(components)
		slices.Sort(want)
		if !slices.Equal(keys, want) {
			t.Errorf("score_components keys %q", keys)
		}
	}
	if len(tr.FinalResults) != len(out.Results) {
		t.Fatalf("final_results %d, results %d", len(tr.FinalResults), len(out.Results))
	}
	for i, fr := range tr.FinalResults {
		id := out.Results[i].ID
		for _, k := range []string{"weight", "activation", "semantic_similarity", "bm25_score", "rrf_rank", "rrf_score",
			"cross_encoder_score", "combined_score", "fact_type", "mentioned_at"} {
			if _, ok := fr[k]; !ok || fr["id"] != id {
				t.Errorf("final_results[%d] (%v) lacks %q", i, fr["id"], k)
			}
		}
		for arm, ranks := range laneRank {
			if rank, ok := ranks[id]; ok && fr[arm] != float64(rank) {
				t.Errorf("%s: %s %v, want %d", id, arm, fr[arm], rank)
			}
		}
		// Only the record fusion kept reports its score: semantic first, then bm25.
		_, bySemantic := laneRank["semantic_rank"][id]
		if bySemantic != (fr["semantic_similarity"] != nil) || (bySemantic && fr["bm25_score"] != nil) {
			t.Errorf("%s: semantic_similarity %v bm25_score %v, semantic lane %v", id, fr["semantic_similarity"], fr["bm25_score"], bySemantic)
		}
	}
}
