package hindsighttest

import (
	"encoding/json"
	"testing"
)

// wireTrace is the part of a recall trace the ranking tests read, decoded the way a
// client would read it.
type wireTrace struct {
	Query struct {
		Budget             int                `json:"budget"`
		MaxTokens          int                `json:"max_tokens"`
		Tags               []string           `json:"tags"`
		TagsMatch          string             `json:"tags_match"`
		TemporalConstraint map[string]*string `json:"temporal_constraint"`
	} `json:"query"`
	RetrievalResults []wireLane `json:"retrieval_results"`
	RRFMerged        []struct {
		NodeID       string         `json:"node_id"`
		RRFScore     float64        `json:"rrf_score"`
		SourceRanks  map[string]int `json:"source_ranks"`
		FinalRRFRank int            `json:"final_rrf_rank"`
	} `json:"rrf_merged"`
	Reranked []wireReranked `json:"reranked"`
	Visits   []struct {
		NodeID string `json:"node_id"`
	} `json:"visits"`
	Summary struct {
		ResultsReturned int `json:"results_returned"`
		PhaseMetrics    []struct {
			PhaseName string         `json:"phase_name"`
			Details   map[string]any `json:"details"`
		} `json:"phase_metrics"`
	} `json:"summary"`
	FinalResults []map[string]any `json:"final_results"`
}

type wireLane struct {
	MethodName string         `json:"method_name"`
	FactType   string         `json:"fact_type"`
	Metadata   map[string]any `json:"metadata"`
	Results    []struct {
		Rank   int     `json:"rank"`
		NodeID string  `json:"node_id"`
		Score  float64 `json:"score"`
	} `json:"results"`
}

type wireReranked struct {
	NodeID          string             `json:"node_id"`
	Text            string             `json:"text"`
	RerankScore     float64            `json:"rerank_score"`
	RerankRank      int                `json:"rerank_rank"`
	RRFRank         int                `json:"rrf_rank"`
	RankChange      int                `json:"rank_change"`
	ScoreComponents map[string]float64 `json:"score_components"`
}

// decodeTrace reads the trace of a recall response body.
func decodeTrace(t testing.TB, body []byte) wireTrace {
	t.Helper()
	var out struct {
		Trace *wireTrace `json:"trace"`
	}
	if err := json.Unmarshal(body, &out); err != nil || out.Trace == nil {
		t.Fatalf("no readable trace (%v): %.200s", err, body)
	}
	return *out.Trace
}

// lanesWith returns the lanes whose results include id.
func (tr wireTrace) lanesWith(id string) []wireLane {
	var out []wireLane
	for _, l := range tr.RetrievalResults {
		for _, r := range l.Results {
			if r.NodeID == id {
				out = append(out, l)
				break
			}
		}
	}
	return out
}

// reranked returns id's entry in the reranked list.
func (tr wireTrace) reranked(id string) (wireReranked, bool) {
	for _, r := range tr.Reranked {
		if r.NodeID == id {
			return r, true
		}
	}
	return wireReranked{}, false
}

// finalResult returns id's final_results dict.
func (tr wireTrace) finalResult(id string) map[string]any {
	for _, r := range tr.FinalResults {
		if r["id"] == id {
			return r
		}
	}
	return nil
}

// merged reports whether id is in the fused list.
func (tr wireTrace) merged(id string) bool {
	for _, m := range tr.RRFMerged {
		if m.NodeID == id {
			return true
		}
	}
	return false
}
