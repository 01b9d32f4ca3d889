// Package explain answers "why did recall not return this memory?". For one recall
// request and the memories a person expected, it names, per memory, the first stage of
// the server's recall pipeline where the memory dropped out, the evidence for it, and
// the smallest change of the request that would bring it back; Retry runs that change
// and says what else moved.
//
// It reads only what any client can see: the memory itself (GET …/memories/{id}) and
// the recall's trace (trace:true), which lists each lane's candidates with their ranks
// and limits, the fused list, the reranked list with its score components, and the
// phase details. It never changes the request's ranking parameters to explain it; it
// only turns the trace on and, under prefer_observations, asks for source facts, which
// do not rank.
//
// Stages, as the server applies them:
//
//	missing      GET memory answers 404: there is no such memory in the bank
//	invalidated  the memory was curated out (state invalidated); recall skips it
//	type         its fact type is not among the requested types (default: all)
//	tags         tags / tags_match / tag_groups exclude it (the table of API §5.3)
//	retrieval    no lane found it (each lane's limit, min_scores.semantic/keyword), or
//	             the lanes found it but fusion ranked it past the candidates that reach
//	             the reranker, so it was never scored
//	min_scores   the reranker or final floor dropped it after scoring
//	observation  prefer_observations returned an observation citing it instead
//	budget       ranked below the cut at twice the thinking budget (API §5.4)
//	max_tokens   the greedy token cut stopped before it
//	recalled     returned, at rank N
//
// The server drops superseded facts before it cuts the ranked list, so observation is
// decided before budget and max_tokens: a memory an observation replaced is named
// observation even when it also ranked below the cut (the evidence says so).
//
// Time (query_timestamp, temporal_window) ranks but never filters: it appears as a
// ranking note in the evidence, never as a stage.
package explain

import (
	"slices"

	"hindsight-tui/client"
)

// Stage is where a memory dropped out of a recall, or StageRecalled.
type Stage string

// The stages, in the order the server applies them.
const (
	StageMissing     Stage = "missing"
	StageInvalidated Stage = "invalidated"
	StageType        Stage = "type"
	StageTags        Stage = "tags"
	StageRetrieval   Stage = "retrieval"
	StageMinScores   Stage = "min_scores"
	StageObservation Stage = "observation"
	StageBudget      Stage = "budget"
	StageMaxTokens   Stage = "max_tokens"
	StageRecalled    Stage = "recalled"
)

// Stages lists every stage in pipeline order.
func Stages() []Stage {
	return []Stage{StageMissing, StageInvalidated, StageType, StageTags, StageRetrieval, StageMinScores,
		StageObservation, StageBudget, StageMaxTokens, StageRecalled}
}

// Verdict explains one expected memory.
type Verdict struct {
	MemoryID string
	Stage    Stage
	// Rank is the memory's 1-based rank among the results when recalled, else 0.
	Rank int
	// Memory is what GET memory returned; nil when missing.
	Memory *client.Memory
	// Summary says what happened in one sentence; Evidence holds the facts behind it,
	// one line each (lanes and ranks, the score breakdown, the cut, the rule).
	Summary  string
	Evidence []string
	// Lanes that found it, FusedRank and RerankedRank (0 = not in that list), and the
	// score breakdown when it was scored.
	Lanes        []LaneRank
	FusedRank    int
	RerankedRank int
	Score        *Breakdown
	Fix          Fix
}

// Recalled reports whether the memory came back.
func (v Verdict) Recalled() bool { return v.Stage == StageRecalled }

// Fix is the smallest change that would bring a memory in. Request is the changed
// recall request, nil when no parameter can help; Hint then says what would (restore
// the memory, or the words the query lacks).
type Fix struct {
	Label   string // "budget high", "tags_match any", "max_tokens 5,200"
	Request *client.RecallRequest
	Hint    string
}

// Text is the fix in a few words: its label, else its hint.
func (f Fix) Text() string {
	if f.Label != "" {
		return f.Label
	}
	return f.Hint
}

// cloneRequest copies r deeply enough that changing a field of the copy never changes r.
func cloneRequest(r client.RecallRequest) client.RecallRequest {
	c := r
	c.Types = slices.Clone(r.Types)
	c.Tags = slices.Clone(r.Tags)
	c.TagGroups = slices.Clone(r.TagGroups)
	if r.MaxTokens != nil {
		c.MaxTokens = client.Ptr(*r.MaxTokens)
	}
	if r.MinScores != nil {
		ms := *r.MinScores
		c.MinScores = &ms
	}
	if r.Include != nil {
		inc := *r.Include
		c.Include = &inc
	}
	if r.TemporalWindow != nil {
		w := *r.TemporalWindow
		c.TemporalWindow = &w
	}
	return c
}
