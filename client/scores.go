package client

import (
	"encoding/json"
	"fmt"
)

// ScoreBreakdown is how the server computed one result's final score (Hindsight's
// reranking step): the cross-encoder score, multiplied by a recency, a temporal and a
// proof factor, each of which moves it by at most ±10 % (±5 % for proof). It comes
// from a trace's reranked candidates, so only recalls made with trace:true have it.
type ScoreBreakdown struct {
	Final        float64 // rerank_score: the final score, as in the result's scores
	CrossEncoder float64 // cross_encoder_score_normalized: the reranker score the others multiply
	Recency      float64 // 0.1-1 by the memory's date; 0.5 is neutral
	Temporal     float64 // proximity to the query's date window; 0.5 is neutral
	ProofNorm    float64 // from proof_count; 0.5 (one proof) is neutral
}

// ScoreFormula is the server's formula for the final score, in one line.
const ScoreFormula = "final = CE × (1+0.2·(recency−0.5)) × (1+0.2·(temporal−0.5)) × (1+0.1·(proof−0.5))"

// RecencyFactor, TemporalFactor and ProofFactor are the multipliers of the formula.
func (b ScoreBreakdown) RecencyFactor() float64  { return 1 + 0.2*(b.Recency-0.5) }
func (b ScoreBreakdown) TemporalFactor() float64 { return 1 + 0.2*(b.Temporal-0.5) }
func (b ScoreBreakdown) ProofFactor() float64    { return 1 + 0.1*(b.ProofNorm-0.5) }

// Product is the final score the components give; it differs from Final only by what
// the formula leaves out (arm boosts, which are off by default).
func (b ScoreBreakdown) Product() float64 {
	return b.CrossEncoder * b.RecencyFactor() * b.TemporalFactor() * b.ProofFactor()
}

// String is the product written out: "0.949 × 1.080 × 1.000 × 1.000".
func (b ScoreBreakdown) String() string {
	return fmt.Sprintf("CE %.3f × recency %.3f × temporal %.3f × proof %.3f",
		b.CrossEncoder, b.RecencyFactor(), b.TemporalFactor(), b.ProofFactor())
}

// ScoreBreakdowns reads the breakdown of every reranked candidate of a recall trace,
// by memory id. A candidate without all four components is left out, and a trace of
// another shape gives none: the trace is not part of the API's contract.
func ScoreBreakdowns(trace json.RawMessage) map[string]ScoreBreakdown {
	var t struct {
		Reranked []struct {
			NodeID      string   `json:"node_id"`
			RerankScore *float64 `json:"rerank_score"`
			Components  struct {
				CE        *float64 `json:"cross_encoder_score_normalized"`
				Recency   *float64 `json:"recency"`
				Temporal  *float64 `json:"temporal"`
				ProofNorm *float64 `json:"proof_norm"`
			} `json:"score_components"`
		} `json:"reranked"`
	}
	if len(trace) == 0 || json.Unmarshal(trace, &t) != nil {
		return nil
	}
	out := make(map[string]ScoreBreakdown, len(t.Reranked))
	for _, r := range t.Reranked {
		c := r.Components
		if r.NodeID == "" || r.RerankScore == nil || c.CE == nil || c.Recency == nil || c.Temporal == nil || c.ProofNorm == nil {
			continue
		}
		out[r.NodeID] = ScoreBreakdown{Final: *r.RerankScore, CrossEncoder: *c.CE, Recency: *c.Recency,
			Temporal: *c.Temporal, ProofNorm: *c.ProofNorm}
	}
	return out
}
