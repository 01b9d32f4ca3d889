package hindsighttest

import (
	"hindsight-tui/cron"
	"slices"
	"strings"
	"time"
)

// Refresh operations, explicit and automatic. An explicit /refresh reuses a pending
// refresh of the same model (and starts it at once if it was waiting out the minimum
// interval); automatic refreshes (refresh_cron, refresh_after_consolidation) also
// fold into a running one, and wait until min_refresh_interval_seconds has passed
// since the last refresh, parked as pending with next_retry_at.

// mentalModelRefreshTick is HINDSIGHT_API_MENTAL_MODEL_REFRESH_TICK_SECONDS: how often
// the maintenance loop looks for cron refreshes that are due.
const mentalModelRefreshTick = 300 * time.Second

// maintenanceState remembers the last maintenance tick that ran.
type maintenanceState struct {
	lastTick time.Time
}

// addModel stores a new model with placeholder content. A model that never refreshed
// reports its creation time as last_refreshed_at, as the real column defaults to now().
func (s *Server) addModel(b *bank, id, name, source string, tags []string, maxTokens int, trigger map[string]any) *mentalModel {
	if id == "" {
		id = "mm-" + strings.ReplaceAll(newUUID(), "-", "")
	}
	now := s.now()
	mm := &mentalModel{id: id, bankID: b.id, name: name, sourceQuery: source, content: placeholderContent,
		tags: orEmpty(tags), maxTokens: maxTokens, trigger: trigger, createdAt: now, lastRefreshedAt: timePtr(now)}
	b.models[id] = mm
	return mm
}

// pendingRefresh finds the model's unfinished refresh: pending only, or also
// processing when running is set.
func (s *Server) pendingRefresh(b *bank, mm *mentalModel, running bool) *operation {
	for _, op := range s.queue {
		if op.opType != "refresh_mental_model" || op.bankID != b.id || op.mentalModelID != mm.id ||
			s.store.operations[op.id] != op {
			continue
		}
		if op.status == "pending" || (running && op.status == "processing") {
			return op
		}
	}
	return nil
}

// queueRefresh serves an explicit refresh: a pending refresh of the model is reused,
// and one parked by the minimum interval starts now.
func (s *Server) queueRefresh(b *bank, mm *mentalModel, now time.Time) *operation {
	if op := s.pendingRefresh(b, mm, false); op != nil {
		if op.nextRetryAt != nil {
			op.nextRetryAt = nil
			op.startAt, op.dueAt = now.Add(s.asyncDelay/2), now.Add(s.asyncDelay)
		}
		return op
	}
	return s.newRefreshOp(b, mm, now)
}

// newRefreshOp queues a refresh_mental_model operation that plans and applies a
// refresh of mm when it completes.
func (s *Server) newRefreshOp(b *bank, mm *mentalModel, now time.Time) *operation {
	bankID, modelID := b.id, mm.id
	op := s.newOperation(bankID, "refresh_mental_model", now, nil)
	op.mentalModelID = modelID
	op.resultMeta = map[string]any{"mental_model_id": modelID, "name": mm.name}
	op.payload = map[string]any{"type": "refresh_mental_model", "bank_id": bankID, "mental_model_id": modelID}
	op.apply = func(done time.Time) error {
		op.nextRetryAt = nil
		bk := s.store.banks[bankID]
		if bk == nil || bk.models[modelID] == nil {
			return detailf("Mental model %s not found in bank %s", modelID, bankID)
		}
		m := bk.models[modelID]
		err := s.applyRefresh(m, s.planRefresh(bk, m, done), op, done)
		s.traceRefresh(bk, m, done)
		return err
	}
	return op
}

// minRefreshInterval is the model's floor between automatic refreshes: its trigger's
// min_refresh_interval_seconds, else the bank's mental_model_min_refresh_interval_seconds.
func minRefreshInterval(b *bank, mm *mentalModel) time.Duration {
	if n, ok := asInt(mm.trigger["min_refresh_interval_seconds"]); ok {
		return time.Duration(n) * time.Second
	}
	return time.Duration(configInt(b, "mental_model_min_refresh_interval_seconds")) * time.Second
}

// autoRefresh queues an automatic refresh of mm, folding into an unfinished one; a
// refresh too soon after the last one waits, pending, until the interval has passed.
func (s *Server) autoRefresh(b *bank, mm *mentalModel, now time.Time) *operation {
	if op := s.pendingRefresh(b, mm, true); op != nil {
		return op
	}
	op := s.newRefreshOp(b, mm, now)
	if interval := minRefreshInterval(b, mm); interval > 0 && mm.lastRefreshedAt != nil {
		if due := mm.lastRefreshedAt.Add(interval); due.After(now) {
			op.nextRetryAt = timePtr(due)
			op.startAt, op.dueAt = due.Add(s.asyncDelay/2), due.Add(s.asyncDelay)
		}
	}
	return op
}

// runMaintenance plays the server's periodic mental-model check at the latest tick
// (every mentalModelRefreshTick since start) not yet run: a model with refresh_cron
// is due when its last firing is after its last refresh, and is refreshed only if
// stale.
func (s *Server) runMaintenance(now time.Time) {
	ticks := now.Sub(s.started) / mentalModelRefreshTick
	tick := s.started.Add(ticks * mentalModelRefreshTick)
	if ticks < 1 || !tick.After(s.maintenance.lastTick) {
		return
	}
	s.maintenance.lastTick = tick
	for _, bankID := range s.store.bankOrder {
		b := s.store.banks[bankID]
		if b == nil {
			continue
		}
		for _, id := range sortedMapKeys(b.models) {
			mm := b.models[id]
			expr, _ := mm.trigger["refresh_cron"].(string)
			spec, err := cron.Parse(expr)
			if expr == "" || err != nil {
				continue
			}
			fired, ok := spec.Prev(tick)
			if ok && mm.lastRefreshedAt != nil && fired.After(*mm.lastRefreshedAt) && modelIsStale(b, mm, false) {
				s.autoRefresh(b, mm, now)
			}
		}
	}
}

// refreshAfterConsolidation is called when a consolidation chain has drained: models
// with refresh_after_consolidation whose scope reaches the consolidated memories (tag
// overlap, or untagged memories for a model that sees them) and that are stale get an
// automatic refresh. It returns the operations queued or folded into.
func (s *Server) refreshAfterConsolidation(b *bank, consolidated []*memory, now time.Time) []*operation {
	var ops []*operation
	for _, id := range sortedMapKeys(b.models) {
		mm := b.models[id]
		if mm.trigger["refresh_after_consolidation"] != true || !modelIsStale(b, mm, false) {
			continue
		}
		reached := slices.ContainsFunc(consolidated, func(m *memory) bool {
			if len(m.tags) == 0 {
				return modelInScope(mm, m)
			}
			return len(mm.tags) == 0 || slices.ContainsFunc(m.tags, func(t string) bool { return slices.Contains(mm.tags, t) })
		})
		if reached {
			ops = append(ops, s.autoRefresh(b, mm, now))
		}
	}
	return ops
}
