package hindsighttest

import (
	"strings"
	"unicode"
)

// stopWords are dropped before indexing and querying. The list is short on purpose:
// it removes the words that carry no topic ("what", "did", "the") so that question
// phrasing does not dominate lexical scores, and nothing else.
var stopWords = map[string]bool{
	"a": true, "about": true, "after": true, "all": true, "also": true, "am": true, "an": true,
	"and": true, "any": true, "are": true, "as": true, "at": true, "be": true, "been": true,
	"before": true, "being": true, "but": true, "by": true, "can": true, "could": true,
	"did": true, "do": true, "does": true, "doing": true, "for": true, "from": true, "had": true,
	"has": true, "have": true, "having": true, "he": true, "her": true, "here": true, "hers": true,
	"him": true, "his": true, "how": true, "i": true, "if": true, "in": true, "into": true,
	"is": true, "it": true, "its": true, "just": true, "me": true, "more": true, "my": true,
	"no": true, "not": true, "of": true, "on": true, "or": true, "our": true, "ours": true,
	"she": true, "should": true, "so": true, "some": true, "than": true, "that": true,
	"the": true, "their": true, "them": true, "then": true, "there": true, "these": true,
	"they": true, "this": true, "those": true, "to": true, "too": true, "us": true, "very": true,
	"was": true, "we": true, "were": true, "what": true, "when": true, "where": true,
	"which": true, "who": true, "whom": true, "why": true, "will": true, "with": true,
	"would": true, "you": true, "your": true, "yours": true, "s": true, "t": true, "tell": true, "know": true,
}

// hasWordChar reports whether the query survives the real server's normalisation
// (lower-case, punctuation to spaces, split): any letter, digit or underscore does.
func hasWordChar(s string) bool {
	for _, r := range s {
		if r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r) {
			return true
		}
	}
	return false
}

// splitWords lower-cases s and splits it into runs of letters and digits.
func splitWords(s string) []string {
	return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	})
}

// analyze turns text into index terms: lower-cased words without stop words, stemmed.
// The same function serves documents and queries, so both sides agree on every term.
func analyze(text string) []string {
	return analyzeWords(splitWords(text))
}

// analyzeWords is analyze over words already split, leaving words as they are.
func analyzeWords(words []string) []string {
	out := make([]string, 0, len(words))
	for _, w := range words {
		if stopWords[w] {
			continue
		}
		out = append(out, stem(w))
	}
	return out
}

// stem strips the common English inflections (plural, -ing, -ed) so that "meetings"
// and "meeting" share a term. It is deliberately light: a wrong conflation costs more
// than a missed one in tests that reason about which memory should match.
func stem(w string) string {
	if len(w) <= 3 || !isASCIILower(w) {
		return w
	}
	switch {
	case strings.HasSuffix(w, "ies") && len(w) > 4:
		return w[:len(w)-3] + "y"
	case strings.HasSuffix(w, "sses"):
		return w[:len(w)-2]
	case strings.HasSuffix(w, "ing") && len(w) > 5 && hasVowel(w[:len(w)-3]):
		return undouble(w[:len(w)-3])
	case strings.HasSuffix(w, "ed") && len(w) > 4 && hasVowel(w[:len(w)-2]):
		return undouble(w[:len(w)-2])
	case strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") &&
		!strings.HasSuffix(w, "us") && !strings.HasSuffix(w, "is"):
		return w[:len(w)-1]
	}
	return w
}

// undouble turns "runn" (from "running") back into "run", but leaves "call" and "miss".
func undouble(w string) string {
	n := len(w)
	if n >= 4 && w[n-1] == w[n-2] && !strings.ContainsRune("lszaeiou", rune(w[n-1])) {
		return w[:n-1]
	}
	return w
}

func hasVowel(w string) bool {
	return strings.ContainsAny(w, "aeiouy")
}

func isASCIILower(w string) bool {
	for i := 0; i < len(w); i++ {
		if w[i] < 'a' || w[i] > 'z' {
			return false
		}
	}
	return true
}

// partialSimilarity is how much two different terms count as the same word for the
// semantic stand-in: a shared stem-like prefix ("deploy"/"deployment") counts half.
func partialSimilarity(a, b string) float64 {
	if a == b {
		return 1
	}
	short, long := a, b
	if len(short) > len(long) {
		short, long = long, short
	}
	if len(short) >= 4 && strings.HasPrefix(long, short) {
		return 0.5
	}
	if commonPrefixLen(a, b) >= 6 {
		return 0.5
	}
	return 0
}

func commonPrefixLen(a, b string) int {
	n := min(len(a), len(b))
	for i := 0; i < n; i++ {
		if a[i] != b[i] {
			return i
		}
	}
	return n
}
