package hindsighttest

import (
	"hindsight-tui/client"
	"slices"
)

// Reflect consults what the real agent consults, in the same order: mental models
// whose name or source query match the question, then observations, then raw facts,
// all scoped by the request's tags. Budget scales how much evidence it gathers, the
// way it scales the real agent's iterations.

// reflectFactLimits is how many facts an answer draws on per budget.
var reflectFactLimits = map[string]int{"low": 5, "mid": 10, "high": 20}

const (
	// minEvidenceScore drops recall hits the reranker found unrelated (graph or
	// temporal neighbours with no word in common), which an agent would not cite.
	minEvidenceScore = 0.05
	// minModelRelevance is the share of query terms a mental model must cover.
	minModelRelevance = 0.5
	maxModels         = 3
)

type reflectEvidence struct {
	models       []scoredModel
	observations []rankedMemory // found by search_observations
	raw          []rankedMemory // found by recall
	facts        []rankedMemory // what the answer uses: observations first, then raw facts
	directives   []*directive
}

type scoredModel struct {
	model     *mentalModel
	relevance float64
}

// gatherEvidence runs the consultations: mental models, then observations, then the
// raw facts no chosen observation already covers, keeping only related hits.
func (s *Server) gatherEvidence(b *bank, req *reflectRequest) reflectEvidence {
	var ev reflectEvidence
	limit := reflectFactLimits[req.budget]
	ev.directives = applicableDirectives(b, req)
	if !req.excludeModels {
		ev.models = relevantModels(b, req)
	}
	q := rankQuery{Text: req.query, Tags: req.tags, TagsMatch: req.tagsMatch, TagGroups: req.tagGroups, Anchor: s.now()}
	if req.allows("observation") {
		q.Types = []string{"observation"}
		ev.observations = relevant(s.rankMemories(b, q), limit)
	}
	var rawTypes []string
	for _, t := range []string{"world", "experience"} {
		if req.allows(t) {
			rawTypes = append(rawTypes, t)
		}
	}
	if len(rawTypes) > 0 {
		q.Types = rawTypes
		// An observation already covers the facts it consolidates.
		ranked, _ := preferObservations(append(slices.Clone(ev.observations), s.rankMemories(b, q)...), len(ev.observations))
		ev.raw = relevant(ranked[len(ev.observations):], limit)
	}
	ev.facts = append(slices.Clone(ev.observations), ev.raw...)
	ev.facts = ev.facts[:min(len(ev.facts), limit)]
	return ev
}

func (r *reflectRequest) allows(factType string) bool {
	return r.factTypes == nil || slices.Contains(r.factTypes, factType)
}

func (r *reflectRequest) inScope(tags []string) bool {
	if len(r.tagGroups) > 0 {
		return matchGroups(tags, r.tagGroups)
	}
	return matchTags(tags, r.tags, r.tagsMatch)
}

func relevant(ranked []rankedMemory, limit int) []rankedMemory {
	var out []rankedMemory
	for _, rm := range ranked {
		if len(out) == limit {
			break
		}
		if rm.reranker >= minEvidenceScore {
			out = append(out, rm)
		}
	}
	return out
}

// relevantModels are the bank's mental models in scope whose name, source query or
// content cover enough of the question, best first.
func relevantModels(b *bank, req *reflectRequest) []scoredModel {
	terms := uniqueTerms(req.query)
	var out []scoredModel
	for _, id := range sortedMapKeys(b.models) {
		m := b.models[id]
		if m.content == "" || slices.Contains(req.excludeModelIDs, m.id) || !req.inScope(m.tags) {
			continue
		}
		about := &memory{text: m.name + " " + m.sourceQuery + " " + m.content}
		if rel := termCoverage(terms, about); rel >= minModelRelevance {
			out = append(out, scoredModel{model: m, relevance: rel})
		}
	}
	slices.SortStableFunc(out, func(a, b scoredModel) int { return compareDesc(a.relevance, b.relevance) })
	return out[:min(len(out), maxModels)]
}

// applicableDirectives are the directives that shape this answer, in the order they
// are injected, by the one rule the UI's preview shows too (client.JudgeDirectives).
func applicableDirectives(b *bank, req *reflectRequest) []*directive {
	all := make([]client.Directive, 0, len(b.directives))
	for _, d := range b.directives {
		all = append(all, client.Directive{ID: d.id, Priority: d.priority, IsActive: d.isActive, Tags: d.tags,
			CreatedAt: client.Time{Time: d.createdAt}})
	}
	scope := client.DirectiveScope{Tags: req.tags, TagsMatch: req.tagsMatch, TagGroups: req.tagGroups,
		ApplyAll: req.applyAllDirectives}
	var out []*directive
	for _, d := range client.AppliedDirectives(all, scope) {
		out = append(out, b.directives[d.ID])
	}
	return out
}
