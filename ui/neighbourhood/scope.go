package neighbourhood

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"

	"hindsight-tui/client"
)

// The bounds of one hop: the memory itself, then at most maxRequests-1 graph calls of
// at most scopeLimit memories each, of which at most entityQueries search for the
// memory's entity names.
const (
	maxRequests   = 6
	scopeLimit    = 200
	entityQueries = 3
)

// linkOrder is the order the groups show in; other link types follow, by name.
var linkOrder = []string{client.LinkSemantic, client.LinkTemporal, client.LinkEntity, client.LinkCausedBy}

// scope is one graph call around the centre and what it is, for the truncation note.
type scope struct {
	what   string // "document doc-1", "entity Alex", "tags a, b"
	params client.GraphParams
}

// scopes are the graph calls around mem: its document, its chunk, the observations
// (for an observation), its tags (any of them, untagged memories left out) and as
// many of its first entity names (a substring search of text and context) as the
// request budget leaves. The graph has no memory-id filter and links only the
// memories it returns, so the neighbourhood is the edges to the centre within these
// scopes. A memory with none of them gets the bank's newest.
func scopes(mem *client.Memory) []scope {
	var fixed []scope
	if mem.DocumentID != "" {
		fixed = append(fixed, scope{"document " + mem.DocumentID, client.GraphParams{DocumentID: mem.DocumentID, Limit: scopeLimit}})
	}
	if mem.ChunkID != "" {
		fixed = append(fixed, scope{"chunk " + mem.ChunkID, client.GraphParams{ChunkID: mem.ChunkID, Limit: scopeLimit}})
	}
	if mem.FactType == client.FactObservation {
		// An observation rarely has a document, and entity names seldom appear in its
		// words: the observations scope holds it and those it shares sources with.
		fixed = append(fixed, scope{"observations", client.GraphParams{Type: client.FactObservation, Limit: scopeLimit}})
	}
	if len(mem.Tags) > 0 {
		// any_strict: "any" also matches every untagged memory of the bank.
		fixed = append(fixed, scope{"tags " + strings.Join(mem.Tags, ", "),
			client.GraphParams{Tags: mem.Tags, TagsMatch: "any_strict", Limit: scopeLimit}})
	}
	n := min(len(mem.Entities), entityQueries, maxRequests-1-len(fixed))
	out := fixed
	for _, name := range mem.Entities[:max(n, 0)] {
		out = append(out, scope{"entity " + name, client.GraphParams{Q: name, Limit: scopeLimit}})
	}
	if len(out) == 0 {
		out = append(out, scope{"the newest memories", client.GraphParams{Limit: scopeLimit}})
	}
	return out
}

// neighbour is one memory linked to the centre by one link type.
type neighbour struct {
	ID, Text, FactType string
	Date               client.Time
	LinkType           string
	Entities           []string // the entities of an entity link: all the two share
	Weight             float64
}

// group is the neighbours of one link type, strongest first.
type group struct {
	LinkType string
	Rows     []neighbour
}

// hood is the neighbourhood of one centre, as fetched: kept per step of the trail so
// walking back shows it again without asking the server.
type hood struct {
	Centre    *client.Memory
	Groups    []group
	Requests  int      // requests this hop made
	Nodes     int      // distinct memories the scopes returned
	Truncated []string // scopes the server cut at the limit
	Missing   bool     // no scope returned the centre itself, so no edge could touch it
}

// count is the neighbours over all groups.
func (h *hood) count() int {
	n := 0
	for _, g := range h.Groups {
		n += len(g.Rows)
	}
	return n
}

// fetchHood asks for the centre and then its scopes, one after another under ctx.
func fetchHood(ctx context.Context, cl *client.Client, bank, id string) (*hood, error) {
	mem, err := cl.GetMemory(ctx, bank, id)
	if err != nil {
		return nil, fmt.Errorf("memory %s: %w", id, err)
	}
	sc := scopes(mem)
	graphs := make([]*client.MemoryGraph, 0, len(sc))
	var truncated []string
	for _, s := range sc {
		g, err := cl.Graph(ctx, bank, s.params)
		if err != nil {
			return nil, fmt.Errorf("graph of %s: %w", s.what, err)
		}
		if g.TotalUnits > len(g.Nodes) {
			truncated = append(truncated, s.what)
		}
		graphs = append(graphs, g)
	}
	h := merge(mem, graphs)
	h.Requests, h.Truncated = 1+len(sc), truncated
	return h, nil
}

// nodeInfo is what a neighbour row shows of a graph node.
type nodeInfo struct {
	text, factType string
	date           client.Time
}

// merge joins the graphs' nodes and edges by id (an entity edge also by its entity:
// two memories sharing two entities have two edges under one id) and keeps the edges
// that touch the centre: one row per neighbour and link type, at its strongest
// weight; an entity row names every entity the two share.
func merge(centre *client.Memory, graphs []*client.MemoryGraph) *hood {
	nodes := map[string]*nodeInfo{}
	type rowKey struct{ other, linkType string }
	rows := map[rowKey]*neighbour{}
	var entities map[rowKey][]string
	seen := map[string]bool{}
	missing := true
	for _, g := range graphs {
		for _, n := range g.Nodes {
			if n.ID == centre.ID {
				missing = false
			}
			if nodes[n.ID] == nil {
				nodes[n.ID] = &nodeInfo{text: n.Text, date: n.Date}
			}
		}
		for _, r := range g.TableRows {
			if ni := nodes[r.ID]; ni != nil && ni.factType == "" {
				ni.factType = r.FactType
			}
		}
		for _, e := range g.Edges {
			other := ""
			switch centre.ID {
			case e.Source:
				other = e.Target
			case e.Target:
				other = e.Source
			}
			if other == "" || other == centre.ID {
				continue
			}
			k := e.ID + "\x00" + e.EntityName
			if seen[k] {
				continue
			}
			seen[k] = true
			rk := rowKey{other, e.LinkType}
			r := rows[rk]
			if r == nil {
				r = &neighbour{ID: other, LinkType: e.LinkType, Weight: e.Weight}
				rows[rk] = r
			}
			r.Weight = max(r.Weight, e.Weight)
			if e.EntityName != "" {
				if entities == nil {
					entities = map[rowKey][]string{}
				}
				if !slices.Contains(entities[rk], e.EntityName) {
					entities[rk] = append(entities[rk], e.EntityName)
				}
			}
		}
	}
	byType := map[string][]neighbour{}
	for rk, r := range rows {
		r.Entities = entities[rk]
		if ni := nodes[rk.other]; ni != nil {
			r.Text, r.FactType, r.Date = ni.text, ni.factType, ni.date
		}
		byType[rk.linkType] = append(byType[rk.linkType], *r)
	}
	h := &hood{Centre: centre, Nodes: len(nodes), Missing: missing}
	types := make([]string, 0, len(byType))
	for t := range byType {
		types = append(types, t)
	}
	slices.SortFunc(types, func(a, b string) int {
		if c := cmp.Compare(rank(a), rank(b)); c != 0 {
			return c
		}
		return strings.Compare(a, b)
	})
	for _, t := range types {
		rows := byType[t]
		slices.SortFunc(rows, func(a, b neighbour) int {
			if c := cmp.Compare(b.Weight, a.Weight); c != 0 {
				return c
			}
			if c := cmp.Compare(len(b.Entities), len(a.Entities)); c != 0 {
				return c
			}
			if c := b.Date.Compare(a.Date.Time); c != 0 {
				return c
			}
			return strings.Compare(a.ID, b.ID)
		})
		h.Groups = append(h.Groups, group{LinkType: t, Rows: rows})
	}
	return h
}

// rank is a link type's place in linkOrder, the unknown ones after.
func rank(linkType string) int {
	if i := slices.Index(linkOrder, linkType); i >= 0 {
		return i
	}
	return len(linkOrder)
}
