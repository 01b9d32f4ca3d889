package hindsighttest

import "testing"

func TestLikeMatch(t *testing.T) {
	tests := []struct {
		s, pattern string
		want       bool
	}{
		{"Alice Chen", "alice chen", true},
		{"Alice Chen", "%CHEN", true},
		{"Alice Chen", "a_ice%", true},
		{"Alice Chen", "alice", false}, // anchored
		{"100% sure", `100\% sure`, true},
		{"1000 sure", `100\% sure`, false},
		{"team:platform", "team:%", true},
		{"Ünïcode", "ünï%", true},
		{"", "%", true},
	}
	for _, tc := range tests {
		if got := likeMatch(tc.s, tc.pattern); got != tc.want {
			t.Errorf("likeMatch(%q, %q) = %v", tc.s, tc.pattern, got)
		}
	}
	contains := []struct {
		s, q string
		want bool
	}{
		{"Alice prefers Postgres", "POSTGRES", true},
		{"Alice prefers Postgres", "pref_rs", true},
		{"Alice prefers Postgres", "prefers%gres", true},
		{"Ärger im Büro", "BÜRO", true},
		{"Alice", "bob", false},
	}
	for _, tc := range contains {
		if got := containsLike(tc.s, tc.q); got != tc.want {
			t.Errorf("containsLike(%q, %q) = %v", tc.s, tc.q, got)
		}
	}
}
