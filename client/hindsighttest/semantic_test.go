package hindsighttest

import (
	"slices"
	"testing"
	"time"
)

// semanticIndexOf indexes texts as one bank's memories.
func semanticIndexOf(texts ...string) *searchIndex {
	b := &bank{memories: map[string]*memory{}}
	for i, text := range texts {
		id := string(rune('a' + i))
		b.memories[id] = &memory{id: id, text: text, factType: "world"}
		b.memoryOrder = append(b.memoryOrder, id)
	}
	return buildSearchIndex(b)
}

func TestSemanticRelatesWordForms(t *testing.T) {
	ix := semanticIndexOf("The deployment failed.", "The deploy failed.", "Lunch was good.")
	sem, _ := ix.sem.scores(ix.sem.query("deployment"))
	if v := sem.val; len(sem.hit) != 2 || v[1] <= defaultSemanticFloor || v[0] <= v[1] || v[0] > 1 {
		t.Errorf("semantic = %v, want both forms above the floor, the exact one higher, lunch untouched", v)
	}
}

func TestSemanticRelatesConceptsWithoutSharedWords(t *testing.T) {
	ix := semanticIndexOf(
		"Alex flies to Tokyo on November 12.",
		"Biscuit is a four-year-old corgi who gets anxious during fireworks.",
		"The quarterly budget review found a rounding error in the invoices.",
	)
	query := "Which trips are coming up?"
	for _, term := range analyze(query) {
		if slices.Contains(analyze(ix.docs[0].text), term) {
			t.Fatalf("test premise: %q shares %q with the query", ix.docs[0].text, term)
		}
	}
	sem, _ := ix.sem.scores(ix.sem.query(query))
	if sem.val[0] < defaultSemanticFloor {
		t.Errorf("the flight scores %.3f, want at least the %.1f floor", sem.val[0], defaultSemanticFloor)
	}
	if sem.val[1] != 0 {
		t.Errorf("the corgi scores %.3f, want nothing in common", sem.val[1])
	}
	if sem.val[2] >= defaultSemanticFloor {
		t.Errorf("the budget review scores %.3f; it has nothing to do with travel or plans", sem.val[2])
	}
	kw, _ := ix.keywordScores(uniqueTerms(query))
	if len(kw.hit) != 0 {
		t.Errorf("BM25 must stay lexical, got hits %v", kw.hit)
	}
}

func TestSemanticNumbersAreWholeTokens(t *testing.T) {
	ix := semanticIndexOf("Revenue grew in 2024.", "Revenue grew in 2023.")
	sem, _ := ix.sem.scores(ix.sem.query("2023"))
	if sem.val[0] != 0 || sem.val[1] <= 0 {
		t.Errorf("semantic = %v: 2023 should match itself only", sem.val)
	}
}

func TestSemanticPhrasesAndFillers(t *testing.T) {
	if got, want := semanticTerms("Which trips are coming up? Rather soon, I hope"), []string{"trip", "upcom", "soon", "hope"}; !slices.Equal(got, want) {
		t.Errorf("semanticTerms = %q, want %q", got, want)
	}
	if got := termConcepts["fly"]; len(got) == 0 || !slices.Equal(got, termConcepts["trip"][:1]) {
		t.Errorf("fly and trip should share the travel concept: %v %v", got, termConcepts["trip"])
	}
}

// The demo's travel question reaches the Tokyo flight through the semantic lane only.
func TestSemanticLaneFindsParaphraseInDemo(t *testing.T) {
	s := NewServer(WithDemoSeed(), WithClock(func() time.Time { return testEpoch }))
	defer s.Close()
	res := post(t, s, "/v1/default/banks/user-alex-prefs/memories/recall", map[string]any{"query": "Which trips are coming up?", "trace": true})
	var out wireRecall
	mustUnmarshal(t, res.body, &out)
	tr := decodeTrace(t, res.body)
	var id string
	for _, r := range out.Results {
		if r.Text == "Alex flies Seattle to Tokyo Narita on November 12, 2026, on JL 67 booked through Alaska Airlines, in aisle seat 24C." {
			id = r.ID
			if r.Scores.Semantic == nil || *r.Scores.Semantic < defaultSemanticFloor || r.Scores.Keyword != nil {
				t.Errorf("scores = %+v, want a semantic score over the floor and no keyword score", r.Scores)
			}
		}
	}
	if id == "" {
		t.Fatalf("the Tokyo flight was not recalled: %q", texts(out.Results))
	}
	lanes := tr.lanesWith(id)
	if len(lanes) == 0 || lanes[0].MethodName != "semantic" {
		t.Errorf("lanes with the flight: %+v", lanes)
	}
}
