package reflect

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestParseTagGroups(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"", `null`},
		{"   ", `null`},
		{"user:alice", `[{"tags":["user:alice"]}]`},
		{"a | b", `[{"or":[{"tags":["a"]},{"tags":["b"]}]}]`},
		{"a & b", `[{"tags":["a"]},{"tags":["b"]}]`},
		{"a | b & !c", `[{"or":[{"tags":["a"]},{"and":[{"tags":["b"]},{"not":{"tags":["c"]}}]}]}]`},
		{"(a | b) & !c", `[{"or":[{"tags":["a"]},{"tags":["b"]}]},{"not":{"tags":["c"]}}]`},
		{"all[trip:tokyo, source:chat]", `[{"tags":["trip:tokyo","source:chat"],"match":"all"}]`},
		{"[a,b]", `[{"tags":["a","b"]}]`},
		{`exact["two words", "q\"uote"] | !!x`, `[{"or":[{"tags":["two words","q\"uote"],"match":"exact"},{"not":{"not":{"tags":["x"]}}}]}]`},
		{"!(a & b)", `[{"not":{"and":[{"tags":["a"]},{"tags":["b"]}]}}]`},
	} {
		gs, err := parseTagGroups(tc.in)
		if err != nil {
			t.Errorf("%q: %v", tc.in, err)
			continue
		}
		b, _ := json.Marshal(gs)
		if string(b) != tc.want {
			t.Errorf("%q:\n got %s\nwant %s", tc.in, b, tc.want)
		}
		// Written back, the groups read as the same groups.
		again, err := parseTagGroups(formatTagGroups(gs))
		b2, _ := json.Marshal(again)
		if err != nil || string(b2) != string(b) {
			t.Errorf("%q formats as %q, which reads as %s (%v)", tc.in, formatTagGroups(gs), b2, err)
		}
	}
}

func TestParseTagGroupsErrors(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"a |", "at character 4: the expression ends where a tag was expected"},
		{"(a | b", "at character 1: this ( is not closed"},
		{"a b", `at character 3: unexpected "b": join groups with & or |`},
		{"some[a]", `at character 1: "some" is not a match mode: use one of any, all, any_strict, all_strict, exact`},
		{"all[]", "at character 5: [ ] needs at least one tag"},
		{"all[a b]", `at character 7: expected , or ] after "a"`},
		{"all[a,", "at character 7: the [ is not closed"},
		{`"abc`, "at character 1: this quote is not closed"},
		{"a & )", `at character 5: expected a tag, found ")"`},
	} {
		_, err := parseTagGroups(tc.in)
		if err == nil || err.Error() != tc.want {
			t.Errorf("%q: got %v, want %q", tc.in, err, tc.want)
		}
	}
	if !strings.Contains(tagGroupSyntax, "mode[tag, tag]") {
		t.Error("the syntax reminder lost the leaf form")
	}
}
