package hindsighttest

import (
	"slices"
	"sort"
	"time"
)

// A consolidation operation runs on the server clock like async retain (async.go):
// pending, then processing, then at completion runConsolidation does the work.

// consolidationStats is what a run reports in the operation's result_metadata.
type consolidationStats struct {
	processed, created, updated, failed int
}

// consolidationEnabled reports whether the bank turns facts into observations at all
// (enable_observations); when off, a run completes doing nothing, as on the real
// server.
func consolidationEnabled(b *bank) bool { return bankOverrideBool(b, "enable_observations", true) }

// autoConsolidation reports whether retains and resets queue consolidation by
// themselves: only with background consolidation simulated and the bank's
// enable_observations and enable_auto_consolidation on.
func (s *Server) autoConsolidation(b *bank) bool {
	return s.sim().background && consolidationEnabled(b) && bankOverrideBool(b, "enable_auto_consolidation", true)
}

// pendingFacts are the live world/experience facts waiting for consolidation (not
// failed), oldest first, restricted to those whose tags cover one of scopes when
// scopes is non-empty.
func pendingFacts(b *bank, scopes [][]string) []*memory {
	var out []*memory
	for _, id := range b.memoryOrder {
		m := b.memories[id]
		if m.state != "valid" || m.factType == "observation" || m.consolidation != "pending" {
			continue
		}
		if len(scopes) > 0 && !slices.ContainsFunc(scopes, func(sc []string) bool { return coversScope(m.tags, sc) }) {
			continue
		}
		out = append(out, m)
	}
	sort.SliceStable(out, func(i, j int) bool {
		if !out[i].createdAt.Equal(out[j].createdAt) {
			return out[i].createdAt.Before(out[j].createdAt)
		}
		return factTime(out[i]).Before(factTime(out[j]))
	})
	return out
}

// queueConsolidation creates a consolidation operation for scopes (nil = the whole
// bank) that runs on the server clock.
func (s *Server) queueConsolidation(b *bank, scopes [][]string, now time.Time) *operation {
	op := s.newOperation(b.id, "consolidation", now, nil)
	op.itemsCount = len(pendingFacts(b, scopes))
	op.resultMeta = map[string]any{"items_count": op.itemsCount}
	op.payload = map[string]any{"type": "consolidation", "bank_id": b.id, "observation_scopes": scopes}
	s.attachConsolidation(op, scopes)
	return op
}

// attachConsolidation gives op its work.
func (s *Server) attachConsolidation(op *operation, scopes [][]string) {
	op.apply = func(done time.Time) error {
		b := s.store.banks[op.bankID]
		if b == nil {
			return detailf("Bank '%s' not found", op.bankID)
		}
		return s.runConsolidation(b, op, scopes, done)
	}
}

// pendingUnscoped is the bank's oldest pending (not yet processing) consolidation of
// the whole bank, which an unscoped request reuses.
func (s *Server) pendingUnscoped(bankID string) *operation {
	var found *operation
	for _, op := range s.store.operations {
		if op.bankID != bankID || op.opType != "consolidation" || op.status != "pending" {
			continue
		}
		if sc, _ := op.payload["observation_scopes"].([][]string); len(sc) > 0 {
			continue
		}
		if found == nil || op.createdAt.Before(found.createdAt) || (op.createdAt.Equal(found.createdAt) && op.id < found.id) {
			found = op
		}
	}
	return found
}

// requestConsolidation is what a retain or a reset does when it needs consolidation:
// reuse the pending unscoped run, or queue one.
func (s *Server) requestConsolidation(b *bank, now time.Time) *operation {
	if op := s.pendingUnscoped(b.id); op != nil {
		s.activate(op, now)
		return op
	}
	return s.queueConsolidation(b, nil, now)
}

// activate makes a pending operation loaded from a seed (which has no work attached
// and is not queued) run when something reuses it.
func (s *Server) activate(op *operation, now time.Time) {
	if op.apply != nil || len(op.childIDs) > 0 {
		return
	}
	s.attachConsolidation(op, nil)
	s.schedule(op, now)
}

// runConsolidation consolidates the pending facts in scope, in batches of
// consolidation_llm_batch_size, at most consolidation_max_memories_per_round of them;
// the rest go to a new operation. A batch whose LLM call fails is retried fact by
// fact; a fact whose own call fails is marked failed (consolidation_failed_at). The
// run fails when nothing could be consolidated.
func (s *Server) runConsolidation(b *bank, op *operation, scopes [][]string, now time.Time) error {
	set := s.bankLLM(b.id, llmConsolidation)
	if !consolidationEnabled(b) || set.Status == LLMNotConfigured {
		op.resultMeta["memories_processed"] = 0
		return nil
	}
	facts := pendingFacts(b, scopes)
	var rest []*memory
	if limit := configInt(b, "consolidation_max_memories_per_round"); limit > 0 && len(facts) > limit {
		facts, rest = facts[:limit], facts[limit:]
	}
	run := newLLMRun(b.id, "consolidation", nil)
	idx := indexObservations(b)
	var st consolidationStats
	var created, sources []string
	for _, at := range consolidationAttempts(set, facts, configInt(b, "consolidation_llm_batch_size")) {
		run.add(consolidationCall(b, idx, set, at.facts, at.errText))
		if at.errText != "" {
			if len(at.facts) == 1 {
				markFailed(at.facts[0], now, &st)
			}
			continue
		}
		for _, a := range idx.plan(b, at.facts) {
			o, isNew := idx.apply(b, a, now)
			if isNew {
				st.created++
				created = append(created, o.id)
			} else {
				st.updated++
			}
		}
		for _, f := range at.facts {
			f.consolidation, f.consolidatedAt, f.consolidationFailedAt = "done", timePtr(now), nil
			sources = append(sources, f.id)
			st.processed++
		}
	}
	b.rev++
	if st.processed > 0 {
		b.lastConsolidatedAt = timePtr(now)
	}
	s.recordLLMRun(run, now, created, sources)
	op.resultMeta["memories_processed"] = st.processed
	op.resultMeta["observations_created"] = st.created
	op.resultMeta["observations_updated"] = st.updated
	op.resultMeta["memories_failed"] = st.failed
	if len(rest) > 0 {
		s.queueConsolidation(b, scopes, now)
	}
	if st.failed > 0 && st.processed == 0 {
		return detailf("Consolidation failed: %s could not be consolidated: %s",
			countNoun(st.failed, "memory", "memories"), run.calls[len(run.calls)-1].errorText)
	}
	return nil
}

// consolidationAttempt is one LLM call of a run: the facts it covers and, when it
// fails, the error it records.
type consolidationAttempt struct {
	facts   []*memory
	errText string
}

// consolidationAttempts lays out a run's calls: facts in batches of batch; a batch
// whose call fails is retried one fact per call.
func consolidationAttempts(set llmSetting, facts []*memory, batch int) []consolidationAttempt {
	batch = max(batch, 1)
	var out []consolidationAttempt
	for lo := 0; lo < len(facts); lo += batch {
		part := facts[lo:min(lo+batch, len(facts))]
		msg := llmFailure(set, len(part) > 1)
		out = append(out, consolidationAttempt{facts: part, errText: msg})
		if msg == "" || len(part) == 1 {
			continue
		}
		for _, f := range part {
			out = append(out, consolidationAttempt{facts: []*memory{f}, errText: llmFailure(set, false)})
		}
	}
	return out
}

func markFailed(m *memory, now time.Time, st *consolidationStats) {
	m.consolidation, m.consolidatedAt, m.consolidationFailedAt = "failed", nil, timePtr(now)
	st.failed++
}
