package hindsighttest

import (
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
	// the memory (the response's scores.semantic / scores.keyword).
	semantic, keyword *float64
	// record is the arm whose result fusion kept: the first, in the order semantic,
	// bm25, graph, temporal, that surfaced the memory. Its similarity (semantic and
	// temporal records), bm25 score and temporal proximity (temporal records) are
	// what the trace's final_results report, and only a temporal record carries a
	// proximity into combined scoring.
	record            string
	similarity        *float64
	temporalProximity *float64
	rrfScore          float64
	rrfRank           int
	sourceRanks       map[string]int // "semantic_rank" -> 3, ...
	ceRaw             float64        // what the reranker returned (0 when passed through)
	reranker          float64        // CE: the reranker's score, normalised 0-1
	recency           float64
	temporal          float64
	proofNorm         float64
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
	// passthrough is set when the bank turned reranking off: CE then follows the
	// RRF order and the response carries no reranker score.
	passthrough bool
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

	kw, kwWork := ix.keywordScores(uniqueTerms(q.Text))
	sq := ix.sem.query(q.Text)
	sem, semWork := ix.sem.scores(sq)
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
	run.passthrough = !bankOverrideBool(b, "enable_reranking", true)
	scored := rerank(ix, candidates, sq, sem, run.window, run.passthrough)
	applyCombinedScoring(scored, run.anchor)
	run.ranked = applyScoreFloors(scored, q.MinScores)
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
// per arm, its raw semantic/keyword scores and the record of the first arm that
// surfaced it (engine/search/fusion.py). Ties keep first-seen order.
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
				out = append(out, firstRecord(ix, names[li], h, sem))
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
			}
		}
	}
	slices.SortStableFunc(out, func(a, b rankedMemory) int { return compareDesc(a.rrfScore, b.rrfScore) })
	for i := range out {
		out[i].rrfRank = i + 1
	}
	return out
}

// firstRecord starts a fused candidate from the arm that surfaced it first. A
// semantic record carries its similarity, a bm25 record its score, a temporal record
// its proximity and (the temporal arm selects by similarity too) its similarity.
func firstRecord(ix *searchIndex, arm string, h laneHit, sem docScores) rankedMemory {
	r := rankedMemory{mem: ix.docs[h.doc], doc: h.doc, record: arm, sourceRanks: map[string]int{}}
	switch arm {
	case "semantic":
		v := sem.val[h.doc]
		r.similarity = &v
	case "temporal":
		v, p := sem.val[h.doc], h.score
		r.similarity, r.temporalProximity = &v, &p
	}
	return r
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
