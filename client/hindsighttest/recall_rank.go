package hindsighttest

import (
	"math"
	"slices"
	"time"
)

// Ranking constants of the real server's defaults (config.py, engine/search).
const (
	rrfK = 60
	// rerankerMaxCandidates caps how many fused candidates reach the reranker; it is
	// also, in practice, the most results one recall can return.
	rerankerMaxCandidates = 300
	// graphSeedsPerArm is how many top semantic and keyword hits (each) seed the graph arm.
	graphSeedsPerArm = 5
	// Multiplicative boost strengths of combined scoring (engine/search/reranking.py).
	recencyAlpha  = 0.2
	temporalAlpha = 0.2
	proofAlpha    = 0.1
)

var allFactTypes = []string{"world", "experience", "observation"}

// rankQuery is what to rank a bank's memories for. Recall fills it from its request;
// reflect and mental-model refreshes build one directly.
type rankQuery struct {
	Text      string
	Types     []string // fact types to search, in trace order; empty means all three
	Tags      []string
	TagsMatch string // one of tagModes; empty means "any"
	TagGroups []tagGroup
	Budget    string // low | mid | high; empty means mid
	MaxTokens int    // only used by the "adaptive" budget function; 0 means 4096
	// Anchor is "now" for recency and for relative dates in Text; zero means the
	// server clock.
	Anchor time.Time
	// Window replaces date extraction from Text for the temporal arm.
	Window    *timeWindow
	MinScores minScores
}

// minScores are recall's inclusive score floors; nil imposes none.
type minScores struct {
	Semantic, Keyword, Reranker, Final *float64
}

// rankedMemory is one ranked candidate with every score recall reports or traces.
type rankedMemory struct {
	mem *memory
	doc int32
	// semantic and keyword are the raw arm scores, nil when that arm did not surface
	// the memory.
	semantic, keyword *float64
	rrfScore          float64
	rrfRank           int
	sourceRanks       map[string]int // "semantic_rank" -> 3, ...
	ceRaw             float64        // the reranker's logit
	reranker          float64        // the reranker's score, normalised 0-1
	recency           float64
	temporal          float64
	proofNorm         float64
	temporalProximity *float64 // set when the temporal arm surfaced the memory
	final             float64
}

type laneHit struct {
	doc   int32
	score float64
}

// lane is one arm's result list for one fact type, as the trace reports it.
type lane struct {
	method   string // semantic | bm25 | graph | temporal
	factType string
	hits     []laneHit
	work     int
}

// rankRun keeps the intermediate lists of one ranking for the recall trace.
type rankRun struct {
	ix       *searchIndex
	budget   int
	window   *timeWindow
	anchor   time.Time
	lanes    []lane
	fused    [][]laneHit    // the per-method lists that went into fusion
	merged   []rankedMemory // after fusion, before the reranker cap
	ranked   []rankedMemory // final order, score floors applied
	semantic []laneHit      // all fact types, best first (entry points)
}

// rankMemories ranks b's valid memories for q, best first, the way recall does before
// its result-count and token cuts: four arms (semantic stand-in, BM25, entity graph,
// temporal), reciprocal-rank fusion, a deterministic reranker and the real server's
// recency / temporal / proof-count boosts. A nil bank ranks nothing.
func (s *Server) rankMemories(b *bank, q rankQuery) []rankedMemory {
	return s.rank(b, q).ranked
}

func (s *Server) rank(b *bank, q rankQuery) *rankRun {
	run := &rankRun{budget: thinkingBudget(b, q.Budget, q.MaxTokens), anchor: q.Anchor}
	if run.anchor.IsZero() {
		run.anchor = s.now()
	}
	if b == nil {
		return run
	}
	ix := searchIndexFor(b)
	run.ix = ix
	types := q.Types
	if len(types) == 0 {
		types = allFactTypes
	}
	inScope := func(doc int32) bool {
		m := ix.docs[doc]
		if len(q.TagGroups) > 0 {
			return matchGroups(m.tags, q.TagGroups)
		}
		return matchTags(m.tags, q.Tags, q.TagsMatch)
	}
	if len(q.TagGroups) == 0 && len(q.Tags) == 0 && q.TagsMatch != "exact" {
		inScope = func(int32) bool { return true } // skips a pointer chase per hit
	}

	terms := uniqueTerms(q.Text)
	kw, kwWork := ix.keywordScores(terms)
	sem, semWork := ix.sem.scores(ix.sem.query(q.Text))
	semFloor := defaultSemanticFloor
	if q.MinScores.Semantic != nil {
		semFloor = *q.MinScores.Semantic // replaces the server default, as in the real arm
	}
	semByType := topByType(ix, sem, &semFloor, inScope, run.budget)
	kwByType := topByType(ix, kw, q.MinScores.Keyword, inScope, run.budget)

	if bankOverrideBool(b, "enable_temporal_retrieval", true) {
		if q.Window != nil {
			run.window = q.Window
		} else if w, ok := extractTimeWindow(q.Text, run.anchor); ok {
			run.window = &w
		}
	}
	var windowDocs []int32
	var windowWork int
	if run.window != nil {
		windowDocs, windowWork = ix.docsInWindow(run.window.Start, run.window.End)
	}
	graphOn := bankOverrideBool(b, "enable_graph_retrieval", true)

	var all [4][]laneHit // semantic, bm25, graph, temporal across fact types
	for _, ft := range types {
		semHits, kwHits := semByType[ft], kwByType[ft]
		run.lanes = append(run.lanes,
			lane{method: "semantic", factType: ft, hits: semHits, work: semWork},
			lane{method: "bm25", factType: ft, hits: kwHits, work: kwWork})
		all[0] = append(all[0], semHits...)
		all[1] = append(all[1], kwHits...)
		if graphOn {
			seeds := append(docsOf(semHits, graphSeedsPerArm), docsOf(kwHits, graphSeedsPerArm)...)
			keep := func(doc int32) bool { return ix.docType[doc] == ft && inScope(doc) }
			g, work := graphLane(ix, seeds, keep, run.budget)
			run.lanes = append(run.lanes, lane{method: "graph", factType: ft, hits: g, work: work})
			all[2] = append(all[2], g...)
		}
		if run.window != nil {
			keep := func(doc int32) bool { return ix.docType[doc] == ft && inScope(doc) }
			t := temporalLane(ix, windowDocs, *run.window, keep, run.budget)
			run.lanes = append(run.lanes, lane{method: "temporal", factType: ft, hits: t, work: windowWork})
			all[3] = append(all[3], t...)
		}
	}
	for i := range all {
		// Each combined list is re-sorted by score, as the real server does before
		// fusion, so ranks mix fact types. A stable sort keeps ties in type order.
		slices.SortStableFunc(all[i], func(a, b laneHit) int { return compareDesc(a.score, b.score) })
	}
	run.semantic = all[0]
	run.fused = all[:3]
	if len(all[3]) > 0 {
		run.fused = all[:4]
	}
	run.merged = fuse(ix, run.fused, sem, kw)
	candidates := run.merged[:min(len(run.merged), rerankerMaxCandidates)]
	run.ranked = applyScoreFloors(rerank(candidates, terms, sem, run.anchor, run.window), q.MinScores)
	return run
}

func docsOf(hits []laneHit, n int) []int32 {
	out := make([]int32, 0, n)
	for _, h := range hits[:min(n, len(hits))] {
		out = append(out, h.doc)
	}
	return out
}

// graphLane follows entity links from the seeds: a memory sharing entities with them
// is activated by the share of the seeds' entities it mentions. The seeds themselves
// are not repeated. Each entity contributes at most limit of its newest memories, so a
// hub entity cannot turn one query into a scan of the bank.
func graphLane(ix *searchIndex, seeds []int32, keep func(int32) bool, limit int) ([]laneHit, int) {
	var ents []string
	isSeed := map[int32]bool{}
	for _, d := range seeds {
		isSeed[d] = true
		for _, e := range ix.docEntities[d] {
			if !slices.Contains(ents, e) {
				ents = append(ents, e)
			}
		}
	}
	if len(ents) == 0 {
		return nil, 0
	}
	shared := map[int32]int{}
	work := 0
	for _, e := range ents {
		docs := ix.entityDocs[e]
		taken := 0
		for i := len(docs) - 1; i >= 0 && taken < limit; i-- {
			work++
			d := docs[i]
			if isSeed[d] || !keep(d) {
				continue
			}
			shared[d]++
			taken++
		}
	}
	hits := make([]laneHit, 0, len(shared))
	for d, n := range shared {
		hits = append(hits, laneHit{doc: d, score: float64(n) / float64(len(ents))})
	}
	return topHits(hits, limit), work
}

// fuse merges the arms with reciprocal rank fusion (k=60), keeping each memory's rank
// per arm and its raw semantic/keyword scores. Ties keep first-seen order.
func fuse(ix *searchIndex, lists [][]laneHit, sem, kw docScores) []rankedMemory {
	names := []string{"semantic", "bm25", "graph", "temporal"}
	pos := map[int32]int{}
	var out []rankedMemory
	for li, list := range lists {
		for rank, h := range list {
			i, ok := pos[h.doc]
			if !ok {
				i = len(out)
				pos[h.doc] = i
				out = append(out, rankedMemory{mem: ix.docs[h.doc], doc: h.doc, sourceRanks: map[string]int{}})
			}
			r := &out[i]
			r.rrfScore += 1.0 / float64(rrfK+rank+1)
			r.sourceRanks[names[li]+"_rank"] = rank + 1
			switch names[li] {
			case "semantic":
				v := sem.val[h.doc]
				r.semantic = &v
			case "bm25":
				v := kw.val[h.doc]
				r.keyword = &v
			case "temporal":
				v := h.score
				r.temporalProximity = &v
			}
		}
	}
	slices.SortStableFunc(out, func(a, b rankedMemory) int { return compareDesc(a.rrfScore, b.rrfScore) })
	for i := range out {
		out[i].rrfRank = i + 1
	}
	return out
}

// rerank scores candidates with a deterministic stand-in for the cross-encoder (a
// logistic of query-term coverage and the semantic score), then applies the real
// server's combined scoring: final = reranker x recency boost x temporal boost x
// proof-count boost, each boost within +-10% (proof +-5%).
//
// One departure when a time window is in play: recency is held neutral, and the
// temporal factor is the memory's closeness to the window (above neutral inside it,
// below outside, falling with distance) instead of the arm's proximity, which is
// neutral for memories the arm did not surface and below neutral near the window's
// edges. The real cross-encoder reads dates written in the text, which this stand-in
// cannot; without the change the window would barely rank anything.
func rerank(cands []rankedMemory, terms []string, sem docScores, anchor time.Time, window *timeWindow) []rankedMemory {
	out := slices.Clone(cands)
	for i := range out {
		r := &out[i]
		rel := 0.6*termCoverage(terms, r.mem) + 0.4*sem.val[r.doc]
		r.ceRaw = 10*rel - 5
		r.reranker = 1 / (1 + math.Exp(-r.ceRaw))
		r.recency, r.temporal = recencyDecay(r.mem, anchor), 0.5
		if window != nil {
			r.recency, r.temporal = 0.5, windowCloseness(r.mem, *window)
		}
		r.proofNorm = 0.5
		if pc := r.mem.proofCount; pc >= 1 {
			r.proofNorm = max(0, min(1, 0.5+math.Log(float64(pc))/10))
		}
		r.final = r.reranker *
			(1 + recencyAlpha*(r.recency-0.5)) *
			(1 + temporalAlpha*(r.temporal-0.5)) *
			(1 + proofAlpha*(r.proofNorm-0.5))
	}
	slices.SortStableFunc(out, func(a, b rankedMemory) int { return compareDesc(a.final, b.final) })
	return out
}

// termCoverage is the share of query terms the memory contains (related words count
// as their partial similarity).
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

// applyScoreFloors drops results under the post-ranking floors (inclusive, AND-ed).
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

func compareDesc(a, b float64) int {
	switch {
	case a > b:
		return -1
	case a < b:
		return 1
	}
	return 0
}
