package hindsighttest

import (
	"encoding/json"
	"errors"
	"time"
)

// afterTask runs when a simulated worker task has done its work (err is its outcome),
// before the operation is marked finished. It records the task in the bank's audit log
// ("system" transport), fires the webhook events the task completes, and, for an
// attempt that will be retried, puts the operation back to pending and reports true.
func (s *Server) afterTask(op *operation, now time.Time, err error) bool {
	s.auditTask(op, now, err)
	var retry *retryLater
	if errors.As(err, &retry) {
		op.status, op.errorMessage, op.updatedAt = "pending", retry.msg, now
		op.retryCount++
		op.nextRetryAt = timePtr(retry.at)
		op.startAt, op.dueAt = retry.at, retry.at
		return true
	}
	switch op.opType {
	case "retain":
		if err == nil {
			s.retainCompleted(op.bankID, contentsOf(op.payload), op.id, now)
		}
	case "consolidation":
		s.consolidationCompleted(op, now, err)
	}
	return false
}

// auditTask records a worker task like the real worker's audit context: the action is
// the task type, the request its payload, the response {"status":"completed",
// "operation_id"} or null when the task raised (a retried attempt too).
func (s *Server) auditTask(op *operation, now time.Time, err error) {
	if !s.auditEnabled(op.bankID) {
		return
	}
	action := op.opType
	request := map[string]any{"type": op.opType, "operation_id": op.id, "bank_id": op.bankID}
	if op.mentalModelID != "" {
		request["mental_model_id"] = op.mentalModelID
	}
	if op.payload != nil {
		request = op.payload
		if t, ok := op.payload["type"].(string); ok {
			action = t
		}
	}
	// The task ran from its simulated start to its simulated end; a clock that jumped
	// past both would otherwise show hours of work.
	ended := now
	if op.dueAt.Before(now) && !op.dueAt.Before(op.startAt) {
		ended = op.dueAt
	}
	started := op.startAt
	if started.After(ended) || started.IsZero() {
		started = ended
	}
	e := &auditEntry{action: action, transport: "system", bankID: op.bankID, startedAt: started,
		endedAt: timePtr(ended), request: jsonValue(request)}
	if err == nil {
		e.response = map[string]any{"status": "completed", "operation_id": op.id}
	}
	s.addAudit(e)
}

// retainedContent is what a retain.completed event says about one retained item.
type retainedContent struct {
	documentID string
	tags       []string
	hasTags    bool
}

// contentsOf reads the items of a retain task payload.
func contentsOf(payload map[string]any) []retainedContent {
	var out []retainedContent
	list, _ := payload["contents"].([]map[string]any)
	for _, c := range list {
		rc := retainedContent{}
		rc.documentID, _ = c["document_id"].(string)
		rc.tags, rc.hasTags = c["tags"].([]string)
		out = append(out, rc)
	}
	return out
}

// retainedItems describes the items of a synchronous retain for its events.
func retainedItems(items []retainItem) []retainedContent {
	out := make([]retainedContent, len(items))
	for i, it := range items {
		out[i] = retainedContent{documentID: it.documentID, tags: it.tags, hasTags: len(it.tags) > 0}
	}
	return out
}

// retainCompleted fires retain.completed once per retained item. opID is the retain
// operation; a synchronous retain has none, and the event carries a fresh hex id.
func (s *Server) retainCompleted(bankID string, items []retainedContent, opID string, now time.Time) {
	b := s.store.banks[bankID]
	if b == nil || len(s.activity().webhooks[b]) == 0 {
		return
	}
	if opID == "" {
		opID = newHexID()
	}
	counts := docMemoryCounts(b)
	for _, it := range items {
		data := retainEventData{}
		if it.hasTags {
			tags := it.tags
			data.Tags = &tags
		}
		if it.documentID != "" {
			id, n := it.documentID, 0
			for _, c := range counts[it.documentID] {
				n += c
			}
			data.DocumentID, data.MemoryUnitCount = &id, &n
		}
		s.fireWebhookEvent(bankID, "retain.completed", opID, "completed", data, now)
	}
}

// consolidationCompleted fires consolidation.completed when a consolidation run ends.
// The observation counts come from the operation's result metadata
// (observations_created / _updated / _deleted) when the run recorded them.
func (s *Server) consolidationCompleted(op *operation, now time.Time, err error) {
	data := consolidationEventData{}
	status := "completed"
	if err != nil {
		status = "failed"
		msg := err.Error()
		data.ErrorMessage = &msg
	} else {
		count := func(k string) *int {
			if n, ok := asInt(op.resultMeta[k]); ok {
				return &n
			}
			return nil
		}
		data.ObservationsCreated = count("observations_created")
		data.ObservationsUpdated = count("observations_updated")
		data.ObservationsDeleted = count("observations_deleted")
	}
	s.fireWebhookEvent(op.bankID, "consolidation.completed", op.id, status, data, now)
}

// newHexID is uuid4().hex: 32 hex digits without hyphens.
func newHexID() string {
	id := newUUID()
	out := make([]byte, 0, 32)
	for i := 0; i < len(id); i++ {
		if id[i] != '-' {
			out = append(out, id[i])
		}
	}
	return string(out)
}

// jsonValue snapshots v as plain JSON values, so a later change to a payload does not
// rewrite history.
func jsonValue(v any) any {
	raw, err := json.Marshal(v)
	if err != nil {
		return nil
	}
	var out any
	_ = json.Unmarshal(raw, &out)
	return out
}
