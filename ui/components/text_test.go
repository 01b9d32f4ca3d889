package components

import (
	"strings"
	"testing"
)

// TestWrapBreaksAtSpacesOnly: ids and dates are not split at their hyphens; a word
// wider than the line is still broken, and a non-breaking hyphen of the text's own
// comes back as it was.
func TestWrapBreaksAtSpacesOnly(t *testing.T) {
	id := "0a8e9a57-b8b7-59cf-9385-e0da0f683cf4"
	got := Wrap("memory "+id+" came from the trip (2026-11-06) chat", 40, 0)
	want := []string{"memory", id, "came from the trip (2026-11-06) chat"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("Wrap = %q", got)
	}
	if got := Wrap(id, 20, 0); len(got) != 2 || got[0]+got[1] != id {
		t.Errorf("a word wider than the line: %q", got)
	}
	if got := Wrap("a\u2011b c-d", 3, 0); strings.Join(got, "|") != "a\u2011b|c-d" {
		t.Errorf("own non-breaking hyphen: %q", got)
	}
}

// TestKeepHyphens: only hyphens inside words are kept from breaking; bullets and
// rules stay, and restore gives the text back.
func TestKeepHyphens(t *testing.T) {
	in := "- a list item (2026-12-01)\n---\nid a-b-c and x - y"
	kept, restore := KeepHyphens(in)
	if want := "- a list item (2026\u201112\u201101)\n---\nid a\u2011b\u2011c and x - y"; kept != want {
		t.Errorf("kept = %q", kept)
	}
	if restore(kept) != in {
		t.Errorf("restore = %q", restore(kept))
	}
}
