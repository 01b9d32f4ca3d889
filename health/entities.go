package health

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"hindsight-tui/client"
)

// entity_merges reads the graphEdges strongest co-occurrence edges, confirms at most
// mergeCandidates structural suspects by reading mergeFacts of each one's facts, and
// needs unnamedFacts facts that do not name the entity to call it a merge.
const (
	graphEdges      = 1000
	mergeCandidates = 10
	mergeFacts      = 50
	unnamedFacts    = 2
)

// entityMerges finds entities that look like two things filed under one name: the
// entity resolver matched "Tigran" to "Iran", or "Room 102" to "Room 101", and from then
// on facts about both hang off one entity. Two marks must agree:
//
//   - in the co-occurrence graph, take the entity out and the entities it co-occurs with
//     fall into separate groups that never meet. A cluster is a connected component of
//     the graph without the entity that holds at least two of its neighbours (an entity
//     mentioned once beside one other thing is no evidence); two or more make a suspect.
//   - among the suspect's facts, at least two never name it: none of the words of its
//     name appears, or a number in its name does not ("Room 102 …" does not name Room
//     101). A person active in two unrelated projects leaves the first mark, not this one.
//
// It warns: someone should read the facts before splitting anything.
//
// Requests: 1 entity graph (the 1,000 strongest co-occurrence edges) and 1 memories page
// of ≤50 per suspect, for at most 10 suspects (those with the most clusters first).
func entityMerges(r *run) Check {
	const id = EntityMerges
	g, err := call(r, func(ctx context.Context) (*client.EntityGraph, error) {
		return r.c.EntityGraph(ctx, r.bank, graphEdges, 0)
	})
	if err != nil {
		return r.errorCheck(id, err)
	}
	suspects := suspiciousMerges(g)
	var merges []Merge
	for _, m := range suspects[:min(len(suspects), mergeCandidates)] {
		list, err := call(r, func(ctx context.Context) (*client.MemoryList, error) {
			return r.c.ListMemories(ctx, r.bank, client.ListMemoriesParams{EntityID: m.EntityID, Limit: mergeFacts})
		})
		if err != nil {
			return r.errorCheck(id, err)
		}
		for _, f := range list.Items {
			if f.FactType != client.FactObservation && !namesEntity(f.Text, m.Name) {
				m.Unnamed = append(m.Unnamed, factOf(f))
			}
		}
		if len(m.Unnamed) >= unnamedFacts {
			merges = append(merges, m)
		}
	}
	if len(merges) == 0 {
		if len(g.Edges) == 0 {
			return Check{ID: id, Status: OK, Summary: "no entities co-occur yet"}
		}
		seen := fmt.Sprintf("%s, %s", plural(len(g.Nodes), "co-occurring entity"), plural(len(g.Edges), "edge"))
		switch n := min(len(suspects), mergeCandidates); {
		case n == 1:
			seen += "; 1 suspect ruled out by its facts"
		case n > 1:
			seen += fmt.Sprintf("; %d suspects ruled out by their facts", n)
		}
		return Check{ID: id, Status: OK, Summary: "no entity looks like two things merged (" + seen + ")"}
	}
	sort.SliceStable(merges, func(i, j int) bool { return merges[i].Name < merges[j].Name })
	var parts []string
	for _, m := range merges[:min(len(merges), 2)] {
		var groups []string
		for _, c := range m.Clusters {
			groups = append(groups, nameList(c, 3))
		}
		parts = append(parts, fmt.Sprintf("%s (%s; %s not naming it)", m.Name, strings.Join(groups, " | "),
			plural(len(m.Unnamed), "fact")))
	}
	verb := " looks like two things merged: "
	if len(merges) > 1 {
		verb = " look like two things merged: "
	}
	summary := plural(len(merges), "entity") + verb + strings.Join(parts, "; ")
	if len(merges) > 2 {
		summary += fmt.Sprintf(" and %d more", len(merges)-2)
	}
	return Check{ID: id, Status: Warn, Evidence: Evidence{Merges: merges}, Summary: summary,
		Fix: "read the facts that do not name it (GET " + r.bankPath("memories", "list") + "?entity_id=ID) and fix their " +
			"entities (PATCH " + r.bankPath("memories", "ID") + ")"}
}

// namesEntity reports whether a fact's text names the entity: one of the words of its
// name appears, and so does every number in it.
func namesEntity(text, name string) bool {
	words := map[string]bool{}
	for _, w := range wordsOf(text) {
		words[w] = true
	}
	named := false
	for _, w := range wordsOf(name) {
		if strings.ContainsAny(w, "0123456789") {
			if !words[w] {
				return false
			}
			continue
		}
		named = named || words[w]
	}
	return named
}

// suspiciousMerges lists the entities whose neighbours form two or more clusters, those
// with the most clusters first, then by name.
func suspiciousMerges(g *client.EntityGraph) []Merge {
	label := map[string]string{}
	for _, n := range g.Nodes {
		label[n.ID] = n.Label
	}
	adj := map[string]map[string]bool{}
	link := func(a, b string) {
		if adj[a] == nil {
			adj[a] = map[string]bool{}
		}
		adj[a][b] = true
	}
	for _, e := range g.Edges {
		if e.Source != e.Target {
			link(e.Source, e.Target)
			link(e.Target, e.Source)
		}
	}
	out := []Merge{}
	for id := range adj {
		if clusters := neighbourClusters(adj, id, label); len(clusters) >= 2 {
			out = append(out, Merge{EntityID: id, Name: nameOf(label, id), Clusters: clusters})
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if len(out[i].Clusters) != len(out[j].Clusters) {
			return len(out[i].Clusters) > len(out[j].Clusters)
		}
		if out[i].Name != out[j].Name {
			return out[i].Name < out[j].Name
		}
		return out[i].EntityID < out[j].EntityID
	})
	return out
}

// neighbourClusters groups id's neighbours by the connected component they fall in once
// id is removed from the graph, keeping groups of two or more, as sorted names, the
// largest first.
func neighbourClusters(adj map[string]map[string]bool, id string, label map[string]string) [][]string {
	component := map[string]int{}
	n := 0
	for start := range adj[id] {
		if _, done := component[start]; done {
			continue
		}
		// Walk the whole component without id, so neighbours linked through entities
		// id never met still count as one group.
		stack := []string{start}
		component[start] = n
		for len(stack) > 0 {
			cur := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for next := range adj[cur] {
				if _, done := component[next]; !done && next != id {
					component[next] = n
					stack = append(stack, next)
				}
			}
		}
		n++
	}
	groups := make([][]string, n)
	for nb := range adj[id] {
		groups[component[nb]] = append(groups[component[nb]], nameOf(label, nb))
	}
	var out [][]string
	for _, g := range groups {
		if len(g) >= 2 {
			sort.Strings(g)
			out = append(out, g)
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if len(out[i]) != len(out[j]) {
			return len(out[i]) > len(out[j])
		}
		return out[i][0] < out[j][0]
	})
	return out
}

func nameOf(label map[string]string, id string) string {
	if l := label[id]; l != "" {
		return l
	}
	return id
}
