package components

import (
	"context"
	"slices"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"hindsight-tui/ui/uitest"
)

// In a form, a tag field completes from the bank's tags; while a tag is typed, enter
// and tab make it a chip instead of submitting or moving on; with nothing typed they
// are the form's again, and a tag still typed at submission is kept.
func TestTagFieldInAForm(t *testing.T) {
	c := demoCommon(t)
	tags := NewTagField(c, "Tags", "user-alex-prefs", []string{"kept"}, "tags")
	name := NewTextField(c, "Name", "", "name")
	var saved []string
	submit := func() (Request, error) {
		saved = tags.Value()
		return func(context.Context) (tea.Cmd, error) { return nil, nil }, nil
	}
	f := NewForm(c, "Test", "test op", "save", submit, tags, name)
	h := uitest.NewHost(t, c)
	h.Open(f)
	h.Type("tok")
	if v := uitest.Plain(f.View()); !strings.Contains(v, "trip:tokyo-2026") {
		t.Fatalf("no completion from the bank's tags:\n%s", v)
	}
	h.Keys("enter")
	if f.Closed() || !slices.Equal(tags.Value(), []string{"kept", "trip:tokyo-2026"}) {
		t.Fatalf("enter with a tag typed: closed %v, tags %q", f.Closed(), tags.Value())
	}
	h.Type("new")
	h.Keys("tab")
	if f.Focused() != 0 || !slices.Equal(tags.Value(), []string{"kept", "trip:tokyo-2026", "new"}) {
		t.Fatalf("tab with a tag typed: focus %d, tags %q", f.Focused(), tags.Value())
	}
	h.Keys("tab")
	if f.Focused() != 1 {
		t.Fatalf("tab with nothing typed stayed in the field")
	}
	h.Keys("shift+tab")
	h.Type("late")
	h.Keys("ctrl+s")
	if !f.Closed() || !slices.Equal(saved, []string{"kept", "trip:tokyo-2026", "new", "late"}) {
		t.Fatalf("submitted %q (closed %v)", saved, f.Closed())
	}
}
