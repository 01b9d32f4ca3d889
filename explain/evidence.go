package explain

import (
	"fmt"
	"strings"

	"hindsight-tui/client"
)

// lanesLine says which lanes found the memory and where.
func (a *analysis) lanesLine(v Verdict) string {
	if len(v.Lanes) == 0 {
		return "no lane found it"
	}
	parts := make([]string, 0, len(v.Lanes))
	for _, l := range v.Lanes {
		parts = append(parts, fmt.Sprintf("%s #%d", l.Method, l.Rank))
	}
	return "found by " + strings.Join(parts, ", ")
}

// rankedEvidence is the path of a scored memory: lanes, fused rank, reranked rank with
// its score breakdown, and the ranking note on time.
func (a *analysis) rankedEvidence(v Verdict, tr *Trace) []string {
	ev := []string{a.lanesLine(v)}
	if v.FusedRank > 0 {
		ev = append(ev, fmt.Sprintf("fused #%d of %d", v.FusedRank, len(tr.Fused)))
	}
	if v.RerankedRank > 0 {
		line := fmt.Sprintf("reranked #%d of %d", v.RerankedRank, len(tr.Reranked))
		if v.Score != nil {
			line += ": " + v.Score.String()
		}
		ev = append(ev, line)
	}
	if note := a.timeNote(v.Score); note != "" {
		ev = append(ev, note)
	}
	return ev
}

// TimeNotePrefix starts the evidence line on how time ranked a memory.
const TimeNotePrefix = "time ranks, it does not filter"

// timeNote: query_timestamp and temporal_window rank, they never filter. When the
// request (or the query's own words) sets either, the note says what they did to this
// memory's score.
func (a *analysis) timeNote(b *Breakdown) string {
	req := a.in.Request
	var parts []string
	if req.QueryTimestamp != "" {
		part := "recency is counted from query_timestamp " + req.QueryTimestamp
		if b != nil {
			part = fmt.Sprintf("recency %.4f, counted from query_timestamp %s", b.Recency, req.QueryTimestamp)
		}
		parts = append(parts, part)
	}
	start, end := "", ""
	if w := req.TemporalWindow; w != nil {
		start, end = w.Start, w.End
	} else if c := a.in.Trace.Query.TemporalConstraint; c != nil {
		start, end = c["start"], c["end"]
	}
	if start != "" || end != "" {
		part := fmt.Sprintf("the window %s to %s favours memories dated in it", start, end)
		if b != nil {
			part = fmt.Sprintf("temporal %.4f for the window %s to %s", b.Temporal, start, end)
		}
		parts = append(parts, part)
	}
	if len(parts) == 0 {
		return ""
	}
	return TimeNotePrefix + ": " + strings.Join(parts, "; ")
}

// budgetLevel is the request's budget, mid when unset.
func budgetLevel(r client.RecallRequest) string {
	if r.Budget == "" {
		return client.BudgetMid
	}
	return r.Budget
}

// defaultCuts are the result-count cuts of the default fixed budget function (twice
// 100/300/1000), by level.
var defaultCuts = []struct {
	level string
	cut   int
}{{client.BudgetLow, 200}, {client.BudgetMid, 600}, {client.BudgetHigh, 2000}}

// budgetFix raises the budget to the first level whose cut reaches pos (or one level,
// when pos is 0: deeper lanes). A bank can configure other budgets; Retry checks.
func budgetFix(req client.RecallRequest, pos int) Fix {
	cur := budgetLevel(req)
	seen := false
	for _, c := range defaultCuts {
		if c.level == cur {
			seen = true
			continue
		}
		if seen && c.cut >= pos {
			changed := cloneRequest(req)
			changed.Budget = c.level
			return Fix{Label: "budget " + c.level, Request: &changed}
		}
	}
	return Fix{Hint: fmt.Sprintf("no budget reaches rank %d (the high budget keeps 2,000): narrow the request (types, tags) or word the query closer to it", pos)}
}

// clip shortens text to n runes with an ellipsis.
func clip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}
