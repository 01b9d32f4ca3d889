package explain

import (
	"encoding/json"
	"fmt"
	"sort"
)

// Trace is the part of a recall trace (trace:true) the explainer reads: the lanes with
// their limits and ranks, the fused list, the reranked list with score components,
// and the phase details. Other keys (visits, entry points, the query embedding) are
// skipped: they are large and say nothing the explainer needs.
type Trace struct {
	Query    TraceQuery `json:"query"`
	Lanes    []Lane     `json:"retrieval_results"`
	Fused    []Fused    `json:"rrf_merged"`
	Reranked []Reranked `json:"reranked"`
	Summary  struct {
		Phases []Phase `json:"phase_metrics"`
	} `json:"summary"`

	ix *traceIndex // built on first use
}

// TraceQuery is the trace's record of the request as the server resolved it; Budget is
// the thinking budget (per-lane candidate limit), not the level name.
type TraceQuery struct {
	Text               string            `json:"query_text"`
	Timestamp          string            `json:"timestamp"`
	Budget             int               `json:"budget"`
	MaxTokens          int               `json:"max_tokens"`
	Tags               []string          `json:"tags"`
	TagsMatch          string            `json:"tags_match"`
	TemporalConstraint map[string]string `json:"temporal_constraint"`
}

// Lane is one retrieval arm's results for one fact type. Limit is the arm's candidate
// limit (metadata "limit" or "budget"), 0 when the trace does not say.
type Lane struct {
	Method   string    `json:"method_name"`
	FactType string    `json:"fact_type"`
	Results  []LaneHit `json:"results"`
	Metadata struct {
		Limit  int `json:"limit"`
		Budget int `json:"budget"`
	} `json:"metadata"`
}

// Cap is how many candidates the lane could return.
func (l Lane) Cap() int { return max(l.Metadata.Limit, l.Metadata.Budget) }

// LaneHit is one candidate a lane found. Its text is not kept: the reranked list has
// it for the candidates that matter, and a trace repeats it in every lane.
type LaneHit struct {
	Rank     int     `json:"rank"`
	NodeID   string  `json:"node_id"`
	FactType string  `json:"fact_type"`
	Score    float64 `json:"score"`
}

// Fused is one candidate after reciprocal-rank fusion (its text, as the lanes', is
// not kept).
type Fused struct {
	NodeID      string         `json:"node_id"`
	RRFScore    float64        `json:"rrf_score"`
	SourceRanks map[string]int `json:"source_ranks"`
	Rank        int            `json:"final_rrf_rank"`
}

// Reranked is one candidate after the reranker, combined scoring and the min_scores
// floors, before any result cut. Score is the final score.
type Reranked struct {
	NodeID     string             `json:"node_id"`
	Text       string             `json:"text"`
	Score      float64            `json:"rerank_score"`
	Rank       int                `json:"rerank_rank"`
	RRFRank    int                `json:"rrf_rank"`
	Components map[string]float64 `json:"score_components"`
}

// Phase is one timed step of the recall, with what the server reported about it.
type Phase struct {
	Name    string         `json:"phase_name"`
	Details map[string]any `json:"details"`
}

// DecodeTrace reads a recall response's trace. An absent trace is an error: the
// explainer cannot say anything past the memory itself without one.
func DecodeTrace(raw json.RawMessage) (*Trace, error) {
	if len(raw) == 0 || string(raw) == "null" {
		return nil, fmt.Errorf("the recall response carries no trace")
	}
	var t Trace
	if err := json.Unmarshal(raw, &t); err != nil {
		return nil, fmt.Errorf("read the recall trace: %w", err)
	}
	t.index()
	return &t, nil
}

// PhaseInt returns an integer detail of a phase, if the trace reports it.
func (t *Trace) PhaseInt(phase, key string) (int, bool) {
	for _, p := range t.Summary.Phases {
		if p.Name != phase {
			continue
		}
		if v, ok := p.Details[key].(float64); ok {
			return int(v), true
		}
	}
	return 0, false
}

// Cut is the result-count cut, twice the thinking budget (0 when the trace omits it).
func (t *Trace) Cut() int { return 2 * t.Query.Budget }

// traceIndex finds a memory in each list without a scan per question.
type traceIndex struct {
	lanes    map[string][]LaneRank // node -> lanes that found it, in trace order
	factType map[string]string     // node -> fact type, from the lanes
	fused    map[string]int        // node -> index in Fused
	reranked map[string]int        // node -> index in Reranked (sorted by rank)
}

// LaneRank says that a lane found a memory, and where.
type LaneRank struct {
	Method   string
	FactType string
	Rank     int
	Score    float64
}

func (t *Trace) index() *traceIndex {
	if t.ix != nil {
		return t.ix
	}
	ix := &traceIndex{lanes: map[string][]LaneRank{}, factType: map[string]string{},
		fused: make(map[string]int, len(t.Fused)), reranked: make(map[string]int, len(t.Reranked))}
	for _, l := range t.Lanes {
		for _, h := range l.Results {
			ix.lanes[h.NodeID] = append(ix.lanes[h.NodeID], LaneRank{Method: l.Method, FactType: l.FactType, Rank: h.Rank, Score: h.Score})
			ft := h.FactType
			if ft == "" {
				ft = l.FactType
			}
			ix.factType[h.NodeID] = ft
		}
	}
	for i, f := range t.Fused {
		if f.Rank == 0 { // a trace without ranks lists them in order
			t.Fused[i].Rank = i + 1
		}
		if _, dup := ix.fused[f.NodeID]; !dup {
			ix.fused[f.NodeID] = i
		}
	}
	sort.SliceStable(t.Reranked, func(i, j int) bool { return t.Reranked[i].Rank < t.Reranked[j].Rank })
	for i, r := range t.Reranked {
		if r.Rank == 0 {
			t.Reranked[i].Rank = i + 1
		}
		if _, dup := ix.reranked[r.NodeID]; !dup {
			ix.reranked[r.NodeID] = i
		}
	}
	t.ix = ix
	return ix
}

// LanesOf lists the lanes that found id, with its rank in each.
func (t *Trace) LanesOf(id string) []LaneRank { return t.index().lanes[id] }

// FusedOf returns id's entry in the fused list.
func (t *Trace) FusedOf(id string) (Fused, bool) {
	i, ok := t.index().fused[id]
	if !ok {
		return Fused{}, false
	}
	return t.Fused[i], true
}

// RerankedOf returns id's entry in the reranked list and its position (0-based).
func (t *Trace) RerankedOf(id string) (Reranked, int, bool) {
	i, ok := t.index().reranked[id]
	if !ok {
		return Reranked{}, 0, false
	}
	return t.Reranked[i], i, true
}

// FactTypeOf is id's fact type as the lanes reported it ("" when no lane found it).
func (t *Trace) FactTypeOf(id string) string { return t.index().factType[id] }
