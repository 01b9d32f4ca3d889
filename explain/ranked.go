package explain

import (
	"fmt"
	"math"
	"strings"

	"hindsight-tui/client"
)

// The stages after retrieval: the memory reached the fused list, and the trace's
// reranked list and the results say where it went from there.

// notFound: no lane returned it. The evidence is each lane of its type with its limit,
// the semantic/keyword floors, and what the query and the memory have in common.
func (a *analysis) notFound(v Verdict, m *client.Memory) Verdict {
	v.Stage = StageRetrieval
	v.Summary = "no lane found it"
	req := a.in.Request
	var lanes []string
	full := false
	for _, l := range a.in.Trace.Lanes {
		if l.FactType != m.FactType {
			continue
		}
		lanes = append(lanes, fmt.Sprintf("%s %d of up to %d", l.Method, len(l.Results), l.Cap()))
		full = full || (l.Cap() > 0 && len(l.Results) >= l.Cap())
	}
	if len(lanes) > 0 {
		v.Evidence = append(v.Evidence, fmt.Sprintf("lanes searching %s memories returned: %s", m.FactType, strings.Join(lanes, ", ")))
	}
	ms := req.MinScores
	floors := ms != nil && (ms.Semantic != nil || ms.Keyword != nil)
	if floors {
		v.Evidence = append(v.Evidence, "floors inside retrieval: "+floorList(ms, true))
	}
	o := compareWords(req.Query, m.Text, m.Entities)
	if len(o.shared) == 0 {
		v.Evidence = append(v.Evidence, fmt.Sprintf("the query shares no word with it (the query: %s; the memory: %s)",
			firstN(o.queryWords, 6), firstN(o.lacking, 6)))
	} else {
		v.Evidence = append(v.Evidence, "words it shares with the query: "+firstN(o.shared, 6))
	}
	if len(o.entitiesLacking) > 0 && len(o.entitiesNamed) == 0 {
		v.Evidence = append(v.Evidence, "the query names none of its entities ("+strings.Join(o.entitiesLacking, ", ")+")")
	}
	switch {
	case floors:
		changed := cloneRequest(req)
		changed.MinScores.Semantic, changed.MinScores.Keyword = nil, nil
		if changed.MinScores.Reranker == nil && changed.MinScores.Final == nil {
			changed.MinScores = nil
		}
		v.Fix = Fix{Label: "remove " + floorNames(ms, true), Request: &changed}
	case full && budgetLevel(req) != client.BudgetHigh:
		v.Fix = budgetFix(req, 0)
		v.Evidence = append(v.Evidence, "a lane returned as many candidates as its limit: a deeper budget searches further")
	default:
		v.Fix = Fix{Hint: wordsHint(o)}
	}
	return v
}

// wordsHint says what a query would need to reach the memory.
func wordsHint(o overlap) string {
	var parts []string
	if len(o.entitiesLacking) > 0 {
		parts = append(parts, "names "+strings.Join(o.entitiesLacking, " or "))
	}
	if len(o.lacking) > 0 {
		parts = append(parts, "uses its words ("+firstN(o.lacking, 4)+")")
	}
	if len(parts) == 0 {
		return "no request parameter reaches it: word the query closer to the memory"
	}
	return "no request parameter reaches it: a query that " + strings.Join(parts, ", or ") + " would"
}

// notReranked: fused, but not in the reranked list. Either a score floor dropped it
// after scoring (the trace without the floors shows its scores), or fusion ranked it
// past the candidates that reach the reranker, which the explainer names a retrieval
// miss: it never left retrieval to be scored.
func (a *analysis) notReranked(v Verdict) Verdict {
	ms := a.in.Request.MinScores
	if ms != nil && (ms.Reranker != nil || ms.Final != nil) {
		if a.in.Unfloored == nil {
			v.Stage = StageMinScores
			v.Summary = "fused but dropped after ranking, under " + floorList(ms, false)
			v.Fix = a.floorFix(ms, nil)
			return v
		}
		if r, _, ok := a.in.Unfloored.RerankedOf(v.MemoryID); ok {
			return a.underFloor(v, ms, r)
		}
	}
	v.Stage = StageRetrieval
	reached := a.reachedReranker()
	v.Summary = fmt.Sprintf("the lanes found it, but fusion ranked it #%d, past the %d candidates that reach the reranker, so it was never scored",
		v.FusedRank, reached)
	v.Evidence = []string{a.lanesLine(v), fmt.Sprintf("fused #%d of %d", v.FusedRank, len(a.in.Trace.Fused))}
	v.Fix = Fix{Hint: "no request parameter raises its fused rank reliably: narrow the request (types, tags) or word the query closer to it"}
	return v
}

// reachedReranker is how many fused candidates the reranker scored.
func (a *analysis) reachedReranker() int {
	if n, ok := a.in.Trace.PhaseInt("hydrate_results", "candidates"); ok {
		return n
	}
	if a.in.Unfloored != nil {
		return len(a.in.Unfloored.Reranked)
	}
	return len(a.in.Trace.Reranked)
}

func (a *analysis) underFloor(v Verdict, ms *client.MinScores, r Reranked) Verdict {
	v.Stage = StageMinScores
	b, ok := BreakdownOf(r)
	var under []string
	if ms.Reranker != nil && ok && b.CE < *ms.Reranker {
		under = append(under, fmt.Sprintf("its reranker score %.4f is under min_scores.reranker %g", b.CE, *ms.Reranker))
	}
	if ms.Final != nil && r.Score < *ms.Final {
		under = append(under, fmt.Sprintf("its final score %.4f is under min_scores.final %g", r.Score, *ms.Final))
	}
	v.Summary = "scored, then dropped: " + strings.Join(under, ", and ")
	v.Evidence = []string{a.lanesLine(v), fmt.Sprintf("fused #%d of %d", v.FusedRank, len(a.in.Trace.Fused))}
	if ok {
		v.Score = &b
		v.Evidence = append(v.Evidence, fmt.Sprintf("without the floors it ranks #%d: %s", r.Rank, b))
		if note := a.timeNote(&b); note != "" {
			v.Evidence = append(v.Evidence, note)
		}
	}
	v.Fix = a.floorFix(ms, &r)
	return v
}

// floorFix lowers each floor the memory fails to its score, rounded down to two
// places; without its scores, it removes the floors.
func (a *analysis) floorFix(ms *client.MinScores, r *Reranked) Fix {
	changed := cloneRequest(a.in.Request)
	if r == nil {
		changed.MinScores.Reranker, changed.MinScores.Final = nil, nil
		return Fix{Label: "remove " + floorNames(ms, false), Request: &changed}
	}
	b, _ := BreakdownOf(*r)
	var labels []string
	if ms.Reranker != nil && b.CE < *ms.Reranker {
		changed.MinScores.Reranker = client.Ptr(floor2(b.CE))
		labels = append(labels, fmt.Sprintf("min_scores.reranker to %.2f", floor2(b.CE)))
	}
	if ms.Final != nil && r.Score < *ms.Final {
		changed.MinScores.Final = client.Ptr(floor2(r.Score))
		labels = append(labels, fmt.Sprintf("min_scores.final to %.2f", floor2(r.Score)))
	}
	return Fix{Label: "lower " + strings.Join(labels, " and "), Request: &changed}
}

func floor2(x float64) float64 { return math.Floor(x*100) / 100 }

// floorList names the floors set, with their values: retrieval floors (semantic,
// keyword) or ranking floors (reranker, final).
func floorList(ms *client.MinScores, retrieval bool) string {
	var parts []string
	add := func(name string, v *float64) {
		if v != nil {
			parts = append(parts, fmt.Sprintf("min_scores.%s %g", name, *v))
		}
	}
	if retrieval {
		add("semantic", ms.Semantic)
		add("keyword", ms.Keyword)
	} else {
		add("reranker", ms.Reranker)
		add("final", ms.Final)
	}
	return strings.Join(parts, " and ")
}

func floorNames(ms *client.MinScores, retrieval bool) string {
	var names []string
	for _, p := range strings.Split(floorList(ms, retrieval), " and ") {
		name, _, _ := strings.Cut(p, " ")
		names = append(names, name)
	}
	return strings.Join(names, " and ")
}

// replaced: an observation within the cut cites it, and prefer_observations returns
// the observation instead.
func (a *analysis) replaced(v Verdict) Verdict {
	v.Stage = StageObservation
	obs := a.citedBy[v.MemoryID]
	o, _, _ := a.in.Trace.RerankedOf(obs)
	where := fmt.Sprintf("reranked #%d", o.Rank)
	if r, ok := a.resultRank[obs]; ok {
		where += fmt.Sprintf(", returned at rank %d", r)
	}
	v.Summary = fmt.Sprintf("the observation %q (%s) cites it, and prefer_observations returns the observation in its place",
		clip(o.Text, 80), where)
	v.Evidence = append(a.rankedEvidence(v, a.in.Trace), "the observation's id: "+obs)
	changed := cloneRequest(a.in.Request)
	changed.PreferObservations = false
	v.Fix = Fix{Label: "prefer_observations off", Request: &changed}
	if a.cut > 0 && v.RerankedRank > a.cut {
		v.Evidence = append(v.Evidence, fmt.Sprintf("without the observation it would still rank #%d, below the cut at %d", v.RerankedRank, a.cut))
		if f := budgetFix(changed, v.RerankedRank); f.Request != nil {
			v.Fix = Fix{Label: "prefer_observations off, " + f.Label, Request: f.Request}
		}
	}
	return v
}

// belowCut: ranked, but below twice the thinking budget.
func (a *analysis) belowCut(v Verdict) Verdict {
	v.Stage = StageBudget
	pos := a.keptPos[v.MemoryID]
	v.Summary = fmt.Sprintf("ranked #%d, below the cut at %d (twice the %s budget's %d candidates per lane)",
		pos, a.cut, budgetLevel(a.in.Request), a.in.Trace.Query.Budget)
	v.Evidence = a.rankedEvidence(v, a.in.Trace)
	if pos != v.RerankedRank {
		v.Evidence = append(v.Evidence, fmt.Sprintf("#%d once prefer_observations dropped the facts its observations cite", pos))
	}
	v.Fix = budgetFix(a.in.Request, pos)
	return v
}

// tokenCut: within the cut, but the greedy max_tokens scan stopped before it.
func (a *analysis) tokenCut(v Verdict) Verdict {
	v.Stage = StageMaxTokens
	pos := max(a.keptPos[v.MemoryID], len(a.in.Results)+1)
	own := a.tokens[min(pos, len(a.tokens)-1)] - a.tokens[min(pos-1, len(a.tokens)-1)]
	before := a.tokens[min(pos-1, len(a.tokens)-1)]
	if pos == len(a.in.Results)+1 {
		v.Summary = fmt.Sprintf("next in line at rank %d: the results before it take ≈%d of max_tokens %d, and it needs ≈%d more",
			pos, before, a.maxTokens, own)
	} else {
		stop := len(a.in.Results) + 1
		v.Summary = fmt.Sprintf("ranked #%d, but the token scan stopped at rank %d: ≈%d tokens before it and its own ≈%d exceed max_tokens %d",
			pos, stop, before, own, a.maxTokens)
	}
	v.Evidence = a.rankedEvidence(v, a.in.Trace)
	if used, ok := a.in.Trace.PhaseInt("token_filtering", "tokens_used"); ok {
		v.Evidence = append(v.Evidence, fmt.Sprintf("the server counted %d tokens in the %s it returned", used, count(len(a.in.Results), "result")))
	}
	need := roundUp(int(math.Ceil(float64(before+own)*1.1)), 100)
	changed := cloneRequest(a.in.Request)
	changed.MaxTokens = client.Ptr(need)
	v.Fix = Fix{Label: "max_tokens " + thousands(need), Request: &changed}
	return v
}

// count writes "1 result", "2 results".
func count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

func roundUp(n, step int) int { return (n + step - 1) / step * step }

// thousands writes 5200 as 5,200.
func thousands(n int) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
