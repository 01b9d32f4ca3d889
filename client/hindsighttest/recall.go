package hindsighttest

import (
	"fmt"
	"net/http"
	"slices"
	"time"
)

// maxQueryTokens is the real server's recall_max_query_tokens.
const maxQueryTokens = 500

type recallResponse struct {
	Results              []recallResult          `json:"results"`
	Trace                *recallTrace            `json:"trace,omitempty"`
	Entities             map[string]entityState  `json:"entities,omitempty"`
	Chunks               map[string]chunkData    `json:"chunks,omitempty"`
	SourceFacts          map[string]recallResult `json:"source_facts,omitempty"`
	SourceFactsTruncated *bool                   `json:"source_facts_truncated,omitempty"`
}

// recallResult is RecallResult with nulls omitted. tags and metadata are NOT NULL
// columns in the real store, so ranked results always carry them; source facts drop
// empty tags, as the real server does.
type recallResult struct {
	ID            string            `json:"id"`
	Text          string            `json:"text"`
	Type          string            `json:"type"`
	Entities      []string          `json:"entities,omitempty"`
	Context       string            `json:"context,omitempty"`
	OccurredStart *string           `json:"occurred_start,omitempty"`
	OccurredEnd   *string           `json:"occurred_end,omitempty"`
	MentionedAt   *string           `json:"mentioned_at,omitempty"`
	DocumentID    string            `json:"document_id,omitempty"`
	Metadata      map[string]string `json:"metadata"`
	ChunkID       string            `json:"chunk_id,omitempty"`
	Tags          *[]string         `json:"tags,omitempty"`
	SourceFactIDs *[]string         `json:"source_fact_ids,omitempty"`
	Scores        *recallScores     `json:"scores,omitempty"`
}

type recallScores struct {
	Final    float64  `json:"final"`
	Reranker *float64 `json:"reranker,omitempty"`
	Semantic *float64 `json:"semantic,omitempty"`
	Keyword  *float64 `json:"keyword,omitempty"`
}

// entityState is EntityStateResponse; observations are always empty in 0.9.1.
type entityState struct {
	EntityID      string `json:"entity_id"`
	CanonicalName string `json:"canonical_name"`
	Observations  []any  `json:"observations"`
}

type chunkData struct {
	ID         string `json:"id"`
	Text       string `json:"text"`
	ChunkIndex int    `json:"chunk_index"`
	Truncated  bool   `json:"truncated"`
}

// handleRecall serves POST /v1/default/banks/{bank_id}/memories/recall. The order of
// checks is the real server's: body validation (422), query length and timestamp
// (400), authentication (401), then the engine's fact-type check (422, string detail).
func (s *Server) handleRecall(w http.ResponseWriter, r *http.Request, bankID string) {
	obj, errs := decodeBody(r, false)
	if errs != nil {
		markIgnored(w, ignoredQuery(r))
		writeValidation(w, errs)
		return
	}
	markIgnored(w, ignoredQuery(r), ignoredKeys(obj, recallKeys...))
	req, errs := parseRecallRequest(obj)
	if len(errs) > 0 {
		writeValidation(w, errs)
		return
	}
	if n := estimateTokens(req.query); n > maxQueryTokens {
		writeDetail(w, http.StatusBadRequest, fmt.Sprintf(
			"Query too long: %d tokens exceeds maximum of %d. Please shorten your query.", n, maxQueryTokens))
		return
	}
	anchor := s.now()
	if req.queryTimestamp != nil && *req.queryTimestamp != "" {
		t, err := parseISO(*req.queryTimestamp)
		if err != nil {
			writeDetail(w, http.StatusBadRequest, fmt.Sprintf(
				"Invalid query_timestamp format. Expected ISO format (e.g., '2023-05-30T23:40:00'): Invalid isoformat string: '%s'",
				*req.queryTimestamp))
			return
		}
		anchor = t
	}
	if !s.authorized(w, r) {
		return
	}
	types, invalid := resolveFactTypes(req.types)
	if invalid != "" {
		writeDetail(w, http.StatusUnprocessableEntity, invalid)
		return
	}
	if len(types) == 0 { // only "opinion" was asked for
		writeJSON(w, http.StatusOK, recallResponse{Results: []recallResult{}})
		return
	}
	b := s.store.banks[bankID] // recall never creates a bank
	writeJSON(w, http.StatusOK, s.recall(b, req, types, anchor))
}

// recall runs a validated request: rank, prefer observations, cut to twice the
// thinking budget, pick chunks from that list, then cut greedily to max_tokens.
func (s *Server) recall(b *bank, req *recallRequest, types []string, anchor time.Time) recallResponse {
	run := s.rank(b, rankQuery{
		Text: req.query, Types: types, Tags: req.tags, TagsMatch: req.tagsMatch, TagGroups: req.tagGroups,
		Budget: req.budget, MaxTokens: req.maxTokens, Anchor: anchor, Window: req.window, MinScores: req.minScores,
	})
	tr := newRecallTracer(req, run, s.now())

	ranked := run.ranked
	if req.preferObservations && slices.Contains(types, "observation") &&
		(slices.Contains(types, "world") || slices.Contains(types, "experience")) {
		var considered int
		ranked, considered = preferObservations(ranked, 2*run.budget)
		tr.phase("prefer_observations_dedup", considered, map[string]any{"observations_considered": considered})
	}
	top := ranked[:min(len(ranked), 2*run.budget)]

	resp := recallResponse{Results: []recallResult{}}
	if req.includeChunks {
		var used int
		resp.Chunks, used = s.selectChunks(b, top, req.chunkMaxTokens)
		tr.phase("chunk_fetch", len(resp.Chunks), map[string]any{"chunks_returned": len(resp.Chunks), "chunk_tokens": used})
	}

	var selected []rankedMemory
	tokens := 0
	for _, rm := range top {
		t := estimateTokens(rm.mem.text)
		if tokens+t > req.maxTokens {
			break // the real server stops at the first overflow; no back-fill
		}
		tokens += t
		selected = append(selected, rm)
	}
	tr.phase("token_filtering", len(top), map[string]any{"results_selected": len(selected), "tokens_used": tokens, "max_tokens": req.maxTokens})
	tr.phase("result_serialization", len(selected), map[string]any{"results_serialized": len(selected)})

	var sourceIDs map[string][]string
	if req.includeSourceFacts {
		var truncated bool
		resp.SourceFacts, sourceIDs, truncated = sourceFacts(b, selected, req.sourceMaxTokens, req.sourceMaxPerObs)
		resp.SourceFactsTruncated = &truncated
		tr.phase("source_fact_fetch", len(sourceIDs), map[string]any{"source_facts_returned": len(resp.SourceFacts)})
	}
	for _, rm := range selected {
		res := resultOf(rm.mem, true)
		if req.includeEntities {
			res.Entities = entityNames(b, rm.mem)
		}
		if req.includeSourceFacts && rm.mem.factType == "observation" {
			ids := sourceIDs[rm.mem.id]
			res.SourceFactIDs = &ids
		}
		res.Scores = &recallScores{Final: rm.final, Semantic: rm.semantic, Keyword: rm.keyword}
		if !run.passthrough {
			reranker := rm.reranker
			res.Scores.Reranker = &reranker
		}
		resp.Results = append(resp.Results, res)
	}
	if req.includeEntities {
		resp.Entities = resultEntities(b, selected)
	}
	tr.phase("entity_build", len(selected), map[string]any{"entities_returned": len(resp.Entities)})
	if req.trace {
		resp.Trace = tr.finish(ranked, selected)
	}
	return resp
}

// resultOf renders a memory as a RecallResult without scores or entities.
func resultOf(m *memory, keepEmptyTags bool) recallResult {
	res := recallResult{
		ID: m.id, Text: m.text, Type: m.factType, Context: m.context,
		OccurredStart: isoPtr(m.occurredStart), OccurredEnd: isoPtr(m.occurredEnd), MentionedAt: isoPtr(m.mentionedAt),
		DocumentID: m.documentID, ChunkID: m.chunkID, Metadata: map[string]string{},
	}
	for k, v := range m.metadata {
		res.Metadata[k] = v
	}
	if len(m.tags) > 0 || keepEmptyTags {
		tags := append([]string{}, m.tags...)
		res.Tags = &tags
	}
	return res
}
