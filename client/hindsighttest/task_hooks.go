package hindsighttest

import (
	"encoding/json"
	"time"
)

// afterTask runs when a simulated worker task has done its work (err is its outcome),
// before the operation is marked finished: it records the task in the bank's audit
// log ("system" transport). It reports whether the operation was rescheduled instead
// of finishing (never, yet).
func (s *Server) afterTask(op *operation, now time.Time, err error) bool {
	s.auditTask(op, now, err)
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
