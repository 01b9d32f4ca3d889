package hindsighttest

import (
	"math"
	"net/http"
	"sort"
	"unicode/utf8"
)

// Knowledge-base search fuses two rankings of the pages like the real server (BM25
// and vector search, reciprocal-rank fusion with k = 60). The "vector" side is the
// same stand-in recall uses: terms count as related when they share a stem-like
// prefix.

// kbFusionK is the k of the reciprocal-rank fusion: score = Σ 1/(k + rank).
const kbFusionK = 60

type pageHit struct {
	n     *kbNode
	mm    *mentalModel
	score float64
}

// handleKnowledgeSearch serves GET …/knowledge-base/search?q=&limit=.
func (s *Server) handleKnowledgeSearch(w http.ResponseWriter, r *http.Request, bankID string) {
	q := newRequest(w, r, "q", "limit")
	text, ok := q.str("q")
	switch {
	case !ok:
		q.fail(validationError{Type: "missing", Loc: []any{"query", "q"}, Msg: "Field required", Input: nil})
	case text == "":
		q.fail(validationError{Type: "string_too_short", Loc: []any{"query", "q"},
			Msg: "String should have at least 1 character", Input: text, Ctx: map[string]any{"min_length": 1}})
	}
	limit := q.integer("limit", 10, 1, 50)
	if q.invalid() || !s.authorized(w, r) {
		return
	}
	results := []map[string]any{}
	if b := s.store.banks[bankID]; b != nil {
		hits := searchPages(b, text)
		for _, h := range hits[:min(len(hits), limit)] {
			results = append(results, map[string]any{"id": h.n.id, "name": h.n.name, "mental_model_id": h.mm.id,
				"snippet": firstRunes(h.mm.content, 280), "score": h.score, "updated_at": isoTime(*h.mm.lastRefreshedAt)})
		}
	}
	writeJSON(w, http.StatusOK, map[string]any{"results": results, "total": len(results)})
}

// searchPages ranks the bank's pages for query, best first.
func searchPages(b *bank, query string) []pageHit {
	terms := uniqueTerms(query)
	var pages []pageHit
	docs := map[*kbNode][]string{}
	total := 0
	for _, n := range b.knowledge {
		if mm := pageModel(b, n); mm != nil && mm.lastRefreshedAt != nil {
			pages = append(pages, pageHit{n: n, mm: mm})
			docs[n] = analyze(n.name + "\n" + mm.sourceQuery + "\n" + mm.content)
			total += len(docs[n])
		}
	}
	if len(pages) == 0 || len(terms) == 0 {
		return nil
	}
	sort.Slice(pages, func(i, j int) bool { return pages[i].n.id < pages[j].n.id })
	avg := float64(total) / float64(len(pages))
	df := map[string]int{}
	for _, d := range docs {
		seen := map[string]bool{}
		for _, t := range d {
			if !seen[t] {
				seen[t] = true
				df[t]++
			}
		}
	}
	lexical, vector := make([]float64, len(pages)), make([]float64, len(pages))
	for i, p := range pages {
		d := docs[p.n]
		tf := map[string]int{}
		for _, t := range d {
			tf[t]++
		}
		for _, t := range terms {
			if f := float64(tf[t]); f > 0 {
				idf := math.Log(1 + (float64(len(pages)-df[t])+0.5)/(float64(df[t])+0.5))
				lexical[i] += idf * f * 2.2 / (f + 1.2*(0.25+0.75*float64(len(d))/avg))
			}
			best := 0.0
			for u := range tf {
				best = max(best, partialSimilarity(t, u))
			}
			vector[i] += best / float64(len(terms))
		}
	}
	for _, scores := range [][]float64{lexical, vector} {
		order := make([]int, 0, len(pages))
		for i := range pages {
			if scores[i] > 0 {
				order = append(order, i)
			}
		}
		sort.SliceStable(order, func(a, c int) bool { return scores[order[a]] > scores[order[c]] })
		for rank, i := range order {
			pages[i].score += 1 / float64(kbFusionK+rank+1)
		}
	}
	hits := pages[:0]
	for _, p := range pages {
		if p.score > 0 {
			hits = append(hits, p)
		}
	}
	sort.Slice(hits, func(i, j int) bool {
		if hits[i].score != hits[j].score {
			return hits[i].score > hits[j].score
		}
		return hits[i].n.id < hits[j].n.id
	})
	return hits
}

// firstRunes is s cut to n runes.
func firstRunes(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n])
}
