package hindsighttest

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"time"
)

// retainBatchTokens is the real server's token budget per async sub-batch.
const retainBatchTokens = 10_000

// handleRetain serves POST …/memories: synchronous or asynchronous retain.
func (s *Server) handleRetain(w http.ResponseWriter, r *http.Request, bankID string) {
	q := newRequest(w, r)
	f := q.body(false, "items", "async", "document_tags", "operation_id")
	var (
		items        []retainItem
		async        bool
		documentTags []string
		operationID  string
	)
	if f != nil {
		if f.required("items") {
			items = parseRetainItems(f)
		}
		if v := f.boolean("async"); v != nil {
			async = *v
		}
		documentTags = f.strList("document_tags")
		if v := f.str("operation_id"); v != nil {
			if id, ok := canonicalUUID(*v); ok {
				operationID = id
			} else {
				q.valueError(f.at("operation_id"), *v, "operation_id must be a valid UUID")
			}
		}
	}
	if q.invalid() || !s.authorized(w, r) {
		return
	}
	now := s.now()
	if !async {
		b := s.ensureBank(bankID)
		usage := s.ingest(b, items, documentTags, now, now)
		s.retainCompleted(bankID, retainedItems(items), "", now)
		writeJSON(w, http.StatusOK, map[string]any{
			"success": true, "bank_id": bankID, "items_count": len(items), "async": false, "usage": usage,
		})
		return
	}
	s.submitAsyncRetain(w, bankID, items, documentTags, operationID, now)
}

// submitAsyncRetain queues one batch_retain parent per strategy group, each with
// retain children split by token budget.
func (s *Server) submitAsyncRetain(w http.ResponseWriter, bankID string, items []retainItem, documentTags []string, operationID string, now time.Time) {
	var strategies []string
	groups := map[string][]retainItem{}
	for _, it := range items {
		if _, ok := groups[it.strategy]; !ok {
			strategies = append(strategies, it.strategy)
		}
		groups[it.strategy] = append(groups[it.strategy], it)
	}
	if operationID != "" {
		if len(strategies) != 1 {
			writeDetail(w, http.StatusBadRequest, "operation_id requires all retain items to resolve to a single strategy")
			return
		}
		if op := s.store.operations[operationID]; op != nil {
			if op.bankID != bankID || op.opType != "batch_retain" {
				writeDetail(w, http.StatusConflict, fmt.Sprintf("operation_id %s is already in use", operationID))
				return
			}
			writeJSON(w, http.StatusOK, map[string]any{
				"success": true, "bank_id": bankID, "items_count": op.itemsCount, "async": true, "operation_id": op.id,
			})
			return
		}
	}
	for _, st := range strategies {
		if dup := duplicateDocumentIDs(groups[st]); len(dup) > 0 {
			writeDetail(w, http.StatusBadRequest, fmt.Sprintf("Batch contains duplicate document_ids: %s. Each content "+
				"item in an async batch must have a unique document_id to avoid races between the parallel workers that "+
				"process them. To fold several items into one document, send the batch synchronously (async=false), "+
				"which processes them sequentially.", pyList(dup)))
			return
		}
	}
	s.ensureBank(bankID)
	var ids []string
	for _, st := range strategies {
		parent := s.queueRetain(bankID, groups[st], documentTags, operationID, now)
		ids = append(ids, parent.id)
	}
	resp := map[string]any{"success": true, "bank_id": bankID, "items_count": len(items), "async": true}
	if len(ids) > 0 {
		resp["operation_id"] = ids[0]
	}
	if len(ids) > 1 {
		resp["operation_ids"] = ids
	}
	writeJSON(w, http.StatusOK, resp)
}

// queueRetain creates a batch_retain parent and its retain children; each child
// stores its items when it completes. operationID, if set, becomes the parent's id.
func (s *Server) queueRetain(bankID string, items []retainItem, documentTags []string, operationID string, now time.Time) *operation {
	var batches [][]retainItem
	totalTokens, batchTokens := 0, 0
	for _, it := range items {
		t := estimateTokens(it.content)
		totalTokens += t
		if len(batches) == 0 || (batchTokens+t > retainBatchTokens && len(batches[len(batches)-1]) > 0) {
			batches = append(batches, nil)
			batchTokens = 0
		}
		batches[len(batches)-1] = append(batches[len(batches)-1], it)
		batchTokens += t
	}
	parent := s.newOperation(bankID, "batch_retain", now, nil)
	if operationID != "" {
		delete(s.store.operations, parent.id)
		parent.id = operationID
		s.store.operations[parent.id] = parent
	}
	parent.itemsCount = len(items)
	parent.resultMeta = map[string]any{
		"items_count": len(items), "total_tokens": totalTokens, "num_sub_batches": len(batches), "is_parent": true,
	}
	if docs := documentIDs(items); len(docs) == 1 {
		parent.documentID = docs[0]
		parent.resultMeta["document_id"] = docs[0]
	}
	for i, batch := range batches {
		child := s.newOperation(bankID, "retain", now, func(done time.Time) error {
			b := s.store.banks[bankID]
			if b == nil {
				return detailf("Bank '%s' not found", bankID)
			}
			s.ingest(b, batch, documentTags, now, done)
			return nil
		})
		child.parentID, child.subBatchIndex, child.itemsCount = parent.id, i+1, len(batch)
		child.resultMeta = map[string]any{
			"items_count": len(batch), "parent_operation_id": parent.id, "sub_batch_index": i + 1,
			"total_sub_batches": len(batches),
		}
		if docs := documentIDs(batch); len(docs) == 1 {
			child.documentID = docs[0]
			child.resultMeta["document_id"] = docs[0]
		}
		contents := make([]map[string]any, len(batch))
		for j, it := range batch {
			contents[j] = contentDict(it)
		}
		child.payload = map[string]any{"type": "batch_retain", "operation_id": child.id, "bank_id": bankID, "contents": contents}
		if len(documentTags) > 0 {
			child.payload["document_tags"] = documentTags
		}
		parent.childIDs = append(parent.childIDs, child.id)
	}
	return parent
}

func documentIDs(items []retainItem) []string {
	var ids []string
	for _, it := range items {
		if it.documentID != "" {
			ids = append(ids, it.documentID)
		}
	}
	return ids
}

func duplicateDocumentIDs(items []retainItem) []string {
	seen := map[string]int{}
	var dup []string
	for _, id := range documentIDs(items) {
		if seen[id]++; seen[id] == 2 {
			dup = append(dup, id)
		}
	}
	return dup
}

// parseRetainItems validates RetainRequest.items field by field, like Pydantic.
func parseRetainItems(f *fields) []retainItem {
	var raw []json.RawMessage
	if err := json.Unmarshal(f.obj["items"], &raw); err != nil {
		f.q.fail(validationError{Type: "list_type", Loc: f.at("items"), Msg: "Input should be a valid list", Input: f.input("items")})
		return nil
	}
	items := make([]retainItem, 0, len(raw))
	for i, rawItem := range raw {
		var obj map[string]json.RawMessage
		loc := append(f.at("items"), i)
		if err := json.Unmarshal(rawItem, &obj); err != nil || obj == nil {
			var v any
			_ = json.Unmarshal(rawItem, &v)
			f.q.fail(validationError{Type: "model_type", Loc: loc, Msg: "Input should be a valid dictionary or instance of MemoryItem", Input: v})
			continue
		}
		items = append(items, parseRetainItem(&fields{obj: obj, loc: loc, q: f.q}))
	}
	return items
}

func parseRetainItem(f *fields) retainItem {
	var it retainItem
	before := len(f.q.errs)
	it.content = f.reqStr("content")
	if len(f.q.errs) == before && strings.TrimSpace(it.content) == "" {
		f.q.valueError(f.at("content"), it.content, "content cannot be empty")
	}
	if f.has("timestamp") && !f.null("timestamp") {
		var ts string
		if err := json.Unmarshal(f.obj["timestamp"], &ts); err != nil {
			f.q.valueError(f.at("timestamp"), f.input("timestamp"), "timestamp must be a string or datetime, got "+pyType(f.input("timestamp")))
		} else if strings.EqualFold(ts, "unset") {
			it.unsetTimestamp = true
		} else if ts != "" {
			if t, err := parseISO(ts); err == nil {
				it.timestamp = &t
			} else {
				f.q.valueError(f.at("timestamp"), ts, fmt.Sprintf("Invalid timestamp/event_date format: '%s'. Expected ISO "+
					"format like '2024-01-15T10:30:00' or '2024-01-15T10:30:00Z', or the special value 'unset' to store "+
					"without a timestamp.", ts))
			}
		}
	}
	if c := f.str("context"); c != nil {
		it.context = *c
	}
	if m := f.object("metadata"); m != nil {
		it.metadata = map[string]string{}
		for k := range m.obj {
			if v := m.str(k); v != nil {
				it.metadata[k] = *v
			} else if m.null(k) {
				f.q.fail(validationError{Type: "string_type", Loc: m.at(k), Msg: "Input should be a valid string", Input: nil})
			}
		}
	}
	if d := f.str("document_id"); d != nil {
		it.documentID = *d
	}
	it.entities = parseEntityHints(f)
	f.boolean("resolve_entities")
	it.tags = parseTags(f)
	it.observationScopes = parseObservationScopes(f)
	if st := f.str("strategy"); st != nil {
		it.strategy = *st
	}
	if f.has("update_mode") && !f.null("update_mode") {
		if m := f.str("update_mode"); m != nil {
			if *m != "replace" && *m != "append" {
				f.q.fail(literalError(f.at("update_mode"), *m, []string{"replace", "append"}))
			}
			it.updateMode = *m
		}
	}
	return it
}

func parseEntityHints(f *fields) []entityHint {
	if !f.has("entities") || f.null("entities") {
		return nil
	}
	var raw []json.RawMessage
	if err := json.Unmarshal(f.obj["entities"], &raw); err != nil {
		f.q.fail(validationError{Type: "list_type", Loc: f.at("entities"), Msg: "Input should be a valid list", Input: f.input("entities")})
		return nil
	}
	var hints []entityHint
	for i, re := range raw {
		var obj map[string]json.RawMessage
		loc := append(f.at("entities"), i)
		if err := json.Unmarshal(re, &obj); err != nil || obj == nil {
			var v any
			_ = json.Unmarshal(re, &v)
			f.q.fail(validationError{Type: "model_type", Loc: loc, Msg: "Input should be a valid dictionary or instance of EntityInput", Input: v})
			continue
		}
		ef := &fields{obj: obj, loc: loc, q: f.q}
		h := entityHint{entityType: "CONCEPT"}
		if ef.required("text") {
			if t := ef.str("text"); t != nil {
				h.text = *t
			}
		}
		if t := ef.str("type"); t != nil && *t != "" {
			h.entityType = *t
		}
		hints = append(hints, h)
	}
	return hints
}

// parseTags applies MemoryItem's tag coercion: a plain string becomes a one-element
// list, a string holding a JSON array is parsed.
func parseTags(f *fields) []string {
	if !f.has("tags") || f.null("tags") {
		return nil
	}
	var s string
	if json.Unmarshal(f.obj["tags"], &s) == nil {
		var list []string
		if strings.HasPrefix(strings.TrimSpace(s), "[") && json.Unmarshal([]byte(s), &list) == nil {
			return list
		}
		return []string{s}
	}
	return f.strList("tags")
}

func parseObservationScopes(f *fields) any {
	if !f.has("observation_scopes") || f.null("observation_scopes") {
		return nil
	}
	allowed := []string{"per_tag", "combined", "all_combinations", "shared"}
	var s string
	if json.Unmarshal(f.obj["observation_scopes"], &s) == nil {
		for _, a := range allowed {
			if s == a {
				return s
			}
		}
		f.q.fail(literalError(f.at("observation_scopes"), s, allowed))
		return nil
	}
	var lists [][]string
	if err := json.Unmarshal(f.obj["observation_scopes"], &lists); err != nil {
		f.q.fail(validationError{Type: "list_type", Loc: f.at("observation_scopes"), Msg: "Input should be a valid list", Input: f.input("observation_scopes")})
		return nil
	}
	return lists
}
