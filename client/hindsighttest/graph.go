package hindsighttest

import (
	"net/http"
	"sort"
	"strings"
	"time"
)

// graphMaxEdges caps the stored links the graph reads, as the real query does.
const graphMaxEdges = 10000

// graphNeighbors is how many following units sharing an entity each unit links to.
const graphNeighbors = 10

// graphFilter is the query of GET …/graph.
type graphFilter struct {
	factType, q, tagsMatch, documentID, chunkID string
	hasType, hasQ                               bool
	tags                                        []string
	limit                                       int
}

// handleGraph serves GET …/graph: the bank's memories as nodes (newest first), stored
// and derived links between them as edges, and the same units as table rows.
func (s *Server) handleGraph(w http.ResponseWriter, r *http.Request, bankID string) {
	q := newRequest(w, r, "type", "limit", "q", "tags", "tags_match", "document_id", "chunk_id")
	var f graphFilter
	f.factType, f.hasType = q.str("type")
	f.q, f.hasQ = q.str("q")
	f.tags = q.strs("tags")
	f.tagsMatch, _ = q.str("tags_match")
	if _, ok := q.query["tags_match"]; !ok {
		f.tagsMatch = "all_strict"
	}
	f.documentID, _ = q.str("document_id")
	f.chunkID, _ = q.str("chunk_id")
	f.limit = q.integer("limit", 1000, 0, noMax)
	if q.invalid() || !s.authorized(w, r) {
		return
	}
	var units []*memory
	total := 0
	b := s.store.banks[bankID]
	if b != nil {
		units = graphUnits(b, f)
		total = len(units)
		units = units[:min(f.limit, len(units))]
	}
	g := buildGraph(b, units)
	writeJSON(w, http.StatusOK, map[string]any{"nodes": g.nodes, "edges": g.edges, "table_rows": g.rows,
		"total_units": total, "limit": f.limit})
}

// graphUnits are the live memories matching f, in graph order: mentioned_at DESC
// NULLS LAST, then event date DESC (where Postgres puts NULLs first).
func graphUnits(b *bank, f graphFilter) []*memory {
	match := likeMatcher(f.q)
	viaSources := func(m *memory, pred func(*memory) bool) bool {
		if m.factType != "observation" {
			return false
		}
		for _, sid := range m.sourceIDs {
			if src := b.memories[sid]; src != nil && src.state != "invalidated" && pred(src) {
				return true
			}
		}
		return false
	}
	var out []*memory
	for _, id := range b.memoryOrder {
		m := b.memories[id]
		if m == nil || m.state == "invalidated" {
			continue
		}
		switch {
		case f.hasType && f.factType != "" && m.factType != f.factType,
			f.documentID != "" && m.documentID != f.documentID &&
				!viaSources(m, func(src *memory) bool { return src.documentID == f.documentID }),
			f.chunkID != "" && m.chunkID != f.chunkID &&
				!viaSources(m, func(src *memory) bool { return src.chunkID == f.chunkID }),
			f.hasQ && f.q != "" && !match(m.text) && !match(m.context),
			!matchTags(m.tags, f.tags, f.tagsMatch):
			continue
		}
		out = append(out, m)
	}
	sort.SliceStable(out, func(i, j int) bool {
		a, c := out[i], out[j]
		if (a.mentionedAt == nil) != (c.mentionedAt == nil) {
			return a.mentionedAt != nil
		}
		if a.mentionedAt != nil && !a.mentionedAt.Equal(*c.mentionedAt) {
			return a.mentionedAt.After(*c.mentionedAt)
		}
		ea, ec := eventDate(a), eventDate(c)
		if (ea == nil) != (ec == nil) {
			return ea == nil
		}
		if ea != nil && *ea != *ec {
			return eventTime(a).After(eventTime(c))
		}
		return a.createdAt.After(c.createdAt)
	})
	return out
}

// eventTime is the legacy event date as a time (occurred_start, else mentioned_at).
func eventTime(m *memory) time.Time {
	if m.occurredStart != nil {
		return *m.occurredStart
	}
	if m.mentionedAt != nil {
		return *m.mentionedAt
	}
	return time.Time{}
}

type graphData struct {
	nodes, edges, rows []map[string]any
}

// graphEntities maps each visible unit to its entity names; an observation without
// entities of its own inherits those of its live source facts, in order, once each.
func graphEntities(b *bank, units []*memory) map[string][]string {
	out := map[string][]string{}
	for _, m := range units {
		names := liveEntityNames(b, m)
		if len(names) == 0 && len(m.sourceIDs) > 0 {
			seen := map[string]bool{}
			for _, sid := range m.sourceIDs {
				src := b.memories[sid]
				if src == nil || src.state == "invalidated" {
					continue
				}
				for _, n := range liveEntityNames(b, src) {
					if !seen[n] {
						seen[n] = true
						names = append(names, n)
					}
				}
			}
		}
		out[m.id] = names
	}
	return out
}

func liveEntityNames(b *bank, m *memory) []string {
	var out []string
	for _, id := range m.entityIDs {
		if e := b.entities[id]; e != nil {
			out = append(out, e.canonicalName)
		}
	}
	return out
}

// buildGraph assembles nodes, edges and table rows for the visible units.
func buildGraph(b *bank, units []*memory) graphData {
	g := graphData{nodes: []map[string]any{}, edges: []map[string]any{}, rows: []map[string]any{}}
	if b == nil || len(units) == 0 {
		return g
	}
	ents := graphEntities(b, units)
	for _, m := range units {
		names := ents[m.id]
		g.nodes = append(g.nodes, map[string]any{"data": map[string]any{
			"id": m.id, "label": graphLabel(m.text), "text": m.text, "date": deref(eventDate(m)),
			"context": m.context, "entities": joinedOrNone(names), "color": nodeColor(len(names)),
		}})
		g.rows = append(g.rows, tableRow(m, names))
	}
	seen := map[[4]string]bool{}
	for _, l := range graphEdges(b, units, ents) {
		key := [4]string{l.from, l.to, l.linkType, l.entity}
		if seen[key] {
			continue
		}
		seen[key] = true
		color, style := linkStyle(l.linkType)
		g.edges = append(g.edges, map[string]any{"data": map[string]any{
			"id": l.from + "-" + l.to + "-" + l.linkType, "source": l.from, "target": l.to, "linkType": l.linkType,
			"weight": l.weight, "entityName": l.entity, "color": color, "lineStyle": style,
		}})
	}
	return g
}

// graphLabel cuts text to 30 characters and marks the cut.
func graphLabel(text string) string {
	r := []rune(text)
	if len(r) > 30 {
		return string(r[:30]) + "..."
	}
	return text
}

func joinedOrNone(names []string) string {
	if len(names) == 0 {
		return "None"
	}
	return strings.Join(names, ", ")
}

// nodeColor shades a node by how many entities it mentions.
func nodeColor(n int) string {
	switch n {
	case 0:
		return "#e0e0e0"
	case 1:
		return "#90caf9"
	}
	return "#42a5f5"
}

func linkStyle(linkType string) (color, style string) {
	switch linkType {
	case "temporal":
		return "#00bcd4", "dashed"
	case "semantic":
		return "#ff69b4", "solid"
	case "entity":
		return "#ffd700", "solid"
	}
	return "#999999", "solid"
}

// tableRow is one table_rows item: "N/A" for a missing context or date, nulls for
// missing times, ids and a zero proof count.
func tableRow(m *memory, names []string) map[string]any {
	context, date := m.context, "N/A"
	if context == "" {
		context = "N/A"
	}
	if m.occurredStart != nil || m.mentionedAt != nil {
		date = eventTime(m).UTC().Format("2006-01-02 15:04")
	}
	var proof any
	if m.proofCount != 0 {
		proof = m.proofCount
	}
	return map[string]any{
		"id": m.id, "text": m.text, "context": context, "occurred_start": isoPtr(m.occurredStart),
		"occurred_end": isoPtr(m.occurredEnd), "mentioned_at": isoPtr(m.mentionedAt), "date": date,
		"entities": joinedOrNone(names), "document_id": strPtr(m.documentID), "chunk_id": strPtr(m.chunkID),
		"fact_type": m.factType, "tags": orEmpty(m.tags), "created_at": isoTime(m.createdAt), "proof_count": proof,
	}
}
