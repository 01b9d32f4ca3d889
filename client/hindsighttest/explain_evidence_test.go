package hindsighttest

import (
	"encoding/json"
	"net/http"
	"slices"
	"testing"
)

// checkExplainEvidence checks that what a client sees (the response, the trace and
// the memory itself) shows why the case's memory dropped out at its stage.
func checkExplainEvidence(t *testing.T, s *Server, c ExplainCase, run explainRecall) {
	t.Helper()
	var req struct {
		Types     []string `json:"types"`
		Tags      []string `json:"tags"`
		TagsMatch string   `json:"tags_match"`
		MaxTokens int      `json:"max_tokens"`
		MinScores struct {
			Reranker *float64 `json:"reranker"`
		} `json:"min_scores"`
	}
	mustUnmarshal(t, c.Request, &req)
	id, tr := c.MemoryID, run.trace
	mem := getMemory(t, s, c.BankID, id)
	unseen := len(tr.lanesWith(id)) == 0 && !tr.merged(id)
	_, reranked := tr.reranked(id)
	switch c.Stage {
	case StageMissing:
		if mem.status != http.StatusNotFound || !unseen || reranked {
			t.Errorf("GET %d, unseen %v, reranked %v: want 404 and absent from the trace", mem.status, unseen, reranked)
		}
	case StageInvalidated:
		if mem.status != http.StatusOK || mem.State != "invalidated" || !unseen {
			t.Errorf("state %q (GET %d), unseen %v", mem.State, mem.status, unseen)
		}
	case StageType:
		searched := map[string]bool{}
		for _, l := range tr.RetrievalResults {
			searched[l.FactType] = true
		}
		if slices.Contains(req.Types, mem.Type) || searched[mem.Type] || len(searched) == 0 || !unseen {
			t.Errorf("memory type %s, requested %v, lanes searched %v", mem.Type, req.Types, searched)
		}
	case StageTags:
		if !slices.Equal(tr.Query.Tags, req.Tags) || tr.Query.TagsMatch != req.TagsMatch ||
			matchTags(mem.Tags, tr.Query.Tags, tr.Query.TagsMatch) || !unseen {
			t.Errorf("memory tags %q against %q/%s, unseen %v", mem.Tags, tr.Query.Tags, tr.Query.TagsMatch, unseen)
		}
	case StageRetrieval:
		if mem.status != http.StatusOK || mem.State != "valid" || len(tr.Query.Tags) > 0 || !unseen {
			t.Errorf("a valid, in-scope memory no lane found: GET %d %q, tags %v, unseen %v", mem.status, mem.State, tr.Query.Tags, unseen)
		}
		for _, l := range tr.RetrievalResults {
			if l.FactType == mem.Type && l.MethodName == "semantic" && len(l.Results) == 0 {
				t.Errorf("the semantic lane for %s found nothing at all", mem.Type)
			}
		}
	case StageMinScores:
		if !tr.merged(id) || reranked || req.MinScores.Reranker == nil {
			t.Fatalf("merged %v, reranked %v: want retrieved, then dropped by the floor", tr.merged(id), reranked)
		}
		var without map[string]any
		mustUnmarshal(t, c.Request, &without)
		delete(without, "min_scores")
		raw, _ := json.Marshal(without)
		rr, ok := runExplainRecall(t, s, c.BankID, raw).trace.reranked(id)
		if ce := rr.ScoreComponents["cross_encoder_score_normalized"]; !ok || ce >= *req.MinScores.Reranker {
			t.Errorf("without the floor: reranked %v, CE %v, floor %v", ok, ce, *req.MinScores.Reranker)
		}
	case StageBudget:
		rr, ok := tr.reranked(id)
		if cut := 2 * tr.Query.Budget; !ok || rr.RerankRank <= cut || len(run.results) > cut {
			t.Errorf("reranked %v at %d, cut %d, %d results: want ranked below the cut", ok, rr.RerankRank, cut, len(run.results))
		}
	case StageMaxTokens:
		used := 0
		for _, r := range run.results {
			used += estimateTokens(r.Text)
		}
		rr, ok := tr.reranked(id)
		if !ok || rr.RerankRank != len(run.results)+1 || used > req.MaxTokens ||
			used+estimateTokens(rr.Text) <= req.MaxTokens || tr.Query.MaxTokens != req.MaxTokens {
			t.Errorf("reranked %v at %d after %d results using %d of %d tokens; its text needs %d",
				ok, rr.RerankRank, len(run.results), used, req.MaxTokens, estimateTokens(rr.Text))
		}
	case StageObservation:
		visited := slices.ContainsFunc(tr.Visits, func(v struct {
			NodeID string `json:"node_id"`
		}) bool {
			return v.NodeID == id
		})
		cited := slices.ContainsFunc(run.results, func(r explainResult) bool {
			return r.Type == "observation" && slices.Contains(r.SourceFactIDs, id)
		})
		if !reranked || visited || !cited {
			t.Errorf("reranked %v, visited %v, cited by a returned observation %v", reranked, visited, cited)
		}
	case StageRecalled:
		if tr.finalResult(id) == nil {
			t.Error("returned but not in final_results")
		}
	default:
		t.Errorf("unknown stage %q", c.Stage)
	}
}
