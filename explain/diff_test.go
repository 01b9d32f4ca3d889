package explain_test

import (
	"reflect"
	"strings"
	"testing"

	"hindsight-tui/client"
	"hindsight-tui/explain"
)

func results(ids string) []client.RecallResult {
	var out []client.RecallResult
	for _, id := range strings.Fields(ids) {
		out = append(out, client.RecallResult{ID: id, Text: "text of " + id})
	}
	return out
}

func TestCompare(t *testing.T) {
	d := explain.Compare(results("a b c d"), results("a c x b"))
	want := explain.Diff{
		Entered: []explain.Move{{ID: "x", Text: "text of x", To: 3}},
		Left:    []explain.Move{{ID: "d", Text: "text of d", From: 4}},
		Moved:   []explain.Move{{ID: "c", Text: "text of c", From: 3, To: 2}, {ID: "b", Text: "text of b", From: 2, To: 4}},
		Same:    1,
	}
	if !reflect.DeepEqual(d, want) {
		t.Errorf("got  %+v\nwant %+v", d, want)
	}
	if s := d.Summary(); s != "1 entered, 1 left, 2 moved" {
		t.Errorf("summary %q", s)
	}
	if s := explain.Compare(results("a b"), results("a b")).Summary(); s != "nothing else moved" {
		t.Errorf("same lists: %q", s)
	}
	if d := explain.Compare(nil, results("a")); len(d.Entered) != 1 || len(d.Left) != 0 {
		t.Errorf("from nothing: %+v", d)
	}
	// A result the server repeats counts once, at its first rank.
	if d := explain.Compare(results("a a b"), results("b a")); len(d.Moved) != 2 || len(d.Left) != 0 {
		t.Errorf("duplicates: %+v", d)
	}
}

func TestMerge(t *testing.T) {
	got := explain.Merge(results("a b c d"), results("a c x b"))
	want := []explain.Move{
		{ID: "a", Text: "text of a", From: 1, To: 1},
		{ID: "c", Text: "text of c", From: 3, To: 2},
		{ID: "x", Text: "text of x", To: 3},
		{ID: "b", Text: "text of b", From: 2, To: 4},
		{ID: "d", Text: "text of d", From: 4},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got  %+v\nwant %+v", got, want)
	}
	var changes []string
	for _, mv := range got {
		changes = append(changes, mv.Change())
	}
	if s := strings.Join(changes, " "); s != "= ↑1 new ↓2 gone" {
		t.Errorf("changes %q", s)
	}
	if got := explain.Merge(results("a a b"), results("b b")); len(got) != 2 || got[0].From != 3 || got[1].Change() != "gone" {
		t.Errorf("duplicates: %+v", got)
	}
	if got := explain.Merge(nil, nil); len(got) != 0 {
		t.Errorf("nothing: %+v", got)
	}
}
