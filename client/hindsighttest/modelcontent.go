package hindsighttest

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"time"
)

// Mental-model triggers and refreshes. The real server answers a model's source query
// with its reflect agent; here the content is composed deterministically from the
// bank's in-scope memories that share words with the query.

// defaultTrigger is MentalModelTrigger.model_dump() of an empty trigger.
func defaultTrigger() map[string]any {
	return map[string]any{
		"mode": "full", "refresh_after_consolidation": false, "refresh_cron": nil,
		"min_refresh_interval_seconds": nil, "fact_types": nil, "exclude_mental_models": false,
		"exclude_mental_model_ids": nil, "tags_match": nil, "tag_groups": nil, "include_chunks": nil,
		"recall_max_tokens": nil, "recall_chunks_max_tokens": nil, "response_schema": nil, "keep_trace": false,
	}
}

// parseTrigger validates a MentalModelTrigger object (nil: defaults).
func parseTrigger(q *request, f *fields) map[string]any {
	t := defaultTrigger()
	if f == nil {
		return t
	}
	if v := f.str("mode"); v != nil {
		if *v != "full" && *v != "delta" {
			q.fail(literalError(f.at("mode"), *v, []string{"full", "delta"}))
		}
		t["mode"] = *v
	}
	for _, key := range []string{"refresh_after_consolidation", "exclude_mental_models", "keep_trace", "include_chunks"} {
		if v := f.boolean(key); v != nil {
			t[key] = *v
		}
	}
	if v := f.str("refresh_cron"); v != nil {
		if cron := strings.TrimSpace(*v); cron != "" {
			if !validCron(cron) {
				q.valueError(f.at("refresh_cron"), *v, fmt.Sprintf("refresh_cron is not a valid cron expression: '%s'", cron))
			}
			t["refresh_cron"] = cron
		}
	}
	for _, key := range []string{"min_refresh_interval_seconds", "recall_max_tokens", "recall_chunks_max_tokens"} {
		ge := -1 << 31
		if key == "min_refresh_interval_seconds" {
			ge = 0
		}
		if v := f.integer(key, ge, noMax); v != nil {
			t[key] = *v
		}
	}
	if f.has("fact_types") && !f.null("fact_types") {
		types := f.strList("fact_types")
		for i, ft := range types {
			if ft != "world" && ft != "experience" && ft != "observation" {
				q.fail(literalError(append(f.at("fact_types"), i), ft, []string{"world", "experience", "observation"}))
			}
		}
		if types != nil && len(types) == 0 {
			q.valueError(f.at("fact_types"), []any{}, "fact_types must not be empty. Use null to include all fact types.")
		}
		t["fact_types"] = types
	}
	if ids := f.strList("exclude_mental_model_ids"); ids != nil {
		t["exclude_mental_model_ids"] = ids
	}
	if v := f.str("tags_match"); v != nil {
		if !slices.Contains(tagModes, *v) {
			q.fail(literalError(f.at("tags_match"), *v, tagModes))
		}
		t["tags_match"] = *v
	}
	for _, key := range []string{"tag_groups", "response_schema"} {
		if f.has(key) && !f.null(key) {
			t[key] = f.input(key)
		}
	}
	if t["refresh_after_consolidation"] == true && t["refresh_cron"] != nil {
		q.valueError(f.loc, f.input("refresh_cron"), "refresh_after_consolidation and refresh_cron are mutually "+
			"exclusive: a mental model refreshes either after consolidation or on a cron schedule, not both.")
	}
	return t
}

// modelInScope reports whether m feeds mm: live, of the trigger's fact types, and
// matching the model's tags (all_strict when the model has tags, any otherwise,
// unless the trigger says otherwise).
func modelInScope(mm *mentalModel, m *memory) bool {
	if m.state == "invalidated" {
		return false
	}
	if types := asStrings(mm.trigger["fact_types"]); len(types) > 0 && !slices.Contains(types, m.factType) {
		return false
	}
	mode, _ := mm.trigger["tags_match"].(string)
	if mode == "" {
		mode = "any"
		if len(mm.tags) > 0 {
			mode = "all_strict"
		}
	}
	return matchTags(m.tags, mm.tags, mode)
}

// asStrings reads a []string stored natively or decoded from JSON.
func asStrings(v any) []string {
	switch v := v.(type) {
	case []string:
		return v
	case []any:
		out := make([]string, 0, len(v))
		for _, x := range v {
			if s, ok := x.(string); ok {
				out = append(out, s)
			}
		}
		return out
	}
	return nil
}

// modelIsStale: some in-scope memory was written after the model last looked.
func modelIsStale(b *bank, mm *mentalModel) bool {
	if b == nil {
		return false
	}
	for _, m := range b.memories {
		if modelInScope(mm, m) && (mm.lastMemorySeenAt == nil || m.createdAt.After(*mm.lastMemorySeenAt)) {
			return true
		}
	}
	return false
}

// queryTerms are the distinctive lower-cased words of a question.
func queryTerms(query string) []string {
	stop := map[string]bool{"the": true, "and": true, "what": true, "does": true, "how": true, "which": true,
		"who": true, "are": true, "for": true, "with": true, "about": true, "that": true, "this": true, "its": true,
		"have": true, "has": true, "was": true, "were": true, "why": true, "when": true, "where": true, "our": true}
	var terms []string
	for _, w := range strings.FieldsFunc(strings.ToLower(query), func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r > 127)
	}) {
		if len(w) >= 3 && !stop[w] && !slices.Contains(terms, w) {
			terms = append(terms, w)
		}
	}
	return terms
}

// modelEvidence picks the memories a refresh builds on: those sharing the most words
// with the source query (observations first among equals), else the most recent.
func modelEvidence(b *bank, mm *mentalModel) (picked []*memory, newest *time.Time) {
	terms := queryTerms(mm.sourceQuery)
	type scored struct {
		m     *memory
		score int
	}
	var all []scored
	for _, m := range b.memories {
		if !modelInScope(mm, m) {
			continue
		}
		if newest == nil || m.createdAt.After(*newest) {
			newest = timePtr(m.createdAt)
		}
		text, score := strings.ToLower(m.text), 0
		for _, t := range terms {
			if strings.Contains(text, t) {
				score += 2
			}
		}
		if score > 0 && m.factType == "observation" {
			score++
		}
		all = append(all, scored{m, score})
	}
	sort.Slice(all, func(i, j int) bool {
		if all[i].score != all[j].score {
			return all[i].score > all[j].score
		}
		if laterMention(all[i].m, all[j].m) != laterMention(all[j].m, all[i].m) {
			return laterMention(all[i].m, all[j].m)
		}
		return all[i].m.id < all[j].m.id
	})
	for _, sc := range all {
		switch {
		case all[0].score > 0 && (sc.score == 0 || len(picked) == 8):
			return picked, newest
		case all[0].score == 0 && len(picked) == 5:
			return picked, newest
		}
		picked = append(picked, sc.m)
	}
	return picked, newest
}

// refreshModel regenerates mm's content and returns the refresh outcome.
func (s *Server) refreshModel(b *bank, mm *mentalModel, now time.Time) string {
	evidence, newest := modelEvidence(b, mm)
	if len(evidence) == 0 && mm.content != "" && mm.content != placeholderContent {
		mm.lastRefreshedAt = timePtr(now)
		return "content_preserved_no_new_facts"
	}
	content, facts := composeModel(b, mm, evidence)
	rr := map[string]any{"text": content, "based_on": map[string]any{
		"memories": facts, "mental_models": []any{}, "directives": []any{},
	}}
	outcome := "content_unchanged"
	if content != mm.content {
		outcome = "content_written"
		mm.history = append([]modelChange{{previousContent: mm.content, previousReflectResponse: mm.reflectResponse, changedAt: now}}, mm.history...)
		mm.content = content
	}
	mm.reflectResponse = rr
	mm.lastRefreshedAt = timePtr(now)
	if newest != nil {
		mm.lastMemorySeenAt = newest
	}
	return outcome
}

// composeModel writes the markdown answer, within the model's token budget, and the
// reflect-style list of facts it is based on.
func composeModel(b *bank, mm *mentalModel, evidence []*memory) (string, []map[string]any) {
	var sb strings.Builder
	fmt.Fprintf(&sb, "## %s\n\n", mm.name)
	if len(evidence) == 0 {
		sb.WriteString("No memories in this bank answer this yet.\n")
		return sb.String(), []map[string]any{}
	}
	fmt.Fprintf(&sb, "What the bank's memories say about: *%s*\n\n", mm.sourceQuery)
	facts := []map[string]any{}
	for _, m := range evidence {
		line := "- " + m.text + "\n"
		if mm.maxTokens > 0 && estimateTokens(sb.String()+line) > mm.maxTokens && len(facts) > 0 {
			break
		}
		sb.WriteString(line)
		fact := map[string]any{"id": m.id, "text": m.text, "type": m.factType}
		if m.context != "" {
			fact["context"] = m.context
		}
		if m.occurredStart != nil {
			fact["occurred_start"] = isoTime(*m.occurredStart)
		}
		facts = append(facts, fact)
	}
	if names := evidenceEntities(b, evidence); len(names) > 0 {
		fmt.Fprintf(&sb, "\nKey entities: %s.\n", strings.Join(names, ", "))
	}
	return sb.String(), facts
}

// evidenceEntities lists up to five entity names across the evidence, in order.
func evidenceEntities(b *bank, evidence []*memory) []string {
	var names []string
	for _, m := range evidence {
		for _, n := range entityNames(b, m) {
			if len(names) < 5 && !slices.Contains(names, n) {
				names = append(names, n)
			}
		}
	}
	return names
}
