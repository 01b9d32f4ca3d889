package hindsighttest

import (
	"fmt"
	"net/http"
	"sort"
	"time"
)

// operationItem is OperationResponse, an item of the operations list (nulls kept).
type operationItem struct {
	ID            string  `json:"id"`
	TaskType      string  `json:"task_type"`
	ItemsCount    int     `json:"items_count"`
	DocumentID    *string `json:"document_id"`
	Filename      *string `json:"filename"`
	MentalModelID *string `json:"mental_model_id"`
	Details       any     `json:"details"`
	CreatedAt     string  `json:"created_at"`
	UpdatedAt     *string `json:"updated_at"`
	Status        string  `json:"status"`
	ErrorMessage  *string `json:"error_message"`
	RetryCount    int     `json:"retry_count"`
	NextRetryAt   *string `json:"next_retry_at"`
	Progress      any     `json:"progress"`
}

// operationStatus is OperationStatusResponse (nulls omitted).
type operationStatus struct {
	OperationID     string  `json:"operation_id"`
	Status          string  `json:"status"`
	OperationType   string  `json:"operation_type,omitempty"`
	CreatedAt       *string `json:"created_at,omitempty"`
	UpdatedAt       *string `json:"updated_at,omitempty"`
	CompletedAt     *string `json:"completed_at,omitempty"`
	ErrorMessage    *string `json:"error_message,omitempty"`
	RetryCount      *int    `json:"retry_count,omitempty"`
	NextRetryAt     *string `json:"next_retry_at,omitempty"`
	Progress        any     `json:"progress,omitempty"`
	ResultMetadata  any     `json:"result_metadata,omitempty"`
	Details         any     `json:"details,omitempty"`
	ChildOperations any     `json:"child_operations,omitempty"`
	TaskPayload     any     `json:"task_payload,omitempty"`
}

// childStatus is ChildOperationStatus.
type childStatus struct {
	OperationID   string  `json:"operation_id"`
	Status        string  `json:"status"`
	SubBatchIndex int     `json:"sub_batch_index"`
	ItemsCount    int     `json:"items_count"`
	ErrorMessage  *string `json:"error_message,omitempty"`
}

func strPtr(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

// operationDetails is the typed outcome of a finished mental-model refresh, else nil.
func operationDetails(op *operation) any {
	if op.opType != "refresh_mental_model" || op.details == nil {
		return nil
	}
	return op.details
}

func (op *operation) isParent() bool {
	parent, _ := op.resultMeta["is_parent"].(bool)
	return parent || len(op.childIDs) > 0
}

// handleListOperations serves GET …/operations.
func (s *Server) handleListOperations(w http.ResponseWriter, r *http.Request, bankID string) {
	q := newRequest(w, r, "status", "type", "limit", "offset", "exclude_parents")
	status, _ := q.str("status")
	opType, _ := q.str("type")
	limit := q.integer("limit", 20, 1, 100)
	offset := q.integer("offset", 0, 0, noMax)
	excludeParents := q.boolean("exclude_parents", false)
	if q.invalid() || !s.authorized(w, r) {
		return
	}
	var ops []*operation
	for _, op := range s.store.operations {
		if op.bankID != bankID || (status != "" && op.status != status) || (opType != "" && op.opType != opType) ||
			(excludeParents && op.isParent()) {
			continue
		}
		ops = append(ops, op)
	}
	sortOperations(ops)
	lo, hi := page(len(ops), limit, offset)
	items := make([]operationItem, 0, hi-lo)
	for _, op := range ops[lo:hi] {
		items = append(items, operationItem{
			ID: op.id, TaskType: op.opType, ItemsCount: op.itemsCount, DocumentID: strPtr(op.documentID),
			MentalModelID: strPtr(op.mentalModelID), Details: operationDetails(op), CreatedAt: isoTime(op.createdAt),
			UpdatedAt: isoPtr(&op.updatedAt), Status: op.status, ErrorMessage: strPtr(op.errorMessage),
			RetryCount: op.retryCount, NextRetryAt: isoPtr(op.nextRetryAt), Progress: op.resultMeta["progress"],
		})
	}
	writeJSON(w, http.StatusOK, map[string]any{
		"bank_id": bankID, "total": len(ops), "limit": limit, "offset": offset, "operations": items,
	})
}

// sortOperations orders newest first; within one instant a parent precedes its
// children, children go by sub-batch, then ids break ties.
func sortOperations(ops []*operation) {
	sort.Slice(ops, func(i, j int) bool {
		a, b := ops[i], ops[j]
		if !a.createdAt.Equal(b.createdAt) {
			return a.createdAt.After(b.createdAt)
		}
		if (a.parentID == "") != (b.parentID == "") {
			return a.parentID == ""
		}
		if a.subBatchIndex != b.subBatchIndex {
			return a.subBatchIndex < b.subBatchIndex
		}
		return a.id < b.id
	})
}

// lookupOperation validates the id (400 before auth, as the real handlers do), checks
// auth and finds the operation in the bank. It writes the error response itself.
func (s *Server) lookupOperation(w http.ResponseWriter, r *http.Request, p pathParams) (*operation, string, bool) {
	raw := p["operation_id"]
	id, ok := canonicalUUID(raw)
	if !ok {
		writeDetail(w, http.StatusBadRequest, "Invalid operation_id format: "+raw)
		return nil, raw, false
	}
	if !s.authorized(w, r) {
		return nil, raw, false
	}
	op := s.store.operations[id]
	if op != nil && op.bankID != p["bank_id"] {
		op = nil
	}
	return op, raw, true
}

func notFoundOperation(w http.ResponseWriter, id, bankID string) {
	writeDetail(w, http.StatusNotFound, fmt.Sprintf("Operation %s not found for bank %s", id, bankID))
}

// handleGetOperation serves GET …/operations/{id}; unknown ids answer 200 not_found.
func (s *Server) handleGetOperation(w http.ResponseWriter, r *http.Request, p pathParams) {
	q := newRequest(w, r, "include_payload")
	includePayload := q.boolean("include_payload", false)
	if q.invalid() {
		return
	}
	op, raw, ok := s.lookupOperation(w, r, p)
	if !ok {
		return
	}
	if op == nil {
		writeJSON(w, http.StatusOK, operationStatus{OperationID: raw, Status: "not_found"})
		return
	}
	retries := op.retryCount
	st := operationStatus{
		OperationID: raw, Status: op.status, OperationType: op.opType, CreatedAt: isoPtr(&op.createdAt),
		UpdatedAt: isoPtr(&op.updatedAt), CompletedAt: isoPtr(op.completedAt), ErrorMessage: strPtr(op.errorMessage),
		RetryCount: &retries, NextRetryAt: isoPtr(op.nextRetryAt), Progress: op.resultMeta["progress"], ResultMetadata: op.resultMeta,
		Details: operationDetails(op),
	}
	if op.isParent() {
		children := []childStatus{}
		for _, cid := range op.childIDs {
			if c := s.store.operations[cid]; c != nil {
				children = append(children, childStatus{OperationID: c.id, Status: c.status,
					SubBatchIndex: c.subBatchIndex, ItemsCount: c.itemsCount, ErrorMessage: strPtr(c.errorMessage)})
			}
		}
		st.ChildOperations = children
	}
	if includePayload && op.payload != nil {
		st.TaskPayload = op.payload
	}
	writeJSON(w, http.StatusOK, st)
}

func operationResult(raw, message string) map[string]any {
	return map[string]any{"success": true, "message": message, "operation_id": raw}
}

// handleCancelOperation serves DELETE …/operations/{id}: only pending operations.
func (s *Server) handleCancelOperation(w http.ResponseWriter, r *http.Request, p pathParams) {
	markIgnored(w, ignoredQuery(r))
	op, raw, ok := s.lookupOperation(w, r, p)
	if !ok {
		return
	}
	if op == nil {
		notFoundOperation(w, raw, p["bank_id"])
		return
	}
	if op.status != "pending" {
		writeDetail(w, http.StatusConflict, fmt.Sprintf(
			"Operation %s cannot be cancelled: status is '%s', only 'pending' operations can be cancelled", raw, op.status))
		return
	}
	now := s.now()
	cancel := func(o *operation) { o.status, o.updatedAt = "cancelled", now }
	cancel(op)
	// Cancelling a batch also stops its queued sub-batches, so nothing is stored.
	for _, cid := range op.childIDs {
		if c := s.store.operations[cid]; c != nil && c.status == "pending" {
			cancel(c)
		}
	}
	writeJSON(w, http.StatusOK, operationResult(raw, fmt.Sprintf("Operation %s cancelled", raw)))
}

// handleRetryOperation serves POST …/operations/{id}/retry: failed or cancelled
// operations go back to pending; a batch parent retries its unfinished sub-batches.
func (s *Server) handleRetryOperation(w http.ResponseWriter, r *http.Request, p pathParams) {
	markIgnored(w, ignoredQuery(r))
	op, raw, ok := s.lookupOperation(w, r, p)
	if !ok {
		return
	}
	if op == nil {
		notFoundOperation(w, raw, p["bank_id"])
		return
	}
	now := s.now()
	// A running batch cannot be retried either; a finished one retries its failed or
	// cancelled sub-batches, as the real server does.
	if op.isParent() && !isTerminal(op.status) {
		writeDetail(w, http.StatusConflict, fmt.Sprintf(
			"Operation %s cannot be retried: status is '%s', expected 'failed' or 'cancelled'", raw, op.status))
		return
	}
	if op.isParent() {
		incomplete := false
		for _, cid := range op.childIDs {
			c := s.store.operations[cid]
			if c == nil {
				continue
			}
			if c.status == "failed" || c.status == "cancelled" {
				s.requeue(c, now)
			}
			incomplete = incomplete || c.status != "completed"
		}
		if !incomplete {
			writeDetail(w, http.StatusConflict, fmt.Sprintf("Operation %s is a batch_retain parent with no incomplete "+
				"sub-batches to retry (its children have all completed, or it has none). Resubmit the source documents "+
				"to re-ingest them, then delete this record via DELETE /operations/%s/delete.", raw, raw))
			return
		}
		s.requeue(op, now)
		writeJSON(w, http.StatusOK, operationResult(raw, fmt.Sprintf("Operation %s queued for retry", raw)))
		return
	}
	if op.status != "failed" && op.status != "cancelled" {
		writeDetail(w, http.StatusConflict, fmt.Sprintf(
			"Operation %s cannot be retried: status is '%s', expected 'failed' or 'cancelled'", raw, op.status))
		return
	}
	s.requeue(op, now)
	if parent := s.store.operations[op.parentID]; parent != nil && isTerminal(parent.status) {
		s.requeue(parent, now)
	}
	writeJSON(w, http.StatusOK, operationResult(raw, fmt.Sprintf("Operation %s queued for retry", raw)))
}

// requeue puts op back to pending with a fresh simulated run. Operations loaded from a
// seed have no work attached; retried, they simply complete.
func (s *Server) requeue(op *operation, now time.Time) {
	op.status, op.errorMessage, op.completedAt, op.retryCount, op.updatedAt = "pending", "", nil, 0, now
	op.nextRetryAt = nil
	if op.apply == nil && len(op.childIDs) == 0 {
		op.apply = func(time.Time) error { return nil }
	}
	s.schedule(op, now)
}

// handleDeleteOperation serves DELETE …/operations/{id}/delete: finished operations only.
func (s *Server) handleDeleteOperation(w http.ResponseWriter, r *http.Request, p pathParams) {
	markIgnored(w, ignoredQuery(r))
	op, raw, ok := s.lookupOperation(w, r, p)
	if !ok {
		return
	}
	if op == nil {
		notFoundOperation(w, raw, p["bank_id"])
		return
	}
	if !isTerminal(op.status) {
		writeDetail(w, http.StatusConflict, fmt.Sprintf(
			"Operation %s cannot be deleted: status is '%s', expected 'failed', 'cancelled' or 'completed'", raw, op.status))
		return
	}
	delete(s.store.operations, op.id)
	writeJSON(w, http.StatusOK, operationResult(raw, fmt.Sprintf("Operation %s deleted", raw)))
}
