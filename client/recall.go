package client

import (
	"context"
	"encoding/json"
)

// Budget levels of recall and reflect.
const (
	BudgetLow  = "low"
	BudgetMid  = "mid"
	BudgetHigh = "high"
)

// Tag match modes. "any" and "all" also return untagged memories; the strict modes and
// "exact" do not; "exact" with no tags returns only untagged memories.
const (
	TagsAny       = "any"
	TagsAll       = "all"
	TagsAnyStrict = "any_strict"
	TagsAllStrict = "all_strict"
	TagsExact     = "exact"
)

// TagGroup is a boolean tag expression: exactly one of a leaf (Tags with Match), And, Or
// or Not is set. Top-level groups of a request are AND-ed.
type TagGroup struct {
	Tags  []string   `json:"tags,omitempty"`
	Match string     `json:"match,omitempty"` // leaf mode; server default any_strict
	And   []TagGroup `json:"and,omitempty"`
	Or    []TagGroup `json:"or,omitempty"`
	Not   *TagGroup  `json:"not,omitempty"`
}

// MinScores are inclusive score floors, AND-ed together.
type MinScores struct {
	Semantic *float64 `json:"semantic,omitempty"`
	Keyword  *float64 `json:"keyword,omitempty"`
	Reranker *float64 `json:"reranker,omitempty"`
	Final    *float64 `json:"final,omitempty"`
}

// TemporalWindow anchors the temporal retrieval arm (it ranks, it does not filter).
type TemporalWindow struct {
	Start string `json:"start"`
	End   string `json:"end"`
}

// EntitiesInclude asks for entity names on results (on by default on the server).
type EntitiesInclude struct {
	MaxTokens *int `json:"max_tokens,omitempty"` // server default 500
}

// ChunksInclude asks for the source chunks of results.
type ChunksInclude struct {
	MaxTokens *int `json:"max_tokens,omitempty"` // server default 8192
}

// SourceFactsInclude asks for the facts observations were built from.
type SourceFactsInclude struct {
	MaxTokens               *int `json:"max_tokens,omitempty"`                 // server default 4096
	MaxTokensPerObservation *int `json:"max_tokens_per_observation,omitempty"` // -1 = unlimited
}

// RecallInclude selects what recall returns beside results. Entities are included by
// the server unless NoEntities is set (which sends an explicit null).
type RecallInclude struct {
	Entities    *EntitiesInclude
	NoEntities  bool
	Chunks      *ChunksInclude
	SourceFacts *SourceFactsInclude
}

// MarshalJSON sends only what differs from the server's defaults, and entities:null
// to switch entities off.
func (i RecallInclude) MarshalJSON() ([]byte, error) {
	m := map[string]any{}
	switch {
	case i.NoEntities:
		m["entities"] = nil
	case i.Entities != nil:
		m["entities"] = i.Entities
	}
	if i.Chunks != nil {
		m["chunks"] = i.Chunks
	}
	if i.SourceFacts != nil {
		m["source_facts"] = i.SourceFacts
	}
	return json.Marshal(m)
}

// UnmarshalJSON reads the wire form MarshalJSON writes, so a request kept in a file
// (a check suite, a saved query) decodes to the request that sends it: entities:null
// sets NoEntities, and {} enables chunks or source facts with the server's defaults.
func (i *RecallInclude) UnmarshalJSON(b []byte) error {
	var w struct {
		Entities    json.RawMessage     `json:"entities"`
		Chunks      *ChunksInclude      `json:"chunks"`
		SourceFacts *SourceFactsInclude `json:"source_facts"`
	}
	if err := json.Unmarshal(b, &w); err != nil {
		return err
	}
	*i = RecallInclude{Chunks: w.Chunks, SourceFacts: w.SourceFacts}
	switch {
	case w.Entities == nil:
	case string(w.Entities) == "null":
		i.NoEntities = true
	default:
		i.Entities = &EntitiesInclude{}
		return json.Unmarshal(w.Entities, i.Entities)
	}
	return nil
}

// RecallRequest is every field of POST …/memories/recall. Zero values are not sent, so
// the server's defaults apply (budget mid, max_tokens 4096, tags_match any, all types).
type RecallRequest struct {
	Query              string          `json:"query"`
	Types              []string        `json:"types,omitempty"`
	PreferObservations bool            `json:"prefer_observations,omitempty"`
	Budget             string          `json:"budget,omitempty"`
	MaxTokens          *int            `json:"max_tokens,omitempty"`
	Trace              bool            `json:"trace,omitempty"`
	QueryTimestamp     string          `json:"query_timestamp,omitempty"`
	Include            *RecallInclude  `json:"include,omitempty"`
	Tags               []string        `json:"tags,omitempty"`
	TagsMatch          string          `json:"tags_match,omitempty"`
	TagGroups          []TagGroup      `json:"tag_groups,omitempty"`
	MinScores          *MinScores      `json:"min_scores,omitempty"`
	TemporalWindow     *TemporalWindow `json:"temporal_window,omitempty"`
}

// Scores explain a result's rank: Final orders results; the others are present only when
// their arm surfaced the result (Reranker is absent when reranking is off).
type Scores struct {
	Final    float64  `json:"final"`
	Reranker *float64 `json:"reranker"`
	Semantic *float64 `json:"semantic"`
	Keyword  *float64 `json:"keyword"`
}

// RecallResult is one recalled memory.
type RecallResult struct {
	ID            string    `json:"id"`
	Text          string    `json:"text"`
	Type          string    `json:"type"`
	Entities      []string  `json:"entities"`
	Context       string    `json:"context"`
	OccurredStart Time      `json:"occurred_start"`
	OccurredEnd   Time      `json:"occurred_end"`
	MentionedAt   Time      `json:"mentioned_at"`
	DocumentID    string    `json:"document_id"`
	ChunkID       string    `json:"chunk_id"`
	Metadata      StringMap `json:"metadata"`
	Tags          []string  `json:"tags"`
	SourceFactIDs []string  `json:"source_fact_ids"`
	Scores        *Scores   `json:"scores"`
}

// RecallEntity is an entity mentioned by the results.
type RecallEntity struct {
	EntityID      string            `json:"entity_id"`
	CanonicalName string            `json:"canonical_name"`
	Observations  []json.RawMessage `json:"observations"`
}

// ChunkData is a source chunk returned by recall; Truncated marks the last one cut to
// fit include.chunks.max_tokens.
type ChunkData struct {
	ID         string `json:"id"`
	Text       string `json:"text"`
	ChunkIndex int    `json:"chunk_index"`
	Truncated  bool   `json:"truncated"`
}

// RecallResponse is recall's answer. Trace is opaque: its shape changes between server
// versions and the UI shows what is present.
type RecallResponse struct {
	Results              []RecallResult          `json:"results"`
	Trace                json.RawMessage         `json:"trace"`
	Entities             map[string]RecallEntity `json:"entities"`
	Chunks               map[string]ChunkData    `json:"chunks"`
	SourceFacts          map[string]RecallResult `json:"source_facts"`
	SourceFactsTruncated bool                    `json:"source_facts_truncated"`
}

// Recall searches a bank the way an agent's recall tool does.
func (c *Client) Recall(ctx context.Context, bankID string, r RecallRequest) (*RecallResponse, error) {
	var out RecallResponse
	if err := c.do(ctx, "POST", bankPath(bankID, "memories", "recall"), nil, r, &out); err != nil {
		return nil, err
	}
	if string(out.Trace) == "null" {
		out.Trace = nil
	}
	return &out, nil
}
