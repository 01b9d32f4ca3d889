package hindsighttest

import (
	"slices"
	"sort"
	"strings"
	"time"
)

// Consolidation turns facts into observations deterministically, standing in for the
// LLM: within each observation scope (a tag set), the facts that share their first
// entity become one observation citing them all; a fact without entities becomes an
// observation of its own. A later run adds new facts to the matching observation
// (same scope, same entity) instead of writing a second one, recording the change in
// the observation's history.

// factScopes are the tag sets a fact's observations live under, from the
// observation_scopes it was retained with: combined (default) = its whole tag set,
// per_tag = each tag alone, all_combinations = every non-empty subset, shared = the
// global (untagged) scope, or an explicit list of tag sets. An untagged fact always
// consolidates into the global scope.
func factScopes(m *memory) [][]string {
	tags := sortedSet(m.tags)
	if len(tags) == 0 {
		return [][]string{{}}
	}
	switch v := m.observationScopes.(type) {
	case string:
		switch v {
		case "per_tag":
			out := make([][]string, len(tags))
			for i, t := range tags {
				out[i] = []string{t}
			}
			return out
		case "all_combinations":
			return tagSubsets(tags)
		case "shared":
			return [][]string{{}}
		}
	case [][]string:
		var out [][]string
		seen := map[string]bool{}
		for _, sc := range v {
			sc = sortedSet(sc)
			if k := scopeKey(sc); !seen[k] {
				seen[k] = true
				out = append(out, sc)
			}
		}
		if len(out) > 0 {
			return out
		}
	}
	return [][]string{tags}
}

// tagSubsets lists the non-empty subsets of tags (at most 2^8 of them), each sorted.
func tagSubsets(tags []string) [][]string {
	tags = tags[:min(len(tags), 8)]
	var out [][]string
	for mask := 1; mask < 1<<len(tags); mask++ {
		var sub []string
		for i, t := range tags {
			if mask&(1<<i) != 0 {
				sub = append(sub, t)
			}
		}
		out = append(out, sub)
	}
	return out
}

func sortedSet(tags []string) []string {
	out := slices.Clone(tags)
	sort.Strings(out)
	return slices.Compact(out)
}

func scopeKey(tags []string) string { return strings.Join(tags, "\x1f") }

// coversScope reports whether tags contain every tag of scope (a scoped consolidation
// request only takes facts whose tags are a superset of one of its scopes).
func coversScope(tags, scope []string) bool {
	for _, t := range scope {
		if !slices.Contains(tags, t) {
			return false
		}
	}
	return true
}

// observationKey identifies what a fact is about: its first entity, or the fact
// itself when it has none.
func observationKey(m *memory) string {
	if len(m.entityIDs) > 0 {
		return "entity:" + m.entityIDs[0]
	}
	return "fact:" + m.id
}

// obsAction is one observation a consolidation batch creates or updates.
type obsAction struct {
	obs   *memory // existing observation to update; nil creates one
	scope []string
	key   string
	label string // what the observation is about, for the LLM output
	facts []*memory
}

// observationIndex finds a bank's live observations by scope and key.
type observationIndex map[string]*memory

func indexObservations(b *bank) observationIndex {
	idx := observationIndex{}
	for _, id := range b.memoryOrder {
		o := b.memories[id]
		if o.factType != "observation" || o.state != "valid" || len(o.sourceIDs) == 0 {
			continue
		}
		src := b.memories[o.sourceIDs[0]]
		if src == nil {
			continue
		}
		k := scopeKey(sortedSet(o.tags)) + "\x00" + observationKey(src)
		if _, dup := idx[k]; !dup {
			idx[k] = o
		}
	}
	return idx
}

// plan groups facts into observation actions against the current observations.
func (idx observationIndex) plan(b *bank, facts []*memory) []*obsAction {
	var out []*obsAction
	byKey := map[string]*obsAction{}
	for _, f := range facts {
		for _, sc := range factScopes(f) {
			k := scopeKey(sc) + "\x00" + observationKey(f)
			a := byKey[k]
			if a == nil {
				a = &obsAction{obs: idx[k], scope: sc, key: observationKey(f), label: f.text}
				if len(f.entityIDs) > 0 {
					if e := b.entities[f.entityIDs[0]]; e != nil {
						a.label = e.canonicalName
					}
				}
				byKey[k] = a
				out = append(out, a)
			}
			a.facts = append(a.facts, f)
		}
	}
	return out
}

// apply writes the action's observation and indexes it; it reports whether the
// observation is new.
func (idx observationIndex) apply(b *bank, a *obsAction, now time.Time) (*memory, bool) {
	if a.obs == nil || b.memories[a.obs.id] != a.obs {
		o := &memory{
			id: derivedID(b.id, "observation", scopeKey(a.scope), a.key, now.String()), bankID: b.id,
			factType: "observation", createdAt: now, updatedAt: now, tags: orEmpty(slices.Clone(a.scope)),
			proofCount: 1, state: "valid",
		}
		addSources(b, o, a.facts)
		b.insertMemory(o)
		idx[scopeKey(a.scope)+"\x00"+a.key] = o
		a.obs = o
		return o, true
	}
	o := a.obs
	prev := observationChange{previousText: o.text, previousTags: slices.Clone(o.tags),
		previousMentionedAt: o.mentionedAt, changedAt: now}
	before := len(o.sourceIDs)
	addSources(b, o, a.facts)
	prev.newSourceIDs = slices.Clone(o.sourceIDs[before:])
	o.history = append(o.history, prev)
	o.updatedAt = now
	b.rev++
	return o, false
}

// addSources cites facts (once each) and rewrites the observation from all its
// sources: text, proof count and dates.
func addSources(b *bank, o *memory, facts []*memory) {
	for _, f := range facts {
		if !slices.Contains(o.sourceIDs, f.id) {
			o.sourceIDs = append(o.sourceIDs, f.id)
		}
	}
	var srcs []*memory
	for _, id := range o.sourceIDs {
		if m := b.memories[id]; m != nil {
			srcs = append(srcs, m)
		}
	}
	o.proofCount = max(len(o.sourceIDs), 1)
	o.text = sourcesText(srcs)
	o.mentionedAt, o.occurredStart, o.occurredEnd = nil, nil, nil
	for _, m := range srcs {
		if t := factTime(m); o.mentionedAt == nil || t.After(*o.mentionedAt) {
			o.mentionedAt = timePtr(t)
		}
		if m.occurredStart != nil && (o.occurredStart == nil || m.occurredStart.Before(*o.occurredStart)) {
			o.occurredStart = timePtr(*m.occurredStart)
		}
		if m.occurredEnd != nil && (o.occurredEnd == nil || m.occurredEnd.After(*o.occurredEnd)) {
			o.occurredEnd = timePtr(*m.occurredEnd)
		}
	}
}

// factTime is when a fact was said, or stored when it carries no timestamp.
func factTime(m *memory) time.Time {
	if m.mentionedAt != nil {
		return *m.mentionedAt
	}
	return m.createdAt
}

// sourcesText restates the sources oldest first: up to four of their sentences, then
// how many more back it up.
func sourcesText(srcs []*memory) string {
	srcs = slices.Clone(srcs)
	sort.SliceStable(srcs, func(i, j int) bool { return factTime(srcs[i]).Before(factTime(srcs[j])) })
	var parts []string
	for i, m := range srcs {
		if i == 4 {
			parts = append(parts, "("+countNoun(len(srcs)-4, "more fact", "more facts")+" agree.)")
			break
		}
		parts = append(parts, withFinalStop(strings.TrimSpace(m.text)))
	}
	return strings.Join(parts, " ")
}
