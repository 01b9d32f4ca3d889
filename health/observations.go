package health

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"strings"

	"hindsight-tui/client"
)

// Scope explosion thresholds: a bank with at least explosionScopes scopes, more than
// half of them holding a single observation, or one text learned in copyScopes scopes.
const (
	explosionScopes = 10
	copyScopes      = 5
	scopeSample     = 50 // scopes kept as evidence, most populous first
	copySample      = 5  // repeated texts kept as evidence
)

// observationScopes finds an explosion of observation scopes: consolidation learns
// separately in every tag set it is given, so an agent that tags each chat with its own
// session id gets one scope per session, each holding the same few rules. It warns when
// the bank has at least 10 scopes and more than half hold a single observation, or when
// one observation text (compared case- and space-insensitively) is learned in 5 or more
// scopes among the newest 200 observations: knowledge is duplicated, not lost.
//
// Requests: 1 scopes list and the observations page shared with duplicate_observations
// (1 request of ≤200).
func observationScopes(r *run) Check {
	const id = ObservationScopes
	scopes, err := call(r, func(ctx context.Context) ([]client.ObservationScopeCount, error) {
		return r.c.ListObservationScopes(ctx, r.bank)
	})
	if err != nil {
		return r.errorCheck(id, err)
	}
	page, err := r.observationPage()
	if err != nil {
		return r.errorCheck(id, err)
	}
	if len(scopes) == 0 {
		return Check{ID: id, Status: OK, Summary: "no observations yet"}
	}
	var ev Evidence
	singles := 0
	for i, s := range scopes {
		if s.Count == 1 {
			singles++
		}
		if i < scopeSample {
			ev.Scopes = append(ev.Scopes, Scope{Tags: s.Tags, Count: s.Count})
		}
	}
	ev.Copies = copies(page.Items)
	exploded := len(scopes) >= explosionScopes && singles*2 > len(scopes)
	copied := len(ev.Copies) > 0 && ev.Copies[0].Scopes >= copyScopes
	if !exploded && !copied {
		return Check{ID: id, Status: OK, Evidence: ev,
			Summary: fmt.Sprintf("%s; the largest holds %s", plural(len(scopes), "scope"), plural(scopes[0].Count, "observation"))}
	}
	var parts []string
	if exploded {
		parts = append(parts, fmt.Sprintf("%s, %d of them holding a single observation", plural(len(scopes), "scope"), singles))
	}
	if copied {
		parts = append(parts, fmt.Sprintf("one text is learned in %d scopes: %s", ev.Copies[0].Scopes, quote(ev.Copies[0].Text, 60)))
	}
	return Check{ID: id, Status: Warn, Evidence: ev, Summary: strings.Join(parts, "; "),
		Fix: `scope retains by what should be learned together (observation_scopes "shared" or [[tag]]), not per session; then rebuild observations`}
}

// copies counts, per observation text, the scopes that hold it, for texts held by more
// than one scope: most copied first.
func copies(obs []client.Memory) []Copy {
	scopesOf := map[string]map[string]bool{}
	text := map[string]string{}
	for _, o := range obs {
		key := strings.ToLower(strings.Join(strings.Fields(o.Text), " "))
		if scopesOf[key] == nil {
			scopesOf[key], text[key] = map[string]bool{}, o.Text
		}
		scopesOf[key][scopeKey(o.Tags)] = true
	}
	var out []Copy
	for key, s := range scopesOf {
		if len(s) > 1 {
			out = append(out, Copy{Text: text[key], Scopes: len(s)})
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Scopes != out[j].Scopes {
			return out[i].Scopes > out[j].Scopes
		}
		return out[i].Text < out[j].Text
	})
	return out[:min(len(out), copySample)]
}

// scopeKey identifies a tag set regardless of order.
func scopeKey(tags []string) string {
	s := slices.Clone(tags)
	sort.Strings(s)
	return strings.Join(s, "\x00")
}

// Near-duplicate search limits: the newest duplicateSample observations are each
// recalled, and a pair counts from duplicateThreshold similarity (see similarity).
const (
	duplicateSample    = 50
	duplicateThreshold = 0.8
	recallQueryRunes   = 1000 // a recall query over 500 tokens is refused
	recallMaxTokens    = 1024
	pairSample         = 50 // pairs kept as evidence, most similar first
)

// duplicateObservations finds pairs of observations in one scope that say nearly the
// same thing although they were built from different source facts (so from different
// retains): consolidation should have merged them, and recall now spends its budget on
// both. For each of the newest 50 observations it recalls the observation's text among
// observations with exactly its tags (recall does the candidate search, so the check
// does not compare every pair), then keeps the hits whose content words overlap by
// 0.8 or more (see similarity) and that share no source fact. Observations in different
// scopes are kept apart on purpose; copies across scopes are observation_scopes'
// finding. It warns: recall is noisier, nothing is lost.
//
// Requests: the observations page shared with observation_scopes (1 request of ≤200)
// and 1 recall per observation, ≤50.
func duplicateObservations(r *run) Check {
	const id = DuplicateObservations
	page, err := r.observationPage()
	if err != nil {
		return r.errorCheck(id, err)
	}
	known := map[string]client.Memory{}
	for _, m := range page.Items {
		known[m.ID] = m
	}
	sample := page.Items[:min(len(page.Items), duplicateSample)]
	seen := map[[2]string]bool{}
	var ev Evidence
	for _, o := range sample {
		res, err := call(r, func(ctx context.Context) (*client.RecallResponse, error) {
			return r.c.Recall(ctx, r.bank, lookalikeQuery(o))
		})
		if err != nil {
			return r.errorCheck(id, err)
		}
		for _, hit := range res.Results {
			b, ok := known[hit.ID]
			if !ok {
				b = client.Memory{ID: hit.ID, Text: hit.Text, FactType: hit.Type, Tags: hit.Tags, SourceMemoryIDs: hit.SourceFactIDs}
			}
			pair := [2]string{min(o.ID, b.ID), max(o.ID, b.ID)}
			if o.ID == b.ID || seen[pair] || !isDuplicate(o, b) {
				continue
			}
			seen[pair] = true
			ev.Duplicates = append(ev.Duplicates, DuplicatePair{A: factOf(o), B: factOf(b), Similarity: similarity(o.Text, b.Text)})
		}
	}
	checked := fmt.Sprintf("%s checked", plural(len(sample), "observation"))
	found := len(ev.Duplicates)
	if len(sample) == 0 {
		return Check{ID: id, Status: OK, Summary: "no observations yet"}
	}
	if found == 0 {
		return Check{ID: id, Status: OK, Summary: "no near-duplicate observations; " + checked}
	}
	sort.SliceStable(ev.Duplicates, func(i, j int) bool { return ev.Duplicates[i].Similarity > ev.Duplicates[j].Similarity })
	ev.Duplicates = ev.Duplicates[:min(found, pairSample)]
	top := ev.Duplicates[0]
	return Check{ID: id, Status: Warn, Evidence: ev,
		Summary: fmt.Sprintf("%s (%s), e.g. %s ≈ %s", plural(found, "near-duplicate pair"), checked,
			quote(top.A.Text, 50), quote(top.B.Text, 50)),
		Fix: "clear one copy's observations through a source fact (DELETE " + r.bankPath("memories", "ID", "observations") +
			") so consolidation rebuilds it into the other"}
}

// lookalikeQuery recalls observations like o in o's scope only: tags_match exact
// selects exactly o's tag set (the untagged scope when o has none). Entities are not
// needed; source facts are asked for with no budget, for their ids alone.
func lookalikeQuery(o client.Memory) client.RecallRequest {
	q := []rune(o.Text)
	zero := 0
	return client.RecallRequest{
		Query:     string(q[:min(len(q), recallQueryRunes)]),
		Types:     []string{client.FactObservation},
		Budget:    "low",
		MaxTokens: client.Ptr(recallMaxTokens),
		Tags:      o.Tags,
		TagsMatch: "exact",
		Include: &client.RecallInclude{NoEntities: true,
			SourceFacts: &client.SourceFactsInclude{MaxTokens: &zero, MaxTokensPerObservation: &zero}},
	}
}

// isDuplicate: both observations, one scope, similar enough, and no shared source fact
// (an unknown source list proves nothing, so it does not count).
func isDuplicate(a, b client.Memory) bool {
	if b.FactType != client.FactObservation || scopeKey(a.Tags) != scopeKey(b.Tags) ||
		len(a.SourceMemoryIDs) == 0 || len(b.SourceMemoryIDs) == 0 {
		return false
	}
	for _, s := range b.SourceMemoryIDs {
		if slices.Contains(a.SourceMemoryIDs, s) {
			return false
		}
	}
	return similarity(a.Text, b.Text) >= duplicateThreshold
}
