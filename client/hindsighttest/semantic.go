package hindsighttest

import (
	"hash/fnv"
	"math"
	"slices"
)

const (
	// defaultSemanticFloor is HINDSIGHT_API_SEMANTIC_MIN_SIMILARITY; a request's
	// min_scores.semantic replaces it.
	defaultSemanticFloor = 0.3
	// conceptShare is the part of a lexicon term's squared vector length that is its
	// concepts; the rest is its character n-grams.
	conceptShare = 0.6
	// relatedFloor is the term similarity under which a pair counts as unrelated.
	relatedFloor = 0.35
	// semanticGamma is the exponent of calibrate.
	semanticGamma = 0.5
	// relatedCacheSize bounds the per-index cache of related terms.
	relatedCacheSize = 4096
)

// featureKey identifies a vector dimension: a hashed n-gram, or a concept (top bit).
type featureKey uint64

func conceptKey(id int) featureKey { return featureKey(1<<63 | uint64(id)) }

// semFeature is one non-zero component of a term vector, by compact feature id.
type semFeature struct {
	id int32
	w  float64
}

// relatedTerm is a vocabulary term and its similarity to some query term.
type relatedTerm struct {
	term int32
	sim  float64
}

// semanticIndex is the semantic lane of one bank revision, without an embedding model.
//
// The real server embeds memories and queries with BAAI/bge-small-en-v1.5 and keeps
// the memories whose cosine similarity to the query is at least 0.3 (§5.3b). This
// stand-in gives every term a small sparse vector instead, made of two parts:
//
//   - the term's character 3- and 4-grams, with word-boundary marks ("^de", "dep",
//     …, "loy$"), each hashed to a feature and weighted less the further into the
//     word it starts, so that word forms sharing a beginning land close together
//     and words that merely share a few letters do not (by n-grams alone, "deploy" /
//     "deployment" ≈ 0.8, "quantum" / "quarterly" ≈ 0.3); a number is one feature,
//     so 2023 is not like 2024;
//   - the concepts a built-in lexicon lists the term under (semantic_lexicon.go), so
//     that words meaning related things are close although they share no letter
//     ("trip" / "flies" ≈ 0.6, both travel).
//
// Each term vector has unit length; concepts take conceptShare of its squared
// length when the term has any. A text (memory text plus context, or the query) is
// analysed by semanticTerms: stop words and fillers go, phrases such as "coming up"
// become one term, the rest is stemmed. Its vector is the sum of its terms' vectors,
// each weighted by (1 + ln tf) and a damped inverse document frequency over the
// bank. The lane score of a memory is the cosine of its vector and the query's, put
// on a dense model's scale by calibrate (its square root). So "Which trips are
// coming up?" reaches "Alex flies to Tokyo on November 12" through travel (trip ~
// flies) and time (upcoming ~ November) without a shared word.
//
// One shortcut keeps a query cheap on a large bank: term pairs whose own similarity
// is under relatedFloor (a few letters in common, nothing more) are left out of the
// dot product. Vectors have no negative components, so this only ever lowers a
// score a little, never raises it. Norms are exact. The reranker stand-in reuses the
// same term similarities (coverage). The temporal arm's own similarity floor (0.1)
// is taken as met: bge-small scores almost any two sentences above it.
type semanticIndex struct {
	n        int
	termID   map[string]int32
	terms    []string
	vecs     [][]semFeature // unit vector per term, by compact feature id
	postings [][]posting
	weight   []float64 // damped idf per term
	// featID maps a feature to its compact id; featTerms lists the terms having it,
	// with their component, in term order.
	featID    map[featureKey]int32
	featTerms [][]relatedTerm
	// docTerms holds each doc's distinct terms, docTerms[docStart[d]:docStart[d+1]],
	// and docTF their frequencies.
	docTerms []int32
	docTF    []int32
	docStart []int32
	norms    []float64
	related  map[string][]relatedTerm
}

// keyedFeature is one component of a term vector by feature key.
type keyedFeature struct {
	k featureKey
	w float64
}

// termVector is a term's unit vector by feature key, sorted by key.
func termVector(term string) []keyedFeature {
	padded := "^" + term + "$"
	out := make([]keyedFeature, 0, 2*len(padded))
	grams := []int{3, 4}
	if isNumber(term) {
		grams = []int{len(padded)} // 2023 is not like 2024: a number is one feature
	}
	for _, n := range grams {
		for i := 0; i+n <= len(padded); i++ {
			h := fnv.New64a()
			h.Write([]byte(padded[i : i+n]))
			// Later grams weigh less; the first holds a boundary mark, so half.
			w := 1 / (1 + 0.3*float64(i))
			if i == 0 {
				w /= 2
			}
			out = append(out, keyedFeature{featureKey(h.Sum64() >> 1), w})
		}
	}
	slices.SortFunc(out, func(a, b keyedFeature) int { return cmpKey(a.k, b.k) })
	merged := out[:0]
	for _, f := range out {
		if n := len(merged); n > 0 && merged[n-1].k == f.k {
			merged[n-1].w += f.w
			continue
		}
		merged = append(merged, f)
	}
	var triNorm float64
	for _, f := range merged {
		triNorm += f.w * f.w
	}
	triNorm = math.Sqrt(triNorm)
	concepts := termConcepts[term]
	triShare, perConcept := 1.0, 0.0
	if len(concepts) > 0 {
		triShare = math.Sqrt(1 - conceptShare)
		perConcept = math.Sqrt(conceptShare / float64(len(concepts)))
	}
	for i := range merged {
		merged[i].w = merged[i].w / triNorm * triShare
	}
	for _, c := range concepts {
		merged = append(merged, keyedFeature{conceptKey(c), perConcept})
	}
	slices.SortFunc(merged, func(a, b keyedFeature) int { return cmpKey(a.k, b.k) })
	return merged
}

func isNumber(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

func cmpKey(a, b featureKey) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// dampedIDF weighs a term by how rare it is in the bank, more gently than BM25:
// an embedding model attends to content words, but does not let one rare token
// outweigh a sentence.
func dampedIDF(n, df int) float64 {
	return 1 + 0.5*math.Log(1+float64(n)/float64(df+1))
}

// newSemanticIndex starts an index for n docs, which addDoc then adds in doc order.
func newSemanticIndex(n int) *semanticIndex {
	return &semanticIndex{termID: map[string]int32{}, featID: map[featureKey]int32{},
		related: map[string][]relatedTerm{}, docStart: make([]int32, 0, n+1)}
}

// addDoc indexes the next doc from the words of its text and context.
func (si *semanticIndex) addDoc(words []string) {
	d := int32(si.n)
	si.n++
	si.docStart = append(si.docStart, int32(len(si.docTerms)))
	start := len(si.docTerms)
	for _, t := range semanticWords(words) {
		id, ok := si.termID[t]
		if !ok {
			id = si.addTerm(t)
		}
		// A doc has a handful of distinct terms: a scan beats a map.
		if i := slices.Index(si.docTerms[start:], id); i >= 0 {
			si.docTF[start+i]++
			continue
		}
		si.docTerms = append(si.docTerms, id)
		si.docTF = append(si.docTF, 1)
	}
	for i := start; i < len(si.docTerms); i++ {
		id := si.docTerms[i]
		si.postings[id] = append(si.postings[id], posting{doc: d, tf: si.docTF[i]})
	}
}

// finish computes the weights and norms once every doc is in.
func (si *semanticIndex) finish() {
	si.docStart = append(si.docStart, int32(len(si.docTerms)))
	si.weight = make([]float64, len(si.terms))
	for id := range si.terms {
		si.weight[id] = dampedIDF(si.n, len(si.postings[id]))
	}
	si.norms = si.docNorms()
}

// addTerm adds a vocabulary term with its vector.
func (si *semanticIndex) addTerm(t string) int32 {
	id := int32(len(si.terms))
	si.termID[t] = id
	si.terms = append(si.terms, t)
	si.postings = append(si.postings, nil)
	raw := termVector(t)
	vec := make([]semFeature, len(raw))
	for i, f := range raw {
		fid, ok := si.featID[f.k]
		if !ok {
			fid = int32(len(si.featTerms))
			si.featID[f.k] = fid
			si.featTerms = append(si.featTerms, nil)
		}
		si.featTerms[fid] = append(si.featTerms[fid], relatedTerm{term: id, sim: f.w})
		vec[i] = semFeature{id: fid, w: f.w}
	}
	slices.SortFunc(vec, func(a, b semFeature) int { return int(a.id - b.id) })
	si.vecs = append(si.vecs, vec)
	return id
}

// docNorms computes every doc vector's length with one dense scratch vector.
func (si *semanticIndex) docNorms() []float64 {
	norms := make([]float64, si.n)
	scratch := make([]float64, len(si.featTerms))
	var touched []int32
	for d := range si.n {
		touched = touched[:0]
		for i := si.docStart[d]; i < si.docStart[d+1]; i++ {
			id := si.docTerms[i]
			w := docTermWeight(si.docTF[i]) * si.weight[id]
			for _, f := range si.vecs[id] {
				if scratch[f.id] == 0 {
					touched = append(touched, f.id)
				}
				scratch[f.id] += w * f.w
			}
		}
		// touched follows the doc's terms and their features, so the order of this
		// sum, and the result to the last bit, only depends on the doc's text.
		var sum float64
		for _, f := range touched {
			sum += scratch[f] * scratch[f]
			scratch[f] = 0
		}
		norms[d] = math.Sqrt(sum)
	}
	return norms
}
