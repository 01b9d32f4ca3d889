package health

import (
	"strings"
	"testing"
)

func TestObservationScopes(t *testing.T) {
	c := check(t, nil, "chat-sessions", ObservationScopes, Options{})
	want(t, c, Warn, "42 scopes, 40 of them holding a single observation", `one text is learned in 38 scopes: "Léa wants every measurement`)
	if len(c.Evidence.Scopes) != 42 || len(c.Evidence.Copies) != 1 || c.Evidence.Copies[0].Scopes != 38 {
		t.Errorf("evidence: %d scopes, copies %+v", len(c.Evidence.Scopes), c.Evidence.Copies)
	}
	want(t, check(t, nil, "garden-planner", ObservationScopes, Options{}), OK, "1 scope; the largest holds 4 observations")
	want(t, check(t, nil, "scratch", ObservationScopes, Options{}), OK, "no observations yet")
}

func TestDuplicateObservations(t *testing.T) {
	c := check(t, nil, "family-assistant", DuplicateObservations, Options{})
	want(t, c, Warn, "3 near-duplicate pairs (6 observations checked)")
	var got []string
	for _, p := range c.Evidence.Duplicates {
		a, b := p.A.Text, p.B.Text
		if a > b {
			a, b = b, a
		}
		got = append(got, a+" ≈ "+b)
		if p.Similarity < duplicateThreshold || p.A.Tags != nil && strings.Join(p.A.Tags, ",") != strings.Join(p.B.Tags, ",") {
			t.Errorf("pair below the threshold or across scopes: %+v", p)
		}
	}
	wantPairs := []string{
		"Maya is allergic to peanuts and carries an EpiPen. ≈ Maya is allergic to peanuts.",
		"Maya is allergic to peanuts, so snacks must be nut-free. ≈ Maya is allergic to peanuts.",
		"Noah has swimming lessons every Tuesday at 5 pm. ≈ Noah has swimming lessons on Tuesdays at 5 pm.",
	}
	for _, w := range wantPairs {
		if !strings.Contains(strings.Join(got, "\n"), w) {
			t.Errorf("missing pair %q in:\n%s", w, strings.Join(got, "\n"))
		}
	}
	want(t, check(t, nil, "garden-planner", DuplicateObservations, Options{}), OK, "no near-duplicate observations; 4 observations checked")
	// 38 copies of one rule, each in its own session's scope: that is the scope
	// explosion's finding, not duplicates consolidation failed to merge.
	want(t, check(t, nil, "chat-sessions", DuplicateObservations, Options{}), OK, "45 observations checked")
}

func TestSimilarity(t *testing.T) {
	tests := []struct {
		a, b string
		want float64
	}{
		{"Noah has swimming lessons every Tuesday at 5 pm.", "Noah has swimming lessons on Tuesdays at 5 pm.", 1},
		{"Maya is allergic to peanuts.", "Maya is allergic to peanuts, so snacks must be nut-free.", 1},
		{"Maya is allergic to peanuts and carries an EpiPen.", "Maya is allergic to peanuts, so snacks must be nut-free.", 0.6},
		{"Léa is vegetarian.", "Léa's knee rules out steep descents.", 0.5},
		{"The glass is cracked.", "The grass is cut.", 0},
		{"", "anything", 0},
		{"the and of", "the and of", 0},
	}
	for _, tt := range tests {
		if got := similarity(tt.a, tt.b); got != tt.want {
			t.Errorf("similarity(%q, %q) = %.2f, want %.2f", tt.a, tt.b, got, tt.want)
		}
	}
}
