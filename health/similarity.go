package health

import (
	"strings"
	"unicode"
)

// Near-duplicate observations are compared by their content words: lower-cased runs of
// letters and digits, without common English function words (and the "s" of "Léa's"),
// with a plural "s" dropped
// from words longer than three letters ("Tuesdays" matches "Tuesday", "lessons"
// matches "lesson"). Observations are short, rewritten sentences, so a word set says
// more than shingles of word order would: "every Tuesday at 5 pm" and "on Tuesdays at
// 5 pm" are the same fact.

// stopWords carry no content of their own.
var stopWords = map[string]bool{}

func init() {
	for _, w := range strings.Fields(`a an the and or but so of to in on at by for from with as is are was were
		be been being has have had it its this that these those their there then than also every each very`) {
		stopWords[w] = true
	}
}

// wordsOf splits a text into lower-cased runs of letters and digits.
func wordsOf(text string) []string {
	return strings.FieldsFunc(strings.ToLower(text), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	})
}

// contentWords is the set of a text's content words.
func contentWords(text string) map[string]bool {
	out := map[string]bool{}
	for _, w := range wordsOf(text) {
		if stopWords[w] {
			continue
		}
		if len([]rune(w)) > 3 && strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") {
			w = strings.TrimSuffix(w, "s")
		}
		out[w] = true
	}
	return out
}

// similarity is the overlap of two texts' content words: shared words over the words of
// the shorter text (the overlap coefficient: 1 when one says nothing the other does
// not), 0 when either has none. duplicateThreshold is where it counts as a duplicate.
func similarity(a, b string) float64 {
	wa, wb := contentWords(a), contentWords(b)
	if len(wa) == 0 || len(wb) == 0 {
		return 0
	}
	shared := 0
	for w := range wa {
		if wb[w] {
			shared++
		}
	}
	return float64(shared) / float64(min(len(wa), len(wb)))
}
