package hindsighttest

import (
	"fmt"
	"time"
)

// Seeded LLM runs are rebuilt from the bank's own data with the same builders the
// live operations use, so a seeded extraction returns the facts the bank holds for
// that document and a seeded consolidation sees the observations those facts feed.
// They change nothing in the bank: the bank's state is the seed's.

// seedLLMRun logs one seeded run ending at end.
func (s *Server) seedLLMRun(b *bank, run seedLLMRun, end time.Time) error {
	set := func(op string) llmSetting {
		st := s.bankLLM(b.id, op)
		if run.LLM != "" {
			st.Status = run.LLM
		}
		return st
	}
	var r *llmRun
	var created, sources []string
	switch run.Operation {
	case "retain":
		d, errText := b.documents[run.DocumentID], ""
		if run.Content != "" {
			// A retain that failed stored no document: rebuild what it sent.
			if errText = llmFailure(set(llmRetain), false); errText == "" {
				return fmt.Errorf("retain run with content needs a failing llm status")
			}
			d = &document{id: run.DocumentID, chunks: []*chunk{{text: run.Content}}}
		}
		if d == nil {
			return fmt.Errorf("unknown document %q", run.DocumentID)
		}
		var facts []*memory
		for _, id := range b.memoryOrder {
			if m := b.memories[id]; errText == "" && m.documentID == d.id && m.factType != "observation" {
				facts = append(facts, m)
				created = append(created, m.id)
			}
		}
		r = newLLMRun(b.id, "retain", nil)
		for _, c := range extractionCalls(b, d, facts, set(llmRetain), errText) {
			r.add(c)
		}
	case "consolidation":
		facts, err := seedFacts(b, run.Facts)
		if err != nil {
			return err
		}
		r = newLLMRun(b.id, "consolidation", nil)
		idx := indexObservations(b)
		st := set(llmConsolidation)
		for _, at := range consolidationAttempts(st, facts, configInt(b, "consolidation_llm_batch_size")) {
			r.add(consolidationCall(b, idx, st, at.facts, at.errText))
			if at.errText == "" {
				for _, f := range at.facts {
					sources = append(sources, f.id)
				}
			}
		}
	case "reflect":
		if run.Query == "" {
			return fmt.Errorf("reflect run without a query")
		}
		req := &reflectRequest{query: run.Query, budget: "low", maxTokens: 4096, tagsMatch: "any", toolOutputs: true}
		ev := s.gatherEvidence(b, req)
		resp := reflectResponse{Text: fitTokens(composeAnswer(answerSummary(req, ev), ev), req.maxTokens)}
		r, sources = s.reflectLLMRun(b, req, ev, reflectToolCalls(s.store.chunkIndex, req, ev), resp)
	case "refresh_mental_model":
		mm := b.models[run.MentalModelID]
		if mm == nil {
			return fmt.Errorf("unknown mental model %q", run.MentalModelID)
		}
		s.traceRefresh(b, mm, end)
		return nil
	default:
		return fmt.Errorf("unknown operation %q", run.Operation)
	}
	r.traceID = derivedID(b.id, "llm-run", run.Operation, run.At)
	s.recordLLMRun(r, end, created, sources)
	return nil
}

// seedFacts resolves memory keys of a seed bank.
func seedFacts(b *bank, keys []string) ([]*memory, error) {
	var out []*memory
	for _, k := range keys {
		m := b.memories[derivedID(b.id, "memory", k)]
		if m == nil {
			return nil, fmt.Errorf("unknown memory key %q", k)
		}
		out = append(out, m)
	}
	return out, nil
}
