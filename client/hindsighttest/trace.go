package hindsighttest

import (
	"hash/fnv"
	"math"
	"time"
)

// The recall trace mirrors the real server's SearchTrace (engine/search/trace.py).
// Durations are not measured: they are derived from the work each phase did (postings
// read, candidates scored), so traces are identical from run to run and can be golden
// tested, while still growing with the size of the bank and the query.

type recallTrace struct {
	Query            traceQuery        `json:"query"`
	RetrievalResults []traceMethod     `json:"retrieval_results"`
	RRFMerged        []traceMerged     `json:"rrf_merged"`
	Reranked         []traceReranked   `json:"reranked"`
	EntryPoints      []traceEntryPoint `json:"entry_points"`
	Visits           []traceVisit      `json:"visits"`
	Pruned           []any             `json:"pruned"`
	Summary          traceSummary      `json:"summary"`
	FinalResults     []map[string]any  `json:"final_results"`
}

type traceQuery struct {
	QueryText          string             `json:"query_text"`
	QueryEmbedding     []float64          `json:"query_embedding"`
	Timestamp          string             `json:"timestamp"`
	Budget             int                `json:"budget"`
	MaxTokens          int                `json:"max_tokens"`
	Tags               []string           `json:"tags"`
	TagsMatch          string             `json:"tags_match"`
	TemporalConstraint map[string]*string `json:"temporal_constraint"`
}

type traceMethod struct {
	MethodName      string           `json:"method_name"`
	FactType        string           `json:"fact_type"`
	Results         []traceRetrieved `json:"results"`
	DurationSeconds float64          `json:"duration_seconds"`
	Metadata        map[string]any   `json:"metadata"`
}

type traceRetrieved struct {
	Rank      int     `json:"rank"`
	NodeID    string  `json:"node_id"`
	Text      string  `json:"text"`
	Context   string  `json:"context"`
	EventDate *string `json:"event_date"`
	FactType  string  `json:"fact_type"`
	Score     float64 `json:"score"`
	ScoreName string  `json:"score_name"`
}

type traceMerged struct {
	NodeID       string         `json:"node_id"`
	Text         string         `json:"text"`
	RRFScore     float64        `json:"rrf_score"`
	SourceRanks  map[string]int `json:"source_ranks"`
	FinalRRFRank int            `json:"final_rrf_rank"`
}

type traceReranked struct {
	NodeID          string             `json:"node_id"`
	Text            string             `json:"text"`
	RerankScore     float64            `json:"rerank_score"`
	RerankRank      int                `json:"rerank_rank"`
	RRFRank         int                `json:"rrf_rank"`
	RankChange      int                `json:"rank_change"`
	ScoreComponents map[string]float64 `json:"score_components"`
}

type traceEntryPoint struct {
	NodeID          string  `json:"node_id"`
	Text            string  `json:"text"`
	SimilarityScore float64 `json:"similarity_score"`
	Rank            int     `json:"rank"`
}

type traceVisit struct {
	Step              int                `json:"step"`
	NodeID            string             `json:"node_id"`
	Text              string             `json:"text"`
	Context           string             `json:"context"`
	EventDate         *string            `json:"event_date"`
	IsEntryPoint      bool               `json:"is_entry_point"`
	ParentNodeID      *string            `json:"parent_node_id"`
	LinkType          *string            `json:"link_type"`
	LinkWeight        *float64           `json:"link_weight"`
	Weights           map[string]float64 `json:"weights"`
	NeighborsExplored []any              `json:"neighbors_explored"`
	FinalRank         *int               `json:"final_rank"`
}

type traceSummary struct {
	TotalNodesVisited     int          `json:"total_nodes_visited"`
	TotalNodesPruned      int          `json:"total_nodes_pruned"`
	EntryPointsFound      int          `json:"entry_points_found"`
	BudgetUsed            int          `json:"budget_used"`
	BudgetRemaining       int          `json:"budget_remaining"`
	TotalDurationSeconds  float64      `json:"total_duration_seconds"`
	ResultsReturned       int          `json:"results_returned"`
	TemporalLinksFollowed int          `json:"temporal_links_followed"`
	SemanticLinksFollowed int          `json:"semantic_links_followed"`
	EntityLinksFollowed   int          `json:"entity_links_followed"`
	PhaseMetrics          []tracePhase `json:"phase_metrics"`
}

type tracePhase struct {
	PhaseName       string         `json:"phase_name"`
	DurationSeconds float64        `json:"duration_seconds"`
	Details         map[string]any `json:"details"`
}

// recallTracer collects phase metrics while recall runs and renders the trace at the end.
type recallTracer struct {
	req    *recallRequest
	run    *rankRun
	now    time.Time
	phases []tracePhase
	total  float64
}

// workSeconds turns units of work into a small, repeatable duration.
func workSeconds(units int) float64 {
	return math.Round((0.0002+float64(units)*2e-7)*1e6) / 1e6
}

func newRecallTracer(req *recallRequest, run *rankRun, now time.Time) *recallTracer {
	t := &recallTracer{req: req, run: run, now: now}
	t.phase("backend_acquisition", 0, map[string]any{})
	t.phase("generate_query_embedding", len(req.query), map[string]any{})
	counts := map[string]int{}
	slowest := 0
	perMethod := map[string]int{}
	for _, l := range run.lanes {
		counts[l.method] += len(l.hits)
		slowest = max(slowest, l.work)
		perMethod[l.method] = max(perMethod[l.method], l.work)
	}
	t.phase("parallel_retrieval", slowest, map[string]any{
		"semantic_count": counts["semantic"], "bm25_count": counts["bm25"],
		"graph_count": counts["graph"], "temporal_count": counts["temporal"],
	})
	for _, m := range []string{"semantic", "bm25", "graph", "temporal"} {
		if _, ok := perMethod[m]; ok {
			t.diagnostic("retrieval_"+m, perMethod[m])
		}
	}
	t.phase("rrf_merge", len(run.merged), map[string]any{"candidates_merged": len(run.merged)})
	reranked := min(len(run.merged), rerankerMaxCandidates)
	t.phase("hydrate_results", reranked, map[string]any{"candidates": reranked})
	kind := "cross-encoder"
	if run.passthrough {
		kind = "rrf-passthrough"
	}
	t.phase("reranking", 20*reranked, map[string]any{"reranker_type": kind, "candidates_reranked": len(run.ranked)})
	t.phase("combined_scoring", len(run.ranked), map[string]any{"candidates_scored": len(run.ranked)})
	return t
}

func (t *recallTracer) phase(name string, work int, details map[string]any) {
	d := workSeconds(work)
	t.total += d
	t.phases = append(t.phases, tracePhase{PhaseName: name, DurationSeconds: d, Details: details})
}

// diagnostic phases overlap others and are left out of the total, as in the real trace.
func (t *recallTracer) diagnostic(name string, work int) {
	t.phases = append(t.phases, tracePhase{PhaseName: name, DurationSeconds: workSeconds(work), Details: map[string]any{"diagnostic": true}})
}

// finish renders the trace. visited is the ranked list recall worked from (after
// prefer_observations), selected the results it returns.
func (t *recallTracer) finish(visited, selected []rankedMemory) *recallTrace {
	run, req := t.run, t.req
	tr := &recallTrace{
		Query: traceQuery{
			QueryText: req.query, QueryEmbedding: queryEmbedding(req.query), Timestamp: isoTime(t.now),
			Budget: run.budget, MaxTokens: req.maxTokens, Tags: req.tags, TagsMatch: req.tagsMatch,
		},
		RetrievalResults: []traceMethod{}, RRFMerged: []traceMerged{}, Reranked: []traceReranked{},
		EntryPoints: []traceEntryPoint{}, Visits: []traceVisit{}, Pruned: []any{}, FinalResults: []map[string]any{},
	}
	if run.window != nil {
		tr.Query.TemporalConstraint = windowJSON(*run.window)
	}
	for _, l := range run.lanes {
		tr.RetrievalResults = append(tr.RetrievalResults, t.method(l))
	}
	for _, m := range run.merged {
		tr.RRFMerged = append(tr.RRFMerged, traceMerged{NodeID: m.mem.id, Text: m.mem.text, RRFScore: m.rrfScore,
			SourceRanks: m.sourceRanks, FinalRRFRank: m.rrfRank})
	}
	for i, r := range run.ranked {
		tr.Reranked = append(tr.Reranked, traceReranked{NodeID: r.mem.id, Text: r.mem.text, RerankScore: r.final,
			RerankRank: i + 1, RRFRank: r.rrfRank, RankChange: r.rrfRank - (i + 1), ScoreComponents: map[string]float64{
				"cross_encoder_score": r.ceRaw, "cross_encoder_score_normalized": r.reranker, "rrf_score": r.rrfScore,
				"rrf_normalized": 0, "temporal": r.temporal, "recency": r.recency, "proof_norm": r.proofNorm,
				"combined_score": r.final,
			}})
	}
	entry := map[string]bool{}
	for i, h := range run.semantic[:min(10, len(run.semantic))] {
		m := run.ix.docs[h.doc]
		entry[m.id] = true
		tr.EntryPoints = append(tr.EntryPoints, traceEntryPoint{NodeID: m.id, Text: m.text, SimilarityScore: min(1, h.score), Rank: i + 1})
	}
	finalRank := map[string]int{}
	for i, r := range selected {
		finalRank[r.mem.id] = i + 1
		tr.FinalResults = append(tr.FinalResults, finalResultDict(r))
	}
	for i, r := range visited {
		sem := 0.0
		if r.similarity != nil {
			sem = *r.similarity
		}
		v := traceVisit{Step: i + 1, NodeID: r.mem.id, Text: r.mem.text, Context: r.mem.context,
			EventDate: isoPtr(r.mem.occurredStart), IsEntryPoint: entry[r.mem.id], NeighborsExplored: []any{},
			Weights: map[string]float64{
				"activation": r.rrfScore, "semantic_similarity": sem, "recency": r.recency, "frequency": 0,
				"final_weight": r.final, "activation_contribution": 0.3 * r.rrfScore,
				"semantic_contribution": 0.3 * sem, "recency_contribution": 0.25 * r.recency, "frequency_contribution": 0,
			}}
		if rank, ok := finalRank[r.mem.id]; ok {
			v.FinalRank = &rank
		}
		tr.Visits = append(tr.Visits, v)
	}
	total := t.total
	t.diagnostic("trace_finalize", len(visited))
	tr.Summary = traceSummary{
		TotalNodesVisited: len(tr.Visits), EntryPointsFound: len(tr.EntryPoints), BudgetUsed: len(tr.Visits),
		BudgetRemaining: run.budget - len(tr.Visits), TotalDurationSeconds: math.Round(total*1e6) / 1e6,
		ResultsReturned: len(selected), PhaseMetrics: t.phases,
	}
	return tr
}

func (t *recallTracer) method(l lane) traceMethod {
	names := map[string]string{"semantic": "similarity", "bm25": "bm25_score", "graph": "activation", "temporal": "temporal_score"}
	out := traceMethod{MethodName: l.method, FactType: l.factType, Results: []traceRetrieved{},
		DurationSeconds: workSeconds(l.work), Metadata: map[string]any{"limit": t.run.budget}}
	if l.method == "graph" || l.method == "temporal" {
		out.Metadata = map[string]any{"budget": t.run.budget}
	}
	if l.method == "temporal" && t.run.window != nil {
		out.Metadata["constraint"] = windowJSON(*t.run.window)
	}
	for i, h := range l.hits {
		m := t.run.ix.docs[h.doc]
		out.Results = append(out.Results, traceRetrieved{Rank: i + 1, NodeID: m.id, Text: m.text, Context: m.context,
			EventDate: eventDate(m), FactType: m.factType, Score: h.score, ScoreName: names[l.method]})
	}
	return out
}

// finalResultDict is the real trace's per-result dict (ScoredResult.to_dict()).
func finalResultDict(r rankedMemory) map[string]any {
	m := r.mem
	d := map[string]any{
		"id": m.id, "text": m.text, "fact_type": m.factType, "context": nilIfEmpty(m.context),
		"event_date": eventDate(m), "occurred_start": isoPtr(m.occurredStart), "occurred_end": isoPtr(m.occurredEnd),
		"mentioned_at": isoPtr(m.mentionedAt), "document_id": nilIfEmpty(m.documentID), "chunk_id": nilIfEmpty(m.chunkID),
		"tags": append([]string{}, m.tags...), "metadata": resultOf(m, true).Metadata,
		"semantic_similarity": r.similarity, "bm25_score": recordBM25(r),
		"rrf_score": r.rrfScore, "rrf_rank": r.rrfRank,
		"cross_encoder_score": r.ceRaw, "cross_encoder_score_normalized": r.reranker, "rrf_normalized": 0.0,
		"temporal": r.temporal, "recency": r.recency, "proof_norm": r.proofNorm,
		"combined_score": r.final, "weight": r.final, "activation": r.final,
	}
	if r.temporalProximity != nil {
		d["temporal_score"] = *r.temporalProximity
		d["temporal_proximity"] = *r.temporalProximity
	}
	for k, v := range r.sourceRanks {
		d[k] = v
	}
	return d
}

// recordBM25 is the bm25 score on the record fusion kept: only a bm25 record has one.
func recordBM25(r rankedMemory) *float64 {
	if r.record == "bm25" {
		return r.keyword
	}
	return nil
}

func nilIfEmpty(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

// eventDate is the legacy event date: when it happened, else when it was said.
func eventDate(m *memory) *string {
	if m.occurredStart != nil {
		return isoPtr(m.occurredStart)
	}
	return isoPtr(m.mentionedAt)
}

func windowJSON(w timeWindow) map[string]*string {
	return map[string]*string{"start": isoPtr(&w.Start), "end": isoPtr(&w.End)}
}

// queryEmbedding is a short stand-in for the query vector: a unit vector hashed from
// the query terms, so it is stable and differs between queries.
func queryEmbedding(query string) []float64 {
	const dims = 8
	vec := make([]float64, dims)
	for _, term := range analyze(query) {
		h := fnv.New64a()
		h.Write([]byte(term))
		sum := h.Sum64()
		for i := range vec {
			vec[i] += float64(int64(sum>>(i*8))&0xff) - 127.5
		}
	}
	var norm float64
	for _, v := range vec {
		norm += v * v
	}
	norm = math.Sqrt(norm)
	for i := range vec {
		if norm > 0 {
			vec[i] = math.Round(vec[i]/norm*1e6) / 1e6
		}
	}
	return vec
}
