package hindsighttest

import (
	"slices"
	"testing"
	"time"
)

func TestAnalyze(t *testing.T) {
	got := analyze("What did Alice say about the meetings she's running, and Bob's deployments?")
	want := []string{"alice", "say", "meeting", "run", "bob", "deployment"}
	if !slices.Equal(got, want) {
		t.Errorf("analyze = %q, want %q", got, want)
	}
	for word, stemmed := range map[string]string{
		"stories": "story", "classes": "class", "status": "status", "spring": "spring",
		"called": "call", "stopped": "stop", "analysis": "analysis", "émigrés": "émigrés",
	} {
		if got := stem(word); got != stemmed {
			t.Errorf("stem(%q) = %q, want %q", word, got, stemmed)
		}
	}
}

func TestHasWordChar(t *testing.T) {
	for q, want := range map[string]bool{"  ": false, "?!.": false, "_": true, "日本": true, "a": true, "": false} {
		if got := hasWordChar(q); got != want {
			t.Errorf("hasWordChar(%q) = %v", q, got)
		}
	}
}

func TestBM25MatchesExactTermsOnly(t *testing.T) {
	b := &bank{memories: map[string]*memory{}}
	for i, text := range []string{"We deployed the service.", "The deployment failed.", "Lunch was good."} {
		id := string(rune('a' + i))
		b.memories[id] = &memory{id: id, text: text, factType: "world"}
		b.memoryOrder = append(b.memoryOrder, id)
	}
	ix := buildSearchIndex(b)
	kw, _ := ix.keywordScores(uniqueTerms("deployment"))
	if len(kw.hit) != 1 || kw.val[1] <= 0 {
		t.Errorf("BM25 should match the exact term only, got %v", kw.val)
	}
}

func TestExtractTimeWindow(t *testing.T) {
	anchor := time.Date(2024, 6, 15, 12, 0, 0, 0, time.UTC)
	day := func(y int, m time.Month, d int) time.Time { return time.Date(y, m, d, 0, 0, 0, 0, time.UTC) }
	tests := []struct {
		query string
		start time.Time
		ok    bool
	}{
		{"what happened yesterday", day(2024, 6, 14), true},
		{"notes from last week", day(2024, 6, 8), true},
		{"in March", day(2024, 3, 1), true},
		{"back in December", day(2023, 12, 1), true},
		{"what did we ship in 2022", day(2022, 1, 1), true},
		{"three days ago", day(2024, 6, 12), true},
		{"may I ask about Phoenix", time.Time{}, false},
		{"limit of 500 tokens", time.Time{}, false},
	}
	for _, tc := range tests {
		w, ok := extractTimeWindow(tc.query, anchor)
		if ok != tc.ok || (ok && !w.Start.Equal(tc.start)) {
			t.Errorf("%q: window %v..%v ok=%v, want start %v ok=%v", tc.query, w.Start, w.End, ok, tc.start, tc.ok)
		}
		if ok && w.End.Before(w.Start) {
			t.Errorf("%q: inverted window", tc.query)
		}
	}
}

func TestEstimateTokens(t *testing.T) {
	for text, want := range map[string]int{"": 0, "a": 1, "abcd": 1, "abcde": 2} {
		if got := estimateTokens(text); got != want {
			t.Errorf("estimateTokens(%q) = %d, want %d", text, got, want)
		}
	}
}
