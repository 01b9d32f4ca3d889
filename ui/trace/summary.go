package trace

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
)

// summarize is the one-line account of a trace for the recall pane's header:
// "3 lanes (semantic, bm25, graph) · 76 candidates · 2.45 ms".
func summarize(d *doc) string {
	var ran []string
	nodes := map[string]bool{}
	for _, name := range laneOrder(d) {
		for _, e := range d.lanes.items {
			if e.method != name {
				continue
			}
			if !slices.Contains(ran, name) {
				ran = append(ran, name)
			}
			for _, h := range e.hits.items {
				nodes[h.nodeID] = true
			}
		}
	}
	var parts []string
	switch len(ran) {
	case 0:
	case 1:
		parts = append(parts, "1 lane ("+ran[0]+")")
	default:
		parts = append(parts, fmt.Sprintf("%d lanes (%s)", len(ran), strings.Join(ran, ", ")))
	}
	// Candidates are what fusion ranked; without rrf_merged, the distinct lane hits.
	switch {
	case d.fused.found && d.fused.problem == "":
		parts = append(parts, plural(len(d.fused.items), "candidate"))
	case len(nodes) > 0:
		parts = append(parts, plural(len(nodes), "candidate"))
	}
	if t := phaseTotal(d); t.ok {
		parts = append(parts, fmtDuration(t.v))
	}
	if len(parts) == 0 {
		return "trace: nothing recognisable"
	}
	return strings.Join(parts, " · ")
}

// briefProblem is Summary's text for a trace that cannot be shown.
func briefProblem(raw json.RawMessage) string {
	t := bytes.TrimSpace(raw)
	if len(t) == 0 || string(t) == "null" {
		return "no trace"
	}
	return "trace unreadable"
}
