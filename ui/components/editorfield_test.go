package components

import (
	"context"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"hindsight-tui/ui/uitest"
)

// newEditorForm is a form of a multi-line note over a one-line name; submitting
// records the note.
func newEditorForm(t *testing.T, w, h int) (*uitest.Host, *Form, *EditorField, *string) {
	c := testCommon(t)
	note := NewEditorField(c, "Note", "what happened", 6, "note")
	name := NewTextField(c, "Name", "", "name")
	sent := new(string)
	submit := func() (Request, error) {
		v := note.Value()
		return func(context.Context) (tea.Cmd, error) { *sent = v; return nil, nil }, nil
	}
	f := NewForm(c, "Test", "test op", "save", submit, note, name)
	host := uitest.NewHost(t, c)
	host.Open(f)
	f.SetSize(w, h)
	return host, f, note, sent
}

// TestEditorFieldKeys: enter starts a new line and ctrl+s submits; up and down move
// through the text and leave the field only from its first or last row; the help line
// follows the focused field.
func TestEditorFieldKeys(t *testing.T) {
	h, f, note, sent := newEditorForm(t, 120, 40)
	if help := strings.Join(f.Help(), " · "); help != "ctrl+s save · enter new line · tab field · esc cancel" {
		t.Errorf("help in the editor: %q", help)
	}
	h.Type("first")
	h.Keys("enter")
	h.Type("second")
	if note.Value() != "first\nsecond" || f.Closed() {
		t.Fatalf("enter: %q, closed %v", note.Value(), f.Closed())
	}
	// focusAfter presses key and fails, saying what, unless field want then has the focus.
	focusAfter := func(key string, want int, what string) {
		t.Helper()
		h.Keys(key)
		if f.Focused() != want {
			t.Fatalf("%s: focus %d", what, f.Focused())
		}
	}
	focusAfter("up", 0, "up on the second line left the field")
	focusAfter("up", 1, "up on the first row")
	if help := strings.Join(f.Help(), " · "); help != "enter save · tab field · esc cancel" {
		t.Errorf("help in a one-line field: %q", help)
	}
	focusAfter("down", 0, "down from the name") // wraps around to the note, its cursor where it was
	focusAfter("down", 0, "down on the first line left the field")
	focusAfter("down", 1, "down on the last row")
	h.Keys("shift+tab", "ctrl+z")
	if note.Value() != "first\n" {
		t.Fatalf("undo left %q", note.Value())
	}
	h.Keys("ctrl+y")
	h.Keys("ctrl+s")
	if !f.Closed() || *sent != "first\nsecond" {
		t.Fatalf("ctrl+s: closed %v, sent %q", f.Closed(), *sent)
	}
}

// TestEditorFieldGrows with its text up to its rows, and within the screen's room:
// the form never outgrows a short screen, its help line included.
func TestEditorFieldGrows(t *testing.T) {
	h, f, note, _ := newEditorForm(t, 120, 40)
	rows := func() int { return note.ed.height }
	if rows() != 1 {
		t.Fatalf("an empty note takes %d rows", rows())
	}
	h.Type("a\nb\nc")
	if rows() != 3 {
		t.Fatalf("three lines take %d rows", rows())
	}
	h.Type("\nd\ne\nf\ng\nh")
	if rows() != 6 {
		t.Fatalf("eight lines take %d rows, want the field's 6", rows())
	}
	if v := uitest.Plain(note.View()); !strings.Contains(v, "  h") || strings.Contains(v, "› a") {
		t.Errorf("the view does not follow the cursor:\n%s", v)
	}
	for _, sz := range [][2]int{{60, 20}, {60, 14}, {40, 12}} {
		f.SetSize(sz[0], sz[1])
		view := uitest.Plain(uitest.View(t, f))
		if n := strings.Count(view, "\n") + 1; n > sz[1] {
			t.Errorf("%v: %d lines", sz, n)
		}
		if !strings.Contains(view, "esc cancel") {
			t.Errorf("%v: the help line was cut:\n%s", sz, view)
		}
	}
}

// TestEditorFieldPasteAndErrors: a paste keeps its lines, and its escape sequences
// become the placeholders the field shows (what is sent is what shows); typing clears
// the field's error.
func TestEditorFieldPasteAndErrors(t *testing.T) {
	h, _, note, _ := newEditorForm(t, 120, 40)
	h.Paste("one\r\ntwo \x1b[31mred\x1b[0m")
	if note.Value() != "one\ntwo ␛[31mred␛[0m" {
		t.Fatalf("paste: %q", note.Value())
	}
	note.SetError("too short")
	if !strings.Contains(uitest.Plain(note.View()), "✗ too short") {
		t.Fatalf("error not shown:\n%s", uitest.Plain(note.View()))
	}
	h.Keys("x")
	if note.Error() != "" {
		t.Error("typing kept the error")
	}
	if !note.Accepts("note") || note.Accepts("name") {
		t.Error("Accepts")
	}
}
