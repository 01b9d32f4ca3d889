package ui

import (
	"sort"
	"strings"
	"unicode"
)

// fuzzyMatch is one candidate that matched a query: its index in the input and the
// rune positions that matched, for highlighting.
type fuzzyMatch struct {
	index     int
	score     int
	positions []int
}

// exactBonus puts an exact match above every fuzzy one.
const exactBonus = 1 << 20

// fuzzyFind returns the candidates that contain query's characters in order (case
// does not matter), best first: an exact match of the name (or of the pane a "Go to"
// entry names) first, so typing a pane's name and enter opens it; then matches at
// word starts and runs of consecutive characters, so "cb" finds "Create bank" before
// "Copy the bank id". Ties keep the input order. An empty query matches everything.
func fuzzyFind(query string, candidates []string) []fuzzyMatch {
	q := []rune(strings.ToLower(strings.TrimSpace(query)))
	out := make([]fuzzyMatch, 0, len(candidates))
	for i, c := range candidates {
		if len(q) == 0 {
			out = append(out, fuzzyMatch{index: i})
			continue
		}
		rs := []rune(c)
		m, ok := matchOne(q, rs, true)
		if !ok {
			// Jumping to word starts can skip the only way to match; plain greedy
			// finds any subsequence that exists.
			m, ok = matchOne(q, rs, false)
		}
		if ok {
			m.index = i
			if exact(query, c) {
				m.score += exactBonus
			}
			out = append(out, m)
		}
	}
	sort.SliceStable(out, func(a, b int) bool { return out[a].score > out[b].score })
	return out
}

// matchOne greedily matches q against s. With preferWords, a mid-word hit that does
// not continue a run moves to a later word start with the same rune, if there is one.
func matchOne(q, s []rune, preferWords bool) (fuzzyMatch, bool) {
	var m fuzzyMatch
	qi, prev := 0, -2
	for si := 0; si < len(s) && qi < len(q); si++ {
		if unicode.ToLower(s[si]) != q[qi] {
			continue
		}
		// Skip a mid-word hit if the same rune starts a later word and the run is
		// not consecutive: "gb" should light up "Go to the Bank list".
		if preferWords && si != prev+1 && !wordStart(s, si) {
			if later := nextWordStart(s, si+1, q[qi]); later >= 0 {
				si = later
			}
		}
		m.positions = append(m.positions, si)
		m.score++
		if si == prev+1 {
			m.score += 5
		}
		if wordStart(s, si) {
			m.score += 10
		}
		prev = si
		qi++
	}
	if qi < len(q) {
		return fuzzyMatch{}, false
	}
	if len(m.positions) > 0 {
		m.score -= m.positions[0] / 4 // earlier is better, gently
	}
	return m, true
}

func wordStart(s []rune, i int) bool {
	return i == 0 || !unicode.IsLetter(s[i-1]) && !unicode.IsDigit(s[i-1])
}

func nextWordStart(s []rune, from int, r rune) int {
	for i := from; i < len(s); i++ {
		if wordStart(s, i) && unicode.ToLower(s[i]) == r {
			return i
		}
	}
	return -1
}

// exact reports whether query names the candidate exactly, ignoring case: the whole
// name, or the pane of a "Go to …" entry.
func exact(query, name string) bool {
	q := strings.TrimSpace(query)
	return strings.EqualFold(q, name) || strings.EqualFold(q, strings.TrimPrefix(name, "Go to "))
}
