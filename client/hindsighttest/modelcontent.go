package hindsighttest

import (
	"encoding/json"
	"fmt"
	"hindsight-tui/cron"
	"slices"
	"sort"
	"strings"
	"time"
)

// Mental-model triggers, scope and staleness, and the deterministic content a refresh
// writes. The real server answers a model's source query with its reflect agent;
// here the content is composed from the bank's in-scope memories that share words
// with the query.

// defaultTrigger is MentalModelTrigger.model_dump() of an empty trigger.
func defaultTrigger() map[string]any {
	return map[string]any{
		"mode": "full", "refresh_after_consolidation": false, "refresh_cron": nil,
		"min_refresh_interval_seconds": nil, "fact_types": nil, "exclude_mental_models": false,
		"exclude_mental_model_ids": nil, "tags_match": nil, "tag_groups": nil, "include_chunks": nil,
		"recall_max_tokens": nil, "recall_chunks_max_tokens": nil, "response_schema": nil, "keep_trace": false,
	}
}

// parseTrigger validates a MentalModelTrigger object (nil: defaults). The result
// holds every field, unsent ones at their defaults.
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
		if expr := strings.TrimSpace(*v); expr != "" {
			if !cron.Valid(expr) {
				q.valueError(f.at("refresh_cron"), *v, fmt.Sprintf("refresh_cron is not a valid cron expression: '%s'", *v))
			}
			t["refresh_cron"] = expr
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
			if !slices.Contains(allFactTypes, ft) {
				q.fail(literalError(append(f.at("fact_types"), i), ft, allFactTypes))
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
	parseTriggerObjects(q, f, t)
	if t["refresh_after_consolidation"] == true && t["refresh_cron"] != nil {
		q.valueError(f.loc, f.input("refresh_cron"), "refresh_after_consolidation and refresh_cron are mutually "+
			"exclusive: a mental model refreshes either after consolidation or on a cron schedule, not both.")
	}
	return t
}

// parseTriggerObjects validates tag_groups (a tag expression) and response_schema
// (a JSON Schema structured output can fill) like the reflect request does.
func parseTriggerObjects(q *request, f *fields, t map[string]any) {
	pf := &pydanticFields{obj: f.obj}
	if f.has("tag_groups") && !f.null("tag_groups") {
		if parseTagGroups(pf, f.obj["tag_groups"], f.at("tag_groups")...); len(pf.errs) == 0 {
			t["tag_groups"] = f.input("tag_groups")
		}
	}
	if f.has("response_schema") && !f.null("response_schema") {
		if schema, ok := f.input("response_schema").(map[string]any); !ok {
			pf.fail("dict_type", "Input should be a valid dictionary", f.input("response_schema"), nil, f.at("response_schema")...)
		} else if msg := schemaProblem(schema); msg != "" {
			pf.errs = append(pf.errs, valueError(msg, schema, f.at("response_schema")...))
		} else {
			t["response_schema"] = schema
		}
	}
	q.errs = append(q.errs, pf.errs...)
}

// triggerTagGroups decodes the stored tag_groups of a trigger.
func triggerTagGroups(t map[string]any) []tagGroup {
	raw, ok := t["tag_groups"]
	if !ok || raw == nil {
		return nil
	}
	data, err := json.Marshal(raw)
	if err != nil {
		return nil
	}
	var groups []tagGroup
	if json.Unmarshal(data, &groups) != nil {
		return nil
	}
	return groups
}

// modelTagsMatch is the mode a model scopes its memories with: the trigger's, else
// all_strict for a tagged model and any for an untagged one.
func modelTagsMatch(mm *mentalModel) string {
	if mode, _ := mm.trigger["tags_match"].(string); mode != "" {
		return mode
	}
	if len(mm.tags) > 0 {
		return "all_strict"
	}
	return "any"
}

// modelInScope reports whether m feeds mm: live, of the trigger's fact types, and
// matching the trigger's tag_groups if set, else the model's tags.
func modelInScope(mm *mentalModel, m *memory) bool {
	if m.state == "invalidated" {
		return false
	}
	if types := asStrings(mm.trigger["fact_types"]); len(types) > 0 && !slices.Contains(types, m.factType) {
		return false
	}
	if groups := triggerTagGroups(mm.trigger); len(groups) > 0 {
		return matchGroups(m.tags, groups)
	}
	return matchTags(m.tags, mm.tags, modelTagsMatch(mm))
}

// inScopeMemories lists the memories feeding mm, in insertion order.
func inScopeMemories(b *bank, mm *mentalModel) []*memory {
	var out []*memory
	for _, id := range b.memoryOrder {
		if m := b.memories[id]; m != nil && modelInScope(mm, m) {
			out = append(out, m)
		}
	}
	return out
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

// staleSince is the instant a model's staleness is measured from: its data
// watermark, else its last refresh.
func staleSince(mm *mentalModel) *time.Time {
	if mm.lastMemorySeenAt != nil {
		return mm.lastMemorySeenAt
	}
	return mm.lastRefreshedAt
}

// modelIsStale applies the server's rule: an in-scope memory was written (updated_at)
// after the model's watermark. withCited adds the single-model GET's extra check: a
// memory cited in the stored answer no longer exists (deleted or invalidated).
func modelIsStale(b *bank, mm *mentalModel, withCited bool) bool {
	since := staleSince(mm)
	if since == nil {
		return true
	}
	if b == nil {
		return false
	}
	for _, m := range b.memories {
		if m.updatedAt.After(*since) && modelInScope(mm, m) {
			return true
		}
	}
	if withCited {
		for _, id := range citedMemoryIDs(mm.reflectResponse) {
			if m := b.memories[id]; m == nil || m.state == "invalidated" {
				return true
			}
		}
	}
	return false
}

// citedMemoryIDs are the memory ids in a stored reflect_response's based_on, whose
// keys are fact types (or "memories" in the reflect shape).
func citedMemoryIDs(rr map[string]any) []string {
	basedOn, _ := rr["based_on"].(map[string]any)
	var ids []string
	for _, key := range []string{"world", "experience", "observation", "memories"} {
		items, _ := basedOn[key].([]any)
		if list, ok := basedOn[key].([]map[string]any); ok {
			for _, it := range list {
				items = append(items, it)
			}
		}
		for _, it := range items {
			if obj, ok := it.(map[string]any); ok {
				if id, ok := obj["id"].(string); ok {
					ids = append(ids, id)
				}
			}
		}
	}
	return ids
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

// scoredMemory is a candidate with its word overlap with the source query.
type scoredMemory struct {
	m     *memory
	score int
}

// rankEvidence scores candidates by the words they share with query (observations
// first among equals), then by most recent mention.
func rankEvidence(query string, candidates []*memory) []scoredMemory {
	terms := queryTerms(query)
	all := make([]scoredMemory, 0, len(candidates))
	for _, m := range candidates {
		text, score := strings.ToLower(m.text), 0
		for _, t := range terms {
			if strings.Contains(text, t) {
				score += 2
			}
		}
		if score > 0 && m.factType == "observation" {
			score++
		}
		all = append(all, scoredMemory{m, score})
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
	return all
}

// pickEvidence keeps what the agent would use: up to eight memories sharing words
// with the query, or the five most recent when none does.
func pickEvidence(ranked []scoredMemory) []*memory {
	var picked []*memory
	for _, sc := range ranked {
		switch {
		case ranked[0].score > 0 && (sc.score == 0 || len(picked) == 8):
			return picked
		case ranked[0].score == 0 && len(picked) == 5:
			return picked
		}
		picked = append(picked, sc.m)
	}
	return picked
}

// composeModel writes the markdown answer from evidence, within the model's token
// budget, and returns the memories it cites.
func composeModel(b *bank, mm *mentalModel, evidence []*memory) (string, []*memory) {
	var sb strings.Builder
	fmt.Fprintf(&sb, "## %s\n\n", mm.name)
	fmt.Fprintf(&sb, "What the bank's memories say about: *%s*\n\n", mm.sourceQuery)
	var used []*memory
	for _, m := range evidence {
		line := "- " + m.text + "\n"
		if mm.maxTokens > 0 && estimateTokens(sb.String()+line) > mm.maxTokens && len(used) > 0 {
			break
		}
		sb.WriteString(line)
		used = append(used, m)
	}
	if names := evidenceEntities(b, used); len(names) > 0 {
		fmt.Fprintf(&sb, "\nKey entities: %s.\n", strings.Join(names, ", "))
	}
	return sb.String(), used
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
