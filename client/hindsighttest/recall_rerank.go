package hindsighttest

import (
	"math"
	"slices"
	"time"
)

// Reranking and combined scoring (engine/search/reranking.py, API §26).

// rerank scores the candidates with a deterministic stand-in for the cross-encoder.
// The real reranker reads the query against "[Date: <occurred_start>] context: text";
// the stand-in reads the same things: how much of the query the memory covers (the
// semantic lane's term similarities, so synonyms count in part), the memory's
// semantic similarity, and, when the query names a period, whether the memory's
// occurred_start falls in it. It returns a calibrated score in (0, 1), which the real
// server keeps as it is, so cross_encoder_score and its normalised form are equal.
//
// With reranking off for the bank, CE follows the RRF order instead:
// 1 − 0.9·i/(n−1) for the i-th candidate, and the raw score is 0.
func rerank(ix *searchIndex, cands []rankedMemory, sq *semanticQuery, sem docScores, window *timeWindow, passthrough bool) []rankedMemory {
	out := slices.Clone(cands)
	if passthrough {
		denom := float64(max(1, len(out)-1))
		for i := range out {
			out[i].ceRaw = 0
			out[i].reranker = 1 - 0.9*float64(i)/denom
		}
		return out
	}
	for i := range out {
		r := &out[i]
		rel := 0.6*ix.sem.coverage(sq, r.doc) + 0.4*sem.val[r.doc] + dateFit(r.mem, window)
		r.reranker = 1 / (1 + math.Exp(-(10*rel - 5)))
		r.ceRaw = r.reranker
	}
	return out
}

// dateFit is what the date the real reranker is shown adds to relevance when the
// query names a period: a little inside it, a little less outside.
func dateFit(m *memory, w *timeWindow) float64 {
	if w == nil || m.occurredStart == nil {
		return 0
	}
	if m.occurredStart.Before(w.Start) || m.occurredStart.After(w.End) {
		return -0.1
	}
	return 0.1
}

// applyCombinedScoring sets each candidate's recency, temporal and proof components
// and its final score, then orders the candidates by final score, best first:
//
//	final = CE × (1+0.2·(recency−0.5)) × (1+0.2·(temporal−0.5)) × (1+0.1·(proof_norm−0.5))
//
// recency is the linear default from now (query_timestamp when given); temporal is
// the temporal arm's proximity when that arm's record is the one fusion kept, else
// neutral; proof_norm follows proof_count (neutral for a single proof).
func applyCombinedScoring(cands []rankedMemory, now time.Time) {
	for i := range cands {
		r := &cands[i]
		r.recency = recencyDecay(r.mem, now)
		r.temporal = 0.5
		if r.record == "temporal" && r.temporalProximity != nil {
			r.temporal = *r.temporalProximity
		}
		r.proofNorm = 0.5
		if pc := r.mem.proofCount; pc >= 1 {
			r.proofNorm = max(0, min(1, 0.5+math.Log(float64(pc))/10))
		}
		r.final = combinedScore(r.reranker, r.recency, r.temporal, r.proofNorm)
	}
	slices.SortStableFunc(cands, func(a, b rankedMemory) int { return compareDesc(a.final, b.final) })
}

// combinedScore is §26's formula, evaluated in this order so that a client that
// recomputes it from a trace's score components gets the same number.
func combinedScore(ce, recency, temporal, proofNorm float64) float64 {
	return ce *
		(1 + recencyAlpha*(recency-0.5)) *
		(1 + temporalAlpha*(temporal-0.5)) *
		(1 + proofAlpha*(proofNorm-0.5))
}

// applyScoreFloors drops results under the post-ranking floors (inclusive, AND-ed):
// min_scores.reranker tests CE, min_scores.final the final score.
func applyScoreFloors(ranked []rankedMemory, f minScores) []rankedMemory {
	if f.Reranker == nil && f.Final == nil {
		return ranked
	}
	out := ranked[:0:0]
	for _, r := range ranked {
		if (f.Reranker == nil || r.reranker >= *f.Reranker) && (f.Final == nil || r.final >= *f.Final) {
			out = append(out, r)
		}
	}
	return out
}

// termCoverage is the share of query terms the memory contains (related word forms
// count as their partial similarity). Reflect uses it to judge mental models and
// schema fields; recall's reranker uses the semantic lane's coverage instead.
func termCoverage(terms []string, m *memory) float64 {
	if len(terms) == 0 {
		return 0
	}
	doc := uniqueTerms(m.text + " " + m.context)
	var sum float64
	for _, q := range terms {
		best := 0.0
		for _, t := range doc {
			best = max(best, partialSimilarity(q, t))
		}
		sum += best
	}
	return sum / float64(len(terms))
}
