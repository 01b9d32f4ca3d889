package hindsighttest

import (
	"slices"
	"strings"
	"testing"
)

func TestSplitSentences(t *testing.T) {
	got := splitSentences("Dr. Ortiz met Alice at 3.30 p.m. today! Was it useful? Yes.\nNew line here")
	want := []string{"Dr. Ortiz met Alice at 3.30 p.m. today!", "Was it useful?", "Yes.", "New line here"}
	if !slices.Equal(got, want) {
		t.Errorf("got %q", got)
	}
}

func TestFactTypeOf(t *testing.T) {
	for s, want := range map[string]string{
		"I booked the flight.":            "experience",
		"We agreed on Friday.":            "experience",
		"The assistant suggested a diff.": "experience",
		"Ivan booked the flight.":         "world",
		"Alice thinks we should wait.":    "world",
	} {
		if got := factTypeOf(s); got != want {
			t.Errorf("%q: %s", s, got)
		}
	}
}

func TestExtractNames(t *testing.T) {
	skip := nonNameWords()
	known := func(w string) bool { return w == "Alice" }
	tests := []struct{ sentence, want string }{
		{"Alice Chen moved the launch to Friday.", "Alice Chen"},
		{"Yesterday Bob met Acme Corp's CTO in Berlin.", "Bob,Acme Corp,CTO,Berlin"},
		{"Deploying on Mondays worries Priya.", "Priya"}, // sentence-initial word not known
		{"Alice prefers Postgres.", "Alice,Postgres"},    // known sentence-initial name
		{"The team uses \"Grafana\" (v11).", "Grafana"},  // quotes and parentheses
		{"In March, the Data Platform team shipped.", "Data Platform"},
	}
	for _, tc := range tests {
		if got := strings.Join(extractNames(tc.sentence, skip, known), ","); got != tc.want {
			t.Errorf("%q: got %q, want %q", tc.sentence, got, tc.want)
		}
	}
}

func TestChunkText(t *testing.T) {
	text := strings.Repeat("a", 40) + "\n\n" + strings.Repeat("b", 40) + "\n\n" + strings.Repeat("c. ", 30)
	chunks := chunkText(text, 50)
	if len(chunks) < 3 {
		t.Fatalf("chunks %q", chunks)
	}
	for _, c := range chunks {
		if len(c) > 50 {
			t.Errorf("chunk longer than the limit: %d", len(c))
		}
	}
	if got := chunkText("one\n\ntwo", 3000); !slices.Equal(got, []string{"one\n\ntwo"}) {
		t.Errorf("paragraphs pack together: %q", got)
	}
}
