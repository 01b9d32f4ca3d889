package trace

import "hindsight-tui/ui/components"

// The lane tabs: one per retrieval method. The server runs each method once per fact
// type, so a lane with several entries shows them as groups under a heading each.

// canonicalLanes are the server's retrieval methods, in the order the bar shows them
// even when a trace lacks some (the user then sees that a lane did not run).
func canonicalLanes() []string { return []string{"semantic", "bm25", "graph", "temporal"} }

// laneOrder lists the canonical lanes, then any other method the trace names, in the
// order it first appears.
func laneOrder(d *doc) []string {
	out := canonicalLanes()
	seen := map[string]bool{}
	for _, n := range out {
		seen[n] = true
	}
	for _, e := range d.lanes.items {
		if !seen[e.method] {
			seen[e.method] = true
			out = append(out, e.method)
		}
	}
	return out
}

func shortLane(name string) string {
	switch name {
	case "semantic":
		return "sem"
	case "temporal":
		return "temp"
	}
	return name
}

func laneSection(name string, lanes part[laneEntry]) *section {
	// Labels are cut so that an odd method name cannot crowd the bar.
	s := &section{key: "lane:" + name, label: components.Truncate(name, 12),
		short: components.Truncate(shortLane(name), 6), lane: true, title: name}
	var entries []laneEntry
	for _, e := range lanes.items {
		if e.method == name {
			entries = append(entries, e)
		}
	}
	if len(entries) == 0 {
		s.absent, s.missing = true, problemText(lanes)
		return s
	}
	t := &s.tbl
	scoreName := commonScoreName(entries)
	t.cols = []column{
		{title: "#", right: true},
		{title: scoreName, short: "score", right: true},
		{title: "type", maxWidth: 11, drop: 2},
		{title: "text", flex: true},
		{title: "date", maxWidth: 25, drop: 3},
	}
	results, skipped, total := 0, 0, num{}
	for _, e := range entries {
		results += len(e.hits.items)
		skipped += e.hits.skipped
		if e.duration.ok {
			total = num{v: total.v + e.duration.v, ok: true}
		}
		if len(entries) > 1 {
			t.rows = append(t.rows, groupRow(e))
		}
		for _, h := range e.hits.items {
			ft := h.factType
			if ft == "" {
				ft = e.factType
			}
			t.rows = append(t.rows, row{nodeID: h.nodeID, cells: []cell{
				newCell(fmtRank(h.rank), toneNone), newCell(fmtScore(h.score), toneNone), factCell(ft),
				textCell(h.text, h.nodeID), newCell(orDash(h.date), toneMuted),
			}})
		}
	}
	t.empty = "no results in this lane"
	t.finish()
	if len(entries) == 1 {
		e := entries[0]
		s.info = joinInfo(plural(results, "result"), e.factType, durationText(e.duration), e.meta)
		if !e.hits.found || e.hits.problem != "" {
			t.empty = "results " + problemText(e.hits)
		}
	} else {
		inTotal := ""
		if total.ok {
			inTotal = durationText(total) + " in total"
		}
		s.info = joinInfo(plural(results, "result"), plural(len(entries), "fact type"), inTotal)
	}
	s.info += skippedText(skipped)
	return s
}

// commonScoreName is the lane's score_name when all its results agree on one.
func commonScoreName(entries []laneEntry) string {
	name := ""
	for _, e := range entries {
		for _, h := range e.hits.items {
			switch {
			case h.scoreName == "":
			case name == "":
				name = h.scoreName
			case name != h.scoreName:
				return "score"
			}
		}
	}
	if name == "" {
		return "score"
	}
	return name
}

// groupRow heads the results of one fact type inside a lane.
func groupRow(e laneEntry) row {
	ft := e.factType
	if ft == "" {
		ft = "(no fact type)"
	}
	detail := "· " + plural(len(e.hits.items), "result")
	if !e.hits.found || e.hits.problem != "" {
		detail = "· results " + problemText(e.hits)
	}
	detail = joinInfo(detail, durationText(e.duration), e.meta) + skippedText(e.hits.skipped)
	return row{group: true, cells: []cell{newCell("▸ "+ft, factTone(ft)), newCell(detail, toneMuted)}}
}

func factTone(ft string) tone {
	switch ft {
	case "world":
		return toneWorld
	case "experience":
		return toneExperience
	case "observation":
		return toneObservation
	}
	return toneMuted
}

// factCell is a fact type badge; narrow tables use "exp" and "obs".
func factCell(ft string) cell {
	if ft == "" {
		return newCell(dash, toneSubtle)
	}
	c := newCell(ft, factTone(ft))
	switch ft {
	case "experience":
		return c.withShort("exp")
	case "observation":
		return c.withShort("obs")
	}
	return c
}
