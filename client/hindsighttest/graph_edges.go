package hindsighttest

// graphLink is an edge before rendering: a stored link, one copied onto an
// observation, or one derived from shared entities or sources.
type graphLink struct {
	from, to, linkType, entity string
	weight                     float64
}

// graphEdges follows the real graph view (engine.py get_graph_data): stored links
// between visible units or their observations' sources; links of a source fact copied
// onto the visible observations built on it; entity edges from each unit to its next
// graphNeighbors units sharing an entity; semantic edges between observations that
// share a source. Duplicates are dropped by the caller.
func graphEdges(b *bank, units []*memory, ents map[string][]string) []graphLink {
	visible := map[string]bool{}
	var sourceIDs []string
	sourceSeen := map[string]bool{}
	sourceToObs := map[string][]string{}
	var sourceOrder []string
	for _, m := range units {
		visible[m.id] = true
		for _, sid := range m.sourceIDs {
			if !sourceSeen[sid] {
				sourceSeen[sid] = true
				sourceIDs = append(sourceIDs, sid)
			}
			if sourceToObs[sid] == nil {
				sourceOrder = append(sourceOrder, sid)
			}
			sourceToObs[sid] = append(sourceToObs[sid], m.id)
		}
	}
	relevant := map[string]bool{}
	for id := range visible {
		relevant[id] = true
	}
	for _, id := range sourceIDs {
		relevant[id] = true
	}
	var stored []memLink
	for _, l := range bankLinks(b) {
		if relevant[l.from] && relevant[l.to] {
			stored = append(stored, l)
			if len(stored) == graphMaxEdges {
				break
			}
		}
	}
	var direct, copied []graphLink
	for _, l := range stored {
		link := graphLink{from: l.from, to: l.to, linkType: l.linkType, weight: l.weight}
		if visible[l.from] && visible[l.to] {
			direct = append(direct, link)
		}
		copied = append(copied, copyToObservations(link, visible, sourceToObs)...)
	}
	out := append(direct, copied...)
	out = append(out, entityEdges(units, ents)...)
	for _, sid := range sourceOrder {
		obs := sourceToObs[sid]
		for i, a := range obs {
			for _, c := range obs[i+1:] {
				out = append(out, graphLink{from: a, to: c, linkType: "semantic", weight: 1})
			}
		}
	}
	return dedupeDerived(out, len(direct)+len(copied))
}

// copyToObservations copies a link whose end is a source fact onto the visible
// observations built on that fact, the way the real view does (including its habit
// of pointing at the first such observation when the other end is not visible).
func copyToObservations(l graphLink, visible map[string]bool, sourceToObs map[string][]string) []graphLink {
	var out []graphLink
	fromObs, toObs := sourceToObs[l.from], sourceToObs[l.to]
	for _, obs := range fromObs {
		if !visible[l.to] && len(toObs) == 0 {
			continue
		}
		target := l.to
		if len(toObs) > 0 && !visible[l.to] {
			target = toObs[0]
		}
		if visible[target] && obs != target {
			out = append(out, graphLink{from: obs, to: target, linkType: l.linkType, weight: l.weight})
		}
	}
	if len(toObs) > 0 && visible[l.from] {
		for _, obs := range toObs {
			if l.from != obs {
				out = append(out, graphLink{from: l.from, to: obs, linkType: l.linkType, weight: l.weight})
			}
		}
	}
	return out
}

// entityEdges links each unit to the next graphNeighbors units (in node order) that
// share an entity with it, one edge per unordered pair and entity.
func entityEdges(units []*memory, ents map[string][]string) []graphLink {
	byEntity := map[string][]string{}
	var order []string
	for _, m := range units {
		for _, name := range ents[m.id] {
			if byEntity[name] == nil {
				order = append(order, name)
			}
			byEntity[name] = append(byEntity[name], m.id)
		}
	}
	var out []graphLink
	for _, name := range order {
		ids := byEntity[name]
		for i, a := range ids {
			for j := i + 1; j < len(ids) && j <= i+graphNeighbors; j++ {
				out = append(out, graphLink{from: a, to: ids[j], linkType: "entity", entity: name, weight: 1})
			}
		}
	}
	return out
}

// dedupeDerived drops repeated derived links (those from index start on): the real
// view remembers each unordered pair per type and entity.
func dedupeDerived(links []graphLink, start int) []graphLink {
	seen := map[[4]string]bool{}
	out := links[:start]
	for _, l := range links[start:] {
		a, c := min(l.from, l.to), max(l.from, l.to)
		key := [4]string{a, c, l.linkType, l.entity}
		if seen[key] {
			continue
		}
		seen[key] = true
		out = append(out, l)
	}
	return out
}
