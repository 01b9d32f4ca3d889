package hindsighttest

import (
	"fmt"
	"net/http"
	"sort"
	"strings"
	"time"
)

// entityItem is EntityListItem / EntityDetailResponse (nulls omitted).
type entityItem struct {
	ID            string         `json:"id"`
	CanonicalName string         `json:"canonical_name"`
	MentionCount  int            `json:"mention_count"`
	FirstSeen     *string        `json:"first_seen,omitempty"`
	LastSeen      *string        `json:"last_seen,omitempty"`
	Metadata      map[string]any `json:"metadata,omitempty"`
	Observations  *[]any         `json:"observations,omitempty"`
}

func entityItemOf(e *entity) entityItem {
	return entityItem{ID: e.id, CanonicalName: e.canonicalName, MentionCount: e.mentionCount,
		FirstSeen: isoPtr(e.firstSeen), LastSeen: isoPtr(e.lastSeen), Metadata: e.metadata}
}

// handleListEntities serves GET …/entities: mention_count DESC, last_seen DESC
// (Postgres puts NULLs first), id ASC.
func (s *Server) handleListEntities(w http.ResponseWriter, r *http.Request, bankID string) {
	q := newRequest(w, r, "limit", "offset")
	limit := q.integer("limit", 100, 0, noMax)
	offset := q.integer("offset", 0, 0, noMax)
	if q.invalid() || !s.authorized(w, r) {
		return
	}
	var ents []*entity
	if b := s.store.banks[bankID]; b != nil {
		for _, e := range b.entities {
			ents = append(ents, e)
		}
	}
	sort.Slice(ents, func(i, j int) bool {
		a, b := ents[i], ents[j]
		if a.mentionCount != b.mentionCount {
			return a.mentionCount > b.mentionCount
		}
		switch {
		case (a.lastSeen == nil) != (b.lastSeen == nil):
			return a.lastSeen == nil
		case a.lastSeen != nil && !a.lastSeen.Equal(*b.lastSeen):
			return a.lastSeen.After(*b.lastSeen)
		}
		return a.id < b.id
	})
	lo, hi := page(len(ents), limit, offset)
	items := make([]entityItem, 0, hi-lo)
	for _, e := range ents[lo:hi] {
		items = append(items, entityItemOf(e))
	}
	writeJSON(w, http.StatusOK, map[string]any{"items": items, "total": len(ents), "limit": limit, "offset": offset})
}

// handleGetEntity serves GET …/entities/{id}; observations are always empty now.
func (s *Server) handleGetEntity(w http.ResponseWriter, r *http.Request, p pathParams) {
	markIgnored(w, ignoredQuery(r))
	raw := p["entity_id"]
	id, ok := canonicalUUID(raw)
	if !ok {
		writeDetail(w, http.StatusBadRequest, fmt.Sprintf("Invalid entity_id: '%s' is not a valid UUID", raw))
		return
	}
	if !s.authorized(w, r) {
		return
	}
	if b := s.store.banks[p["bank_id"]]; b != nil {
		if e := b.entities[id]; e != nil {
			item := entityItemOf(e)
			item.Observations = &[]any{}
			writeJSON(w, http.StatusOK, item)
			return
		}
	}
	writeDetail(w, http.StatusNotFound, fmt.Sprintf("Entity %s not found", raw))
}

// cooccurrence counts how often two entities share a live memory, and when they last
// did (the memory's event time, as the real table tracks the event timeline).
type cooccurrence struct {
	a, b  string
	count int
	last  time.Time
}

// handleEntityGraph serves GET …/entities/graph: co-occurrence edges with a count of
// at least min_count, strongest and then most recent first, the first limit of them;
// nodes are only the entities on those edges, and the totals count this response.
func (s *Server) handleEntityGraph(w http.ResponseWriter, r *http.Request, bankID string) {
	q := newRequest(w, r, "limit", "min_count")
	limit := q.integer("limit", 1000, 0, noMax)
	minCount := q.integer("min_count", 1, -1<<31, noMax)
	if q.invalid() || !s.authorized(w, r) {
		return
	}
	b := s.store.banks[bankID]
	var pairs []*cooccurrence
	if b != nil {
		pairs = cooccurrences(b, minCount)
	}
	pairs = pairs[:min(limit, len(pairs))]
	nodes, edges := []map[string]any{}, []map[string]any{}
	seen := map[string]bool{}
	for _, c := range pairs {
		for _, id := range []string{c.a, c.b} {
			if e := b.entities[id]; e != nil && !seen[id] {
				seen[id] = true
				nodes = append(nodes, map[string]any{"data": map[string]any{
					"id": e.id, "label": e.canonicalName, "mentionCount": e.mentionCount, "color": entityColor(e.mentionCount),
				}})
			}
		}
		edges = append(edges, map[string]any{"data": map[string]any{
			"id": c.a + "-" + c.b, "source": c.a, "target": c.b, "linkType": "cooccurrence", "weight": c.count,
			"color": "#ffd700", "lineStyle": "solid", "lastCooccurred": isoTime(c.last),
		}})
	}
	writeJSON(w, http.StatusOK, map[string]any{
		"nodes": nodes, "edges": edges, "total_entities": len(nodes), "total_edges": len(edges), "limit": limit,
	})
}

// cooccurrences counts entity pairs over the bank's live memories, keeping pairs seen
// at least minCount times, ordered by count DESC, last co-occurrence DESC.
func cooccurrences(b *bank, minCount int) []*cooccurrence {
	byPair := map[[2]string]*cooccurrence{}
	for _, m := range b.memories {
		if m.state == "invalidated" || len(m.entityIDs) < 2 {
			continue
		}
		when := eventTime(m)
		if when.IsZero() {
			when = m.createdAt
		}
		for i, x := range m.entityIDs {
			for _, y := range m.entityIDs[i+1:] {
				if x == y {
					continue
				}
				key := [2]string{min(x, y), max(x, y)}
				c := byPair[key]
				if c == nil {
					c = &cooccurrence{a: key[0], b: key[1]}
					byPair[key] = c
				}
				c.count++
				if when.After(c.last) {
					c.last = when
				}
			}
		}
	}
	var pairs []*cooccurrence
	for _, c := range byPair {
		if c.count >= minCount {
			pairs = append(pairs, c)
		}
	}
	sort.Slice(pairs, func(i, j int) bool {
		x, y := pairs[i], pairs[j]
		if x.count != y.count {
			return x.count > y.count
		}
		if !x.last.Equal(y.last) {
			return x.last.After(y.last)
		}
		return x.a+x.b < y.a+y.b
	})
	return pairs
}

// entityColor shades entity nodes: darker for entities mentioned more than once.
func entityColor(mentions int) string {
	if mentions > 1 {
		return "#42a5f5"
	}
	return "#90caf9"
}

// handleListTags serves GET …/tags: q is an anchored, case-insensitive pattern where
// "*" (and SQL's % and _) are wildcards; counts are memory units (or mental models).
func (s *Server) handleListTags(w http.ResponseWriter, r *http.Request, bankID string) {
	q := newRequest(w, r, "q", "source", "limit", "offset")
	pattern, hasPattern := q.str("q")
	source := q.literal("source", "memories", "memories", "mental_models")
	limit := q.integer("limit", 100, 0, noMax)
	offset := q.integer("offset", 0, 0, noMax)
	if q.invalid() || !s.authorized(w, r) {
		return
	}
	counts := map[string]int{}
	if b := s.store.banks[bankID]; b != nil {
		if source == "mental_models" {
			for _, mm := range b.models {
				for _, t := range mm.tags {
					counts[t]++
				}
			}
		} else {
			for _, m := range b.memories {
				if m.state != "invalidated" {
					for _, t := range m.tags {
						counts[t]++
					}
				}
			}
		}
	}
	like := strings.ReplaceAll(pattern, "*", "%")
	type tagItem struct {
		Tag   string `json:"tag"`
		Count int    `json:"count"`
	}
	var tags []tagItem
	for t, n := range counts {
		if !hasPattern || pattern == "" || likeMatch(t, like) {
			tags = append(tags, tagItem{Tag: t, Count: n})
		}
	}
	sort.Slice(tags, func(i, j int) bool {
		if tags[i].Count != tags[j].Count {
			return tags[i].Count > tags[j].Count
		}
		return tags[i].Tag < tags[j].Tag
	})
	lo, hi := page(len(tags), limit, offset)
	writeJSON(w, http.StatusOK, map[string]any{"items": orEmpty(tags[lo:hi]), "total": len(tags), "limit": limit, "offset": offset})
}
