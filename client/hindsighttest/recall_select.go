package hindsighttest

import "slices"

// Selecting an arm's best hits: arms can surface tens of thousands of memories on a
// large bank, of which only the thinking budget is kept, so hits go through a bounded
// heap instead of a full sort.

// topByType selects each fact type's best limit docs an arm surfaced (score above
// zero and at or above the floor, in tag scope), best first, in one pass over the hits
// with a bounded heap per type, so a common word neither sorts nor copies every hit.
func topByType(ix *searchIndex, scores docScores, floor *float64, inScope func(int32) bool, limit int) map[string][]laneHit {
	heaps := map[string]*hitHeap{}
	for _, doc := range scores.hit {
		sc := scores.val[doc]
		if sc <= 0 || (floor != nil && sc < *floor) || !inScope(doc) {
			continue
		}
		h := heaps[ix.docType[doc]]
		if h == nil {
			h = &hitHeap{limit: limit}
			heaps[ix.docType[doc]] = h
		}
		h.push(laneHit{doc: doc, score: sc})
	}
	out := make(map[string][]laneHit, len(heaps))
	for ft, h := range heaps {
		sortHits(h.hits)
		out[ft] = h.hits
	}
	return out
}

// topHits returns the best limit hits, best first.
func topHits(hits []laneHit, limit int) []laneHit {
	h := &hitHeap{limit: limit}
	for _, x := range hits {
		h.push(x)
	}
	sortHits(h.hits)
	return h.hits
}

// hitHeap keeps the best limit hits seen, as a heap whose root is the worst kept.
type hitHeap struct {
	limit int
	hits  []laneHit
}

// hitBetter orders hits by score, then by doc order for stable ties.
func hitBetter(a, b laneHit) bool {
	return a.score > b.score || (a.score == b.score && a.doc < b.doc)
}

func (h *hitHeap) push(x laneHit) {
	if len(h.hits) < h.limit {
		h.hits = append(h.hits, x)
		for i := len(h.hits) - 1; i > 0; {
			p := (i - 1) / 2
			if !hitBetter(h.hits[p], h.hits[i]) {
				break
			}
			h.hits[p], h.hits[i] = h.hits[i], h.hits[p]
			i = p
		}
		return
	}
	if h.limit == 0 || !hitBetter(x, h.hits[0]) {
		return
	}
	h.hits[0] = x
	for i := 0; ; {
		c := 2*i + 1
		if c >= len(h.hits) {
			return
		}
		if r := c + 1; r < len(h.hits) && hitBetter(h.hits[c], h.hits[r]) {
			c = r
		}
		if !hitBetter(h.hits[i], h.hits[c]) {
			return
		}
		h.hits[i], h.hits[c] = h.hits[c], h.hits[i]
		i = c
	}
}

// sortHits orders lane hits by score, best first, then by doc order for stable ties.
func sortHits(hits []laneHit) {
	slices.SortFunc(hits, func(a, b laneHit) int {
		switch {
		case a.score > b.score:
			return -1
		case a.score < b.score:
			return 1
		}
		return int(a.doc - b.doc)
	})
}
