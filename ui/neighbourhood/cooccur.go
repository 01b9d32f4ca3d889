package neighbourhood

import (
	"cmp"
	"slices"
	"strings"

	"hindsight-tui/client"
)

// cooccurLimit bounds the entity graph asked for: its strongest edges of the bank,
// from which the selected entity's are kept. The graph has no entity filter.
const cooccurLimit = 1000

// partner is an entity mentioned together with the selected one, Count times.
type partner struct {
	ID, Name string
	Count    int
	Mentions int
	Last     client.Time
}

// cooccurrence is the co-occurring entities of one entity.
type cooccurrence struct {
	EntityID, EntityName string
	Partners             []partner
	Truncated            bool // the bank has more co-occurrences than the limit let through
}

// partners keeps the edges of g that touch entity id, strongest first (then most
// recent, then by name).
func partners(g *client.EntityGraph, id string) []partner {
	names := map[string]client.EntityGraphNode{}
	for _, n := range g.Nodes {
		names[n.ID] = n
	}
	var out []partner
	for _, e := range g.Edges {
		other := ""
		switch id {
		case e.Source:
			other = e.Target
		case e.Target:
			other = e.Source
		}
		if other == "" || other == id {
			continue
		}
		n := names[other]
		name := n.Label
		if name == "" {
			name = other
		}
		out = append(out, partner{ID: other, Name: name, Count: e.Weight, Mentions: n.MentionCount, Last: e.LastCooccurred})
	}
	slices.SortFunc(out, func(a, b partner) int {
		if c := cmp.Compare(b.Count, a.Count); c != 0 {
			return c
		}
		if c := b.Last.Compare(a.Last.Time); c != 0 {
			return c
		}
		return strings.Compare(strings.ToLower(a.Name), strings.ToLower(b.Name))
	})
	return out
}
