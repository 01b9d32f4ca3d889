package hindsighttest

import (
	"slices"
	"time"
)

// Retain's side of the simulation: the extraction calls it logs, and with background
// consolidation the pending state of new facts and the consolidation it queues.

// retained runs after a retain stored document docID at stored: its new facts (the
// tail of the bank's insertion order) get their consolidation state and its
// extraction calls join run.
func (s *Server) retained(b *bank, run *llmRun, docID string, stored time.Time) {
	d := b.documents[docID]
	if d == nil {
		return
	}
	var facts []*memory
	for i := len(b.memoryOrder) - 1; i >= 0; i-- {
		m := b.memories[b.memoryOrder[i]]
		if m.documentID != docID || !m.createdAt.Equal(stored) {
			break
		}
		facts = append(facts, m)
	}
	slices.Reverse(facts)
	if s.sim().background && consolidationEnabled(b) {
		for _, m := range facts {
			m.consolidation, m.consolidatedAt = "pending", nil
		}
	}
	for _, c := range extractionCalls(b, d, facts, s.bankLLM(b.id, llmRetain), "") {
		run.add(c)
	}
	for _, m := range facts {
		run.created = append(run.created, m.id)
	}
}

// finishRetain logs the retain's calls and, when the bank consolidates by itself,
// queues consolidation of what it stored (reusing a pending run).
func (s *Server) finishRetain(b *bank, run *llmRun, stored time.Time) {
	s.recordLLMRun(run, stored, run.created, nil)
	if len(run.created) > 0 && s.autoConsolidation(b) {
		s.requestConsolidation(b, stored)
	}
}
