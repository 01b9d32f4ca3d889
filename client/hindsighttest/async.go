package hindsighttest

import (
	"sort"
	"time"
)

// Simulated background work. An operation is pending until startAt, processing until
// dueAt, then its apply function runs and it completes (or fails with apply's error).
// advanceOperations moves every queued operation along at the start of each request,
// from the server clock, so tests see deterministic states without timers.

// newOperation registers a pending operation whose work (apply) runs when it completes.
func (s *Server) newOperation(bankID, opType string, now time.Time, apply func(time.Time) error) *operation {
	op := &operation{
		id: newUUID(), bankID: bankID, opType: opType, status: "pending",
		createdAt: now, updatedAt: now, resultMeta: map[string]any{}, apply: apply,
	}
	s.store.operations[op.id] = op
	s.schedule(op, now)
	return op
}

// schedule (re)starts the simulated clock of op and queues it.
func (s *Server) schedule(op *operation, now time.Time) {
	if op.resultMeta == nil {
		op.resultMeta = map[string]any{}
	}
	op.startAt = now.Add(s.asyncDelay / 2)
	op.dueAt = now.Add(s.asyncDelay)
	s.queue = append(s.queue, op)
}

func isTerminal(status string) bool {
	return status == "completed" || status == "failed" || status == "cancelled"
}

// advanceOperations brings every queued operation up to date with now.
func (s *Server) advanceOperations(now time.Time) {
	if len(s.queue) == 0 {
		return
	}
	for _, op := range s.queue {
		if s.store.operations[op.id] == op && len(op.childIDs) == 0 {
			s.stepOperation(op, now)
		}
	}
	kept := s.queue[:0]
	seen := map[*operation]bool{}
	for _, op := range s.queue {
		if s.store.operations[op.id] != op || seen[op] {
			continue
		}
		seen[op] = true
		if len(op.childIDs) > 0 {
			s.aggregateParent(op, now)
		}
		if !isTerminal(op.status) {
			kept = append(kept, op)
		}
	}
	clear(s.queue[len(kept):])
	s.queue = kept
}

// stepOperation moves one leaf operation along.
func (s *Server) stepOperation(op *operation, now time.Time) {
	if op.status != "pending" && op.status != "processing" {
		return
	}
	switch {
	case !now.Before(op.dueAt):
		s.finishOperation(op, now)
	case !now.Before(op.startAt):
		op.status = "processing"
		op.updatedAt = now
		done := 0
		if span := op.dueAt.Sub(op.startAt); span > 0 {
			done = int(float64(op.itemsCount) * float64(now.Sub(op.startAt)) / float64(span))
		}
		op.resultMeta["progress"] = progressOf(op.opType, now, done, op.itemsCount)
	}
}

// progressOf is an OperationProgress value.
func progressOf(opType string, now time.Time, processed, total int) map[string]any {
	stage := "storing"
	switch opType {
	case "refresh_mental_model":
		stage = "reflecting"
	case "consolidation":
		stage = "consolidating"
	}
	return map[string]any{"stage": stage, "at": isoTime(now), "processed": processed, "total": total}
}

// finishOperation runs op's work and records the outcome.
func (s *Server) finishOperation(op *operation, now time.Time) {
	op.status = "completed"
	var err error
	if op.apply != nil {
		err = op.apply(now)
	}
	if s.afterTask(op, now, err) {
		return // a failed attempt that is retried later
	}
	if err != nil {
		op.status = "failed"
		op.errorMessage = err.Error()
	}
	delete(op.resultMeta, "progress")
	op.updatedAt = now
	op.completedAt = timePtr(now)
}

// aggregateParent derives a batch_retain parent's state from its children: completed
// when all completed, failed when all finished and one failed, processing once any
// child started.
func (s *Server) aggregateParent(p *operation, now time.Time) {
	if isTerminal(p.status) {
		return
	}
	allDone, anyFailed, started := true, false, false
	processed := 0
	for _, id := range p.childIDs {
		c := s.store.operations[id]
		if c == nil {
			continue
		}
		switch c.status {
		case "completed":
			processed += c.itemsCount
			started = true
		case "failed":
			anyFailed, started = true, true
		case "processing":
			started = true
			allDone = false
			if pr, ok := c.resultMeta["progress"].(map[string]any); ok {
				n, _ := pr["processed"].(int)
				processed += n
			}
		default:
			allDone = false
		}
	}
	switch {
	case allDone:
		p.status = "completed"
		if anyFailed {
			p.status = "failed"
		}
		delete(p.resultMeta, "progress")
		p.completedAt = timePtr(now)
		p.updatedAt = now
	case started:
		if p.status != "processing" {
			p.status = "processing"
			p.updatedAt = now
		}
		p.resultMeta["progress"] = progressOf(p.opType, now, processed, p.itemsCount)
	}
}

// completeAll finishes every unfinished operation now, including seeded ones.
func (s *Server) completeAll(now time.Time) {
	queued := map[*operation]bool{}
	for _, op := range s.queue {
		queued[op] = true
	}
	var rest []*operation
	for _, op := range s.store.operations {
		if !isTerminal(op.status) && !queued[op] {
			rest = append(rest, op)
		}
	}
	sort.Slice(rest, func(i, j int) bool {
		if !rest[i].createdAt.Equal(rest[j].createdAt) {
			return rest[i].createdAt.Before(rest[j].createdAt)
		}
		return rest[i].id < rest[j].id
	})
	s.queue = append(s.queue, rest...)
	// Finished work may queue more (a retain queues consolidation, a long consolidation
	// its next round); run that too, a bounded number of times.
	for range 10 {
		if len(s.queue) == 0 {
			return
		}
		for _, op := range s.queue {
			op.startAt, op.dueAt = now, now
		}
		s.advanceOperations(now)
	}
}
