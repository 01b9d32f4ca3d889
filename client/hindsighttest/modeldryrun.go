package hindsighttest

import (
	"fmt"
	"net/http"
	"slices"
	"time"

	"hindsight-tui/textdiff"
)

// The dry-run refresh shows a refresh plan (MentalModelDryRunRefreshResult) and the
// refresh trace that keep_trace stores; both come from the same plan as a real
// refresh, so a dry run predicts exactly what the refresh would do.

// trace is the MentalModelRefreshTrace of the plan; stored traces (keep_trace) leave
// out the tools' outputs.
func (p *refreshPlan) trace(now time.Time, withOutputs bool) map[string]any {
	var calls []any
	total := 0
	iteration := 0
	for _, tool := range []struct {
		name  string
		types []string
	}{{"search_observations", []string{"observation"}}, {"recall", []string{"world", "experience"}}} {
		var results []any
		for _, m := range p.retrieved {
			for _, t := range tool.types {
				if m.factType == t {
					results = append(results, map[string]any{"id": m.id, "text": m.text, "type": m.factType})
				}
			}
		}
		ms := 25 + 5*len(results)
		total += ms
		call := map[string]any{"tool": tool.name, "input": map[string]any{"query": p.query, "fact_types": tool.types},
			"result_count": len(results), "duration_ms": ms, "iteration": iteration}
		if withOutputs {
			call["output"] = map[string]any{"results": orEmpty(results)}
		}
		calls = append(calls, call)
		iteration++
	}
	llm := []any{}
	for i := 0; i <= iteration; i++ {
		llm = append(llm, map[string]any{"scope": "reflect_tool_call", "duration_ms": 400})
		total += 400
	}
	if p.effectiveMode == "delta" {
		llm = append(llm, map[string]any{"scope": "mental_model_delta_ops", "duration_ms": 600})
		total += 600
	}
	tr := map[string]any{"recorded_at": isoTime(now), "effective_mode": p.effectiveMode, "outcome": p.outcome,
		"tool_calls": calls, "llm_calls": llm, "usage": p.usage, "warnings": []string{}, "duration_ms": total}
	if p.fallbackReason != "" {
		tr["mode_fallback_reason"] = p.fallbackReason
	}
	if ops := p.deltaOperations(); ops != nil {
		tr["delta_operations"] = ops
	}
	return tr
}

// deltaOperations is {applied, skipped} for a refresh that ran in delta mode.
func (p *refreshPlan) deltaOperations() map[string]any {
	if p.effectiveMode != "delta" {
		return nil
	}
	applied, skipped := []any{}, []any{}
	for _, op := range p.deltaApplied {
		applied = append(applied, op)
	}
	for _, op := range p.deltaSkipped {
		skipped = append(skipped, op)
	}
	return map[string]any{"applied": applied, "skipped": skipped}
}

// handleDryRunRefreshModel serves POST …/mental-models/{id}/dry-run-refresh: the
// whole refresh pipeline, persisting nothing.
func (s *Server) handleDryRunRefreshModel(w http.ResponseWriter, r *http.Request, p pathParams) {
	markIgnored(w, ignoredQuery(r))
	if !s.authorized(w, r) {
		return
	}
	var mm *mentalModel
	b := s.store.banks[p["bank_id"]]
	if b != nil {
		mm = b.models[p["mental_model_id"]]
	}
	if mm == nil {
		writeDetail(w, http.StatusNotFound, fmt.Sprintf("Mental model %s not found", p["mental_model_id"]))
		return
	}
	writeJSON(w, http.StatusOK, s.dryRunResult(b, mm, s.now()))
}

// dryRunResult is MentalModelDryRunRefreshResult (nulls omitted).
func (s *Server) dryRunResult(b *bank, mm *mentalModel, now time.Time) map[string]any {
	plan := s.planRefresh(b, mm, now)
	preview := plan.preview(mm.content)
	scope := map[string]any{"tags_match": modelTagsMatch(mm),
		"exclude_mental_models":    mm.trigger["exclude_mental_models"] == true,
		"exclude_mental_model_ids": excludedModels(mm)}
	if len(mm.tags) > 0 {
		scope["tags"] = mm.tags
	}
	if g := mm.trigger["tag_groups"]; g != nil {
		scope["tag_groups"] = g
	}
	if ft := asStrings(mm.trigger["fact_types"]); len(ft) > 0 {
		scope["fact_types"] = ft
	}
	window := map[string]any{"created_before": isoTime(plan.snapshot)}
	if plan.createdAfter != nil {
		window["created_after"] = isoTime(*plan.createdAfter)
	}
	if plan.watermark != nil {
		window["watermark"] = isoTime(*plan.watermark)
	}
	trace := plan.trace(now, true)
	out := map[string]any{
		"mental_model_id": mm.id, "name": mm.name, "requested_mode": plan.requestedMode,
		"effective_mode": plan.effectiveMode, "outcome": plan.outcome, "would_persist": plan.persists(),
		"scope": scope, "window": window,
		"facts":           map[string]any{"retrieved": countByType(plan.retrieved), "used": countByType(plan.used)},
		"based_on":        plan.basedOn(),
		"current_content": mm.content, "candidate_content": plan.candidate, "preview_content": preview,
		"diff":  textdiff.Unified(mm.content, preview, "current", "preview"),
		"trace": trace, "usage": plan.usage, "duration_ms": trace["duration_ms"], "warnings": plan.warnings(mm),
	}
	if plan.fallbackReason != "" {
		out["mode_fallback_reason"] = plan.fallbackReason
	}
	if ops := plan.deltaOperations(); ops != nil {
		out["delta_operations"] = ops
	}
	return out
}

// excludedModels are the models a refresh's reflect never consults: the trigger's
// list plus the model itself.
func excludedModels(mm *mentalModel) []string {
	ids := slices.Clone(asStrings(mm.trigger["exclude_mental_model_ids"]))
	if !slices.Contains(ids, mm.id) {
		ids = append(ids, mm.id)
	}
	return ids
}
