package hindsighttest

import (
	"math"
	"slices"
)

// semanticQuery is a query analysed against one semantic index: its distinct terms,
// their weights, the vocabulary terms related to each, and its vector's length.
type semanticQuery struct {
	terms   []string
	weights []float64
	related [][]relatedTerm // per query term, by vocabulary term id
	norm    float64
}

// query analyses text for this index. Terms the bank has never seen still count
// (with the weight of a term in no memory), so they lengthen the query vector the
// way an unmatched word lowers a real embedding's similarity.
func (si *semanticIndex) query(text string) *semanticQuery {
	q := &semanticQuery{}
	tf := map[string]int{}
	for _, t := range semanticTerms(text) {
		if tf[t] == 0 {
			q.terms = append(q.terms, t)
		}
		tf[t]++
	}
	sum := map[featureKey]float64{}
	for _, t := range q.terms {
		w := docTermWeight(int32(tf[t]))
		if id, ok := si.termID[t]; ok {
			w *= si.weight[id]
		} else {
			w *= dampedIDF(si.n, 0)
		}
		q.weights = append(q.weights, w)
		vec := termVector(t)
		for _, f := range vec {
			sum[f.k] += w * f.w
		}
		q.related = append(q.related, si.relatedTo(t, vec))
	}
	keys := make([]featureKey, 0, len(sum))
	for k := range sum {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		q.norm += sum[k] * sum[k]
	}
	q.norm = math.Sqrt(q.norm)
	return q
}

// relatedTo lists the vocabulary terms whose similarity to t is at least
// relatedFloor, in term order. Results are cached per index revision.
func (si *semanticIndex) relatedTo(t string, vec []keyedFeature) []relatedTerm {
	if r, ok := si.related[t]; ok {
		return r
	}
	acc := map[int32]float64{}
	for _, f := range vec {
		fid, ok := si.featID[f.k]
		if !ok {
			continue
		}
		for _, ft := range si.featTerms[fid] {
			acc[ft.term] += f.w * ft.sim
		}
	}
	out := make([]relatedTerm, 0, 4)
	for term, sim := range acc {
		if sim >= relatedFloor {
			out = append(out, relatedTerm{term: term, sim: min(1, sim)})
		}
	}
	slices.SortFunc(out, func(a, b relatedTerm) int { return int(a.term - b.term) })
	if len(si.related) >= relatedCacheSize {
		clear(si.related)
	}
	si.related[t] = out
	return out
}

// scores returns the cosine of the query with every doc it relates to, and the
// number of postings read.
func (si *semanticIndex) scores(q *semanticQuery) (docScores, int) {
	dots := newDocScores(si.n)
	if q.norm == 0 {
		return dots, 0
	}
	pull := map[int32]float64{} // term -> its dot with the query vector
	for i, rel := range q.related {
		for _, r := range rel {
			pull[r.term] += q.weights[i] * r.sim
		}
	}
	terms := make([]int32, 0, len(pull))
	for t := range pull {
		terms = append(terms, t)
	}
	slices.Sort(terms)
	work := 0
	for _, t := range terms {
		w := pull[t] * si.weight[t]
		for _, p := range si.postings[t] {
			dots.add(p.doc, w*docTermWeight(p.tf))
		}
		work += len(si.postings[t])
	}
	for _, doc := range dots.hit {
		dots.val[doc] = calibrate(dots.val[doc] / (q.norm * si.norms[doc]))
	}
	return dots, work
}

// coverage is how much of the query a doc answers, for the reranker stand-in. Each
// query term is matched by its best similarity to any of the doc's terms (1 for the
// word itself); coverage is the mean of the mean and the weakest match, a soft AND:
// like a cross-encoder, it rates a memory that answers half of a question ("Priya"
// but not "eat") well below one that answers all of it. Every query term counts the
// same, however common the word is in the bank.
func (si *semanticIndex) coverage(q *semanticQuery, doc int32) float64 {
	if len(q.related) == 0 {
		return 0
	}
	var sum float64
	weakest := 1.0
	terms := si.docTerms[si.docStart[doc]:si.docStart[doc+1]]
	for _, rel := range q.related {
		best := 0.0
		for _, r := range rel {
			if r.sim > best && slices.Contains(terms, r.term) {
				best = r.sim
			}
		}
		sum += best
		weakest = min(weakest, best)
	}
	return (sum/float64(len(q.related)) + weakest) / 2
}

// calibrate maps the stand-in's raw cosine onto the scale of a dense sentence
// model. Sparse vectors of unrelated words are orthogonal, so a raw cosine runs well
// below what bge-small gives the same pair (a query naming one thing a long memory
// mentions: raw ~0.2, bge ~0.5); the map is monotone, so it changes no ranking, only
// where the 0.3 floor falls.
func calibrate(cos float64) float64 {
	return math.Pow(min(1, cos), semanticGamma)
}
