package hindsighttest

import (
	"math"
	"slices"
	"sort"
	"time"
)

// BM25 parameters: the textbook defaults.
const (
	bm25K1 = 1.2
	bm25B  = 0.75
)

// searchIndex is the per-bank index recall ranks with: BM25 postings for the lexical
// lane, the semantic stand-in's vectors (semantic.go), entities and dates. It covers
// the valid (non-invalidated) memories of one bank revision; bank.rev moving on means
// a memory was written, and the next recall rebuilds it. Everything a query needs is
// precomputed so that a query only touches the postings of its own terms, never every
// memory.
type searchIndex struct {
	rev  uint64
	docs []*memory // valid memories in insertion order; a doc number indexes this
	// docType is each doc's fact type, kept beside the postings so filtering hits by
	// type does not touch every hit's memory.
	docType []string
	docLen  []float64 // terms per doc
	avgLen  float64
	// postings maps a term to the docs containing it, in doc order.
	postings map[string][]posting
	// sem is the semantic lane's index over the same docs.
	sem *semanticIndex
	// docEntities are each doc's entity ids; observations inherit their sources'.
	docEntities [][]string
	// entityDocs maps an entity id to the docs mentioning it, in doc order.
	entityDocs map[string][]int32
	// dates holds every date of every doc (mentioned_at, occurred_start, occurred_end),
	// sorted, so a temporal window is found by binary search.
	dates []datedDoc
	// spans are the docs with an occurred range, which can cover a window without
	// having any single date inside it.
	spans []int32
}

type posting struct {
	doc int32
	tf  int32
}

type datedDoc struct {
	at  time.Time
	doc int32
}

// searchIndexFor returns b's index, rebuilding it when the bank changed since it was
// built. Callers hold Server.mu, which also guards the cached index.
func searchIndexFor(b *bank) *searchIndex {
	if b.index == nil || b.index.rev != b.rev {
		b.index = buildSearchIndex(b)
	}
	return b.index
}

func isValidMemory(m *memory) bool {
	return m != nil && m.state != "invalidated"
}

func buildSearchIndex(b *bank) *searchIndex {
	ix := &searchIndex{
		rev:        b.rev,
		postings:   map[string][]posting{},
		entityDocs: map[string][]int32{},
	}
	counts := map[string]int32{}
	var total float64
	ix.sem = newSemanticIndex(len(b.memoryOrder))
	for _, id := range b.memoryOrder {
		m := b.memories[id]
		if !isValidMemory(m) {
			continue
		}
		doc := int32(len(ix.docs))
		ix.docs = append(ix.docs, m)
		ix.docType = append(ix.docType, m.factType)

		clear(counts)
		words := splitWords(m.text + " " + m.context)
		ix.sem.addDoc(words)
		terms := analyzeWords(words)
		for _, t := range terms {
			counts[t]++
		}
		for t, n := range counts {
			ix.postings[t] = append(ix.postings[t], posting{doc: doc, tf: n})
		}
		ix.docLen = append(ix.docLen, float64(len(terms)))
		total += float64(len(terms))

		ents := memoryEntityIDs(b, m)
		ix.docEntities = append(ix.docEntities, ents)
		for _, e := range ents {
			ix.entityDocs[e] = append(ix.entityDocs[e], doc)
		}
		for _, t := range []*time.Time{m.mentionedAt, m.occurredStart, m.occurredEnd} {
			if t != nil {
				ix.dates = append(ix.dates, datedDoc{at: *t, doc: doc})
			}
		}
		if m.occurredStart != nil && m.occurredEnd != nil && m.occurredEnd.After(*m.occurredStart) {
			ix.spans = append(ix.spans, doc)
		}
	}
	if len(ix.docs) > 0 {
		ix.avgLen = total / float64(len(ix.docs))
	}
	ix.sem.finish()
	slices.SortStableFunc(ix.dates, func(a, b datedDoc) int { return a.at.Compare(b.at) })
	return ix
}

// memoryEntityIDs lists m's entities; an observation without its own inherits those of
// the facts it consolidates, as the real server resolves them.
func memoryEntityIDs(b *bank, m *memory) []string {
	if len(m.entityIDs) > 0 || m.factType != "observation" {
		return m.entityIDs
	}
	var out []string
	for _, sid := range m.sourceIDs {
		if src := b.memories[sid]; src != nil {
			for _, e := range src.entityIDs {
				if !slices.Contains(out, e) {
					out = append(out, e)
				}
			}
		}
	}
	return out
}

// idf is the BM25 inverse document frequency (the Lucene form, never negative).
func (ix *searchIndex) idf(term string) float64 {
	n := float64(len(ix.docs))
	df := float64(len(ix.postings[term]))
	return math.Log(1 + (n-df+0.5)/(df+0.5))
}

func docTermWeight(tf int32) float64 {
	return 1 + math.Log(float64(tf))
}

// docScores is one score per doc plus the docs that scored, in the order they were
// first scored. A dense slice is much faster than a map on a bank of 100,000.
type docScores struct {
	val []float64
	hit []int32
}

func newDocScores(n int) docScores {
	return docScores{val: make([]float64, n)}
}

// add accumulates v (> 0) into doc's score.
func (d *docScores) add(doc int32, v float64) {
	if d.val[doc] == 0 {
		d.hit = append(d.hit, doc)
	}
	d.val[doc] += v
}

// keywordScores returns the BM25 score of every doc that contains a query term, and
// the number of postings read (the work the trace's durations are derived from).
func (ix *searchIndex) keywordScores(terms []string) (docScores, int) {
	scores := newDocScores(len(ix.docs))
	work := 0
	for _, t := range terms {
		list := ix.postings[t]
		if len(list) == 0 {
			continue
		}
		idf := ix.idf(t)
		for _, p := range list {
			tf := float64(p.tf)
			norm := 1 - bm25B + bm25B*ix.docLen[p.doc]/ix.avgLen
			scores.add(p.doc, idf*tf*(bm25K1+1)/(tf+bm25K1*norm))
		}
		work += len(list)
	}
	return scores, work
}

// docsInWindow returns the docs with a date inside [start, end] or an occurred range
// overlapping it, in doc order.
func (ix *searchIndex) docsInWindow(start, end time.Time) ([]int32, int) {
	seen := map[int32]bool{}
	lo := sort.Search(len(ix.dates), func(i int) bool { return !ix.dates[i].at.Before(start) })
	work := 0
	for i := lo; i < len(ix.dates) && !ix.dates[i].at.After(end); i++ {
		seen[ix.dates[i].doc] = true
		work++
	}
	for _, doc := range ix.spans {
		m := ix.docs[doc]
		if !m.occurredStart.After(end) && !m.occurredEnd.Before(start) {
			seen[doc] = true
		}
		work++
	}
	out := make([]int32, 0, len(seen))
	for doc := range seen {
		out = append(out, doc)
	}
	slices.Sort(out)
	return out, work
}

// uniqueTerms analyses a query and keeps each term once, in order of first use.
func uniqueTerms(text string) []string {
	var out []string
	seen := map[string]bool{}
	for _, t := range analyze(text) {
		if !seen[t] {
			seen[t] = true
			out = append(out, t)
		}
	}
	return out
}
