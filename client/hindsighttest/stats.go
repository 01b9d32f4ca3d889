package hindsighttest

import (
	"net/http"
	"time"
)

// bankStats is BankStatsResponse (nulls omitted).
type bankStats struct {
	BankID               string                    `json:"bank_id"`
	TotalNodes           int                       `json:"total_nodes"`
	TotalLinks           int                       `json:"total_links"`
	TotalDocuments       int                       `json:"total_documents"`
	NodesByFactType      map[string]int            `json:"nodes_by_fact_type"`
	LinksByLinkType      map[string]int            `json:"links_by_link_type"`
	LinksByFactType      map[string]int            `json:"links_by_fact_type"`
	LinksBreakdown       map[string]map[string]int `json:"links_breakdown"`
	PendingOperations    int                       `json:"pending_operations"`
	FailedOperations     int                       `json:"failed_operations"`
	OperationsByStatus   map[string]int            `json:"operations_by_status"`
	LastConsolidatedAt   *string                   `json:"last_consolidated_at,omitempty"`
	LastMemoryWriteAt    *string                   `json:"last_memory_write_at,omitempty"`
	PendingConsolidation int                       `json:"pending_consolidation"`
	FailedConsolidation  int                       `json:"failed_consolidation"`
	TotalObservations    int                       `json:"total_observations"`
}

// entityLinkCap bounds the entity links derived per entity, as the real server caps
// its derived entity link count.
const entityLinkCap = 100

// handleStats serves GET …/stats; an unknown bank reports zeros.
func (s *Server) handleStats(w http.ResponseWriter, r *http.Request, bankID string) {
	q := newRequest(w, r, "refresh")
	q.boolean("refresh", false)
	if q.invalid() || !s.authorized(w, r) {
		return
	}
	st := bankStats{
		BankID:             bankID,
		NodesByFactType:    map[string]int{},
		LinksByLinkType:    map[string]int{},
		LinksByFactType:    map[string]int{},
		LinksBreakdown:     map[string]map[string]int{},
		OperationsByStatus: map[string]int{},
	}
	for _, op := range s.store.operations {
		if op.bankID != bankID {
			continue
		}
		st.OperationsByStatus[op.status]++
		switch op.status {
		case "pending":
			st.PendingOperations++
		case "failed":
			st.FailedOperations++
		}
	}
	if b := s.store.banks[bankID]; b != nil {
		s.fillMemoryStats(b, &st)
	}
	writeJSON(w, http.StatusOK, st)
}

// fillMemoryStats counts nodes, derives plausible link counts and consolidation state.
// Links are derived deterministically from the store: temporal links between
// consecutive memories of a document, entity links between memories sharing an
// entity (capped per entity), semantic links from observations to their evidence.
func (s *Server) fillMemoryStats(b *bank, st *bankStats) {
	st.TotalDocuments = len(b.documents)
	perDoc := map[string]int{}
	var lastWrite, lastConsolidated *time.Time
	if b.lastConsolidatedAt != nil {
		lastConsolidated = timePtr(*b.lastConsolidatedAt)
	}
	for _, m := range b.memories {
		if m.state == "invalidated" {
			continue
		}
		st.NodesByFactType[m.factType]++
		if lastWrite == nil || m.updatedAt.After(*lastWrite) {
			lastWrite = timePtr(m.updatedAt)
		}
		if m.documentID != "" {
			perDoc[m.documentID]++
		}
		if m.factType == "observation" {
			st.LinksByLinkType["semantic"] += len(m.sourceIDs)
			continue
		}
		switch m.consolidation {
		case "pending":
			st.PendingConsolidation++
		case "failed":
			st.FailedConsolidation++
		}
		if m.consolidatedAt != nil && b.lastConsolidatedAt == nil &&
			(lastConsolidated == nil || m.consolidatedAt.After(*lastConsolidated)) {
			lastConsolidated = timePtr(*m.consolidatedAt)
		}
	}
	for _, n := range perDoc {
		st.LinksByLinkType["temporal"] += n - 1
	}
	for _, e := range b.entities {
		if k := e.mentionCount; k > 1 {
			st.LinksByLinkType["entity"] += min(k*(k-1)/2, entityLinkCap)
		}
	}
	for k, v := range st.LinksByLinkType {
		if v == 0 {
			delete(st.LinksByLinkType, k)
		}
		st.TotalLinks += v
	}
	for _, n := range st.NodesByFactType {
		st.TotalNodes += n
	}
	st.TotalObservations = st.NodesByFactType["observation"]
	st.LastMemoryWriteAt = isoPtr(lastWrite)
	st.LastConsolidatedAt = isoPtr(lastConsolidated)
}
