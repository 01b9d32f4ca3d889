package hindsighttest

import "testing"

// likeCase is one string and pattern, and whether the matcher under test matches them.
type likeCase struct {
	s, pattern string
	want       bool
}

// checkLike runs the cases through the matcher fn, named name in failures.
func checkLike(t *testing.T, name string, fn func(s, pattern string) bool, cases []likeCase) {
	t.Helper()
	for _, tc := range cases {
		if got := fn(tc.s, tc.pattern); got != tc.want {
			t.Errorf("%s(%q, %q) = %v", name, tc.s, tc.pattern, got)
		}
	}
}

func TestLikeMatch(t *testing.T) {
	checkLike(t, "likeMatch", likeMatch, []likeCase{
		{"Alice Chen", "alice chen", true},
		{"Alice Chen", "%CHEN", true},
		{"Alice Chen", "a_ice%", true},
		{"Alice Chen", "alice", false}, // anchored
		{"100% sure", `100\% sure`, true},
		{"1000 sure", `100\% sure`, false},
		{"team:platform", "team:%", true},
		{"Ünïcode", "ünï%", true},
		{"", "%", true},
	})
	checkLike(t, "containsLike", containsLike, []likeCase{
		{"Alice prefers Postgres", "POSTGRES", true},
		{"Alice prefers Postgres", "pref_rs", true},
		{"Alice prefers Postgres", "prefers%gres", true},
		{"Ärger im Büro", "BÜRO", true},
		{"Alice", "bob", false},
	})
}
