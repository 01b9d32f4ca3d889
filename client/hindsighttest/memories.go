package hindsighttest

import (
	"fmt"
	"net/http"
	"slices"
	"sort"
	"strings"
)

// memoryListItem is one item of GET …/memories/list: a free-form dict, so nulls stay.
type memoryListItem struct {
	ID                    string            `json:"id"`
	Text                  string            `json:"text"`
	Context               string            `json:"context"`
	Date                  string            `json:"date"`
	FactType              string            `json:"fact_type"`
	DocumentID            *string           `json:"document_id"`
	MentionedAt           *string           `json:"mentioned_at"`
	OccurredStart         *string           `json:"occurred_start"`
	OccurredEnd           *string           `json:"occurred_end"`
	Entities              string            `json:"entities"`
	ChunkID               *string           `json:"chunk_id"`
	ProofCount            int               `json:"proof_count"`
	Tags                  []string          `json:"tags"`
	Metadata              map[string]string `json:"metadata"`
	ConsolidatedAt        *string           `json:"consolidated_at"`
	ConsolidationFailedAt *string           `json:"consolidation_failed_at"`
	State                 string            `json:"state"`
	InvalidationReason    *string           `json:"invalidation_reason"`
	InvalidatedAt         *string           `json:"invalidated_at"`
	EditedAt              *string           `json:"edited_at"`
	UpdatedAt             *string           `json:"updated_at"`
	SourceMemoryIDs       []string          `json:"source_memory_ids"`
}

// memoryDate is the legacy event date: the occurred start when known, else when the
// fact was mentioned; "" when neither is set.
func memoryDate(m *memory) string {
	switch {
	case m.occurredStart != nil:
		return isoTime(*m.occurredStart)
	case m.mentionedAt != nil:
		return isoTime(*m.mentionedAt)
	}
	return ""
}

func listItemOf(b *bank, m *memory) memoryListItem {
	metadata := m.metadata
	if metadata == nil {
		metadata = map[string]string{}
	}
	reason := strPtr(m.invalidationReason)
	proof := m.proofCount
	if proof == 0 {
		proof = 1
	}
	return memoryListItem{
		ID: m.id, Text: m.text, Context: m.context, Date: memoryDate(m), FactType: m.factType,
		DocumentID: strPtr(m.documentID), MentionedAt: isoPtr(m.mentionedAt), OccurredStart: isoPtr(m.occurredStart),
		OccurredEnd: isoPtr(m.occurredEnd), Entities: strings.Join(directEntityNames(b, m), ", "),
		ChunkID: strPtr(m.chunkID), ProofCount: proof, Tags: orEmpty(m.tags), Metadata: metadata,
		ConsolidatedAt: isoPtr(m.consolidatedAt), ConsolidationFailedAt: isoPtr(m.consolidationFailedAt),
		State: m.state, InvalidationReason: reason, InvalidatedAt: isoPtr(m.invalidatedAt),
		EditedAt: isoPtr(m.editedAt), UpdatedAt: isoPtr(&m.updatedAt), SourceMemoryIDs: orEmpty(m.sourceIDs),
	}
}

// handleListMemories serves GET …/memories/list with every filter of the real server.
func (s *Server) handleListMemories(w http.ResponseWriter, r *http.Request, bankID string) {
	q := newRequest(w, r, "type", "q", "consolidation_state", "state", "document_id", "entity_id", "tags",
		"tags_match", "limit", "offset")
	factType, _ := q.str("type")
	search, _ := q.str("q")
	consolidation, _ := q.str("consolidation_state")
	state, _ := q.str("state")
	documentID, _ := q.str("document_id")
	entityRaw, hasEntity := q.str("entity_id")
	tags := q.strs("tags")
	tagsMatch := q.literal("tags_match", "any", tagModes...)
	limit := q.integer("limit", 100, 0, noMax)
	offset := q.integer("offset", 0, 0, noMax)
	// The real server authenticates before its list filters are checked.
	if q.invalid() || !s.authorized(w, r) {
		return
	}
	if state != "" && state != "valid" && state != "invalidated" {
		writeDetail(w, http.StatusBadRequest, fmt.Sprintf("Invalid state '%s': expected 'valid' or 'invalidated'.", state))
		return
	}
	entityID := ""
	if hasEntity && entityRaw != "" {
		id, ok := canonicalUUID(entityRaw)
		if !ok {
			writeDetail(w, http.StatusBadRequest, fmt.Sprintf("Invalid entity_id: '%s' is not a valid UUID", entityRaw))
			return
		}
		entityID = id
	}
	consolidation = strings.ToLower(consolidation)
	if consolidation != "" && consolidation != "failed" && consolidation != "pending" && consolidation != "done" {
		writeDetail(w, http.StatusBadRequest, fmt.Sprintf(
			"Invalid consolidation_state '%s': expected 'failed', 'pending', or 'done'.", consolidation))
		return
	}
	wantState := "valid"
	if state == "invalidated" {
		wantState = "invalidated"
	}
	match := likeMatcher(search)
	plain := search != "" && !strings.ContainsAny(search, `%_\`)
	lowered := strings.ToLower(search)
	keep := func(m *memory) bool {
		return m.state == wantState && (factType == "" || m.factType == factType) &&
			(documentID == "" || m.documentID == documentID) &&
			(entityID == "" || (wantState != "invalidated" && slices.Contains(m.entityIDs, entityID))) &&
			(consolidation == "" || consolidationIs(m, consolidation)) &&
			matchTags(m.tags, tags, tagsMatch) &&
			(search == "" || plain || match(m.text) || match(m.context))
	}
	b := s.store.banks[bankID]
	items := []memoryListItem{}
	total := 0
	if b != nil {
		var folded []string
		if plain {
			folded = s.foldedTexts(b)
		}
		for i, m := range s.memoriesInListOrder(b) {
			if (plain && !strings.Contains(folded[i], lowered)) || !keep(m) {
				continue
			}
			if total >= offset && total < offset+limit {
				items = append(items, listItemOf(b, m))
			}
			total++
		}
	}
	writeJSON(w, http.StatusOK, map[string]any{"items": items, "total": total, "limit": limit, "offset": offset})
}

// consolidationIs applies the consolidation_state filter (world/experience only).
func consolidationIs(m *memory, state string) bool {
	if m.factType != "world" && m.factType != "experience" {
		return false
	}
	switch state {
	case "failed":
		return m.consolidationFailedAt != nil || m.consolidation == "failed"
	case "pending":
		return m.consolidation == "pending"
	}
	return m.consolidatedAt != nil || m.consolidation == "done"
}

// lookupMemory validates a memory id (400 before auth), checks auth and finds the
// memory; it writes the error response itself.
func (s *Server) lookupMemory(w http.ResponseWriter, r *http.Request, p pathParams) (*bank, *memory, bool) {
	raw := p["memory_id"]
	id, ok := canonicalUUID(raw)
	if !ok {
		writeDetail(w, http.StatusBadRequest, fmt.Sprintf("Invalid memory_id: '%s' is not a valid UUID", raw))
		return nil, nil, false
	}
	if !s.authorized(w, r) {
		return nil, nil, false
	}
	b := s.store.banks[p["bank_id"]]
	if b != nil {
		if m := b.memories[id]; m != nil {
			return b, m, true
		}
	}
	writeDetail(w, http.StatusNotFound, fmt.Sprintf("Memory unit '%s' not found", raw))
	return nil, nil, false
}

// memoryDetail is the untyped GET …/memories/{id} shape (nulls kept): "type" rather
// than "fact_type", entities as a list, and for observations their sources.
func memoryDetail(b *bank, m *memory) map[string]any {
	metadata := m.metadata
	if metadata == nil {
		metadata = map[string]string{}
	}
	reason := strPtr(m.invalidationReason)
	d := map[string]any{
		"id": m.id, "text": m.text, "context": m.context, "date": memoryDate(m), "type": m.factType,
		"mentioned_at": isoPtr(m.mentionedAt), "occurred_start": isoPtr(m.occurredStart),
		"occurred_end": isoPtr(m.occurredEnd), "entities": orEmpty(entityNames(b, m)),
		"document_id": strPtr(m.documentID), "chunk_id": strPtr(m.chunkID), "tags": orEmpty(m.tags),
		"metadata": metadata, "observation_scopes": m.observationScopes, "state": m.state,
		"invalidation_reason": reason, "invalidated_at": isoPtr(m.invalidatedAt), "edited_at": isoPtr(m.editedAt),
	}
	if m.factType != "observation" {
		return d
	}
	d["history"] = []any{}
	if len(m.sourceIDs) == 0 {
		return d
	}
	d["source_memory_ids"] = m.sourceIDs
	var sources []*memory
	for _, id := range m.sourceIDs {
		if src := b.memories[id]; src != nil && src.state != "invalidated" {
			sources = append(sources, src)
		}
	}
	sort.SliceStable(sources, func(i, j int) bool { return laterMention(sources[i], sources[j]) })
	out := make([]map[string]any, 0, len(sources))
	for _, src := range sources {
		out = append(out, map[string]any{
			"id": src.id, "text": src.text, "type": src.factType, "context": strPtr(src.context),
			"occurred_start": isoPtr(src.occurredStart), "mentioned_at": isoPtr(src.mentionedAt),
		})
	}
	d["source_memories"] = out
	return d
}

// laterMention orders by mentioned_at DESC NULLS LAST.
func laterMention(a, b *memory) bool {
	switch {
	case a.mentionedAt == nil:
		return false
	case b.mentionedAt == nil:
		return true
	}
	return a.mentionedAt.After(*b.mentionedAt)
}

// handleGetMemory serves GET …/memories/{id}; it falls back to the archive.
func (s *Server) handleGetMemory(w http.ResponseWriter, r *http.Request, p pathParams) {
	markIgnored(w, ignoredQuery(r))
	if b, m, ok := s.lookupMemory(w, r, p); ok {
		writeJSON(w, http.StatusOK, memoryDetail(b, m))
	}
}

// handleMemoryHistory serves GET …/memories/{id}/history: an observation's changes,
// oldest first, each with the source facts it had at that point.
func (s *Server) handleMemoryHistory(w http.ResponseWriter, r *http.Request, p pathParams) {
	markIgnored(w, ignoredQuery(r))
	b, m, ok := s.lookupMemory(w, r, p)
	if !ok {
		return
	}
	if m.factType != "observation" || len(m.history) == 0 {
		writeJSON(w, http.StatusOK, []any{})
		return
	}
	// Walk from the newest change back, peeling off the sources each change added,
	// exactly as the real server resolves them.
	cumulative := slices.Clone(m.sourceIDs)
	out := make([]map[string]any, len(m.history))
	for i := len(m.history) - 1; i >= 0; i-- {
		h := m.history[i]
		sources := make([]map[string]any, 0, len(cumulative))
		for _, id := range cumulative {
			fact := map[string]any{"id": id, "text": nil, "type": nil, "context": nil}
			if src := b.memories[id]; src != nil && src.state != "invalidated" {
				fact["text"], fact["type"], fact["context"] = src.text, src.factType, strPtr(src.context)
			}
			fact["is_new"] = slices.Contains(h.newSourceIDs, id)
			sources = append(sources, fact)
		}
		out[i] = map[string]any{
			"previous_text": h.previousText, "previous_tags": orEmpty(h.previousTags),
			"previous_occurred_start": nil, "previous_occurred_end": nil,
			"previous_mentioned_at": isoPtr(h.previousMentionedAt), "changed_at": isoTime(h.changedAt),
			"new_source_memory_ids": orEmpty(h.newSourceIDs), "source_facts": sources,
		}
		cumulative = slices.DeleteFunc(cumulative, func(id string) bool { return slices.Contains(h.newSourceIDs, id) })
	}
	writeJSON(w, http.StatusOK, out)
}

// handleClearMemories serves DELETE …/memories?type=: clears memories (of one type),
// or with no type the whole bank's memories, documents and entities.
func (s *Server) handleClearMemories(w http.ResponseWriter, r *http.Request, bankID string) {
	q := newRequest(w, r, "type")
	factType, _ := q.str("type")
	if !s.authorized(w, r) {
		return
	}
	b := s.store.banks[bankID]
	if b == nil {
		writeJSON(w, http.StatusOK, map[string]any{"success": true})
		return
	}
	if factType == "" {
		for _, d := range b.documents {
			s.removeDocument(b, d)
		}
		b.deleteMemories(func(*memory) bool { return true })
		b.entities, b.entityByName = map[string]*entity{}, map[string]string{}
	} else {
		deleted := map[string]bool{}
		b.deleteMemories(func(m *memory) bool {
			if m.factType == factType {
				deleted[m.id] = true
				return true
			}
			return false
		})
		// Observations built on deleted facts are stale and go too.
		b.deleteMemories(func(m *memory) bool {
			return m.factType == "observation" && slices.ContainsFunc(m.sourceIDs, func(id string) bool { return deleted[id] })
		})
	}
	writeJSON(w, http.StatusOK, map[string]any{"success": true})
}

// handleClearObservations serves DELETE …/observations: every observation goes (with
// its history), and every fact is unconsolidated again, as is the bank's last
// consolidation time.
func (s *Server) handleClearObservations(w http.ResponseWriter, r *http.Request, bankID string) {
	markIgnored(w, ignoredQuery(r))
	if !s.authorized(w, r) {
		return
	}
	n := 0
	if b := s.store.banks[bankID]; b != nil {
		n = b.deleteMemories(func(m *memory) bool { return m.factType == "observation" })
		for _, m := range b.memories {
			if m.factType != "observation" && m.state == "valid" && m.consolidation == "done" {
				m.consolidation, m.consolidatedAt = "pending", nil
			}
		}
		b.lastConsolidatedAt = nil
		b.rev++
		s.resetConsolidation(b)
	}
	writeJSON(w, http.StatusOK, map[string]any{
		"success": true, "message": fmt.Sprintf("Cleared %d observations", n), "deleted_count": n,
	})
}

// handleClearMemoryObservations serves DELETE …/memories/{id}/observations: drops the
// observations citing one fact and marks the fact and their other sources for
// re-consolidation (queued at once when the bank consolidates by itself). Unknown
// memories simply have nothing to clear; a malformed id fails in the database, which
// the real server reports as a 500.
func (s *Server) handleClearMemoryObservations(w http.ResponseWriter, r *http.Request, p pathParams) {
	markIgnored(w, ignoredQuery(r))
	if !s.authorized(w, r) {
		return
	}
	id, ok := canonicalUUID(p["memory_id"])
	if !ok {
		writeDetail(w, http.StatusInternalServerError, fmt.Sprintf("invalid UUID '%s': length must be between 32..36 characters, got %d",
			p["memory_id"], len(p["memory_id"])))
		return
	}
	n := 0
	if b := s.store.banks[p["bank_id"]]; b != nil {
		requeue := map[string]bool{}
		n = b.deleteMemories(func(o *memory) bool {
			if o.factType != "observation" || !slices.Contains(o.sourceIDs, id) {
				return false
			}
			for _, src := range o.sourceIDs {
				requeue[src] = true
			}
			return true
		})
		for src := range requeue {
			if m := b.memories[src]; m != nil && m.factType != "observation" && m.consolidation == "done" {
				m.consolidation, m.consolidatedAt = "pending", nil
			}
		}
		if n > 0 {
			b.rev++
			s.resetConsolidation(b)
		}
	}
	writeJSON(w, http.StatusOK, map[string]any{"deleted_count": n})
}
