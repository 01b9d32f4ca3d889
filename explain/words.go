package explain

import (
	"slices"
	"strings"
	"unicode"
)

// When no lane found a memory and no parameter can help, the explainer says what the
// query lacks: the memory's words and entities it does not mention. The comparison is
// deliberately plain (lower-cased words, stop words dropped, a trailing plural s
// ignored) so that a person can check it by reading both sentences.

// stopWords carry no topic ("what", "did", "the"); read only.
var stopWords = func() map[string]bool {
	set := map[string]bool{}
	for _, w := range strings.Fields(`a about after all also am an and any are as at be been before being but by
		can could did do does doing for from had has have having he her here hers him his how i if in into is it
		its just me more my no not of on or our ours she should so some than that the their them then there these
		they this those to too us very was we were what when where which who whom why will with would you your
		yours s t tell know`) {
		set[w] = true
	}
	return set
}()

// contentWords are text's words that carry a topic, in order of first appearance.
func contentWords(text string) []string {
	var out []string
	for _, w := range strings.FieldsFunc(strings.ToLower(text), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	}) {
		if stopWords[w] || len(w) < 2 {
			continue
		}
		if k := wordKey(w); !slices.ContainsFunc(out, func(o string) bool { return wordKey(o) == k }) {
			out = append(out, w)
		}
	}
	return out
}

// wordKey folds a plural onto its singular ("trips" and "trip").
func wordKey(w string) string {
	if len(w) > 3 && strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") {
		return w[:len(w)-1]
	}
	return w
}

// overlap compares a memory with a query: the memory's words the query shares, the
// ones it lacks, and the memory's entities the query does not name.
type overlap struct {
	queryWords, shared, lacking    []string
	entitiesNamed, entitiesLacking []string
}

func compareWords(query, memoryText string, entities []string) overlap {
	o := overlap{queryWords: contentWords(query)}
	qk := map[string]bool{}
	for _, w := range o.queryWords {
		qk[wordKey(w)] = true
	}
	for _, w := range contentWords(memoryText) {
		if qk[wordKey(w)] {
			o.shared = append(o.shared, w)
		} else {
			o.lacking = append(o.lacking, w)
		}
	}
	for _, e := range entities {
		if namesEntity(qk, e) {
			o.entitiesNamed = append(o.entitiesNamed, e)
		} else {
			o.entitiesLacking = append(o.entitiesLacking, e)
		}
	}
	return o
}

// namesEntity: the query names an entity when it has any of the name's words ("Priya"
// names "Priya Nair").
func namesEntity(queryKeys map[string]bool, entity string) bool {
	return slices.ContainsFunc(contentWords(entity), func(w string) bool { return queryKeys[wordKey(w)] })
}

// firstN joins at most n words, with an ellipsis when there are more.
func firstN(words []string, n int) string {
	if len(words) <= n {
		return strings.Join(words, ", ")
	}
	return strings.Join(words[:n], ", ") + ", …"
}
