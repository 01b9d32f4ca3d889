package keymap

import "testing"

// Every editor binding is documented, and every one is live at once while the editor
// has focus.
func TestEditorKeyMap(t *testing.T) {
	km := DefaultEditorKeyMap()
	editor := group{"Editor", bindings(km)}
	checkDocumented(t, editor)
	checkNoCollisions(t, editor)
	if len(editor.keys) != 21 {
		t.Errorf("%d bindings; a new field needs a default here", len(editor.keys))
	}
	other := DefaultEditorKeyMap()
	other.Undo.SetEnabled(false)
	if !km.Undo.Enabled() {
		t.Error("disabling a binding in one editor keymap changed another")
	}
}

// TestEditorFullHelp lists every binding once, and leaves out what a host took.
func TestEditorFullHelp(t *testing.T) {
	km := DefaultEditorKeyMap()
	n := 0
	for _, g := range km.FullHelp() {
		n += len(g)
	}
	if n != len(bindings(km)) {
		t.Errorf("help lists %d of %d bindings", n, len(bindings(km)))
	}
	// A host whose chords come first: ctrl+e and ctrl+b leave their bindings, and a
	// binding left with no key leaves the help.
	taken := DefaultEditorKeyMap()
	taken.Undo.SetKeys("ctrl+e", "ctrl+b", "ctrl+z")
	own := km.Without(taken.Undo)
	if got := own.LineEnd.Keys(); len(got) != 1 || got[0] != "end" {
		t.Errorf("line end keys %v", got)
	}
	if got := own.CharacterBackward.Keys(); len(got) != 1 || got[0] != "left" {
		t.Errorf("character backward keys %v", got)
	}
	if own.Undo.Enabled() {
		t.Error("undo has no key left but is enabled")
	}
	for _, g := range own.FullHelp() {
		for _, b := range g {
			if b.Help().Desc == "undo" {
				t.Error("help lists undo without a key")
			}
		}
	}
	if len(km.LineEnd.Keys()) != 2 || !km.Undo.Enabled() {
		t.Error("Without changed the map it was called on")
	}
}

// TestKeyMapHasTheEditor: the app's key map carries the editor's defaults.
func TestKeyMapHasTheEditor(t *testing.T) {
	if got := Default().Editor.InsertNewline.Keys(); len(got) == 0 || got[0] != "enter" {
		t.Errorf("editor new line keys %v", got)
	}
}
