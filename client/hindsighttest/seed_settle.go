package hindsighttest

import (
	"slices"
	"time"
)

// WithSeededWorkFinishing makes the operations a seed left pending or processing
// finish on the server clock, starting after and a few seconds apart: a seeded
// consolidation then consolidates what is pending, other seeded work simply
// completes. Without it they stay as seeded (tests pin them that way); the demo uses
// it so that, a minute or so after start, nothing is left running and clients that
// follow running work go quiet.
func WithSeededWorkFinishing(after time.Duration) Option {
	return func(s *Server) { s.finishSeededAfter = after }
}

// scheduleSeededWork queues the seeded operations that are still running.
func (s *Server) scheduleSeededWork() {
	if s.finishSeededAfter <= 0 {
		return
	}
	var running []*operation
	for _, op := range s.store.operations {
		if (op.status == "pending" || op.status == "processing") && op.apply == nil && len(op.childIDs) == 0 &&
			!slices.Contains(s.queue, op) {
			running = append(running, op)
		}
	}
	slices.SortFunc(running, func(a, b *operation) int { return a.createdAt.Compare(b.createdAt) })
	start := s.now().Add(s.finishSeededAfter)
	for i, op := range running {
		if op.opType == "consolidation" {
			s.attachConsolidation(op, nil)
		} else {
			op.apply = func(time.Time) error { return nil }
		}
		if op.resultMeta == nil {
			op.resultMeta = map[string]any{}
		}
		op.startAt = start.Add(time.Duration(i) * 3 * time.Second)
		op.dueAt = op.startAt.Add(2 * time.Second)
		s.queue = append(s.queue, op)
	}
}
