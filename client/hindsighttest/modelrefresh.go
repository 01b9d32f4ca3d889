package hindsighttest

import (
	"fmt"
	"slices"
	"strings"
	"time"
)

// A mental-model refresh is planned first (what the reflect agent would retrieve,
// write and decide) and then applied. The dry run shows the plan; a real refresh
// applies it, following the outcome table of the real server
// (engine/mental_model_refresh.py): what happens to the content, the two timestamps,
// the history and the operation depends only on the outcome.

// Refresh outcomes, as reported in the operation's details.
const (
	outcomeWritten         = "content_written"
	outcomeUnchanged       = "content_unchanged"
	outcomePreserved       = "content_preserved_no_new_facts"
	outcomeEmptyCandidate  = "refresh_failed_empty_candidate"
	outcomeDeltaNotApplied = "refresh_failed_delta_not_applied"
	outcomeStructured      = "refresh_failed_structured_output"
)

// maxModelHistory is the server's default HINDSIGHT_API_MENTAL_MODEL_HISTORY_MAX_ENTRIES.
const maxModelHistory = 50

// refreshPlan is everything one refresh of a model would do, computed without side
// effects.
type refreshPlan struct {
	query                                        string
	requestedMode, effectiveMode, fallbackReason string
	outcome, failureReason                       string

	snapshot     time.Time  // the DB snapshot the refresh reads (created_before)
	createdAfter *time.Time // delta window bound
	watermark    *time.Time // would-be last_memory_seen_at

	retrieved  []*memory // what the retrieval tools returned
	used       []*memory // what the candidate cites
	directives []*directive
	candidate  string // the agent's raw answer

	structured       map[string]any
	structuredFailed bool
	deltaApplied     []map[string]any
	deltaSkipped     []map[string]any
	goneCited        int // memories the current content cites that no longer exist
	usage            tokenUsage
}

func (p *refreshPlan) failed() bool { return strings.HasPrefix(p.outcome, "refresh_failed_") }
func (p *refreshPlan) persists() bool {
	return p.outcome == outcomeWritten || p.outcome == outcomeUnchanged
}

// preview is the content the model would hold after the refresh.
func (p *refreshPlan) preview(current string) string {
	if p.persists() {
		return p.candidate
	}
	return current
}

// planRefresh plans a refresh of mm at now.
func (s *Server) planRefresh(b *bank, mm *mentalModel, now time.Time) *refreshPlan {
	p := &refreshPlan{query: mm.sourceQuery, snapshot: now, requestedMode: "full"}
	if mode, _ := mm.trigger["mode"].(string); mode == "delta" {
		p.requestedMode = mode
	}
	p.effectiveMode = p.requestedMode
	if p.requestedMode == "delta" {
		switch {
		case mm.content == "" || mm.content == placeholderContent:
			p.effectiveMode, p.fallbackReason = "full", "no_baseline_content"
		case mm.lastSourceQuery != "" && mm.lastSourceQuery != mm.sourceQuery:
			p.effectiveMode, p.fallbackReason = "full", "source_query_changed"
		}
	}
	scope := inScopeMemories(b, mm)
	p.watermark = mm.lastMemorySeenAt
	for _, m := range scope {
		if !m.updatedAt.After(now) && (p.watermark == nil || m.updatedAt.After(*p.watermark)) {
			p.watermark = timePtr(m.updatedAt)
		}
	}
	for _, id := range citedMemoryIDs(mm.reflectResponse) {
		if m := b.memories[id]; m == nil || m.state == "invalidated" {
			p.goneCited++
		}
	}
	p.directives = applicableDirectives(b, &reflectRequest{tags: mm.tags, tagsMatch: modelTagsMatch(mm),
		tagGroups: triggerTagGroups(mm.trigger)})
	if p.effectiveMode == "delta" {
		planDelta(b, mm, p, scope)
	} else {
		planFull(b, mm, p, scope)
	}
	if !p.failed() && p.outcome != outcomePreserved {
		p.outcome = outcomeWritten
		if p.candidate == mm.content {
			p.outcome = outcomeUnchanged
		}
		planStructured(mm, p)
	}
	p.usage.InputTokens = estimateTokens(mm.sourceQuery) + 150
	for _, m := range p.retrieved {
		p.usage.InputTokens += estimateTokens(m.text)
	}
	p.usage.OutputTokens = estimateTokens(p.candidate)
	p.usage.TotalTokens = p.usage.InputTokens + p.usage.OutputTokens
	return p
}

// planFull answers the source query from every in-scope memory.
func planFull(b *bank, mm *mentalModel, p *refreshPlan, scope []*memory) {
	if len(scope) == 0 {
		p.outcome, p.failureReason = outcomeEmptyCandidate, "empty_candidate"
		return
	}
	p.retrieved = pickEvidence(rankEvidence(mm.sourceQuery, scope))
	p.candidate, p.used = composeModel(b, mm, p.retrieved)
}

// planDelta edits the current content with the memories written since the
// watermark: relevant ones are added to what the content already cites.
func planDelta(b *bank, mm *mentalModel, p *refreshPlan, scope []*memory) {
	p.createdAfter = staleSince(mm)
	var window []*memory
	for _, m := range scope {
		if p.createdAfter == nil || m.updatedAt.After(*p.createdAfter) {
			window = append(window, m)
		}
	}
	if len(window) == 0 {
		p.outcome, p.candidate = outcomePreserved, mm.content
		return
	}
	var fresh []*memory
	for _, sc := range rankEvidence(mm.sourceQuery, window) {
		p.retrieved = append(p.retrieved, sc.m)
		if sc.score > 0 && len(fresh) < 8 {
			fresh = append(fresh, sc.m)
			p.deltaApplied = append(p.deltaApplied, map[string]any{"op": "add_fact", "fact_id": sc.m.id, "text": sc.m.text})
			continue
		}
		p.deltaSkipped = append(p.deltaSkipped, map[string]any{"op": "add_fact", "fact_id": sc.m.id,
			"reason": "not relevant to the source query"})
	}
	if len(fresh) == 0 {
		p.outcome, p.failureReason = outcomeDeltaNotApplied, "delta_ops_all_skipped"
		return
	}
	var evidence []*memory
	for _, id := range citedMemoryIDs(mm.reflectResponse) {
		if m := b.memories[id]; m != nil && modelInScope(mm, m) && !slices.Contains(evidence, m) {
			evidence = append(evidence, m)
		}
	}
	for _, m := range fresh {
		if !slices.Contains(evidence, m) {
			evidence = append(evidence, m)
		}
	}
	p.candidate, p.used = composeModel(b, mm, evidence)
}

// planStructured fills the trigger's response_schema from the candidate; a schema
// it cannot fill fails a real refresh (refresh_failed_structured_output).
func planStructured(mm *mentalModel, p *refreshPlan) {
	schema, _ := mm.trigger["response_schema"].(map[string]any)
	if schema == nil {
		return
	}
	src := structuredSource{summary: firstSentence(p.candidate), answer: p.candidate}
	for _, m := range p.used {
		src.facts = append(src.facts, m.text)
	}
	if len(src.facts) > 0 {
		src.summary = withFinalStop(src.facts[0])
	}
	out, ok := fillSchema(schema, src)
	if !ok {
		p.structuredFailed = true
		return
	}
	p.structured = out
}

// basedOn groups the cited memories by fact type (plus the directives that applied),
// the shape the server stores in reflect_response.based_on.
func (p *refreshPlan) basedOn() map[string]any {
	out := map[string]any{}
	for _, m := range p.used {
		fact := map[string]any{"id": m.id, "text": m.text, "type": m.factType, "context": m.context}
		list, _ := out[m.factType].([]any)
		out[m.factType] = append(list, fact)
	}
	if len(p.directives) > 0 {
		ds := make([]any, 0, len(p.directives))
		for _, d := range p.directives {
			ds = append(ds, map[string]any{"id": d.id, "name": d.name, "content": d.content})
		}
		out["directives"] = ds
	}
	return out
}

// countByType counts memories per fact type.
func countByType(ms []*memory) map[string]int {
	out := map[string]int{}
	for _, m := range ms {
		out[m.factType]++
	}
	return out
}

// applyRefresh stores the plan's result on mm and records the outcome on op. Failed
// outcomes leave the model untouched and fail the operation.
func (s *Server) applyRefresh(mm *mentalModel, p *refreshPlan, op *operation, now time.Time) error {
	outcome := p.outcome
	if p.structuredFailed {
		outcome, p.failureReason = outcomeStructured, "structured_output_failed"
	}
	op.details = map[string]any{"operation_type": "refresh_mental_model", "outcome": outcome}
	op.resultMeta["outcome"] = outcome
	if strings.HasPrefix(outcome, "refresh_failed_") {
		op.details["failure_reason"] = p.failureReason
		op.resultMeta["failure_reason"] = p.failureReason
		return detailf("Mental model %s refresh failed: %s", mm.id, p.failureReason)
	}
	if p.persists() {
		var prev map[string]any
		if mm.reflectResponse != nil {
			prev = map[string]any{"based_on": mm.reflectResponse["based_on"]}
			if tr, ok := mm.reflectResponse["trace"]; ok {
				prev["trace"] = tr
			}
		}
		mm.history = append([]modelChange{{previousContent: mm.content, previousReflectResponse: prev, changedAt: now}}, mm.history...)
		mm.history = mm.history[:min(len(mm.history), maxModelHistory)]
		mm.content = p.candidate
		rr := map[string]any{"text": p.candidate, "based_on": p.basedOn(), "outcome": outcome}
		if p.structured != nil {
			rr["structured_output"] = p.structured
		}
		if keep, _ := mm.trigger["keep_trace"].(bool); keep {
			rr["trace"] = p.trace(now, false)
		}
		mm.reflectResponse = rr
		mm.lastSourceQuery = mm.sourceQuery
	}
	mm.lastRefreshedAt = timePtr(now)
	mm.lastMemorySeenAt = p.watermark
	counts := map[string]int{}
	if basedOn, ok := mm.reflectResponse["based_on"].(map[string]any); ok {
		for k, v := range basedOn {
			if list, ok := v.([]any); ok {
				counts[k] = len(list)
			}
		}
	}
	for k, v := range map[string]any{"content_len": len(mm.content), "populated_content": mm.content != "",
		"based_on_counts": counts, "delta_ops_applied": len(p.deltaApplied), "delta_ops_skipped": len(p.deltaSkipped)} {
		op.resultMeta[k] = v
	}
	return nil
}

// warnings are the plain-text remarks a dry run reports.
func (p *refreshPlan) warnings(mm *mentalModel) []string {
	out := []string{}
	if p.fallbackReason != "" {
		out = append(out, fmt.Sprintf("Requested delta mode ran as a full refresh (%s).", p.fallbackReason))
	}
	if n := len(p.retrieved); p.effectiveMode == "full" && len(p.used) < n {
		out = append(out, fmt.Sprintf("Content was cut to fit max_tokens (%d): %d of %d retrieved facts used.", mm.maxTokens, len(p.used), n))
	}
	switch {
	case p.goneCited == 1:
		out = append(out, "1 memory cited by the current content no longer exists.")
	case p.goneCited > 1:
		out = append(out, fmt.Sprintf("%d memories cited by the current content no longer exist.", p.goneCited))
	}
	if p.structuredFailed {
		out = append(out, "The response_schema could not be filled from the answer; a real refresh would fail.")
	}
	return out
}
