package components

import (
	"strings"
	"unicode"

	"hindsight-tui/client"
)

// factKey is what two facts are matched by: their text, case, spacing and the closing
// punctuation aside, so a fact stored as extracted matches however it was spaced.
func factKey(text string) string {
	return strings.TrimRightFunc(strings.ToLower(strings.Join(strings.Fields(text), " ")), func(r rune) bool {
		return unicode.IsPunct(r) || unicode.IsSpace(r)
	})
}

// sideBySide marks, for two extractions of the same text, the facts of each that the
// other does not have: the same text with the same type, each counterpart used once.
func sideBySide(a, b []client.ExtractedFact) (onlyA, onlyB []bool) {
	key := func(f client.ExtractedFact) string { return f.FactType + "\x00" + factKey(f.Text) }
	count := map[string]int{}
	for _, f := range b {
		count[key(f)]++
	}
	onlyA = make([]bool, len(a))
	for i, f := range a {
		if count[key(f)] > 0 {
			count[key(f)]--
		} else {
			onlyA[i] = true
		}
	}
	count = map[string]int{}
	for _, f := range a {
		count[key(f)]++
	}
	onlyB = make([]bool, len(b))
	for i, f := range b {
		if count[key(f)] > 0 {
			count[key(f)]--
		} else {
			onlyB[i] = true
		}
	}
	return onlyA, onlyB
}

// chunkComparison is a chunk's facts extracted again beside the memories stored from
// it, matched by normalized text.
type chunkComparison struct {
	both       []storedFact           // extracted and stored
	notStored  []client.ExtractedFact // extracted, with no stored memory of that text
	notExtract []client.Memory        // stored, and not among the extracted facts
}

// storedFact is an extracted fact and the memory stored for it.
type storedFact struct {
	fact client.ExtractedFact
	mem  client.Memory
}

// compareChunk matches the facts extracted from a chunk with the memories stored from
// it, each memory used once, in the extraction's order.
func compareChunk(facts []client.ExtractedFact, stored []client.Memory) chunkComparison {
	var out chunkComparison
	used := make([]bool, len(stored))
	for _, f := range facts {
		k, found := factKey(f.Text), -1
		for i, m := range stored {
			if !used[i] && factKey(m.Text) == k {
				found = i
				break
			}
		}
		if found < 0 {
			out.notStored = append(out.notStored, f)
			continue
		}
		used[found] = true
		out.both = append(out.both, storedFact{fact: f, mem: stored[found]})
	}
	for i, m := range stored {
		if !used[i] {
			out.notExtract = append(out.notExtract, m)
		}
	}
	return out
}
