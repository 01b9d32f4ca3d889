package hindsighttest

import (
	"fmt"
	"net/http"
	"slices"
	"sort"
	"strings"
)

// documentListItem is one item of GET …/documents (a free-form dict: nulls stay).
type documentListItem struct {
	ID               string         `json:"id"`
	BankID           string         `json:"bank_id"`
	ContentHash      *string        `json:"content_hash"`
	CreatedAt        string         `json:"created_at"`
	UpdatedAt        string         `json:"updated_at"`
	TextLength       int            `json:"text_length"`
	MemoryUnitCount  int            `json:"memory_unit_count"`
	RetainParams     map[string]any `json:"retain_params"`
	DocumentMetadata any            `json:"document_metadata"`
	Tags             []string       `json:"tags"`
}

// chunkResponse is ChunkResponse.
type chunkResponse struct {
	ChunkID    string `json:"chunk_id"`
	DocumentID string `json:"document_id"`
	BankID     string `json:"bank_id"`
	ChunkIndex int    `json:"chunk_index"`
	ChunkText  string `json:"chunk_text"`
	CreatedAt  string `json:"created_at"`
}

func chunkOf(c *chunk) chunkResponse {
	return chunkResponse{ChunkID: c.id, DocumentID: c.documentID, BankID: c.bankID, ChunkIndex: c.index,
		ChunkText: c.text, CreatedAt: isoTime(c.createdAt)}
}

// documentMetadata is retain_params.metadata, or nil.
func documentMetadata(d *document) any {
	if len(d.metadata) > 0 {
		return d.metadata
	}
	if md, ok := d.retainParams["metadata"]; ok {
		return md
	}
	return nil
}

// handleListDocuments serves GET …/documents: q matches the document id only.
func (s *Server) handleListDocuments(w http.ResponseWriter, r *http.Request, bankID string) {
	q := newRequest(w, r, "q", "tags", "tags_match", "limit", "offset")
	search, _ := q.str("q")
	tags := q.strs("tags")
	// A plain string here: the default is any_strict and unknown values act like any.
	tagsMatch, ok := q.str("tags_match")
	if !ok {
		tagsMatch = "any_strict"
	} else if !slices.Contains(tagModes, tagsMatch) {
		tagsMatch = "any"
	}
	limit := q.integer("limit", 100, 0, noMax)
	offset := q.integer("offset", 0, 0, noMax)
	if q.invalid() || !s.authorized(w, r) {
		return
	}
	b := s.store.banks[bankID]
	var docs []*document
	var counts map[string]map[string]int
	if b != nil {
		counts = docMemoryCounts(b)
		for _, d := range b.documents {
			if (search == "" || containsLike(d.id, search)) && matchTags(d.tags, tags, tagsMatch) {
				docs = append(docs, d)
			}
		}
	}
	sort.Slice(docs, func(i, j int) bool {
		a, c := docs[i], docs[j]
		if !a.updatedAt.Equal(c.updatedAt) {
			return a.updatedAt.After(c.updatedAt)
		}
		if !a.createdAt.Equal(c.createdAt) {
			return a.createdAt.After(c.createdAt)
		}
		return a.id < c.id
	})
	lo, hi := page(len(docs), limit, offset)
	items := make([]documentListItem, 0, hi-lo)
	for _, d := range docs[lo:hi] {
		n := 0
		for _, c := range counts[d.id] {
			n += c
		}
		items = append(items, documentListItem{
			ID: d.id, BankID: d.bankID, ContentHash: strPtr(d.contentHash), CreatedAt: isoTime(d.createdAt),
			UpdatedAt: isoTime(d.updatedAt), TextLength: len([]rune(d.originalText)), MemoryUnitCount: n,
			RetainParams: d.retainParams, DocumentMetadata: documentMetadata(d), Tags: orEmpty(d.tags),
		})
	}
	writeJSON(w, http.StatusOK, map[string]any{"items": items, "total": len(docs), "limit": limit, "offset": offset})
}

// lookupDocument checks auth and finds the document, answering 404 "Document not found".
func (s *Server) lookupDocument(w http.ResponseWriter, r *http.Request, p pathParams) (*bank, *document, bool) {
	if !s.authorized(w, r) {
		return nil, nil, false
	}
	if b := s.store.banks[p["bank_id"]]; b != nil {
		if d := b.documents[p["document_id"]]; d != nil {
			return b, d, true
		}
	}
	writeDetail(w, http.StatusNotFound, "Document not found")
	return nil, nil, false
}

// handleGetDocument serves GET …/documents/{id} (DocumentResponse, nulls kept).
func (s *Server) handleGetDocument(w http.ResponseWriter, r *http.Request, p pathParams) {
	markIgnored(w, ignoredQuery(r))
	b, d, ok := s.lookupDocument(w, r, p)
	if !ok {
		return
	}
	byType := docMemoryCounts(b)[d.id]
	total := 0
	for _, n := range byType {
		total += n
	}
	var text *string
	if v, ok := asBool(b.configOverrides["store_document_text"]); !ok || v {
		text = &d.originalText
	}
	writeJSON(w, http.StatusOK, map[string]any{
		"id":                 d.id,
		"bank_id":            d.bankID,
		"original_text":      text,
		"content_hash":       strPtr(d.contentHash),
		"created_at":         isoTime(d.createdAt),
		"updated_at":         isoTime(d.updatedAt),
		"memory_unit_count":  total,
		"nodes_by_fact_type": map[string]int{"world": byType["world"], "experience": byType["experience"], "observation": byType["observation"]},
		"tags":               orEmpty(d.tags),
		"document_metadata":  documentMetadata(d),
		"retain_params":      d.retainParams,
		"observation_scopes": d.retainParams["observation_scopes"],
	})
}

func asBool(v any) (bool, bool) {
	b, ok := v.(bool)
	return b, ok
}

// handleDocumentChunks serves GET …/documents/{id}/chunks in chunk order.
func (s *Server) handleDocumentChunks(w http.ResponseWriter, r *http.Request, p pathParams) {
	q := newRequest(w, r, "limit", "offset")
	limit := q.integer("limit", 100, 1, 1000)
	offset := q.integer("offset", 0, 0, noMax)
	if q.invalid() {
		return
	}
	_, d, ok := s.lookupDocument(w, r, p)
	if !ok {
		return
	}
	lo, hi := page(len(d.chunks), limit, offset)
	items := make([]chunkResponse, 0, hi-lo)
	for _, c := range d.chunks[lo:hi] {
		items = append(items, chunkOf(c))
	}
	writeJSON(w, http.StatusOK, map[string]any{"items": items, "total": len(d.chunks), "limit": limit, "offset": offset})
}

// handleGetChunk serves GET /v1/default/chunks/{chunk_id}.
func (s *Server) handleGetChunk(w http.ResponseWriter, r *http.Request, p pathParams) {
	markIgnored(w, ignoredQuery(r))
	if !s.authorized(w, r) {
		return
	}
	c := s.store.chunkIndex[p["chunk_id"]]
	if c == nil {
		writeDetail(w, http.StatusNotFound, "Chunk not found")
		return
	}
	writeJSON(w, http.StatusOK, chunkOf(c))
}

// handleUpdateDocument serves PATCH …/documents/{id}: re-tags the document and its
// memories. A body without tags is a 422 with a string detail, before auth.
func (s *Server) handleUpdateDocument(w http.ResponseWriter, r *http.Request, p pathParams) {
	q := newRequest(w, r)
	f := q.body(false, "tags")
	var tags []string
	if f != nil {
		tags = f.strList("tags")
	}
	if q.invalid() {
		return
	}
	if tags == nil {
		writeDetail(w, http.StatusUnprocessableEntity, "At least one field (tags) must be provided")
		return
	}
	b, d, ok := s.lookupDocument(w, r, p)
	if !ok {
		return
	}
	now := s.now()
	d.tags, d.updatedAt = tags, now
	for _, m := range b.memories {
		if m.documentID == d.id {
			m.tags, m.updatedAt = tags, now
		}
	}
	b.rev++
	writeJSON(w, http.StatusOK, map[string]any{"success": true})
}

// handleDeleteDocument serves DELETE …/documents/{id}, cascading to its memories.
func (s *Server) handleDeleteDocument(w http.ResponseWriter, r *http.Request, p pathParams) {
	markIgnored(w, ignoredQuery(r))
	b, d, ok := s.lookupDocument(w, r, p)
	if !ok {
		return
	}
	n := s.removeDocument(b, d)
	writeJSON(w, http.StatusOK, map[string]any{
		"success": true, "document_id": d.id, "memory_units_deleted": n,
		"message": fmt.Sprintf("Document '%s' and %d associated memory units deleted successfully", d.id, n),
	})
}

// handleReprocessDocument serves POST …/documents/{id}/reprocess: re-runs retain on
// the stored text as an async batch.
func (s *Server) handleReprocessDocument(w http.ResponseWriter, r *http.Request, p pathParams) {
	markIgnored(w, ignoredQuery(r))
	b, d, ok := s.lookupDocument(w, r, p)
	if !ok {
		return
	}
	item := retainItem{content: d.originalText, context: d.context, metadata: d.metadata, documentID: d.id,
		tags: d.tags, updateMode: "replace"}
	if ts, ok := d.retainParams["event_date"].(string); ok {
		if t, err := parseISO(ts); err == nil {
			item.timestamp = &t
		}
	}
	if strings.TrimSpace(item.content) == "" {
		item.content = d.id
	}
	op := s.queueRetain(b.id, []retainItem{item}, nil, "", s.now())
	writeJSON(w, http.StatusOK, map[string]any{"success": true, "operation_id": op.id, "items_count": 1})
}
